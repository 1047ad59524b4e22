"""Inline keyboards: the lobby's settings, the window of move buttons, confirmations.

Telegram allows at most 100 buttons and 8 a row: the move buttons show a window of at most 8 x 8 points (framed on
the picture), with a row of arrows to move it and a button to jump to the last move.
"""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from render import Window
from storage import GameRecord

from . import callbacks
from .engine import Game
from .games import BOARD_CHOICES, START_CHOICES, TIME_CHOICES
from .texts import Language, duration, t

WINDOW = 8
"""Points per row and rows of the move-button window."""
STEP = 4
"""How far an arrow moves the window."""
EMPTY = "·"
SYMBOL = {"blue": "🔵", "red": "🔴"}
LAST = {"blue": "🟦", "red": "🟥"}
CAPTURED = "✖"
OUT_OF_PLAY = "▫"


def _mark(selected: bool, label: str) -> str:
    return f"✓ {label}" if selected else label


def lobby_keyboard(lang: Language, record: GameRecord) -> InlineKeyboardMarkup:
    """Settings (board, start, time, colours), then Join and Cancel."""
    g = record.id
    sizes = [
        InlineKeyboardButton(
            _mark((record.width, record.height) == (w, h), f"{w}x{h}"),
            callback_data=callbacks.lobby(g, "size", f"{w}x{h}"),
        )
        for w, h in BOARD_CHOICES
    ]
    starts = [
        InlineKeyboardButton(
            _mark(record.start == s, t(lang, f"start_{s}")), callback_data=callbacks.lobby(g, "start", s)
        )
        for s in START_CHOICES
    ]
    times = [
        InlineKeyboardButton(
            _mark(record.move_seconds == s, duration(lang, s) if s else "∞"),
            callback_data=callbacks.lobby(g, "time", str(s or 0)),
        )
        for s in TIME_CHOICES
    ]
    colours = [
        InlineKeyboardButton(
            _mark(record.colours == value, t(lang, key)), callback_data=callbacks.lobby(g, "colours", value)
        )
        for value, key in (("creator_blue", "btn_blue"), ("creator_red", "btn_red"), ("random", "btn_random"))
    ]
    actions = [
        InlineKeyboardButton(t(lang, "btn_join"), callback_data=callbacks.lobby(g, "join")),
        InlineKeyboardButton(t(lang, "btn_cancel"), callback_data=callbacks.lobby(g, "cancel")),
    ]
    if record.kind == "private":
        actions = actions[1:]  # the opponent joins through the link
    if record.ply > 0:  # a game continued from a record keeps its board and start
        return InlineKeyboardMarkup([times, colours, actions])
    return InlineKeyboardMarkup([sizes, starts, times, colours, actions])


def window_at(width: int, height: int, x: int, y: int, size: int = WINDOW) -> Window:
    """The window of ``size`` x ``size`` points around ``x-y``, kept on the board."""
    w, h = min(size, width), min(size, height)
    x0 = min(max(1, x - (w - 1) // 2), width - w + 1)
    y0 = min(max(1, y - (h - 1) // 2), height - h + 1)
    return Window(x0, y0, x0 + w - 1, y0 + h - 1)


def window_from_corner(width: int, height: int, x0: int, y0: int, size: int = WINDOW) -> Window:
    """The window whose lower-left point is ``x0-y0``, kept on the board."""
    w, h = min(size, width), min(size, height)
    x0 = min(max(1, x0), width - w + 1)
    y0 = min(max(1, y0), height - h + 1)
    return Window(x0, y0, x0 + w - 1, y0 + h - 1)


def default_window(game: Game) -> Window:
    """Around the last dot, or the centre of the board before the first move."""
    for move in reversed(game.moves):
        if move.point is not None:
            return window_at(game.width, game.height, *move.point)
    return window_at(game.width, game.height, (game.width + 1) // 2, (game.height + 1) // 2)


def move_keyboard(lang: Language, record: GameRecord, game: Game, window: Window) -> dict[str, Any]:
    """One button per point of the window (rows from the top), then the arrows and the jump to the last move.

    Returned as the Bot API's JSON (``{"inline_keyboard": [[{"text", "callback_data"}]]}``): this keyboard is sent
    with every board, and building ~70 ``InlineKeyboardButton`` objects, then serialising them, cost more than
    drawing the picture.
    """
    g, ply = record.id, record.ply
    last = game.last_move.point if game.last_move is not None else None
    dots, owners = game.grid()
    rows = []
    for y in range(window.y1, window.y0 - 1, -1):
        row = []
        for x in range(window.x0, window.x1 + 1):
            dot, owner = dots[y - 1][x - 1], owners[y - 1][x - 1]
            if dot is None and owner is None:
                row.append({"text": EMPTY, "callback_data": callbacks.point("M", g, ply, x, y)})
                continue
            if dot is None:
                label = OUT_OF_PLAY
            elif owner is not None:
                label = CAPTURED
            else:
                label = LAST[dot] if last == (x, y) else SYMBOL[dot]
            row.append({"text": label, "callback_data": callbacks.point("I", g, ply, x, y)})
        rows.append(row)
    centre = default_window(game)
    nav = [
        ("◀", window.x0 - STEP, window.y0),
        ("▼", window.x0, window.y0 - STEP),
        ("▲", window.x0, window.y0 + STEP),
        ("▶", window.x0 + STEP, window.y0),
        (t(lang, "btn_last"), centre.x0, centre.y0),
    ]
    rows.append(
        [{"text": label, "callback_data": callbacks.point("W", g, ply, max(0, x), max(0, y))} for label, x, y in nav]
    )
    return {"inline_keyboard": rows}


def confirm_keyboard(lang: Language, kind: str, record: GameRecord, yes: str) -> InlineKeyboardMarkup:
    """Yes / No for resigning (``R``) or grounding (``G``)."""
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(t(lang, yes), callback_data=callbacks.answer(kind, record.id, record.ply, "y")),
                InlineKeyboardButton(
                    t(lang, "btn_no"), callback_data=callbacks.answer(kind, record.id, record.ply, "n")
                ),
            ]
        ]
    )


def draw_keyboard(lang: Language, record: GameRecord) -> InlineKeyboardMarkup:
    """Accept or decline a draw offer."""
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    t(lang, "btn_accept"), callback_data=callbacks.answer("D", record.id, record.ply, "a")
                ),
                InlineKeyboardButton(
                    t(lang, "btn_decline"), callback_data=callbacks.answer("D", record.id, record.ply, "r")
                ),
            ]
        ]
    )
