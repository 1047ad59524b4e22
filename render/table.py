"""Tables as pictures (a tournament's standings), in the look of the boards: white paper, grey rules, the header band,
the players' blue and red.

Made to be read on a phone, where Telegram shows a picture as wide as the screen: the table is only as wide as its
columns need (the names' column as wide as the longest name, up to a cap), never narrower than ``MIN_WIDTH``, in
large type; the title (made a little smaller first) and the footer wrap rather than widen it. A result is coloured
by what it was (a win green and bold, a draw amber, a loss grey); the colour a game was played with is a small blue
or red dot before it.

>>> from render.table import Cell, TableView, render_table_png
>>> view = TableView("Tournament #1", "after round 1", ("#", "Player", "Pts"), ((Cell("1"), Cell("Anna"), Cell("1")),))
>>> render_table_png(view)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageDraw

from . import palette as pal
from .fonts import drawable, fit, font

Tone = Literal["win", "draw", "loss", "self", "out"]
"""How a cell is marked: a result (a win green and bold, a draw amber, a loss grey), the diagonal of a cross table, a
player who left (grey)."""
Dot = Literal["blue", "red"]
"""The colour a game was played with, drawn as a small dot before the cell's text."""
Align = Literal["left", "center", "right"]

WIN: pal.RGB = (20, 128, 60)
DRAW: pal.RGB = (176, 108, 0)
LOSS: pal.RGB = (122, 126, 138)
SELF: pal.RGB = (226, 228, 234)
STRIPE: pal.RGB = (246, 247, 250)
FIRST: pal.RGB = (255, 244, 204)
"""The row of the leader (the winner, at the end)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: its text, how it is marked, and the colour played (a dot before the text)."""

    text: str
    tone: Tone | None = None
    bold: bool = False
    dot: Dot | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """What a table picture shows: a title and a line under it, the column heads, the rows (each as many cells as
    there are heads), and a footer line (what the tie-breaks are). ``aligns`` per column (default: the second
    column, the names, to the left; the others centred); ``leader`` marks the first row."""

    title: str
    subtitle: str
    heads: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    footer: str = ""
    aligns: tuple[Align, ...] = field(default=())
    leader: bool = False


MIN_WIDTH = 560
"""The narrowest picture: a small table still gets a readable title, and a phone does not blow it up."""
NAME_MAX = 380
"""The names' column at most (a longer name is cut with an ellipsis)."""
SIZE = 28
TITLE_SIZE = 36
SUB_SIZE = 24
FOOTER_SIZE = 24
ROW = 54
PAD = 20
"""The margin around the table, the header and the footer."""
GAP = 24
"""The room a column has beside its widest text (half on each side)."""
DOT = 14
"""The diameter of a colour-played dot; ``DOT_GAP`` between it and the text."""
DOT_GAP = 6
LINE_GAP = 6
"""Between the wrapped lines of a title or footer."""


def _colour(cell: Cell) -> pal.RGB:
    if cell.tone == "win":
        return WIN
    if cell.tone == "draw":
        return DRAW
    if cell.tone in ("loss", "out"):
        return LOSS
    return pal.TEXT


def _bold(cell: Cell, head: bool) -> bool:
    return head or cell.bold or cell.tone == "win"


def _text_width(cell: Cell, head: bool = False) -> float:
    length = font(SIZE, _bold(cell, head)).getlength(drawable(cell.text))
    return length + (DOT + DOT_GAP if cell.dot else 0)


def _widths(view: TableView, aligns: list[Align], least: int) -> list[int]:
    """Column widths: every column as wide as its widest text (the names' column at most ``NAME_MAX``); when that is
    narrower than ``least``, the room left is shared by the columns."""
    need = []
    for c, head in enumerate(view.heads):
        widest = max([_text_width(Cell(head), True)] + [_text_width(row[c]) for row in view.rows])
        width = int(widest + 0.999) + GAP
        if aligns[c] == "left":
            width = min(width, NAME_MAX)
        need.append(width)
    spare = least - 2 * PAD - sum(need)
    if spare > 0 and need:
        share, rest = divmod(spare, len(need))
        need = [w + share + (1 if c < rest else 0) for c, w in enumerate(need)]
    return need


def _wrap(text: str, size: int, width: int, bold: bool = False, lines: int = 0) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` pixels wide (``lines``: at most so many, the last one cut
    with an ellipsis)."""
    face = font(size, bold)
    out: list[str] = []
    line = ""
    for word in drawable(text).split(" "):
        trial = f"{line} {word}" if line else word
        if line and face.getlength(trial) > width:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    if lines and len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    return [fit(piece, size, width, bold) for piece in out]


def render_table(view: TableView, width: int = MIN_WIDTH) -> Image.Image:
    """Draw ``view``: as wide as its columns need, ``width`` at least."""
    center: Align = "center"
    aligns: list[Align] = list(view.aligns) or [center] * len(view.heads)
    if not view.aligns and len(aligns) > 1:
        aligns[1] = "left"
    while len(aligns) < len(view.heads):
        aligns.append(center)
    widths = _widths(view, aligns, width)
    width = max(width, sum(widths) + 2 * PAD)
    inner = width - 2 * PAD
    title_size = next(
        (z for z in range(TITLE_SIZE, SIZE - 1, -2) if font(z, True).getlength(drawable(view.title)) <= inner), SIZE
    )
    title = _wrap(view.title, title_size, inner, True, lines=2)
    subtitle = _wrap(view.subtitle, SUB_SIZE, inner, lines=2) if view.subtitle else []
    footer = _wrap(view.footer, FOOTER_SIZE, inner) if view.footer else []
    header = PAD + len(title) * (title_size + LINE_GAP) + len(subtitle) * (SUB_SIZE + LINE_GAP) + PAD
    bottom = (PAD + len(footer) * (FOOTER_SIZE + LINE_GAP) + PAD) if footer else PAD
    top = header
    height = top + ROW * (len(view.rows) + 1) + bottom
    image = Image.new("RGB", (width, height), pal.PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, header), fill=pal.HEADER)
    y = PAD
    for line in title:
        draw.text((PAD, y), line, font=font(title_size, True), fill=pal.TEXT)
        y += title_size + LINE_GAP
    for line in subtitle:
        draw.text((PAD, y), line, font=font(SUB_SIZE), fill=pal.LABEL)
        y += SUB_SIZE + LINE_GAP
    for r, cells in enumerate([tuple(Cell(h) for h in view.heads), *view.rows]):
        row_top = top + r * ROW
        if r > 0:
            fill = FIRST if view.leader and r == 1 else (STRIPE if r % 2 == 0 else pal.PAPER)
            draw.rectangle((0, row_top, width, row_top + ROW), fill=fill)
        x = PAD
        middle = row_top + ROW / 2
        for c, cell in enumerate(cells):
            w = widths[c]
            if cell.tone == "self":
                draw.rectangle((x + 3, row_top + 6, x + w - 3, row_top + ROW - 6), fill=SELF)
            bold = _bold(cell, r == 0)
            face = font(SIZE, bold)
            dot = DOT + DOT_GAP if cell.dot else 0
            text = fit(cell.text, SIZE, w - GAP // 2 - dot, bold)
            length = face.getlength(text) + dot
            align = aligns[c]
            if align == "left":
                left = x + GAP / 2
            elif align == "right":
                left = x + w - GAP / 2 - length
            else:
                left = x + (w - length) / 2
            if cell.dot:
                colour = pal.COLOUR[cell.dot]
                draw.ellipse((left, middle - DOT / 2, left + DOT, middle + DOT / 2), fill=colour)
            fg = pal.LABEL if r == 0 else _colour(cell)
            draw.text((left + dot, middle), text, font=face, fill=fg, anchor="lm")
            x += w
        draw.line((0, row_top + ROW, width, row_top + ROW), fill=pal.GRID, width=1)
    draw.line((0, top + ROW, width, top + ROW), fill=pal.GRID_FIVE, width=2)
    y = height - PAD - len(footer) * (FOOTER_SIZE + LINE_GAP) + LINE_GAP
    for line in footer:
        draw.text((PAD, y), line, font=font(FOOTER_SIZE), fill=pal.LABEL)
        y += FOOTER_SIZE + LINE_GAP
    return image


def render_table_png(view: TableView, width: int = MIN_WIDTH) -> bytes:
    """``render_table`` as PNG bytes."""
    buffer = io.BytesIO()
    render_table(view, width).save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()
