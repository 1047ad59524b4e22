"""What a board picture shows: a plain description, independent of the engine, Telegram and storage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Side = Literal["blue", "red"]
"""A player's colour."""
MarkKind = Literal["played", "better"]
"""What a mark on a board shows: the move ``played`` (a ring and a cross in the mover's colour) or the ``better``
move (a green ring and a tick)."""


@dataclass(frozen=True, slots=True)
class Window:
    """A rectangle of points, inclusive, 1-based: ``x0..x1`` from the left, ``y0..y1`` from the bottom."""

    x0: int
    y0: int
    x1: int
    y1: int

    def __post_init__(self) -> None:
        if self.x0 > self.x1 or self.y0 > self.y1:
            raise ValueError(f"empty window {self}")


@dataclass(frozen=True, slots=True)
class RingView:
    """The chain around a capture area (5.3): the capturer and the points of the closed chain, in order."""

    owner: Side
    points: tuple[tuple[int, int], ...]
    grounding: bool = False
    """Made when a player declared grounding: the chain runs through imagined dots."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A point marked on the board, a review's: the move played there, or the better move."""

    point: tuple[int, int]
    kind: MarkKind
    side: Side
    """Who moved (the colour of a ``played`` mark; a ``better`` mark is green whoever moved)."""


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything a board picture shows.

    ``dots[y - 1][x - 1]`` and ``owners[y - 1][x - 1]`` are ``"blue"``, ``"red"`` or ``None`` (rows from the
    bottom). A dot whose point has an owner is captured and drawn dimmed. ``rings`` are in the order the areas were
    made: a later area may contain earlier ones. ``caption`` is the status line under the names, already in the
    reader's language (move number, last move, whose turn, or the result).
    """

    width: int
    height: int
    dots: Sequence[Sequence[Side | None]]
    owners: Sequence[Sequence[Side | None]]
    rings: Sequence[RingView] = ()
    last_move: tuple[int, int] | None = None
    fresh_captures: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    """Dots captured by the last move: they stand out."""
    blue_name: str = "Blue"
    red_name: str = "Red"
    score: tuple[int, int] = (0, 0)
    to_move: Side | None = None
    """Whose move it is; ``None`` when the game is over."""
    caption: str = ""
    window: Window | None = None
    """A rectangle of points to mark on the picture (the window the move buttons show)."""
    label_marks: bool = True
    """The last move's coordinates are highlighted on the four edges (replays leave them out to keep frames small)."""
    open_pools: Sequence[RingView] = ()
    """Manual rules: rings a player could close but has not (yet): drawn dashed, with no fill."""
    marks: Sequence[Mark] = ()
    """Points marked over everything else (a review's mistake: the move played and the better one); their
    coordinates are highlighted on the edges like the last move's."""

    def __post_init__(self) -> None:
        if not (1 <= self.width <= 99 and 1 <= self.height <= 99):
            raise ValueError(f"bad board size {self.width}x{self.height}")
        if len(self.dots) != self.height or any(len(row) != self.width for row in self.dots):
            raise ValueError("dots must have one row of width points per y")
        if len(self.owners) != self.height or any(len(row) != self.width for row in self.owners):
            raise ValueError("owners must have one row of width points per y")


def empty_view(width: int, height: int, **fields: Any) -> BoardView:
    """A view of an empty board (handy for tests and previews); ``fields``: the view's other fields."""
    rows = tuple((None,) * width for _ in range(height))
    return BoardView(width, height, rows, rows, **fields)
