"""A message budget per group: Telegram takes about 20 messages a minute in one group, edits included.

Boards always go (the rate limiter makes them wait if it must). Everything else is sent only while the group's
budget has room to spare, so that an answer to a typo or the removal of an old keyboard never delays a board.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import IntEnum

from ..services.support import LRU


class Priority(IntEnum):
    """How much a message matters; the number is how many messages of the minute's budget must stay free."""

    BOARD = -1_000
    """A board, or anything the game cannot go on without: always sent."""
    NORMAL = 2
    """An answer to a command, a question, a lobby."""
    LOW = 8
    """An answer to bad input, an edit that tidies up (old keyboards, answered questions)."""


class GroupBudget:
    """Token buckets, one per group chat: ``per_minute`` tokens, refilled evenly over the minute.

    Only the ``size`` groups heard from last are kept: a bucket untouched for a minute is full again anyway."""

    def __init__(self, per_minute: float = 20, clock: Callable[[], float] = time.monotonic, size: int = 1024) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._buckets: LRU[int, tuple[float, float]] = LRU(size)

    def spend(self, chat_id: int, priority: Priority) -> bool:
        """Take one message from the chat's budget if ``priority`` allows it now; private chats are not limited."""
        if chat_id > 0:
            return True
        now = self._clock()
        tokens, then = self._buckets.get(chat_id) or (self.per_minute, now)
        tokens = min(self.per_minute, tokens + (now - then) * self.per_minute / 60)
        if tokens - 1 < priority:
            self._buckets.put(chat_id, (tokens, now))
            return False
        self._buckets.put(chat_id, (tokens - 1, now))
        return True

    def left(self, chat_id: int) -> float:
        """Messages left in the chat's budget now (for tests and logs)."""
        now = self._clock()
        tokens, then = self._buckets.get(chat_id) or (self.per_minute, now)
        return min(self.per_minute, tokens + (now - then) * self.per_minute / 60)
