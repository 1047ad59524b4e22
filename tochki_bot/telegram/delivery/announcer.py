"""Telling everyone concerned: who sees a game (the audience and their languages), the messages the ``views`` make
for each of them, posted through the ``Postbox`` within Telegram's limits, and what happened handed back to the
services (which message shows which board, who cannot be reached, which buttons are gone).

This is the one place that settles the outbox: an announcement the services owe (a move, a start, an ending, a draw
offer, a closed lobby) is done once every seat that can be reached got it. Nothing here waits for a message to go:
each is posted, and what must follow it (remembering the board, settling the outbox, taking the buttons off the
boards it replaces) runs when it went. ``settled()`` waits for all of that (tests, shutdown).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Coroutine
from typing import Any

from telegram import InlineKeyboardMarkup

from render import Window

from ...engine import other
from ...i18n import Language, duration, t
from ...painter import Painter
from ...services import ClockPass, GameView, MessageRecord, Notice, Reminder, Services
from ...services.support import LRU
from ...wording import known_language, player_language
from .. import views
from ..captions import html_name, lobby_text, mention_of, started_text
from ..formatting import name
from ..keyboards import Markup, MiniApp, draw_keyboard, lobby_keyboard
from ..messenger import Messenger, Unreachable
from ..privacy import reads_all
from ..views import BoardSpec, Seat, message_link
from .postbox import Kind, Ticket

log = logging.getLogger(__name__)
RETIRE_AT_ONCE = 3
"""Old keyboards taken away per new board (the rest are left to the hourly tidy-up)."""
THINKING_MARGIN = 1.0
"""Seconds a group's board of a move against the bot waits beyond the bot's thinking time for its reply."""


class Moot(Exception):
    """A board that would show less than the game's newest position (another process announced a later move)."""


class Announcer:
    """Shows games, lobbies, questions and reminders to the people concerned."""

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
        self._in_flight: set[tuple[int, int, str]] = set()
        """Announcements being made right now (the outbox's drain leaves them alone)."""
        self._pending: set[asyncio.Task[Any]] = set()
        """What follows letters posted (remembering boards, settling the outbox), until it is done."""
        self._pictures: LRU[tuple[int, int, str, bool], bytes] = LRU(64)
        self.privacy_off = False
        """The bot's privacy mode is off: it sees every message of every group (``getMe``, set at start-up)."""
        self._shown: LRU[tuple[int, int], int] = LRU(4096)
        self._settled: LRU[tuple[int, int], bool] = LRU(4096)
        """Messages a settle has said how they ended (the plainer "out of date" is not said after it)."""
        """(game, chat) -> the ply of the newest board drawn for that chat."""
        """Pictures drawn for a game's position (per language, with or without the window's frame): every seat of
        one announcement reading the same language shares one."""

    @property
    def postbox(self) -> Any:
        return self.messenger.postbox

    # --------------------------------------------------------------------------------------------------------------
    # Background work

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

    # --------------------------------------------------------------------------------------------------------------
    # Languages and audiences

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

    # --------------------------------------------------------------------------------------------------------------
    # Pictures

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

    # --------------------------------------------------------------------------------------------------------------
    # Boards

    def _hold(self, view: GameView, seat: Seat) -> float:
        """How long a group's board waits for the bot's reply, in a game against the bot: the player's dot and the
        bot's reply go as one board (a group's minute has about 20 messages)."""
        mover = view.player_to_move
        if seat.role != "group" or view.result is not None or mover is None or mover.bot is None:
            return 0.0
        return self.services.opponent.move_seconds(mover.bot) + THINKING_MARGIN

    async def _earlier(self, view: GameView, chat_id: int) -> int:
        """How many dots before the last this chat has not seen on a board (0 or more; manual rules: 0); and from now
        on the chat has seen this one."""
        shown = self._shown.get((view.id, chat_id))
        self._shown.put((view.id, chat_id), view.ply)
        if view.settings.manual:
            return 0
        if shown is None:
            latest = await self.services.messages.latest_board(view.id, chat_id)
            shown = latest.ply if latest is not None else None
        if shown is None:
            return 0
        return max(0, min(2, view.ply - shown - 1))

    async def board_above(self, view: GameView, chat_id: int) -> str | None:
        """In a busy group whose newest board of the game shows the game as it is (and is still live): a link to that
        board (``none`` where Telegram gives no link), to answer ``/board`` with; ``None`` when a board is posted."""
        if self.postbox.eta(chat_id, Kind.ANSWER) <= 0.0 and self.postbox.waiting(chat_id) == 0:
            return None
        latest = await self.services.messages.latest_board(view.id, chat_id)
        if latest is None or latest.ply != view.ply:
            return None
        return message_link(chat_id, latest.message_id) or "none"

    def _board_letter(
        self,
        view: GameView,
        seat: Seat,
        *,
        buttons: bool = True,
        reply_to: int | None = None,
        kind: Kind = Kind.BOARD,
        hold: float = 0.0,
        check: bool = True,
    ) -> Ticket[tuple[int, str | None, bool]]:
        """Post one seat its board of ``view``, drawn when its turn comes (a newer board of the game for the same
        chat, posted meanwhile, takes its place). Gives (message id, file id, whether it has buttons). With
        ``check``, a board older than the game's newest position is not sent (``Moot``)."""

        async def draw() -> tuple[bytes, str, Markup | None, bool]:
            if check and (await self.services.game(view.id)).ply > view.ply:
                raise Moot
            earlier = await self._earlier(view, seat.chat_id)
            spec = views.board_spec(
                view, seat, now=self.services.now, miniapp=self.miniapp, buttons=buttons, earlier=earlier
            )
            return await self.png(view, spec), spec.caption, spec.keyboard, spec.live

        return self.messenger.send_board(
            seat.chat_id,
            draw,
            thread_id=seat.thread_id,
            reply_to=reply_to,
            kind=kind,
            key=("board", view.id, seat.chat_id) if kind is Kind.BOARD else None,
            hold=hold,
            rank=view.ply,
        )

    async def _edit_letter(
        self, view: GameView, seat: Seat, kind: Kind = Kind.BOARD, note: str | None = None
    ) -> Ticket[bool] | None:
        """A step of the closing phase (or an offer's change) on the seat's newest board of the game, in place (a new
        picture, caption and keyboard on the same message). ``None`` when there is no board to edit."""
        latest = await self.services.messages.latest_board(view.id, seat.chat_id)
        if latest is None or latest.ply > view.ply:
            return None
        spec = views.board_spec(view, seat, now=self.services.now, miniapp=self.miniapp, note=note)
        png = await self.png(view, spec)
        ticket = self.messenger.edit_board(seat.chat_id, latest.message_id, png, spec.caption, spec.keyboard, kind=kind)
        message = MessageRecord(
            seat.chat_id,
            latest.message_id,
            "board",
            game_id=view.id,
            ply=view.ply,
            live=spec.live,
            topic="draw" if views.offer_on_board(view, seat) else None,
        )

        async def remember(ok: bool) -> None:
            if ok:
                await self.services.messages.sent(message)

        return ticket.then(remember)

    def announce(self, view: GameView, notice: Notice | None = None) -> asyncio.Task[Any]:
        """Show the new position to everyone who sees the game (a move, an ending, a start), then tidy up:
        questions asked before this move are out of date, and when the game is over nobody follows it any more.

        Returns at once (the task, for whoever wants to wait). Every seat is tried whatever happens to the others.
        When every seat that can be reached got its board, the announcement owed in the outbox is settled
        (``notice``; by default the one for this position) in the same transaction that remembers the boards;
        otherwise it stays owed and is made again later, to the seats that did not get it."""
        notice = notice or Notice(view.id, view.ply, "position", 0.0)
        key = (notice.game_id, notice.ply, notice.kind)
        self._in_flight.add(key)

        async def run() -> bool:
            try:
                return await self._announce(view, notice)
            finally:
                self._in_flight.discard(key)

        return self._later(run(), f"announcing game {view.id} at move {view.ply}")

    async def _announce(self, view: GameView, notice: Notice) -> bool:
        again = notice.created_at > 0  # made again from the outbox: some seats may have their board already
        told = await self.services.messages.boards_at(view.id, view.ply) if again else set()
        live = await self.services.messages.live(view.id)  # boards to take buttons off, questions to close
        posted: list[tuple[Seat, Ticket[Any], bool]] = []
        for seat in await self.seats(view):
            if seat.chat_id in told:
                continue
            edit = None
            if view.closing is not None and view.result is None:  # a step of the closing phase: in place
                edit = await self._edit_letter(view, seat)
            if edit is not None:
                posted.append((seat, edit, True))
            else:
                posted.append((seat, self._board_letter(view, seat, hold=self._hold(view, seat)), False))
        boards: list[MessageRecord] = []
        complete = True
        for seat, ticket, edited in posted:
            try:
                outcome = await ticket
            except Moot:
                continue
            except Unreachable:
                await self._reached(seat.chat_id, False)
                if seat.role == "spectator":
                    with contextlib.suppress(Exception):
                        await self.services.records.unfollow(view.id, seat.chat_id)
                else:
                    log.info("player %s of game %s cannot be reached in private", seat.chat_id, view.id)
                continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("the board of game %s at move %s did not reach %s", view.id, view.ply, seat.chat_id)
                complete = False
                continue
            await self._reached(seat.chat_id, True)
            if edited:
                if outcome is False:  # the board was gone: it is posted anew
                    try:
                        message_id, file_id, has_buttons = await self._board_letter(view, seat, check=False)
                    except Exception:
                        complete = False
                        continue
                    boards.append(self._board_record(view, seat, message_id, file_id, has_buttons))
                continue
            message_id, file_id, has_buttons = outcome
            boards.append(self._board_record(view, seat, message_id, file_id, has_buttons))
        try:
            await self.services.messages.replaced(boards, [], notice if complete else None)
        except Exception:
            # The boards are out; only remembering them failed. Replies still find their game (by the caption),
            # and the announcement stays owed: at least once, if perhaps twice.
            log.exception("could not remember the boards of game %s at move %s", view.id, view.ply)
            complete = False
        if not complete and again:
            await self.services.outbox.failed(notice)
        for board in boards:
            self._retire_older(view, board, live)
        await self._tidy(view, live)
        return complete

    @staticmethod
    def _board_record(
        view: GameView, seat: Seat, message_id: int, file_id: str | None, has_buttons: bool
    ) -> MessageRecord:
        return MessageRecord(
            seat.chat_id, message_id, "board", game_id=view.id, ply=view.ply, live=has_buttons, file_id=file_id
        )

    def _retire_older(self, view: GameView, new: MessageRecord, live: list[MessageRecord]) -> None:
        """Take the buttons off the chat's older boards of the game (a few now, whenever the chat has room; the rest
        by the hourly tidy-up). A board whose keyboard stays meanwhile is refused when pressed."""
        older = [
            m
            for m in live
            if m.kind == "board" and m.chat_id == new.chat_id and m.ply <= new.ply and m.message_id != new.message_id
        ]
        for old in older[-RETIRE_AT_ONCE:]:
            self.take_buttons_off(old)

    def take_buttons_off(self, message: MessageRecord, kind: Kind = Kind.TIDY) -> Ticket[bool]:
        """Take a message's buttons away (whenever its chat has room); it is remembered as done once it is."""

        async def done(_: bool) -> None:
            await self.services.messages.retired(message.chat_id, message.message_id)

        ticket = self.messenger.edit_keyboard(message.chat_id, message.message_id, None, kind=kind)
        ticket.letter.future.add_done_callback(lambda f: self._gone(f, message))
        return ticket.then(done)

    def _gone(self, done: asyncio.Future[Any], message: MessageRecord) -> None:
        """A chat that cannot be written to any more has no buttons left to take away."""
        if not done.cancelled() and isinstance(done.exception(), Unreachable):
            self._later(self.services.messages.retired(message.chat_id, message.message_id), "forgetting a message")

    async def tidy(self, limit: int = 100) -> int:
        """Take the buttons off boards a newer board has replaced, where that was left for later (a fast game in a
        group spends its budget on the boards themselves). Returns how many were posted."""
        posted = 0
        for old in await self.services.messages.superseded(limit):
            if self.postbox.waiting(old.chat_id) > 10:
                continue  # that chat is busy: its turn comes at the next pass
            self.take_buttons_off(old)
            posted += 1
        return posted

    def post_board(
        self,
        view: GameView,
        seat: Seat,
        *,
        buttons: bool = True,
        reply_to: int | None = None,
        kind: Kind = Kind.ANSWER,
    ) -> Ticket[Any]:
        """Show a game's board again in one chat (``/board``, a spectator's first board) and take the buttons off
        that chat's older boards of the game."""
        ticket = self._board_letter(view, seat, buttons=buttons, reply_to=reply_to, kind=kind, check=False)

        async def remember(outcome: tuple[int, str | None, bool]) -> None:
            message_id, file_id, has_buttons = outcome
            new = self._board_record(view, seat, message_id, file_id, has_buttons)
            live = await self.services.messages.live(view.id, chat_id=seat.chat_id, kind="board")
            await self.services.messages.replaced([new], [])
            self._retire_older(view, new, live)

        return ticket.then(remember)

    def redraw(self, view: GameView, seat: Seat, message_id: int, window: Window, zoom: bool) -> Ticket[bool]:
        """Show another window of buttons on a board message (the frame moves), or the zoomed picture of it. The
        latest window asked for replaces one still waiting to go."""

        async def draw() -> tuple[bytes, str, Markup | None]:
            spec = views.window_spec(view, seat, window, zoom, now=self.services.now, miniapp=self.miniapp)
            png = await self.png(view, spec) if spec.crop is not None else await self.painter.png(spec.picture)
            return png, spec.caption, spec.keyboard

        ticket = self.messenger.edit_board(seat.chat_id, message_id, draw, kind=Kind.PRESS)

        async def gone(ok: bool) -> None:
            if not ok:  # the message is gone: the board is posted anew
                self.post_board(view, seat)

        return ticket.then(gone)

    async def zoomed(self, view: GameView, seat: Seat, window: Window, reply_to: int | None) -> Ticket[int]:
        """A zoomed picture of part of the board, as a message of its own (``/zoom``)."""
        picture = views.picture_of(view, seat.lang)  # no buttons here: no frame for them
        png = await self.painter.png(picture, crop=window, max_side=views.ZOOM_SIDE)
        caption = views.zoom_caption(seat.lang, view, window)
        return self.messenger.send_photo(seat.chat_id, png, caption, thread_id=seat.thread_id, reply_to=reply_to)

    async def _tidy(self, view: GameView, live: list[MessageRecord]) -> None:
        try:
            await self.close_questions(view, [m for m in live if m.kind == "question"])
            if view.result is not None:
                await self._end_following(view, [m for m in live if m.kind == "follow"])
        except Exception:
            log.warning("could not tidy the questions and spectators of game %s", view.id, exc_info=True)

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

    async def _end_following(self, view: GameView, notes: list[MessageRecord]) -> None:
        for note in notes:
            lang = await self.chat_language(note.chat_id)
            self.answered(note, t(lang, "watching_ended", id=view.id), Kind.TIDY)
        await self.services.records.game_over(view.id)

    # --------------------------------------------------------------------------------------------------------------
    # Lobbies

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

    # --------------------------------------------------------------------------------------------------------------
    # Questions

    def ask(
        self,
        view: GameView,
        chat_id: int,
        thread_id: int,
        text: str,
        keyboard: InlineKeyboardMarkup,
        *,
        topic: str,
        user_id: int,
        reply_to: int | None = None,
    ) -> Ticket[int]:
        """Ask a question with buttons (resign? ground? which game?) and remember it, to close it when it is
        answered or out of date."""

        async def remember(message_id: int) -> None:
            await self.services.messages.sent(
                MessageRecord(
                    chat_id, message_id, "question", game_id=view.id, ply=view.ply, user_id=user_id, topic=topic
                )
            )

        return self.messenger.send_text(chat_id, text, thread_id=thread_id, keyboard=keyboard, reply_to=reply_to).then(
            remember
        )

    def answered(self, message: MessageRecord, text: str, kind: Kind = Kind.ANSWER, *, rank: int = 1) -> Ticket[bool]:
        """A question (or lobby, or note) is settled: its text says how, and its buttons go."""
        return self.settle(message.chat_id, message.message_id, text, kind, rank=rank)

    def settle(
        self, chat_id: int, message_id: int, text: str, kind: Kind = Kind.ANSWER, *, rank: int = 1
    ) -> Ticket[bool]:
        """Edit a message with buttons to say how it was settled, without buttons (it is then no longer live). What
        it says stays if a plainer closing (``rank`` 0: "out of date") comes while it waits to go."""

        async def done(_: bool) -> None:
            await self.services.messages.retired(chat_id, message_id)

        if rank:
            self._settled.put((chat_id, message_id), True)  # a plainer closing must not follow it
        elif self._settled.get((chat_id, message_id)):
            return self.messenger.postbox.done(True)
        return self.messenger.edit_text(chat_id, message_id, text, kind=kind, rank=rank).then(done)

    async def close_questions(self, view: GameView, questions: list[MessageRecord] | None = None) -> None:
        """Questions out of date say so and lose their buttons (whenever their chat has room)."""
        if questions is None:
            questions = await self.services.messages.live(view.id, kind="question")
        for question in questions:
            lang = await self.chat_language(question.chat_id)
            text = views.question_closed_text(lang, view, question)
            if text is not None:
                self.answered(question, text, Kind.TIDY, rank=0)

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

    # --------------------------------------------------------------------------------------------------------------
    # The clock

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
