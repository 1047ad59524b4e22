"""The bot's messages about games and records: which board a reply answers, which buttons must go when a message
is out of date, which picture of a position is already uploaded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from .database import Database
from .records import MessageKind, MessageRecord

_COLUMNS = [f.name for f in fields(MessageRecord)]
_SELECT = "SELECT " + ", ".join(_COLUMNS) + " FROM messages"


def _message(row: Sequence[Any]) -> MessageRecord:
    values = dict(zip(_COLUMNS, row, strict=True))
    values["live"] = bool(values["live"])
    return MessageRecord(**values)


class Messages:
    """The ``messages`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(self, message: MessageRecord) -> None:
        """Remember a message the bot sent (a repeated id replaces the old row)."""
        async with self._db.transaction():
            await self._db.execute(
                "INSERT INTO messages (" + ", ".join(_COLUMNS) + ", created_at) "
                "VALUES ("
                + ", ".join("?" for _ in _COLUMNS)
                + ", ?) ON CONFLICT (chat_id, message_id) DO UPDATE SET "
                + ", ".join(f"{c} = excluded.{c}" for c in [*_COLUMNS[2:], "created_at"]),
                (
                    message.chat_id,
                    message.message_id,
                    message.kind,
                    message.game_id,
                    message.import_id,
                    message.ply,
                    message.user_id,
                    message.topic,
                    int(message.live),
                    message.file_id,
                    self._db.clock(),
                ),
            )

    async def boards_at(self, game_id: int, ply: int) -> set[int]:
        """The chats that already got a board of the game at move ``ply``."""
        rows = await self._db.rows(
            "SELECT chat_id FROM messages WHERE game_id = ? AND ply = ? AND kind = 'board'", (game_id, ply)
        )
        return {int(r[0]) for r in rows}

    async def latest_board(self, game_id: int, chat_id: int) -> MessageRecord | None:
        """The newest board of the game sent to the chat, if the bot remembers one."""
        row = await self._db.row(
            _SELECT + " WHERE game_id = ? AND chat_id = ? AND kind = 'board' ORDER BY message_id DESC LIMIT 1",
            (game_id, chat_id),
        )
        return _message(row) if row else None

    async def get(self, chat_id: int, message_id: int) -> MessageRecord | None:
        """The message, if the bot remembers it."""
        row = await self._db.row(_SELECT + " WHERE chat_id = ? AND message_id = ?", (chat_id, message_id))
        return _message(row) if row else None

    async def live(
        self, game_id: int, *, chat_id: int | None = None, kind: MessageKind | None = None
    ) -> list[MessageRecord]:
        """The game's messages that still have buttons (in one chat, of one kind), oldest first."""
        sql = _SELECT + " WHERE game_id = ? AND live = 1"
        params: list[object] = [game_id]
        if chat_id is not None:
            sql += " AND chat_id = ?"
            params.append(chat_id)
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        return [_message(r) for r in await self._db.rows(sql + " ORDER BY created_at, message_id", params)]

    async def superseded(self, limit: int) -> list[MessageRecord]:
        """Boards that still have buttons although a newer board of their game was sent to their chat since (their
        buttons were left for later when a group's budget was short), oldest first."""
        rows = await self._db.rows(
            _SELECT + " AS m WHERE m.live = 1 AND m.kind = 'board' AND m.game_id IS NOT NULL AND EXISTS ("
            "SELECT 1 FROM messages AS n WHERE n.game_id = m.game_id AND n.chat_id = m.chat_id AND n.kind = 'board'"
            " AND n.message_id > m.message_id) ORDER BY m.created_at, m.message_id LIMIT ?",
            (limit,),
        )
        return [_message(r) for r in rows]

    async def retire(self, chat_id: int, message_id: int) -> None:
        """The message's buttons are gone."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE messages SET live = 0 WHERE chat_id = ? AND message_id = ?", (chat_id, message_id)
            )

    async def picture_of(self, game_id: int, ply: int) -> str | None:
        """The Telegram ``file_id`` of a picture of the game at move ``ply`` already uploaded, if any."""
        row = await self._db.row(
            "SELECT file_id FROM messages WHERE game_id = ? AND ply = ? AND kind = 'board' AND file_id IS NOT NULL "
            "ORDER BY created_at DESC LIMIT 1",
            (game_id, ply),
        )
        return str(row[0]) if row else None

    async def prune(self, created_before: float) -> int:
        """Forget messages sent before ``created_before`` (nobody replies to a board that old): those without
        buttons, and those whose buttons no longer matter (of a game that is over, or a "which game?" question),
        keeping each game's latest board (its picture is shared again by ``file_id``); how many."""
        async with self._db.transaction():
            return await self._db.execute(
                "DELETE FROM messages WHERE created_at < ? "
                "AND (live = 0 OR game_id IS NULL OR game_id IN "
                "(SELECT id FROM games WHERE state IN ('finished', 'cancelled'))) "
                "AND NOT (kind = 'board' AND EXISTS "
                "(SELECT 1 FROM games g WHERE g.id = messages.game_id AND g.ply = messages.ply))",
                (created_before,),
            )

    async def retire_chat(self, chat_id: int) -> None:
        """The chat is gone (a group that became a supergroup): its messages can no longer be edited."""
        async with self._db.transaction():
            await self._db.execute("UPDATE messages SET live = 0 WHERE chat_id = ? AND live = 1", (chat_id,))
