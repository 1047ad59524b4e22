"""What is said about a puzzle, for every front end: its task ("Blue to move: find the move that captures most"), its
solution and what it wins, how an answer went, a person's puzzle record.

>>> from tochki_bot.engine import Game, Point
>>> from tochki_bot.services import PuzzleView, Rating
>>> puzzle = PuzzleView(3, "test", Game(10, 10, "empty"), Point(5, 3), "capture", 4.0, 0.0, Rating(1450.0))
>>> plain(task(puzzle, "en"))
'Puzzle #3 · rating 1450\\nBlue to move: find the move that captures most.'
>>> plain(solution(puzzle, "en"))
'5-3 wins 4 dots more than any other move'
"""

from __future__ import annotations

from ..engine import Point
from ..i18n import Language, t
from ..services import Outcome, Puzzler, PuzzleView
from .text import plain


def task(puzzle: PuzzleView, lang: Language) -> str:
    """The puzzle's title and what to find (HTML, two lines)."""
    return t(
        lang, f"puzzle_task_{puzzle.kind}", id=puzzle.id, rating=round(puzzle.rating.rating), colour=puzzle.to_move
    )


def title_line(puzzle: PuzzleView, lang: Language) -> str:
    """The task's first line as plain text (a picture's status line)."""
    return plain(task(puzzle, lang)).splitlines()[0]


def solution(puzzle: PuzzleView, lang: Language) -> str:
    """The solution and what it wins ("<b>5-3</b> wins 4 dots more than any other move")."""
    point = str(puzzle.solution)
    if puzzle.kind == "win":
        return t(lang, "puzzle_what_win", point=point)
    if puzzle.kind == "save":
        return t(lang, "puzzle_what_save", point=point, margin=puzzle.margin)
    return t(lang, "puzzle_what_capture", point=point, margin=puzzle.margin)


def answer_text(outcome: Outcome, lang: Language, *, next_line: bool = True) -> str:
    """How a person's answer went (private): right or wrong, the solution, their puzzle rating's move, and (with
    ``next_line``: in a chat) how to get the next one."""
    what = solution(outcome.puzzle, lang)
    lines = [
        t(lang, "puzzle_right", what=what)
        if outcome.correct
        else t(lang, "puzzle_wrong", answer=str(outcome.answer), what=what)
    ]
    if outcome.again:
        lines.append(t(lang, "puzzle_again", id=outcome.puzzle.id))
    elif outcome.rated and outcome.before is not None and outcome.after is not None:
        lines.append(t(lang, "puzzle_rating_moved", before=outcome.before.shown, after=outcome.after.shown))
    if next_line:
        lines.append(t(lang, "puzzle_next"))
    return "\n".join(lines)


def not_free(puzzle: PuzzleView, point: Point, lang: Language) -> str | None:
    """Why ``point`` cannot be the answer (a dot is there, or it is out of play), or ``None``."""
    game = puzzle.position
    if game.is_playable(point.x, point.y):
        return None
    if not (1 <= point.x <= game.width and 1 <= point.y <= game.height):
        return t(lang, "point_busy", point=str(point))
    dot = game.dot(point.x, point.y)
    if dot is None:
        return t(lang, "point_info_out", point=str(point))
    captured = game.owner(point.x, point.y) is not None
    return t(lang, "point_info_dot", point=str(point), dot=t(lang, f"dot_{dot}_captured" if captured else f"dot_{dot}"))


def won_text(puzzle: PuzzleView, lang: Language, name: str) -> str:
    """A group's puzzle, won: who solved it first and the solution (``name`` as the front end shows names)."""
    return t(lang, "puzzle_won", name=name, id=puzzle.id, what=solution(puzzle, lang))


def skipped_text(puzzle: PuzzleView, lang: Language) -> str:
    return t(lang, "puzzle_skipped", id=puzzle.id, what=solution(puzzle, lang))


def puzzler_lines(puzzler: Puzzler, lang: Language, *, private: bool) -> list[str]:
    """A person's puzzle rating and record (``/me``), and in private whether their private games give puzzles."""
    lines = []
    if puzzler.solved or puzzler.failed:
        r = puzzler.rating
        lines.append(
            t(
                lang,
                "me_puzzles",
                rating=r.shown,
                deviation=round(r.deviation),
                solved=puzzler.solved,
                failed=puzzler.failed,
            )
        )
    if private:
        lines.append(t(lang, "me_puzzles_share" if puzzler.share else "me_puzzles_noshare"))
    return lines


__all__ = ["answer_text", "not_free", "puzzler_lines", "skipped_text", "solution", "task", "title_line", "won_text"]
