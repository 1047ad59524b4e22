"""The clock: reminders to move, losses on time (8.1b), and lobbies nobody joined. Decided from the database, so
it all survives restarts."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Literal, Protocol

from storage import Conflict, GameRecord

from .core import Core
from .lobby import Lobby
from .model import GameView
from .play import Play

log = logging.getLogger(__name__)
LAST_CALL = 3600
"""The second reminder comes this many seconds before the deadline (or at 90 % of a shorter time)."""


class Ticking(Protocol):
    """What the clock starts and closes besides games (the tournaments)."""

    async def tick(self, now: float | None = None) -> list[int]: ...


@dataclass(frozen=True, slots=True)
class Reminder:
    """Time to remind the player to move: at half time (``half``) or shortly before the deadline (``last``)."""

    view: GameView
    stage: Literal["half", "last"]
    left: float


@dataclass(slots=True)
class ClockPass:
    """What one pass of the clock found: reminders to send, games lost on time, lobbies closed."""

    reminders: list[Reminder] = field(default_factory=list)
    timeouts: list[GameView] = field(default_factory=list)
    expired: list[GameView] = field(default_factory=list)
    tournaments: list[int] = field(default_factory=list)
    """Tournaments the clock started or closed (their announcements are owed in their outbox)."""

    def __len__(self) -> int:
        return len(self.reminders) + len(self.timeouts) + len(self.expired) + len(self.tournaments)


class GameClock:
    """One pass at a time: ``tick`` looks at every game whose clock needs attention."""

    def __init__(self, core: Core, play: Play, lobby: Lobby) -> None:
        self._core = core
        self._play = play
        self._lobby = lobby
        self.tournaments: Ticking | None = None
        """Tournaments to start and close on the clock too."""

    async def next_due(self) -> float | None:
        """When a game next needs the clock (a reminder or a deadline), or ``None`` when none does: a pass then finds
        it (``tick``). Front ends sleep until this rather than look every so often; a change of any game (here or in
        another worker) may make it earlier, so they ask again after one. Lobbies expire by the regular passes."""
        return await self._core.storage.games.next_alert()

    async def tick(self, now: float | None = None) -> ClockPass:
        """Remind, decide games on time, close stale lobbies: every game due by ``now``, however many.

        After a restart this also decides the games whose deadline passed while the bot was down. One pass at a
        time across every worker on the database: a pass that starts while another runs (here or in another
        worker) finds nothing and leaves it to that one. Each game is decided under its lock, from its stored state,
        so even passes that overlapped would decide a timeout once.
        """
        async with self._core.storage.db.leading("clock") as leader:
            if not leader:
                return ClockPass()
            return await self._pass(now)

    async def _pass(self, now: float | None) -> ClockPass:
        core = self._core
        now = core.clock() if now is None else now
        found = ClockPass()
        seen: set[int] = set()
        while True:
            due = [g for g in await core.storage.games.due(now) if g.id not in seen]
            if not due:
                break
            for record in due:
                seen.add(record.id)
                try:
                    await self._attend(record, now, found)
                except Exception:  # one game that cannot be read or written must not stop the others
                    log.exception("the clock could not attend to game %s", record.id)
        try:
            found.expired.extend(await self._lobby.expire(now))
        except Exception:
            log.exception("the clock could not close the stale lobbies")
        if self.tournaments is not None:
            try:
                found.tournaments.extend(await self.tournaments.tick(now))
            except Exception:
                log.exception("the clock could not start or close the tournaments due")
        return found

    async def _attend(self, record: GameRecord, now: float, found: ClockPass) -> None:
        assert record.deadline is not None
        if record.deadline <= now:
            ended = await self._play.time_out(record.id, now)
            if ended is not None:
                found.timeouts.append(ended)
            return
        reminder = await self._remind(record.id, now)
        if reminder is not None:
            found.reminders.append(reminder)

    async def _remind(self, game_id: int, now: float) -> Reminder | None:
        core = self._core
        async with core.locks.hold(game_id):
            record = await core.storage.games.get(game_id)
            if record is None or record.state != "active" or record.alert_at is None or record.alert_at > now:
                return None  # changed meanwhile
            assert record.deadline is not None
            left = record.deadline - now
            last_call = min(LAST_CALL, (record.move_seconds or 0) * 0.1)
            if record.reminded == 0 and left > last_call:
                stage, next_alert = 1, record.deadline - last_call
            else:
                stage, next_alert = 2, record.deadline
            try:
                record = await core.storage.games.update(
                    record.id, expect_state="active", expect_ply=record.ply, reminded=stage, alert_at=next_alert
                )
            except Conflict:
                return None
            return Reminder(await core.view(record), "half" if stage == 1 else "last", left)
