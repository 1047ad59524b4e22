"""Lobbies: the message a game is set up in, its edits as settings change, and what a start or a cancellation says
(the cancellation's announcement is settled here once every message is out)."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from ...i18n import Language, t
from ...services import GameView, MessageRecord, Notice
from ...wording import player_language
from .. import views
from ..captions import lobby_text, started_text
from ..keyboards import lobby_keyboard
from ..messenger import Unreachable
from ..privacy import reads_all
from .boards import Boards
from .postbox import Kind, Ticket

log = logging.getLogger(__name__)


class Lobbies(Boards):
    """Lobbies, and what a start or a cancellation says."""

    def invite_link(self, view: GameView) -> str | None:
        return views.invite_link(self.username, view)

    async def _reads_all(self, view: GameView) -> bool | None:
        """Whether the bot sees every message in the group of a lobby (``None`` for a private invitation)."""
        if view.kind != "group":
            return None
        return await reads_all(self.services, self.messenger.bot, view.chat_id, self.privacy_off)

    async def show_lobby(
        self,
        view: GameView,
        chat_id: int,
        thread_id: int,
        lang: Language,
        *,
        reply_to: int | None = None,
        intro: str | None = None,
    ) -> Ticket[int]:
        """Post the lobby message with its buttons (and remember it, to edit when the game starts or closes);
        ``intro`` is a line above it ("there is already a game here")."""
        text = lobby_text(lang, view, self.invite_link(view), reads_all=await self._reads_all(view))

        async def remember(message_id: int) -> None:
            await self.services.messages.sent(MessageRecord(chat_id, message_id, "lobby", game_id=view.id))

        return self.messenger.send_text(
            chat_id,
            f"{intro}\n\n{text}" if intro else text,
            thread_id=thread_id,
            keyboard=lobby_keyboard(lang, view),
            reply_to=reply_to,
        ).then(remember)

    async def update_lobby(self, view: GameView, chat_id: int, message_id: int, lang: Language) -> Ticket[bool]:
        """The lobby's settings changed: its message shows them (the latest settings, once)."""
        text = lobby_text(lang, view, self.invite_link(view), reads_all=await self._reads_all(view))
        return self.messenger.edit_text(chat_id, message_id, text, lobby_keyboard(lang, view), kind=Kind.PRESS)

    async def started(self, view: GameView, notice: Notice | None = None) -> None:
        """A game started: its lobby messages say so, and everyone sees the first board."""
        try:
            for lobby in await self.services.messages.live(view.id, kind="lobby"):
                lang = await self.chat_language(lobby.chat_id)
                self.answered(lobby, started_text(lang, view), Kind.TIDY)
        except Exception:
            log.warning("could not edit the lobby messages of game %s", view.id, exc_info=True)
        await self.announce(view, notice or Notice(view.id, view.ply, "started", 0.0))

    async def closed(self, view: GameView, *, by: int | None = None, notice: Notice | None = None) -> set[int]:
        """A lobby (or a game before its first move) was cancelled or expired: its messages say so, its buttons go,
        spectators are released, a group whose game had started is told who cancelled it, and in a private game the
        other player is told. Returns the chats that are told (a request made in one of them needs no more answer).

        Each message and player is tried whatever happened to the others; the outbox's announcement is settled only
        when all were done; otherwise it is made again later, to what is still left. New messages are sent on the
        first try only, so that a retry never says it twice."""
        key = views.closed_key(view)
        first_try = not (notice is not None and notice.attempts)
        told: set[int] = set()
        tickets: list[Ticket[Any]] = []
        for message in await self.services.messages.live(view.id):
            if message.kind == "board":
                tickets.append(self.take_buttons_off(message, Kind.ANSWER))
            else:
                lang = await self.chat_language(message.chat_id)
                tickets.append(self.answered(message, t(lang, key, id=view.id)))
                told.add(message.chat_id)
        started = len(view.players) == 2 and view.reason != "expired"
        if view.kind == "group" and started and first_try and view.chat_id not in told:
            # The group saw the game begin: it is told that it will not be played, and who called it off.
            lang = await self.chat_language(view.chat_id)
            tickets.append(
                self.messenger.send_text(view.chat_id, views.cancelled_text(lang, view, by), thread_id=view.thread_id)
            )
            told.add(view.chat_id)
        if view.kind == "private" and first_try:
            for player in view.people:
                if player.id != by and player.id not in told:
                    tickets.append(self.messenger.send_text(player.id, t(player_language(player), key, id=view.id)))
                    told.add(player.id)
        notice = notice or Notice(view.id, view.ply, "closed", 0.0)
        self._later(self._settle_closed(view, notice, tickets), f"closing game {view.id}")
        return told

    async def _settle_closed(self, view: GameView, notice: Notice, tickets: list[Ticket[Any]]) -> None:
        complete = True
        for ticket in tickets:
            try:
                await ticket
            except Unreachable as exc:
                await self._reached(exc.chat_id, False)
            except Exception:
                log.warning("could not close a message of game %s", view.id, exc_info=True)
                complete = False
        with contextlib.suppress(Exception):
            await self.services.records.game_over(view.id)
        if complete:
            await self.services.outbox.done(view.id, view.ply, "closed")
        elif notice.created_at:
            await self.services.outbox.failed(notice)
