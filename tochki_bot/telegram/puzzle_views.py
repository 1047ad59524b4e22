"""What a chat is shown of a puzzle, as message specs (pure): the position's picture with the frame of its answer
buttons, the task as the caption, the buttons; and once answered, the picture after the solution with what it won."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from render import BoardView, Window

from ..engine import Game
from ..i18n import Language, t
from ..pictures import board_view
from ..services import PuzzleView
from ..wording import side_name
from ..wording.puzzles import task, title_line
from . import callbacks as cb
from .keyboards import CAPTURED, EMPTY, OUT_OF_PLAY, SYMBOL, WINDOW, MiniApp, window_at


@dataclass(frozen=True, slots=True)
class PuzzleSpec:
    """A puzzle message: its picture, caption and buttons."""

    picture: BoardView
    caption: str
    keyboard: InlineKeyboardMarkup | None


def window_of(puzzle: PuzzleView) -> Window:
    """The window of answer buttons: 8 x 8 points holding the solution, not centred on it (each puzzle its own
    offset, so the frame does not give the answer away).

    >>> from tochki_bot.engine import Game, Point
    >>> from tochki_bot.services import PuzzleView, Rating
    >>> w = window_of(PuzzleView(5, "t", Game(39, 32, "cross"), Point(39, 1), "capture", 4.0, 0.0, Rating()))
    >>> (w.x0, w.y0, w.x1, w.y1)
    (32, 1, 39, 8)
    """
    game = puzzle.position
    sx, sy = puzzle.solution
    dx, dy = (puzzle.id * 5) % 7 - 3, (puzzle.id * 3 + 1) % 7 - 3
    window = window_at(game.width, game.height, sx + dx, sy + dy, WINDOW)
    if not (window.x0 <= sx <= window.x1 and window.y0 <= sy <= window.y1):
        window = window_at(game.width, game.height, sx, sy, WINDOW)
    return window


def picture(puzzle: PuzzleView, lang: Language, *, solved: bool = False, window: Window | None = None) -> BoardView:
    """The position (with the buttons' frame), or the position after the solution (its captures standing out)."""
    game: Game = puzzle.solved_position() if solved else puzzle.position
    view = board_view(
        game, blue=side_name(lang, "blue"), red=side_name(lang, "red"), caption=title_line(puzzle, lang), window=window
    )
    return view


def keyboard(puzzle: PuzzleView, window: Window) -> InlineKeyboardMarkup:
    """One button per point of the window (rows from the top): a free point answers with it."""
    game = puzzle.position
    dots, owners = game.grid()
    rows = []
    for y in range(window.y1, window.y0 - 1, -1):
        row = []
        for x in range(window.x0, window.x1 + 1):
            dot, owner = dots[y - 1][x - 1], owners[y - 1][x - 1]
            label = (
                EMPTY
                if dot is None and owner is None
                else OUT_OF_PLAY
                if dot is None
                else CAPTURED
                if owner
                else SYMBOL[dot]
            )
            row.append(InlineKeyboardButton(label, callback_data=cb.PuzzleTry(puzzle.id, x, y).encode()))
        rows.append(row)
    return InlineKeyboardMarkup(rows)


def task_spec(
    puzzle: PuzzleView, lang: Language, *, group: bool, daily: bool = False, miniapp: MiniApp | None = None
) -> PuzzleSpec:
    """The puzzle as it is asked: the position with the frame, the task and how to answer, the buttons (in a private
    chat with the Mini App, under them one that opens the puzzle on the whole board there)."""
    window = window_of(puzzle)
    lines = [t(lang, "puzzle_daily_title")] if daily else []
    lines += [task(puzzle, lang), t(lang, "puzzle_how_group" if group else "puzzle_how_private")]
    buttons = keyboard(puzzle, window)
    if miniapp is not None and not group:
        buttons = InlineKeyboardMarkup([*buttons.inline_keyboard, [miniapp.puzzle_button(lang, puzzle.id)]])
    return PuzzleSpec(picture(puzzle, lang, window=window), "\n".join(lines), buttons)


def answered_spec(puzzle: PuzzleView, lang: Language, text: str) -> PuzzleSpec:
    """The puzzle once answered (or won, or skipped): the position after the solution, the task and ``text``."""
    return PuzzleSpec(picture(puzzle, lang, solved=True), task(puzzle, lang) + "\n\n" + text, None)


__all__ = ["PuzzleSpec", "answered_spec", "keyboard", "picture", "task_spec", "window_of"]
