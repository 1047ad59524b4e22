"""The AI's searches as jobs in the database: taken once by runners that race (two processes; PostgreSQL passes over
a job another transaction holds), taken again after the lease of a runner that was killed, applied once, dropped when
the game has moved on; a separate ``tochki-bot ai-worker`` process plays for a bot that searches nothing, and the bot
announces its moves and answers hints through it; "thinking" while a job waits, and jobs survive a restart.

Each test runs on SQLite and on PostgreSQL, with real processes where processes are the point."""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from storage import Storage
from tests.support.games import ANNA, users
from tests.support.harness import Bot, Clock
from tests.support.paths import TESTS, Where
from tests.support.program import AiWorker
from tochki_bot.services import GameView, LobbyChoice, Person, Place, Problem, ServiceError, Services, bot_level
from tochki_bot.services import opponent as opponent_module

ROOT = TESTS.parent
ANNA_P = Person(ANNA, "Anna")


async def bot_game(services: Services, *, bot_first: bool = True, size: int = 10, level: str = "easy") -> GameView:
    """A game of Anna against the bot; the bot (blue) to move first unless ``bot_first`` is False."""
    opened = await services.lobby.open_against_bot(
        Place(ANNA, "private"),
        ANNA_P,
        level,
        LobbyChoice(size, size, "empty", None, "creator_red" if bot_first else "creator_blue"),
    )
    return opened.view


async def until(condition: Any, timeout: float = 30.0, what: str = "") -> float:
    """Wait until ``await condition()`` is true; the seconds it took."""
    began = time.perf_counter()
    while not await condition():
        if time.perf_counter() - began > timeout:
            raise AssertionError(f"gave up waiting after {timeout} s: {what}")
        await asyncio.sleep(0.01)
    return time.perf_counter() - began


@contextmanager
def worker(db: str, **env: str) -> Iterator[AiWorker]:
    started = AiWorker(db, **env)
    try:
        yield started
    finally:
        started.kill()


# ----------------------------------------------------------------------------------------------------------------------
# The queue


async def test_a_move_job_is_added_once_taken_once_and_again_after_its_lease(where: Where) -> None:
    services = await Services.open(where("q.db"), ai_workers=0)
    try:
        view = await bot_game(services)
        jobs = services._core.storage.jobs
        first = await jobs.add_move(view.id, 0, "easy", 0.5, 7)
        assert await jobs.add_move(view.id, 0, "hard", 9.0, None) == first  # one job per position
        assert first.state == "pending" and first.seconds == 0.5 and first.seed == 7 and first.attempts == 0
        now = 1_000.0
        assert await jobs.waiting(now)
        taken = await jobs.take("a", now, 10.0)
        assert taken is not None and taken.id == first.id and taken.taken_by == "a" and taken.attempts == 1
        assert taken.lease_until == now + 10.0 + 0.5
        assert not await jobs.waiting(now + 10.4) and await jobs.take("b", now + 10.4, 10.0) is None  # leased
        again = await jobs.take("b", now + 10.6, 10.0)  # "a" died: its lease ran out
        assert again is not None and again.id == first.id and again.taken_by == "b" and again.attempts == 2
        assert not await jobs.drop(first.id, "a")  # "a" woke up: the job is no longer its own
        assert await jobs.release("b") == 1  # "b" stops: the job is free at once
        assert (await jobs.take("c", now + 10.6, 10.0)) is not None
        assert await jobs.finish(first.id, "5-5", 1)
        assert [j.id for j in await jobs.applied()] == [first.id]
        assert await jobs.delete(first.id) and not await jobs.delete(first.id)  # one front end tells of it
        hint = await jobs.add_hint(view.id, 0, "normal", 1.0, None)
        assert await jobs.prune(services.now + 1) == 1 and await jobs.get(hint) is None
    finally:
        await services.close()


@pytest.mark.process
@pytest.mark.slow
async def test_two_processes_racing_take_every_job_once(where: Where) -> None:
    db = where("race.db")
    services = await Services.open(db, ai_workers=0)
    try:
        view = await bot_game(services, bot_first=False)
        ids = [await services._core.storage.jobs.add_hint(view.id, 0, "easy", 0.1, None) for _ in range(300)]
    finally:
        await services.close()
    start_at = time.time() + 4.0
    takers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.support.job_taker", db, name, str(start_at)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in ("one", "two")
    ]
    taken = [[int(i) for i in taker.communicate(timeout=120)[0].split()] for taker in takers]
    assert all(taker.returncode == 0 for taker in takers)
    assert not set(taken[0]) & set(taken[1]), "a job was taken twice"
    assert sorted(taken[0] + taken[1]) == ids  # and every job once
    print(f"taken: {len(taken[0])} and {len(taken[1])}")


async def test_postgres_passes_over_a_job_another_transaction_holds(backend: str, where: Where) -> None:
    """``FOR UPDATE SKIP LOCKED``: while one runner's transaction holds a job, another takes the next one at once
    rather than waiting for it (and never the same one)."""
    if backend != "postgres":
        pytest.skip("SQLite has one writer at a time: its runners take turns")
    db = where("skip.db")
    services = await Services.open(db, ai_workers=0)
    view = await bot_game(services, bot_first=False)
    first = await services._core.storage.jobs.add_hint(view.id, 0, "easy", 0.1, None)
    second = await services._core.storage.jobs.add_hint(view.id, 0, "easy", 0.1, None)
    other = await Storage.open(db)
    try:
        mine = services._core.storage
        async with mine.transaction():
            held = await mine.jobs.take("a", time.time(), 10.0)
            assert held is not None and held.id == first
            passed = await asyncio.wait_for(other.jobs.take("b", time.time(), 10.0), 5.0)
            assert passed is not None and passed.id == second
            assert await asyncio.wait_for(other.jobs.take("b", time.time(), 10.0), 5.0) is None
    finally:
        await other.close()
        await services.close()


# ----------------------------------------------------------------------------------------------------------------------
# Results applied once


@pytest.mark.slow
async def test_two_runners_on_one_job_store_one_move(where: Where) -> None:
    """A runner whose lease ran out while it searched (a slow machine) and the runner that took the job again both
    finish: the move is stored once (the ply guard of ``Play``), the other result dropped."""
    db = where("once.db")
    slow = await Services.open(db, ai_workers=1, ai_seconds=1.5)
    late = await Services.open(db, ai_workers=1, clock=lambda: time.time() + 60)  # sees the lease run out
    try:
        view = await bot_game(slow, size=15, level="hard")
        await slow.opponent.start()
        jobs = slow._core.storage.jobs
        await until(lambda: _taken_by(jobs, view.id, 1), what="the first runner takes the job")
        await late.opponent.start()
        await until(lambda: _taken_by(jobs, view.id, 2), what="the second runner takes it again")
        runners = [slow.opponent.runner, late.opponent.runner]
        await until(lambda: _quiet(runners), what="both runners are done")
        game = await slow.game(view.id)
        assert game.ply == 1 and len(game.position.moves) == 1 and bot_level(game.blue.id) == "hard"  # type: ignore[union-attr]
        assert await jobs.moves_of([view.id]) == []
    finally:
        await late.close()
        await slow.close()


async def _taken_by(jobs: Any, game_id: int, attempts: int) -> bool:
    found = await jobs.moves_of([game_id])
    return bool(found) and found[0].state == "taken" and found[0].attempts >= attempts


async def _quiet(runners: list[Any]) -> bool:
    return not any(r.busy for r in runners)


async def test_a_result_for_a_position_that_moved_on_is_dropped(where: Where) -> None:
    db = where("moot.db")
    asking = await Services.open(db, ai_workers=0)
    try:
        view = await bot_game(asking, bot_first=False)
        await asking.opponent.start()
        await asking.play.move(view.id, ANNA_P, 5, 5)
        await asking.changes.settle()  # the bot's job is added; nobody here searches
        assert asking.opponent.thinking(view.id)
        await asking.play.resign(view.id, ANNA_P)  # Anna resigns before the bot has answered
        runner = await Services.open(db, ai_workers=1)
        try:
            await runner.opponent.start()
            jobs = runner._core.storage.jobs
            await until(lambda: _none_left(jobs, view.id), what="the job is dropped")
        finally:
            await runner.close()
        game = await asking.game(view.id)
        # The bot had not moved yet: the resignation cancels the game (before each player has moved).
        assert game.state == "cancelled" and [m.kind.value for m in game.position.moves] == ["dot", "resign"]
        await until(lambda: _not_thinking(asking, view.id), what="no more thinking")
    finally:
        await asking.close()


async def _none_left(jobs: Any, game_id: int) -> bool:
    return not await jobs.moves_of([game_id])


async def _not_thinking(services: Services, game_id: int) -> bool:
    return not services.opponent.thinking(game_id)


# ----------------------------------------------------------------------------------------------------------------------
# Runners in processes of their own


@pytest.mark.process
@pytest.mark.slow
async def test_a_killed_ai_worker_leaves_its_job_to_be_taken_again_after_its_lease(where: Where) -> None:
    db = where("kill.db")
    asking = await Services.open(db, ai_workers=0, ai_seconds=3.0)  # the bot's job: a 3 s search
    try:
        view = await bot_game(asking, size=15, level="hard")  # hard thinks for all its time
        await asking.opponent.start()
    finally:
        await asking.close()
    watch = await Storage.open(db)
    try:
        with worker(db) as process:
            await process.started()
            await until(lambda: _taken_by(watch.jobs, view.id, 1), what="the ai-worker takes the job")
            await asyncio.sleep(1.0)  # mid-search
            process.kill()
        job = (await watch.jobs.moves_of([view.id]))[0]
        assert job.state == "taken" and job.taken_by is not None and f":{process.proc.pid}:" in job.taken_by
        assert job.lease_until is not None and job.lease_until - time.time() > 5  # 3 s of search and 10 s more
        assert await watch.jobs.take("probe", time.time(), 10.0) is None  # nobody takes it while its lease runs
        # Another runner, once the lease has run out (its clock is 20 s ahead rather than the test waiting 12 s):
        runner = await Services.open(db, ai_workers=1, clock=lambda: time.time() + 20)
        try:
            await runner.opponent.start()
            await until(lambda: _taken_by(watch.jobs, view.id, 2), what="the job taken again")
            again = (await watch.jobs.moves_of([view.id]))[0]
            assert runner.opponent.runner is not None and again.taken_by == runner.opponent.runner.name
            await until(lambda: _ply(runner, view.id, 1), what="the bot's move by the next runner")
            await until(lambda: _none_left(watch.jobs, view.id), what="the job done with")
        finally:
            await runner.close()
    finally:
        await watch.close()


async def _ply(services: Services, game_id: int, ply: int) -> bool:
    return (await services.game(game_id)).ply >= ply


def boards(bot: Bot, chat: int) -> list[str]:
    return [c.params["caption"] for c in bot.fake.sent("sendPhoto", chat)]


@pytest.mark.process
@pytest.mark.slow
async def test_an_ai_worker_process_plays_for_a_bot_that_searches_nothing_and_the_bot_announces_it(
    where: Where,
) -> None:
    db = where("far.db")
    # The ai-worker sets Anna's clock by the real time after its moves: the bot's clock shows the real time too.
    bot = await Bot(db, clock=Clock(time.time()), ai_workers=0, ai_seed=None).start()
    try:
        assert bot.services.opponent.workers == 0 and bot.services.opponent.runner is None
        anna, _, _ = users(bot.fake)
        with worker(db, TOCHKI_AI_SECONDS="0.1") as process:
            await process.started()
            await bot.say(ANNA, anna, "/new ai easy 12x12 empty red")  # the bot (blue) begins
            took = [await until(lambda: _boards(bot, ANNA, 2), what="the ai-worker's first move, announced")]
            assert (await bot.game(1)).ply == 1
            assert "Бот ★" in boards(bot, ANNA)[-1] and "Ваш ход" in boards(bot, ANNA)[-1]
            for _ in range(3):
                view = await bot.services.game(1)
                point = next(iter(view.position.playable_points()))
                shown = len(boards(bot, ANNA))
                await bot.say(ANNA, anna, f"{point.x}-{point.y}")
                took.append(await until(lambda n=shown: _boards(bot, ANNA, n + 2), what="the bot's answer"))
            assert (await bot.game(1)).ply == 7
            assert any(c.method == "sendChatAction" for c in bot.fake.calls)  # "typing…" while it waited
            await bot.say(ANNA, anna, "/hint")  # answered by the ai-worker too
            assert "бот сходил бы" in bot.fake.texts(ANNA)[-1]
            print(f"to the bot's board via the ai-worker (search 0.1 s): {', '.join(f'{t:.2f}' for t in took)} s")
            assert statistics.median(took) < 1.0 and max(took) < 3.0
            assert process.stop() == 0  # SIGTERM: a clean stop
        assert not bot.errors
    finally:
        await bot.stop()


async def _boards(bot: Bot, chat: int, count: int) -> bool:
    return len(boards(bot, chat)) >= count


@pytest.mark.process
def test_an_ai_worker_refuses_what_cannot_work(tmp_path: Any) -> None:
    from tests.support.program import spawn

    missing = spawn(["ai-worker"], {"TOCHKI_DB": str(tmp_path / "none.db")})
    out, _ = missing.communicate(timeout=60)
    assert missing.returncode == 6 and "no database at" in out  # it would make an empty one nobody plays on
    idle = spawn(["ai-worker"], {"TOCHKI_DB": str(tmp_path / "none.db"), "TOCHKI_AI_WORKERS": "0"})
    out, _ = idle.communicate(timeout=60)
    assert idle.returncode == 2 and "TOCHKI_AI_WORKERS" in out


# ----------------------------------------------------------------------------------------------------------------------
# The front end


@pytest.mark.slow
async def test_thinking_is_shown_while_the_job_waits_and_the_job_survives_a_restart(where: Where) -> None:
    db = where("wait.db")
    first = await Bot(db, ai_workers=0).start()
    first.services.opponent.typing_every = 0.2
    anna, _, _ = users(first.fake)
    await first.say(ANNA, anna, "/new ai easy 10x10 empty red")  # nobody searches: the job waits
    await asyncio.sleep(0.7)
    assert first.services.opponent.thinking(1)
    assert len([c for c in first.fake.calls if c.method == "sendChatAction"]) >= 3  # again while it waits
    job = (await first.db.jobs.moves_of([1]))[0]
    assert job.state == "pending" and job.ply == 0
    await first.stop()
    second = await Bot(db, fake=first.fake, ai_workers=1).start()  # a bot that searches
    try:
        await second.services.opponent.settle()
        await second.services.changes.settle()
        assert (await second.game(1)).ply == 1 and len(boards(second, ANNA)) == 2
        assert not await second.db.jobs.moves_of([1])
    finally:
        await second.stop()


@pytest.mark.process
async def test_a_move_an_ai_worker_stored_while_the_bot_was_down_is_announced_once(where: Where) -> None:
    """The bot comes back: its start announces what the outbox owes (the ai-worker's move among it), and the done job
    it then finds is not announced a second time."""
    db = where("down.db")
    asking = await Services.open(db, ai_workers=0, ai_seconds=0.1)
    try:
        view = await bot_game(asking)
        await asking.opponent.start()  # the job
    finally:
        await asking.close()
    far = await Services.open(db, ai_workers=1)  # an ai-worker, in this process
    try:
        await far.opponent.start(front=False)
        await until(lambda: _ply(far, view.id, 1), what="the ai-worker's move")
        await until(lambda: _done(far, view.id), what="its job marked done")
    finally:
        await far.close()
    bot = await Bot(db, ai_workers=0).start()
    try:
        await asyncio.sleep(0.6)  # the bot's looks at the done jobs
        await bot.services.changes.settle()
        captions = boards(bot, ANNA)
        assert len([c for c in captions if "Move 1:" in c or "Ход 1:" in c]) == 1, captions  # the bot's move, once
        assert not await bot.db.jobs.moves_of([view.id])  # the done job was taken, and found told
        assert not bot.errors
    finally:
        await bot.stop()


async def _done(services: Services, game_id: int) -> bool:
    return [job.state for job in await services._core.storage.jobs.moves_of([game_id])] == ["done"]


async def test_a_hint_nobody_searches_for_is_given_up(where: Where, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opponent_module, "HINT_WAIT", 0.3)
    services = await Services.open(where("h.db"), ai_workers=0, ai_seconds=0.1)
    try:
        view = await bot_game(services, bot_first=False)
        with pytest.raises(ServiceError) as refused:
            await services.opponent.hint(view.id, ANNA_P)
        assert refused.value.problem is Problem.NO_HINT_NOW
        assert await services._core.storage.db.row("SELECT COUNT(*) FROM ai_jobs") == (0,)
    finally:
        await services.close()


async def test_a_transaction_cancelled_as_it_begins_leaves_the_database_usable(
    where: Where, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopping a runner cancels its tasks, perhaps while one begins a write: the connection must not stay inside
    that transaction (SQLite said "cannot start a transaction within a transaction" to every later write)."""
    db = await Storage.open(where("c.db"))
    try:
        real = db.db._begin

        async def slow(durable: bool) -> None:
            await real(durable)
            await asyncio.sleep(10)  # cancelled here: begun, not yet inside

        monkeypatch.setattr(db.db, "_begin", slow)
        task = asyncio.get_running_loop().create_task(db.users.upsert(1, "Anna"))
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        monkeypatch.undo()
        await db.users.upsert(2, "Boris")
        assert (await db.users.get(2)) is not None and (await db.users.get(1)) is None
    finally:
        await db.close()
