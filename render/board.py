"""Draw a board view as a palette PNG: the field, the areas, the chains, the dots, the names and the score.

Layering, bottom to top: white field with coordinates (cached per layout), area fills in the order the areas were
made (a later area paints over the older ones it contains), grey grid lines, chains, dots, the marks for the last
move and what it captured, the marked window, and the header with names, score and caption.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import palette as pal
from .fonts import drawable, fit, font
from .sprites import Sprite, _sprite, disc, halo, paste, segment
from .view import BoardView, Side, Window

STANDARD = 1280
"""Long side of the pictures sent as photos: Telegram shrinks larger ones to about this."""
HD = 2560
"""Long side of the full-resolution picture sent as a file."""
MIN_WIDTH = 560
"""Narrow boards are padded to this width so that names and score stay legible."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes: the cell size in pixels, the points shown and the picture's size."""

    cell: int
    x_lo: int
    x_hi: int
    y_lo: int
    y_hi: int
    board_w: int
    board_h: int
    left: int
    """Pixel column of point ``x_lo``."""
    top: int
    """Pixel row of point ``y_hi``."""
    width: int
    height: int
    header: int
    label: int
    """Font size of the coordinates."""
    cropped: bool = False
    """Only a window of the board is shown: the drawing is clipped half a cell beyond it."""

    def px(self, x: float, y: float) -> tuple[int, int]:
        """The pixel of point ``x-y`` (fractions give positions between points)."""
        return round(self.left + (x - self.x_lo) * self.cell), round(self.top + (self.y_hi - y) * self.cell)

    @property
    def dot_radius(self) -> float:
        """Dots are sized so that four on one cell's corners do not touch (3.3)."""
        return self.cell * 0.31

    @property
    def line_width(self) -> float:
        return max(2.0, self.cell * 0.105)


def _sizes(cell: int) -> tuple[int, int, int, int]:
    """Font sizes for coordinates, names and caption, and the header height, for a cell size."""
    label = max(9, min(20, round(cell * 0.42)))
    name = max(14, min(30, round(cell * 0.62)))
    caption = max(12, min(24, round(cell * 0.5)))
    header = round(name * 1.45 + caption * 1.35 + 14)
    return label, name, caption, header


@lru_cache(maxsize=256)
def layout(board_w: int, board_h: int, crop: Window | None, max_side: int) -> Layout:
    """The largest layout of the board (or of the ``crop`` window of it) whose long side fits ``max_side``."""
    if crop is None:
        x_lo, x_hi, y_lo, y_hi = 1, board_w, 1, board_h
    else:
        x_lo, x_hi = max(1, crop.x0), min(board_w, crop.x1)
        y_lo, y_hi = max(1, crop.y0), min(board_h, crop.y1)
    nx, ny = x_hi - x_lo, y_hi - y_lo
    # Small boards need no giant cells; a zoomed window may use larger ones.
    max_cell = max(8, max_side // (8 if crop is not None else 20))
    for cell in range(max_cell, 5, -1):
        label, _name, _caption, header = _sizes(cell)
        label_w = font(label).getlength(str(max(x_hi, y_hi)))
        # Room for the edge dots (or, in a crop, half a cell of the board beyond the window) and the labels.
        margin = round(cell * (0.5 if crop is not None else 0.31) + 6 + label_w + 6)
        width = max(nx * cell + 2 * margin, MIN_WIDTH if max_side >= MIN_WIDTH * 2 else 0)
        height = ny * cell + 2 * margin + header
        if max(width, height) <= max_side:
            break
    left = (width - nx * cell) // 2
    top = header + margin
    cropped = crop is not None
    return Layout(cell, x_lo, x_hi, y_lo, y_hi, board_w, board_h, left, top, width, height, header, label, cropped)


# ------------------------------------------------------------------------------------------------------------------
# Text


@lru_cache(maxsize=2048)
def text_sprite(text: str, size: int, bold: bool, fg: pal.RGB, bg: pal.RGB) -> Sprite:
    """``text`` as a sprite anchored at its left end, on the baseline's middle height."""
    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text or " ")
    width, height = max(1, right - left + 2), max(1, bottom - top + 2)
    alpha = Image.new("L", (width, height), 0)
    ImageDraw.Draw(alpha).text((1 - left, 1 - top), text, font=face, fill=255)
    # Anchor: the left edge, at the vertical middle of a capital letter.
    _, cap_top, _, cap_bottom = face.getbbox("H")
    return _sprite(alpha, fg, bg, 1 - left, 1 - top + (cap_top + cap_bottom) // 2)


def _text(
    image: Image.Image,
    text: str,
    x: float,
    y: float,
    size: int,
    *,
    bold: bool = False,
    fg: pal.RGB = pal.TEXT,
    bg: pal.RGB = pal.PAPER,
    align: str = "left",
) -> int:
    """Draw ``text`` with its vertical middle at ``y``; returns its width."""
    if not text:
        return 0
    sprite = text_sprite(text, size, bold, fg, bg)
    width = sprite.image.width - 2
    if align == "center":
        x -= width / 2
    elif align == "right":
        x -= width
    paste(image, sprite, round(x), round(y))
    return width


# ------------------------------------------------------------------------------------------------------------------
# The field


@lru_cache(maxsize=64)
def _field(lay: Layout) -> Image.Image:
    """White field, header band and coordinates for a layout; copied for every picture."""
    image = Image.new("P", (lay.width, lay.height), pal.index(pal.PAPER))
    image.putpalette(pal.PALETTE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, lay.width - 1, lay.header - 1), fill=pal.index(pal.HEADER))
    gap = lay.cell * (0.5 if lay.cropped else 0.31) + 6
    x_left, y_top = lay.px(lay.x_lo, lay.y_hi)
    x_right, y_bottom = lay.px(lay.x_hi, lay.y_lo)
    for x in range(lay.x_lo, lay.x_hi + 1):
        px, _ = lay.px(x, lay.y_lo)
        for py in (y_top - gap - lay.label * 0.55, y_bottom + gap + lay.label * 0.6):
            _text(image, str(x), px, py, lay.label, fg=pal.LABEL, align="center")
    for y in range(lay.y_lo, lay.y_hi + 1):
        _, py = lay.px(lay.x_lo, y)
        _text(image, str(y), x_left - gap, py, lay.label, fg=pal.LABEL, align="right")
        _text(image, str(y), x_right + gap, py, lay.label, fg=pal.LABEL, align="left")
    return image


def _grid(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    """Grey lines through the points; in a crop they run on half a cell where the board goes on."""
    half = lay.cell // 2
    x_left, y_top = lay.px(lay.x_lo, lay.y_hi)
    x_right, y_bottom = lay.px(lay.x_hi, lay.y_lo)
    x0 = x_left - (half if lay.x_lo > 1 else 0)
    x1 = x_right + (half if lay.x_hi < lay.board_w else 0)
    y0 = y_top - (half if lay.y_hi < lay.board_h else 0)
    y1 = y_bottom + (half if lay.y_lo > 1 else 0)
    grey = pal.index(pal.GRID)
    for x in range(lay.x_lo, lay.x_hi + 1):
        px = lay.px(x, 0)[0]
        draw.line((px, y0, px, y1), fill=grey)
    for y in range(lay.y_lo, lay.y_hi + 1):
        py = lay.px(0, y)[1]
        draw.line((x0, py, x1, py), fill=grey)


# ------------------------------------------------------------------------------------------------------------------
# The picture


def render_image(view: BoardView, *, max_side: int = STANDARD, crop: Window | None = None) -> Image.Image:
    """Draw ``view`` as a palette image whose long side is at most ``max_side`` pixels.

    With ``crop``, only that window of points is drawn, as large as fits: the zoomed view for move buttons.
    """
    lay = layout(view.width, view.height, crop, max_side)
    image = _field(lay).copy()
    draw = ImageDraw.Draw(image)
    cell = lay.cell
    lo_x, hi_x, lo_y, hi_y = lay.x_lo - 1, lay.x_hi + 1, lay.y_lo - 1, lay.y_hi + 1

    def shown(x: int, y: int) -> bool:
        return lo_x <= x <= hi_x and lo_y <= y <= hi_y

    # Area fills, oldest first: an area made later contains the older ones inside it and paints over them.
    for ring in view.rings:
        if len(ring.points) >= 3:
            draw.polygon([lay.px(x, y) for x, y in ring.points], fill=pal.index(pal.TINT[ring.owner]))
    _grid(draw, lay)

    # Chains (5.3). A chain whose dots were captured later, or one through imagined dots (grounding), is faded.
    width = lay.line_width
    owners = view.owners
    for ring in view.rings:
        points = ring.points
        if not points:
            continue
        fx, fy = points[0]
        faded = ring.grounding or owners[fy - 1][fx - 1] is not None
        fg = pal.DIM[ring.owner] if faded else pal.COLOUR[ring.owner]
        bg = pal.TINT[ring.owner]
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1], strict=True):
            if not (shown(ax, ay) or shown(bx, by)):
                continue
            dx, dy = bx - ax, ay - by  # screen axes: y grows downwards
            if dx < 0 or (dx == 0 and dy < 0):
                ax, ay, dx, dy = bx, by, -dx, -dy
            if max(abs(dx), abs(dy)) != 1:
                continue  # not a link between neighbours: nothing sensible to draw
            px, py = lay.px(ax, ay)
            paste(image, segment(cell, dx, dy, width, fg, bg), px, py)

    # Dots: in play in full colour on white, captured ones dimmed on their captor's tint.
    radius = lay.dot_radius
    for y in range(max(1, lo_y), min(view.height, hi_y) + 1):
        row, owner_row = view.dots[y - 1], owners[y - 1]
        for x in range(max(1, lo_x), min(view.width, hi_x) + 1):
            colour = row[x - 1]
            if colour is None:
                continue
            owner = owner_row[x - 1]
            fg = pal.COLOUR[colour] if owner is None else pal.DIM[colour]
            px, py = lay.px(x, y)
            paste(image, disc(radius, fg, pal.TINT[owner]), px, py)

    # What the last move captured stands out: a ring in the captor's colour around each dot.
    for x, y in view.fresh_captures:
        if shown(x, y):
            owner = owners[y - 1][x - 1]
            if owner is not None:
                px, py = lay.px(x, y)
                paste(image, halo(radius + width * 0.8, width * 0.55, pal.COLOUR[owner], pal.TINT[owner]), px, py)

    # The last move: a white centre in the dot.
    if view.last_move is not None:
        x, y = view.last_move
        colour = view.dots[y - 1][x - 1]
        if colour is not None and shown(x, y):
            px, py = lay.px(x, y)
            base = pal.COLOUR[colour] if owners[y - 1][x - 1] is None else pal.DIM[colour]
            if base in (pal.BLUE, pal.RED):
                paste(image, disc(radius * 0.38, pal.MARK, base), px, py)

    if view.window is not None:
        _window(draw, lay, view.window)
    if lay.cropped:
        # Keep the labels and header clear: only half a cell of the board around the window is shown.
        field = _field(lay).copy()
        x0, y0 = lay.px(lay.x_lo - 0.5, lay.y_hi + 0.5)
        x1, y1 = lay.px(lay.x_hi + 0.5, lay.y_lo - 0.5)
        field.paste(image.crop((x0, y0, x1 + 1, y1 + 1)), (x0, y0))
        image = field
    _header(image, lay, view)
    return image


def _window(draw: ImageDraw.ImageDraw, lay: Layout, window: Window) -> None:
    """A frame around the window of points the move buttons show."""
    x0, y0 = lay.px(max(window.x0, 1) - 0.5, min(window.y1, lay.board_h) + 0.5)
    x1, y1 = lay.px(min(window.x1, lay.board_w) + 0.5, max(window.y0, 1) - 0.5)
    width = max(2, round(lay.cell * 0.09))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=lay.cell // 4, outline=pal.index(pal.WINDOW), width=width)


def _header(image: Image.Image, lay: Layout, view: BoardView) -> None:
    """Names with their colours, the score in the middle, whose turn (underlined), and the caption."""
    _label, name_size, caption_size, _header_h = _sizes(lay.cell)
    bg = pal.HEADER
    mid = lay.width / 2
    line1 = 7 + name_size * 0.75
    score = f"{view.score[0]} : {view.score[1]}"
    score_w = _text(image, score, mid, line1, name_size, bold=True, fg=pal.TEXT, bg=bg, align="center")
    pad = max(10, lay.cell // 3)
    radius = name_size * 0.36
    room = int(mid - score_w / 2 - 3 * pad - 2 * radius)
    sides: tuple[tuple[Side, str, int], ...] = (("blue", view.blue_name, -1), ("red", view.red_name, 1))
    for side, name, direction in sides:
        text = fit(name, name_size, room) or side
        if direction < 0:
            dot_x = pad + radius
            text_x = dot_x + radius + pad * 0.6
            width = _text(image, text, text_x, line1, name_size, fg=pal.TEXT, bg=bg)
            start = text_x
        else:
            dot_x = lay.width - pad - radius
            text_x = dot_x - radius - pad * 0.6
            width = _text(image, text, text_x, line1, name_size, fg=pal.TEXT, bg=bg, align="right")
            start = text_x - width
        paste(image, disc(radius, pal.COLOUR[side], bg), round(dot_x), round(line1))
        if view.to_move == side:
            y = round(line1 + name_size * 0.62)
            ImageDraw.Draw(image).rectangle(
                (round(start), y, round(start + width), y + max(2, name_size // 8)), fill=pal.index(pal.COLOUR[side])
            )
    caption = fit(drawable(view.caption), caption_size, lay.width - 2 * pad)
    line2 = line1 + name_size * 0.75 + 5 + caption_size * 0.75
    _text(image, caption, mid, line2, caption_size, fg=pal.TEXT, bg=bg, align="center")


def render_png(
    view: BoardView, *, max_side: int = STANDARD, crop: Window | None = None, compress_level: int = 3
) -> bytes:
    """Draw ``view`` and encode it as a PNG (lossless, palette)."""
    buffer = io.BytesIO()
    render_image(view, max_side=max_side, crop=crop).save(buffer, "PNG", compress_level=compress_level)
    return buffer.getvalue()
