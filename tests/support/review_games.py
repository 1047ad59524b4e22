"""Hand-made games with a known mistake, for the review's tests: start positions and move lists."""

from __future__ import annotations

from tochki_bot.engine import Colour, GameSettings, Move, MoveKind, Point
from tochki_bot.engine.settings import RuleSet

NET_BLUE = [(3, 5), (8, 5), (4, 4), (5, 4), (6, 4), (7, 4), (4, 6), (5, 6), (6, 6)]
NET_RED = [(4, 5), (5, 5), (6, 5), (7, 5)]
"""Four red dots in a row (4-5 .. 7-5), walled in by blue but for 7-6: a blue dot there takes all four."""

LADDER_BLUE = [*NET_BLUE, (6, 7), (8, 7)]
LADDER_RED = [*NET_RED, (9, 5), (8, 4)]
"""The net, with a chase above 7-6: red running out at 7-6 is answered by blue 8-6 (which also saves blue 8-5),
then red 7-7 by blue 7-8, which takes six. Red's saving move is 8-6: it captures blue 8-5, a dot of the net."""


def setup(blue: list[tuple[int, int]], red: list[tuple[int, int]], width: int = 12, height: int = 12) -> GameSettings:
    """A sports game starting with these dots (blue moves first)."""
    start: list[tuple[Point, Colour]] = []
    sides: tuple[tuple[Colour, list[tuple[int, int]]], ...] = (("blue", blue), ("red", red))
    for colour, points in sides:
        for x, y in points:
            start.append((Point(x, y), colour))
    return GameSettings(width, height, "custom", tuple(start))


def dots(text: str) -> list[Move]:
    """Moves from ``"b:4-5 r:5-5 ..."`` (``b`` blue, ``r`` red), in that order."""
    moves = []
    for item in text.split():
        colour, point = item.split(":")
        x, y = map(int, point.split("-"))
        moves.append(Move.dot("blue" if colour == "b" else "red", x, y))
    return moves


def ground(colour: Colour) -> Move:
    """``colour`` declares grounding."""
    return Move(colour, MoveKind.GROUND)


GROUNDED_LEAD = "b:1-2 r:2-2 b:2-3 r:7-7 b:3-2 r:7-6 b:2-1 r:6-7"
"""10x10, from empty: blue captured red 2-2 with a ring on the edge; every blue dot is grounded, blue leads 1-0 and
is to move (grounding now wins by 1)."""
FLOATING = "b:5-5 r:9-9 b:5-3 r:9-8 b:4-7 r:9-2 b:7-3 r:8-9"
"""After ``GROUNDED_LEAD``: four blue dots in the open (blue to move, still 1-0): blue's grounding now gives them to
red (1-4, a loss by 3)."""


def red_three_up(rules: RuleSet) -> tuple[GameSettings, list[Move]]:
    """A 12x12 game of the manual rule set ``rules`` where red has closed a ring around three blue dots (red leads
    3-0) and blue is to move."""
    settings = GameSettings(12, 12, "empty", rules=rules)
    blue = [(5, 5), (6, 5), (7, 5), (1, 12), (12, 12), (12, 1), (1, 1), (2, 12)]
    ring = [(4, 5), (5, 6), (6, 6), (7, 6), (8, 5), (7, 4), (6, 4), (5, 4)]
    moves: list[Move] = []
    for i, (b, r) in enumerate(zip(blue, ring, strict=True)):
        moves.append(Move.dot("blue", *b))
        closures = (tuple(Point(*q) for q in ring),) if i == len(ring) - 1 else ()
        moves.append(Move("red", MoveKind.DOT, Point(*r), closures))
    return settings, moves
