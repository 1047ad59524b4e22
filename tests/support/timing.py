"""Timing a search on a shared machine: a wait for a core is not the search's doing."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def best_time(call: Callable[[], T], limit: float, tries: int = 3) -> tuple[T, list[float]]:
    """Call ``call`` until it returns within ``limit`` seconds by the wall clock, at most ``tries`` times; its last
    result and every time taken. A search that overruns its budget overruns every time; one that waited for a core
    on a busy machine (the whole suite beside it) keeps it the next time."""
    times: list[float] = []
    while True:
        t = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - t)
        if times[-1] <= limit or len(times) == tries:
            return result, times
