"""Worker processes that end with the process that started them.

The bot draws its pictures and searches its moves in pools of worker processes (``spawn``). A worker waits for work
on a pipe from its parent; when the parent is killed (``kill -9``, out of memory) the worker is left behind, adopted
by init, holding its memory for good. ``pool`` makes workers that look every second whether their parent is still
the one that started them, and end at once when it is not.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

WATCH_EVERY = 1.0
"""Seconds between a worker's looks at its parent."""


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)


def _end_with(parent: int, start: Callable[[], None] | None = None) -> None:
    """In a new worker: end it as soon as ``parent`` is no longer its parent; then call ``start``, if any."""
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if start is not None:
        start()


def pool(workers: int, start: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    """``workers`` spawned worker processes that end with this process, even when it is killed. Each calls
    ``start`` (a module-level function) when it starts: the search workers get the AI's compiled search ready."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_end_with,
        initargs=(os.getpid(), start),
    )


def stop(executor: Executor, *, join: float = 2.0) -> None:
    """Stop a pool at once: the work not started is cancelled, its workers are ended (nothing they were doing is
    wanted any more) and its managing thread gets ``join`` seconds to end.

    Left to end on its own, the managing thread may still be closing its pipe when the process exits, and Python
    3.11's exit hook then writes to the closed pipe (``OSError: Bad file descriptor`` at exit, found by the CI)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    manager = getattr(executor, "_executor_manager_thread", None) if isinstance(executor, ProcessPoolExecutor) else None
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):  # it has ended already
            process.terminate()
    if isinstance(manager, threading.Thread) and manager is not threading.current_thread():
        manager.join(join)


__all__ = ["WATCH_EVERY", "pool", "stop"]
