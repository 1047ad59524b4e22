"""The fixed palette every board picture is drawn in.

Pictures are palette PNGs: small and fast to encode. Anti-aliased edges come from pre-blended shades: for every
colour drawn over a background, three intermediate steps (25, 50, 75 %) have their own palette entries.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

PAPER: RGB = (255, 255, 255)  # the field is white (1.5)
GRID: RGB = (196, 198, 204)  # grey lines (1.5)
GRID_FIVE: RGB = (150, 154, 164)  # every fifth line, for counting
LABEL: RGB = (84, 88, 100)
TEXT: RGB = (28, 30, 36)
BLUE: RGB = (31, 86, 214)
RED: RGB = (218, 36, 44)
BLUE_DIM: RGB = (150, 172, 232)
RED_DIM: RGB = (238, 158, 160)
BLUE_TINT: RGB = (219, 228, 252)
RED_TINT: RGB = (253, 223, 223)
WINDOW: RGB = (255, 163, 26)
MARK: RGB = (255, 255, 255)
RING: RGB = (28, 30, 36)  # around the last move
HEADER: RGB = (244, 245, 248)
GOOD: RGB = (16, 150, 72)  # a review's better move

COLOUR: dict[str, RGB] = {"blue": BLUE, "red": RED}
DIM: dict[str, RGB] = {"blue": BLUE_DIM, "red": RED_DIM}
TINT: dict[str | None, RGB] = {None: PAPER, "blue": BLUE_TINT, "red": RED_TINT}

_BASE = [
    PAPER,
    GRID,
    GRID_FIVE,
    LABEL,
    TEXT,
    RING,
    BLUE,
    RED,
    BLUE_DIM,
    RED_DIM,
    BLUE_TINT,
    RED_TINT,
    WINDOW,
    HEADER,
    GOOD,
]
_BACKGROUNDS: list[RGB] = [PAPER, BLUE_TINT, RED_TINT]
_BLENDS: list[tuple[RGB, RGB]] = [
    *((fg, bg) for fg in (BLUE, RED, BLUE_DIM, RED_DIM, WINDOW, GOOD) for bg in _BACKGROUNDS),
    (MARK, BLUE),
    (MARK, RED),
    (MARK, GOOD),
    *((RING, bg) for bg in _BACKGROUNDS),
    *((fg, HEADER) for fg in (TEXT, LABEL, BLUE, RED)),
    (TEXT, PAPER),
    (LABEL, PAPER),
]
LEVELS = 4
"""Coverage steps: 1..3 are blends, 4 is the colour itself."""
TRANSPARENT = 255
"""A palette index no picture uses: animated replays mark unchanged pixels with it."""


def _mix(fg: RGB, bg: RGB, t: float) -> RGB:
    return (
        round(bg[0] + (fg[0] - bg[0]) * t),
        round(bg[1] + (fg[1] - bg[1]) * t),
        round(bg[2] + (fg[2] - bg[2]) * t),
    )


def _build() -> tuple[list[RGB], dict[RGB, int], dict[tuple[RGB, RGB, int], int]]:
    colours: list[RGB] = []
    index: dict[RGB, int] = {}

    def add(rgb: RGB) -> int:
        if rgb not in index:
            index[rgb] = len(colours)
            colours.append(rgb)
        return index[rgb]

    for rgb in _BASE:
        add(rgb)
    shades: dict[tuple[RGB, RGB, int], int] = {}
    for fg, bg in _BLENDS:
        for level in range(1, LEVELS + 1):
            shades[(fg, bg, level)] = add(_mix(fg, bg, level / LEVELS))
        shades[(fg, bg, 0)] = add(bg)
    assert len(colours) <= TRANSPARENT
    return colours, index, shades


COLOURS, _INDEX, _SHADES = _build()
PALETTE: list[int] = [channel for rgb in COLOURS for channel in rgb] + [0] * (3 * (256 - len(COLOURS)))
"""The palette as ``Image.putpalette`` takes it."""


def index(rgb: RGB) -> int:
    """The palette index of a base colour."""
    return _INDEX[rgb]


def shade(fg: RGB, bg: RGB, coverage: int) -> int:
    """The palette index of ``fg`` drawn over ``bg`` with coverage ``0..255``."""
    level = (coverage * LEVELS + 127) // 255
    return _SHADES[(fg, bg, level)]
