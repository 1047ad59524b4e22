"""Which game a request is about (``tochki_bot.services.finder``), through the bot: a reply to an old game's
board, to a board the bot could not remember, a private game named in a group.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from tests.support.faults import fail_once
from tests.support.games import ANNA, CLARA, GROUP, clara, open_group_game, private_game, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_reply_to_an_old_games_board_plays_in_the_game_going_on(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    old_board = bot.last_board(GROUP)["message_id"]
    await bot.say(GROUP, anna, "/cancel")
    await open_group_game(bot)
    await bot.say(GROUP, anna, "5-5", reply_to=old_board)
    assert (await bot.game(2)).ply == 1


async def test_a_reply_to_a_board_the_bot_could_not_remember_still_finds_its_game(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": a write that may have
    succeeded is never reported as failed); it failed before its fix."""

    from tests.support.games import private_game

    fake = bot.fake
    anna, boris, _ = users(fake)
    first = await private_game(bot, anna, boris)
    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    await bot.press(ANNA, lobby["message_id"], anna, bot.button(ANNA, lobby["message_id"], "Я 🔵"))
    link = re.search(r"start=(g[\w-]+)", fake.messages[(ANNA, lobby["message_id"])]["text"])
    assert link is not None
    fail_once(bot, monkeypatch, "INSERT INTO messages", after=False)
    await bot.say(CLARA, clara(fake), f"/start {link.group(1)}")  # the first boards of game 2 are not remembered
    second = first + 1
    board = fake.last("sendPhoto", ANNA).result["message_id"]
    assert await bot.db.messages.get(ANNA, board) is None
    await bot.say(ANNA, anna, "6-6", reply_to=board)  # two games wait for Anna: the reply says which
    assert (await bot.game(second)).ply == 1 and (await bot.game(first)).ply == 0


async def test_a_private_game_cannot_be_shown_in_a_group(bot: Bot) -> None:
    """Found by a second look at the reliability work; it failed (or could fail) before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    game = await private_game(bot, anna, boris)
    photos = len(fake.sent("sendPhoto", GROUP))
    for text in (f"/board {game}", f"/sgf {game}", f"/png {game}"):
        await bot.say(GROUP, anna, text)
    assert len(fake.sent("sendPhoto", GROUP)) == photos
    assert not fake.sent("sendDocument", GROUP)
    assert fake.texts(GROUP) == [f"Игра №{game} здесь недоступна."] * 3
