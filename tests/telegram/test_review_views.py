"""``tochki_bot.telegram.review_views``: a done review as the pictures to draw and their captions, tested directly
on reviews made without a service (the review desk, which draws and sends them, is tested through the bot in
``test_review.py``)."""

from __future__ import annotations

from render.review import mistake_window
from tests.support.reviews import long_review, missed_capture_game, review_of
from tochki_bot.ai.review import MoveReview
from tochki_bot.telegram.review_views import (
    chart_spec,
    file_name,
    mistake_caption,
    mistake_specs,
    posted_text,
    sgf_caption,
)
from tochki_bot.wording import reviews as words


def test_the_chart_is_the_reviews_chart_with_the_players_numbers_under_it() -> None:
    review = long_review(90)
    chart = chart_spec(review, "en")
    assert chart.picture == words.chart_view(review, "en")
    assert chart.caption == words.done_text(review, "en")
    assert chart.caption.splitlines()[1].startswith("Митрандир: ")


def test_the_mistakes_in_the_order_played_each_cropped_around_its_marks() -> None:
    review = long_review(90)
    specs = mistake_specs(review, "en")
    moves = words.mistakes(review)
    assert len(specs) == len(moves) > 1
    for spec, move in zip(specs, moves, strict=True):
        assert [mark.kind for mark in spec.picture.marks] == ["played", "better"]
        assert spec.crop is not None and spec.crop == mistake_window(spec.picture)  # 39x32: cropped
        assert spec.caption == mistake_caption(review, move.ply, "en")  # nothing to escape in these names
    assert [int(s.caption.split("Move ")[1].split(" ")[0]) for s in specs] == sorted(m.ply for m in moves)


def test_a_small_boards_mistake_is_shown_whole_and_its_caption_escaped() -> None:
    game = missed_capture_game()
    missed = MoveReview(7, "blue", "1-1", "5-4", 3.0, 0.0, 200, 3)
    review = review_of(game, [missed], blue="<Anna>")
    (spec,) = mistake_specs(review, "en")
    assert spec.crop is None
    assert spec.caption.startswith("&lt;Anna&gt; · Move 7 · 1-1 lost 3 dots")


def test_the_other_texts() -> None:
    review = long_review(90)
    assert posted_text(review, "en") == "🔎 Review of game #12: done ↓"
    assert file_name(review) == "review-12.sgf"
    assert file_name(review_of(missed_capture_game(), [], ref=3, subject="import")) == "review-record-3.sgf"
    assert sgf_caption(review, "en").startswith("Review of game #12: the annotated SGF")
