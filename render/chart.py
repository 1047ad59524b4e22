"""A rating's history as a small picture: one line per rule set, the band of its deviation around it.

>>> from render.chart import ChartView, Series, render_chart_png
>>> view = ChartView("Anna", (Series("Sports", ((1500.0, 350.0), (1662.3, 290.3))),))
>>> render_chart_png(view)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import palette as pal
from .fonts import fit, font

LINES: tuple[pal.RGB, ...] = (pal.BLUE, pal.RED, (24, 120, 64), (120, 72, 180))
"""The colours of the series, in order (their deviation bands the same, see-through)."""


@dataclass(frozen=True, slots=True)
class Series:
    """One rating over time: its label and its ``(rating, deviation)`` after each game, oldest first (the first
    point may be the start, before any game)."""

    label: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class ChartView:
    """What the picture shows: a title and the series."""

    title: str
    series: tuple[Series, ...]


WIDTH, HEIGHT = 800, 360
PAD = 14


def nice_step(span: float, most: int, steps: tuple[int, ...] = ()) -> int:
    """The smallest round step (``steps``, else 1, 2, 5, 10, 20, 50...) that cuts ``span`` into at most ``most``
    parts."""
    span = max(1.0, span)
    if steps:
        return next((s for s in steps if span / s <= most), steps[-1])
    scale = 1
    while True:
        for s in (scale, 2 * scale, 5 * scale):
            if span / s <= most:
                return s
        scale *= 10


def ticks(low: float, high: float, step: int) -> list[int]:
    """The multiples of ``step`` from ``low`` to ``high``."""
    return list(range(int(math.ceil(low / step) * step), math.floor(high) + 1, step))


def _ticks(low: float, high: float) -> list[int]:
    """Round ratings between ``low`` and ``high`` to draw lines at (50, 100 or 200 apart)."""
    return ticks(low, high, nice_step(high - low, 6, (25, 50, 100, 200, 500)))


def png_bytes(image: Image.Image) -> bytes:
    """A chart as PNG bytes."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()


def render_chart(view: ChartView, width: int = WIDTH, height: int = HEIGHT) -> Image.Image:
    """Draw ``view``."""
    image = Image.new("RGB", (width, height), pal.PAPER)
    draw = ImageDraw.Draw(image)
    title_size, label_size = 22, 15
    head = PAD * 2 + title_size
    draw.rectangle((0, 0, width, head), fill=pal.HEADER)
    draw.text((PAD, PAD), fit(view.title, title_size, width // 2, True), font=font(title_size, True), fill=pal.TEXT)
    # The legend, right of the title.
    x = width - PAD
    for i, series in reversed(list(enumerate(view.series))):
        text = fit(series.label, label_size, 200)
        x -= int(font(label_size).getlength(text))
        draw.text((x, PAD + title_size / 2), text, font=font(label_size), fill=pal.TEXT, anchor="lm")
        x -= 26
        draw.line((x, PAD + title_size / 2, x + 20, PAD + title_size / 2), fill=LINES[i % len(LINES)], width=4)
        x -= 14
    values = [v for s in view.series for r, d in s.points for v in (r - d, r + d)] or [1500.0]
    low, high = min(values), max(values)
    if high - low < 100:
        middle = (high + low) / 2
        low, high = middle - 50, middle + 50
    left, right, top, bottom = PAD + 48, width - PAD, head + PAD, height - PAD - 4

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    longest = max((len(s.points) for s in view.series), default=1)

    def x_of(i: int) -> float:
        return left + (right - left) * (i / (longest - 1) if longest > 1 else 0.5)

    # The deviations as see-through bands (several rule sets overlap), under the grid and the lines.
    bands = Image.new("RGBA", image.size, (0, 0, 0, 0))
    band_draw = ImageDraw.Draw(bands)
    for i, series in enumerate(view.series):
        upper = [(x_of(j), y_of(r + d)) for j, (r, d) in enumerate(series.points)]
        lower = [(x_of(j), y_of(r - d)) for j, (r, d) in enumerate(series.points)]
        if len(upper) > 1:
            band_draw.polygon(upper + lower[::-1], fill=(*LINES[i % len(LINES)], 40))
    image.paste(Image.alpha_composite(image.convert("RGBA"), bands).convert("RGB"))
    draw = ImageDraw.Draw(image)
    for tick in _ticks(low, high):
        y = y_of(tick)
        draw.line((left, y, right, y), fill=pal.GRID, width=1)
        draw.text((left - 6, y), str(tick), font=font(label_size), fill=pal.LABEL, anchor="rm")
    for i, series in enumerate(view.series):
        line = [(x_of(j), y_of(r)) for j, (r, _) in enumerate(series.points)]
        colour = LINES[i % len(LINES)]
        if len(line) > 1:
            draw.line(line, fill=colour, width=3, joint="curve")
        end_x, end_y = line[-1] if line else (float(left), float(bottom))
        draw.ellipse((end_x - 5, end_y - 5, end_x + 5, end_y + 5), fill=colour)
    draw.rectangle((left, top, right, bottom), outline=pal.GRID_FIVE, width=1)
    return image


def render_chart_png(view: ChartView, width: int = WIDTH, height: int = HEIGHT) -> bytes:
    """``render_chart`` as PNG bytes."""
    return png_bytes(render_chart(view, width, height))
