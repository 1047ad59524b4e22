"""The presentation step: who sees a game (the audience and their languages), what each of them gets (picture,
caption, keyboard), sending it, and handing what happened back to the services (which message shows which board,
who cannot be reached, which buttons are gone).

A reply never walks back up into the use cases: handlers call the services, then hand the views they got to the
presenter.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from render import BoardView, Window

from ..engine import other
from ..i18n import Language, duration, t
from ..painter import Painter
from ..pictures import board_view
from ..services import ClockPass, GameView, MessageRecord, Notice, Reminder, Services
from ..wording import drawn_name, in_language, known_language, picture_line, player_language
from .budget import Priority
from .captions import (
    Role,
    board_caption,
    html_name,
    lobby_text,
    mention_of,
    started_text,
)
from .formatting import mention, name
from .keyboards import (
    Markup,
    MiniApp,
    closing_keyboard,
    default_window,
    draw_keyboard,
    lobby_keyboard,
    move_keyboard,
    rematch_keyboard,
    rematch_possible,
    with_app_button,
)
from .messenger import Messenger, Unreachable
from .privacy import reads_all

log = logging.getLogger(__name__)
ZOOM_SIDE = 800
"""Long side of a zoomed picture of the button window (Telegram shows photos at about 800 px)."""
RETIRE_AT_ONCE = 3
"""Old keyboards taken away per new board at most (the rest wait for the group's budget)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One chat that sees a game: a group, a player's private chat, or a spectator's."""

    chat_id: int
    thread_id: int
    lang: Language
    role: Role
    reader: int | None = None
    """The person reading, in a private chat."""


def offer_key(view: GameView, key: str) -> str:
    """An offer to end a territory game with the territory counted (``/end``, docs/rules.md#agreed-end) has its own
    texts; a draw offer (``/draw``) is a draw under every rule set."""
    return key.replace("draw_", "end_", 1) if view.offer_kind == "end" else key


class Presenter:
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
        self.privacy_off = False
        """The bot's privacy mode is off: it sees every message of every group (``getMe``, set at start-up)."""

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
        """The seat of whoever asks to see a game in ``chat_id`` (a group, a player, or an onlooker)."""
        if chat_id < 0:
            home = chat_id == view.chat_id and thread_id == view.thread_id  # the game's own group topic
            return Seat(chat_id, thread_id, lang, "group" if home else "spectator")
        role: Role = "player" if view.colour_of(reader) is not None else "spectator"
        return Seat(chat_id, 0, lang, role, reader)

    async def _reached(self, chat_id: int, ok: bool) -> None:
        if chat_id > 0:
            await self.services.people.set_reachable(chat_id, ok)

    # --------------------------------------------------------------------------------------------------------------
    # Pictures

    def picture_of(self, view: GameView, lang: Language, window: Window | None = None) -> BoardView:
        """What the picture of a game shows, in ``lang`` (built at once, so later moves cannot change it)."""
        view = in_language(lang, view)
        return board_view(
            view.position,
            blue=drawn_name(lang, view, "blue"),
            red=drawn_name(lang, view, "red"),
            caption=picture_line(lang, view),
            window=window,
            closing=view.closing,
        )

    async def render(self, picture: BoardView, crop: Window | None = None) -> bytes:
        """The PNG of a picture (of ``crop`` only, when given), drawn by the painter."""
        if crop is None:
            return await self.painter.png(picture)
        return await self.painter.png(picture, crop=crop, max_side=ZOOM_SIDE)

    # --------------------------------------------------------------------------------------------------------------
    # Boards

    def app_button(self, view: GameView, seat: Seat) -> dict[str, object] | None:
        """The button that opens this board's game in the Mini App, if there is one."""
        if self.miniapp is None:
            return None
        return self.miniapp.button(seat.lang, view, private=seat.chat_id > 0, spectator=seat.role == "spectator")

    def _buttons(self, view: GameView, seat: Seat) -> bool:
        """Whether this seat's board has move buttons: the game goes on, a person is to move, and the seat plays it
        (the bot's move comes within seconds, on a board of its own)."""
        mover = view.player_to_move
        if mover is None or mover.bot is not None:
            return False
        return seat.role == "group" or (seat.role == "player" and seat.chat_id == seat.reader)

    async def _edit_board(
        self, view: GameView, seat: Seat, pictures: dict[tuple[Language, bool], bytes]
    ) -> MessageRecord | None:
        """Show a step of the closing phase on the seat's newest board of the game, in place (a new picture, caption
        and keyboard on the same message): under manual rules a move is a dot and its closures, and the chat gets one
        new board per move, when the turn passes. ``None`` when there is no board to edit (or the edit failed): the
        board is sent then."""
        latest = await self.services.messages.latest_board(view.id, seat.chat_id)
        if latest is None or latest.ply >= view.ply:
            return None
        png, caption, keyboard, with_buttons = await self._board_parts(view, seat, buttons=True, pictures=pictures)
        if not await self.messenger.edit_board(
            seat.chat_id, latest.message_id, png, caption, keyboard, priority=Priority.BOARD
        ):
            return None
        await self._reached(seat.chat_id, True)
        return MessageRecord(seat.chat_id, latest.message_id, "board", game_id=view.id, ply=view.ply, live=with_buttons)

    async def _board_parts(
        self, view: GameView, seat: Seat, *, buttons: bool, pictures: dict[tuple[Language, bool], bytes] | None
    ) -> tuple[bytes, str, Markup | None, bool]:
        """A seat's board: the picture, the caption, the keyboard, and whether it has buttons to take away later."""
        with_buttons = buttons and self._buttons(view, seat)
        if with_buttons and view.closing is not None and seat.role != "group":
            # The pools are the closer's: their own private board has them, the opponent's has no buttons meanwhile.
            with_buttons = seat.reader is not None and view.colour_of(seat.reader) == view.closing
        closing = with_buttons and view.closing is not None  # the closer's pools instead of the move buttons
        window = default_window(view.position) if with_buttons and not closing else None
        key = (seat.lang, window is not None)
        png = pictures.get(key) if pictures is not None else None
        grid = None
        if png is None:
            picture = self.picture_of(view, seat.lang, window)
            grid = (picture.dots, picture.owners)
            png = await self.render(picture)
            if pictures is not None:
                pictures[key] = png
        caption = board_caption(seat.lang, view, seat.role, seat.reader, now=self.services.now, window=window)
        keyboard = move_keyboard(seat.lang, view, window, grid=grid) if window is not None else None
        if closing:
            keyboard = closing_keyboard(seat.lang, view)
        if keyboard is None and seat.role != "spectator" and rematch_possible(view):
            keyboard = rematch_keyboard(seat.lang, view)  # the final board: 🔁 Rematch
        keyboard = with_app_button(keyboard, self.app_button(view, seat))
        return png, caption, keyboard, with_buttons

    async def _send_board(
        self,
        view: GameView,
        seat: Seat,
        *,
        buttons: bool,
        reply_to: int | None,
        pictures: dict[tuple[Language, bool], bytes] | None,
        priority: Priority,
    ) -> MessageRecord | None:
        """Send one seat its board; the message as it is to be remembered (``None`` if the budget left it out)."""
        png, caption, keyboard, with_buttons = await self._board_parts(view, seat, buttons=buttons, pictures=pictures)
        sent = await self.messenger.send_board(
            seat.chat_id, png, caption, keyboard, thread_id=seat.thread_id, reply_to=reply_to, priority=priority
        )
        if sent is None:
            return None
        await self._reached(seat.chat_id, True)
        message_id, file_id = sent
        return MessageRecord(
            seat.chat_id, message_id, "board", game_id=view.id, ply=view.ply, live=with_buttons, file_id=file_id
        )

    async def _older_boards(
        self, view: GameView, chat_id: int, new: MessageRecord, live: list[MessageRecord] | None = None
    ) -> list[MessageRecord]:
        """Take the buttons off the chat's older boards of the game (a few at a time, as the budget allows); the
        ones done. Nothing here can fail the announcement: a board whose keyboard stays is refused when pressed.
        ``live`` is the game's messages with buttons, when already at hand."""
        retired: list[MessageRecord] = []
        try:
            if live is None:
                live = await self.services.messages.live(view.id, chat_id=chat_id, kind="board")
            for old in (m for m in live if m.kind == "board" and m.chat_id == chat_id and m.ply <= new.ply):
                if len(retired) == RETIRE_AT_ONCE:
                    break
                if old.message_id != new.message_id and await self.messenger.edit_keyboard(
                    chat_id, old.message_id, None, priority=Priority.LOW
                ):
                    retired.append(old)
        except Exception:
            log.warning("could not take the buttons off old boards of game %s in %s", view.id, chat_id, exc_info=True)
        return retired

    async def tidy(self, limit: int = 100) -> int:
        """Take the buttons off boards a newer board has replaced, where that was left for later (a fast game in a
        group spends its budget on the boards themselves): as far as each chat's budget allows now, at low priority,
        so that a finished game does not leave a trail of dead keyboards. Returns how many were done."""
        done = 0
        short: set[int] = set()  # chats whose budget ran out in this pass
        for old in await self.services.messages.superseded(limit):
            if old.chat_id in short:
                continue
            try:
                if await self.messenger.edit_keyboard(old.chat_id, old.message_id, None, priority=Priority.LOW):
                    await self.services.messages.retired(old.chat_id, old.message_id)
                    done += 1
                else:
                    short.add(old.chat_id)
            except Unreachable:
                await self.services.messages.retired(old.chat_id, old.message_id)
            except Exception:
                log.warning("could not take the buttons off board %s in %s", old.message_id, old.chat_id, exc_info=True)
        return done

    async def post_board(
        self,
        view: GameView,
        seat: Seat,
        *,
        buttons: bool = True,
        reply_to: int | None = None,
        priority: Priority = Priority.NORMAL,
    ) -> int | None:
        """Show a game's board again in one chat (``/board``, a spectator's first board) and take the buttons off
        that chat's older boards of the game. Returns the message id (``None`` if the budget left it out).
        Raises ``Unreachable``."""
        new = await self._send_board(view, seat, buttons=buttons, reply_to=reply_to, pictures=None, priority=priority)
        if new is None:
            return None
        retired = await self._older_boards(view, seat.chat_id, new)
        await self.services.messages.replaced([new], retired)
        return new.message_id

    async def redraw(self, view: GameView, seat: Seat, message_id: int, window: Window, zoom: bool) -> None:
        """Show another window of buttons on a board message (the frame moves), or the zoomed picture of it."""
        picture = self.picture_of(view, seat.lang, window)
        png = await self.render(picture, crop=window if zoom else None)
        caption = board_caption(seat.lang, view, seat.role, seat.reader, now=self.services.now, window=window)
        keyboard = with_app_button(move_keyboard(seat.lang, view, window, zoom), self.app_button(view, seat))
        if not await self.messenger.edit_board(
            seat.chat_id, message_id, png, caption, keyboard, priority=Priority.NORMAL
        ):
            await self.post_board(view, seat, priority=Priority.NORMAL)

    async def zoomed(self, view: GameView, seat: Seat, window: Window, reply_to: int | None) -> int | None:
        """A zoomed picture of part of the board, as a message of its own (``/zoom``)."""
        png = await self.render(self.picture_of(view, seat.lang), crop=window)  # no buttons here: no frame for them
        caption = t(seat.lang, "zoom_caption", id=view.id, x0=window.x0, x1=window.x1, y0=window.y0, y1=window.y1)
        return await self.messenger.send_photo(seat.chat_id, png, caption, thread_id=seat.thread_id, reply_to=reply_to)

    async def announce(self, view: GameView, notice: Notice | None = None) -> bool:
        """Show the new position to everyone who sees the game (a move, an ending, a start), then tidy up:
        questions asked before this move are out of date, and when the game is over nobody follows it any more.

        Every seat is tried whatever happened to the others. When every seat that can be reached got its board, the
        announcement owed in the outbox is settled (``notice``; by default the one for this position) in the same
        transaction that remembers the boards; otherwise it stays owed and is made again later, to the seats that
        did not get it. Returns whether it was settled.
        """
        notice = notice or Notice(view.id, view.ply, "position", 0.0)
        key = (notice.game_id, notice.ply, notice.kind)
        self._in_flight.add(key)
        try:
            # One announcement of a game at a time (in every worker), so that a chat's newest board is the game's
            # newest position.
            async with self.services.exclusive("board", view.id):
                latest = await self.services.game(view.id)
                if latest.ply > view.ply:  # a later move's announcement shows more: this one is moot
                    await self.services.outbox.done(notice.game_id, notice.ply, notice.kind)
                    return True
                return await self._announce(view, notice)
        finally:
            self._in_flight.discard(key)

    async def _announce(self, view: GameView, notice: Notice) -> bool:
        pictures: dict[tuple[Language, bool], bytes] = {}
        boards: list[MessageRecord] = []
        retired: list[MessageRecord] = []
        complete = True
        again = notice.created_at > 0  # made again from the outbox: some seats may have their board already
        told = await self.services.messages.boards_at(view.id, view.ply) if again else set()
        live = await self.services.messages.live(view.id)  # boards to take buttons off, questions to close
        for seat in await self.seats(view):
            if seat.chat_id in told:
                continue
            try:
                new = None
                if view.closing is not None and view.result is None:  # a step of the closing phase: in place
                    new = await self._edit_board(view, seat, pictures)
                if new is None:
                    new = await self._send_board(
                        view, seat, buttons=True, reply_to=None, pictures=pictures, priority=Priority.BOARD
                    )
            except Unreachable:
                await self._reached(seat.chat_id, False)
                if seat.role == "spectator":
                    with contextlib.suppress(Exception):
                        await self.services.records.unfollow(view.id, seat.chat_id)
                else:
                    log.info("player %s of game %s cannot be reached in private", seat.chat_id, view.id)
                continue
            except Exception:
                log.exception("the board of game %s at move %s did not reach %s", view.id, view.ply, seat.chat_id)
                complete = False
                continue
            if new is not None:
                boards.append(new)
                retired.extend(await self._older_boards(view, seat.chat_id, new, live))
        try:
            await self.services.messages.replaced(boards, retired, notice if complete else None)
        except Exception:
            # The boards are out; only remembering them failed. Replies still find their game (by the caption),
            # and the announcement stays owed: at least once, if perhaps twice.
            log.exception("could not remember the boards of game %s at move %s", view.id, view.ply)
            complete = False
        if not complete and again:
            await self.services.outbox.failed(notice)
        await self._tidy(view, live)
        return complete

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
            await self.answered(note, t(lang, "watching_ended", id=view.id))
        await self.services.records.game_over(view.id)

    # --------------------------------------------------------------------------------------------------------------
    # Lobbies

    def invite_link(self, view: GameView) -> str | None:
        if view.kind != "private" or not view.invite:
            return None
        return f"https://t.me/{self.username}?start=g{view.invite}"

    async def show_lobby(
        self,
        view: GameView,
        chat_id: int,
        thread_id: int,
        lang: Language,
        *,
        reply_to: int | None = None,
        intro: str | None = None,
    ) -> int | None:
        """Post the lobby message with its buttons (and remember it, to edit when the game starts or closes);
        ``intro`` is a line above it ("there is already a game here")."""
        text = lobby_text(lang, view, self.invite_link(view), reads_all=await self._reads_all(view))
        message_id = await self.messenger.send_text(
            chat_id,
            f"{intro}\n\n{text}" if intro else text,
            thread_id=thread_id,
            keyboard=lobby_keyboard(lang, view),
            reply_to=reply_to,
        )
        if message_id is not None:
            await self.services.messages.sent(MessageRecord(chat_id, message_id, "lobby", game_id=view.id))
        return message_id

    async def update_lobby(self, view: GameView, chat_id: int, message_id: int, lang: Language) -> None:
        """The lobby's settings changed: its message shows them."""
        text = lobby_text(lang, view, self.invite_link(view), reads_all=await self._reads_all(view))
        await self.messenger.edit_text(chat_id, message_id, text, lobby_keyboard(lang, view))

    async def _reads_all(self, view: GameView) -> bool | None:
        """Whether the bot sees every message in the group of a lobby (``None`` for a private invitation)."""
        if view.kind != "group":
            return None
        return await reads_all(self.services, self.messenger.bot, view.chat_id, self.privacy_off)

    async def started(self, view: GameView, notice: Notice | None = None) -> None:
        """A game started: its lobby messages say so, and everyone sees the first board."""
        try:
            for lobby in await self.services.messages.live(view.id, kind="lobby"):
                lang = await self.chat_language(lobby.chat_id)
                await self.answered(lobby, started_text(lang, view))
        except Exception:
            log.warning("could not edit the lobby messages of game %s", view.id, exc_info=True)
        await self.announce(view, notice or Notice(view.id, view.ply, "started", 0.0))

    async def closed(self, view: GameView, *, by: int | None = None, notice: Notice | None = None) -> set[int]:
        """A lobby (or a game before its first move) was cancelled or expired: its messages say so, its buttons go,
        spectators are released, a group whose game had started is told who cancelled it, and in a private game the
        other player is told. Returns the chats that were told (a request made in one of them needs no more answer).

        Each message and player is tried whatever happened to the others; the outbox's announcement is settled only
        when all were done (a group's budget may leave an edit for later); otherwise it is made again later, to what
        is still left. New messages are sent on the first try only, so that a retry never says it twice."""
        if view.reason == "expired":
            key = "lobby_expired" if view.kind == "private" else "lobby_expired_group"
        else:
            key = "lobby_cancelled"
        first_try = not (notice is not None and notice.attempts)
        complete = True
        told: set[int] = set()
        for message in await self.services.messages.live(view.id):
            try:
                if message.kind == "board":
                    done = await self.messenger.edit_keyboard(
                        message.chat_id, message.message_id, priority=Priority.NORMAL
                    )
                    if done:
                        await self.services.messages.retired(message.chat_id, message.message_id)
                else:
                    lang = await self.chat_language(message.chat_id)
                    done = await self.settle(message.chat_id, message.message_id, t(lang, key, id=view.id))
                    told.add(message.chat_id)
                complete = complete and done
            except Unreachable:
                await self.services.messages.retired(message.chat_id, message.message_id)
            except Exception:
                log.exception("could not close message %s of game %s", message.message_id, view.id)
                complete = False
        started = len(view.players) == 2 and view.reason != "expired"
        if view.kind == "group" and started and first_try and view.chat_id not in told:
            # The group saw the game begin: it is told that it will not be played, and who called it off.
            try:
                await self.messenger.send_text(
                    view.chat_id,
                    self._cancelled_text(await self.chat_language(view.chat_id), view, by),
                    thread_id=view.thread_id,
                )
                told.add(view.chat_id)
            except Unreachable:
                pass
            except Exception:
                log.exception("could not tell group %s that game %s was cancelled", view.chat_id, view.id)
                complete = False
        if view.kind == "private" and first_try:
            for player in view.people:
                if player.id != by and player.id not in told:
                    try:
                        await self.messenger.send_text(player.id, t(player_language(player), key, id=view.id))
                        told.add(player.id)
                    except Unreachable:
                        await self._reached(player.id, False)
                    except Exception:
                        log.exception("could not tell player %s that game %s closed", player.id, view.id)
                        complete = False
        with contextlib.suppress(Exception):
            await self.services.records.game_over(view.id)
        notice = notice or Notice(view.id, view.ply, "closed", 0.0)
        if complete:
            await self.services.outbox.done(view.id, view.ply, "closed")
        elif notice.created_at:
            await self.services.outbox.failed(notice)
        return told

    @staticmethod
    def _cancelled_text(lang: Language, view: GameView, by: int | None) -> str:
        """ "Game #1 was cancelled before its first move by Boris. Anna, /new starts another." (the other player is
        mentioned, so they learn it); without ``by`` (a retry, a group that moved) just that it was cancelled."""
        canceller = next((p for p in view.players if p.id == by), None)
        if canceller is None:
            return t(lang, "game_cancelled", id=view.id)
        other = next(p for p in view.players if p.id != by)
        if other.bot is not None:  # nobody to tell but the group
            return t(lang, "game_cancelled_by_alone", id=view.id, name=name(canceller.name))
        return t(lang, "game_cancelled_by", id=view.id, name=name(canceller.name), other=mention(other.id, other.name))

    # --------------------------------------------------------------------------------------------------------------
    # Questions

    async def ask(
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
    ) -> int | None:
        """Ask a question with buttons (resign? ground? a draw?) and remember it, to close it when it is answered or
        out of date."""
        message_id = await self.messenger.send_text(
            chat_id,
            text,
            thread_id=thread_id,
            keyboard=keyboard,
            reply_to=reply_to,
        )
        if message_id is not None:
            await self.services.messages.sent(
                MessageRecord(
                    chat_id, message_id, "question", game_id=view.id, ply=view.ply, user_id=user_id, topic=topic
                )
            )
        return message_id

    async def answered(self, message: MessageRecord, text: str, priority: Priority = Priority.NORMAL) -> None:
        """A question (or lobby, or note) is settled: its text says how, and its buttons go."""
        await self.settle(message.chat_id, message.message_id, text, priority)

    async def settle(self, chat_id: int, message_id: int, text: str, priority: Priority = Priority.NORMAL) -> bool:
        """Edit a message with buttons to say how it was settled, without buttons (it is then no longer live).

        If a group's budget leaves the edit out (``False``), the message stays live and is tidied later."""
        if not await self.messenger.edit_text(chat_id, message_id, text, priority=priority):
            return False
        await self.services.messages.retired(chat_id, message_id)
        return True

    async def close_questions(self, view: GameView, questions: list[MessageRecord] | None = None) -> None:
        """Questions out of date: every one once the game is over; a draw offer once it is no longer pending (the
        opponent moved instead of answering); a confirmation once a move was made after it was asked. ``questions``
        are the game's open questions, when already at hand."""
        if questions is None:
            questions = await self.services.messages.live(view.id, kind="question")
        for question in questions:
            if view.result is None:
                if question.topic == "draw" and view.draw_offer is not None:
                    continue
                if question.topic != "draw" and question.ply >= view.ply:
                    continue
            lang = await self.chat_language(question.chat_id)
            if view.result is not None and question.topic == "draw" and view.reason == "draw":
                text = t(lang, "draw_agreed", id=view.id)  # the other player offered one too
            elif view.result is not None and question.topic == "draw" and view.reason == "agreed":
                text = t(lang, "end_agreed", id=view.id)
            elif view.result is not None:
                text = t(lang, "question_over", id=view.id)
            elif question.topic == "draw":
                text = t(lang, offer_key(view, "draw_lapsed"), id=view.id)
            else:
                text = t(lang, "question_stale", id=view.id)
            await self.answered(question, text, Priority.LOW)

    async def draw_offered(
        self, view: GameView, by: int, reply_to: int | None = None, notice: Notice | None = None
    ) -> None:
        """A draw offer: in a group, a question to the opponent there; in private, to the opponent's chat, and the
        one who offered is told it went. The outbox owes it until the question is out (``notice``: when it is made
        again from there, the one who offered is not told a second time)."""
        mine = view.colour_of(by)
        opponent = view.opponent_of(by)
        assert mine is not None and opponent is not None
        theirs = other(mine)
        notice = notice or Notice(view.id, view.ply, "draw", 0.0)
        asked: int | None = None
        try:
            if view.kind == "group":
                lang = await self.chat_language(view.chat_id)
                text = t(
                    lang,
                    offer_key(view, "draw_offered"),
                    id=view.id,
                    name=html_name(view, mine),
                    opponent=mention_of(view, theirs),
                )
                try:
                    asked = await self.ask(
                        view,
                        view.chat_id,
                        view.thread_id,
                        text,
                        draw_keyboard(lang, view),
                        topic="draw",
                        user_id=by,
                        reply_to=reply_to,
                    )
                except Unreachable:
                    asked = 0  # the group is gone: nobody is left to ask
            else:
                lang = player_language(opponent)
                text = t(lang, offer_key(view, "draw_offered_private"), id=view.id, name=html_name(view, mine))
                try:
                    asked = await self.ask(
                        view, opponent.id, 0, text, draw_keyboard(lang, view), topic="draw", user_id=by
                    )
                except Unreachable:
                    await self._reached(opponent.id, False)
                    asked = 0
        except Exception:
            if notice.created_at:
                await self.services.outbox.failed(notice)
            raise
        if asked is None:  # a group's budget left it out: the outbox makes it later
            if notice.created_at:
                await self.services.outbox.failed(notice)
            return
        await self.services.outbox.done(view.id, None, "draw")  # one offer stands at a time: it is out now
        if view.kind == "private" and not notice.created_at:
            mine_lang = await self.user_language(by)
            sent = t(mine_lang, offer_key(view, "draw_sent"), id=view.id, name=html_name(view, theirs))
            with contextlib.suppress(Unreachable):
                await self.messenger.send_text(by, sent, reply_to=reply_to)

    async def offered_draw_again(self, view: GameView, by: int, reply_to: int | None) -> bool:
        """The player offers a draw they had offered already: if the question never reached the opponent (it
        failed, or it is still owed), it is asked now. ``False`` when it is out there already."""
        questions = await self.services.messages.live(view.id, kind="question")
        if any(q.topic == "draw" for q in questions):
            return False
        await self.draw_offered(view, by, reply_to)
        return True

    async def draw_declined(self, view: GameView, by: int, question: tuple[int, int] | None) -> None:
        """The opponent declined: the offer (``(chat, message)``) says so, and in private the one who offered is
        told."""
        colour = view.colour_of(by)
        assert colour is not None
        if question is not None:
            lang = await self.chat_language(question[0])
            await self.settle(
                *question, t(lang, offer_key(view, "draw_declined"), id=view.id, name=html_name(view, colour))
            )
        if view.kind == "private":
            opponent = view.opponent_of(by)
            if opponent is not None:
                with contextlib.suppress(Unreachable):
                    lang = player_language(opponent)
                    text = t(lang, offer_key(view, "draw_declined"), id=view.id, name=html_name(view, colour))
                    await self.messenger.send_text(opponent.id, text)

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
                await self._guarded(job, game_id)

        await asyncio.gather(*(one(job, game_id) for job, game_id in jobs))

    @staticmethod
    async def _guarded(job: Awaitable[object], game_id: int) -> None:
        try:
            await job
        except Exception:
            log.exception("telling the players about game %s failed", game_id)

    async def thinking(self, view: GameView, on: bool) -> None:
        """The bot started thinking about its move: "typing…" where the game is played."""
        if on:
            for seat in await self.seats(view, spectators=False):
                await self.messenger.typing(seat.chat_id, seat.thread_id)

    async def remind(self, reminder: Reminder) -> None:
        """Remind the player to move: in private first; if that fails, in the group (a mention notifies them)."""
        view = reminder.view
        colour = view.to_move
        player = view.player_to_move
        if colour is None or player is None or player.bot is not None:  # the bot has no clock and no chat
            return
        key = "remind_half" if reminder.stage == "half" else "remind_last"
        lang = player_language(player)
        where = ""
        if view.kind == "group":
            chat = await self.services.people.chat(view.chat_id)
            if chat is not None and chat.title:
                where = t(lang, "in_chat", title=name(chat.title))
        text = t(
            lang, key, mention=mention_of(view, colour), id=view.id, where=where, left=duration(lang, reminder.left)
        )
        if player.reachable:
            try:
                await self.messenger.send_text(player.id, text)
                return
            except Unreachable:  # blocked, or never started the bot: fall back to the group
                await self._reached(player.id, False)
        if view.kind == "group":
            lang = await self.chat_language(view.chat_id)
            text = t(
                lang, key, mention=mention_of(view, colour), id=view.id, where="", left=duration(lang, reminder.left)
            )
            await self.messenger.send_text(view.chat_id, text, thread_id=view.thread_id)
