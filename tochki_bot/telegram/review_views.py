"""What a chat is shown of a review, as message contents: the progress text, the evaluation chart with the players'
numbers as its caption, the mistakes' boards with their captions, the annotated SGF as a file. The words and the
pictures' views are the review's wording (``wording.reviews``); this module only puts them into Telegram's messages,
as the pictures to draw and their captions. Pure, like ``views``: the review desk (``reviews``) draws the pictures
(the chart with ``render.review``, the boards by the bot's painter) and sends them."""

from __future__ import annotations

import html
from dataclasses import dataclass

from render import BoardView, Window
from render.review import EvaluationView, mistake_window

from ..i18n import Language, t
from ..services.reviews import ReviewView
from ..wording import reviews as words


@dataclass(frozen=True, slots=True)
class ChartSpec:
    """The evaluation chart to draw and its caption (HTML)."""

    picture: EvaluationView
    caption: str


@dataclass(frozen=True, slots=True)
class MistakeSpec:
    """A mistake's board to draw (``crop``: only that part, larger) and its caption (HTML)."""

    picture: BoardView
    crop: Window | None
    caption: str


def progress_text(review: ReviewView, lang: Language) -> str:
    """The progress message: "🔎 Reviewing game #12… 120 of 250 moves, about 40 s left"."""
    return words.progress_text(review, lang)


def posted_text(review: ReviewView, lang: Language) -> str:
    """The progress message once the review is done: "🔎 Review of game #12: done ↓" (the review follows it)."""
    return t(lang, "review_posted", title=html.escape(words.title(review, lang)))


def chart_caption(review: ReviewView, lang: Language) -> str:
    """The chart's caption: the review's headline and each player's numbers, one line each."""
    return words.done_text(review, lang)


def chart_spec(review: ReviewView, lang: Language) -> ChartSpec:
    """The evaluation chart and its caption."""
    return ChartSpec(words.chart_view(review, lang), chart_caption(review, lang))


def mistake_caption(review: ReviewView, ply: int, lang: Language) -> str:
    """A mistake's photo caption (plain): whose it is, then the review's line ("Anna · Move 41 · 12-7 lost 4 dots:
    13-8 captures 3")."""
    move = review.move(ply)
    assert move is not None
    return f"{words.player_text(review, move.colour, lang)} · {words.mistake_caption(review, move, lang)}"


def mistake_specs(review: ReviewView, lang: Language) -> list[MistakeSpec]:
    """Each player's biggest mistakes as boards with captions, in the order played, each cropped around its marks on
    a large board. Each replays the game: make them off the event loop."""
    specs = []
    for move in words.mistakes(review):
        view = words.mistake_view(review, move, lang)
        specs.append(MistakeSpec(view, mistake_window(view), html.escape(mistake_caption(review, move.ply, lang))))
    return specs


def file_name(review: ReviewView) -> str:
    """The annotated SGF's file name: ``review-12.sgf``, ``review-record-3.sgf``."""
    return f"review-{review.ref}.sgf" if review.subject == "game" else f"review-record-{review.ref}.sgf"


def sgf_caption(review: ReviewView, lang: Language) -> str:
    """The annotated SGF's caption."""
    return t(lang, "review_sgf_caption", title=html.escape(words.title(review, lang)))


__all__ = [
    "ChartSpec",
    "MistakeSpec",
    "chart_caption",
    "chart_spec",
    "file_name",
    "mistake_caption",
    "mistake_specs",
    "posted_text",
    "progress_text",
    "sgf_caption",
]
