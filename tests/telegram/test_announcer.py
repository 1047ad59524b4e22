"""The announcer (``tochki_bot.telegram.delivery.announcer``) through the bot: who sees a game and what they get,
only the newest board keeps its buttons, answered questions say so, spectators hear the end.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from tests.support.games import ANNA, BORIS, GROUP, STRANGER, asked, caption, open_group_game, users, watch_link
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.services import Person
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_buttons_left_on_old_boards_are_taken_off_by_the_clock(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    # Taking the buttons off the older boards fails for a while (in a fast game, a group's budget goes to boards).
    fake.fail("editMessageReplyMarkup", 400, "Bad Request: something odd", times=100)
    for n in range(6):
        await bot.say(GROUP, (anna, boris)[n % 2], f"/m {3 + n}-3")
    boards = [c.result["message_id"] for c in fake.sent("sendPhoto", GROUP)]
    assert sum(1 for b in boards if bot.buttons(GROUP, b)) > 1
    fake.failures.clear()
    bot.clock.advance(60)
    await bot.tick()
    assert [b for b in boards if bot.buttons(GROUP, b)] == boards[-1:]
    assert await bot.services.messages.superseded() == []


async def test_two_announcements_of_one_game_end_with_the_newer_board_live(bot: Bot) -> None:
    """Found by a second look at the reliability work; it failed (or could fail) before its fix."""
    fake = bot.fake
    await open_group_game(bot)
    fake.latency = 0.01
    one = await bot.services.play.move(1, Person(ANNA, "Анна"), 5, 5)
    two = await bot.services.play.move(1, Person(BORIS, "Boris"), 6, 6)
    announcer = bot.front.announcer
    await asyncio.gather(announcer.announce(two), announcer.announce(one))  # the older one arrives last
    await bot.settle()
    boards = [c for c in fake.sent("sendPhoto", GROUP) if "Ход" in c.params["caption"]]
    newest = boards[-1]
    assert "Ход 2: 6-6" in newest.params["caption"]  # the older position is not posted after the newer
    last_id = newest.result["message_id"]
    assert bot.buttons(GROUP, last_id)  # the newest board keeps its buttons
    for board in boards[:-1]:
        assert not bot.buttons(GROUP, board.result["message_id"]), "an older board still has buttons"


async def test_the_previous_board_loses_its_buttons_and_answered_questions_say_so(bot: Bot) -> None:
    """Exposed by real play ("players first": a clean group); it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    boards = []
    for mover, move in [(anna, "5-5"), (boris, "6-6"), (anna, "7-7")]:
        await bot.say(GROUP, mover, f"/m {move}")
        boards.append(bot.last_board(GROUP)["message_id"])
    photos = fake.sent("sendPhoto", GROUP)
    assert len(photos) == 4  # exactly one new message per move (and the first board)
    live = [
        m
        for (chat, m), message in fake.messages.items()
        if chat == GROUP and message.get("photo") and message.get("reply_markup")
    ]
    assert live == [boards[-1]]  # only the newest board has buttons

    # A draw offer stands through the offerer's own move, and lapses when the opponent moves instead of answering;
    # the offer then says so and its buttons go.
    # In a group the offer lives on the latest board (a caption line and its two buttons).
    def draw_buttons(board: int) -> list[str]:
        return [b["text"] for row in bot.buttons(GROUP, board) for b in row if b["callback_data"].startswith("D:")]

    await bot.say(GROUP, boris, "/draw")
    offer = bot.last_board(GROUP)["message_id"]
    assert draw_buttons(offer)
    await bot.say(GROUP, boris, "/m 8-8")
    newer = bot.last_board(GROUP)["message_id"]
    assert draw_buttons(newer) and (await bot.game(1)).draw_offer == "red"
    assert bot.buttons(GROUP, offer) == []  # the older board's buttons went
    await bot.say(GROUP, anna, "/m 9-9")
    assert draw_buttons(bot.last_board(GROUP)["message_id"]) == [] and bot.buttons(GROUP, newer) == []
    assert (await bot.game(1)).draw_offer is None
    # A confirmation outstanding when the game ends loses its buttons too. Both live on the latest board, each with
    # its own line and buttons.
    await bot.say(GROUP, anna, "/resign")
    await bot.say(GROUP, boris, "/resign")
    board, text = asked(bot, GROUP)
    assert text.count("Сдаться в игре №1?") == 2
    ply = (await bot.game(1)).ply
    await bot.press(GROUP, board, boris, cb.Resign(1, ply, BORIS, True).encode())
    assert bot.buttons(GROUP, board) == [] and "Сдаться" not in caption(bot, GROUP)
    assert not any(
        message.get("reply_markup") and "RM:" not in json.dumps(message["reply_markup"])
        for (chat, _), message in fake.messages.items()
        if chat == GROUP
    )  # a finished game leaves no buttons behind (but 🔁 Rematch under its final board)


async def test_a_followed_game_that_ends_tells_the_spectator(bot: Bot) -> None:
    """Exposed by real play ("players first": a clean group); it failed before its fix."""
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    note = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, anna, "/resign")
    confirm = bot.last_board(GROUP)["message_id"]  # on the latest board
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Да"))
    assert "Game over" in caption(bot, STRANGER)
    assert fake.messages[(STRANGER, note)]["text"] == "Game #1 is over; you no longer follow it."
    assert await bot.db.follows.of_game(1) == []
