"""Inline keyboards: the lobby's settings, the window of move buttons, questions, "which game?", lists, records.

Telegram allows at most 100 buttons and 8 a row: the move buttons show a window of at most 8 x 8 points (framed on
the picture), with a row of arrows to move it, a button to jump to the last move and one to zoom the picture in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from render import Window

from ..engine import Game
from ..i18n import Language, duration, t
from ..services import (
    BOARD_CHOICES,
    COLOUR_CHOICES,
    LEVELS,
    MARGIN_CHOICES,
    RULE_CHOICES,
    START_CHOICES,
    STOP_CHOICES,
    STOP_TIME_CHOICES,
    TIME_CHOICES,
    GameView,
)
from . import callbacks as cb

WINDOW = 8
"""Points per row and rows of the move-button window."""
STEP = 4
"""How far an arrow moves the window."""
EMPTY = "·"
SYMBOL = {"blue": "🔵", "red": "🔴"}
LAST = {"blue": "🟦", "red": "🟥"}
CAPTURED = "✖"
OUT_OF_PLAY = "▫"

Markup = dict[str, Any]
"""A keyboard as the Bot API's JSON (built directly for the boards: see ``move_keyboard``)."""


@dataclass(frozen=True, slots=True)
class MiniApp:
    """Where the Mini App is (``TOCHKI_WEBAPP_URL``), the bot's username and the app's short name in @BotFather."""

    url: str
    bot: str
    name: str

    def button(self, lang: Language, view: GameView, *, private: bool, spectator: bool) -> dict[str, Any]:
        """The button that opens the game in the Mini App: in a private chat a ``web_app`` button (with the game's
        spectator code for a spectator); in a group, where ``web_app`` buttons are not allowed, the direct link
        ``https://t.me/<bot>/<app>?startapp=<game>_<spectator code>`` (group boards are the group's to see)."""
        text = t(lang, "btn_webapp")
        if private:
            url = f"{self.url}/?game={view.id}"
            if spectator and view.watch:
                url += f"&watch={quote(view.watch)}"
            return {"text": text, "web_app": {"url": url}}
        start = f"{view.id}_{view.watch}" if view.watch else str(view.id)
        return {"text": text, "url": f"https://t.me/{self.bot}/{self.name}?startapp={quote(start)}"}

    def puzzle_button(self, lang: Language, puzzle_id: int) -> InlineKeyboardButton:
        """The button under a puzzle in a private chat that opens it on the whole board in the Mini App."""
        return InlineKeyboardButton(
            t(lang, "btn_puzzle_webapp"), web_app=WebAppInfo(f"{self.url}/puzzle.html?puzzle={puzzle_id}")
        )


def with_app_button(keyboard: Markup | None, button: dict[str, Any] | None) -> Markup | None:
    """``keyboard`` (or none) with the Mini App's button as its last row."""
    if button is None:
        return keyboard
    rows = list(keyboard["inline_keyboard"]) if keyboard is not None else []
    return {"inline_keyboard": [*rows, [button]]}


def _mark(selected: bool, label: str) -> str:
    return f"✓ {label}" if selected else label


def _button(text: str, data: cb.Callback) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data.encode())


MAX_POOL_BUTTONS = 20
"""Pools offered as buttons at most after a dot (the rest: "all", or ``/close x-y``)."""


def margin_label(lang: Language, margin: int) -> str:
    """An instant-win margin on a button: ``🏁 15``, or "no instant win"."""
    return f"🏁 {margin}" if margin else t(lang, "btn_no_margin")


def lobby_keyboard(lang: Language, view: GameView) -> InlineKeyboardMarkup:
    """Settings (rule set and its instant-win margin, board, start, time, colours), then Join and Cancel (a private
    game is joined by its link)."""
    g = view.id
    settings = view.settings
    rules = [
        _button(_mark(settings.rules == r, t(lang, f"rules_name_{r}")), cb.Set(g, "rules", r)) for r in RULE_CHOICES
    ]
    margins = [
        _button(_mark(settings.instant_win == m, margin_label(lang, m)), cb.Set(g, "margin", str(m)))
        for m in MARGIN_CHOICES.get(settings.rules, ())
    ]
    rule_rows = [rules, margins] if margins else [rules]
    if settings.manual:
        on = settings.own_dot_penalty
        rule_rows.append(
            [
                _button(_mark(not on, t(lang, "btn_no_penalty")), cb.Set(g, "penalty", "0")),
                _button(_mark(on, t(lang, "btn_penalty")), cb.Set(g, "penalty", "1")),
            ]
        )
    else:
        mode = settings.stop_mode
        rule_rows.append(
            [_button(_mark(mode == m, t(lang, f"btn_mode_{m}")), cb.Set(g, "stop", m)) for m in STOP_CHOICES]
        )
        if mode == "stop_phase":
            rule_rows.append(
                [
                    _button(
                        _mark(view.stop_seconds == s, "⏱ " + (duration(lang, s) if s else "∞")),
                        cb.Set(g, "stoptime", str(s or 0)),
                    )
                    for s in STOP_TIME_CHOICES
                ]
            )
    size = (view.settings.width, view.settings.height)
    sizes = [_button(_mark(size == (w, h), f"{w}x{h}"), cb.Set(g, "size", f"{w}x{h}")) for w, h in BOARD_CHOICES]
    starts = [
        _button(_mark(view.settings.start == s, t(lang, f"start_{s}")), cb.Set(g, "start", s)) for s in START_CHOICES
    ]
    times = [
        _button(_mark(view.move_seconds == s, duration(lang, s) if s else "∞"), cb.Set(g, "time", str(s or 0)))
        for s in TIME_CHOICES
    ]
    labels = {"creator_blue": "btn_blue", "creator_red": "btn_red", "random": "btn_random"}
    colours = [_button(_mark(view.colours == c, t(lang, labels[c])), cb.Set(g, "colours", c)) for c in COLOUR_CHOICES]
    bots = [_button(t(lang, f"btn_bot_{level}"), cb.Against(g, level)) for level in LEVELS]
    actions = [_button(t(lang, "btn_join"), cb.Join(g)), _button(t(lang, "btn_cancel"), cb.Cancel(g))]
    if view.kind == "private":
        actions = actions[1:]
    if view.ply == 0:  # rated (the default) or not: unrated games allow hints and takebacks
        actions[-1:-1] = [
            _button(_mark(view.rated, t(lang, "btn_rated")), cb.Set(g, "rated", "1")),
            _button(_mark(not view.rated, t(lang, "btn_unrated")), cb.Set(g, "rated", "0")),
        ]
    if view.ply > 0:  # a game continued from a record keeps its rules, board and start
        extra = rule_rows[-1:] if settings.stop_mode == "stop_phase" else []  # but its STOP time may change
        return InlineKeyboardMarkup([*extra, times, colours, bots, actions])
    return InlineKeyboardMarkup([*rule_rows, sizes, starts, times, colours, bots, actions])


def closing_keyboard(lang: Language, view: GameView) -> Markup:
    """Right after a dot under manual rules, for its player: one button per pool they may close (its point, the
    dots it takes, its size), "close all" and "done" (the turn passes)."""
    g, ply = view.id, view.ply
    pools = view.position.pools()
    rows: list[list[dict[str, str]]] = []
    for pool in pools[:MAX_POOL_BUTTONS]:
        label = t(lang, "btn_pool", point=str(pool.point), dots=len(pool.captures), size=pool.size)
        rows.append([{"text": label, "callback_data": cb.Close(g, ply, pool.point.x, pool.point.y).encode()}])
    last = []
    if len(pools) > 1:
        last.append(
            {"text": t(lang, "btn_close_all", count=len(pools)), "callback_data": cb.Close(g, ply, 0, 0).encode()}
        )
    last.append({"text": t(lang, "btn_done"), "callback_data": cb.Done(g, ply).encode()})
    rows.append(last)
    return {"inline_keyboard": rows}


# ---------------------------------------------------------------------------------------------------------------
# The window of move buttons


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


def move_keyboard(
    lang: Language,
    view: GameView,
    window: Window,
    zoom: bool = False,
    grid: tuple[Sequence[Sequence[str | None]], Sequence[Sequence[str | None]]] | None = None,
) -> Markup:
    """One button per point of the window (rows from the top), then the arrows that can move it (none points off
    the board), the jump to the last move and the zoom switch.

    Returned as the Bot API's JSON: this keyboard goes with every board, and building ~70 ``InlineKeyboardButton``
    objects, then serialising them, costs more than drawing the picture. ``grid`` is the position's ``(dots,
    owners)`` when already at hand (from the picture).
    """
    game = view.position
    g, ply = view.id, view.ply
    last = game.last_move.point if game.last_move is not None else None
    dots, owners = grid if grid is not None else game.grid()
    rows: list[list[dict[str, str]]] = []
    for y in range(window.y1, window.y0 - 1, -1):
        row = []
        for x in range(window.x0, window.x1 + 1):
            dot, owner = dots[y - 1][x - 1], owners[y - 1][x - 1]
            if dot is None and owner is None:
                row.append({"text": EMPTY, "callback_data": cb.Play(g, ply, x, y).encode()})
                continue
            if dot is None:
                label = OUT_OF_PLAY
            elif owner is not None:
                label = CAPTURED
            else:
                label = LAST[dot] if last == (x, y) else SYMBOL[dot]
            row.append({"text": label, "callback_data": cb.Info(g, ply, x, y).encode()})
        rows.append(row)
    centre = default_window(game)
    nav: list[tuple[str, int, int, bool]] = []
    if window.x0 > 1:
        nav.append(("◀", window.x0 - STEP, window.y0, zoom))
    if window.y0 > 1:
        nav.append(("▼", window.x0, window.y0 - STEP, zoom))
    if window.y1 < game.height:
        nav.append(("▲", window.x0, window.y0 + STEP, zoom))
    if window.x1 < game.width:
        nav.append(("▶", window.x0 + STEP, window.y0, zoom))
    if (centre.x0, centre.y0) != (window.x0, window.y0):
        nav.append((t(lang, "btn_last"), centre.x0, centre.y0, zoom))
    nav.append((t(lang, "btn_full" if zoom else "btn_zoom"), window.x0, window.y0, not zoom))
    rows.append(
        [
            {"text": label, "callback_data": cb.Window(g, ply, max(1, x), max(1, y), z).encode()}
            for label, x, y, z in nav
        ]
    )
    if game.stopped_by is not None and not game.is_over:
        rows.append(finish_row(lang, view))
    return {"inline_keyboard": rows}


# ---------------------------------------------------------------------------------------------------------------
# Questions and choices


def stop_keyboard(lang: Language, view: GameView, user_id: int) -> InlineKeyboardMarkup:
    """Yes / No to "declare STOP?", for the player who asked."""
    return InlineKeyboardMarkup(
        [
            [
                _button(t(lang, "btn_stop"), cb.Stop(view.id, view.ply, user_id, True)),
                _button(t(lang, "btn_no"), cb.Stop(view.id, view.ply, user_id, False)),
            ]
        ]
    )


def finish_row(lang: Language, view: GameView) -> list[dict[str, str]]:
    """Under the board of the player placing the extra dots after a STOP: finish them as they stand, or with the
    grounding count (auto-finish)."""
    g, ply = view.id, view.ply
    return [
        {"text": t(lang, "btn_finish"), "callback_data": cb.Finish(g, ply, False).encode()},
        {"text": t(lang, "btn_autofinish"), "callback_data": cb.Finish(g, ply, True).encode()},
    ]


def resign_keyboard(lang: Language, view: GameView, user_id: int, *, unplayed: bool = False) -> InlineKeyboardMarkup:
    """Yes / No to "resign?", for the player who asked (``unplayed``: they have not moved, so it cancels the game)."""
    return InlineKeyboardMarkup(
        [
            [
                _button(
                    t(lang, "btn_yes_cancel" if unplayed else "btn_yes_resign"),
                    cb.Resign(view.id, view.ply, user_id, True),
                ),
                _button(t(lang, "btn_no"), cb.Resign(view.id, view.ply, user_id, False)),
            ]
        ]
    )


def ground_keyboard(lang: Language, view: GameView, user_id: int) -> InlineKeyboardMarkup:
    """Yes / No to "declare grounding?", for the player who asked."""
    return InlineKeyboardMarkup(
        [
            [
                _button(t(lang, "btn_ground"), cb.Ground(view.id, view.ply, user_id, True)),
                _button(t(lang, "btn_no"), cb.Ground(view.id, view.ply, user_id, False)),
            ]
        ]
    )


def draw_keyboard(lang: Language, view: GameView) -> InlineKeyboardMarkup:
    """Accept or decline the draw offer (for the opponent of who offered it)."""
    return InlineKeyboardMarkup(
        [
            [
                _button(
                    t(lang, "btn_accept_end" if view.offer_kind == "end" else "btn_accept"),
                    cb.Draw(view.id, view.ply, True),
                ),
                _button(t(lang, "btn_decline"), cb.Draw(view.id, view.ply, False)),
            ]
        ]
    )


def choice_keyboard(labels: Sequence[tuple[str, cb.Callback]]) -> InlineKeyboardMarkup:
    """One button a row: the games to choose from, the games to show."""
    return InlineKeyboardMarkup([[_button(label, data)] for label, data in labels])


def listed_keyboard(lang: Language, user_id: int, listed: bool) -> InlineKeyboardMarkup:
    """Appear in the ratings of all players, or not."""
    label = t(lang, "btn_unlist" if listed else "btn_list")
    return InlineKeyboardMarkup([[_button(label, cb.Listed(user_id, not listed))]])


def unfollow_keyboard(lang: Language, game_id: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[_button(t(lang, "btn_unwatch"), cb.Unfollow(game_id))]])


def record_keyboard(
    lang: Language, import_id: int, ply: int, total: int, can_continue: bool, *, review: bool = True
) -> InlineKeyboardMarkup:
    """Step through an imported record: to the start and the end, one move, ten and fifty moves; continue it;
    review it (``review``: a record with moves)."""

    def step(label: str, target: int) -> InlineKeyboardButton:
        return _button(label, cb.Step(import_id, min(total, max(0, target))))

    rows = [[step("⏮", 0), step("◀", ply - 1), step("▶", ply + 1), step("⏭", total)]]
    if total > 10:
        jumps = [step("−10", ply - 10), step("+10", ply + 10)]
        if total > 50:
            jumps = [step("−50", ply - 50), *jumps, step("+50", ply + 50)]
        rows.append(jumps)
    last = [_button(t(lang, "btn_continue"), cb.Continue(import_id))] if can_continue else []
    if review and total > 0:
        last.append(_button(t(lang, "btn_review"), cb.Review("import", import_id)))
    if last:
        rows.append(last)
    return InlineKeyboardMarkup(rows)


# ---------------------------------------------------------------------------------------------------------------
# Playing again, taking back


def rematch_possible(view: GameView) -> bool:
    """A final board offers a rematch: a finished game of two players (not a tournament's), not played again yet."""
    return view.state == "finished" and view.table is None and len(view.players) == 2 and view.rematch_id is None


def rematch_keyboard(lang: Language, view: GameView) -> Markup:
    """Under a final board: 🔁 Rematch; while one player asked (in a group, where the question is the board's), the
    other's answer."""
    if view.rematch_by is None:
        return {"inline_keyboard": [[{"text": t(lang, "btn_rematch"), "callback_data": cb.Rematch(view.id).encode()}]]}
    return {
        "inline_keyboard": [
            [
                {"text": t(lang, "btn_rematch_accept"), "callback_data": cb.RematchAnswer(view.id, True).encode()},
                {"text": t(lang, "btn_decline"), "callback_data": cb.RematchAnswer(view.id, False).encode()},
            ]
        ]
    }


def review_possible(view: GameView) -> bool:
    """A final board offers 🔎 Review: a finished game with moves to judge."""
    return view.state == "finished" and view.position.move_count > 0


def review_button(lang: Language, subject: cb.ReviewSubject, ref: int) -> dict[str, str]:
    """🔎 Review, as the Bot API's JSON."""
    return {"text": t(lang, "btn_review"), "callback_data": cb.Review(subject, ref).encode()}


def final_keyboard(lang: Language, view: GameView, *, rematch: Markup | None) -> Markup | None:
    """Under a finished game's final board: the rematch's row (``rematch``: its buttons as they stand, or none),
    then 🔎 Review on a row of its own."""
    rows = list(rematch["inline_keyboard"]) if rematch is not None else []
    if review_possible(view):
        rows.append([review_button(lang, "game", view.id)])
    return {"inline_keyboard": rows} if rows else None


def takeback_keyboard(lang: Language, view: GameView) -> InlineKeyboardMarkup:
    """Accept or decline the takeback asked for (for the opponent; the asker's "decline" withdraws it)."""
    return InlineKeyboardMarkup(
        [
            [
                _button(t(lang, "btn_takeback_accept"), cb.Takeback(view.id, view.ply, True)),
                _button(t(lang, "btn_decline"), cb.Takeback(view.id, view.ply, False)),
            ]
        ]
    )


def rematch_answer_keyboard(lang: Language, view: GameView) -> InlineKeyboardMarkup:
    """The rematch question in the other player's private chat: accept or decline."""
    return InlineKeyboardMarkup(
        [
            [
                _button(t(lang, "btn_rematch_accept"), cb.RematchAnswer(view.id, True)),
                _button(t(lang, "btn_decline"), cb.RematchAnswer(view.id, False)),
            ]
        ]
    )
