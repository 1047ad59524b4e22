"""A game's review in pictures: the evaluation over the game (a chart), and a mistake on the board.

The chart shows the expected score difference, blue minus red in dots, after each move: the area above zero tinted
blue (blue is ahead), below zero red, the line in the colour of the side ahead; each mistake a dot on the curve in
the colour of who made it (larger for blunders), the biggest ones labelled with their move number. The header holds
the title, and per player a coloured dot, the name and the summary line. Every text comes in the reader's language.

A mistake's board is an ordinary ``BoardView`` with ``marks`` (the move played, the better move); on a large board
``render_mistake`` shows the window around the two marks, so that it reads on a phone.

>>> view = EvaluationView("Game #12 · review", ((1, 0.0), (2, 1.5), (3, -2.0)), (ChartMark(3, "blue", 3.5, True),))
>>> evaluation_chart(view)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from . import palette as pal
from .board import STANDARD, render_png
from .chart import nice_step, png_bytes, ticks
from .fonts import fit, font
from .view import BoardView, Side, Window

WIDTH, HEIGHT = 960, 600
"""The chart's size: a phone shows it about 400 pixels wide, so its numbers (24 pixels) read as 10."""
SUPERSAMPLE = 2
"""The curve, the areas and the dots are drawn this many times larger, then scaled down: smooth edges."""
LABELLED = 5
"""How many of the biggest mistakes get their move number on the chart."""
MINUS = "\u2212"


@dataclass(frozen=True, slots=True)
class ChartMark:
    """A mistake on the chart: its move number, who made it, the dots it lost and whether it is a blunder."""

    ply: int
    side: Side
    loss: float
    blunder: bool = False


@dataclass(frozen=True, slots=True)
class EvaluationView:
    """What the evaluation chart shows; every text already in the reader's language.

    ``points`` are ``(move number, blue minus red)`` after each move judged, in order (moves not judged, such as a
    resignation, are simply absent). ``total`` is the game's length, the end of the move axis (0: the last point's).
    ``blue_line`` and ``red_line`` are the players' summaries ("0.8 dots lost a move · 2 blunders"), shown after the
    names.
    """

    title: str
    points: tuple[tuple[int, float], ...]
    marks: tuple[ChartMark, ...] = ()
    blue_name: str = "Blue"
    red_name: str = "Red"
    blue_line: str = ""
    red_line: str = ""
    x_caption: str = "Move"
    y_caption: str = "Dots: blue − red"
    total: int = 0


@dataclass(frozen=True, slots=True)
class ChartLayout:
    """Where the chart's plot goes, in pixels, and how values map to it."""

    width: int
    height: int
    header: int
    left: int
    top: int
    right: int
    bottom: int
    low: float
    high: float
    moves: int

    def x_of(self, ply: float) -> float:
        """The pixel column of move ``ply`` (0 is the start)."""
        return self.left + (self.right - self.left) * ply / max(1, self.moves)

    def y_of(self, value: float) -> float:
        """The pixel row of the score difference ``value``."""
        return self.bottom - (value - self.low) / (self.high - self.low) * (self.bottom - self.top)

    def at(self, ply: float, value: float) -> tuple[int, int]:
        """The pixel of ``value`` after move ``ply``."""
        return round(self.x_of(ply)), round(self.y_of(value))


def _sizes(width: int) -> dict[str, int]:
    """Font sizes for a chart ``width`` pixels wide (in proportion to it: they read the same on a phone)."""
    k = width / WIDTH
    return {
        "title": round(34 * k),
        "name": round(27 * k),
        "line": round(25 * k),
        "tick": round(24 * k),
        "caption": round(21 * k),
        "mark": round(24 * k),
        "pad": round(16 * k),
    }


def _range(view: EvaluationView) -> tuple[float, float]:
    """The score differences shown: every value and zero, at least 2 dots either way, with a margin."""
    values = [v for _, v in view.points] + [0.0]
    low, high = min(values), max(values)
    low, high = min(low, -2.0), max(high, 2.0)
    margin = (high - low) * 0.08
    return low - margin, high + margin


def chart_layout(view: EvaluationView, width: int = WIDTH, height: int = HEIGHT) -> ChartLayout:
    """The layout of ``view``'s chart at ``width`` by ``height`` pixels."""
    size = _sizes(width)
    pad = size["pad"]
    header = round(pad * 1.6 + size["title"] * 1.25 + 2 * size["name"] * 1.45)
    low, high = _range(view)
    widest = max(font(size["tick"]).getlength(_signed(t)) for t in ticks(low, high, nice_step(high - low, 5)))
    left = round(pad * 0.5 + size["caption"] * 1.4 + pad * 0.5 + widest + pad * 0.6)
    bottom = height - round(pad * 1.1 + size["tick"] * 1.2 + size["caption"] * 1.2)
    moves = max([view.total, *(p for p, _ in view.points), 1])
    return ChartLayout(
        width, height, header, left, header + round(pad * 1.2), width - pad * 2, bottom, low, high, moves
    )


def _signed(value: float) -> str:
    """A score difference as a label: ``+10``, ``0``, ``−10``."""
    number = round(value)
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


def _runs(lay: ChartLayout, points: Sequence[tuple[int, float]]) -> list[tuple[Side, list[tuple[float, float]]]]:
    """The curve cut where it crosses zero: pieces above (``blue``) and below (``red``), in pixels."""
    runs: list[tuple[Side, list[tuple[float, float]]]] = []
    for i, (ply, value) in enumerate(points):
        side: Side = "blue" if value > 0 else "red" if value < 0 else runs[-1][0] if runs else "blue"
        here = (lay.x_of(ply), lay.y_of(value))
        if runs and side != runs[-1][0]:
            previous_ply, previous = points[i - 1]
            cut = previous_ply + (ply - previous_ply) * previous / (previous - value) if previous != value else ply
            crossing = (lay.x_of(cut), lay.y_of(0.0))
            runs[-1][1].append(crossing)
            runs.append((side, [crossing]))
        elif not runs:
            runs.append((side, []))
        runs[-1][1].append(here)
    return runs


def _value_at(points: Sequence[tuple[int, float]], ply: int) -> float | None:
    """The curve's value after move ``ply`` (``None``: that move is not on it)."""
    return next((v for p, v in points if p == ply), None)


def _mark_radius(lay: ChartLayout, blunder: bool) -> float:
    return lay.width / WIDTH * (10.0 if blunder else 6.5)


def _plot(view: EvaluationView, lay: ChartLayout) -> Image.Image:
    """The plot's areas, grid, curve and mistakes, drawn large and scaled down (no text)."""
    s = SUPERSAMPLE
    big = Image.new("RGB", (lay.width * s, lay.height * s), pal.PAPER)
    draw = ImageDraw.Draw(big)
    zero = lay.y_of(0.0) * s
    left, right, top, bottom = lay.left * s, lay.right * s, lay.top * s, lay.bottom * s
    points = view.points
    if len(points) > 1:
        # The area between the curve and zero: blue above, red below.
        mask = Image.new("L", big.size, 0)
        outline = [(lay.x_of(points[0][0]) * s, zero)]
        outline += [(lay.x_of(p) * s, lay.y_of(v) * s) for p, v in points]
        outline.append((lay.x_of(points[-1][0]) * s, zero))
        ImageDraw.Draw(mask).polygon(outline, fill=255)
        z = round(zero)
        if z > 0:
            big.paste(pal.BLUE_TINT, (0, 0, big.width, z), mask.crop((0, 0, big.width, z)))
        if z < big.height:
            big.paste(pal.RED_TINT, (0, z, big.width, big.height), mask.crop((0, z, big.width, big.height)))
    line = max(1, round(lay.width / WIDTH * s))
    step = nice_step(lay.high - lay.low, 5)
    for level in ticks(lay.low, lay.high, step):
        if level:
            y = lay.y_of(level) * s
            draw.line((left, y, right, y), fill=pal.GRID, width=line)
    for ply in ticks(1, lay.moves, nice_step(lay.moves, 8, (1, 2, 5, 10, 20, 25, 50, 100, 200, 500))):
        x = lay.x_of(ply) * s
        draw.line((x, top, x, bottom), fill=pal.GRID, width=line)
    draw.line((left, zero, right, zero), fill=pal.GRID_FIVE, width=2 * line)
    draw.rectangle((left, top, right, bottom), outline=pal.GRID_FIVE, width=line)
    width = round(lay.width / WIDTH * 3.5 * s)
    for side, run in _runs(lay, points):
        scaled = [(x * s, y * s) for x, y in run]
        if len(scaled) > 1:
            draw.line(scaled, fill=pal.COLOUR[side], width=width, joint="curve")
        for x, y in scaled[:1] + scaled[-1:]:
            draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=pal.COLOUR[side])
    if len(points) == 1:
        px, py = lay.at(*points[0])
        r = width * 1.2
        draw.ellipse(
            (px * s - r, py * s - r, px * s + r, py * s + r), fill=pal.COLOUR["blue" if points[0][1] >= 0 else "red"]
        )
    # The mistakes, the smaller first so that a blunder is drawn over them.
    for mark in sorted(view.marks, key=lambda m: (m.blunder, m.loss)):
        value = _value_at(points, mark.ply)
        if value is None:
            continue
        x, y = lay.x_of(mark.ply) * s, lay.y_of(value) * s
        r = _mark_radius(lay, mark.blunder) * s
        ring = r + 2.5 * line
        draw.ellipse((x - ring, y - ring, x + ring, y + ring), fill=pal.PAPER)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.COLOUR[mark.side])
    return big.reduce(SUPERSAMPLE)


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: pal.RGB,
    anchor: str,
    halo: int = 0,
) -> tuple[int, int, int, int]:
    """Draw ``text`` (optionally with a white halo, to read over the curve); returns its box."""
    draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=halo, stroke_fill=pal.PAPER)
    box = draw.textbbox(xy, text, font=face, anchor=anchor, stroke_width=halo)
    return (int(box[0]), int(box[1]), int(box[2]), int(box[3]))


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _header(draw: ImageDraw.ImageDraw, view: EvaluationView, lay: ChartLayout) -> None:
    """The title, and per player a coloured dot, the name (bold) and the summary line."""
    size = _sizes(lay.width)
    pad = size["pad"]
    draw.rectangle((0, 0, lay.width, lay.header), fill=pal.HEADER)
    title_face = font(size["title"], True)
    y = pad * 0.8 + size["title"] * 0.6
    draw.text(
        (pad, y), fit(view.title, size["title"], lay.width - 2 * pad, True), font=title_face, fill=pal.TEXT, anchor="lm"
    )
    y += size["title"] * 0.65 + size["name"] * 0.8
    room = lay.width - 2 * pad - size["name"] * 1.2
    for side, name, line in (("blue", view.blue_name, view.blue_line), ("red", view.red_name, view.red_line)):
        r = size["name"] * 0.36
        cx = pad + r
        draw.ellipse((cx - r, y - r, cx + r, y + r), fill=pal.COLOUR[side])
        x = cx + r + size["name"] * 0.4
        shown = fit(name, size["name"], round(room * (0.4 if line else 1.0)), True) or side
        box = _text(draw, (x, y), shown, font(size["name"], True), pal.TEXT, "lm")
        if line:
            start = box[2] + size["line"] * 0.7
            rest = round(lay.width - pad - start)
            # A long line is set smaller (down to four fifths) before it is cut.
            line_size = size["line"]
            while line_size > size["line"] * 0.8 and font(line_size).getlength(line) > rest:
                line_size -= 1
            _text(draw, (start, y), fit(line, line_size, rest), font(line_size), pal.LABEL, "lm")
        y += size["name"] * 1.45


def evaluation_image(view: EvaluationView, width: int = WIDTH, height: int = HEIGHT) -> Image.Image:
    """Draw ``view``'s chart (an RGB image)."""
    lay = chart_layout(view, width, height)
    size = _sizes(width)
    pad = size["pad"]
    image = _plot(view, lay)
    draw = ImageDraw.Draw(image)
    _header(draw, view, lay)
    tick_face = font(size["tick"])
    for level in ticks(lay.low, lay.high, nice_step(lay.high - lay.low, 5)):
        colour = pal.BLUE if level > 0 else pal.RED if level < 0 else pal.TEXT
        draw.text((lay.left - pad * 0.6, lay.y_of(level)), _signed(level), font=tick_face, fill=colour, anchor="rm")
    step = nice_step(lay.moves, 8, (1, 2, 5, 10, 20, 25, 50, 100, 200, 500))
    for ply in ticks(1, lay.moves, step):
        draw.text((lay.x_of(ply), lay.bottom + pad * 0.5), str(ply), font=tick_face, fill=pal.LABEL, anchor="mt")
    caption_face = font(size["caption"])
    draw.text(
        (lay.right, lay.height - pad * 0.5),
        fit(view.x_caption, size["caption"], lay.right - lay.left),
        font=caption_face,
        fill=pal.LABEL,
        anchor="rb",
    )
    # The y axis caption, turned to read upwards, left of the numbers.
    caption = fit(view.y_caption, size["caption"], lay.bottom - lay.top)
    if caption:
        box = caption_face.getbbox(caption)
        strip = Image.new("L", (int(box[2] - box[0]) + 4, round(size["caption"] * 1.4)), 0)
        ImageDraw.Draw(strip).text((2 - box[0], strip.height / 2), caption, font=caption_face, fill=255, anchor="lm")
        strip = strip.rotate(90, expand=True)
        x = pad * 0.5
        y = round((lay.top + lay.bottom) / 2 - strip.height / 2)
        image.paste(pal.LABEL, (round(x), y, round(x) + strip.width, y + strip.height), strip)
    # Who the tinted areas stand for: the names in the plot's corners.
    name_face = font(size["tick"], True)
    taken: list[tuple[int, int, int, int]] = []
    if lay.y_of(0.0) - lay.top > size["tick"] * 2:
        label = fit(view.blue_name, size["tick"], (lay.right - lay.left) // 3, True)
        taken.append(_text(draw, (lay.left + pad * 0.6, lay.top + pad * 0.5), label, name_face, pal.BLUE, "lt", 3))
    if lay.bottom - lay.y_of(0.0) > size["tick"] * 2:
        label = fit(view.red_name, size["tick"], (lay.right - lay.left) // 3, True)
        taken.append(_text(draw, (lay.left + pad * 0.6, lay.bottom - pad * 0.5), label, name_face, pal.RED, "lb", 3))
    # The biggest mistakes' move numbers, beside their dots where there is room.
    mark_face = font(size["mark"], True)
    biggest = sorted(view.marks, key=lambda m: (-m.loss, m.ply))[:LABELLED]
    for mark in biggest:
        found = _value_at(view.points, mark.ply)
        if found is None:
            continue
        mx, my = lay.x_of(mark.ply), lay.y_of(found)
        gap = _mark_radius(lay, mark.blunder) + pad * 0.4
        text = str(mark.ply)
        spots = (((mx, my - gap), "mb"), ((mx, my + gap), "mt"), ((mx + gap, my), "lm"), ((mx - gap, my), "rm"))
        for xy, anchor in spots:
            box = draw.textbbox(xy, text, font=mark_face, anchor=anchor, stroke_width=3)
            inside = box[0] >= lay.left and box[2] <= lay.right and box[1] >= lay.top and box[3] <= lay.bottom
            if inside and not any(_overlaps((int(box[0]), int(box[1]), int(box[2]), int(box[3])), t) for t in taken):
                taken.append(_text(draw, xy, text, mark_face, pal.COLOUR[mark.side], anchor, 3))
                break
    return image


def evaluation_chart(view: EvaluationView, width: int = WIDTH, height: int = HEIGHT) -> bytes:
    """``evaluation_image`` as PNG bytes (a photo for Telegram, an image for the Mini App)."""
    return png_bytes(evaluation_image(view, width, height))


# ------------------------------------------------------------------------------------------------------------------
# A mistake on the board

CROP = (15, 13)
"""The smallest window (columns, rows) a mistake's board shows on a large board."""


def mistake_window(view: BoardView, size: tuple[int, int] = CROP) -> Window | None:
    """The window of ``view`` around its marks (at least ``size`` points, more when they lie far apart), or
    ``None`` when the whole board is hardly larger and reads as it is."""
    if not view.marks or (view.width <= size[0] + 4 and view.height <= size[1] + 4):
        return None
    xs = [m.point[0] for m in view.marks]
    ys = [m.point[1] for m in view.marks]

    def span(lo: int, hi: int, want: int, length: int) -> tuple[int, int]:
        lo, hi = max(1, lo - 2), min(length, hi + 2)  # the marks never sit on the window's edge
        extra = max(0, want - (hi - lo + 1))
        lo -= extra // 2
        hi += extra - extra // 2
        if lo < 1:
            lo, hi = 1, min(length, hi + 1 - lo)
        if hi > length:
            lo, hi = max(1, lo - (hi - length)), length
        return lo, hi

    x0, x1 = span(min(xs), max(xs), size[0], view.width)
    y0, y1 = span(min(ys), max(ys), size[1], view.height)
    if (x1 - x0 + 1) * (y1 - y0 + 1) >= 0.7 * view.width * view.height:
        return None
    return Window(x0, y0, x1, y1)


def render_mistake(view: BoardView, *, max_side: int = STANDARD) -> bytes:
    """A mistake's board as PNG bytes: the window around its marks on a large board (``mistake_window``), the
    whole board on a small one."""
    return render_png(view, max_side=max_side, crop=mistake_window(view))


__all__ = [
    "CROP",
    "LABELLED",
    "ChartLayout",
    "ChartMark",
    "EvaluationView",
    "chart_layout",
    "evaluation_chart",
    "evaluation_image",
    "mistake_window",
    "render_mistake",
]
