"""Reviews of finished games: what each move cost, the biggest mistakes, an annotated record.

CONTRACT (being implemented on branch ``review-core``; front ends code against these names):

A review is asked for a finished game (``subject`` ``game``, ``ref`` its id) or an imported record (``import``, its
import id) by a person (``Reviews.request``). It runs as AI jobs (``ai_jobs`` kind ``review``, ``SPAN`` moves each,
always after the bot's moves in the queue) on this process's runner and on any ``tochki-bot ai-worker``; its results
are kept in the database (one review per subject: asking again answers at once; it survives a restart). One review
at a time per person: ``REVIEW_BUSY`` while theirs runs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from ..ai.review import BLUNDER, MISTAKE, REVIEW_NODES, MoveReview, Summary, biggest_mistakes, summary
from ..engine import Colour, Game

SPAN = 10
"""Moves judged by one job."""

Subject = Literal["game", "import"]
ReviewState = Literal["running", "done"]


@dataclass(frozen=True, slots=True)
class ReviewView:
    """A review as front ends show it."""

    id: int
    subject: Subject
    ref: int
    """The game's id or the import's id."""
    asked_by: int
    """Who asked first (the one whose progress message is edited)."""
    state: ReviewState
    total: int
    """Moves to judge."""
    done: int
    """Moves judged so far."""
    moves: tuple[MoveReview, ...]
    """The moves judged so far, in order (all of them when ``state`` is ``done``)."""
    game: Game
    """The whole game as played (its position after the last move)."""
    blue_name: str
    red_name: str
    created_at: float
    finished_at: float | None
    expected_seconds: float | None
    """About how long until it is done (``None``: done, or not known yet)."""

    def summary(self, colour: Colour) -> Summary:
        """``colour``'s moves in numbers."""
        return summary(list(self.moves), colour)

    def mistakes(self, colour: Colour, count: int = 3) -> list[MoveReview]:
        """``colour``'s biggest mistakes, the biggest first."""
        return biggest_mistakes(list(self.moves), colour, count)


ProgressListener = Callable[[ReviewView], Awaitable[None]]
"""Told when a review moved on (more moves judged) and when it is done."""


class Reviews:
    """The use cases of reviews (``Services.reviews``)."""

    async def request(self, subject: Subject, ref: int, who: object) -> ReviewView:
        """Start a review (or return the one there is). Raises ``ServiceError``: ``NO_SUCH_GAME``, ``NOT_OVER`` (the
        game is not finished), ``NOT_ALLOWED`` (``who`` may not see the game), ``REVIEW_BUSY`` (``who`` has another
        review running)."""
        raise NotImplementedError

    async def get(self, review_id: int) -> ReviewView:
        raise NotImplementedError

    async def of(self, subject: Subject, ref: int) -> ReviewView | None:
        raise NotImplementedError

    def on_progress(self, listener: ProgressListener) -> None:
        raise NotImplementedError

    def sgf(self, review: ReviewView) -> str:
        """The annotated SGF (GM[40]): per move ``C[]`` with the estimate and the better move, ``BM[]``/``TE[]``, the
        better move as a variation. Our import reads it back with the comments."""
        raise NotImplementedError


__all__ = ["BLUNDER", "MISTAKE", "REVIEW_NODES", "SPAN", "ProgressListener", "Reviews", "ReviewView", "Subject"]
