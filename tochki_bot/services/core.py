"""What every use case works with: the storage, people, positions, per-game locks, the time; and turning a stored
game into the view front ends get."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from storage import Conflict, Duplicate, GameRecord, NoticeKind, Storage, StorageError, Unconfirmed

from ..engine import Area, Game
from .changes import Changes
from .errors import Problem, ServiceError
from .model import GameView, Player, Table
from .people import People
from .support import GameLocks, Positions

log = logging.getLogger(__name__)
READS = 3
"""Reads of a game outside its lock before a row and moves that disagree are taken for a broken game."""
Ending = Callable[[GameRecord], Awaitable[None]]
"""Called inside the transaction that ends a game, with its row as it ends: what must change with it (the ratings, a
tournament's pairing) changes in the same transaction."""


def _table(record: GameRecord) -> Table | None:
    if record.tournament_id is None:
        return None
    return Table(record.tournament_id, record.tournament_round or 0, record.tournament_board or 0)


def clock_after_move(move_seconds: int | None, now: float) -> tuple[float | None, float | None]:
    """The deadline of the next move and when the clock should first look at it (half time); ``None`` for untimed
    games. Shared by the first move of a game (``Lobby``) and every later one (``Play``)."""
    if not move_seconds:
        return None, None
    return now + move_seconds, now + move_seconds / 2


class Core:
    """Shared by the services of one process. ``clock`` gives the time in seconds (tests inject their own)."""

    def __init__(
        self, storage: Storage, clock: Callable[[], float], rng: random.Random, *, announcing: bool = True
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.rng = rng
        self.announcing = announcing
        """Whether a front end here announces changes to people (the chat does); local mode tells nobody."""
        self.people = People(storage)
        self.positions = Positions(storage)
        self.locks = GameLocks(storage.db)
        self.changes = Changes()
        self.endings: list[Ending] = []
        """What changes when a game ends, in its transaction (``Ending``)."""
        if storage.db.shared:  # several workers: tell the others of changes here, hear theirs
            self.changes.relay(self._relay)
            storage.db.on_notice(self._heard)

    async def owe(self, game_id: int, ply: int, kind: NoticeKind) -> None:
        """Owe the announcement of a change (in the caller's transaction), when anyone here announces changes."""
        if self.announcing:
            await self.storage.outbox.add(game_id, ply, kind)

    async def _relay(self, game_id: int) -> None:
        try:
            await self.storage.db.notify("game", game_id)
        except Exception:  # the other workers' pages then see the change at their next poll
            log.warning("could not tell the other workers of a change of game %s", game_id, exc_info=True)

    def _heard(self, topic: str, key: int) -> None:
        """Another worker changed something this one may have cached, or a game."""
        if topic == "user":
            self.people.forget_user(key)
        elif topic == "chat":
            self.people.forget_chat(key)
        elif topic == "game":
            self.changes.arrived(key)

    async def ended(self, record: GameRecord) -> None:
        """Inside the transaction that ended a game (finished, or cancelled once it had started): run every
        ``Ending``."""
        for ending in self.endings:
            await ending(record)

    async def record(self, game_id: int) -> GameRecord:
        """A game's row; ``NO_SUCH_GAME`` if there is none."""
        record = await self.storage.games.get(game_id)
        if record is None:
            raise ServiceError(Problem.NO_SUCH_GAME, id=game_id)
        return record

    async def view(self, record: GameRecord, captured: tuple[Area, ...] = (), position: Game | None = None) -> GameView:
        """What a front end shows of a stored game."""
        if position is None:
            record, position = await self._position(record)
        people = self.people
        creator = await people.player(record.creator_id) or Player(record.creator_id, str(record.creator_id))
        return GameView(
            id=record.id,
            kind=record.kind,
            chat_id=record.chat_id,
            thread_id=record.thread_id,
            state=record.state,
            creator=creator,
            colours=record.colours,
            blue=await people.player(record.blue_id),
            red=await people.player(record.red_id),
            move_seconds=record.move_seconds,
            deadline=record.deadline,
            draw_offer=record.draw_offer,
            offer_kind=record.offer_kind,
            rated=record.rated,
            reason=record.reason,
            invite=record.invite,
            watch=record.watch,
            created_at=record.created_at,
            position=position,
            captured=captured,
            stored_ply=record.ply,
            closing=record.closing,
            stop_seconds=record.stop_seconds,
            table=_table(record),
            takeback=record.takeback,
            rematch_by=record.rematch_by,
            rematch_id=record.rematch_id,
        )

    async def game(self, game_id: int) -> GameView:
        """A game's view by its number."""
        return await self.view(await self.record(game_id))

    async def _position(self, record: GameRecord) -> tuple[GameRecord, Game]:
        """The record's position. A record read without the game's lock may be behind its moves (a move committed, here
        or by another worker, between the two reads): the row is then read again, and is what the view shows."""
        for attempt in range(READS):
            try:
                return record, await self.positions.of(record)
            except StorageError:
                fresh = await self.storage.games.get(record.id)
                if attempt == READS - 1 or fresh is None or fresh.ply == record.ply:
                    raise
                record = fresh
        raise AssertionError("unreachable")  # pragma: no cover

    @asynccontextmanager
    async def locked(self, game_id: int, update_id: int | None = None) -> AsyncIterator[GameRecord]:
        """Hold the game's lock (operations on one game queue) and give its current row.

        With ``update_id``, an update another process already handled is recognised here, after the row is read:
        the other process's change and its claim of the update were committed together, so a repeat gets
        ``DUPLICATE`` (silence), never a refusal such as "not your move".

        Storage conflicts and duplicates met inside become ``BUSY`` and ``DUPLICATE``, a commit the database could
        not confirm ``UNCONFIRMED``; the cached position is dropped whenever a write may have failed.
        """
        async with self.locks.hold(game_id):
            record = await self.record(game_id)
            if update_id is not None and await self.storage.db.is_processed(update_id):
                raise ServiceError(Problem.DUPLICATE)
            try:
                yield record
            except Conflict:
                self.positions.forget(game_id)
                raise ServiceError(Problem.BUSY) from None
            except Duplicate:
                self.positions.forget(game_id)
                raise ServiceError(Problem.DUPLICATE) from None
            except Unconfirmed:
                self.positions.forget(game_id)  # read again from the file next time: the change may be there
                raise ServiceError(Problem.UNCONFIRMED, id=game_id) from None
            except ServiceError:
                raise
            except BaseException:
                self.positions.forget(game_id)
                raise
