"""What is said and drawn about a game's review, for every front end: the mistake's caption ("Move 41 · 12-7 lost 4
dots: 13-8 captures 3"), a player's numbers ("Anna: 0.8 dots lost a move · 2 blunders · 5 mistakes"), the progress
("Reviewing game #12… 120 of 250 moves, about 40 s left"), the headline when it is done, the refusals, and the views
the pictures are drawn from (``chart_view`` for the evaluation chart, ``mistake_view`` for a mistake's board).

Texts are HTML like every catalogue text (names escaped here unless the caller brings its own); ``chart_view`` and
``mistake_view`` hold plain text, for pictures.

>>> from tochki_bot.ai.review import MoveReview
>>> move = MoveReview(41, "blue", "12-7", "13-8", 2.0, -2.0)
>>> amount(move.loss), move_name("ground", "en"), amount(0.75)
(4, 'grounding', 0.8)
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from decimal import Decimal

from fluent.runtime.types import fluent_number

from render import BoardView
from render.review import ChartMark, EvaluationView
from render.view import Mark

from ..ai.review import GROUND, MISTAKE, MoveReview
from ..engine import Colour, Game, IllegalMove, parse_point
from ..i18n import Language, duration, t
from ..pictures import board_view
from ..services.errors import Problem, ServiceError
from ..services.reviews import ReviewView, Subject
from .names import name_or_side
from .text import plain

MISTAKES_SHOWN = 3
"""The biggest mistakes of each player a review shows as boards."""


def amount(dots: float) -> int | float:
    """Dots as shown: a whole number when the value is one (to a tenth), else one decimal."""
    tenth = round(dots, 1)
    return round(tenth) if tenth == round(tenth) else tenth


def _average(dots: float) -> object:
    """An average as shown: always one decimal ("0.8", "1.0"; "0,8" in Polish and the Cyrillic languages)."""
    # A Decimal keeps its fraction digit for the plural rules too: "1.0 dots", "0,0 точки" (CLDR's "other").
    return fluent_number(Decimal(f"{dots:.1f}"), minimumFractionDigits=1, maximumFractionDigits=1, useGrouping=False)


def subject_text(subject: Subject, ref: int, lang: Language) -> str:
    """What is reviewed, as the review's texts name it ("game #12", "record #3"; the genitive in Slavic languages)."""
    return t(lang, "review_of_import" if subject == "import" else "review_of_game", id=ref)


def title(review: ReviewView, lang: Language) -> str:
    """The review's title as plain text ("Review of game #12"): the chart's title."""
    return plain(t(lang, "review_title", what=subject_text(review.subject, review.ref, lang)))


def move_name(name: str, lang: Language) -> str:
    """A move of a review as shown: ``x-y``, or grounding in words."""
    return t(lang, "review_ground") if name == GROUND else name


def _position(review: ReviewView, ply: int) -> Game:
    """The game before move ``ply`` (a copy)."""
    game = review.game
    return Game.from_settings(game.settings, game.moves[: max(0, ply - 1)])


def better_text(review: ReviewView, move: MoveReview, lang: Language) -> str:
    """What the better move does, played at the position: "13-8 captures 3" (what it captures at once), else "13-8
    saves 4" (what the move played lost, when it is a dot or more), "13-8 keeps the score"; a better grounding "wins
    the game" when it leaves the mover ahead, else "keeps the score"."""
    saved = amount(move.loss)
    if move.best == GROUND:
        return t(lang, "review_better_ground_wins" if move.best_value > 0 else "review_better_ground")
    captured = 0
    try:
        point = parse_point(move.best)
        position = _position(review, move.ply)
        before = position.score
        position.play(point.x, point.y)
        after = position.score
        captured = (after[0] - before[0]) if move.colour == "blue" else (after[1] - before[1])
    except (IllegalMove, ValueError):
        captured = 0
    if captured > 0:
        return t(lang, "review_better_captures", point=move.best, count=captured)
    if move.loss >= MISTAKE:
        return t(lang, "review_better_saves", point=move.best, count=saved)
    return t(lang, "review_better_keeps", point=move.best)


def mistake_caption(review: ReviewView, move: MoveReview, lang: Language) -> str:
    """A mistake in one line: "Move 41 · 12-7 lost 4 dots: 13-8 captures 3" (plain text, for a picture's caption
    and a photo's caption alike: it holds no name)."""
    text = t(
        lang,
        "review_mistake",
        ply=move.ply,
        played=move_name(move.played, lang),
        loss=amount(move.loss),
        better=better_text(review, move, lang),
    )
    return plain(text)


def numbers_line(review: ReviewView, colour: Colour, lang: Language) -> str:
    """A player's moves in numbers: "0.8 dots lost a move · 2 blunders · 5 mistakes" (plain text)."""
    s = review.summary(colour)
    return plain(t(lang, "review_numbers", average=_average(s.average_loss), blunders=s.blunders, mistakes=s.mistakes))


def _stored(review: ReviewView, colour: Colour) -> str:
    return review.blue_name if colour == "blue" else review.red_name


def player_text(review: ReviewView, colour: Colour, lang: Language) -> str:
    """A player's name as the review has it, plain (the side's name when it is blank)."""
    return name_or_side(lang, colour, _stored(review, colour))


def _shown(review: ReviewView, lang: Language, show: Callable[[Colour], str] | None) -> Callable[[Colour], str]:
    return show or (lambda colour: html.escape(player_text(review, colour, lang)))


def summary_line(
    review: ReviewView, colour: Colour, lang: Language, show: Callable[[Colour], str] | None = None
) -> str:
    """ "Anna: 0.8 dots lost a move · 2 blunders · 5 mistakes" (HTML: the name escaped, or as ``show`` gives it)."""
    numbers = html.escape(numbers_line(review, colour, lang))
    return t(lang, "review_summary", name=_shown(review, lang, show)(colour), numbers=numbers)


def progress_text(review: ReviewView, lang: Language) -> str:
    """How far a running review is: "🔎 Reviewing game #12… 120 of 250 moves, about 40 s left" (the time left when
    it is known)."""
    subject = subject_text(review.subject, review.ref, lang)
    if review.expected_seconds is None:
        return t(lang, "review_progress", what=subject, done=review.done, total=review.total)
    left = duration(lang, review.expected_seconds)
    return t(lang, "review_progress_left", what=subject, done=review.done, total=review.total, left=left)


def done_text(review: ReviewView, lang: Language, show: Callable[[Colour], str] | None = None) -> str:
    """A finished review's message: the headline and both players' numbers, one line each (HTML)."""
    lines = [t(lang, "review_done", what=subject_text(review.subject, review.ref, lang))]
    lines += [summary_line(review, colour, lang, show) for colour in ("blue", "red")]
    return "\n".join(lines)


def mistakes(review: ReviewView, count: int = MISTAKES_SHOWN) -> list[MoveReview]:
    """The boards a review shows: each player's ``count`` biggest mistakes, in the order they were played."""
    found = review.mistakes("blue", count) + review.mistakes("red", count)
    return sorted(found, key=lambda m: m.ply)


def mistakes_text(
    review: ReviewView, colour: Colour, lang: Language, show: Callable[[Colour], str] | None = None
) -> str:
    """A player's biggest mistakes as lines of text ("Biggest mistakes of Anna:" and a caption each), or that no move
    of theirs lost a dot (HTML)."""
    name = _shown(review, lang, show)(colour)
    found = review.mistakes(colour, MISTAKES_SHOWN)
    if not found:
        return t(lang, "review_no_mistakes", name=name)
    lines = [t(lang, "review_mistakes_of", name=name)]
    lines += [html.escape(mistake_caption(review, move, lang)) for move in found]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------------------------------
# Refusals


def busy_text(running: ReviewView, lang: Language) -> str:
    """Why another review cannot start, with how far the person's own one is: "Your review of game #9 is still
    running (60 of 200 moves): one review at a time." (the services' ``REVIEW_BUSY`` says it without the numbers)."""
    subject = subject_text(running.subject, running.ref, lang)
    return t(lang, "review_busy_progress", what=subject, done=running.done, total=running.total)


def not_over_text(ref: int, lang: Language) -> str:
    """Game ``ref`` is not finished: no review yet."""
    return t(lang, "review_not_over", id=ref)


_BY_NAME = {
    "NOT_OVER": "review_not_over",
    "REVIEW_NOT_OVER": "review_not_over",
    "REVIEW_CANCELLED": "review_cancelled",
    "NO_SUCH_RECORD": "no_such_record",
}
"""The review's own refusals (``Problem`` names; ``NOT_OVER`` as the first contract named it) and their texts."""


def refusal_text(problem: str, ref: int, lang: Language, running: ReviewView | None = None) -> str | None:
    """A review's refusal by the ``Problem``'s name: ``REVIEW_NOT_OVER`` (or ``NOT_OVER``), ``REVIEW_CANCELLED``,
    ``NO_SUCH_RECORD`` of ``ref``; ``REVIEW_BUSY`` with the person's ``running`` review and its progress. ``None``:
    the front end's usual text for that problem (``REVIEW_BUSY`` without the running review among them)."""
    if problem == "REVIEW_BUSY":
        return busy_text(running, lang) if running is not None else None
    key = _BY_NAME.get(problem)
    return t(lang, key, id=ref) if key is not None else None


def error_text(error: ServiceError, lang: Language, running: ReviewView | None = None) -> str:
    """A refusal of ``Reviews.request`` in ``lang`` (HTML): ``REVIEW_BUSY`` with the progress of ``running`` (the
    person's own review, when the front end has it), else the problem's own text with its details
    (``review_not_over``, ``review_cancelled``, ``no_such_record``, ``no_such_game``...), text details escaped."""
    if error.problem is Problem.REVIEW_BUSY and running is not None:
        return busy_text(running, lang)
    details = {k: html.escape(v) if isinstance(v, str) else v for k, v in error.details.items()}
    return t(lang, error.problem.value, **details)


# ------------------------------------------------------------------------------------------------------------------
# The pictures' views


def _drawn(review: ReviewView, colour: Colour, lang: Language) -> str:
    return name_or_side(lang, colour, _stored(review, colour), drawn=True)


def chart_view(review: ReviewView, lang: Language) -> EvaluationView:
    """The evaluation chart of ``review`` (the moves judged so far, over an axis as long as the whole game), every
    text in ``lang``."""
    moves = review.moves
    return EvaluationView(
        title=title(review, lang),
        points=tuple((m.ply, m.blue_value()) for m in moves),
        marks=tuple(ChartMark(m.ply, m.colour, m.loss, m.grade == "blunder") for m in moves if m.grade != "ok"),
        blue_name=_drawn(review, "blue", lang),
        red_name=_drawn(review, "red", lang),
        blue_line=numbers_line(review, "blue", lang),
        red_line=numbers_line(review, "red", lang),
        x_caption=plain(t(lang, "review_axis_moves")),
        y_caption=plain(t(lang, "review_axis_score")),
        total=max(review.total, review.game.ply),
    )


def _point(name: str) -> tuple[int, int] | None:
    if name == GROUND:
        return None
    try:
        point = parse_point(name)
    except ValueError:
        return None
    return (point.x, point.y)


def mistake_view(review: ReviewView, move: MoveReview, lang: Language) -> BoardView:
    """A mistake's board: the position before the move, the move played and the better move marked, and
    ``mistake_caption`` under the names. ``render.review.render_mistake`` draws it (cropped on large boards)."""
    view = board_view(
        review.game,
        blue=_drawn(review, "blue", lang),
        red=_drawn(review, "red", lang),
        caption=mistake_caption(review, move, lang),
        upto=max(0, move.ply - 1),
    )
    marks = []
    played, better = _point(move.played), _point(move.best)
    if played is not None:
        marks.append(Mark(played, "played", move.colour))
    if better is not None and better != played:
        marks.append(Mark(better, "better", move.colour))
    return dataclasses.replace(view, marks=tuple(marks), to_move=move.colour)


__all__ = [
    "MISTAKES_SHOWN",
    "amount",
    "better_text",
    "busy_text",
    "chart_view",
    "done_text",
    "error_text",
    "mistake_caption",
    "mistake_view",
    "mistakes",
    "mistakes_text",
    "move_name",
    "not_over_text",
    "numbers_line",
    "player_text",
    "progress_text",
    "refusal_text",
    "subject_text",
    "summary_line",
    "title",
]
