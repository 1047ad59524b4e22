"""The bot's deadline watch (``tochki_bot.telegram.deadlines``, over ``services/clock.py``): a deadline is acted on
within about a second of it, by a wake-up scheduled for the next due time (not a pass every 30 s), with the two
reminders the README promises (at half time and shortly before the end), also when another worker moves
meanwhile."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from storage import GameRecord
from tests.support.fakebot import FakeTelegram
from tests.support.games import timed_game
from tests.support.harness import Bot, RealClock
from tests.support.paths import Where
from tochki_bot.services import Person

ANNA, BORIS = Person(11, "Anna"), Person(22, "Boris")


def sent_at(fake: FakeTelegram, match: Any) -> list[float]:
    """When (``time.time``) the fake got the calls that ``match``."""
    offset = time.time() - time.monotonic()
    return [call.at + offset for call in fake.calls if match(call)]


def reminders(fake: FakeTelegram) -> list[float]:
    return sent_at(fake, lambda c: c.method == "sendMessage" and "⏰" in c.params.get("text", ""))


def loss_on_time(fake: FakeTelegram) -> list[float]:
    return sent_at(fake, lambda c: c.method == "sendPhoto" and "ran out of time" in c.params.get("caption", ""))


async def decided(*bots: Bot, game_id: int, deadline: float) -> GameRecord:
    """The game once it is over and its final board shown by one of ``bots`` (or 5 s after ``deadline``)."""
    while time.time() < deadline + 5:
        record = await bots[0].game(game_id)
        if record.state != "active" and any(loss_on_time(bot.fake) for bot in bots):
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)  # anything said twice would be said by now
    return await bots[0].game(game_id)


@pytest.fixture
async def watched(tmp_path: Path) -> AsyncIterator[Bot]:
    """The bot in real time with its deadline watch (and the regular pass every 30 s)."""
    started = await Bot(tmp_path / "bot.db", clock=RealClock(), clock_interval=30.0, deadlines=True).start()
    yield started
    await started.stop()


@pytest.mark.slow
async def test_a_deadline_is_acted_on_within_a_second_with_both_reminders(watched: Bot) -> None:
    bot = watched
    game_id = await timed_game(bot.services, 10)
    await bot.services.play.move(game_id, ANNA, 5, 5)
    record = await bot.game(game_id)
    assert record.deadline is not None
    deadline = record.deadline
    record = await decided(bot, game_id=game_id, deadline=deadline)
    assert record.state == "finished" and record.reason == "timeout"
    # Within about a second (a busy test machine gets some slack; benchmarks/clock.py measures it).
    assert record.finished_at is not None and 0 <= record.finished_at - deadline < 1.5
    told = reminders(bot.fake)
    assert len(told) == 2, told  # at half time (5 s) and a tenth before the end (1 s)
    assert 0 <= told[0] - (deadline - 5) < 1.5 and 0 <= told[1] - (deadline - 1) < 1.0
    shown = loss_on_time(bot.fake)
    assert shown and shown[0] - deadline < 2.0  # the final board, announced


@pytest.mark.slow
async def test_a_move_meanwhile_moves_the_wake_up(watched: Bot) -> None:
    """The watch slept until Boris's deadline; Boris moves just before it: nobody loses, Anna's deadline is kept."""
    bot = watched
    game_id = await timed_game(bot.services, 4)
    await bot.services.play.move(game_id, ANNA, 5, 5)
    await asyncio.sleep(3.0)
    await bot.services.play.move(game_id, BORIS, 6, 6)
    anna_deadline = (await bot.game(game_id)).deadline
    assert anna_deadline is not None
    await asyncio.sleep(1.5)  # past Boris's old deadline
    assert (await bot.game(game_id)).state == "active"
    record = await decided(bot, game_id=game_id, deadline=anna_deadline)
    assert record.state == "finished" and record.winner == "red"
    assert record.finished_at is not None and record.finished_at - anna_deadline < 1.5


@pytest.mark.slow
async def test_two_workers_on_postgresql_act_on_a_deadline_set_by_either(where: Where, backend: str) -> None:
    """Two bot processes' worth of services on one database: a move stored by one worker sets a deadline the other
    worker's watch hears of (the database's notices) and keeps; exactly one of them decides the game, on time."""
    if backend != "postgres":
        pytest.skip("several workers share a PostgreSQL database")
    path = where("shared")
    first = await Bot(path, clock=RealClock(), clock_interval=30.0, deadlines=True).start()
    second = await Bot(path, clock=RealClock(), clock_interval=30.0, deadlines=True).start()
    try:
        game_id = await timed_game(first.services, 4)
        await second.services.play.move(game_id, ANNA, 5, 5)  # the deadline is set through the second worker
        deadline = (await first.game(game_id)).deadline
        assert deadline is not None
        record = await decided(first, second, game_id=game_id, deadline=deadline)
        assert record.state == "finished" and record.reason == "timeout"
        assert record.finished_at is not None and record.finished_at - deadline < 1.5
        boards = len(loss_on_time(first.fake)) + len(loss_on_time(second.fake))
        assert boards == 1  # decided and announced once
    finally:
        await second.stop()
        await first.stop()
