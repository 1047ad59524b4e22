"""What a game is created with: board size and start position (sports rules 1.4, 4.1-4.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .colour import BLUE, RED, Colour
from .moves import Point

Start = Literal["cross", "four-crosses", "empty", "custom"]
"""The start positions: the sports ``cross`` (4.3), ``four-crosses`` (4.4, tie-breaks), ``empty`` (zagram), and
``custom``: the dots listed in the settings' ``setup`` (records from zagram.org put their crosses anywhere)."""

STARTS: tuple[Start, ...] = ("cross", "four-crosses", "empty")
"""The start positions a new game can be created with by name."""
MIN_SIZE = 3
MAX_SIZE = 60
SPORTS_WIDTH = 39
SPORTS_HEIGHT = 32


Setup = tuple[tuple[Point, Colour], ...]
"""Start dots: each a point and the colour of its dot."""


@dataclass(frozen=True, slots=True)
class GameSettings:
    """A board of ``width`` x ``height`` points and a start position. Validated on creation.

    ``setup`` lists the start dots of a ``custom`` start and must be empty for the named starts.
    """

    width: int = SPORTS_WIDTH
    height: int = SPORTS_HEIGHT
    start: Start = "cross"
    setup: Setup = ()

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if not isinstance(value, int) or isinstance(value, bool) or not MIN_SIZE <= value <= MAX_SIZE:
                raise ValueError(f"board {name} must be an integer from {MIN_SIZE} to {MAX_SIZE}, not {value!r}")
        if self.start == "custom":
            object.__setattr__(self, "setup", tuple((Point(*p), c) for p, c in self.setup))
            seen: set[Point] = set()
            for point, colour in self.setup:
                if colour not in (BLUE, RED):
                    raise ValueError(f"a start dot must be blue or red, not {colour!r}")
                if not (1 <= point.x <= self.width and 1 <= point.y <= self.height):
                    raise ValueError(f"start dot {point} is off the {self.width}x{self.height} board")
                if point in seen:
                    raise ValueError(f"two start dots on {point}")
                seen.add(point)
        elif self.setup:
            raise ValueError("start dots can only be given with start='custom'")
        elif self.start not in STARTS:
            raise ValueError(f"unknown start {self.start!r} (expected one of {', '.join(STARTS)})")
        else:
            start_dots(self.width, self.height, self.start)  # raises if the start does not fit the board

    @property
    def start_dots(self) -> list[tuple[Point, Colour]]:
        """The dots the game starts with."""
        if self.start == "custom":
            return list(self.setup)
        return start_dots(self.width, self.height, self.start)

    @property
    def size(self) -> str:
        """The board size as players say it, e.g. ``"39x32"``."""
        return f"{self.width}x{self.height}"


def _cross(x: int, y: int) -> list[tuple[Point, Colour]]:
    """A start cross whose lower-left point is ``x-y``: blue on one diagonal, red on the other (4.2)."""
    return [(Point(x, y + 1), BLUE), (Point(x + 1, y), BLUE), (Point(x, y), RED), (Point(x + 1, y + 1), RED)]


def start_dots(width: int, height: int, start: Start) -> list[tuple[Point, Colour]]:
    """The dots a game starts with. They are not moves: blue still moves first.

    ``cross``: one cross at the centre, lower-left point ``((W + 1) // 2, H - H // 2)``; on 39x32 that gives blue
    20-17 and 21-16, red 20-16 and 21-17 (4.3). ``four-crosses``: the same pattern with lower-left points at
    x in {fx, W - fx}, y in {fy, H - fy}, fx = floor(0.3 W + 0.5), fy = floor(0.35 H + 0.5). ``empty``: none.
    """
    if start == "empty":
        return []
    if start == "cross":
        cx, cy = (width + 1) // 2, height - height // 2
        if cx + 1 > width or cy + 1 > height:
            raise ValueError(f"a {width}x{height} board is too small for the cross start")
        return _cross(cx, cy)
    if start == "four-crosses":
        fx, fy = int(0.3 * width + 0.5), int(0.35 * height + 0.5)
        xs, ys = (fx, width - fx), (fy, height - fy)
        if fx < 1 or fy < 1 or xs[1] <= xs[0] + 1 or ys[1] <= ys[0] + 1 or xs[1] + 1 > width or ys[1] + 1 > height:
            raise ValueError(f"a {width}x{height} board is too small for the four-crosses start")
        return [dot for y in ys for x in xs for dot in _cross(x, y)]
    raise ValueError(f"unknown start {start!r}")
