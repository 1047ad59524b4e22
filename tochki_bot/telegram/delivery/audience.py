"""Who sees a game and in which language (its group, each player's private chat, its spectators), the pictures of
its positions (drawn once per position and language), and the background work that follows letters posted. The base
of the announcer's parts (``questions``, ``boards``, ``lobbies``, ``announcer``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from render import Window

from ...i18n import Language
from ...painter import Painter
from ...services import GameView, Services
from ...services.support import LRU
from ...wording import known_language, player_language
from .. import views
from ..keyboards import MiniApp
from ..messenger import Messenger
from ..views import BoardSpec, Seat

log = logging.getLogger(__name__)


class Audience:
    """Where a game is shown, in which language, with which pictures."""

    def __init__(
        self,
        services: Services,
        messenger: Messenger,
        username: str,
        miniapp: MiniApp | None = None,
        painter: Painter | None = None,
    ) -> None:
        self.services = services
        self.messenger = messenger
        self.username = username
        self.painter = painter or Painter(0)
        """Where the pictures are drawn (worker processes, or threads)."""
        self.miniapp = miniapp
        """Where the Mini App is, when it is configured: every board then has a button that opens it."""
        self._offering: set[int] = set()
        """Games whose draw (or end) offer is posted and has not gone yet."""
        self._in_flight: set[tuple[int, int, str]] = set()
        """Announcements being made right now (the outbox's drain leaves them alone)."""
        self._pending: set[asyncio.Task[Any]] = set()
        """What follows letters posted (remembering boards, settling the outbox), until it is done."""
        self._pictures: LRU[tuple[int, int, str, bool], bytes] = LRU(64)
        """Pictures drawn for a game's position (per language, with or without the window's frame): every seat of
        one announcement reading the same language shares one."""
        self.privacy_off = False
        """The bot's privacy mode is off: it sees every message of every group (``getMe``, set at start-up)."""
        self._shown: LRU[tuple[int, int], int] = LRU(4096)
        """(game, chat) -> the ply of the newest board drawn for that chat."""
        self._settled: LRU[tuple[int, int], bool] = LRU(4096)
        """Messages a settle has said how they ended (the plainer "out of date" is not said after it)."""
        self._asked: LRU[tuple[int, int], dict[int, views.Asked]] = LRU(4096)
        """(game, chat) -> the confirmations waiting on the game's boards in that chat, by who asked (each player has
        one at most: ``Boards.ask_on_board``)."""
        self._notes: LRU[tuple[int, int], tuple[int, str]] = LRU(4096)
        """(game, chat) -> the move and the last line its boards there show ("Boris declined the draw")."""
        self._windows: LRU[tuple[int, int], tuple[int, Window, bool]] = LRU(4096)
        """(chat, board message) -> the move, window and zoom last asked for on it: an edit of the board in place
        keeps the window its player moved to."""

    @property
    def postbox(self) -> Any:
        return self.messenger.postbox

    def _later(self, job: Coroutine[Any, Any, object], what: str) -> asyncio.Task[Any]:
        """Run ``job`` in the background, kept until it is done; its failure is logged."""

        async def guarded() -> object:
            try:
                return await job
            except Exception:
                log.exception("%s failed", what)
                return None

        task = asyncio.get_running_loop().create_task(guarded())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        return task

    async def settled(self) -> None:
        """Until every letter posted has gone and everything that follows them is done."""
        while True:
            await self.postbox.idle()
            if not self._pending:
                await asyncio.sleep(0)
                if not self._pending and self.postbox.waiting_total() == 0:
                    return
                continue
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def user_language(self, user_id: int | None) -> Language:
        return player_language(await self.services.people.player(user_id))

    async def chat_language(self, chat_id: int) -> Language:
        """A group's language (its admins' choice, else its players' most common one); a private chat's is its
        user's."""
        if chat_id > 0:
            return await self.user_language(chat_id)
        return known_language(await self.services.people.group_language(chat_id, player_language)) or "en"

    async def seats(self, view: GameView, *, spectators: bool = True) -> list[Seat]:
        """Where the game is shown: its group, or each player's private chat; and every spectator's chat."""
        if view.kind == "group":
            seats = [Seat(view.chat_id, view.thread_id, await self.chat_language(view.chat_id), "group")]
        else:
            seats = [Seat(p.id, 0, player_language(p), "player", p.id) for p in view.people]
        if spectators:
            players = {p.id for p in view.players}
            for chat_id in await self.services.records.spectators(view.id):
                if chat_id not in players:
                    seats.append(Seat(chat_id, 0, await self.user_language(chat_id), "spectator", chat_id))
        return seats

    def seat_here(self, view: GameView, chat_id: int, thread_id: int, lang: Language, reader: int) -> Seat:
        return views.seat_here(view, chat_id, thread_id, lang, reader)

    async def _reached(self, chat_id: int, ok: bool) -> None:
        if chat_id > 0:
            await self.services.people.set_reachable(chat_id, ok)

    async def png(self, view: GameView, spec: BoardSpec) -> bytes:
        """The picture of a board spec, drawn by the painter (once per position, language and frame)."""
        if spec.crop is not None:
            return await self.painter.png(spec.picture, crop=spec.crop, max_side=views.ZOOM_SIDE)
        key = (view.id, view.ply, spec.picture.caption, spec.windowed)  # the status line is in the seat's language
        png = self._pictures.get(key)
        if png is None:
            png = await self.painter.png(spec.picture)
            self._pictures.put(key, png)
        return png

    def picture_of(self, view: GameView, lang: Language, window: Window | None = None) -> Any:
        return views.picture_of(view, lang, window)
