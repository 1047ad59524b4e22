"""Sharing games: SGF records out and in, spectator links and who follows which game."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from storage import ImportRecord

from ..engine.sgf import write_sgf
from .core import Core
from .errors import Problem, ServiceError
from .model import GameView

MAX_SGF_BYTES = 512 * 1024
"""The largest record accepted from a player."""
IMPORTS_A_DAY = 20
"""Records a person may send in 24 hours."""
IMPORT_BYTES = 5 * 1024 * 1024
"""Room the records a person sent may take in all (they are forgotten after ``KEEP_IMPORTS``)."""


class Records:
    """Records and spectators."""

    def __init__(self, core: Core) -> None:
        self._core = core

    @staticmethod
    def sgf(view: GameView) -> str:
        """The game as an SGF record (``GM[40]``) with the players' names and the date it was opened."""
        date = datetime.fromtimestamp(view.created_at, UTC).strftime("%Y-%m-%d")
        blue = view.blue.name if view.blue else "Blue"
        red = view.red.name if view.red else "Red"
        return write_sgf(view.position, blue=blue, red=red, date=date)

    async def keep(self, chat_id: int, user_id: int, name: str | None, text: str) -> int:
        """Keep a record a player sent (already read successfully), to step through or continue; its number.

        A person may send ``IMPORTS_A_DAY`` records a day, taking ``IMPORT_BYTES`` in all."""
        await self.room(user_id, len(text.encode()))
        return await self._core.storage.imports.save(chat_id, user_id, name, text)

    async def room(self, user_id: int, size: int) -> None:
        """Refuse (``TOO_MANY_IMPORTS``, ``IMPORTS_TOO_BIG``) a record of ``size`` bytes over the person's quota."""
        core = self._core
        today, stored = await core.storage.imports.usage(user_id, core.clock() - 86400)
        if today >= IMPORTS_A_DAY:
            raise ServiceError(Problem.TOO_MANY_IMPORTS, count=IMPORTS_A_DAY)
        if stored + size > IMPORT_BYTES:
            raise ServiceError(Problem.IMPORTS_TOO_BIG, megabytes=IMPORT_BYTES // (1024 * 1024))

    async def kept(self, import_id: int) -> ImportRecord | None:
        """A record a player sent."""
        return await self._core.storage.imports.get(import_id)

    async def watch_code(self, game_id: int) -> str:
        """The game's spectator code (made on first use for games that predate spectator links)."""
        record = await self._core.record(game_id)
        return record.watch or await self._core.storage.games.set_watch(record.id, secrets.token_urlsafe(9))

    async def follow(self, code: str, chat_id: int) -> GameView:
        """A spectator opened a game's link: their chat follows it while it goes on."""
        core = self._core
        record = await core.storage.games.by_watch(code)
        if record is None:
            raise ServiceError(Problem.WATCH_UNKNOWN)
        if record.state == "active" and chat_id not in record.players:  # a player sees the game anyway
            await core.storage.follows.add(record.id, chat_id)
        return await core.view(record)

    async def unfollow(self, game_id: int, chat_id: int) -> None:
        """The chat stops following the game; ``NOT_FOLLOWING`` if it did not."""
        if not await self._core.storage.follows.remove(game_id, chat_id):
            raise ServiceError(Problem.NOT_FOLLOWING)

    async def followed(self, chat_id: int) -> list[int]:
        """The games a chat follows."""
        return await self._core.storage.follows.of_chat(chat_id)

    async def spectators(self, game_id: int) -> list[int]:
        """The chats following a game."""
        return await self._core.storage.follows.of_game(game_id)

    async def game_over(self, game_id: int) -> None:
        """A game ended: nobody follows it any more."""
        await self._core.storage.follows.clear(game_id)
