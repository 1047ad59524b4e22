"""Updates run concurrently across chats and strictly in order within a chat, and no chat can starve the others.

PTB's own processor takes one of its concurrency slots before an update waits for anything, so 300 updates queued
behind one busy group held every slot while another chat's ``/help`` waited. Here an update first waits for its
chat's turn (a lock per chat: waiting costs nothing but a task), and only then takes one of the worker slots. So a
chat uses at most one worker at a time, whatever its backlog.

A chat's backlog is also kept small: identical read-only commands waiting in it are answered once, a person who
sends more than ``USER_RATE`` commands a minute is not heard for a while, and a backlog longer than ``BACKLOG`` takes
no more messages. Button presses have a lane of their own per chat, so they are answered at once even behind a flood
of messages (a move by button and a move by text still meet at the game's lock, and the stored ply keeps them apart).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from ..services.support import LRU

log = logging.getLogger(__name__)
SEEN = 20_000
"""How many recent update ids are remembered to drop repeats (the database guards every write as well)."""
BACKLOG = 100
"""Messages a chat may have waiting; more are dropped until it catches up."""
USER_RATE = 60
"""Commands (and private messages) a person may send a minute: a burst of that many, then one a second. Plain
group chatter does not count: the bot reads it but answers none of it."""
SAME_FOR_ALL = frozenset({"help", "rules", "stats", "top"})
"""Read-only commands whose answer is the same whoever asks: repeats waiting together need one answer."""
READ_ONLY = SAME_FOR_ALL | {"start", "board", "games", "me", "zoom", "sgf", "png"}
"""Read-only commands: a person's repeats of one (the same words, replying to the same message) need one answer."""
UNLIMITED = 1_000_000
"""PTB's own semaphore is made too large to ever wait: this processor limits concurrency itself."""


def order_key(update: object) -> Hashable | None:
    """Updates with the same key are handled one after another: a chat's messages; a chat's button presses;
    else the person's updates (inline queries)."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        if update.callback_query is not None:
            return ("press", update.effective_chat.id)
        return update.effective_chat.id
    if update.effective_user is not None:
        return ("user", update.effective_user.id)
    return None


def signature(update: Update) -> tuple[Any, ...] | None:
    """What makes two read-only commands in one chat the same request (``/rules`` and ``/rules@bot`` from anyone;
    ``/me`` from the same person), or ``None``."""
    message = update.message
    if message is None or not message.text or not message.text.startswith("/"):
        return None
    command, _, rest = message.text[1:].partition(" ")
    command = command.split("@", 1)[0].lower()
    if command not in READ_ONLY:
        return None
    place = (message.chat_id, message.message_thread_id or 0, command, rest.strip())
    if command in SAME_FOR_ALL:
        return place
    sender = message.from_user.id if message.from_user else 0
    replied = message.reply_to_message.message_id if message.reply_to_message else 0
    return (*place, sender, replied)


@dataclass
class _Lane:
    """One chat's (or person's) line of updates."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: int = 0
    pending: set[tuple[Any, ...]] = field(default_factory=set)


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Per-chat order first, then one of ``workers`` slots; repeats dropped; floods bounded."""

    def __init__(
        self,
        workers: int,
        *,
        backlog: int = BACKLOG,
        user_rate: float = USER_RATE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(UNLIMITED)
        self.workers = workers
        self.backlog = backlog
        self.user_rate = user_rate
        self._clock = clock
        self._slots: asyncio.Semaphore | None = None
        self._lanes: dict[Hashable, _Lane] = {}
        self._seen: OrderedDict[int, None] = OrderedDict()
        self._speakers: LRU[int, tuple[float, float]] = LRU(1024)  # an untouched bucket is full within a minute
        self.dropped = 0
        """Updates dropped as repeats, floods or over a person's rate (for logs and tests)."""

    def _repeat(self, update: Update) -> bool:
        if update.update_id in self._seen:
            return True
        self._seen[update.update_id] = None
        if len(self._seen) > SEEN:
            self._seen.popitem(last=False)
        return False

    def _too_talkative(self, update: Update) -> bool:
        """A person's commands or private messages beyond their rate (a token bucket of ``user_rate`` a minute)."""
        message = update.message
        if message is None or update.effective_user is None:
            return False
        if message.chat.type != "private" and not (message.text or "").startswith("/"):
            return False
        now = self._clock()
        tokens, then = self._speakers.get(update.effective_user.id) or (self.user_rate, now)
        tokens = min(self.user_rate, tokens + (now - then) * self.user_rate / 60)
        if tokens < 1:
            self._speakers.put(update.effective_user.id, (tokens, now))
            return True
        self._speakers.put(update.effective_user.id, (tokens - 1, now))
        return False

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        if isinstance(update, Update) and (reason := self._refuse(update)) is not None:
            self.dropped += 1
            log.info("update %s dropped: %s", update.update_id, reason)
            if asyncio.iscoroutine(coroutine):
                coroutine.close()
            return
        key = order_key(update)
        if key is None:
            async with self._slots:
                await coroutine
            return
        lane = self._lanes.setdefault(key, _Lane())
        sig = signature(update) if isinstance(update, Update) else None
        lane.waiting += 1
        if sig is not None:
            lane.pending.add(sig)
        try:
            async with lane.lock:
                if sig is not None:
                    lane.pending.discard(sig)  # from now on an identical command is a new request
                async with self._slots:
                    await coroutine
        finally:
            lane.waiting -= 1
            if lane.waiting == 0:
                self._lanes.pop(key, None)

    def _refuse(self, update: Update) -> str | None:
        """Why this update is not handled at all, or ``None``."""
        if self._repeat(update):
            return "a repeat"
        key = order_key(update)
        lane = self._lanes.get(key) if key is not None else None
        sig = signature(update)
        if lane is not None and sig is not None and sig in lane.pending:
            return "the same command already waits in this chat"
        if update.message is not None:
            if self._too_talkative(update):
                return "the sender is over their rate"
            if lane is not None and lane.waiting >= self.backlog:
                return "the chat's backlog is full"
        return None

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to free."""
