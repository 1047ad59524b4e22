"""Updates run concurrently across chats and strictly in order within a chat, and no chat can starve the others.

PTB's own processor takes one of its concurrency slots before an update waits for anything, so 300 updates queued
behind one busy group held every slot while another chat's ``/help`` waited. Here an update first waits for its
chat's turn (a line per chat: waiting costs nothing but a task), and only then takes one of the worker slots. So a
chat uses at most one worker at a time, whatever its backlog.

A chat's backlog is also kept small, and a flood costs the people who make it, not the others: identical read-only
commands waiting in it are answered once, a person who sends more than ``USER_RATE`` commands a minute is not heard
for a while, and a person with ``SENDER_BACKLOG`` messages waiting in a chat is not heard there until some of them
are handled. ``BACKLOG`` bounds a chat's line in all, as a guard on memory when many people flood at once: a message
past it takes the place of the newest one waiting from whoever has the most waiting, so a person with few messages
waiting (the player to move) is heard even then. Button presses have a lane of their own per chat, so they are
answered at once even behind a flood of messages (a move by button and a move by text still meet at the game's
lock, and the stored ply keeps them apart).

Several workers behind one webhook (``exclusive``): each update is handled under its line's lock held across every
worker (``"chat"``, ``"press"`` or ``"user"`` and the id), so two workers never handle updates of one chat at once;
and each update taken is reported ``finished`` once handled or dropped (the inbox's bookkeeping).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from ..services.support import LRU

log = logging.getLogger(__name__)
SEEN = 20_000
"""How many recent update ids are remembered to drop repeats (the database guards every write as well)."""
SENDER_BACKLOG = 20
"""Messages one sender (a person, or a chat that posts as itself) may have in one chat's line, the one being handled
included; more of theirs are dropped until some are handled. Their flood costs them, not the others in the chat."""
BACKLOG = 1_000
"""Updates a chat's line may hold in all (presses have a line of their own): a guard on memory, reached only when
many people flood at once. A message past it takes the place of the newest waiting message of the sender with the
most in the line, if they keep at least as many as the newcomer then has; else it is dropped. Only messages are
dropped for a full line: edits, member changes and presses always wait their turn."""
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


def lock_of(key: Hashable) -> tuple[str, int] | None:
    """The lock across workers of a line (``order_key``): ``("chat", id)``, ``("press", id)``, ``("user", id)``."""
    if isinstance(key, int):
        return ("chat", key)
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str) and isinstance(key[1], int):
        return (key[0], key[1])
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


@dataclass(eq=False)
class _Turn:
    """One update in a lane. It runs when it heads the lane: at once if the lane was empty (``ready`` is ``None``),
    else when ``ready`` says ``True``; ``False`` means it was crowded out while waiting."""

    update_id: int
    sender: Hashable | None
    """Who sent the message (a person's or a channel's id), or ``None`` for updates that are not messages."""
    sig: tuple[Any, ...] | None
    ready: asyncio.Future[bool] | None
    gone: bool = False
    """Out of the lane (handled, crowded out or cancelled)."""


@dataclass
class _Lane:
    """One chat's (or person's) line of updates: the head is being handled, the rest wait in order."""

    queue: deque[_Turn] = field(default_factory=deque)
    senders: dict[Hashable, deque[_Turn]] = field(default_factory=dict)
    """Each sender's messages in the lane, oldest first."""
    pending: dict[tuple[Any, ...], _Turn] = field(default_factory=dict)
    """Read-only commands waiting (not started yet), by signature."""


def sender_of(update: Update) -> Hashable | None:
    """Whose backlog a message counts in: its sender (a person, or the chat it was sent on behalf of)."""
    if update.message is None:
        return None
    sender = update.effective_sender
    return sender.id if sender is not None else 0


def _close(coroutine: Awaitable[Any]) -> None:
    if asyncio.iscoroutine(coroutine):
        coroutine.close()


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Per-chat order first, then one of ``workers`` slots; repeats dropped; floods bounded per sender."""

    def __init__(
        self,
        workers: int,
        *,
        backlog: int = BACKLOG,
        sender_backlog: int = SENDER_BACKLOG,
        user_rate: float = USER_RATE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(UNLIMITED)
        self.workers = workers
        self.backlog = backlog
        self.sender_backlog = sender_backlog
        self.user_rate = user_rate
        self._clock = clock
        self._slots: asyncio.Semaphore | None = None
        self._lanes: dict[Hashable, _Lane] = {}
        self._seen: OrderedDict[int, None] = OrderedDict()
        self._speakers: LRU[int, tuple[float, float]] = LRU(1024)  # an untouched bucket is full within a minute
        self.dropped = 0
        """Updates dropped as repeats, floods or over a person's rate (for logs and tests)."""
        self.exclusive: Callable[[str, int], AbstractAsyncContextManager[None]] | None = None
        """Several workers: the lock across workers an update's line is handled under."""
        self.finished: Callable[[int], Awaitable[None]] | None = None
        """Several workers: told of each update handled or dropped (not of one cut short by a stop)."""

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

    def _drop(self, update_id: int, reason: str) -> None:
        self.dropped += 1
        log.info("update %s dropped: %s", update_id, reason)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        await self._process(update, coroutine)
        if self.finished is not None and isinstance(update, Update):
            await self.finished(update.update_id)

    def _guard(self, key: Hashable) -> AbstractAsyncContextManager[None]:
        lock = lock_of(key) if self.exclusive is not None else None
        if lock is None or self.exclusive is None:
            return contextlib.nullcontext()
        return self.exclusive(*lock)

    async def _process(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        key = order_key(update)
        lane = self._lanes.get(key) if key is not None else None
        if isinstance(update, Update) and (reason := self._refuse(update, lane)) is not None:
            self._drop(update.update_id, reason)
            _close(coroutine)
            return
        if key is None or not isinstance(update, Update):
            async with self._slots:
                await coroutine
            return
        if lane is None:
            lane = self._lanes[key] = _Lane()
        turn = self._join(lane, update)
        started = False
        try:
            if turn.ready is not None and not await turn.ready:
                return  # crowded out while waiting (and already out of the lane)
            if turn.sig is not None and lane.pending.get(turn.sig) is turn:
                del lane.pending[turn.sig]  # from now on an identical command is a new request
            async with self._guard(key), self._slots:
                started = True
                await coroutine
        finally:
            if not started:
                _close(coroutine)  # crowded out, or cancelled before its turn
            self._leave(key, lane, turn)

    def _refuse(self, update: Update, lane: _Lane | None) -> str | None:
        """Why this update is not handled at all, or ``None`` (room is made for it if its chat is full)."""
        if self._repeat(update):
            return "a repeat"
        sig = signature(update)
        if lane is not None and sig is not None and sig in lane.pending:
            return "the same command already waits in this chat"
        if update.message is None:
            return None
        if self._too_talkative(update):
            return "the sender is over their rate"
        if lane is None:
            return None
        mine = len(lane.senders.get(sender_of(update), ()))
        if mine >= self.sender_backlog:
            return "the sender's backlog in this chat is full"
        if len(lane.queue) >= self.backlog and not self._crowd_out(lane, mine):
            return "the chat's backlog is full"
        return None

    def _crowd_out(self, lane: _Lane, mine: int) -> bool:
        """Make room in a full lane for a sender with ``mine`` messages in it: drop the newest waiting message of
        the sender with the most, if they keep at least as many as the newcomer will have. Whether it did."""
        busiest = max(lane.senders.values(), key=len, default=None)
        if busiest is None or len(busiest) < mine + 2:
            return False
        victim = busiest[-1]  # not the head of the lane: its sender has an older message there
        self._remove(lane, victim)
        if victim.ready is not None and not victim.ready.done():
            victim.ready.set_result(False)
        self._drop(victim.update_id, "crowded out of a full chat by a sender with fewer messages waiting")
        return True

    def _join(self, lane: _Lane, update: Update) -> _Turn:
        ready = asyncio.get_running_loop().create_future() if lane.queue else None
        turn = _Turn(update.update_id, sender_of(update), signature(update), ready)
        lane.queue.append(turn)
        if turn.sender is not None:
            lane.senders.setdefault(turn.sender, deque()).append(turn)
        if turn.sig is not None:
            lane.pending[turn.sig] = turn
        return turn

    def _remove(self, lane: _Lane, turn: _Turn) -> None:
        turn.gone = True
        lane.queue.remove(turn)
        if turn.sender is not None:
            mine = lane.senders[turn.sender]
            mine.remove(turn)
            if not mine:
                del lane.senders[turn.sender]
        if turn.sig is not None and lane.pending.get(turn.sig) is turn:
            del lane.pending[turn.sig]

    def _leave(self, key: Hashable, lane: _Lane, turn: _Turn) -> None:
        """The turn is over (handled or cancelled): the next update in the lane goes on."""
        if turn.gone:
            return
        was_head = lane.queue[0] is turn
        self._remove(lane, turn)
        if not lane.queue:
            if self._lanes.get(key) is lane:
                del self._lanes[key]
        elif was_head:
            head = lane.queue[0]
            if head.ready is not None and not head.ready.done():
                head.ready.set_result(True)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to free."""
