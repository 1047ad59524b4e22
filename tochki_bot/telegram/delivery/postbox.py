"""Every message the bot sends goes through the postbox: a line per chat, planned against the ``Ledger``.

Nothing is dropped. A message that cannot go now waits in its chat's line and goes as soon as the budget allows,
in an order that keeps the game flowing:

- ``BOARD``: a new board (a move, a start, an ending). It goes first, whenever the chat has a message left (only a
  letter past its late time goes before it).
- ``PRESS``: an edit a button press asked for (the window of buttons moved, a record stepped through). Due within a
  few seconds (``window / 12``: 5 s); the press's answer says when (``eta``). In a busy group (``busy``) it waits
  until it is due, so that presses in a row (the arrows pressed a second apart) make one edit.
- ``ANSWER``: the answer to a command, a question, a lobby. Due within ``window / 4`` (15 s in a group). Short
  answers waiting together in a group go as one message (a digest naming each person), so a busy group spends one
  message on all of them.
- ``TIDY``: edits that clean up (buttons off an old board, a settled note). Only while the chat is quiet (its
  whole burst free, a quarter of its minute left): in a busy game the old keyboards stay a while (a press on one is
  refused with a button answer, which costs nothing) and go when the game slows down or ends; an answered question
  always loses its buttons in the end.

Until a press or an answer is due it leaves the boards ``RESERVE`` messages of the group's spreading and a quarter
of its sliding minute (``WINDOW_RESERVE``): answers sent while the group had room cannot fill its minute and leave
the next boards waiting for the oldest messages to leave it. Once due it goes before everything but the boards,
keeping the minute's last message for the next board; ``LATE`` after that (20 s for an answer) it takes whatever is
free, before the boards too: a board waits one message more (3 s), and the answer is there within 30 s however busy
the game (the 30 s is a promise, a board's 3 s a target).

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
"""Messages of a group's spreading (its burst) that only boards (and letters past their due time) may take."""
WINDOW_RESERVE = 1 / 4
"""The share of a group's sliding minute (5 of its 20 messages) that only boards (and letters past their due time)
may take."""
LATE = 1 / 12
"""After its due time, as a share of the group window (5 s of a minute), a letter takes the last message of the
minute too (until then it is left to the next board)."""
MERGE_LIMIT = 3500
"""Characters a digest of answers may hold (Telegram takes 4,096)."""


class Kind(IntEnum):
    """What a letter is, for the planning."""

    BOARD = 0
    PRESS = 1
    ANSWER = 2
    TIDY = 3


DUE = {Kind.BOARD: 0.0, Kind.PRESS: 1 / 12, Kind.ANSWER: 1 / 4, Kind.TIDY: 5.0}
"""When a letter is due after it is posted, as a share of the group window (60 s: at once, 5 s, 15 s, 5 min)."""


@dataclass(frozen=True, slots=True)
class Reserves:
    """What a chat's letters leave to its boards: ``spread`` messages of its spreading and ``window`` of its sliding
    minute until they are due; ``quiet``, the spreading a tidy-up waits for (0 everywhere in a private chat)."""

    spread: int = 0
    window: int = 0
    quiet: int = 0
    busy: bool = False
    """A game is being played there (``Postbox.busy``): a press's edit waits until it is due, so that presses in a
    row make one edit."""


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
    late: float = 0.0
    """After this it takes whatever message is free (``LATE`` after its due time)."""

    def eligible(self, now: float, free: int, room: int, reserves: Reserves) -> bool:
        """Whether it may take one of ``free`` messages now (``room``: what the chat's minute still takes): a board
        whenever one is free; a press or an answer beyond the boards' reserves, once due beyond the minute's last
        message, once late any time; a tidy-up only while the chat is quiet (``quiet`` messages free: a busy game's
        boards will want the rest soon). An album (``cost`` > 1) is given ``free`` and ``room`` less the messages
        beyond its first that it takes at once (see ``Postbox._choose``)."""
        if self.not_before > now or free <= 0:
            return False
        if self.kind is Kind.BOARD:
            return True
        if self.kind is Kind.TIDY:
            return free > reserves.quiet and room > reserves.window
        if self.late <= now:
            return True
        if self.due <= now:
            return room > min(1, reserves.window)
        if self.kind is Kind.PRESS and reserves.busy:
            return False
        return free > reserves.spread and room > reserves.window


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

    def _times(self, chat_id: int, kind: Kind, now: float) -> tuple[float, float]:
        """When a letter of ``kind`` posted now for ``chat_id`` is due and late (a private chat's at once)."""
        if chat_id > 0:
            return now, now
        due = now + DUE[kind] * self.window
        return due, due + (LATE * self.window if kind is not Kind.TIDY else 0.0)

    def _reserves(self, chat_id: int) -> Reserves:
        if chat_id > 0 or self.ledger.limits.unlimited:
            return Reserves()
        limits = self.ledger.limits
        quiet = min(limits.group - 1, max(RESERVE, limits.burst - 1))
        return Reserves(RESERVE, int(limits.group * WINDOW_RESERVE), quiet, self.busy(chat_id))

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
        seconds at least; ``key`` makes it replace a waiting letter with the same key (keeping its place, and its kind
        and due time if they were more urgent), unless that one has a higher ``rank`` (a board of a later move): then
        the waiting one goes and this one's ticket gives its outcome.
        ``cost``: how many messages it is in a group (an album of photos; at most the group's window)."""
        cost = max(1, min(cost, self.ledger.limits.group)) if chat_id < 0 else 1
        now = self.ledger.now()
        due, late = self._times(chat_id, kind, now)
        line = self._lines.setdefault(chat_id, [])
        if key is not None:
            for waiting in line:
                if waiting.key == key and waiting.rank > rank:
                    return Ticket(waiting, self._eta(chat_id, waiting))
                if waiting.key == key:
                    # The latest content goes in the waiting one's place, as soon as the more urgent of the two was
                    # to go (a press's window that a tidier edit replaces was promised within seconds); whoever waits
                    # for either gets its outcome.
                    letter: Letter[T] = Letter(
                        chat_id,
                        min(kind, waiting.kind),
                        make,
                        key,
                        min(due, waiting.due),
                        now + hold,
                        note,
                        number=waiting.number,
                        rank=rank,
                        cost=cost,
                        late=min(late, waiting.late),
                    )
                    line[line.index(waiting)] = letter
                    _chain(letter.future, waiting.future)
                    self._kick(chat_id)
                    return Ticket(letter, self._eta(chat_id, letter))
        letter = Letter(
            chat_id, kind, make, key, due, now + hold, note, number=next(self._numbers), rank=rank, cost=cost, late=late
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

    def busy(self, chat_id: int) -> bool:
        """Whether a group's minute is more than half spent, or would be at the pace of its last quarter (a game is
        being played there): what one person alone needs to read is better sent to them than spent on it."""
        limits = self.ledger.limits
        if chat_id > 0 or limits.unlimited:
            return False
        pace = 4 * self.ledger.recent(chat_id, self.window / 4)
        return self.ledger.room(chat_id) < limits.group / 2 or pace > limits.group / 2

    def waiting(self, chat_id: int) -> int:
        """Letters waiting for ``chat_id``."""
        return len(self._lines.get(chat_id, ()))

    def waiting_total(self) -> int:
        """Letters waiting for every chat."""
        return sum(len(line) for line in self._lines.values())

    def eta(self, chat_id: int, kind: Kind) -> float:
        """When a letter of ``kind`` posted now for ``chat_id`` would go, in seconds (an estimate)."""
        now = self.ledger.now()
        due, late = self._times(chat_id, kind, now)
        probe: Letter[None] = Letter(chat_id, kind, _nothing, due=due, late=late, number=1 << 62)
        return self._eta(chat_id, probe)

    def _eta(self, chat_id: int, letter: Letter[Any]) -> float:
        now = self.ledger.now()
        ahead = sum(1 for other in self._lines.get(chat_id, []) if _goes_before(other, letter, now))
        return self._when(chat_id, letter, ahead, now, self._reserves(chat_id))

    def _when(self, chat_id: int, letter: Letter[Any], ahead: int, now: float, reserves: Reserves) -> float:
        """Seconds until ``letter`` may go, with ``ahead`` messages to go before it, if nothing else comes: the
        first moment its kind's rule (``Letter.eligible``) lets it."""
        wait, room_wait = self.ledger.wait, self.ledger.room_wait
        cost, count = letter.cost, ahead + 1
        if letter.kind is Kind.BOARD:
            at = wait(chat_id, count, cost=cost)
        elif letter.kind is Kind.TIDY:
            at = max(wait(chat_id, count + reserves.quiet, cost=cost), room_wait(chat_id, count + reserves.window))
        else:
            early = max(wait(chat_id, count + reserves.spread, cost=cost), room_wait(chat_id, count + reserves.window))
            if letter.kind is Kind.PRESS and reserves.busy:
                early = float("inf")
            last = min(1, reserves.window)
            due = max(letter.due - now, wait(chat_id, count, cost=cost), room_wait(chat_id, count + last))
            late = max(letter.late - now, wait(chat_id, count, cost=cost))
            at = min(early, due, late)
        return max(at, letter.not_before - now, 0.0)

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
        reserves = self._reserves(chat_id)
        if free > 0:
            # An album wants its photos free at once, up to a burst (beyond it the spreading goes below zero, and
            # the next letters wait a little longer), and room for all of them in the window.
            room, burst = self.ledger.room(chat_id), self.ledger.limits.burst
            ready = [
                letter
                for letter in line
                if (letter.cost == 1 or letter.cost <= room)
                and letter.eligible(now, free - min(letter.cost - 1, burst - 1), room - (letter.cost - 1), reserves)
            ]
            if ready:
                if free > sum(letter.cost for letter in line) + reserves.spread:  # room for all: in the order posted
                    return ready[0], now
                # Short: letters past their late time, boards, letters past their due time, presses, answers,
                # tidy-ups.
                return min(ready, key=lambda letter: _urgency(letter, now)), now
        # Nothing may go now: look again when the first letter may (a message more is free, a held one is let go, an
        # answer falls due).
        wake = min((now + self._when(chat_id, letter, 0, now, reserves) for letter in line), default=float("inf"))
        return None, max(wake, now + 0.01)

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


def _goes_before(other: Letter[Any], letter: Letter[Any], now: float) -> bool:
    """Whether ``other``, waiting in the same line, goes before ``letter`` (for ``eta``): a press or an answer past
    its late time before anything else; every board before the rest, boards in the order posted; a press or an answer
    after the presses and answers due before it (once due, they go first, and a press falls due long before an
    answer); a tidy-up after everything but earlier tidy-ups. A letter the press outranks (a tidy-up, an answer due
    later) does not hold it up."""
    if other is letter:
        return False
    if _overdue(other, now):
        return not _overdue(letter, now) or other.number < letter.number
    if other.kind is Kind.BOARD:
        return letter.kind is not Kind.BOARD or other.number < letter.number
    if letter.kind is Kind.BOARD:
        return False
    if other.kind is Kind.TIDY:
        return letter.kind is Kind.TIDY and other.number < letter.number
    if letter.kind is Kind.TIDY:
        return True
    return (other.due, other.number) < (letter.due, letter.number)


def _overdue(letter: Letter[Any], now: float) -> bool:
    """A press or an answer past its late time: it goes before everything, boards included."""
    return letter.kind in (Kind.PRESS, Kind.ANSWER) and letter.late <= now


def _urgency(letter: Letter[Any], now: float) -> tuple[int, int, int]:
    """The order letters go in when a chat is short: presses and answers past their late time, boards, presses and
    answers past their due time, then presses, answers and tidy-ups; each in the order posted."""
    if _overdue(letter, now):
        return (-1, 0, letter.number)
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


__all__ = ["DUE", "LATE", "RESERVE", "WINDOW_RESERVE", "Kind", "Letter", "Note", "Postbox", "Reserves", "Ticket"]
