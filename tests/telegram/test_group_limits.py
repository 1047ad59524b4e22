"""A group chat never goes silent: played against the strict fake Bot API, which answers 429 the way Telegram does
past ~20 messages a minute in a group. The minute is played five times faster (the fake and the bot keep a 12 s
window alike), so a few minutes of a busy group take under a minute here.

What the trial before this found, each asserted below: in a busy group a ``/hint``, an out-of-turn ``/ground`` or a
typo got no answer at all; a refused ``/end`` was never delivered; arrow presses stopped changing the picture; and the
bot's two budgets let a fresh group take ~40 messages in its first minute, drew a 429 with ``retry_after`` 36 and
then held every answer of the group behind it. And from real play ("players first": a clean group): answers to bad
input must never hold a board back."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.support import games
from tests.support.busy_group import GROUP, play_group, strict_bot
from tests.support.games import caption, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.config import Config
from tochki_bot.telegram.app import build_application

SCALE = 0.2


@pytest.mark.slow
async def test_a_busy_group_answers_everyone_and_draws_no_429(tmp_path: Path) -> None:
    """Two players move every 4 s, a third member sends commands and presses arrows, typos come every fifth move:
    ten minutes of it (two minutes here). Every command and press is answered within 30 s, the boards within 3 s
    (p95), and Telegram never has to refuse a message."""
    bot = await strict_bot(tmp_path / "busy.db", SCALE).start()
    try:
        report = await play_group(bot, seconds=600, pace=4.0, scale=SCALE)
        print(report.table())
        assert report.refused == 0
        assert report.unanswered == []
        for kind, (_, _, _, p95) in report.by_kind.items():
            assert p95 <= (3.0 if kind == "move" else 30.0), f"{kind}: p95 {p95:.1f} s"
        assert report.messages <= 20 * report.seconds / 60 + 20  # within the group's minute, all along
        assert not bot.errors
    finally:
        await bot.stop()


async def test_a_fresh_group_gets_its_minute_once_not_twice(tmp_path: Path) -> None:
    """Forty answers asked at once in a fresh group: the bot sends at most 20 in the window, never draws a 429, and
    the rest follow as the window moves on; nobody is left out (a digest names each person)."""
    bot = await strict_bot(tmp_path / "fresh.db", 0.1).start()  # a 6 s minute
    try:
        fake = bot.fake
        people = [fake.user(8000 + i, f"P{i}", "en") for i in range(40)]
        fake.fail(
            "sendMessage",
            403,
            "Forbidden: bot can't initiate conversation with a user",
            match=lambda p: int(p.get("chat_id", 0)) > 0,
            times=10**6,
        )
        updates = [fake.message_update(GROUP, person, "/m 5-5") for person in people]  # no game here: refused
        await bot.send(*updates)
        assert fake.refused == []
        group = [c for c in fake.sent("sendMessage", GROUP)]
        assert 1 <= len(group) <= 20
        told = "".join(c.params["text"] for c in group)
        for person in people:  # each is answered: by a reply of its own, or named in a digest
            assert f"tg://user?id={person['id']}" in told or any(
                c.params.get("reply_parameters")
                and str(updates[people.index(person)]["message"]["message_id"]) in str(c.params["reply_parameters"])
                for c in group
            )
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_a_game_against_the_bot_in_a_group_is_one_message_a_move_pair(tmp_path: Path) -> None:
    """A member plays the bot in a group, a move every 5 s, for 50 move pairs: each pair (the member's dot and the
    bot's reply) is one board with one caption naming both moves, and arrives within the bot's thinking time and 1 s.
    Before, each pair cost two photos and an edit, and after a few quick moves the boards came 3 to 6 s late."""
    bot = await strict_bot(tmp_path / "bot.db", SCALE, ai_seconds=0.1).start()
    try:
        fake = bot.fake
        anna = fake.user(7101, "Anna", "en")
        await bot.say(GROUP, anna, "/new ai easy 20x20 empty red")  # the bot plays blue and begins
        await bot.services.opponent.settle()
        await bot.settle()
        photos = len(fake.sent("sendPhoto", GROUP))
        late: list[float] = []
        for _ in range(50):
            view = await bot.services.game(1)
            if view.state != "active":
                break
            assert view.player_to_move is not None and view.player_to_move.id == 7101
            point = next(iter(view.position.playable_points()))
            sent = len(fake.sent("sendPhoto", GROUP))
            began = time.monotonic()
            await bot.send(fake.message_update(GROUP, anna, f"/m {point}"), settle=False)
            while len(fake.sent("sendPhoto", GROUP)) == sent:
                assert time.monotonic() - began < 10, "no board"
                await asyncio.sleep(0.01)
            late.append(time.monotonic() - began)
            caption = fake.sent("sendPhoto", GROUP)[-1].params["caption"]
            assert f": {point} " in caption and caption.count("Move ") == 2  # the dot and the reply, one board
            await asyncio.sleep(max(0.0, 5 * SCALE - late[-1]))
        await bot.settle()
        pairs = len(late)
        assert pairs >= 40
        assert len(fake.sent("sendPhoto", GROUP)) - photos == pairs  # one message a move pair
        assert max(late) <= 0.1 + 1.0, late
        assert fake.refused == [] and not bot.errors
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_bad_input_in_a_group_never_delays_a_board(where: Where) -> None:
    """A group takes about 20 messages a minute: a flood of bad input is answered after the board, never before it.

    Exposed by real play ("players first": a clean group); it failed before its fix."""
    bot = Bot(where("b.db"))
    bot.config = Config(token="123:TEST", db_path=str(where("b.db")), group_rate=20, overall_rate=10**6)
    bot.app = build_application(bot.config, request=bot.fake, clock=bot.clock)
    await bot.start()
    try:
        fake = bot.fake
        anna, boris, _ = users(fake)
        await open_group_game(bot)  # 1 lobby + 4 edits + 1 board: 6 of the minute's 20
        fake.fail(
            "sendMessage",
            403,
            "Forbidden: bot can't initiate conversation with a user",
            times=10**6,
            match=lambda p: int(p["chat_id"]) == games.BORIS,
        )  # Boris never started the bot: all in the group
        for _ in range(15):
            await bot.send(fake.message_update(games.GROUP, boris, "/m 99-99"), settle=False)
        start = time.monotonic()
        await bot.send(fake.message_update(games.GROUP, anna, "/m 5-5"), settle=False)
        while "Ход 1: 5-5" not in caption(bot, games.GROUP):
            assert time.monotonic() - start < 4.0, "the board waited behind the answers"
            await asyncio.sleep(0.02)
        # Nobody is ignored: the answers follow, due within a third of the minute (short ones share a digest).
        await bot.settle()
        told = "".join(c.params["text"] for c in fake.sent("sendMessage", games.GROUP))
        assert told.count("Сейчас не ваш ход") == 15  # each one answered: alone or in a digest
        assert fake.refused == []
        # Button presses cost no group message at all: a stranger's press is answered privately.
        sent = len([c for c in fake.calls if c.method != "answerCallbackQuery"])
        board = bot.last_board(games.GROUP)["message_id"]
        await bot.press(games.GROUP, board, users(fake)[2], bot.buttons(games.GROUP, board)[0][0]["callback_data"])
        assert len([c for c in fake.calls if c.method != "answerCallbackQuery"]) == sent
    finally:
        await bot.stop()
