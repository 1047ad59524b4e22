"""The outbox: announcements owed to players, written in the same transaction as the change they announce."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .database import Database

NoticeKind = Literal["started", "position", "closed", "draw"]


@dataclass(frozen=True, slots=True)
class Notice:
    """Game ``game_id`` must be announced as it was at ``ply``: a new position (a move or an ending), a game that
    started, a lobby that closed, or a draw offered. ``attempts`` counts the announcements tried and not finished."""

    game_id: int
    ply: int
    kind: NoticeKind
    created_at: float
    attempts: int = 0


class Outbox:
    """The ``outbox`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(self, game_id: int, ply: int, kind: NoticeKind) -> None:
        """Owe an announcement (inside the change's transaction, so that both are stored or neither)."""
        async with self._db.transaction():
            await self._db.execute(
                "INSERT INTO outbox (game_id, ply, kind, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, ply, kind, self._db.clock()),
            )

    async def done(self, game_id: int, ply: int | None, kind: NoticeKind) -> None:
        """The announcement was made (``ply=None``: every one of this kind for the game)."""
        async with self._db.transaction():
            if ply is None:
                await self._db.execute("DELETE FROM outbox WHERE game_id = ? AND kind = ?", (game_id, kind))
            else:
                await self._db.execute(
                    "DELETE FROM outbox WHERE game_id = ? AND ply = ? AND kind = ?", (game_id, ply, kind)
                )

    async def tried(self, game_id: int, ply: int, kind: NoticeKind) -> None:
        """An announcement was tried and did not finish; it stays owed."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE outbox SET attempts = attempts + 1 WHERE game_id = ? AND ply = ? AND kind = ?",
                (game_id, ply, kind),
            )

    async def give_up(self, created_before: float, attempts: int) -> int:
        """Forget announcements owed since before ``created_before`` and tried ``attempts`` times or more."""
        async with self._db.transaction():
            return await self._db.execute(
                "DELETE FROM outbox WHERE created_at < ? AND attempts >= ?", (created_before, attempts)
            )

    async def owes(self, game_id: int, ply: int, kind: NoticeKind) -> bool:
        """Whether this announcement is still owed."""
        row = await self._db.row(
            "SELECT 1 FROM outbox WHERE game_id = ? AND ply = ? AND kind = ?", (game_id, ply, kind)
        )
        return row is not None

    async def owed(self, created_before: float, limit: int = 100) -> list[Notice]:
        """Announcements owed since ``created_before`` or earlier, oldest first."""
        rows = await self._db.rows(
            "SELECT game_id, ply, kind, created_at, attempts FROM outbox WHERE created_at <= ? "
            "ORDER BY created_at, game_id, ply LIMIT ?",
            (created_before, limit),
        )
        return [Notice(int(g), int(p), k, float(c), int(a)) for g, p, k, c, a in rows]
