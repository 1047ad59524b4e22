"""Users: the people the bot has met, their names, languages and whether their private chat works."""

from __future__ import annotations

from dataclasses import fields

from .database import Database
from .records import UserRecord

_COLUMNS = [f.name for f in fields(UserRecord)]
_SELECT = "SELECT " + ", ".join(_COLUMNS) + " FROM users"


class Users:
    """The ``users`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def upsert(
        self,
        user_id: int,
        first_name: str,
        last_name: str | None = None,
        username: str | None = None,
        telegram_language: str | None = None,
    ) -> UserRecord:
        """Record a user (or refresh their names) and return them."""
        now = self._db.clock()
        async with self._db.transaction():
            differs = self._db.dialect.differs
            await self._db.execute(
                "INSERT INTO users (id, first_name, last_name, username, telegram_language, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, "
                "last_name = excluded.last_name, username = excluded.username, "
                "telegram_language = excluded.telegram_language, updated_at = excluded.updated_at "
                f"WHERE users.first_name {differs} excluded.first_name "
                f"OR users.last_name {differs} excluded.last_name OR users.username {differs} excluded.username "
                f"OR users.telegram_language {differs} excluded.telegram_language",
                (user_id, first_name, last_name, username, telegram_language, now, now),
            )
        user = await self.get(user_id)
        assert user is not None
        return user

    async def get(self, user_id: int) -> UserRecord | None:
        """The user, or ``None``."""
        row = await self._db.row(_SELECT + " WHERE id = ?", (user_id,))
        if row is None:
            return None
        values = dict(zip(_COLUMNS, row, strict=True))
        values["reachable"] = bool(values["reachable"])
        values["public"] = bool(values["public"])
        values["autoclose"] = bool(values["autoclose"])
        return UserRecord(**values)

    async def set_language(self, user_id: int, language: str | None) -> None:
        """Set the language a user chose."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE users SET language = ?, updated_at = ? WHERE id = ?", (language, self._db.clock(), user_id)
            )

    async def set_public(self, user_id: int, public: bool) -> None:
        """Whether the user appears in the ratings of all players."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE users SET public = ?, updated_at = ? WHERE id = ?", (int(public), self._db.clock(), user_id)
            )

    async def set_autoclose(self, user_id: int, on: bool) -> None:
        """Whether the user's pools holding an opponent dot are closed right after each of their dots."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE users SET autoclose = ?, updated_at = ? WHERE id = ?", (int(on), self._db.clock(), user_id)
            )

    async def public(self, user_ids: list[int]) -> set[int]:
        """Which of ``user_ids`` agreed to appear in the ratings of all players."""
        found: set[int] = set()
        for start in range(0, len(user_ids), 500):
            chunk = user_ids[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            rows = await self._db.rows(f"SELECT id FROM users WHERE public = 1 AND id IN ({marks})", chunk)
            found.update(int(r[0]) for r in rows)
        return found

    async def set_reachable(self, user_id: int, reachable: bool) -> None:
        """Note whether the bot can write to the user's private chat (``False`` once they blocked it)."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE users SET reachable = ?, updated_at = ? WHERE id = ? AND reachable != ?",
                (int(reachable), self._db.clock(), user_id, int(reachable)),
            )
