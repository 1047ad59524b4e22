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
        from .notation import format_point  # the one writer of the notation (it imports this module)

        return format_point(self)


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
    END = "end"
    """The players agreed to end a game whose rule set scores that end (territory rules, docs/rules.md#agreed-end: every
    open pool is closed and half the territory counts); ``colour`` is the player who accepted."""
    STOP = "stop"
    """The player pressed STOP (``stop_mode="stop_phase"``, docs/rules.md#stop): no more dots of theirs; the opponent
    may now place any number of dots."""
    FINISH = "finish"
    """The opponent of the STOP ends the extra dots; the game ends and the score decides."""


Ring = tuple[Point, ...]
"""A closed chain of dots in order; the last point links back to the first (it is not repeated)."""


class Move(NamedTuple):
    """One entry of a game's move list: who did what, and where for a dot.

    ``closures`` are the manual closures made with a dot (rule sets ``polish`` and ``territory``), each the ring of
    the player's dots drawn around the area, in the order they were made; always empty with automatic captures.
    """

    colour: Colour
    kind: MoveKind = MoveKind.DOT
    point: Point | None = None
    closures: tuple[Ring, ...] = ()

    def __str__(self) -> str:
        if self.kind is MoveKind.DOT:
            return str(self.point)
        return self.kind.value

    @classmethod
    def dot(cls, colour: Colour, x: int, y: int) -> Move:
        """A dot of ``colour`` at ``x-y``."""
        return cls(colour, MoveKind.DOT, Point(x, y))


def closures_text(closures: tuple[Ring, ...]) -> str:
    """A move's closures as compact text for storage: rings separated by ``;``, points ``x-y`` by spaces.

    >>> closures_text(((Point(2, 3), Point(3, 4), Point(4, 3), Point(3, 2)),))
    '2-3 3-4 4-3 3-2'
    """
    return ";".join(" ".join(str(p) for p in ring) for ring in closures)


def parse_closures_text(text: str) -> tuple[Ring, ...]:
    """Read ``closures_text``'s form back (``ValueError`` if it is not that form)."""
    rings = []
    for part in text.split(";"):
        if not part.strip():
            continue
        ring = []
        for token in part.split():
            x, sep, y = token.partition("-")
            if not sep:
                raise ValueError(f"not a point: {token!r}")
            ring.append(Point(int(x), int(y)))
        rings.append(tuple(ring))
    return tuple(rings)
