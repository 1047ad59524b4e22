"""What each move of a game cost: the value of the best move and of the move played, for reviewing games.

A review judges every dot and every grounding of a finished game at the same budget (``REVIEW_NODES`` positions per
move, the puzzles' budget): ``analyse`` gives the best dot and the played dot's value read as deep; a grounding
counts as the engine scores it (the final score difference it makes). ``loss`` is what the move gave away against
the best one, in dots, from the mover's side; the biggest losses are a game's mistakes.

The search knows the sports rules. ``review_move`` is given the position to search (the game itself, or a sports
game holding the same dots in play, see ``tochki_bot.services.search.sports_proxy``) and ``offset``: the score
difference (mover minus opponent) of the real game that the position searched does not hold (the dots captured
before), so that every value is the real game's expected score difference.

>>> from tochki_bot.engine import Game, Point
>>> g = Game(10, 10, "empty")
>>> for x, y in ((4, 5), (5, 5), (6, 5), (9, 9), (5, 6), (9, 1)):
...     _ = g.play(x, y)
>>> r = review_move(g, Point(1, 1), ply=7, nodes=300)
>>> r.best, r.best_value, r.played_value, r.loss, r.grade
('5-4', 1.0, 0.0, 1.0, 'mistake')

Pure: the game passed in is never touched; with ``nodes`` the answer is the same on every machine.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from tochki_bot.engine import Colour, Game, Point

from .analysis import analyse
from .puzzles import REVIEW_NODES

Grade = Literal["blunder", "mistake", "ok"]
"""How a move is marked: a ``blunder`` lost at least ``BLUNDER`` dots, a ``mistake`` at least ``MISTAKE``; the rest
are ``ok``."""

BLUNDER = 3.0
"""Dots lost that make a move a blunder."""
MISTAKE = 1.0
"""Dots lost that make a move a mistake."""
GROUND: Literal["ground"] = "ground"
"""A grounding, as a move's name in a review."""


class MoveReview(NamedTuple):
    """What one move cost. Values are score differences (mover minus opponent) in dots, from the mover's side."""

    ply: int
    """The move's number in the game (1 for the first move)."""
    colour: Colour
    """Who moved."""
    played: str
    """The move played: ``x-y``, or ``ground``."""
    best: str
    """The best move found: ``x-y``, or ``ground`` (when grounding ends the game better than any dot)."""
    best_value: float
    """What the mover could expect after the best move."""
    played_value: float
    """What the mover could expect after the move played (never more than ``best_value``)."""
    nodes: int = 0
    """Positions searched."""
    depth: int = 0
    """Plies of the deepest search completed."""

    @property
    def loss(self) -> float:
        """Dots the move gave away against the best one (0 for the best move)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def grade(self) -> Grade:
        """``blunder`` (``BLUNDER`` dots or more lost), ``mistake`` (``MISTAKE`` or more) or ``ok``."""
        loss = self.loss
        return "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else "ok"

    def blue_value(self) -> float:
        """The expected score difference blue minus red after the move played (the evaluation graph's value)."""
        return self.played_value if self.colour == "blue" else -self.played_value

    def as_list(self) -> list[object]:
        """The review as plain JSON values (``of_list`` reads it back)."""
        return [
            self.ply,
            self.colour,
            self.played,
            self.best,
            self.best_value,
            self.played_value,
            self.nodes,
            self.depth,
        ]

    @classmethod
    def of_list(cls, values: list[object]) -> MoveReview:
        """Read back ``as_list``."""
        ply, colour, played, best, best_value, played_value, nodes, depth = values
        return cls(
            int(str(ply)),
            "blue" if colour == "blue" else "red",
            str(played),
            str(best),
            float(str(best_value)),
            float(str(played_value)),
            int(str(nodes)),
            int(str(depth)),
        )


def review_move(
    position: Game,
    played: Point | Literal["ground"],
    *,
    ply: int,
    colour: Colour | None = None,
    nodes: int = REVIEW_NODES,
    offset: float = 0.0,
    grounding: float | None = None,
    after: Game | None = None,
    after_offset: float = 0.0,
) -> MoveReview:
    """What ``played`` cost at ``position`` (for ``position.to_move``, or ``colour`` when the position searched
    stands in for another game): the best move and both values, within ``nodes`` positions.

    ``offset`` is added to every value of the search (the real game's score difference that ``position`` lacks).
    ``grounding`` is what declaring grounding now would end the game with (the mover's score difference), when the
    rules allow it: when it beats the best dot, grounding is the best move; a played ``ground`` is worth it.

    ``after`` is for a played point that a stand-in position cannot play (a sports game of the dots in play has
    captured automatically where the real game's manual closures had not yet): the stand-in of the real game after
    the move, for the opponent, with ``after_offset`` the real score difference (the opponent's side) it lacks (or the
    real game after the move, when that ended it); the played move is then worth minus the opponent's best there
    (or the final score difference).
    Raises ``ValueError`` when the position is over, or a played point is not playable there (and no ``after``).
    """
    mover: Colour = colour or position.to_move
    if played == GROUND:
        if grounding is None:
            raise ValueError("grounding is not allowed here")
        analysis = analyse(position, nodes=nodes)
        best_value = analysis.best_value + offset
        best = str(analysis.best)
        if grounding >= best_value:
            best, best_value = GROUND, grounding
        return MoveReview(
            ply, mover, GROUND, best, best_value, min(grounding, best_value), analysis.nodes, analysis.depth
        )
    assert isinstance(played, Point)
    if after is not None and not position.is_playable(played.x, played.y):
        return _review_after(position, played, after, ply, mover, nodes, offset, after_offset, grounding)
    analysis = analyse(position, nodes=nodes, played=played)
    best_value = analysis.best_value + offset
    best = str(analysis.best)
    played_value = (analysis.played_value if analysis.played_value is not None else analysis.best_value) + offset
    if grounding is not None and grounding > best_value:
        best, best_value = GROUND, grounding
    if best == str(played):
        played_value = best_value
    return MoveReview(
        ply, mover, str(played), best, best_value, min(played_value, best_value), analysis.nodes, analysis.depth
    )


def _review_after(
    position: Game,
    played: Point,
    after: Game,
    ply: int,
    mover: Colour,
    nodes: int,
    offset: float,
    after_offset: float,
    grounding: float | None,
) -> MoveReview:
    """``review_move`` of a point the stand-in ``position`` cannot play: its value is read from ``after``."""
    analysis = analyse(position, nodes=nodes)
    best_value = analysis.best_value + offset
    best = str(analysis.best)
    if grounding is not None and grounding > best_value:
        best, best_value = GROUND, grounding
    if after.is_over:
        blue, red = after.score
        played_value = float(blue - red if mover == "blue" else red - blue)
        searched, depth = analysis.nodes, analysis.depth
    else:
        reply = analyse(after, nodes=nodes)
        played_value = -(reply.best_value + after_offset)
        searched, depth = analysis.nodes + reply.nodes, min(analysis.depth, reply.depth + 1)
    return MoveReview(ply, mover, str(played), best, best_value, min(played_value, best_value), searched, depth)


class Summary(NamedTuple):
    """One player's moves in a review, in numbers."""

    moves: int
    """Moves judged."""
    average_loss: float
    """Dots lost per move, on average."""
    blunders: int
    """Moves that lost ``BLUNDER`` dots or more."""
    mistakes: int
    """Moves that lost ``MISTAKE`` dots or more (and fewer than ``BLUNDER``)."""


def summary(moves: list[MoveReview], colour: Colour) -> Summary:
    """``colour``'s moves of a review in numbers."""
    mine = [m for m in moves if m.colour == colour]
    total = sum(m.loss for m in mine)
    return Summary(
        len(mine),
        total / len(mine) if mine else 0.0,
        sum(1 for m in mine if m.grade == "blunder"),
        sum(1 for m in mine if m.grade == "mistake"),
    )


def biggest_mistakes(moves: list[MoveReview], colour: Colour, count: int = 3) -> list[MoveReview]:
    """``colour``'s ``count`` biggest mistakes (at least ``MISTAKE`` dots lost), the biggest first (the earlier of
    equal losses first)."""
    mine = [m for m in moves if m.colour == colour and m.loss >= MISTAKE]
    return sorted(mine, key=lambda m: (-m.loss, m.ply))[:count]


__all__ = [
    "BLUNDER",
    "GROUND",
    "MISTAKE",
    "REVIEW_NODES",
    "Grade",
    "MoveReview",
    "Summary",
    "biggest_mistakes",
    "review_move",
    "summary",
]
