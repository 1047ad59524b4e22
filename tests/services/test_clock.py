"""The clock (``tochki_bot.services.clock``): its next due time is the earliest reminder or deadline; through the
bot, a broken game stops neither the start nor the clock of the others; old messages, records and update ids are
forgotten. (The bot's deadline watch, which wakes at the next due time, is in ``tests/telegram/test_deadlines.py``.)

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.games import ANNA, GROUP, open_group_game, timed_game, users
from tests.support.harness import Bot, Clock
from tests.support.paths import DATA, Where
from tochki_bot.services import Person, Services


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_broken_game_stops_neither_the_start_nor_the_clock_of_the_others(where: Where) -> None:
    """Found by a second look at the reliability work; it failed (or could fail) before its fix."""
    clock = Clock()
    first = await Bot(where("b.db"), clock=clock).start()
    anna, _, _ = users(first.fake)
    await open_group_game(first, thread_id=5)
    await open_group_game(first, thread_id=7)
    await first.say(GROUP, anna, "/m 5-5", thread_id=5)
    await first.say(GROUP, anna, "/m 5-5", thread_id=7)
    # Game 1 can no longer be replayed (its stored move is off the board), and the bot is down for two days.
    async with first.db.transaction():
        await first.db.db.execute("UPDATE moves SET x = 99 WHERE game_id = 1")
    await first.stop()
    clock.advance(2 * 86400)
    second = await Bot(where("b.db"), FakeTelegram(first_update_id=9000), clock=clock).start()
    try:
        record = await second.game(2)
        assert record.state == "finished" and record.reason == "timeout"  # decided on start, despite game 1
        assert any(int(c.params.get("message_thread_id", 0)) == 7 for c in second.fake.sent("sendPhoto", GROUP))
        assert (await second.game(1)).state == "active"  # left alone, for a person to look at
        clock.advance(3600)
        await second.tick()  # and the clock keeps going
    finally:
        await second.stop()


async def test_old_messages_records_and_update_ids_are_forgotten(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": nothing grows without
    bound); it failed before its fix."""

    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "z.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    await open_group_game(bot)
    for mover, move in [(anna, "5-5"), (boris, "6-6"), (anna, "7-7")]:
        await bot.say(GROUP, mover, f"/m {move}")
    count = await bot.db.db.row("SELECT COUNT(*) FROM messages")
    assert count[0] >= 6
    bot.clock.advance(31 * 86400)
    await bot.tick()
    left = [tuple(r) for r in await bot.db.db.rows("SELECT kind, ply FROM messages ORDER BY created_at")]
    # The lobby, the record, the old boards went; the board that was live stays (the clock's pass then ended the
    # game on time, and that final board is the game's latest, kept to share its picture).
    assert left == [("board", 3), ("board", 4)]
    assert (await bot.db.db.row("SELECT COUNT(*) FROM imports"))[0] == 0
    assert (await bot.db.db.row("SELECT COUNT(*) FROM processed_updates"))[0] == 0


async def test_the_next_due_time_is_the_earliest_alert(tmp_path: Path) -> None:
    clock = Clock()
    services = await Services.open(tmp_path / "x.db", clock=clock)
    try:
        assert await services.clock.next_due() is None
        game_id = await timed_game(services, 60)
        await services.play.move(game_id, Person(ANNA, "Anna"), 5, 5)  # Boris has 60 s: reminded at 30 s
        assert await services.clock.next_due() == pytest.approx(clock.now + 30)
        clock.advance(30)
        await services.clock.tick()
        assert await services.clock.next_due() == pytest.approx(clock.now + 24)  # the last call: 6 s before
        clock.advance(24)
        await services.clock.tick()
        assert await services.clock.next_due() == pytest.approx(clock.now + 6)  # the deadline
    finally:
        await services.close()
