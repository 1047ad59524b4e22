"""Board pictures, checked pixel by pixel on small boards."""

from __future__ import annotations

import dataclasses
import io
import itertools

import numpy as np
import pytest
from PIL import Image

from render import HD, STANDARD, BoardView, Layout, RingView, Window, empty_view, layout, render_image, render_png
from render import palette as pal
from render.board import last_ring
from tochki_bot.engine import Game, parse_point
from tochki_bot.pictures import board_view

PHONE = 400
"""How wide a phone shows a photo in a chat, in pixels."""


def rgb(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel(xy)  # type: ignore[return-value]


def captured_game() -> Game:
    """Blue captures red 5-5 with a diamond on 10x10; the area is then {5-5} with ring 4-5, 5-4, 6-5, 5-6."""
    game = Game(10, 10, "empty")
    for move in "4-5 5-5 6-5 1-10 5-4 3-10 5-6".split():
        game.play(*parse_point(move))
    return game


def test_png_is_a_palette_png() -> None:
    data = render_png(empty_view(10, 10))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P"


def test_colours_at_dots_areas_rings_and_grid() -> None:
    game = captured_game()
    view = board_view(game, blue="A", red="B")
    image = render_image(view)
    lay = layout(10, 10, None, STANDARD)
    # A blue dot in play, and the red dot in play on the edge.
    assert rgb(image, lay.px(4, 5)) == pal.BLUE
    assert rgb(image, lay.px(1, 10)) == pal.RED
    # The captured red dot is dimmed; the area around it is tinted blue.
    assert rgb(image, lay.px(5, 5)) == pal.RED_DIM
    cx, cy = lay.px(5, 5)
    assert rgb(image, (cx + round(lay.cell * 0.42), cy + round(lay.cell * 0.2))) == pal.BLUE_TINT
    # Halfway along a link of the chain (4-5 to 5-4): the chain's colour.
    assert rgb(image, lay.px(4.5, 4.5)) == pal.BLUE
    # A grid crossing with no dot: grey. Between grid lines: white.
    assert rgb(image, lay.px(8, 3)) == pal.GRID
    assert rgb(image, lay.px(8.5, 3.5)) == pal.PAPER
    # The last move (5-6) has a white centre; what it captured has a thin halo in blue.
    assert rgb(image, lay.px(5, 6)) == pal.MARK
    radius = lay.dot_radius + lay.line_width * 0.8 - lay.line_width * 0.55 / 2  # the middle of the halo line
    assert rgb(image, (cx, round(cy - radius))) == pal.BLUE


Box = tuple[int, int, int, int]


def ink(image: Image.Image, box: Box, background: tuple[int, int, int]) -> Box:
    """The bounding box (inclusive) of the pixels inside ``box`` (inclusive) that are not ``background``."""
    x0, y0, x1, y1 = box
    part = np.asarray(image.convert("RGB").crop((x0, y0, x1 + 1, y1 + 1)))
    ys, xs = np.nonzero((part != background).any(axis=2))
    assert xs.size, "no ink"
    return x0 + int(xs.min()), y0 + int(ys.min()), x0 + int(xs.max()), y0 + int(ys.max())


@pytest.mark.parametrize("size", [(39, 32), (30, 30), (25, 25), (20, 20)])
def test_coordinates_are_readable_on_a_phone(size: tuple[int, int]) -> None:
    lay = layout(*size, None, STANDARD)
    image = render_image(empty_view(*size))
    to_phone = PHONE / lay.width
    boxes = lay.label_boxes()
    assert len(boxes) == 2 * (size[0] + size[1])  # on all four edges
    for kind, value, box in boxes:
        # The digits are drawn where the layout says, and they are tall enough to read 400 pixels wide (the old
        # labels were 3 pixels tall there).
        x0, y0, x1, y1 = ink(image, (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), pal.PAPER)
        assert box[0] <= x0 and box[1] <= y0 and x1 <= box[2] and y1 <= box[3], (kind, value)
        assert (y1 - y0 + 1) * to_phone >= 5.2, (kind, value)
    # Two-digit numbers fit their column: neighbouring x labels keep at least 3 pixels apart.
    top = sorted(box for kind, _, box in boxes if kind == "x" and box[1] < lay.top)
    assert all(b[0] - a[2] >= 3 for a, b in itertools.pairwise(top))
    # And the board keeps its size: cells of a sports board are as large as before the labels grew.
    if size == (39, 32):
        assert lay.cell >= 31
    # Names and score read about 11 pixels tall on the phone.
    assert lay.name * to_phone >= 10.5


def test_every_fifth_coordinate_and_line_stands_out() -> None:
    lay = layout(39, 32, None, STANDARD)
    image = render_image(empty_view(39, 32))
    colours = {(kind, value): ink_colours(image, box) for kind, value, box in lay.label_boxes()}
    assert pal.TEXT in colours[("x", 10)] and pal.TEXT not in colours[("x", 11)]
    assert pal.LABEL in colours[("y", 11)]
    assert rgb(image, lay.px(10, 3.5)) == pal.GRID_FIVE and rgb(image, lay.px(11, 3.5)) == pal.GRID
    assert rgb(image, lay.px(3.5, 5)) == pal.GRID_FIVE and rgb(image, lay.px(3.5, 6)) == pal.GRID


def ink_colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    part = image.convert("RGB").crop((box[0], box[1], box[2] + 1, box[3] + 1))
    colours = part.getcolors(10_000)
    assert colours is not None
    return {(c[0], c[1], c[2]) for _, c in colours if isinstance(c, tuple)}


@pytest.mark.parametrize("moves", ["4-5 5-5 6-5 1-10 5-4 3-10 5-6", "5-5 4-5 1-1 6-5 1-3 5-4 1-5 5-6"])
def test_last_move_has_a_ring_beyond_the_dot(moves: str) -> None:
    game = Game(10, 10, "empty")
    for move in moves.split():
        game.play(*parse_point(move))
    last = game.last_move
    assert last is not None and last.point is not None
    colour, (x, y) = last.colour, last.point
    lay = layout(10, 10, None, STANDARD)
    image = render_image(board_view(game))
    cx, cy = lay.px(x, y)
    outer, width = last_ring(lay)
    middle = outer - width / 2
    assert middle > lay.dot_radius + width / 2  # the ring is outside the dot, with a gap
    # Straight up (no link there) and on the diagonals the ring is dark; the dot itself keeps its colour.
    for dx, dy in [(0, -1), (0.7071, -0.7071), (-0.7071, -0.7071)]:
        assert rgb(image, (round(cx + dx * middle), round(cy + dy * middle))) == pal.RING
    assert rgb(image, (cx, round(cy - lay.dot_radius * 0.7))) == pal.COLOUR[colour]
    # Between the ring and the neighbouring point above there is still field: the ring keeps clear of dots.
    assert rgb(image, (cx, round(cy - (outer + lay.cell - lay.dot_radius) / 2))) in (pal.PAPER, pal.GRID_FIVE)
    # Its coordinates are on pills of the mover's colour on all four edges.
    for kind, value, (x0, y0, x1, y1) in lay.label_boxes():
        if value == (x if kind == "x" else y):
            colours = ink_colours(image, (x0, y0, x1, y1))
            assert pal.COLOUR[colour] in colours and pal.MARK in colours
    plain = render_image(dataclasses.replace(board_view(game), label_marks=False))
    for kind, value, box in lay.label_boxes():
        if value == (x if kind == "x" else y):
            assert pal.COLOUR[colour] not in ink_colours(plain, box)


@pytest.mark.parametrize("size", [(10, 10), (20, 20), (39, 32), (60, 60)])
def test_last_move_ring_keeps_clear_of_the_neighbours(size: tuple[int, int]) -> None:
    for lay in (layout(*size, None, STANDARD), layout(*size, None, HD), layout(*size, Window(1, 1, 8, 8), 800)):
        outer, width = last_ring(lay)
        assert outer <= lay.cell - lay.dot_radius - 1.5  # a neighbouring dot is at least 1.5 pixels away
        assert width >= 2 and outer - width > lay.dot_radius + 1


def test_fresh_captures_and_last_move_are_told_apart() -> None:
    game = captured_game()
    lay = layout(10, 10, None, STANDARD)
    image = render_image(board_view(game))
    cx, cy = lay.px(5, 5)  # captured: a thin ring in the captor's colour
    halo = lay.dot_radius + lay.line_width * 0.8 - lay.line_width * 0.55 / 2
    assert rgb(image, (cx, round(cy - halo))) == pal.BLUE
    assert rgb(image, (cx, round(cy - last_ring(lay)[0] + last_ring(lay)[1] / 2))) != pal.RING
    assert pal.RING not in (pal.BLUE, pal.RED, pal.BLUE_DIM, pal.RED_DIM)


def window_pixels(view: BoardView, window: Window, lay: Layout, crop: Window | None = None) -> np.ndarray:
    """Where the frame of ``window`` changes the picture (a boolean mask)."""
    max_side = 800 if crop is not None else STANDARD
    plain = np.asarray(render_image(view, crop=crop, max_side=max_side))
    framed = np.asarray(render_image(dataclasses.replace(view, window=window), crop=crop, max_side=max_side))
    changed: np.ndarray = plain != framed
    return changed


@pytest.mark.parametrize("size", [(39, 32), (20, 20), (10, 10)])
def test_window_frame_never_covers_a_label(size: tuple[int, int]) -> None:
    w, h = size
    lay = layout(w, h, None, STANDARD)
    view = empty_view(w, h)
    windows = [
        Window(1, 1, 8, 8),
        Window(w - 7, h - 7, w, h),
        Window(1, h - 7, 8, h),
        Window(w - 7, 1, w, 8),
        Window(10 if w > 20 else 2, 1, 17 if w > 20 else 9, 8),
        Window(2, 2, 9, 9),
    ]
    for window in windows:
        frame = window_pixels(view, window, lay)
        assert frame.any()
        for _kind, _value, (x0, y0, x1, y1) in lay.label_boxes():
            assert not frame[y0 - 1 : y1 + 2, x0 - 1 : x1 + 2].any(), (window, _kind, _value)
        # The frame surrounds the window's points: it is drawn outside the window's corner dots.
        ys, xs = np.nonzero(frame)
        left, top = lay.px(window.x0, window.y1)
        right, bottom = lay.px(window.x1, window.y0)
        assert xs.min() < left - lay.dot_radius and xs.max() > right + lay.dot_radius
        assert ys.min() < top - lay.dot_radius and ys.max() > bottom + lay.dot_radius


def test_zoomed_window_reads_well_on_a_phone() -> None:
    game = captured_game()
    window = Window(3, 3, 10, 10)
    lay = layout(10, 10, window, 800)
    image = render_image(board_view(game, blue="Алиса", red="Bob", caption="Ход 7 · 5-6"), crop=window, max_side=800)
    assert max(image.size) <= 800
    to_phone = PHONE / lay.width
    assert lay.cell * to_phone >= 35  # the whole point of zooming
    for _kind, _value, box in lay.label_boxes():
        assert (box[3] - box[1] + 1) * to_phone >= 7
    assert lay.name * to_phone >= 13 and lay.caption * to_phone >= 10
    # The last move's ring is there; it is clipped at the window's half-cell border, never over the labels.
    cx, cy = lay.px(5, 6)
    outer, width = last_ring(lay)
    assert rgb(image, (cx, round(cy - outer + width / 2))) == pal.RING


def test_the_dot_size_keeps_four_dots_on_a_cell_apart() -> None:
    for size in [(10, 10), (39, 32), (60, 60)]:
        lay = layout(*size, None, STANDARD)
        assert 2 * lay.dot_radius < lay.cell * 0.7  # 3.3: dots on one cell's corners do not touch
        game = Game(*size, "empty")
        for move in [(2, 2), (3, 2), (2, 3), (3, 3)]:
            game.play(*move)
        image = render_image(board_view(game))
        assert rgb(image, lay.px(2.5, 2)) == pal.GRID  # between two neighbouring dots: the grid shows


def test_recaptured_area_reads_as_the_later_captors() -> None:
    game = Game(10, 10, "empty")
    moves = "4-5 5-5 6-5 3-5 5-4 4-4 5-6 5-3 1-10 6-4 3-10 7-5 5-10 6-6 7-10 5-7 9-10 4-6"
    for move in moves.split():
        game.play(*parse_point(move))
    assert game.score == (0, 4)
    image = render_image(board_view(game))
    lay = layout(10, 10, None, STANDARD)
    cx, cy = lay.px(5, 5)
    inside = (cx + round(lay.cell * 0.42), cy + round(lay.cell * 0.2))
    assert rgb(image, inside) == pal.RED_TINT  # the old blue area is now red's
    assert rgb(image, lay.px(4, 5)) == pal.BLUE_DIM  # blue's former chain dots are captured
    assert rgb(image, lay.px(4.5, 4.5)) == pal.BLUE_DIM  # and the old chain is faded
    assert rgb(image, lay.px(3.5, 4.5)) == pal.RED  # red's chain 3-5 to 4-4


@pytest.mark.parametrize("size", [(10, 10), (20, 20), (25, 25), (30, 30), (39, 32), (40, 40), (60, 60), (60, 10)])
def test_sizes_fit_telegram(size: tuple[int, int]) -> None:
    image = render_image(empty_view(*size))
    assert max(image.size) <= STANDARD
    assert min(image.size) >= 250
    hd = render_image(empty_view(*size), max_side=HD)
    assert max(hd.size) <= HD and hd.size[0] > image.size[0]


def test_sports_board_cells_are_large_enough_for_a_phone() -> None:
    lay = layout(39, 32, None, STANDARD)
    assert lay.cell >= 28 and lay.label >= 11
    assert max(lay.width, lay.height) <= STANDARD


@pytest.mark.parametrize(
    "names",
    [
        ("Алиса", "Борис"),
        ("🙂🎉", "👍"),
        ("Ёжик в тумане " * 10, "x"),
        ("", ""),
        ("\u202eevil\u200b", "a\nb\tc"),
        ("中文名字", "عربي"),
    ],
)
def test_any_names_render(names: tuple[str, str]) -> None:
    view = empty_view(39, 32, blue_name=names[0], red_name=names[1], caption="Ход 1 · ✨ " + names[0], to_move="red")
    image = render_image(view)
    assert max(image.size) <= STANDARD


def test_long_names_are_shortened_inside_their_half() -> None:
    view = empty_view(10, 10, blue_name="W" * 200, red_name="M" * 200)
    image = render_image(view).convert("RGB")
    width = image.width
    # The score sits in the middle: nothing of the names may cross the centre column of the name line.
    lay = layout(10, 10, None, STANDARD)
    middle = [image.getpixel((width // 2, y)) for y in range(lay.header)]
    assert pal.TEXT in middle  # the score itself
    assert image.getpixel((width // 2 - 3, 8)) == pal.HEADER


def test_window_is_marked_and_crop_shows_only_it() -> None:
    game = captured_game()
    window = Window(3, 3, 7, 7)
    view = board_view(game, window=window)
    lay = layout(10, 10, None, STANDARD)
    image = render_image(view)
    x0, _ = lay.px(2.5, 5)
    assert rgb(image, (x0, lay.px(0, 5)[1])) == pal.WINDOW
    zoom = render_image(board_view(game), crop=window, max_side=800)
    zlay = layout(10, 10, window, 800)
    assert zlay.cell > lay.cell
    assert (zlay.x_lo, zlay.x_hi, zlay.y_lo, zlay.y_hi) == (3, 7, 3, 7)
    assert rgb(zoom, zlay.px(5, 5)) == pal.RED_DIM
    # Outside the window's half-cell border there is only field (labels live there).
    assert rgb(zoom, zlay.px(2.2, 5)) == pal.PAPER


def test_grounding_chain_is_faded() -> None:
    game = Game(10, 10, "empty")
    for move in "1-5 9-9 2-6 8-8 3-7 7-7".split():
        game.play(*parse_point(move))
    game.ground("blue")
    view = board_view(game)
    assert any(r.grounding for r in view.rings)
    image = render_image(view)
    assert rgb(image, layout(10, 10, None, STANDARD).px(2, 6)) == pal.BLUE_DIM


def test_view_is_validated() -> None:
    with pytest.raises(ValueError):
        BoardView(3, 3, ((None,) * 3,) * 2, ((None,) * 3,) * 3)
    with pytest.raises(ValueError):
        Window(5, 5, 4, 6)
    # A degenerate ring does not break drawing.
    rows = ((None,) * 5,) * 5
    render_png(BoardView(5, 5, rows, rows, rings=(RingView("blue", ((1, 1), (3, 3))), RingView("red", ()))))
