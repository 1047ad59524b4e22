"""Value types for what happens in a game: points of the board and moves."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .colour import Colour


class Point(NamedTuple):
    """A point of the board: 1-based ``x`` from the left, ``y`` from the bottom (sports rules 1.3).

    ``str(Point(20, 18))`` is ``"20-18"``, the sports notation (2.10).
    """

    x: int
    y: int

    def __str__(self) -> str:
        return f"{self.x}-{self.y}"


class MoveKind(StrEnum):
    """What a move does. A game's move list holds dots and the actions that end it."""

    DOT = "dot"
    """A dot placed on a point."""
    GROUND = "ground"
    """The player declares grounding (8.2-8.4); the game ends."""
    RESIGN = "resign"
    """The player resigns (8.1a)."""
    TIMEOUT = "timeout"
    """The player ran out of time (8.1b)."""
    DRAW = "draw"
    """A draw was agreed (8.1d); ``colour`` is the player who accepted it."""


class Move(NamedTuple):
    """One entry of a game's move list: who did what, and where for a dot."""

    colour: Colour
    kind: MoveKind = MoveKind.DOT
    point: Point | None = None

    def __str__(self) -> str:
        if self.kind is MoveKind.DOT:
            return str(self.point)
        return self.kind.value

    @classmethod
    def dot(cls, colour: Colour, x: int, y: int) -> Move:
        """A dot of ``colour`` at ``x-y``."""
        return cls(colour, MoveKind.DOT, Point(x, y))
