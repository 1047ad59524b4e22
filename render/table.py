"""Tables as pictures (a tournament's standings), in the look of the boards: white paper, grey rules, the header band,
the players' blue and red.

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
from .fonts import fit, font

Tone = Literal["win", "draw", "loss", "blue", "red", "self", "out"]
"""How a cell is marked: a result (win green-free: bold; draw; loss dimmed), a colour played, the diagonal of a
cross table, a player who left."""
Align = Literal["left", "center", "right"]

WIN: pal.RGB = (24, 120, 64)
LOSS: pal.RGB = (150, 154, 164)
SELF: pal.RGB = (226, 228, 234)
STRIPE: pal.RGB = (248, 249, 251)
FIRST: pal.RGB = (255, 246, 214)
"""The row of the leader (the winner, at the end)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: its text and how it is marked."""

    text: str
    tone: Tone | None = None
    bold: bool = False


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


WIDTH = 1000
ROW = 40
PAD = 16


def _colour(cell: Cell) -> pal.RGB:
    if cell.tone == "win":
        return WIN
    if cell.tone in ("loss", "out"):
        return LOSS
    if cell.tone == "blue":
        return pal.BLUE
    if cell.tone == "red":
        return pal.RED
    return pal.TEXT


def _widths(view: TableView, size: int, width: int) -> list[int]:
    """Column widths: every column as wide as its widest text, the names' column taking what is left."""
    heads = view.heads
    need = []
    for c, head in enumerate(heads):
        texts = [head] + [row[c].text for row in view.rows]
        need.append(max(int(font(size, True).getlength(t)) for t in texts) + PAD)
    name = 1 if len(heads) > 1 else 0
    rest = sum(w for i, w in enumerate(need) if i != name)
    need[name] = max(120, width - 2 * PAD - rest)
    return need


def render_table(view: TableView, width: int = WIDTH) -> Image.Image:
    """Draw ``view``; as wide as ``width`` at least (wider when the columns need it)."""
    size = 20
    title_size, sub_size = 28, 18
    widths = _widths(view, size, width)
    width = max(width, sum(widths) + 2 * PAD)
    header = PAD + title_size + 8 + sub_size + PAD
    footer = (sub_size + 2 * PAD) if view.footer else PAD
    height = header + ROW * (len(view.rows) + 1) + footer
    image = Image.new("RGB", (width, height), pal.PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, header), fill=pal.HEADER)
    draw.text(
        (PAD, PAD), fit(view.title, title_size, width - 2 * PAD, True), font=font(title_size, True), fill=pal.TEXT
    )
    draw.text(
        (PAD, PAD + title_size + 8), fit(view.subtitle, sub_size, width - 2 * PAD), font=font(sub_size), fill=pal.LABEL
    )
    aligns = list(view.aligns) or ["center"] * len(view.heads)
    if not view.aligns and len(aligns) > 1:
        aligns[1] = "left"
    y = header
    for r, cells in enumerate([tuple(Cell(h, bold=True) for h in view.heads), *view.rows]):
        top = y + r * ROW
        if r > 0:
            fill = FIRST if view.leader and r == 1 else (STRIPE if r % 2 == 0 else pal.PAPER)
            draw.rectangle((0, top, width, top + ROW), fill=fill)
        x = PAD
        for c, cell in enumerate(cells):
            w = widths[c]
            if cell.tone == "self":
                draw.rectangle((x + 2, top + 4, x + w - 2, top + ROW - 4), fill=SELF)
            bold = cell.bold or r == 0 or cell.tone == "win"
            face = font(size, bold)
            text = fit(cell.text, size, w - 8, bold)
            length = face.getlength(text)
            align = aligns[c] if c < len(aligns) else "center"
            tx = x + 4 if align == "left" else x + w - 4 - length if align == "right" else x + (w - length) / 2
            fg = pal.LABEL if r == 0 else _colour(cell)
            draw.text((tx, top + ROW / 2), text, font=face, fill=fg, anchor="lm")
            x += w
        draw.line((0, top + ROW, width, top + ROW), fill=pal.GRID, width=1)
    draw.line((0, header + ROW, width, header + ROW), fill=pal.GRID_FIVE, width=2)
    if view.footer:
        draw.text(
            (PAD, height - PAD - sub_size),
            fit(view.footer, sub_size, width - 2 * PAD),
            font=font(sub_size),
            fill=pal.LABEL,
        )
    return image


def render_table_png(view: TableView, width: int = WIDTH) -> bytes:
    """``render_table`` as PNG bytes."""
    buffer = io.BytesIO()
    render_table(view, width).save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()
