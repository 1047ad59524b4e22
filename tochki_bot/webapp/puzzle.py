"""A puzzle in the Mini App as JSON (``contract.PuzzlePage``): the position to solve on the whole board, what to
find, and once the viewer answered, how it went and the position after the solution.

The sentences are the chat's (``wording.puzzles``), as plain text. Before the viewer answered, nothing in the page
gives the solution away: not the point, not the position after it, not what it wins."""

from __future__ import annotations

from ..engine import Point
from ..i18n import Language, t
from ..services import Outcome, PuzzleView
from ..wording import plain
from ..wording.puzzles import answer_text, skipped_text, task
from .contract import PuzzleAnswer, PuzzlePage
from .state import board_state, point_index


def puzzle_texts(lang: Language) -> dict[str, str]:
    """What the puzzle page says besides the puzzle: how to answer, its buttons, its failures."""
    return {
        "how": t(lang, "webapp_puzzle_how"),
        "answer": t(lang, "webapp_puzzle_answer", point="{point}"),
        "next": t(lang, "webapp_puzzle_next"),
        "error": t(lang, "webapp_error"),
        "offline": t(lang, "webapp_offline"),
    }


def _index(puzzle: PuzzleView, point: Point) -> int:
    return point_index(puzzle.position.width, point)


def puzzle_page(puzzle: PuzzleView, lang: Language, answered: PuzzleAnswer | None = None) -> PuzzlePage:
    """The page of ``puzzle``: to be solved, or (``answered``) solved, with the position after the solution."""
    title, _, goal = plain(task(puzzle, lang)).partition("\n")
    position = puzzle.solved_position() if answered is not None else puzzle.position
    return {
        "id": puzzle.id,
        "title": title,
        "task": goal,
        "to_move": puzzle.to_move,
        "board": board_state(position, puzzle.to_move),
        "answered": answered,
        "texts": puzzle_texts(lang),
    }


def outcome_answer(outcome: Outcome, lang: Language) -> PuzzleAnswer:
    """How an answer went, for the page (the chat's sentences, without "/puzzle gives the next one")."""
    puzzle = outcome.puzzle
    return {
        "correct": outcome.correct,
        "answer": _index(puzzle, outcome.answer),
        "solution": _index(puzzle, puzzle.solution),
        "text": plain(answer_text(outcome, lang, next_line=False)),
    }


def earlier_answer(puzzle: PuzzleView, point: Point | None, correct: bool, lang: Language) -> PuzzleAnswer:
    """The viewer's earlier answer (``None``: skipped in the chat), as the page shows a puzzle answered before."""
    if point is None:
        text = plain(skipped_text(puzzle, lang))
    else:
        text = plain(answer_text(Outcome(puzzle, point, correct, again=True), lang, next_line=False))
    return {
        "correct": correct,
        "answer": _index(puzzle, point) if point is not None else None,
        "solution": _index(puzzle, puzzle.solution),
        "text": text,
    }


__all__ = ["earlier_answer", "outcome_answer", "puzzle_page", "puzzle_texts"]
