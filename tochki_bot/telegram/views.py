"""What each chat is shown of a game, as message specs: pure functions from the services' views to a picture to
draw, a caption and a keyboard. Nothing here sends, stores or waits; ``delivery`` does that with what these return.

Who reads a board (``Seat``) decides what it shows: a group's board addresses the player to move and carries the
move buttons (and, in a game against the bot, the bot's reply in the same board); a player's private board says
"your move"; a spectator's has no buttons. A draw or end offer in a group lives on the latest board (a line of the
caption and its two buttons) rather than in a message of its own: a group's minute has about 20 messages. So does a
confirmation (resign? ground? STOP?) on the latest board of the chat where it was asked (``Asked``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from render import BoardView, Window

from ..engine import other
from ..i18n import Language, t
from ..pictures import board_view
from ..services import GameView, MessageRecord, Player
from ..wording import drawn_name, in_language, picture_line
from .captions import Role, board_caption, html_name, mention_of
from .formatting import mention, name
from .keyboards import (
    Markup,
    MiniApp,
    closing_keyboard,
    default_window,
    draw_keyboard,
    final_keyboard,
    move_keyboard,
    rematch_keyboard,
    rematch_possible,
    with_app_button,
)

ZOOM_SIDE = 800
"""Long side of a zoomed picture of the button window (Telegram shows photos at about 800 px)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One chat that sees a game: a group, a player's private chat, or a spectator's."""

    chat_id: int
    thread_id: int
    lang: Language
    role: Role
    reader: int | None = None
    """The person reading, in a private chat."""

    @property
    def private(self) -> bool:
        return self.chat_id > 0


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """A board message: the picture to draw (``crop``: only that part, larger), its caption and keyboard, and
    whether it has buttons to take away when a newer board replaces it."""

    picture: BoardView
    caption: str
    keyboard: Markup | None
    live: bool
    crop: Window | None = None
    windowed: bool = False
    """The picture shows the frame of the button window."""


@dataclass(frozen=True, slots=True)
class Asked:
    """A confirmation waiting for its answer on a game's latest board in a chat ("resign game #12?", "declare
    grounding?", "declare STOP?"): a line of the caption, naming who asked, and its Yes / No buttons. Like a draw
    offer it costs one edit of the board, not a message and two edits; it is out of date once the game moves on."""

    topic: str
    """``resign``, ``ground``, ``stop``."""
    user_id: int
    """Who asked: only they may answer."""
    ply: int
    """The move it was asked at (its buttons carry it)."""
    line: str
    """The caption's line (HTML)."""
    rows: tuple[tuple[dict[str, str], ...], ...]
    """Its buttons, as the Bot API's JSON rows."""

    def stands(self, view: GameView) -> bool:
        """Whether it still waits on ``view``'s boards: the game goes on at the move it was asked at."""
        return view.state == "active" and view.ply == self.ply


def seat_here(view: GameView, chat_id: int, thread_id: int, lang: Language, reader: int) -> Seat:
    """The seat of whoever asks to see a game in ``chat_id`` (a group, a player, or an onlooker)."""
    if chat_id < 0:
        home = chat_id == view.chat_id and thread_id == view.thread_id  # the game's own group topic
        return Seat(chat_id, thread_id, lang, "group" if home else "spectator")
    role: Role = "player" if view.colour_of(reader) is not None else "spectator"
    return Seat(chat_id, 0, lang, role, reader)


def offer_key(view: GameView, key: str) -> str:
    """An offer to end a territory game with the territory counted (``/end``, docs/rules.md#agreed-end) has its own
    texts; a draw offer (``/draw``) is a draw under every rule set."""
    return key.replace("draw_", "end_", 1) if view.offer_kind == "end" else key


def has_buttons(view: GameView, seat: Seat) -> bool:
    """Whether this seat's board has move buttons: the game goes on, a person is to move, and the seat plays it.
    During a closing phase only the closer's own board has them (their pools), and a group's board."""
    mover = view.player_to_move
    if mover is None or mover.bot is not None:
        return False
    if seat.role == "group":
        return True
    if seat.role != "player" or seat.chat_id != seat.reader:
        return False
    return view.closing is None or (seat.reader is not None and view.colour_of(seat.reader) == view.closing)


def offer_on_board(view: GameView, seat: Seat) -> bool:
    """Whether the board shows a draw (or end) offer waiting for its answer: a group's boards do."""
    return seat.role == "group" and view.state == "active" and view.draw_offer is not None


def picture_of(view: GameView, lang: Language, window: Window | None = None) -> BoardView:
    """What the picture of a game shows, in ``lang`` (built at once, so later moves cannot change it); during a
    closing phase the closer is underlined."""
    view = in_language(lang, view)
    return board_view(
        view.position,
        blue=drawn_name(lang, view, "blue"),
        red=drawn_name(lang, view, "red"),
        caption=picture_line(lang, view),
        window=window,
        closing=view.closing,
    )


def board_spec(
    view: GameView,
    seat: Seat,
    *,
    now: float,
    miniapp: MiniApp | None = None,
    buttons: bool = True,
    earlier: int = 0,
    note: str | None = None,
    asked: tuple[Asked, ...] = (),
) -> BoardSpec:
    """A seat's board of the game as it stands: the picture (with the button window's frame when it has move
    buttons), the caption for its reader, the keyboard (move buttons, the closer's pools, a pending offer's answer,
    the Mini App's button). ``earlier`` dots before the last are named in the caption too (the chat has not seen
    them on a board of their own: a move and the bot's reply); ``note`` is a last line of the caption (an offer
    declined: it stays until the next board); ``asked``, the confirmations waiting for their answers (each its line and
    buttons, while it stands)."""
    live = buttons and has_buttons(view, seat)
    closing = live and view.closing is not None
    window = default_window(view.position) if live and not closing else None
    picture = picture_of(view, seat.lang, window)
    caption = board_caption(seat.lang, view, seat.role, seat.reader, now=now, window=window, earlier=earlier)
    keyboard: Markup | None = None
    if window is not None:
        keyboard = move_keyboard(seat.lang, view, window, grid=(picture.dots, picture.owners))
    elif closing:
        keyboard = closing_keyboard(seat.lang, view)
    elif view.state == "finished":  # the final board: 🔁 Rematch (for its players), 🔎 Review
        rematch = rematch_keyboard(seat.lang, view) if seat.role != "spectator" and rematch_possible(view) else None
        keyboard = final_keyboard(seat.lang, view, rematch=rematch)
    caption, keyboard, pending = _pending(view, seat, caption, keyboard, note, asked)
    keyboard = with_app_button(keyboard, app_button(miniapp, view, seat))
    return BoardSpec(picture, caption, keyboard, live or pending, windowed=window is not None)


def window_spec(
    view: GameView,
    seat: Seat,
    window: Window,
    zoom: bool,
    *,
    now: float,
    miniapp: MiniApp | None = None,
    note: str | None = None,
    asked: tuple[Asked, ...] = (),
) -> BoardSpec:
    """The board with another window of buttons (the frame moved), or the zoomed picture of that window; with what
    waits on it as ``board_spec`` shows it."""
    picture = picture_of(view, seat.lang, window)
    caption = board_caption(seat.lang, view, seat.role, seat.reader, now=now, window=window)
    keyboard: Markup | None = move_keyboard(seat.lang, view, window, zoom)
    caption, keyboard, _ = _pending(view, seat, caption, keyboard, note, asked)
    keyboard = with_app_button(keyboard, app_button(miniapp, view, seat))
    return BoardSpec(picture, caption, keyboard, True, crop=window if zoom else None, windowed=True)


def _pending(
    view: GameView, seat: Seat, caption: str, keyboard: Markup | None, note: str | None, asked: tuple[Asked, ...]
) -> tuple[str, Markup | None, bool]:
    """What waits on a board below its caption and buttons: a draw (or end) offer, a confirmation, a note. Whether
    any of them has buttons."""
    pending = False
    if offer_on_board(view, seat):
        caption += "\n" + offer_line(seat.lang, view)
        keyboard = _with_rows(keyboard, draw_keyboard(seat.lang, view).to_dict()["inline_keyboard"])
        pending = True
    for question in asked:
        if question.stands(view):
            caption += "\n" + question.line
            keyboard = _with_rows(keyboard, [list(row) for row in question.rows])
            pending = True
    if note:
        caption += "\n" + note
    return caption, keyboard, pending


def zoom_caption(lang: Language, view: GameView, window: Window) -> str:
    return t(lang, "zoom_caption", id=view.id, x0=window.x0, x1=window.x1, y0=window.y0, y1=window.y1)


def app_button(miniapp: MiniApp | None, view: GameView, seat: Seat) -> dict[str, object] | None:
    """The button that opens this board's game in the Mini App, if there is one."""
    if miniapp is None:
        return None
    return miniapp.button(seat.lang, view, private=seat.private, spectator=seat.role == "spectator")


def _with_rows(keyboard: Markup | None, rows: Any) -> Markup:
    existing = list(keyboard["inline_keyboard"]) if keyboard is not None else []
    return {"inline_keyboard": [*existing, *rows]}


# ------------------------------------------------------------------------------------------------------------------
# Offers and questions


def offer_line(lang: Language, view: GameView) -> str:
    """A pending draw (or end) offer, as a line under a group's board: who offers, and a mention of who answers."""
    offerer = view.draw_offer
    assert offerer is not None
    opponent = other(offerer)
    return t(
        lang,
        offer_key(view, "draw_offered"),
        id=view.id,
        name=html_name(view, offerer),
        opponent=mention_of(view, opponent),
    )


def offer_text(lang: Language, view: GameView) -> str:
    """A draw (or end) offer as a message of its own, to the opponent's private chat."""
    offerer = view.draw_offer
    assert offerer is not None
    return t(lang, offer_key(view, "draw_offered_private"), id=view.id, name=html_name(view, offerer))


def question_closed_text(lang: Language, view: GameView, question: MessageRecord) -> str | None:
    """What an open question about ``view`` says once it is out of date, or ``None`` while it still stands: every
    question once the game is over; a draw offer once it is no longer pending (the opponent moved instead of
    answering); a confirmation once a move was made after it was asked."""
    if view.result is None:
        if question.topic == "draw" and view.draw_offer is not None:
            return None
        if question.topic != "draw" and question.ply >= view.ply:
            return None
    if view.result is not None and question.topic == "draw" and view.reason == "draw":
        return t(lang, "draw_agreed", id=view.id)  # the other player offered one too
    if view.result is not None and question.topic == "draw" and view.reason == "agreed":
        return t(lang, "end_agreed", id=view.id)
    if view.result is not None:
        return t(lang, "question_over", id=view.id)
    if question.topic == "draw":
        return t(lang, offer_key(view, "draw_lapsed"), id=view.id)
    return t(lang, "question_stale", id=view.id)


def cancelled_text(lang: Language, view: GameView, by: int | None) -> str:
    """ "Game #1 was cancelled before its first move by Boris. Anna, /new starts another." (the other player is
    mentioned, so they learn it); without ``by`` (a retry, a group that moved) just that it was cancelled."""
    canceller = next((p for p in view.players if p.id == by), None)
    if canceller is None:
        return t(lang, "game_cancelled", id=view.id)
    other = next(p for p in view.players if p.id != by)
    if other.bot is not None:  # nobody to tell but the group
        return t(lang, "game_cancelled_by_alone", id=view.id, name=name(canceller.name))
    return t(lang, "game_cancelled_by", id=view.id, name=name(canceller.name), other=mention(other.id, other.name))


def closed_key(view: GameView) -> str:
    """The text a closed lobby's messages get: expired (private or group) or cancelled."""
    if view.reason == "expired":
        return "lobby_expired" if view.kind == "private" else "lobby_expired_group"
    return "lobby_cancelled"


def invite_link(username: str, view: GameView) -> str | None:
    """The link that joins a private game's invitation."""
    if view.kind != "private" or not view.invite:
        return None
    return f"https://t.me/{username}?start=g{view.invite}"


def message_link(chat_id: int, message_id: int | None) -> str | None:
    """A link to a message of a supergroup (members open it), or ``None`` (basic groups and private chats have none).

    >>> message_link(-1001234567890, 42), message_link(-42, 1)
    ('https://t.me/c/1234567890/42', None)
    """
    text = str(chat_id)
    if message_id is None or not text.startswith("-100"):
        return None
    return f"https://t.me/c/{text[4:]}/{message_id}"


def reminder_text(lang: Language, view: GameView, player: Player, stage: str, left: str, where: str = "") -> str:
    """ "Anna, your move in game #12 (in «Chess club»): 30 min left." """
    colour = view.colour_of(player.id)
    assert colour is not None
    key = "remind_half" if stage == "half" else "remind_last"
    return t(lang, key, mention=mention_of(view, colour), id=view.id, where=where, left=left)


__all__ = [
    "ZOOM_SIDE",
    "Asked",
    "BoardSpec",
    "Seat",
    "app_button",
    "board_spec",
    "cancelled_text",
    "closed_key",
    "has_buttons",
    "invite_link",
    "message_link",
    "offer_key",
    "offer_line",
    "offer_on_board",
    "offer_text",
    "picture_of",
    "question_closed_text",
    "reminder_text",
    "seat_here",
    "window_spec",
    "zoom_caption",
]
