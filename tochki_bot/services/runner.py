"""The AI's job runner: takes the bot's searches from the database's job queue and runs them in worker processes.

Any process may run one: every bot process by default (``TOCHKI_AI_WORKERS`` searches at once, the machine's cores
unless set; ``0``: none), and ``tochki-bot ai-worker`` runs nothing else, on this machine or, with PostgreSQL,
another one. A runner takes a job only when one of its worker processes is free, so the jobs wait in the database
for whichever runner is free first, in the order they came; adding runners adds capacity.

A job is taken under a lease of its search time and ``LEASE_GRACE`` more. A runner that stops gives its jobs back;
one that dies (killed, its machine gone) leaves them to be taken again by any runner once the lease has run out. A
job taken ``MAX_ATTEMPTS`` times without an end (a position that kills its worker, say) is answered without a search.
What a job's result does (the bot's move, a hint) is the ``Opponent``'s business, and a review's span the
``Reviews``' (through ``Opponent.handle``): the runner hands each job it took to its handler.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from storage import Job

from ..ai import prepare
from ..engine import Game, Point
from ..processes import pool, stop
from .core import Core
from .search import NAMED_ACTIONS, Action, search

log = logging.getLogger(__name__)
T = TypeVar("T")

POLL = 0.2
"""Seconds between looks at the queue while this runner has a free worker and saw no job (a job added in this process
wakes it at once)."""
LEASE_GRACE = 10.0
"""Seconds a job's lease lasts beyond its search time: the time to start a worker process, store the move."""
MAX_ATTEMPTS = 3
"""A job taken more often than this is answered without a search (the fallback point)."""
PAUSE = 2.0
"""Seconds to wait after the database failed a look at the queue (a server restarting): no log flood meanwhile."""

Handler = Callable[[Job], Awaitable[None]]
"""What is done with a job once taken (it calls ``Runner.search``)."""


def runner_name() -> str:
    """A name no other runner has: the host, the process and a random part (a process may run several)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def action_text(action: Action) -> str:
    """An action as stored in a job's result: ``x-y`` for a dot, else its name.

    >>> action_text(Point(3, 4)), action_text("ground")
    ('3-4', 'ground')
    """
    return str(action) if isinstance(action, Point) else action


def parse_action(text: str) -> Action:
    """The action a job's result names (``action_text`` read back).

    >>> parse_action("3-4"), parse_action("stop")
    (Point(x=3, y=4), 'stop')
    """
    if text in NAMED_ACTIONS:
        return text
    x, _, y = text.partition("-")
    return Point(int(x), int(y))


async def end_task(task: asyncio.Task[None]) -> None:
    """Cancel ``task`` and wait for it to end, unless it ran on another event loop (one that has ended: a test that
    started the services on one loop and closes them on another): then it ended with its loop."""
    if task.get_loop() is not asyncio.get_running_loop():
        return
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


class Runner:
    """Takes jobs while it has a free worker process, and hands each to ``handle``."""

    def __init__(
        self,
        core: Core,
        handle: Handler,
        workers: int,
        *,
        name: str | None = None,
        poll: float = POLL,
        grace: float = LEASE_GRACE,
    ) -> None:
        if workers < 1:
            raise ValueError("a runner needs at least one worker")
        self._core = core
        self._handle = handle
        self.workers = workers
        """Searches at once (worker processes)."""
        self.name = name or runner_name()
        """Who took a job, as stored in it."""
        self.poll = poll
        self.grace = grace
        self._pool: Executor | None = None
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._dispatcher: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        """Whether a job taken by this runner is under way."""
        return bool(self._tasks)

    def start(self) -> None:
        """Start taking jobs (once)."""
        if self._dispatcher is None:
            self._dispatcher = asyncio.get_running_loop().create_task(self._dispatch())

    def wake(self) -> None:
        """A job was added in this process: look now rather than at the next poll."""
        self._wake.set()

    async def close(self) -> None:
        """Stop taking jobs, cancel the searches under way (their results are not used) and give their jobs back to
        the queue, to be taken at once by any runner."""
        if self._dispatcher is not None:
            await end_task(self._dispatcher)
            self._dispatcher = None
        for task in list(self._tasks):
            await end_task(task)
        self._tasks.clear()
        try:
            given = await self._core.storage.jobs.release(self.name)
            if given:
                log.info("gave back %d AI jobs", given)
        except Exception:
            log.warning("could not give back the AI's jobs (taken again when their leases run out)", exc_info=True)
        if self._pool is not None:
            stop(self._pool)
            self._pool = None

    # --------------------------------------------------------------------------------------------------------------

    async def _dispatch(self) -> None:
        jobs = self._core.storage.jobs
        while True:
            self._wake.clear()
            try:
                while len(self._tasks) < self.workers:
                    now = self._core.clock()
                    if not await jobs.waiting(now):  # a read first: no write while the queue is empty
                        break
                    job = await jobs.take(self.name, now, self.grace)
                    if job is None:
                        break
                    task = asyncio.get_running_loop().create_task(self._run(job))
                    self._tasks.add(task)
                    task.add_done_callback(self._ended)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the AI's runner could not take a job; it tries again in %g s", PAUSE)
                await asyncio.sleep(PAUSE)
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for loses a cancellation that arrives as the event is
            # set (it returns instead), and this loop would never end: close() would wait for it forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll):
                    await self._wake.wait()

    def _ended(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        self._wake.set()  # a worker is free

    async def _run(self, job: Job) -> None:
        try:
            await self._handle(job)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The job stays taken: it is taken again when its lease runs out (and answered without a search after
            # MAX_ATTEMPTS).
            log.exception("the AI's job %s (game %s at move %s) failed", job.id, job.game_id, job.ply)

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = pool(self.workers, start=prepare)
        return self._pool

    async def search(self, job: Job, game: Game) -> Action:
        """The job's search on ``game``, in a worker process (a worker that died is replaced, and it is tried once
        more)."""
        return await self.run(search, game.settings, game.moves, job.level, job.seconds, job.seed, job.kind == "hint")

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker process (a worker that died is replaced, and it is tried once more; a second
        death raises ``BrokenProcessPool``)."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                return await loop.run_in_executor(self._executor(), work, *args)
            except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool, and once more
                log.warning("a search worker died; starting new ones", exc_info=attempt > 0)
                broken, self._pool = self._pool, None
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
                if attempt:
                    raise
        raise AssertionError("unreachable")


__all__ = [
    "LEASE_GRACE",
    "MAX_ATTEMPTS",
    "PAUSE",
    "POLL",
    "Runner",
    "action_text",
    "end_task",
    "parse_action",
    "runner_name",
]
