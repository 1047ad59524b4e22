"""What a chat is shown of a review, as message contents: the progress text, the evaluation chart with the players'
numbers as its caption, the mistakes' boards with their captions, the annotated SGF as a file. The words and the
pictures' views are the review's wording (``wording.reviews``), the pictures ``render.review``'s; this module only
puts them into Telegram's messages (and draws off the event loop)."""

from __future__ import annotations

import asyncio
import html

from render.review import evaluation_chart, mistake_window

from ..i18n import Language, t
from ..painter import Painter
from ..services.reviews import ReviewView
from ..wording import reviews as words


def progress_text(review: ReviewView, lang: Language) -> str:
    """The progress message: "🔎 Reviewing game #12… 120 of 250 moves, about 40 s left"."""
    return words.progress_text(review, lang)


def posted_text(review: ReviewView, lang: Language) -> str:
    """The progress message once the review is done: "🔎 Review of game #12: done ↓" (the review follows it)."""
    return t(lang, "review_posted", title=html.escape(words.title(review, lang)))


def chart_caption(review: ReviewView, lang: Language) -> str:
    """The chart's caption: the review's headline and each player's numbers, one line each."""
    return words.done_text(review, lang)


async def chart_photo(review: ReviewView, lang: Language) -> tuple[bytes, str]:
    """The evaluation chart (drawn in a thread) and its caption."""
    png = await asyncio.to_thread(evaluation_chart, words.chart_view(review, lang))
    return png, chart_caption(review, lang)


def mistake_caption(review: ReviewView, ply: int, lang: Language) -> str:
    """A mistake's photo caption (plain): whose it is, then the review's line ("Anna · Move 41 · 12-7 lost 4 dots:
    13-8 captures 3")."""
    move = review.move(ply)
    assert move is not None
    return f"{words.player_text(review, move.colour, lang)} · {words.mistake_caption(review, move, lang)}"


async def mistake_photos(review: ReviewView, lang: Language, painter: Painter) -> list[tuple[bytes, str]]:
    """Each player's biggest mistakes as board pictures with captions, in the order played: the views made in a
    thread (each replays the game), the pictures drawn by the bot's ``painter`` as every board is."""
    moves = words.mistakes(review)
    views = await asyncio.to_thread(lambda: [words.mistake_view(review, move, lang) for move in moves])
    return [
        (await painter.png(view, crop=mistake_window(view)), html.escape(mistake_caption(review, move.ply, lang)))
        for view, move in zip(views, moves, strict=True)
    ]


def file_name(review: ReviewView) -> str:
    """The annotated SGF's file name: ``review-12.sgf``, ``review-record-3.sgf``."""
    return f"review-{review.ref}.sgf" if review.subject == "game" else f"review-record-{review.ref}.sgf"


def sgf_caption(review: ReviewView, lang: Language) -> str:
    """The annotated SGF's caption."""
    return t(lang, "review_sgf_caption", title=html.escape(words.title(review, lang)))


__all__ = [
    "chart_caption",
    "chart_photo",
    "file_name",
    "mistake_caption",
    "mistake_photos",
    "posted_text",
    "progress_text",
    "sgf_caption",
]
