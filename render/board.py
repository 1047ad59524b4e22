"""Draw a board view as a palette PNG: the field, the areas, the chains, the dots, the names and the score.

Layering, bottom to top: white field with coordinates (cached per layout), area fills in the order the areas were
made (a later area paints over the older ones it contains), grey grid lines (every fifth darker), chains, dots, the
marks for the last move (a dark ring) and what it captured (thin rings in the captor's colour), a review's marks (the
move played: a ring and a cross in the mover's colour; the better move: a green ring and a tick), the marked window,
the last move's coordinates (or the marks') on pills at the edges, and the header with names, score and caption.

Sized for a phone: a chat shows a photo about 400 pixels wide, so the coordinates are as large as a column allows
(condensed bold digits), every fifth one darker for counting, and the text of the header grows with the picture.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import palette as pal
from .fonts import digits_font, drawable, fit, font, ink_width
from .sprites import Sprite, _sprite, cross, disc, halo, paste, pill, segment, tick
from .view import BoardView, Mark, Side, Window

STANDARD = 1280
"""Long side of the pictures sent as photos: Telegram shrinks larger ones to about this."""
HD = 2560
"""Long side of the full-resolution picture sent as a file."""
MIN_WIDTH = 560
"""Narrow boards are padded to this width so that names and score stay legible."""
TEXT_SCALE = 0.028
"""Names are this fraction of the picture's width tall: about 11 pixels when a phone shows the picture 400 wide."""
MIN_CELL = 6
"""The smallest cell, in pixels, a layout uses (the largest board then still draws, larger than asked)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes: the cell size in pixels, the points shown, the picture's size and the font sizes."""

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
    gap: int = 0
    """Pixels from the centres of the outermost points shown to the coordinates' ink."""
    name: int = 14
    """Font size of the names and the score."""
    caption: int = 12
    """Font size of the caption line."""
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

    @property
    def frame_width(self) -> int:
        """Line width of the window frame."""
        return max(2, round(self.cell * 0.1))

    @property
    def label_pad(self) -> int:
        """Padding around a highlighted coordinate (the last move's) on its pill."""
        return max(2, round(self.label * 0.2))

    def label_boxes(self) -> list[tuple[str, int, tuple[int, int, int, int]]]:
        """Every coordinate drawn: ``("x" or "y", value, ink box (left, top, right, bottom), inclusive)``.

        Each value appears twice, on opposite edges; the boxes are where the digits' ink may be.
        """
        face_h = _digit_height(self.label)
        boxes: list[tuple[str, int, tuple[int, int, int, int]]] = []
        x_left, y_top = self.px(self.x_lo, self.y_hi)
        x_right, y_bottom = self.px(self.x_hi, self.y_lo)
        for x in range(self.x_lo, self.x_hi + 1):
            px = self.px(x, self.y_lo)[0]
            w = ink_width(str(x), self.label)
            x0 = round(px - w / 2)
            boxes.append(("x", x, (x0, y_top - self.gap - face_h + 1, x0 + w - 1, y_top - self.gap)))
            boxes.append(("x", x, (x0, y_bottom + self.gap, x0 + w - 1, y_bottom + self.gap + face_h - 1)))
        for y in range(self.y_lo, self.y_hi + 1):
            py = self.px(self.x_lo, y)[1]
            w = ink_width(str(y), self.label)
            y0 = round(py - face_h / 2)
            boxes.append(("y", y, (x_left - self.gap - w + 1, y0, x_left - self.gap, y0 + face_h - 1)))
            boxes.append(("y", y, (x_right + self.gap, y0, x_right + self.gap + w - 1, y0 + face_h - 1)))
        return boxes


def _digit_height(size: int) -> int:
    """How tall the coordinates' digits are at ``size``, from the top of the tallest to the bottom of the lowest."""
    top, bottom = _digit_band(size)
    return bottom - top


@lru_cache(maxsize=128)
def _widest(lo: int, hi: int, size: int) -> int:
    """The ink width of the widest coordinate among ``lo..hi``."""
    return max(ink_width(str(v), size) for v in range(lo, hi + 1))


def _label_size(cell: int, lo: int, hi: int, cap: int) -> int:
    """The largest coordinate font whose numbers fit one column with a gap to the next, and one row in height."""
    room = cell - max(3, round(cell * 0.13))
    size = max(9, min(cap, round(cell * 1.1)))
    while size > 9 and (_widest(lo, hi, size) > room or _digit_height(size) > cell * 0.8):
        size -= 1
    return size


def _text_sizes(width: int, scale: float) -> tuple[int, int, int]:
    """Font sizes of the names and the caption, and the header's height, for a picture ``width`` pixels wide.

    They grow with the picture (``scale`` of its width), so that they read the same when a phone shows it about 400
    pixels wide.
    """
    name = max(14, round(width * scale))
    caption = max(12, round(name * 0.8))
    header = round(name * 1.95 + caption * 1.25)
    return name, caption, header


@lru_cache(maxsize=256)
def layout(board_w: int, board_h: int, crop: Window | None, max_side: int) -> Layout:
    """The largest layout of the board (or of the ``crop`` window of it) whose long side fits ``max_side``."""
    if crop is None:
        x_lo, x_hi, y_lo, y_hi = 1, board_w, 1, board_h
    else:
        x_lo, x_hi = max(1, crop.x0), min(board_w, crop.x1)
        y_lo, y_hi = max(1, crop.y0), min(board_h, crop.y1)
    nx, ny = x_hi - x_lo, y_hi - y_lo
    lo, hi = min(x_lo, y_lo), max(x_hi, y_hi)
    # Small boards need no giant cells; a zoomed window may use larger ones.
    max_cell = max(8, max_side // (8 if crop is not None else 20))
    min_width = MIN_WIDTH if max_side >= MIN_WIDTH * 2 else 0
    # Text in proportion to the width: a zoomed window is narrow, and its text is larger for its size.
    scale = TEXT_SCALE * (1.3 if crop is not None else 1.0)

    def at(cell: int) -> Layout:
        # Labels as large as a column allows, but not much larger than the names.
        rough = max(nx * cell + 3 * cell, min_width)
        label = _label_size(cell, lo, hi, max(9, round(rough * scale * 1.07)))
        pad = max(2, round(label * 0.2))
        # Room for the edge dots and the window frame drawn just outside them; in a crop, for the half cell of the
        # board shown beyond the window. Then the labels.
        frame = max(2, round(cell * 0.1))
        gap = round(cell * 0.31 + 2 + frame + 2) if crop is None else round(cell * 0.5 + pad + 2)
        outer = pad + 2
        margin_x = gap + _widest(lo, hi, label) + outer
        margin_y = gap + _digit_height(label) + outer
        width = max(nx * cell + 2 * margin_x, min_width)
        name, caption, header = _text_sizes(width, scale)
        return Layout(
            cell=cell,
            x_lo=x_lo,
            x_hi=x_hi,
            y_lo=y_lo,
            y_hi=y_hi,
            board_w=board_w,
            board_h=board_h,
            left=(width - nx * cell) // 2,
            top=header + margin_y,
            width=width,
            height=ny * cell + 2 * margin_y + header,
            header=header,
            label=label,
            gap=gap,
            name=name,
            caption=caption,
            cropped=crop is not None,
        )

    for cell in range(max_cell, MIN_CELL, -1):
        found = at(cell)
        if max(found.width, found.height) <= max_side:
            return found
    return at(MIN_CELL)  # the smallest cells, even if the picture is larger than asked


# ------------------------------------------------------------------------------------------------------------------
# Text


@lru_cache(maxsize=2048)
def text_sprite(text: str, size: int, bold: bool, fg: pal.RGB, bg: pal.RGB) -> Sprite:
    """``text`` as a sprite anchored at its left end, on the baseline's middle height."""
    face = font(size, bold)
    left, top, right, bottom = (int(v) for v in face.getbbox(text or " "))
    width, height = max(1, right - left + 2), max(1, bottom - top + 2)
    alpha = Image.new("L", (width, height), 0)
    ImageDraw.Draw(alpha).text((1 - left, 1 - top), text, font=face, fill=255)
    # Anchor: the left edge, at the vertical middle of a capital letter.
    _, cap_top, _, cap_bottom = (int(v) for v in face.getbbox("H"))
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


@lru_cache(maxsize=256)
def _digit_band(size: int) -> tuple[int, int]:
    """Top and bottom (exclusive) of the digits' ink when drawn at ``(size, size // 2)`` on a blank canvas."""
    alpha = Image.new("L", (12 * size, 2 * size), 0)
    ImageDraw.Draw(alpha).text((size, size // 2), "0123456789", font=digits_font(size), fill=255)
    box = alpha.getbbox()
    assert box is not None
    return box[1], box[3]


@lru_cache(maxsize=1024)
def label_sprite(text: str, size: int, fg: pal.RGB, bg: pal.RGB) -> Sprite:
    """A coordinate cut to its ink: as wide as its digits, as tall as any digit; anchored at its top left."""
    face = digits_font(size)
    alpha = Image.new("L", (round(face.getlength(text)) + 2 * size, 2 * size), 0)
    ImageDraw.Draw(alpha).text((size, size // 2), text, font=face, fill=255)
    box = alpha.getbbox()
    top, bottom = _digit_band(size)
    left, right = (box[0], box[2]) if box is not None else (size, size + 1)
    return _sprite(alpha.crop((left, top, right, bottom)), fg, bg, 0, 0)


@lru_cache(maxsize=64)
def _label_boxes(lay: Layout) -> tuple[tuple[str, int, tuple[int, int, int, int]], ...]:
    return tuple(lay.label_boxes())


def _label_colour(value: int) -> pal.RGB:
    """Every fifth coordinate is darker, for counting."""
    return pal.TEXT if value % 5 == 0 else pal.LABEL


@lru_cache(maxsize=64)
def _field(lay: Layout) -> Image.Image:
    """White field, header band and coordinates for a layout; copied for every picture."""
    image = Image.new("P", (lay.width, lay.height), pal.index(pal.PAPER))
    image.putpalette(pal.PALETTE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, lay.width - 1, lay.header - 1), fill=pal.index(pal.HEADER))
    for _kind, value, (x0, y0, _x1, _y1) in _label_boxes(lay):
        paste(image, label_sprite(str(value), lay.label, _label_colour(value), pal.PAPER), x0, y0)
    return image


def _highlight_labels(image: Image.Image, lay: Layout, x: int, y: int, colour: pal.RGB) -> None:
    """The last move's coordinates on the four edges: white on a pill of the mover's colour."""
    pad = lay.label_pad
    for kind, value, (x0, y0, x1, y1) in _label_boxes(lay):
        if value != (x if kind == "x" else y):
            continue
        w, h = x1 - x0 + 1, y1 - y0 + 1
        # Across the edge the pill keeps clear of the neighbouring coordinates.
        if kind == "x":
            hp, vp = max(1, min(pad, (lay.cell - 2 - w) // 2)), pad
        else:
            hp, vp = pad, max(1, min(pad, (lay.cell - 2 - h) // 2))
        paste(image, pill(w + 2 * hp, h + 2 * vp, colour, pal.PAPER), x0 - hp, y0 - vp)
        paste(image, label_sprite(str(value), lay.label, pal.MARK, colour), x0, y0)


def _grid(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    """Grey lines through the points, every fifth darker; in a crop they run on half a cell where the board goes on."""
    half = lay.cell // 2
    x_left, y_top = lay.px(lay.x_lo, lay.y_hi)
    x_right, y_bottom = lay.px(lay.x_hi, lay.y_lo)
    x0 = x_left - (half if lay.x_lo > 1 else 0)
    x1 = x_right + (half if lay.x_hi < lay.board_w else 0)
    y0 = y_top - (half if lay.y_hi < lay.board_h else 0)
    y1 = y_bottom + (half if lay.y_lo > 1 else 0)
    grey, dark = pal.index(pal.GRID), pal.index(pal.GRID_FIVE)
    thick = max(1, min(round(lay.cell / 16), round(lay.width / 560)))
    fives = []
    for x in range(lay.x_lo, lay.x_hi + 1):
        px = lay.px(x, 0)[0]
        if x % 5 == 0:
            fives.append((px - thick // 2, y0, px - thick // 2 + thick - 1, y1))
        else:
            draw.line((px, y0, px, y1), fill=grey)
    for y in range(lay.y_lo, lay.y_hi + 1):
        py = lay.px(0, y)[1]
        if y % 5 == 0:
            fives.append((x0, py - thick // 2, x1, py - thick // 2 + thick - 1))
        else:
            draw.line((x0, py, x1, py), fill=grey)
    for box in fives:
        draw.rectangle(box, fill=dark)


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

    # Open pools (manual rules): the ring that would close them, dashed, not filled: not captured yet.
    for ring in view.open_pools:
        dim = pal.index(pal.DIM[ring.owner])
        points = ring.points
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1], strict=True):
            if not (shown(ax, ay) or shown(bx, by)) or max(abs(bx - ax), abs(by - ay)) != 1:
                continue
            (pa, qa), (pb, qb) = lay.px(ax, ay), lay.px(bx, by)
            dash = [(pa + (pb - pa) * f, qa + (qb - qa) * f) for f in (0.3, 0.7)]
            draw.line(dash, fill=dim, width=max(1, round(width)))

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

    # What the last move captured stands out: a thin ring in the captor's colour around each dot.
    for x, y in view.fresh_captures:
        if shown(x, y):
            owner = owners[y - 1][x - 1]
            if owner is not None:
                px, py = lay.px(x, y)
                paste(image, halo(radius + width * 0.8, width * 0.55, pal.COLOUR[owner], pal.TINT[owner]), px, py)

    # The last move: a thick dark ring around the dot and a white centre, and its coordinates on the edges. In a
    # crop only a last move inside the window is ringed: a ring beside it would stick into the margin.
    last = _last_move(view)
    inside = last is not None and lay.x_lo <= last[0] <= lay.x_hi and lay.y_lo <= last[1] <= lay.y_hi
    if last is not None and (inside if lay.cropped else shown(*last[:2])):
        x, y, colour = last
        px, py = lay.px(x, y)
        owner = owners[y - 1][x - 1]
        outer, thick = last_ring(lay)
        paste(image, halo(outer, thick, pal.RING, pal.TINT[owner]), px, py)
        base = pal.COLOUR[colour] if owner is None else pal.DIM[colour]
        if base in (pal.BLUE, pal.RED):
            paste(image, disc(radius * 0.38, pal.MARK, base), px, py)

    marked = [m for m in view.marks if _inside(lay, m.point) or (not lay.cropped and shown(*m.point))]
    for mark in marked:
        _mark(image, lay, view, mark)

    if view.window is not None:
        _window(draw, lay, view.window)
    if lay.cropped:
        # Keep the labels and header clear: only half a cell of the board around the window is shown.
        field = _field(lay).copy()
        x0, y0 = lay.px(lay.x_lo - 0.5, lay.y_hi + 0.5)
        x1, y1 = lay.px(lay.x_hi + 0.5, lay.y_lo - 0.5)
        field.paste(image.crop((x0, y0, x1 + 1, y1 + 1)), (x0, y0))
        image = field
    if view.label_marks and marked:
        # The marks' coordinates, not the last move's: the review's picture is about them.
        for mark in marked:
            if _inside(lay, mark.point):
                _highlight_labels(image, lay, mark.point[0], mark.point[1], mark_colour(mark))
    elif view.label_marks and last is not None and inside:
        _highlight_labels(image, lay, last[0], last[1], pal.COLOUR[last[2]])
    _header(image, lay, view)
    return image


def _last_move(view: BoardView) -> tuple[int, int, Side] | None:
    if view.last_move is None:
        return None
    x, y = view.last_move
    if not (1 <= x <= view.width and 1 <= y <= view.height):
        return None
    colour = view.dots[y - 1][x - 1]
    return None if colour is None else (x, y, colour)


def _inside(lay: Layout, point: tuple[int, int]) -> bool:
    return lay.x_lo <= point[0] <= lay.x_hi and lay.y_lo <= point[1] <= lay.y_hi


def mark_colour(mark: Mark) -> pal.RGB:
    """A mark's colour: the mover's for the move played, green for the better move."""
    return pal.GOOD if mark.kind == "better" else pal.COLOUR[mark.side]


def mark_shape(lay: Layout) -> tuple[float, float, float]:
    """A mark's ring (outer radius and line width, as the last move's) and the reach of its cross or tick."""
    _, thick = last_ring(lay)
    return lay.cell * 0.5, thick, lay.cell * 0.27


def _mark(image: Image.Image, lay: Layout, view: BoardView, mark: Mark) -> None:
    """A review's mark: a ring with a cross (the move played) or a tick (the better move); over a dot in play, the
    cross or tick is white on the dot."""
    x, y = mark.point
    if not (1 <= x <= view.width and 1 <= y <= view.height):
        return
    px, py = lay.px(x, y)
    bg = pal.TINT[view.owners[y - 1][x - 1]]
    colour = mark_colour(mark)
    outer, thick, reach = mark_shape(lay)
    paste(image, halo(outer, thick, colour, bg), px, py)
    sign = tick if mark.kind == "better" else cross
    dot = view.dots[y - 1][x - 1]
    if dot is not None and view.owners[y - 1][x - 1] is None:
        # Over a dot (a picture after the move): the sign in white on it, so that it shows whatever the colours.
        paste(image, sign(reach, thick, pal.MARK, pal.COLOUR[dot]), px, py)
    else:
        paste(image, sign(reach, thick, colour, bg), px, py)


def last_ring(lay: Layout) -> tuple[float, float]:
    """The last move's ring: outer radius and line width in pixels (clear of the neighbouring dots).

    The line is as heavy as the cell allows on a full board, and no heavier than that in a zoomed window.
    """
    return lay.cell * 0.6, max(2.0, min(lay.cell * 0.16, lay.width / 110))


def _window(draw: ImageDraw.ImageDraw, lay: Layout, window: Window) -> None:
    """A frame around the window of points the move buttons show.

    Inside the board it runs half a cell outside the window's points; along an edge of the picture's points it
    runs just outside the edge dots instead, so that it never reaches the coordinates.
    """
    fw = lay.frame_width
    edge = (lay.dot_radius + 2 + fw) / lay.cell  # the frame's outer side, in cells from the edge points
    wx0, wx1 = max(window.x0, lay.x_lo), min(window.x1, lay.x_hi)
    wy0, wy1 = max(window.y0, lay.y_lo), min(window.y1, lay.y_hi)
    if wx0 > wx1 or wy0 > wy1:
        return
    half = 0.5 + fw / 2 / lay.cell  # centred on the line between the points
    x0, y0 = lay.px(wx0 - (edge if wx0 == lay.x_lo else half), wy1 + (edge if wy1 == lay.y_hi else half))
    x1, y1 = lay.px(wx1 + (edge if wx1 == lay.x_hi else half), wy0 - (edge if wy0 == lay.y_lo else half))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=lay.cell // 4, outline=pal.index(pal.WINDOW), width=fw)


def _header(image: Image.Image, lay: Layout, view: BoardView) -> None:
    """Names with their colours, the score in the middle, whose turn (underlined), and the caption."""
    name_size, caption_size = lay.name, lay.caption
    bg = pal.HEADER
    mid = lay.width / 2
    line1 = name_size * 0.8
    score = f"{view.score[0]} : {view.score[1]}"
    score_w = _text(image, score, mid, line1, name_size, bold=True, fg=pal.TEXT, bg=bg, align="center")
    pad = max(10, round(name_size * 0.4))
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
    line2 = line1 + name_size * 0.9 + caption_size * 0.7
    _text(image, caption, mid, line2, caption_size, fg=pal.TEXT, bg=bg, align="center")


def render_png(
    view: BoardView, *, max_side: int = STANDARD, crop: Window | None = None, compress_level: int = 3
) -> bytes:
    """Draw ``view`` and encode it as a PNG (lossless, palette)."""
    buffer = io.BytesIO()
    render_image(view, max_side=max_side, crop=crop).save(buffer, "PNG", compress_level=compress_level)
    return buffer.getvalue()
