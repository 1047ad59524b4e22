"""Table pictures (a tournament's standings, ``render.table``) made to be read on a phone: as wide as their columns,
in large type, each result coloured by what it was and the colour played a dot beside it."""

from __future__ import annotations

import math

from PIL import Image

from render import palette
from render.fonts import font
from render.table import (
    DOT,
    DOT_GAP,
    DRAW,
    GAP,
    LOSS,
    MIN_WIDTH,
    NAME_MAX,
    PAD,
    ROW,
    SIZE,
    WIN,
    Cell,
    TableView,
    render_table,
)

HEADS = ("#", "Player", "R1", "R2", "R3", "Pts", "Bh", "mBh", "Games")


def swiss(names: list[str], title: str = "Tournament #1 · Swiss, 3 rounds") -> TableView:
    rows = tuple(
        (
            Cell(str(n)),
            Cell(name),
            Cell("+2", tone="win", dot="blue"),
            Cell("−3", tone="loss", dot="red"),
            Cell("=4", tone="draw", dot="blue"),
            Cell("1½", bold=True),
            Cell("5½"),
            Cell("2"),
            Cell("3"),
        )
        for n, name in enumerate(names, 1)
    )
    return TableView(title, "final standings", HEADS, rows, footer="+5 won against the 5th. " * 6, leader=True)


def colours(image: Image.Image) -> set[object]:
    """The exact colours of ``image``."""
    return {rgb for _, rgb in image.convert("RGB").getcolors(1 << 16) or []}


def natural(view: TableView, name_width: float | None = None) -> int:
    """How wide ``view`` is drawn when nothing is spread: each column its widest text (a dot and its gap included)
    and a gap; the names' column ``name_width`` when given."""
    total = 2 * PAD
    for c, head in enumerate(view.heads):
        texts = [font(SIZE, True).getlength(head)]
        for row in view.rows:
            cell = row[c]
            bold = cell.bold or cell.tone == "win"
            texts.append(font(SIZE, bold).getlength(cell.text) + (DOT + DOT_GAP if cell.dot else 0))
        total += int(name_width if c == 1 and name_width is not None else math.ceil(max(texts)) + GAP)
    return total


def test_the_table_is_as_wide_as_its_columns_and_the_names_column_as_its_longest_name() -> None:
    """The audit: a fixed 1000 px canvas whose names' column took what was left (about 40 % of it empty) made the
    type small on a phone. Now every column, the names' too, is as wide as its widest text, the picture as its
    columns."""
    view = swiss(["Anna", "Vera", "Boris", "Gleb", "Dasha"])
    image = render_table(view)
    assert image.width == natural(view) and MIN_WIDTH < image.width < 900
    # Phone-sized: scaled to 400 px wide, the cells' type is still 13 px or more.
    assert SIZE * 400 / image.width >= 13


def test_a_small_table_keeps_a_minimum_width_and_a_long_name_is_cut() -> None:
    small = TableView("#2", "", ("#", "Player", "Pts"), ((Cell("1"), Cell("Al"), Cell("1")),))
    assert natural(small) < MIN_WIDTH and render_table(small).width == MIN_WIDTH
    long = swiss(["Anna", "Александра Константинопольская-Щедрина " * 3])
    assert render_table(long).width == natural(long, name_width=NAME_MAX)


def test_a_long_title_and_footer_wrap_rather_than_widen_the_table() -> None:
    plain = render_table(swiss(["Anna", "Vera"], title="#1"))
    long = render_table(swiss(["Anna", "Vera"], title="Tournament #1 · Swiss, 3 rounds · " * 4))
    assert long.width == plain.width and long.height > plain.height


def test_marks_are_coloured_by_result_and_the_colour_played_is_a_dot() -> None:
    """The audit: a Swiss mark was drawn in the colour played, so a win played with red read like a loss. Now a win
    is green, a draw amber, a loss grey, and a small dot beside it is blue or red."""
    view = TableView(
        "#1",
        "",
        ("#", "Player", "R1", "R2", "R3"),
        (
            (
                Cell("1"),
                Cell("Anna"),
                Cell("+5", tone="win", dot="red"),
                Cell("=3", tone="draw", dot="blue"),
                Cell("−2", tone="loss", dot="red"),
            ),
        ),
    )
    image = render_table(view)
    top = image.height - PAD - ROW
    row = image.crop((0, top, image.width, top + ROW))
    found = colours(row)
    assert {WIN, DRAW, LOSS, palette.RED, palette.BLUE} <= found
    # Left to right: the win's red dot and green text, the draw's blue dot and amber text, the loss's red dot.
    xs = {c: [x for x in range(row.width) if row.getpixel((x, ROW // 2)) == c] for c in (WIN, DRAW, LOSS)}
    dots = {c: [x for x in range(row.width) if row.getpixel((x, ROW // 2)) == c] for c in (palette.RED, palette.BLUE)}
    assert min(dots[palette.RED]) < min(xs[WIN]) < min(dots[palette.BLUE]) < min(xs[DRAW])
    assert min(xs[DRAW]) < max(dots[palette.RED]) < min(xs[LOSS])
