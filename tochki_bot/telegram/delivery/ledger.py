"""What each chat has been sent: the one budget that keeps the bot inside Telegram's flood limits.

Telegram takes about 20 messages a minute in one group (sends and edits alike; answering a button press costs
nothing), about one a second in a private chat (a short burst more), and about 30 a second in all. Past that it
answers 429 "retry after N", and the chat waits. The ledger counts what was actually sent, per chat, in the same
form: a sliding window for a group, a small bucket refilled at a steady rate for a private chat. Nothing else keeps
count (the HTTP layer's rate limiter only spreads the overall rate and waits out a 429 it is given anyway), so the
planner in ``postbox`` that asks "may one more go now, and if not, when?" gets one answer.

Within a group's window the messages are also spread: a bucket of ``burst`` messages, refilled at the window's
rate (20 a minute: one every 3 s). Without it the bot could spend a window's 20 messages in its first 30 seconds
(a game's start, a few answers, the boards) and then post nothing for half a minute; with it, a board waits at
most a few seconds.

A 429 that comes all the same (another process of the bot writing to the same group, a clock that drifted) is
written down too: the chat takes nothing until Telegram's wait is over.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ...services.support import LRU


@dataclass(frozen=True, slots=True)
class Limits:
    """Telegram's flood limits, as the bot keeps to them."""

    group: int = 20
    """Messages one group takes in ``window`` seconds."""
    window: float = 60.0
    """The group limit's sliding window, in seconds."""
    margin: float = 1.0
    """Seconds added to the window, so that a message Telegram counts a little later than it was sent (the
    network) is still out of the window Telegram keeps."""
    burst: int = 5
    """Messages a group may take one after another; then one every ``(window + margin) / group`` seconds."""
    private_burst: int = 3
    """A private chat takes a burst of this many messages..."""
    private_rate: float = 1.0
    """...then this many a second."""

    @property
    def unlimited(self) -> bool:
        """No group limit worth planning for (tests that do not look at limits)."""
        return self.group >= 10_000


class Ledger:
    """The messages sent to each chat, as far back as Telegram's limits look.

    Only the ``size`` chats heard from last are kept: a chat untouched for a window has its whole budget back."""

    def __init__(
        self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic, size: int = 4096
    ) -> None:
        self.limits = limits or Limits()
        self._clock = clock
        self._groups: LRU[int, deque[float]] = LRU(size)
        self._buckets: LRU[int, tuple[float, float]] = LRU(size)
        """Group -> (tokens, when they were counted): the spreading of its window."""
        self._private: LRU[int, tuple[float, float]] = LRU(size)
        self._blocked: LRU[int, float] = LRU(size)

    def now(self) -> float:
        return self._clock()

    def _sent(self, chat_id: int, now: float) -> deque[float]:
        sent = self._groups.get(chat_id)
        if sent is None:
            sent = deque()
            self._groups.put(chat_id, sent)
        span = self.limits.window + self.limits.margin
        while sent and sent[0] <= now - span:
            sent.popleft()
        return sent

    def _rate(self) -> float:
        """A group's refill rate, in messages a second."""
        return self.limits.group / (self.limits.window + self.limits.margin)

    def _tokens(self, chat_id: int, now: float) -> float:
        limits = self.limits
        if chat_id < 0:
            tokens, then = self._buckets.get(chat_id) or (float(limits.burst), now)
            return min(float(limits.burst), tokens + (now - then) * self._rate())
        tokens, then = self._private.get(chat_id) or (float(limits.private_burst), now)
        return min(float(limits.private_burst), tokens + (now - then) * limits.private_rate)

    def free(self, chat_id: int) -> int:
        """How many messages ``chat_id`` may take now, one after another."""
        now = self.now()
        if (self._blocked.get(chat_id) or 0.0) > now:
            return 0
        if chat_id < 0:
            window = self.limits.group - len(self._sent(chat_id, now))
            return max(0, min(window, int(self._tokens(chat_id, now) + 1e-9)))
        return int(self._tokens(chat_id, now) + 1e-9)

    def room(self, chat_id: int) -> int:
        """How many messages ``chat_id``'s window still takes (a group's sliding minute; a private chat has none):
        an album must fit in it whole."""
        if chat_id > 0:
            return 1 << 30
        return max(0, self.limits.group - len(self._sent(chat_id, self.now())))

    def wait(self, chat_id: int, count: int = 1, *, cost: int = 1) -> float:
        """Seconds until ``chat_id`` may take ``count`` more messages (0: now), if nothing else is sent meanwhile.
        ``cost`` > 1: the last of them is an album of that many messages in a group: it must fit in the window
        whole, and may take the spreading bucket below zero (it needs up to a burst of it at once)."""
        now = self.now()
        blocked = max(0.0, (self._blocked.get(chat_id) or 0.0) - now)
        limits = self.limits
        extra = cost - 1 if chat_id < 0 else 0
        short = count + min(extra, limits.burst - 1) - self._tokens(chat_id, now)
        rate = self._rate() if chat_id < 0 else limits.private_rate
        spread = short / rate if short > 0 else 0.0
        if chat_id > 0:
            return max(blocked, spread)
        sent = self._sent(chat_id, now)
        over = len(sent) + count + extra - limits.group
        if over <= 0:
            return max(blocked, spread)
        if over > len(sent):  # past this window: the next ones go at the group's rate
            return max(blocked, spread, (over - len(sent)) / self._rate() + (sent[-1] - now if sent else 0.0))
        # The ``over``-th oldest message has to leave the window first.
        return max(blocked, spread, sent[over - 1] + limits.window + limits.margin - now)

    def recent(self, chat_id: int, seconds: float) -> int:
        """Messages sent to a group in the last ``seconds`` (at most a window back)."""
        if chat_id > 0:
            return 0
        now = self.now()
        return sum(1 for at in self._sent(chat_id, now) if at > now - seconds)

    def room_wait(self, chat_id: int, count: int) -> float:
        """Seconds until ``chat_id``'s window has room for ``count`` more messages (a group's sliding minute; 0 for a
        private chat), if nothing else is sent meanwhile. The spreading is not counted (``wait`` counts both)."""
        if chat_id > 0:
            return 0.0
        now = self.now()
        sent = self._sent(chat_id, now)
        over = len(sent) + count - self.limits.group
        if over <= 0:
            return 0.0
        if over > len(sent):
            return float("inf")  # more than a window holds
        return sent[over - 1] + self.limits.window + self.limits.margin - now

    def spend(self, chat_id: int, cost: int = 1) -> None:
        """A message went to ``chat_id`` (``cost``: an album of that many, in a group)."""
        now = self.now()
        if chat_id < 0:
            self._sent(chat_id, now).extend([now] * cost)
            self._buckets.put(chat_id, (self._tokens(chat_id, now) - cost, now))
        else:
            self._private.put(chat_id, (self._tokens(chat_id, now) - 1, now))

    def refused(self, chat_id: int, retry_after: float) -> None:
        """Telegram answered 429 for ``chat_id``: it takes nothing for ``retry_after`` seconds."""
        until = self.now() + retry_after
        self._blocked.put(chat_id, max(until, self._blocked.get(chat_id) or 0.0))


__all__ = ["Ledger", "Limits"]
