"""The review's pictures: the evaluation chart (sizes, the tints above and below zero, the line's colours, the
mistakes' dots) and a mistake's board (the marks where they belong, the window around them on a large board)."""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pytest
from PIL import Image

from render import STANDARD, BoardView, Window, empty_view, layout, render_image
from render import palette as pal
from render.board import mark_shape
from render.fonts import has_glyph
from render.review import (
    CROP,
    HEIGHT,
    WIDTH,
    ChartMark,
    EvaluationView,
    chart_layout,
    evaluation_chart,
    evaluation_image,
    mistake_window,
    render_mistake,
)
from render.view import Mark
from tests.support.reviews import long_review, missed_capture_game, review_of
from tochki_bot.ai.review import MoveReview
from tochki_bot.i18n import LANGUAGES, Language
from tochki_bot.pictures import board_view
from tochki_bot.wording.reviews import chart_view, mistake_view, mistakes

PHONE = 400
"""How wide a phone shows a photo in a chat."""


def rgb(image: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel((round(xy[0]), round(xy[1])))  # type: ignore[return-value]


def near(colour: tuple[int, int, int], want: pal.RGB, slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, want, strict=True))


def swing() -> EvaluationView:
    """Blue 5 dots ahead for 40 moves, then red 5 dots ahead for 40; blue blunders at 41, red errs at 60."""
    points = tuple((ply, 5.0 if ply <= 40 else -5.0) for ply in range(1, 81))
    marks = (ChartMark(41, "blue", 10.0, True), ChartMark(60, "red", 1.5, False))
    return EvaluationView("Game #12 · review", points, marks, "Anna", "Bob", "0.8 dots lost a move", "0.1", total=80)


def test_the_chart_is_a_png_sized_for_a_telegram_photo() -> None:
    data = evaluation_chart(swing())
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    assert max(image.size) <= 1280


def test_above_zero_is_blue_below_zero_red_and_the_line_takes_the_side_ahead() -> None:
    view = swing()
    image = evaluation_image(view)
    lay = chart_layout(view)
    # Between the curve and zero: tinted blue while blue leads, red while red leads.
    assert rgb(image, lay.at(17, 2.5)) == pal.BLUE_TINT
    assert rgb(image, lay.at(63, -2.5)) == pal.RED_TINT
    # Beyond the curve (further from zero than the value): white paper.
    assert rgb(image, lay.at(17, -2.5)) == pal.PAPER
    assert rgb(image, lay.at(63, 2.5)) == pal.PAPER
    # The line itself.
    assert near(rgb(image, lay.at(17, 5.0)), pal.BLUE)
    assert near(rgb(image, lay.at(63, -5.0)), pal.RED)
    # The zero line is drawn across.
    assert near(rgb(image, lay.at(33, 0.0)), pal.GRID_FIVE, 30)


def test_the_mistakes_are_dots_on_the_curve_bigger_for_blunders() -> None:
    view = swing()
    image = evaluation_image(view)
    lay = chart_layout(view)
    blunder, mistake = lay.at(41, -5.0), lay.at(60, -5.0)
    assert near(rgb(image, blunder), pal.BLUE)  # on a red line: blue's own blunder
    assert near(rgb(image, mistake), pal.RED)
    reach = 8.5 * WIDTH / WIDTH  # between the mistake's radius (6.5) and the blunder's (10)
    assert near(rgb(image, (blunder[0], blunder[1] - reach)), pal.BLUE)
    assert not near(rgb(image, (mistake[0], mistake[1] - reach)), pal.RED)
    # Without the marks those pixels are the line's or the paper's, not blue.
    plain = evaluation_image(dataclasses.replace(view, marks=()))
    assert near(rgb(plain, blunder), pal.RED)


def test_the_biggest_mistakes_are_labelled_with_their_move_number() -> None:
    view = swing()
    lay = chart_layout(view)
    marked = np.asarray(evaluation_image(view)).astype(int)
    bare = np.asarray(evaluation_image(dataclasses.replace(view, marks=()))).astype(int)
    changed = np.argwhere(np.abs(marked - bare).sum(axis=2) > 60)
    for ply, blunder in ((41, True), (60, False)):
        x, y = lay.at(ply, -5.0)
        dot = (10.0 if blunder else 6.5) + 4
        near_it = changed[(abs(changed[:, 1] - x) < 40) & (abs(changed[:, 0] - y) < 60)]
        beyond = np.hypot(near_it[:, 1] - x, near_it[:, 0] - y) > dot
        assert beyond.sum() > 30, ply  # ink beside the dot: the move number


@pytest.mark.parametrize("points", [(), ((1, 0.0),), ((1, -3.0),)])
def test_an_empty_or_one_move_review_still_draws(points: tuple[tuple[int, float], ...]) -> None:
    view = EvaluationView("Game #3 · review", points, total=len(points))
    image = evaluation_image(view)
    assert image.size == (WIDTH, HEIGHT)
    lay = chart_layout(view)
    plot = np.asarray(image.crop((lay.left + 80, lay.top + 4, lay.right - 4, lay.bottom - 4))).reshape(-1, 3)
    colours = {tuple(c) for c in plot}
    if not points:
        assert pal.BLUE not in colours and pal.RED not in colours  # no curve at all
    else:
        x, y = lay.at(*points[0])
        assert near(rgb(image, (x, y)), pal.RED if points[0][1] < 0 else pal.BLUE)


def test_a_long_39x32_game_of_250_moves_reads_on_a_phone() -> None:
    review = long_review(250)
    view = chart_view(review, "en")
    assert len(view.points) == 250 and view.total == 250
    image = evaluation_image(view)
    lay = chart_layout(view)
    assert lay.moves == 250 and lay.x_of(250) == lay.right
    # The last move is on the right edge of the plot; the curve covers the width.
    assert image.size == (WIDTH, HEIGHT)
    small = image.resize((PHONE, round(PHONE * HEIGHT / WIDTH)), Image.Resampling.LANCZOS)
    assert small.size == (PHONE, 250)
    # Every blunder has its dot (blue's or red's) on the curve.
    for mark in view.marks:
        value = dict(view.points)[mark.ply]
        assert near(rgb(image, lay.at(mark.ply, value)), pal.COLOUR[mark.side], 40), mark


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_languages_labels_are_drawn_with_the_shipped_fonts(lang: Language) -> None:
    review = long_review(60)
    view = chart_view(review, lang)
    texts = (view.title, view.blue_name, view.red_name, view.blue_line, view.red_line, view.x_caption, view.y_caption)
    assert all(has_glyph(ch) for text in texts for ch in text), [ch for t in texts for ch in t if not has_glyph(ch)]
    drawn = np.asarray(evaluation_image(view)).astype(int)
    blank = np.asarray(evaluation_image(dataclasses.replace(view, blue_line="", red_line="", title=""))).astype(int)
    lay = chart_layout(view)
    header_changed = np.abs(drawn[: lay.header] - blank[: lay.header]).sum()
    assert header_changed > 0
    if lang in ("ru", "uk"):
        assert any("\u0400" <= ch <= "\u04ff" for ch in view.title + view.blue_line)
    if lang == "pl":
        assert any(ch in "ąćęłńóśźż" for ch in view.red_name + view.blue_line)


# ------------------------------------------------------------------------------------------------------------------
# Marks on boards


def marked_view() -> tuple[BoardView, BoardView]:
    base = empty_view(10, 10, blue_name="A", red_name="B")
    marked = dataclasses.replace(base, marks=(Mark((3, 4), "played", "red"), Mark((7, 7), "better", "red")))
    return base, marked


def test_marks_are_drawn_where_they_belong_and_nowhere_else() -> None:
    base, marked = marked_view()
    lay = layout(10, 10, None, STANDARD)
    plain = np.asarray(render_image(base).convert("RGB")).astype(int)
    image = render_image(marked)
    drawn = np.asarray(image.convert("RGB")).astype(int)
    outer, thick, reach = mark_shape(lay)
    for (x, y), colour in (((3, 4), pal.RED), ((7, 7), pal.GOOD)):
        px, py = lay.px(x, y)
        ring = outer - thick / 2
        assert rgb(image, (px + ring, py)) == colour and rgb(image, (px, py - ring)) == colour
    # The cross of the move played crosses at the point; the tick of the better move passes below its centre.
    assert rgb(image, lay.px(3, 4)) == pal.RED
    px, py = lay.px(7, 7)
    assert rgb(image, (px - 0.2 * reach, py + 0.55 * reach)) == pal.GOOD
    # Every changed pixel is in a mark's ring, or on the coordinates of a mark (highlighted on the edges).
    changed = np.argwhere(np.abs(drawn - plain).sum(axis=2) > 0)
    marks = [lay.px(3, 4), lay.px(7, 7)]
    for row, col in changed:
        in_ring = any(abs(col - mx) <= outer + 3 and abs(row - my) <= outer + 3 for mx, my in marks)
        on_edge = (
            any(abs(col - mx) <= lay.cell / 2 for mx, _ in marks) and not lay.top - 4 <= row <= lay.px(1, 1)[1] + 4
        ) or (any(abs(row - my) <= lay.cell / 2 for _, my in marks) and not lay.left - 4 <= col <= lay.px(10, 1)[0] + 4)
        assert in_ring or on_edge, (row, col)


def test_the_marks_coordinates_are_highlighted_in_their_colours() -> None:
    _, marked = marked_view()
    lay = layout(10, 10, None, STANDARD)
    image = render_image(marked)
    boxes = {(kind, value): box for kind, value, box in lay.label_boxes()}
    # Some pixel of the pill around x = 3 is red, around y = 7 green.
    for key, colour in ((("x", 3), pal.RED), (("y", 7), pal.GOOD)):
        x0, y0, x1, y1 = boxes[key]
        pill = np.asarray(image.convert("RGB").crop((x0 - 3, y0 - 3, x1 + 4, y1 + 4))).reshape(-1, 3)
        assert any(tuple(c) == colour for c in pill), key


def test_a_mistake_on_a_small_board_shows_the_whole_board() -> None:
    game = missed_capture_game()
    review = review_of(game, [])
    move = MoveReview(7, "blue", "1-1", "5-4", 1.0, 0.0)
    view = mistake_view(review, move, "en")
    assert mistake_window(view) is None
    image = Image.open(io.BytesIO(render_mistake(view)))
    lay = layout(10, 10, None, STANDARD)
    assert image.size == (lay.width, lay.height)
    outer, thick, _ = mark_shape(lay)
    px, py = lay.px(5, 4)
    assert rgb(image, (px + outer - thick / 2, py)) == pal.GOOD


def test_a_mistake_on_a_39x32_board_shows_the_window_around_its_marks() -> None:
    review = long_review(250)
    worst = mistakes(review)
    assert worst
    for move in worst:
        view = mistake_view(review, move, "ru")
        window = mistake_window(view)
        assert window is not None
        assert window.x1 - window.x0 + 1 >= CROP[0] and window.y1 - window.y0 + 1 >= CROP[1]
        assert window.x0 >= 1 and window.x1 <= 39 and window.y0 >= 1 and window.y1 <= 32
        for mark in view.marks:
            x, y = mark.point
            assert window.x0 < x < window.x1 or x in (1, 39)
            assert window.y0 < y < window.y1 or y in (1, 32)
        image = Image.open(io.BytesIO(render_mistake(view)))
        assert max(image.size) <= STANDARD
        lay = layout(39, 32, window, STANDARD)
        assert image.size == (lay.width, lay.height)
        # On a phone a cell is still large: about 25 pixels.
        assert lay.cell * PHONE / lay.width > 20
        outer, thick, _ = mark_shape(lay)
        for mark in view.marks:
            px, py = lay.px(*mark.point)
            want = pal.GOOD if mark.kind == "better" else pal.COLOUR[mark.side]
            assert rgb(image, (px, py - (outer - thick / 2))) == want, mark


def test_far_apart_marks_get_a_window_holding_both() -> None:
    view = dataclasses.replace(
        empty_view(39, 32), marks=(Mark((3, 3), "played", "blue"), Mark((30, 5), "better", "blue"))
    )
    window = mistake_window(view)
    assert window is not None and window.x0 == 1 and window.x1 >= 32 and window.y0 == 1
    corner = dataclasses.replace(empty_view(39, 32), marks=(Mark((39, 32), "played", "red"),))
    assert mistake_window(corner) == Window(25, 20, 39, 32)
    assert mistake_window(empty_view(39, 32)) is None  # nothing marked: the whole board
    assert mistake_window(dataclasses.replace(empty_view(15, 15), marks=corner.marks)) is None


def test_a_mark_over_a_dot_draws_its_sign_in_white_on_the_dot() -> None:
    game = missed_capture_game()
    view = dataclasses.replace(board_view(game), marks=(Mark((5, 4), "played", "blue"),))  # 5-4 is blue's dot
    lay = layout(10, 10, None, STANDARD)
    image = render_image(view)
    _, _, reach = mark_shape(lay)
    px, py = lay.px(5, 4)
    assert rgb(image, (px, py)) == pal.MARK  # where the cross's strokes meet
    assert rgb(image, (px + 0.5 * reach, py)) == pal.BLUE  # the dot between its arms
