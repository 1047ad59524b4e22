"""Moves and boards through the bot (``tochki_bot.telegram.play``): ``/m``, plain ``x-y`` and what is not a
move, replies to a board, the move buttons (and forged ones), ``/zoom``, "which game?", points' info.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.games import ANNA, BORIS, CLARA, GROUP, caption, clara, open_group_game, private_game, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_forged_button_on_a_message_that_is_not_its_board_is_refused(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    game = await private_game(bot, anna, boris)
    await bot.say(GROUP, anna, "/help")
    help_message = fake.last("sendMessage", GROUP).result["message_id"]
    for data in (cb.Play(game, 0, 3, 3), cb.Window(game, 0, 1, 1, True), cb.Pick("board", game)):
        await bot.press(GROUP, help_message, anna, data.encode())
        assert "out of date" in fake.answers()[-1] or "устарела" in fake.answers()[-1]
    assert (await bot.game(game)).ply == 0
    assert not fake.sent("editMessageMedia") and not fake.sent("sendPhoto", GROUP)


async def test_two_correspondence_games_are_named_addressed_and_asked_about(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    carla = clara(fake)
    first = await private_game(bot, anna, boris)  # Anna blue: her move
    second = await private_game(bot, anna, carla)  # Anna blue: her move there too
    # Every board names its game and the opponent.
    assert f"<b>№{first}</b> · соперник: Boris" in fake.sent("sendPhoto", ANNA)[0].params["caption"]
    assert f"<b>№{second}</b> · соперник: Clara" in caption(bot, ANNA)
    assert f"<b>#{second}</b> · vs Анна" in caption(bot, CLARA)

    # A plain move is ambiguous: Anna is asked which game, one button a game, and nothing is played yet.
    await bot.say(ANNA, anna, "6-6")
    question = fake.last("sendMessage", ANNA).result
    assert "В какой из них сходить 6-6?" in question["text"]
    labels = [row[0]["text"] for row in bot.buttons(ANNA, question["message_id"])]
    assert (
        len(labels) == 2 and any("соперник: Boris" in x for x in labels) and any("соперник: Clara" in x for x in labels)
    )
    assert (await bot.game(first)).ply == 0 and (await bot.game(second)).ply == 0
    await bot.press(ANNA, question["message_id"], anna, bot.button(ANNA, question["message_id"], "соперник: Clara"))
    assert (await bot.game(second)).ply == 1 and (await bot.game(first)).ply == 0
    assert fake.messages[(ANNA, question["message_id"])]["text"] == f"6-6 — в игре №{second}."
    assert "Move 1: 6-6" in caption(bot, CLARA)

    # Now only the game with Boris waits for Anna: a plain move goes there without asking.
    await bot.say(ANNA, anna, "7-7")
    assert (await bot.game(first)).ply == 1 and "7-7" in caption(bot, BORIS)

    # /m with a game number, /board with a number, a reply to a board: each addresses its game.
    await bot.say(CLARA, carla, "8-8")
    await bot.say(BORIS, boris, "9-9")
    await bot.say(ANNA, anna, f"/m {first} 10-10")
    assert (await bot.game(first)).ply == 3 and (await bot.game(second)).ply == 2
    await bot.say(ANNA, anna, f"/board {second}")
    assert f"<b>№{second}</b>" in caption(bot, ANNA) and "Ваш ход" in caption(bot, ANNA)
    board_with_clara = fake.last("sendPhoto", ANNA).result["message_id"]
    await bot.say(ANNA, anna, "11-11", reply_to=board_with_clara)
    assert (await bot.game(second)).ply == 3

    # /resign with two open games asks which; /resign 12 asks to confirm for that game only.
    await bot.say(ANNA, anna, "/resign")
    assert "Какая игра?" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, f"/resign {first}")
    latest = await bot.services.messages.latest_board(first, ANNA)  # the question lives on that game's latest board
    assert latest is not None and f"Сдаться в игре №{first}?" in fake.messages[(ANNA, latest.message_id)]["caption"]

    # /games lists both, with a button that shows each board.
    await bot.say(ANNA, anna, "/games")
    listing = fake.last("sendMessage", ANNA).result["message_id"]
    buttons = [row[0] for row in bot.buttons(ANNA, listing)]
    assert len(buttons) == 2
    shown = len(fake.sent("sendPhoto", ANNA))
    await bot.press(ANNA, listing, anna, next(b["callback_data"] for b in buttons if "Boris" in b["text"]))
    assert len(fake.sent("sendPhoto", ANNA)) == shown + 1 and f"<b>№{first}</b>" in caption(bot, ANNA)
    assert not bot.errors


async def test_group_chatter_is_never_a_move(where: Where) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
    bot = await Bot(where("b.db"), FakeTelegram(can_read_all_group_messages=True)).start()
    try:
        fake = bot.fake
        anna, boris, _ = users(fake)
        await open_group_game(bot)
        sent = len(fake.calls)
        for chatter in ("3:2", "2, 3", "1.5", "20x18", "3 : 2", "gg 3-3", "100-1"):
            await bot.say(GROUP, anna, chatter)  # Anna is to move, but none of these is a move
        await bot.say(GROUP, boris, "4-4")  # out of turn: silence, not "not your move"
        assert len(fake.calls) == sent and (await bot.game(1)).ply == 0
        await bot.say(GROUP, anna, "3 - 2")
        assert (await bot.game(1)).ply == 1
        await bot.say(GROUP, boris, "5 6")
        assert (await bot.game(1)).ply == 2
    finally:
        await bot.stop()


async def test_group_scores_are_not_moves(where: Where) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    bot = await Bot(where("b.db"), FakeTelegram(can_read_all_group_messages=True)).start()
    try:
        anna, _, _ = users(bot.fake)
        await open_group_game(bot)
        sent = len(bot.fake.calls)
        for score in ("1-0", "0-0", "21-0", "0 3"):
            await bot.say(GROUP, anna, score)
        assert len(bot.fake.calls) == sent and (await bot.game(1)).ply == 0
    finally:
        await bot.stop()


async def test_zoom_shows_the_window_large_on_the_board_and_on_demand(bot: Bot) -> None:
    """Exposed by real play ("players first": a board a phone can read); it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot, size="39x32")
    await bot.say(GROUP, anna, "/m 20-18")
    board = bot.last_board(GROUP)["message_id"]
    await bot.press(GROUP, board, users(fake)[1], bot.button(GROUP, board, "🔍"))
    zoomed = fake.last("editMessageMedia")
    from tests.support.games import png_of

    picture = png_of(zoomed)
    assert picture.size[0] <= 800 and picture.size[1] <= 800  # the 8x8 window drawn large, not the whole board
    assert any(b["text"] == "🗺" for b in bot.buttons(GROUP, board)[-1])
    await bot.press(GROUP, board, users(fake)[1], bot.button(GROUP, board, "🗺"))
    assert max(png_of(fake.last("editMessageMedia")).size) > 1000
    await bot.say(GROUP, anna, "/zoom 3-3")
    sent = fake.last("sendPhoto", GROUP)
    assert "x 1–8, y 1–8" in sent.params["caption"] and max(png_of(sent).size) <= 800
    await bot.say(GROUP, anna, "/zoom 99-99")
    assert "за пределами поля" in fake.texts(GROUP)[-1]


async def test_a_refusal_after_which_game_is_said(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    first = await private_game(bot, anna, boris)
    await private_game(bot, anna, clara(fake))
    await bot.say(ANNA, anna, f"/m {first} 5-5")
    await bot.say(ANNA, anna, "/ground")
    question = fake.last("sendMessage", ANNA).result["message_id"]  # which game?
    await bot.press(ANNA, question, anna, bot.button(ANNA, question, "Boris"))  # not her move there
    assert "только в свой ход" in fake.texts(ANNA)[-1]


async def test_buttons_whose_data_names_something_else_than_their_message_are_refused(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.say(ANNA, anna, "/new")  # game 1: Anna's private invitation
    await open_group_game(bot)  # game 2, in the group
    await bot.say(GROUP, anna, "/m 5-5")
    board = bot.last_board(GROUP)["message_id"]
    before = dict(fake.messages[(GROUP, board)])
    for forged in (
        cb.Unfollow(2).encode(),
        cb.Pick("resign", 2).encode(),
        cb.Set(1, "size", "20x20").encode(),
        cb.Resign(2, 1, ANNA, True).encode(),
        cb.Draw(1, 1, True).encode(),
        cb.Join(1).encode(),
    ):
        await bot.press(GROUP, board, anna, forged)
        assert fake.answers()[-1] == "Эта кнопка устарела: игра ушла вперёд.", forged
    # A draw's answer is at home on a group's board (offers live there), but there is no offer to answer.
    await bot.press(GROUP, board, anna, cb.Draw(2, 1, True).encode())
    assert fake.answers()[-1].startswith("Сейчас нет предложения ничьей")
    assert fake.messages[(GROUP, board)] == before  # the board was not turned into anything else
    assert (await bot.game(2)).state == "active" and (await bot.game(1)).settings.size == "39x32"
    # A confirmation pressed again after it was answered changes nothing.
    await bot.say(GROUP, boris, "/resign")
    question = bot.last_board(GROUP)["message_id"]  # on the latest board
    yes = bot.button(GROUP, question, "Да")
    await bot.press(GROUP, question, boris, bot.button(GROUP, question, "Нет"))
    await bot.press(GROUP, question, boris, yes)
    assert (await bot.game(2)).state == "active"


async def test_points_say_what_is_there_a_captured_dot_too(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    for who, move in [(anna, "4-5"), (boris, "5-5"), (anna, "6-5"), (boris, "1-20"), (anna, "5-4"), (boris, "3-20")]:
        await bot.say(GROUP, who, f"/m {move}")
    await bot.say(GROUP, anna, "/m 5-6")
    board = bot.last_board(GROUP)["message_id"]
    await bot.press(GROUP, board, anna, cb.Info(1, 7, 5, 5).encode())
    assert fake.answers()[-1] == "5-5: красная точка, окружена"
