"""Chats: where the bot is, with each chat's language and the settings of its last game."""

from __future__ import annotations

from dataclasses import fields

from .database import Database
from .records import ChatRecord

_COLUMNS = [f.name for f in fields(ChatRecord)]
_SELECT = "SELECT " + ", ".join(_COLUMNS) + " FROM chats"


class Chats:
    """The ``chats`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def upsert(self, chat_id: int, type_: str, title: str | None) -> ChatRecord:
        """Record a chat (or refresh its type and title) and return it."""
        now = self._db.clock()
        async with self._db.transaction():
            differs = self._db.dialect.differs
            await self._db.execute(
                "INSERT INTO chats (id, type, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET type = excluded.type, title = excluded.title, "
                f"updated_at = excluded.updated_at WHERE chats.type {differs} excluded.type OR "
                f"chats.title {differs} excluded.title",
                (chat_id, type_, title, now, now),
            )
        chat = await self.get(chat_id)
        assert chat is not None
        return chat

    async def get(self, chat_id: int) -> ChatRecord | None:
        """The chat, or ``None`` if the bot never saw it."""
        row = await self._db.row(_SELECT + " WHERE id = ?", (chat_id,))
        return ChatRecord(*row) if row else None

    async def set_language(self, chat_id: int, language: str | None) -> None:
        """Set the chat's language (``None``: follow each user's)."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE chats SET language = ?, updated_at = ? WHERE id = ?", (language, self._db.clock(), chat_id)
            )

    async def set_bot_status(self, chat_id: int, status: str) -> None:
        """Note the bot's member status in the chat (``administrator``, ``member``...)."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE chats SET bot_status = ?, updated_at = ? WHERE id = ?", (status, self._db.clock(), chat_id)
            )

    async def set_defaults(
        self,
        chat_id: int,
        *,
        width: int,
        height: int,
        start: str,
        move_seconds: int | None,
        rules: str = "sports",
        options: str | None = None,
        stop_seconds: int | None = None,
    ) -> None:
        """Remember the settings of the chat's last game (board, start, time, rule set and its options) as the
        defaults for its next ``/new``."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE chats SET board_width = ?, board_height = ?, start = ?, move_seconds = ?, rules = ?, "
                "options = ?, stop_seconds = ?, updated_at = ? WHERE id = ?",
                (width, height, start, move_seconds, rules, options, stop_seconds, self._db.clock(), chat_id),
            )

    async def copy(self, old_id: int, new_id: int, type_: str) -> None:
        """A group got a new id (it became a supergroup): the new chat starts with the old one's settings."""
        async with self._db.transaction():
            await self._db.execute(
                "INSERT INTO chats (id, type, title, language, board_width, board_height, start, "
                "move_seconds, rules, options, stop_seconds, bot_status, created_at, updated_at) SELECT "
                "CAST(? AS BIGINT), CAST(? AS TEXT), title, language, board_width, board_height, start, move_seconds, "
                "rules, options, stop_seconds, bot_status, created_at, CAST(? AS DOUBLE PRECISION) FROM chats "
                "WHERE id = ? ON CONFLICT DO NOTHING",
                (new_id, type_, self._db.clock(), old_id),
            )
