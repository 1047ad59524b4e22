"""Every message the bot sends goes through the postbox: a line per chat, planned against the ``Ledger``.

Nothing is dropped. A message that cannot go now waits in its chat's line and goes as soon as the budget allows,
in an order that keeps the game flowing:

- ``BOARD``: a new board (a move, a start, an ending). It goes first, whenever the chat has a message left.
- ``PRESS``: an edit a button press asked for (the window of buttons moved, a record stepped through). Due within a
  few seconds; the press's answer says when (``eta``).
- ``ANSWER``: the answer to a command, a question, a lobby. Due within ``window / 3`` (20 s in a group): until
  then it leaves ``RESERVE`` messages of the chat's budget to the boards; once due it goes before them. Short
  answers waiting together in a group go as one message (a digest naming each person), so a busy group spends one
  message on all of them.
- ``TIDY``: edits that clean up (buttons off an old board, a settled note). Only while the chat is quiet (its
  whole burst free): in a busy game the old keyboards stay a while (a press on one is refused with a button answer,
  which costs nothing) and go when the game slows down or ends; an answered question always loses its buttons in
  the end.

A letter with a ``key`` replaces a waiting one with the same key (the latest window of a board, the latest state of
a question, the newest board of a game in a chat): what goes is always the latest, once. A letter may be held until
``not_before`` (the board of a move against the bot waits a moment for the bot's reply, to go as one message).

With room to spare everything goes at once, in the order it was posted. Each chat's letters are sent one at a time
by a task of the chat's own, so a chat that waits holds up no other chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Generator, Hashable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Generic, TypeVar

from telegram.error import RetryAfter

from ..messenger import Unreachable
from ..ratelimit import retry_after_seconds
from .ledger import Ledger

log = logging.getLogger(__name__)
T = TypeVar("T")

RESERVE = 2
"""Messages of a group's budget that only boards (and answers past their due time) may take."""
MERGE_LIMIT = 3500
"""Characters a digest of answers may hold (Telegram takes 4,096)."""


class Kind(IntEnum):
    """What a letter is, for the planning."""

    BOARD = 0
    PRESS = 1
    ANSWER = 2
    TIDY = 3


DUE = {Kind.BOARD: 0.0, Kind.PRESS: 1 / 12, Kind.ANSWER: 1 / 3, Kind.TIDY: 5.0}
"""When a letter is due after it is posted, as a share of the group window (60 s: at once, 5 s, 20 s, 5 min)."""


@dataclass(frozen=True, slots=True)
class Note:
    """A short answer that may share a message with others (a digest): its text, and whom it answers."""

    text: str
    """HTML."""
    user_id: int
    name: str
    """The person's name (the digest mentions them)."""
    reply_to: int | None = None
    thread_id: int = 0


@dataclass(eq=False)
class Letter(Generic[T]):
    """One message to send to one chat (a send or an edit: one message of the chat's budget)."""

    chat_id: int
    kind: Kind
    make: Callable[[], Awaitable[T]]
    key: Hashable | None = None
    due: float = 0.0
    not_before: float = 0.0
    note: Note | None = None
    """Set for a short answer that may go in a digest."""
    future: asyncio.Future[T] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    number: int = 0
    """Its place in the order of posting."""
    rank: int = 0
    """Among letters with the same key, the higher rank stays (a board of a later move)."""
    cost: int = 1
    """Messages it is in a group's budget: an album counts each of its photos, as Telegram does."""

    def eligible(self, now: float, free: int, reserve: int, quiet: int) -> bool:
        """Whether it may take one of ``free`` messages now: a board whenever one is free; a press or an answer
        beyond the boards' reserve, or any time once due; a tidy-up only while the chat is quiet (``quiet`` messages
        free: a busy game's boards will want the rest soon). An album (``cost`` > 1) is given ``free`` less the
        messages beyond its first that it takes at once (see ``Postbox._choose``)."""
        if self.not_before > now or free <= 0:
            return False
        if self.kind is Kind.BOARD:
            return True
        if self.kind is Kind.TIDY:
            return free > quiet
        return free > reserve or self.due <= now


class Ticket(Generic[T]):
    """A posted letter: ``await ticket`` gives what sending it returned (or raises what it raised); ``eta`` is the
    planner's estimate, in seconds, of when it goes."""

    def __init__(self, letter: Letter[T], eta: float) -> None:
        self.letter = letter
        self.eta = eta

    def __await__(self) -> Generator[Any, None, T]:
        return asyncio.shield(self.letter.future).__await__()

    def done(self) -> bool:
        return self.letter.future.done()

    def then(self, callback: Callable[[T], Awaitable[object]]) -> Ticket[T]:
        """Run ``callback(outcome)`` once the letter has gone (not if it failed): to remember a message that needs
        remembering (a question, a lobby) without waiting for it to go."""

        def run(done: asyncio.Future[T]) -> None:
            if done.cancelled() or done.exception() is not None:
                return
            task = asyncio.get_running_loop().create_task(_guarded(callback, done.result()))
            _BACKGROUND.add(task)
            task.add_done_callback(_BACKGROUND.discard)

        self.letter.future.add_done_callback(run)
        return self


class Postbox:
    """The lines of letters, one per chat, and the tasks that send them.

    ``digest(chat_id, notes)`` sends several short answers as one message (the front end knows how to word it)."""

    def __init__(
        self,
        ledger: Ledger,
        digest: Callable[[int, list[Note]], Awaitable[Any]] | None = None,
    ) -> None:
        self.ledger = ledger
        self.digest = digest
        """Sends several short answers to a group as one message (``Messenger.digest``)."""
        self._lines: dict[int, list[Letter[Any]]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._numbers = itertools.count()
        self._idle = asyncio.Event()
        self._idle.set()
        self.sent = 0
        """Letters sent (a digest counts its notes), for tests and benchmarks."""
        self.merged = 0
        """Digests sent."""

    @property
    def window(self) -> float:
        return self.ledger.limits.window

    def _reserve(self, chat_id: int) -> int:
        return RESERVE if chat_id < 0 and not self.ledger.limits.unlimited else 0

    # ------------------------------------------------------------------------------------------------------------

    def post(
        self,
        chat_id: int,
        kind: Kind,
        make: Callable[[], Awaitable[T]],
        *,
        key: Hashable | None = None,
        hold: float = 0.0,
        note: Note | None = None,
        rank: int = 0,
        cost: int = 1,
    ) -> Ticket[T]:
        """Queue one message for ``chat_id``; ``make()`` sends it when its turn comes. ``hold`` keeps it back that many
        seconds at least; ``key`` makes it replace a waiting letter with the same key, unless that one has a higher
        ``rank`` (a board of a later move): then the waiting one goes and this one's ticket gives its outcome.
        ``cost``: how many messages it is in a group (an album of photos; at most the group's window)."""
        cost = max(1, min(cost, self.ledger.limits.group)) if chat_id < 0 else 1
        now = self.ledger.now()
        due = now + (DUE[kind] * self.window if chat_id < 0 else 0.0)
        line = self._lines.setdefault(chat_id, [])
        if key is not None:
            for waiting in line:
                if waiting.key == key and waiting.rank > rank:
                    return Ticket(waiting, self._eta(chat_id, waiting))
                if waiting.key == key:
                    # The latest content goes in the waiting one's place; whoever waits for either gets its outcome.
                    letter: Letter[T] = Letter(
                        chat_id,
                        kind,
                        make,
                        key,
                        min(due, waiting.due),
                        now + hold,
                        note,
                        number=waiting.number,
                        rank=rank,
                        cost=cost,
                    )
                    line[line.index(waiting)] = letter
                    _chain(letter.future, waiting.future)
                    self._kick(chat_id)
                    return Ticket(letter, self._eta(chat_id, letter))
        letter = Letter(
            chat_id, kind, make, key, due, now + hold, note, number=next(self._numbers), rank=rank, cost=cost
        )
        line.append(letter)
        self._idle.clear()
        self._kick(chat_id)
        return Ticket(letter, self._eta(chat_id, letter))

    def done(self, outcome: T) -> Ticket[T]:
        """A ticket for nothing to send: its outcome is ``outcome`` at once."""

        async def nothing() -> T:
            return outcome

        letter: Letter[T] = Letter(0, Kind.TIDY, nothing)
        letter.future.set_result(outcome)
        return Ticket(letter, 0.0)

    def waiting(self, chat_id: int) -> int:
        """Letters waiting for ``chat_id``."""
        return len(self._lines.get(chat_id, ()))

    def waiting_total(self) -> int:
        """Letters waiting for every chat."""
        return sum(len(line) for line in self._lines.values())

    def eta(self, chat_id: int, kind: Kind) -> float:
        """When a letter of ``kind`` posted now for ``chat_id`` would go, in seconds (an estimate)."""
        now = self.ledger.now()
        probe: Letter[None] = Letter(chat_id, kind, _nothing, due=now + DUE[kind] * self.window, number=1 << 62)
        return self._eta(chat_id, probe)

    def _eta(self, chat_id: int, letter: Letter[Any]) -> float:
        now = self.ledger.now()
        line = self._lines.get(chat_id, [])
        if letter.kind is Kind.BOARD:
            ahead = sum(1 for other in line if other.kind is Kind.BOARD and other.number < letter.number)
        else:
            ahead = sum(
                1
                for other in line
                if other is not letter and (other.kind is Kind.BOARD or other.number < letter.number)
            )
        reserve = 0 if letter.kind is Kind.BOARD else self._reserve(chat_id)
        cost = letter.cost
        wait = self.ledger.wait(chat_id, ahead + 1 + reserve, cost=cost)
        if reserve:  # once due, it may take the reserve
            wait = min(wait, max(letter.due - now, self.ledger.wait(chat_id, ahead + 1, cost=cost)))
        return max(wait, letter.not_before - now, 0.0)

    async def idle(self) -> None:
        """Until every line is empty, nothing is being sent, and what was to follow the letters that went is done."""
        while True:
            await self._idle.wait()
            if not _BACKGROUND:
                return
            await asyncio.gather(*list(_BACKGROUND), return_exceptions=True)

    async def close(self) -> None:
        """Send what can go within a few seconds, then stop; what is left is announced again from the outbox."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.idle(), timeout=5)
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for line in self._lines.values():
            for letter in line:
                if not letter.future.done():
                    letter.future.cancel()
        self._lines.clear()
        self._idle.set()

    # ------------------------------------------------------------------------------------------------------------

    def _kick(self, chat_id: int) -> None:
        task = self._tasks.get(chat_id)
        if task is None or task.done():
            self._wake[chat_id] = asyncio.Event()
            self._tasks[chat_id] = asyncio.get_running_loop().create_task(self._run(chat_id))
        else:
            self._wake[chat_id].set()

    def _choose(self, chat_id: int, now: float) -> tuple[Letter[Any] | None, float]:
        """The letter to send now, or ``None`` and when to look again."""
        line = self._lines[chat_id]
        free = self.ledger.free(chat_id)
        reserve = self._reserve(chat_id)
        quiet = self._quiet(chat_id, reserve)
        if free > 0:
            # An album wants its photos free at once, up to a burst (beyond it the spreading goes below zero, and
            # the next letters wait a little longer), and room for all of them in the window.
            room, burst = self.ledger.room(chat_id), self.ledger.limits.burst
            ready = [
                letter
                for letter in line
                if (letter.cost == 1 or letter.cost <= room)
                and letter.eligible(now, free - min(letter.cost - 1, burst - 1), reserve, quiet)
            ]
            if ready:
                if free > sum(letter.cost for letter in line) + reserve:  # room for all: in the order posted
                    return ready[0], now
                # Short: boards first, then answers past their due time, presses, answers, tidy-ups.
                return min(ready, key=lambda letter: _urgency(letter, now)), now
        # Nothing may go now: look again when the first letter may (a message more is free, a held one is let go, an
        # answer falls due).
        wake = float("inf")
        wait = self.ledger.wait
        for letter in line:
            cost = letter.cost
            if letter.kind is Kind.BOARD:
                at = now + wait(chat_id, cost=cost)
            elif letter.kind is Kind.TIDY:
                at = now + wait(chat_id, quiet + 1, cost=cost)
            else:
                at = min(now + wait(chat_id, reserve + 1, cost=cost), max(letter.due, now + wait(chat_id, cost=cost)))
            wake = min(wake, max(at, letter.not_before))
        return None, max(wake, now + 0.01)

    def _quiet(self, chat_id: int, reserve: int) -> int:
        """Messages that must be free before a tidy-up takes one: the chat's whole burst (it is quiet then)."""
        if not reserve:
            return 0
        limits = self.ledger.limits
        return min(limits.group - 1, max(reserve, limits.burst - 1))

    def _gather(self, chat_id: int, first: Letter[Any], now: float) -> list[Letter[Any]]:
        """``first`` and, if it is a short answer, the others waiting to go in the same digest."""
        if first.note is None or self.digest is None or chat_id > 0:
            return [first]
        batch, size = [first], len(first.note.text)
        for letter in self._lines[chat_id]:
            note = letter.note
            if letter is first or note is None or note.thread_id != first.note.thread_id or letter.not_before > now:
                continue
            if size + len(note.text) > MERGE_LIMIT:
                break
            batch.append(letter)
            size += len(note.text)
        return batch

    async def _run(self, chat_id: int) -> None:
        line = self._lines[chat_id]
        wake = self._wake[chat_id]
        try:
            while line:
                now = self.ledger.now()
                letter, later = self._choose(chat_id, now)
                if letter is None:
                    wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), timeout=max(0.0, later - now))
                    continue
                batch = self._gather(chat_id, letter, now)
                for taken in batch:
                    line.remove(taken)
                await self._send(chat_id, batch)
        finally:
            if not line:
                self._lines.pop(chat_id, None)
                self._tasks.pop(chat_id, None)
            if not self._lines:
                self._idle.set()

    async def _send(self, chat_id: int, batch: list[Letter[Any]]) -> None:
        self.ledger.spend(chat_id, batch[0].cost if len(batch) == 1 else 1)
        try:
            if len(batch) > 1:
                assert self.digest is not None
                notes = [letter.note for letter in batch if letter.note is not None]
                result = await self.digest(chat_id, notes)
                self.merged += 1
            else:
                result = await batch[0].make()
        except RetryAfter as exc:
            # Telegram refused it even so (another process wrote to this chat, say): it goes again after the wait.
            wait = retry_after_seconds(exc)
            log.warning("chat %s is under flood control for %.0f s; %d letter(s) wait", chat_id, wait, len(batch))
            self.ledger.refused(chat_id, wait)
            self._lines.setdefault(chat_id, [])[:0] = batch
            return
        except asyncio.CancelledError:
            for letter in batch:
                if not letter.future.done():
                    letter.future.cancel()
            raise
        except Exception as exc:
            for letter in batch:
                if not letter.future.done():
                    letter.future.set_exception(exc)
                    letter.future.exception()  # retrieved: the caller may not wait for it, the error is logged below
            if not isinstance(exc, Unreachable):  # a chat that blocked the bot is normal flow
                log.warning("a message to chat %s failed", chat_id, exc_info=exc)
            return
        self.sent += len(batch)
        for letter in batch:
            if not letter.future.done():
                letter.future.set_result(result)


def _urgency(letter: Letter[Any], now: float) -> tuple[int, int, int]:
    """The order letters go in when a chat is short: boards, then answers past their due time, then presses,
    answers and tidy-ups; each in the order posted."""
    if letter.kind is not Kind.BOARD and letter.kind is not Kind.TIDY and letter.due <= now:
        return (Kind.PRESS, -1, letter.number)
    return (letter.kind, 0, letter.number)


def _chain(new: asyncio.Future[Any], old: asyncio.Future[Any]) -> None:
    """When ``new`` is settled, settle ``old`` the same way."""

    def copy(done: asyncio.Future[Any]) -> None:
        if old.done():
            return
        if done.cancelled():
            old.cancel()
        elif (error := done.exception()) is not None:
            old.set_exception(error)
            old.exception()
        else:
            old.set_result(done.result())

    new.add_done_callback(copy)


async def _nothing() -> None:
    return None


_BACKGROUND: set[asyncio.Task[None]] = set()
"""Callbacks running after a letter went (kept here so that they are not collected half-way)."""


async def _guarded(callback: Callable[[Any], Awaitable[object]], outcome: Any) -> None:
    try:
        await callback(outcome)
    except Exception:
        log.exception("what was to follow a message that went failed")


__all__ = ["DUE", "RESERVE", "Kind", "Letter", "Note", "Postbox", "Ticket"]
