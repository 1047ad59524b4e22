"""The clock's wake-ups: a pass runs when the next reminder or deadline is due, not only every ``clock_interval``.

The services tell the next due time (``GameClock.next_due``, the earliest ``alert_at`` in the database); the watch
sleeps until then and runs the bot's clock pass (``app.run_clock``: reminders, losses on time, their announcements).
A change of any game, made here or in another worker (PostgreSQL's notices reach ``Changes.watch``), may bring a
due time closer, so it wakes the watch, which asks again (changes within ``SETTLE`` seconds are asked about once:
under load a move a millisecond costs a query every ``SETTLE`` seconds). Several workers each run a watch; the
pass is one at a time across them (``GameClock.tick`` leads or finds nothing), and a worker that found another
leading looks again shortly after, so a due time is never left to a pass that began before it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from ..services import Services

log = logging.getLogger(__name__)

SETTLE = 0.1
"""Seconds a wake-up by a change waits for more changes before asking for the next due time."""
AGAIN = 0.25
"""Seconds before looking again when a due time is still there after a pass (another worker was leading)."""
LONGEST = 300.0
"""The longest sleep without asking again (a guard against clocks that jump)."""


async def stop_task(task: asyncio.Task[None] | None) -> None:
    """Cancel a watch's task and wait for it to end (``None``, or one that ended: nothing to do)."""
    if task is None or task.done():
        return
    if task.get_loop() is not asyncio.get_running_loop():
        # Started on a loop that is gone (a stop that cut the start short, and the shutdown on a loop of its own):
        # there is nothing left to run it, nor to wait for.
        with contextlib.suppress(RuntimeError):
            task.cancel()
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


class DeadlineWatch:
    """Runs ``run_pass`` at every due time of the clock, until ``stop``."""

    def __init__(self, services: Services, run_pass: Callable[[], Awaitable[object]]) -> None:
        self._services = services
        self._run_pass = run_pass
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._unwatch: Callable[[], None] | None = None
        self.passes = 0
        """Passes run (for logs and tests)."""

    def start(self) -> None:
        self._unwatch = self._services.changes.watch(lambda game_id: self._changed.set())
        self._task = asyncio.get_running_loop().create_task(self._run(), name="deadlines")

    async def stop(self) -> None:
        if self._unwatch is not None:
            self._unwatch()
        task, self._task = self._task, None
        await stop_task(task)

    async def _run(self) -> None:
        stuck = 0
        while True:
            try:
                due = await self._services.clock.next_due()
            except Exception:
                log.warning("could not ask the database when the clock is next due", exc_info=True)
                due = self._services.now + AGAIN * 8
            wait = LONGEST if due is None else min(LONGEST, due - self._services.now)
            if wait <= 0:
                if stuck:  # still due after a pass: another worker leads, or the game could not be attended to
                    await asyncio.sleep(min(LONGEST, AGAIN * 2 ** min(stuck - 1, 10)))
                stuck += 1
                try:
                    await self._run_pass()
                    self.passes += 1
                except Exception:
                    log.exception("the clock's pass at a due time failed")
                continue
            stuck = 0
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), wait)
            if self._changed.is_set():
                await asyncio.sleep(SETTLE)  # let a burst of changes pass: one question for all of them


__all__ = ["DeadlineWatch", "stop_task"]
