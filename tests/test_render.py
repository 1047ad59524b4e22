"""Board pictures, checked pixel by pixel on small boards."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import HD, STANDARD, BoardView, RingView, Window, empty_view, layout, render_image, render_png
from render import palette as pal
from tochki_bot.engine import Game, parse_point
from tochki_bot.pictures import board_view


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
    # The last move (5-6) has a white centre; what it captured has a halo in blue.
    assert rgb(image, lay.px(5, 6)) == pal.MARK
    radius = lay.dot_radius + lay.line_width * 0.8 - lay.line_width * 0.55 / 2  # the middle of the halo line
    assert rgb(image, (cx, round(cy - radius))) == pal.BLUE


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
