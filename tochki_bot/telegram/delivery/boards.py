"""A game's boards: one for each seat at every new position (drawn when its turn in the chat's line comes, a newer one
taking the place of one still waiting), a closing step or an offer edited onto the latest board, the buttons taken
off the boards a new one replaces, ``/board`` and the moving window of buttons. Settles the position's announcement
in the outbox once every seat that can be reached got its board."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from render import Window

from ...i18n import t
from ...services import GameView, MessageRecord, Notice
from .. import views
from ..keyboards import Markup
from ..messenger import Unreachable
from ..views import Seat, message_link
from .postbox import Kind, Ticket
from .questions import Questions

log = logging.getLogger(__name__)

RETIRE_AT_ONCE = 3
"""Old keyboards taken away per new board (the rest are left to the hourly tidy-up)."""
THINKING_MARGIN = 1.0
"""Seconds a group's board of a move against the bot waits beyond the bot's thinking time for its reply."""


class Moot(Exception):
    """A board that would show less than the game's newest position (another process announced a later move)."""


class Boards(Questions):
    """A game's boards in every chat that sees it."""

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
            if check and await self.services.ply(view.id) > view.ply:
                raise Moot
            earlier = await self._earlier(view, seat.chat_id)
            spec = views.board_spec(
                view,
                seat,
                now=self.services.now,
                miniapp=self.miniapp,
                buttons=buttons,
                earlier=earlier,
                asked=self.asked_on(view, seat.chat_id) if buttons else (),
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
        """A step of the closing phase (or an offer's change, a confirmation asked or withdrawn) on the seat's newest
        board of the game, in place (a new picture, caption and keyboard on the same message), drawn when its turn
        comes: an edit of the same message waiting meanwhile (a window a press asked for) is replaced by it and shows
        in it (the window its player moved to, the confirmation waiting). ``None`` when there is no board to edit."""
        latest = await self.services.messages.latest_board(view.id, seat.chat_id)
        if latest is None or latest.ply > view.ply:
            return None
        if note is not None:
            self._notes.put((view.id, seat.chat_id), (view.ply, note))
        return self._edit_board(view, seat, latest.message_id, kind)

    def note_on(self, view: GameView, chat_id: int) -> str | None:
        """The last line a board of the game in ``chat_id`` shows at this move ("Boris declined the draw"), if any:
        every edit of it keeps the line, the next move's board drops it."""
        kept = self._notes.get((view.id, chat_id))
        return kept[1] if kept is not None and kept[0] == view.ply else None

    def _edit_board(self, view: GameView, seat: Seat, message_id: int, kind: Kind) -> Ticket[bool]:
        """Edit a board message to show ``view`` with what waits on it, drawn when its turn comes; remembered once it
        went (whether it has buttons, whether it shows an offer or a confirmation)."""
        shown: list[MessageRecord] = []

        async def draw() -> tuple[bytes, str, Markup | None]:
            note = self.note_on(view, seat.chat_id)
            asked = self.asked_on(view, seat.chat_id)
            window = self._window_of(view, seat, message_id)
            if window is not None:
                spec = views.window_spec(
                    view, seat, *window, now=self.services.now, miniapp=self.miniapp, note=note, asked=asked
                )
            else:
                spec = views.board_spec(view, seat, now=self.services.now, miniapp=self.miniapp, note=note, asked=asked)
            # Remembered with the board (to answer its buttons after a restart): the offer, or the latest question.
            topic = "draw" if views.offer_on_board(view, seat) else (asked[-1].topic if asked else None)
            shown.append(
                MessageRecord(
                    seat.chat_id,
                    message_id,
                    "board",
                    game_id=view.id,
                    ply=view.ply,
                    user_id=asked[-1].user_id if asked and topic != "draw" else None,
                    topic=topic,
                    live=spec.live,
                )
            )
            return await self.png(view, spec), spec.caption, spec.keyboard

        async def remember(ok: bool) -> None:
            if ok and shown:
                await self.services.messages.sent(shown[-1])

        return self.messenger.edit_board(seat.chat_id, message_id, draw, kind=kind).then(remember)

    def _window_of(self, view: GameView, seat: Seat, message_id: int) -> tuple[Window, bool] | None:
        """The window (and zoom) last asked for on a board message, while it still shows the same move with its
        buttons."""
        kept = self._windows.get((seat.chat_id, message_id))
        if kept is None or kept[0] != view.ply or view.closing is not None or not views.has_buttons(view, seat):
            return None
        return kept[1], kept[2]

    # ------------------------------------------------------------------------------------------------------------
    # Confirmations on the latest board

    def asked_on(self, view: GameView, chat_id: int) -> tuple[views.Asked, ...]:
        """The confirmations waiting on the game's boards in ``chat_id`` that still stand (the game goes on at the
        move they were asked at), in the order asked."""
        waiting = self._asked.get((view.id, chat_id)) or {}
        # Forgotten once the game has moved on (a view of an older move, an edit that waited, only leaves them out).
        current = {user: asked for user, asked in waiting.items() if view.state == "active" and view.ply <= asked.ply}
        if len(current) != len(waiting):
            self._keep_asked(view.id, chat_id, current)
        return tuple(asked for asked in current.values() if asked.stands(view))

    def _keep_asked(self, game_id: int, chat_id: int, asked: dict[int, views.Asked]) -> None:
        if asked:
            self._asked.put((game_id, chat_id), asked)
        else:
            self._asked.pop((game_id, chat_id))

    async def ask_on_board(
        self, view: GameView, seat: Seat, asked: views.Asked, kind: Kind = Kind.PRESS
    ) -> Ticket[bool] | None:
        """Ask a confirmation on the game's latest board in the seat's chat: a line of its caption and the two
        buttons (one edit), and on every board of the game drawn there while it stands. ``None`` when the chat has
        no board of the game to show it on (it is then a question of its own). Its edit is due as a press's is
        (within seconds): the player waits for it, and the next move makes it out of date."""
        if seat.role == "spectator":
            return None
        key = (view.id, seat.chat_id)
        self._notes.pop(key)  # how the question before ended ("Grounding withdrawn") is news no more
        before = dict(self._asked.get(key) or {})
        self._keep_asked(
            view.id, seat.chat_id, {**before, asked.user_id: asked}
        )  # a player's newer one replaces theirs
        ticket = await self._edit_letter(view, seat, kind)
        if ticket is None:
            self._keep_asked(view.id, seat.chat_id, before)
        return ticket

    def asking(self, game_id: int, chat_id: int, topic: str, user_id: int, ply: int) -> bool:
        """Whether this confirmation waits on the game's boards in the chat (its buttons may be answered)."""
        asked = (self._asked.get((game_id, chat_id)) or {}).get(user_id)
        return asked is not None and (asked.topic, asked.ply) == (topic, ply)

    async def withdraw_on_board(
        self, view: GameView, seat: Seat, user_id: int, note: str | None
    ) -> Ticket[bool] | None:
        """``user_id``'s confirmation waiting on the latest board was answered "no": the board drops it (one edit,
        due as the edit of a press; ``note``, a last line saying so, stays until the next board)."""
        self.forget_asked(view.id, seat.chat_id, user_id)
        return await self._edit_letter(view, seat, Kind.PRESS, note)

    def forget_asked(self, game_id: int, chat_id: int, user_id: int) -> None:
        """``user_id``'s confirmation was answered: what follows no longer shows it."""
        waiting = dict(self._asked.get((game_id, chat_id)) or {})
        waiting.pop(user_id, None)
        self._keep_asked(game_id, chat_id, waiting)

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
        latest window asked for replaces one still waiting to go (and any edit of the board made later keeps it)."""
        self._windows.put((seat.chat_id, message_id), (view.ply, window, zoom))

        async def draw() -> tuple[bytes, str, Markup | None]:
            asked, note = self.asked_on(view, seat.chat_id), self.note_on(view, seat.chat_id)
            spec = views.window_spec(
                view, seat, window, zoom, now=self.services.now, miniapp=self.miniapp, note=note, asked=asked
            )
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

    async def _end_following(self, view: GameView, notes: list[MessageRecord]) -> None:
        for note in notes:
            lang = await self.chat_language(note.chat_id)
            self.answered(note, t(lang, "watching_ended", id=view.id), Kind.TIDY)
        await self.services.records.game_over(view.id)
