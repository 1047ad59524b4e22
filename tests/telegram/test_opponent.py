"""Playing the bot, through the real application and the fake Bot API: ``/new ai``, the lobby's bot buttons, the
bot's moves as boards, hints, records, the restart, and other chats answered while the bot thinks."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator

import pytest

from tests.support.games import ANNA, BORIS, GROUP, STRANGER, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.services import BOTS, GameView, bot_level
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("t.db")).start()
    yield started
    await started.stop()


async def settled(bot: Bot) -> None:
    """Until the bot has made every move it owes and every change was shown."""
    for _ in range(3):
        await bot.services.opponent.settle()
        await bot.services.changes.settle()


def boards(bot: Bot, chat: int) -> list[str]:
    return [c.params["caption"] for c in bot.fake.sent("sendPhoto", chat)]


async def test_new_ai_starts_a_game_with_the_bot_and_it_answers_every_move_with_one_board(bot: Bot) -> None:
    _, boris, _ = users(bot.fake)
    await bot.say(BORIS, boris, "/new ai hard 15x15 empty red")
    await settled(bot)
    record = await bot.game(1)
    assert record.state == "active" and not record.rated
    assert bot_level(record.blue_id) == "hard" and record.red_id == BORIS  # "red": Boris plays red, the bot begins
    assert record.ply == 1 and record.deadline is not None  # the bot moved at once; Boris's clock runs
    first = boards(bot, BORIS)
    assert len(first) == 2 and "Bot ★★★" in first[-1]  # the start, then the bot's move
    view = await bot.services.game(1)
    point = next(iter(view.position.playable_points()))
    await bot.say(BORIS, boris, f"{point.x}-{point.y}")
    await settled(bot)
    assert (await bot.game(1)).ply == 3
    assert len(boards(bot, BORIS)) == 4  # his move, then the bot's: one board each
    assert not bot.errors


@pytest.mark.slow
async def test_a_whole_game_against_the_bot_to_the_end(bot: Bot) -> None:
    """Anna plays the easy bot on 10x10 with random dots until the board is full; the result is stored and shown."""
    anna, _, _ = users(bot.fake)
    await bot.say(ANNA, anna, "/new ai easy 10x10 empty")
    await settled(bot)
    rng = random.Random(3)
    for _ in range(200):
        view = await bot.services.game(1)
        if view.state != "active":
            break
        assert view.player_to_move is not None and view.player_to_move.id == ANNA
        point = rng.choice(list(view.position.playable_points()))
        await bot.say(ANNA, anna, f"/m {point.x}-{point.y}")
        await settled(bot)
    view = await bot.services.game(1)
    assert view.state == "finished" and view.result is not None
    assert view.position.playable_count == 0 or view.result.reason.value == "grounding"
    assert bot.fake.last("sendPhoto", ANNA).params["caption"]  # the final board went to Anna
    assert all(int(c.params.get("chat_id", 1)) > 0 for c in bot.fake.sent())  # nothing was sent to the bot's "chat"
    await bot.say(ANNA, anna, "/me")
    assert "Против бота (лёгкий)" in bot.fake.texts(ANNA)[-1]
    assert await bot.services.ratings.of(ANNA) == {}  # games against the bot are never rated
    assert not bot.errors


async def test_the_lobby_offers_the_bot_to_its_creator_only(bot: Bot) -> None:
    anna, boris, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new 15x15")
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    data = bot.button(GROUP, lobby, "Бот ★★")
    assert cb.decode(data) == cb.Against(1, "normal")
    await bot.press(GROUP, lobby, boris, data)
    assert (await bot.game(1)).state == "lobby"
    assert "Anna" in (bot.fake.answers()[-1] or "") or "Анна" in (bot.fake.answers()[-1] or "")
    await bot.press(GROUP, lobby, anna, data)
    await settled(bot)
    record = await bot.game(1)
    assert record.state == "active" and BOTS["normal"] in record.players and ANNA in record.players
    assert not record.rated
    assert "Бот ★★" in bot.fake.messages[(GROUP, lobby)]["text"]  # the lobby says who plays
    view = await bot.services.game(1)
    if view.player_to_move is not None and view.player_to_move.id == ANNA:
        point = next(iter(view.position.playable_points()))
        await bot.say(GROUP, anna, f"/m {point.x}-{point.y}")
        await settled(bot)
    record = await bot.game(1)
    assert record.ply >= 1 and (await bot.services.game(1)).player_to_move.id == ANNA  # type: ignore[union-attr]
    assert all(int(c.params.get("chat_id", GROUP)) in (GROUP, ANNA, BORIS) for c in bot.fake.sent())
    await bot.say(GROUP, boris, "/m 1-1")  # a spectator in the group cannot move for anyone
    assert (await bot.game(1)).ply == record.ply


async def test_a_forged_bot_button_changes_nothing(bot: Bot) -> None:
    anna, _, stranger = users(bot.fake)
    await bot.say(ANNA, anna, "/new")
    lobby = bot.fake.last("sendMessage", ANNA).result["message_id"]
    await bot.say(STRANGER, stranger, "/help")
    help_message = bot.fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.press(STRANGER, help_message, stranger, cb.Against(1, "hard").encode())  # not on the lobby
    await bot.press(STRANGER, help_message, stranger, "A:1:godlike")  # no such level
    assert (await bot.game(1)).state == "lobby"
    await bot.press(ANNA, lobby, anna, bot.button(ANNA, lobby, "Бот ★"))
    await settled(bot)
    assert (await bot.game(1)).state == "active"
    assert not bot.errors


async def test_hints_in_games_against_the_bot_and_never_in_rated_games_between_people(bot: Bot) -> None:
    anna, boris, _ = users(bot.fake)
    await bot.say(ANNA, anna, "/new ai 12x12 empty blue")
    await settled(bot)
    await bot.say(ANNA, anna, "/hint")
    hint = bot.fake.last("sendMessage", ANNA)
    assert "бот сходил бы" in hint.params["text"]
    data = cb.decode(bot.buttons(ANNA, hint.result["message_id"])[0][0]["callback_data"])
    assert isinstance(data, cb.Play) and data.game == 1
    await bot.press(ANNA, hint.result["message_id"], anna, data.encode())  # the hint's button plays it
    await settled(bot)
    view = await bot.services.game(1)
    assert view.position.moves[0].point == (data.x, data.y) and view.ply == 2
    # A rated game between people: no hints.
    await bot.say(GROUP, anna, "/new")
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Играть"))
    await bot.say(GROUP, anna, "/hint")
    await bot.say(GROUP, boris, "/hint")
    texts = bot.fake.texts(GROUP)[-2:]
    assert all("не для рейтинговых" in text or "not for rated games" in text for text in texts)
    assert not bot.errors


async def test_the_bot_takes_no_draw_and_has_no_clock(bot: Bot) -> None:
    anna, _, _ = users(bot.fake)
    await bot.say(ANNA, anna, "/new ai 12x12 red 1h")
    await settled(bot)
    await bot.say(ANNA, anna, "/draw")
    assert "не соглашается на ничью" in bot.fake.texts(ANNA)[-1]
    assert (await bot.game(1)).draw_offer is None
    bot.clock.advance(7200)  # two hours: Anna's time is up, never the bot's
    assert await bot.tick() == ["timeout"]
    record = await bot.game(1)
    assert record.state == "finished" and record.winner == "blue"  # the bot (blue) wins on Anna's time


@pytest.mark.slow
async def test_other_chats_are_answered_while_the_bot_thinks(where: Where) -> None:
    bot = await Bot(where("t.db"), ai_seconds=1.5, ai_seed=None).start()  # on the clock
    try:
        anna, _, stranger = users(bot.fake)
        await bot.services.opponent.start()
        await bot.say(ANNA, anna, "/new ai hard 20x20 red")  # the bot begins, and thinks for 1.5 s
        await asyncio.sleep(0.3)  # its worker is busy now
        assert bot.services.opponent.thinking(1)
        assert any(c.method == "sendChatAction" for c in bot.fake.calls)  # "typing…" while it thinks
        began = time.perf_counter()
        await bot.say(STRANGER, stranger, "/help")
        answered = time.perf_counter() - began
        assert answered < 0.5, f"another chat waited {answered:.2f} s for the bot's search"
        assert bot.services.opponent.thinking(1)  # still thinking: the answer did not wait for it
        await settled(bot)
        assert (await bot.game(1)).ply == 1
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_after_a_restart_the_bot_moves_where_it_was_to_move(where: Where) -> None:
    db = where("t.db")
    first = await Bot(db, ai_seconds=5.0, ai_seed=None).start()
    anna, _, _ = users(first.fake)
    await first.say(ANNA, anna, "/new ai hard 15x15 red")  # the bot is blue, moves first, thinks 5 s
    await asyncio.sleep(0.2)
    assert first.services.opponent.thinking(1)
    await first.stop()  # stopped while it thinks: its move is not made
    second = await Bot(db, fake=first.fake).start()
    try:
        await settled(second)
        record = await second.game(1)
        assert record.ply == 1 and record.red_id == ANNA
        assert len(boards(second, ANNA)) >= 2  # the start and the bot's move
    finally:
        await second.stop()


@pytest.mark.process
async def test_services_alone_play_the_bot(where: Where) -> None:
    """The use case without Telegram: a game against the bot, its moves legal and at once."""
    from tochki_bot.services import LobbyChoice, Person, Place, Services

    services = await Services.open(where("s.db"), ai_seconds=0.05, ai_seed=5, ai_workers=1)
    try:
        await services.opponent.start()
        anna = Person(1, "Anna")
        opened = await services.lobby.open_against_bot(
            Place(1, "private"), anna, "easy", LobbyChoice(10, 10, "empty", None)
        )
        view: GameView = opened.view
        for _ in range(5):
            await services.opponent.settle()
            view = await services.game(view.id)
            if view.player_to_move is not None and view.player_to_move.id == anna.id:
                point = next(iter(view.position.playable_points()))
                view = await services.play.move(view.id, anna, point.x, point.y)
        await services.opponent.settle()
        view = await services.game(view.id)
        assert view.ply >= 9 and view.deadline is None
        assert [m.colour for m in view.position.moves[:4]] == ["blue", "red", "blue", "red"]
    finally:
        await services.close()


async def test_while_the_bot_thinks_its_board_says_so_and_has_no_buttons(bot: Bot) -> None:
    anna, _, _ = users(bot.fake)
    await bot.say(ANNA, anna, "/new ai 12x12 red")  # the bot (blue) begins
    await settled(bot)
    start, answer = bot.fake.sent("sendPhoto", ANNA)[:2]
    assert "Бот ★★ думает…" in start.params["caption"] and not start.params.get("reply_markup")
    assert "Ваш ход" in answer.params["caption"] and answer.params.get("reply_markup")


@pytest.mark.process
@pytest.mark.slow
async def test_a_search_worker_that_dies_is_replaced_and_the_bot_still_moves(where: Where) -> None:
    import os
    import signal

    bot = await Bot(where("t.db"), ai_seconds=3.0, ai_seed=None, ai_workers=1).start()
    try:
        anna, _, _ = users(bot.fake)
        await bot.say(ANNA, anna, "/new ai hard 12x12 red")
        for _ in range(100):  # until the worker process is searching
            runner = bot.services.opponent.runner
            pool = runner._pool if runner is not None else None
            if pool is not None and getattr(pool, "_processes", None):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        for pid in list(pool._processes):  # type: ignore[union-attr]
            os.kill(pid, signal.SIGKILL)
        await settled(bot)
        assert (await bot.game(1)).ply == 1  # searched again in a new worker, and moved
        assert not bot.errors
    finally:
        await bot.stop()
