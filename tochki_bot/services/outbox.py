"""The outbox: every change the players must hear about (a new position, a game that started, a lobby that closed,
a draw offered) is owed in the same transaction that stores it, and stays owed until a front end says everyone
concerned was told. After a crash, or when telling failed half-way, the owed announcements are made again."""

from __future__ import annotations

import logging

from storage import Notice, NoticeKind

from .core import Core
from .model import GameView

log = logging.getLogger(__name__)
GRACE = 10.0
"""An announcement is taken for lost when it is still owed this many seconds after its change (its handler is
normally done within a second)."""


class Outbox:
    """Announcements owed."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def owed(self, now: float | None = None, *, grace: float = GRACE) -> list[tuple[Notice, GameView]]:
        """Announcements owed for more than ``grace`` seconds, with their game as it is now, oldest first.

        Those a later change has made moot (a position or a start after which more moves were made, a start of a
        game that is no longer being played) are dropped here. A game that cannot be read is passed over (and tried
        again next time, until it is given up): it must not hold up the others.
        """
        core = self._core
        now = core.clock() if now is None else now
        found: list[tuple[Notice, GameView]] = []
        for notice in await core.storage.outbox.owed(now - grace, limit=1000):
            try:
                record = await core.storage.games.get(notice.game_id)
                if record is None:
                    moot = True
                elif notice.kind == "position":
                    moot = record.ply > notice.ply
                elif notice.kind == "started":
                    moot = record.ply > notice.ply or record.state != "active"
                elif notice.kind == "draw":  # answered, lapsed, or the game ended
                    moot = record.state != "active" or record.draw_offer is None
                else:
                    moot = False
                if moot:
                    await core.storage.outbox.done(notice.game_id, notice.ply, notice.kind)
                    continue
                assert record is not None
                found.append((notice, await core.view(record)))
            except Exception:
                log.exception("the announcement of game %s at move %s cannot be prepared", notice.game_id, notice.ply)
                await core.storage.outbox.tried(notice.game_id, notice.ply, notice.kind)
        return found

    async def done(self, game_id: int, ply: int | None, kind: NoticeKind) -> None:
        """Everyone concerned was told (``ply=None``: of every announcement of this kind owed for the game)."""
        await self._core.storage.outbox.done(game_id, ply, kind)

    async def failed(self, notice: Notice) -> None:
        """Telling failed half-way; the announcement stays owed and is tried again later."""
        await self._core.storage.outbox.tried(notice.game_id, notice.ply, notice.kind)

    async def owes(self, game_id: int, ply: int, kind: NoticeKind) -> bool:
        """Whether this announcement is still owed (a game's board not shown yet, say)."""
        return await self._core.storage.outbox.owes(game_id, ply, kind)
