"""Telling everyone concerned: who sees a game (the audience and their languages), the messages the ``views`` make
for each of them, posted through the ``Postbox`` within Telegram's limits, and what happened handed back to the
services (which message shows which board, who cannot be reached, which buttons are gone).

The ``Announcer`` is built in layers, a module each, every one adding to the one below: ``audience`` (who sees a
game, in which language, its pictures) → ``questions`` (questions with buttons and how they end) → ``boards`` (a
game's boards, announced at every position) → ``lobbies`` → ``tournaments`` (what a tournament owes its group) →
this module (draw offers, what the outbox still owes, the clock's news, reminders).

Together they are the one place that settles the outbox: an announcement the services owe (a move, a start, an
ending, a draw offer, a closed lobby, a tournament's round) is done once every seat that can be reached got it.
Nothing here waits for a message to go: each is posted, and what must follow it (remembering the board, settling the
outbox, taking the buttons off the boards it replaces) runs when it went. ``settled()`` waits for all of that (tests,
shutdown).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any

from ...engine import other
from ...i18n import duration, t
from ...services import ClockPass, GameView, MessageRecord, Notice, Reminder
from ...wording import player_language
from .. import views
from ..captions import html_name, mention_of
from ..formatting import name
from ..keyboards import draw_keyboard
from ..messenger import Unreachable
from ..views import Seat
from .boards import Moot
from .postbox import Kind, Ticket
from .tournaments import Tournaments

log = logging.getLogger(__name__)


class Announcer(Tournaments):
    """Shows games, lobbies, questions, offers and reminders to the people concerned; makes what the outbox owes."""

    async def draw_offered(
        self, view: GameView, by: int, reply_to: int | None = None, notice: Notice | None = None
    ) -> None:
        """A draw offer: in a group, on the group's latest board (a line and the two answers: one edit); in
        private, a question in the opponent's chat, and the one who offered is told it went. The outbox owes it
        until it is out (``notice``: when it is made again from there, the one who offered is not told again)."""
        mine = view.colour_of(by)
        opponent = view.opponent_of(by)
        assert mine is not None and opponent is not None
        notice = notice or Notice(view.id, view.ply, "draw", 0.0)
        if view.kind == "group":
            lang = await self.chat_language(view.chat_id)
            seat = Seat(view.chat_id, view.thread_id, lang, "group")
            ticket: Ticket[Any] | None = await self._edit_letter(view, seat)
            if ticket is None:  # no board to show it on: a question of its own
                text = t(
                    lang,
                    views.offer_key(view, "draw_offered"),
                    id=view.id,
                    name=html_name(view, mine),
                    opponent=mention_of(view, other(mine)),
                )
                ticket = self.ask(
                    view,
                    view.chat_id,
                    view.thread_id,
                    text,
                    draw_keyboard(lang, view),
                    topic="draw",
                    user_id=by,
                    reply_to=reply_to,
                )
        else:
            lang = player_language(opponent)
            ticket = self.ask(
                view, opponent.id, 0, views.offer_text(lang, view), draw_keyboard(lang, view), topic="draw", user_id=by
            )
            if not notice.created_at:
                mine_lang = await self.user_language(by)
                sent = t(mine_lang, views.offer_key(view, "draw_sent"), id=view.id, name=html_name(view, other(mine)))
                self.messenger.send_text(by, sent, reply_to=reply_to)
        self._later(self._settle_offer(view, notice, ticket, opponent.id), f"the draw offer of game {view.id}")

    async def _settle_offer(self, view: GameView, notice: Notice, ticket: Ticket[Any], opponent: int) -> None:
        try:
            await ticket
        except Unreachable:
            await self._reached(opponent, False)  # nobody is left to ask
        except Exception:
            if notice.created_at:
                await self.services.outbox.failed(notice)
            raise
        await self.services.outbox.done(view.id, None, "draw")  # one offer stands at a time: it is out now

    async def offered_draw_again(self, view: GameView, by: int, reply_to: int | None) -> bool:
        """The player offers a draw they had offered already: if it never reached the opponent (it failed, or it is
        still owed), it is shown now. ``False`` when it is out there already."""
        if view.kind == "group":
            latest = await self.services.messages.latest_board(view.id, view.chat_id)
            if latest is not None and latest.topic == "draw" and latest.live:
                return False
        else:
            questions = await self.services.messages.live(view.id, kind="question")
            if any(q.topic == "draw" for q in questions):
                return False
        await self.draw_offered(view, by, reply_to)
        return True

    async def draw_declined(self, view: GameView, by: int, question: MessageRecord | None) -> None:
        """The opponent declined: in a group the board drops the offer (one edit); a private offer's question says
        so, and the one who offered is told."""
        colour = view.colour_of(by)
        assert colour is not None
        if view.kind == "group":
            lang = await self.chat_language(view.chat_id)
            said = t(lang, views.offer_key(view, "draw_declined"), id=view.id, name=html_name(view, colour))
            await self._edit_letter(view, Seat(view.chat_id, view.thread_id, lang, "group"), Kind.ANSWER, said)
        if question is not None and question.kind == "question":
            lang = await self.chat_language(question.chat_id)
            self.answered(
                question, t(lang, views.offer_key(view, "draw_declined"), id=view.id, name=html_name(view, colour))
            )
        if view.kind == "private":
            opponent = view.opponent_of(by)
            if opponent is not None:
                lang = player_language(opponent)
                text = t(lang, views.offer_key(view, "draw_declined"), id=view.id, name=html_name(view, colour))
                self.messenger.send_text(opponent.id, text)

    async def deliver(self, notice: Notice, view: GameView) -> None:
        """Make an announcement the outbox still owes (after a crash, or one that failed half-way)."""
        if (notice.game_id, notice.ply, notice.kind) in self._in_flight:
            return
        log.info("announcing game %s (%s at move %s) again", view.id, notice.kind, notice.ply)
        if notice.kind == "closed":
            await self.closed(view, notice=notice)
        elif notice.kind == "draw":
            offerer = view.player(view.draw_offer) if view.draw_offer is not None else None
            if offerer is not None:
                await self.draw_offered(view, offerer.id, notice=notice)
        elif notice.kind == "started":
            await self.started(view, notice)
        else:
            await self.announce(view, notice)

    async def owed(self, *, grace: float | None = None) -> int:
        """Make every announcement the outbox owes for longer than ``grace`` seconds; how many were made."""
        owed = await self.services.outbox.owed(**({} if grace is None else {"grace": grace}))
        await self._together([(self.deliver(notice, view), view.id) for notice, view in owed])
        return len(owed)

    async def clock(self, found: ClockPass) -> None:
        """Tell everyone what the clock found: games lost on time, reminders, lobbies closed."""
        jobs: list[tuple[Awaitable[object], int]] = [(self.announce(view), view.id) for view in found.timeouts]
        jobs += [(self.remind(reminder), reminder.view.id) for reminder in found.reminders]
        jobs += [(self.closed(view), view.id) for view in found.expired]
        await self._together(jobs)

    async def _together(self, jobs: list[tuple[Awaitable[object], int]], at_once: int = 8) -> None:
        """Run jobs a few at a time, each guarded: a chat waiting out flood control holds up only its own."""
        slots = asyncio.Semaphore(at_once)

        async def one(job: Awaitable[object], game_id: int) -> None:
            async with slots:
                try:
                    await job
                except Exception:
                    log.exception("telling the players about game %s failed", game_id)

        await asyncio.gather(*(one(job, game_id) for job, game_id in jobs))

    async def thinking(self, view: GameView, on: bool) -> None:
        """The bot started thinking about its move: "typing…" where the game is played."""
        if on:
            for seat in await self.seats(view, spectators=False):
                await self.messenger.typing(seat.chat_id, seat.thread_id)

    async def remind(self, reminder: Reminder) -> None:
        """Remind the player to move: in private first; if that fails, in the group (a mention notifies them)."""
        view = reminder.view
        player = view.player_to_move
        if view.to_move is None or player is None or player.bot is not None:  # the bot has no clock and no chat
            return
        lang = player_language(player)
        where = ""
        if view.kind == "group":
            chat = await self.services.people.chat(view.chat_id)
            if chat is not None and chat.title:
                where = t(lang, "in_chat", title=name(chat.title))
        text = views.reminder_text(lang, view, player, reminder.stage, duration(lang, reminder.left), where)
        if player.reachable:
            try:
                await self.messenger.send_text(player.id, text)
                return
            except Unreachable:  # blocked, or never started the bot: fall back to the group
                await self._reached(player.id, False)
        if view.kind == "group":
            lang = await self.chat_language(view.chat_id)
            text = views.reminder_text(lang, view, player, reminder.stage, duration(lang, reminder.left))
            self.messenger.send_text(view.chat_id, text, thread_id=view.thread_id)


__all__ = ["Announcer", "Moot"]
