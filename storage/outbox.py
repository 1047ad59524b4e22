"""The outbox: announcements owed to players, written in the same transaction as the change they announce.

Each names the worker that made the change (``owner``): that worker announces it at once, and takes it again when it
is still owed after a grace period. Several workers on one database take each owed announcement once: those of a
worker that is gone (``Database.alive_sql``) are taken by the first other worker that looks, at once, with
``FOR UPDATE SKIP LOCKED``; those of a live worker are left to it."""

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
                "INSERT INTO outbox (game_id, ply, kind, created_at, owner) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (game_id, ply, kind, self._db.clock(), self._db.worker),
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
        """Take the announcements this worker is to make now, oldest first: its own and those of nobody, owed since
        ``created_before`` or earlier, and every one of a worker that is gone. They are this worker's from now on;
        another worker's drain leaves them alone while this one lives."""
        db = self._db
        alive = db.alive_sql("o.owner")
        mine = (
            f"(o.owner IS NOT NULL AND o.owner <> ? AND NOT {alive}) "
            "OR (o.created_at <= ? AND (o.owner IS NULL OR o.owner = ?))"
        )
        columns = "game_id, ply, kind, created_at, attempts"
        if db.dialect.name == "postgres":
            async with db.transaction():
                rows = await db.rows(
                    "UPDATE outbox SET owner = ? WHERE (game_id, ply, kind) IN (SELECT o.game_id, o.ply, o.kind "
                    f"FROM outbox o WHERE {mine} ORDER BY o.created_at, o.game_id, o.ply LIMIT ? "
                    f"FOR UPDATE SKIP LOCKED) RETURNING {columns}",
                    (db.worker, db.worker, created_before, db.worker, limit),
                )
        else:  # one process: nothing to take from another (a previous run's are taken at once)
            rows = await db.rows(
                f"SELECT {columns} FROM outbox o WHERE {mine} ORDER BY o.created_at, o.game_id, o.ply LIMIT ?",
                (db.worker, created_before, db.worker, limit),
            )
        found = [Notice(int(g), int(p), k, float(c), int(a)) for g, p, k, c, a in rows]
        found.sort(key=lambda n: (n.created_at, n.game_id, n.ply))
        return found
