"""Spectators: the private chats that follow a game and get its new boards."""

from __future__ import annotations

from .database import Database


class Follows:
    """The ``spectators`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(self, game_id: int, chat_id: int) -> None:
        """Start sending the game's boards to ``chat_id``."""
        async with self._db.transaction():
            await self._db.execute(
                "INSERT INTO spectators (game_id, chat_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, chat_id, self._db.clock()),
            )

    async def remove(self, game_id: int, chat_id: int) -> bool:
        """Stop sending the game's boards to ``chat_id``; ``False`` if it did not follow the game."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "DELETE FROM spectators WHERE game_id = ? AND chat_id = ?", (game_id, chat_id)
            )
            return changed > 0

    async def clear(self, game_id: int) -> None:
        """Nobody follows the game any more (it ended)."""
        async with self._db.transaction():
            await self._db.execute("DELETE FROM spectators WHERE game_id = ?", (game_id,))

    async def of_chat(self, chat_id: int) -> list[int]:
        """The games a chat follows."""
        rows = await self._db.rows("SELECT game_id FROM spectators WHERE chat_id = ? ORDER BY created_at", (chat_id,))
        return [int(r[0]) for r in rows]

    async def of_game(self, game_id: int) -> list[int]:
        """The chats following a game."""
        rows = await self._db.rows("SELECT chat_id FROM spectators WHERE game_id = ? ORDER BY created_at", (game_id,))
        return [int(r[0]) for r in rows]
