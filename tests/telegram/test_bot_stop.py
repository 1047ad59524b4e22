"""STOP (docs/rules.md, STOP) through the whole bot (fake Bot API): the lobby's STOP and penalty options, ``/new``'s
words for them and the chat's memory of them, ``/stop`` with its confirmation, the opponent's extra dots within the
STOP time, ``/finish`` and its buttons, the clock ending the extra dots, the STOP player's grounding count, and the
bot on either side of a STOP."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.games import asked
from tests.support.harness import Bot
from tests.support.variant_games import ANNA, BORIS, GROUP, board, open_game, users
from tochki_bot.engine import Game, GameSettings, Point
from tochki_bot.services import LobbyChoice, Person, Place, Problem, ServiceError
from tochki_bot.services.opponent import MAX_EXTRA_DOTS, extra_dots
from tochki_bot.telegram.lobby import parse_new_args


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


# Anna (blue) walls in Boris's 3-3 on three sides; Boris has a lone dot at 9-9, off the edge.
OPENING = [("anna", "2-3"), ("boris", "3-3"), ("anna", "3-2"), ("boris", "9-9"), ("anna", "4-3")]


async def play(bot: Bot, moves: list[tuple[str, str]]) -> None:
    anna, boris = users(bot.fake)
    for who, move in moves:
        await bot.say(GROUP, anna if who == "anna" else boris, f"/m {move}")


async def declare_stop(bot: Bot, who: dict[str, Any]) -> None:
    await bot.say(GROUP, who, "/stop")
    message_id, text = asked(bot, GROUP)  # the question lives on the latest board
    assert "Declare STOP in game #1?" in text
    await bot.press(GROUP, message_id, who, bot.button(GROUP, message_id, "STOP"))


def test_new_reads_the_stop_and_penalty_words() -> None:
    choice = parse_new_args(["stop", "5m", "20x20", "1h"])
    assert (choice.rules, choice.stop_mode, choice.stop_seconds, choice.move_seconds) == (
        "sports",
        "stop_phase",
        300,
        3600,
    )
    assert parse_new_args(["стоп", "нет"]).stop_seconds is None
    assert parse_new_args(["grounding"]).stop_mode == "grounding"
    choice = parse_new_args(["30x30", "polish", "15", "penalty"])
    assert (choice.rules, choice.instant_win, choice.own_dot_penalty) == ("polish", 15, True)
    assert parse_new_args(["sports", "penalty"]).own_dot_penalty is None


async def test_lobby_offers_stop_and_penalty_within_telegrams_limits(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new stop 5m")
    lobby = bot.fake.last("sendMessage", GROUP)
    assert "STOP with 5 min for the extra dots" in lobby.params["text"]
    message_id = lobby.result["message_id"]
    rows = bot.buttons(GROUP, message_id)
    labels = [b["text"] for row in rows for b in row]
    assert "✓ STOP" in labels and "✓ ⏱ 5 min" in labels
    assert sum(len(row) for row in rows) <= 100 and all(len(row) <= 8 for row in rows)
    assert all(len(b["callback_data"].encode()) <= 64 for row in rows for b in row)
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "⏱ ∞"))
    assert (await bot.game(1)).stop_seconds is None
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Grounding"))
    assert (await bot.game(1)).settings.stop_mode == "grounding"
    labels = [b["text"] for row in bot.buttons(GROUP, message_id) for b in row]
    assert not any("⏱" in label for label in labels)  # no STOP time without STOP
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Polish"))
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "−1 own dot"))
    record = await bot.game(1)
    assert record.settings.rules == "polish" and record.settings.own_dot_penalty
    assert "−1 for own dots enclosed" in bot.fake.messages[(GROUP, message_id)]["text"]
    rows = bot.buttons(GROUP, message_id)
    assert sum(len(row) for row in rows) <= 100 and all(len(row) <= 8 for row in rows)


async def test_the_chats_next_new_keeps_the_rule_set_and_its_options(bot: Bot) -> None:
    anna, boris = users(bot.fake)
    await open_game(bot, "/new 20x20 polish 30 penalty")
    await bot.say(GROUP, anna, "/resign")
    question, _ = asked(bot, GROUP)
    await bot.press(GROUP, question, anna, bot.button(GROUP, question, "Yes"))
    assert (await bot.game(1)).state != "active"
    await bot.say(GROUP, boris, "/new")
    record = await bot.game(2)
    assert record.settings == GameSettings(20, 20, "cross", rules="polish", instant_win=30, own_dot_penalty=True)
    # Another rule set named: its own defaults.
    await bot.say(GROUP, boris, "/cancel")
    await bot.say(GROUP, boris, "/new territory")
    record = await bot.game(3)
    assert record.settings.rules == "territory" and not record.settings.own_dot_penalty


async def test_a_stop_game_played_to_the_end_with_finish(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await open_game(bot, "/new 10x10 empty stop 5m 1d")
    await play(bot, OPENING)
    # Boris declares STOP on his move: Anna now places extra dots with 5 minutes for them.
    await declare_stop(bot, boris)
    record = await bot.game(1)
    assert record.deadline is not None and record.deadline - bot.clock.now == pytest.approx(300)
    message_id, params = board(bot)
    assert "Boris declared STOP" in params["caption"] and "places extra dots" in params["caption"]
    assert "5 min left" in params["caption"]
    labels = [b["text"] for row in bot.buttons(GROUP, message_id) for b in row]
    assert "🏁 Finish" in labels and "⚡ Count the rest" in labels
    # Boris places no more dots; Anna places two in a row, each announced as a move; her deadline stays.
    await bot.say(GROUP, boris, "/m 8-8")
    assert (await bot.game(1)).ply == 6
    bot.clock.advance(60)
    await bot.say(GROUP, anna, "/m 3-4")
    record = await bot.game(1)
    assert (record.score_blue, record.score_red) == (1, 0) and record.ply == 7
    assert record.deadline is not None and record.deadline - bot.clock.now == pytest.approx(240)
    await bot.say(GROUP, anna, "/m 9-10")
    assert (await bot.game(1)).ply == 8
    # Boris cannot finish for her; Anna presses Finish on her board.
    await bot.say(GROUP, boris, "/finish")
    assert "only the opponent of a STOP" in fake.texts(GROUP)[-1]
    message_id, _ = board(bot)
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Finish"))
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "stop" and record.winner == "blue"
    _, params = board(bot)
    assert "The extra dots after STOP are done" in params["caption"]
    # The record keeps the STOP and the extra dots.
    moves = await bot.db.games.moves(1)
    assert [m.kind for m in moves[-4:]] == ["stop", "dot", "dot", "finish"]


async def test_the_stop_time_ends_the_extra_dots(bot: Bot) -> None:
    anna, boris = users(bot.fake)
    await open_game(bot, "/new 10x10 empty stop 5m")
    await play(bot, OPENING)
    await declare_stop(bot, boris)
    await bot.say(GROUP, anna, "/m 3-4")
    bot.clock.advance(301)
    assert "timeout" in await bot.tick()
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "stop" and (record.score_blue, record.score_red) == (1, 0)
    _, params = board(bot)
    assert "The extra dots after STOP are done" in params["caption"]


async def test_auto_finish_and_the_stop_players_grounding_count(bot: Bot) -> None:
    anna, boris = users(bot.fake)
    await open_game(bot, "/new 10x10 empty stop")
    await play(bot, OPENING)
    await declare_stop(bot, boris)
    # Anna's ⚡: every dot of Boris's that could still be surrounded is (3-3 and 9-9).
    message_id, _ = board(bot)
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Count the rest"))
    record = await bot.game(1)
    assert (
        record.state == "finished"
        and record.reason == "grounding"
        and (record.score_blue, record.score_red)
        == (
            2,
            0,
        )
    )
    _, params = board(bot)
    assert "Boris's STOP counted by grounding" in params["caption"]


async def test_the_stop_player_ends_the_extra_dots_by_grounding(bot: Bot) -> None:
    fake = bot.fake
    _anna, boris = users(fake)
    await open_game(bot, "/new 10x10 empty stop none")
    assert (await bot.game(1)).stop_seconds is None
    await play(bot, OPENING)
    await declare_stop(bot, boris)
    assert (await bot.game(1)).deadline is None  # no time limit for the extra dots
    await bot.say(GROUP, boris, "/ground")
    question, text = asked(bot, GROUP)
    assert "Declare grounding" in text
    await bot.press(GROUP, question, boris, bot.button(GROUP, question, "Gr"))
    record = await bot.game(1)
    assert record.reason == "grounding" and (record.score_blue, record.score_red) == (2, 0)


async def test_stop_only_on_ones_move_and_only_under_its_rules(bot: Bot) -> None:
    services = bot.services
    anna, boris = Person(ANNA, "Anna"), Person(BORIS, "Boris")
    place = Place(GROUP, "group", "G")
    view = (
        await services.lobby.open(
            place, anna, LobbyChoice(10, 10, "empty", colours="creator_blue", stop_mode="stop_phase")
        )
    ).view
    view = await services.lobby.join(view.id, boris, place)
    with pytest.raises(ServiceError) as refused:
        await services.play.stop(view.id, boris)
    assert refused.value.problem is Problem.STOP_ON_TURN
    view = await services.play.stop(view.id, anna)
    with pytest.raises(ServiceError) as refused:
        await services.play.move(view.id, anna, 5, 5)
    assert refused.value.problem is Problem.NOT_YOUR_TURN
    with pytest.raises(ServiceError) as refused:
        await services.play.stop(view.id, boris)
    assert refused.value.problem is Problem.EXTRA_DOTS
    sports = (
        await services.lobby.open(Place(-5, "group", "H"), anna, LobbyChoice(10, 10, "empty", colours="creator_blue"))
    ).view
    sports = await services.lobby.join(sports.id, boris, Place(-5, "group", "H"))
    with pytest.raises(ServiceError) as refused:
        await services.play.stop(sports.id, anna)
    assert refused.value.problem is Problem.NOT_IN_RULES


def test_the_ai_places_capturing_extra_dots_then_counts_the_rest() -> None:
    game = Game(settings=GameSettings(10, 10, "empty", stop_mode="stop_phase"))
    for x, y in [(2, 3), (3, 3), (3, 2), (9, 9), (4, 3)]:
        game.play(x, y)
    game.stop("red")
    steps: list[object] = []
    while not game.is_over and len(steps) < MAX_EXTRA_DOTS + 2:
        action = extra_dots(game)
        steps.append(action)
        if isinstance(action, Point):
            assert game.is_playable(action.x, action.y)
            before = game.score
            game.play(action.x, action.y)
            assert game.score[0] > before[0]  # each extra dot captures
        elif action == "auto":
            game.ground("red")
        else:
            game.finish()
    assert steps[0] == Point(3, 4) and game.is_over
    assert game.score == (2, 0)  # the grounding count: 3-3 and the lone 9-9


async def test_the_bot_places_its_extra_dots_and_finishes(bot: Bot) -> None:
    services = bot.services
    anna = Person(ANNA, "Anna")
    opened = await services.lobby.open_against_bot(
        Place(ANNA, "private"), anna, "easy", LobbyChoice(10, 10, "empty", None, "creator_blue", stop_mode="stop_phase")
    )
    view = opened.view
    await services.opponent.settle()
    view = await services.game(view.id)
    # Anna places two dots away from the edge, then declares STOP; the bot (red) plays on until it has finished.
    for point in [(5, 5), (6, 6)]:
        if view.to_move != "blue" or view.result is not None:
            break
        view = await services.play.move(view.id, anna, *point)
        await services.opponent.settle()
        view = await services.game(view.id)
    assert view.result is None and view.to_move == "blue"
    counted = view.position.copy()
    counted.stop("blue")
    counted.ground("blue")
    if view.result is None and view.to_move == "blue":
        view = await services.play.stop(view.id, anna)
        await services.opponent.settle()
        view = await services.game(view.id)
    assert view.state == "finished" and view.reason in ("stop", "grounding")
    # Every extra dot was legal (the stored game replays), and the result is the grounding count's.
    replay = Game.from_settings(view.settings, view.position.moves)
    assert replay.result == view.result
    assert view.position.score == counted.score and view.position.score[1] >= 2


async def test_the_bot_answers_a_stop_in_a_stop_game_legally(bot: Bot) -> None:
    """The bot as the STOP player: its opponent then places the extra dots; its own dots are never placed after."""
    services = bot.services
    anna = Person(ANNA, "Anna")
    opened = await services.lobby.open_against_bot(
        Place(ANNA, "private"), anna, "easy", LobbyChoice(10, 10, "cross", None, "creator_red", stop_mode="stop_phase")
    )
    await services.opponent.settle()
    view = await services.game(opened.view.id)
    for _ in range(12):
        if view.result is not None or view.to_move != "red":
            break
        point = next(iter(view.position.playable_points()))
        view = await services.play.move(view.id, anna, point.x, point.y)
        await services.opponent.settle()
        view = await services.game(view.id)
    replay = Game.from_settings(view.settings, view.position.moves)
    assert replay.moves == view.position.moves
