"""Where pictures are drawn: off the event loop, in worker processes, so that drawing never holds the bot's GIL.

A board picture costs about 8 ms of CPU (2.7 ms drawing, 5 ms PNG compression) on 39x32. Drawn in threads of the
bot's own process, the drawing threads and the event loop take turns at the GIL, and every reply waits for a turn:
on two cores the bot then carried about 90-100 moves a second. Drawn in worker processes, the same machine carries
130-145 (``python -m benchmarks.bot``). A worker that dies (killed, out of memory) is replaced and the picture
drawn again; when workers keep dying, pictures are drawn in threads: a move's board is never lost to a drawing
worker.

``workers=0`` draws in threads (no processes to start: the tests' default, and the choice for a machine with one
core and little memory).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from render import STANDARD, BoardView, Window, render_png

from .processes import pool, stop

log = logging.getLogger(__name__)

GIVE_UP_AFTER = 3
"""Pools broken in a row (no picture drawn in between) after which the painter draws in threads for good: workers
that die as they start (a broken installation, no memory for them) would otherwise be started again for every
picture."""


def _warm() -> int:
    """Load the renderer's fonts and sprites in a new worker, so that the first board it draws is not the slow one."""
    empty = ((None,) * 10,) * 10
    render_png(BoardView(width=10, height=10, dots=empty, owners=empty))
    return os.getpid()


class Painter:
    """Draws PNG pictures of boards in ``workers`` worker processes (0: in threads of this process)."""

    def __init__(self, workers: int) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, not {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._breakages = 0
        """Pools broken since the last picture a worker drew."""

    def start(self) -> None:
        """Start the worker processes now and let each load the renderer, in the background (the first boards then
        do not wait for a process to start). Without it they start with the first picture."""
        if self.workers:
            pool = self._executor()
            for _ in range(self.workers):
                pool.submit(_warm)

    async def png(
        self,
        view: BoardView,
        *,
        max_side: int = STANDARD,
        crop: Window | None = None,
        compress_level: int = 3,
    ) -> bytes:
        """The PNG of ``view`` (see ``render.render_png``), drawn off the event loop."""
        draw = functools.partial(render_png, view, max_side=max_side, crop=crop, compress_level=compress_level)
        if self.workers and self._breakages < GIVE_UP_AFTER:
            loop = asyncio.get_running_loop()
            while self._breakages < GIVE_UP_AFTER:
                pool = self._executor()
                try:
                    png = await loop.run_in_executor(pool, draw)
                except BrokenProcessPool:
                    if self._pool is pool:  # the first to see it replaces the pool; a picture drawn at the same time
                        self._pool = None  # by the same pool just tries again
                        self._breakages += 1
                        pool.shutdown(wait=False, cancel_futures=True)
                        if self._breakages < GIVE_UP_AFTER:
                            log.warning("a drawing worker died; starting new ones")
                        else:
                            log.error("drawing workers die as they start; pictures are drawn in threads from now on")
                else:
                    self._breakages = 0
                    return png
        return await asyncio.to_thread(draw)

    def close(self) -> None:
        """Stop the worker processes (pictures being drawn are dropped). The painter can be used again after."""
        pool, self._pool = self._pool, None
        if pool is not None:
            stop(pool)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = pool(self.workers)
        return self._pool
