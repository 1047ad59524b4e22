"""Imported records: SGF files players sent, kept to step through them or continue them."""

from __future__ import annotations

from .database import Database
from .records import ImportRecord


class Imports:
    """The ``imports`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def save(self, chat_id: int, user_id: int, name: str | None, sgf: str) -> int:
        """Keep a record a player sent; returns its id."""
        async with self._db.transaction():
            return await self._db.insert(
                "INSERT INTO imports (chat_id, user_id, name, sgf, created_at) VALUES (?, ?, ?, ?, ?)",
                (chat_id, user_id, name, sgf, self._db.clock()),
            )

    async def usage(self, user_id: int, since: float) -> tuple[int, int]:
        """``(records kept since `since`, bytes kept in all)`` for a user's imports."""
        row = await self._db.row(
            "SELECT COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0), "
            f"COALESCE(SUM({self._db.dialect.bytes_of('sgf')}), 0) FROM imports WHERE user_id = ?",
            (since, user_id),
        )
        assert row is not None
        return int(row[0]), int(row[1])

    async def prune(self, created_before: float) -> int:
        """Forget records sent before ``created_before`` (their messages go with them); how many."""
        async with self._db.transaction():
            return await self._db.execute("DELETE FROM imports WHERE created_at < ?", (created_before,))

    async def get(self, import_id: int) -> ImportRecord | None:
        """An imported record."""
        row = await self._db.row("SELECT id, chat_id, user_id, name, sgf FROM imports WHERE id = ?", (import_id,))
        return ImportRecord(int(row[0]), int(row[1]), int(row[2]), row[3], str(row[4])) if row else None
