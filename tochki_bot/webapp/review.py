"""A game's review in the Mini App as JSON (``contract.ReviewPage``): while it runs, how far it is and how long it
still takes; once done, every move's value for the evaluation graph, each player's numbers and the mistakes with the
chat's captions (``wording.reviews``), and where the annotated record is.

A done review never changes: its page is worked out once per language (``ReviewPages``)."""

from __future__ import annotations

from collections import OrderedDict

from ..engine import Colour, IllegalMove, parse_point
from ..i18n import Language
from ..services import ServiceError
from ..services.reviews import MISTAKE, ReviewView
from ..wording import plain
from ..wording import reviews as said
from .contract import ReviewMistake, ReviewMove, ReviewPage, ReviewSide
from .state import point_index

MISTAKES_LISTED = 60
"""The most mistakes a page lists (the biggest, in the game's order); the graph marks these."""
PAGES_KEPT = 64
"""Done reviews' pages kept worked out (a page is a few KB)."""
COLOURS: tuple[Colour, Colour] = ("blue", "red")


def review_refusal(lang: Language, problem: ServiceError, running: ReviewView | None = None) -> str:
    """Why a review was refused, in the chat's words, as plain text: the game not over or cancelled, another review
    of the person's still ``running`` (with how far it is), or the services' words for the problem."""
    return plain(said.error_text(problem, lang, running))


def review_sgf_path(game_id: int) -> str:
    """Where the page fetches the annotated record (with initData, as every call)."""
    return f"api/games/{game_id}/review.sgf"


def _point(review: ReviewView, name: str) -> int | None:
    """A move's name (``x-y``, or ``ground``) as the page's point number (``None``: a grounding)."""
    game = review.game
    try:
        point = parse_point(name, game.width, game.height)
    except IllegalMove:
        return None
    return point_index(game.width, point)


def review_moves(review: ReviewView) -> list[ReviewMove]:
    """Every move judged so far, as the graph and the board's marks read them."""
    return [
        {
            "ply": move.ply,
            "colour": move.colour,
            "played": _point(review, move.played),
            "best": _point(review, move.best),
            "value": round(move.blue_value(), 2),
            "loss": round(move.loss, 2),
            "grade": move.grade,
        }
        for move in review.moves
    ]


def review_sides(review: ReviewView, lang: Language) -> list[ReviewSide]:
    """Blue's numbers, then red's, with the chat's summary line."""
    sides: list[ReviewSide] = []
    for colour in COLOURS:
        numbers = review.summary(colour)
        sides.append(
            {
                "colour": colour,
                "name": review.blue_name if colour == "blue" else review.red_name,
                "moves": numbers.moves,
                "average_loss": round(numbers.average_loss, 2),
                "blunders": numbers.blunders,
                "mistakes": numbers.mistakes,
                "text": plain(said.summary_line(review, colour, lang)),
            }
        )
    return sides


def review_mistakes(review: ReviewView, lang: Language) -> list[ReviewMistake]:
    """The moves that lost ``MISTAKE`` dots or more (the ``MISTAKES_LISTED`` biggest), in the game's order, with
    the chat's caption of each."""
    lost = [move for move in review.moves if move.loss >= MISTAKE]
    kept = sorted(sorted(lost, key=lambda m: (-m.loss, m.ply))[:MISTAKES_LISTED], key=lambda m: m.ply)
    return [
        {
            "ply": move.ply,
            "colour": move.colour,
            "grade": move.grade,
            "caption": said.mistake_caption(review, move, lang),
        }
        for move in kept
    ]


def review_page(review: ReviewView, lang: Language) -> ReviewPage:
    """The page of ``review`` (of a game: its ``ref``) in ``lang``."""
    done = review.state == "done"
    return {
        "game": review.ref,
        "state": review.state,
        "done": review.done,
        "total": review.total,
        "expected_seconds": None if done or review.expected_seconds is None else round(review.expected_seconds, 1),
        "progress_text": "" if done else plain(said.progress_text(review, lang)),
        "moves": review_moves(review),
        "sides": review_sides(review, lang) if done else [],
        "mistakes": review_mistakes(review, lang) if done else [],
        "sgf": review_sgf_path(review.ref) if done else None,
    }


class ReviewPages:
    """Done reviews' pages, worked out once per review and language (the latest ``PAGES_KEPT``); a running
    review's page is worked out each time it is asked for."""

    def __init__(self, size: int = PAGES_KEPT) -> None:
        self.size = size
        self._pages: OrderedDict[tuple[int, Language], ReviewPage] = OrderedDict()

    def page(self, review: ReviewView, lang: Language) -> ReviewPage:
        if review.state != "done":
            return review_page(review, lang)
        key = (review.id, lang)
        found = self._pages.get(key)
        if found is None:
            found = self._pages[key] = review_page(review, lang)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(key)
        return found


__all__ = [
    "MISTAKES_LISTED",
    "ReviewPages",
    "review_moves",
    "review_page",
    "review_refusal",
    "review_sgf_path",
]
