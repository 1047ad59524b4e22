"""How good a move was: the value of the best move and of a played one, by ``hard``'s search, for reviewing games.

A value is from the mover's side, in dots: the score difference (mover minus opponent) the search expects after
that move, captures already made included. A decided game (grounding that wins, a full board) counts as its final
score difference. ``loss`` is what the played move gave away against the best one.

>>> from tochki_bot.engine import Game, Point
>>> g = Game(10, 10, "empty")
>>> for x, y in ((4, 5), (5, 5), (6, 5), (9, 9), (5, 6), (9, 1)):
...     _ = g.play(x, y)
>>> a = analyse(g, nodes=300, played=Point(1, 1))
>>> a.best, a.best_value, a.played_value, a.loss
(Point(x=5, y=4), 1.0, 0.0, 1.0)

With ``nodes`` the answer is the same on every machine (the clock is not looked at); with ``seconds`` the search
stops on the clock. Pure: the game passed in is never touched.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from tochki_bot.engine import Game, Point

from .player import STYLES, WIN, Search, _OutOfTime
from .position import Position

ROOT_MOVES = 8
"""Root moves searched beyond one ply (besides the played move)."""


class Analysis(NamedTuple):
    """The result of ``analyse``."""

    best: Point
    """The best move found."""
    best_value: float
    """Its value: the score difference the mover can expect after it, in dots."""
    played: Point | None
    """The move that was played (``None`` when none was given)."""
    played_value: float | None
    """Its value, read as deep as the best move's (``None`` when no move was given)."""
    nodes: int
    """Positions the search looked at."""
    depth: int
    """Plies of the deepest search that completed for both moves."""

    @property
    def loss(self) -> float:
        """Dots the played move gave away against the best one (0 for the best move itself)."""
        if self.played_value is None:
            return 0.0
        return max(0.0, self.best_value - self.played_value)


def _dots(value: float) -> float:
    """A search value as a score difference: a decided game counts as its final difference."""
    if value >= WIN / 2:
        return float(value - WIN)
    if value <= -WIN / 2:
        return float(value + WIN)
    return float(value)


def analyse(
    game: Game, *, nodes: int | None = None, seconds: float | None = None, played: Point | None = None
) -> Analysis:
    """The best move for ``game.to_move`` and its value, and the value of ``played`` (a playable point), by
    ``hard``'s search within ``nodes`` positions and/or ``seconds``. Deterministic when only ``nodes`` is given.

    Raises ``ValueError`` when no budget is given, when the game is over, or when ``played`` is not playable.
    """
    if nodes is None and seconds is None:
        raise ValueError("give a budget: nodes or seconds")
    if game.is_over:
        raise ValueError("the game is over")
    if played is not None and not game.is_playable(played.x, played.y):
        raise ValueError(f"{played} is not playable")
    start = time.perf_counter()
    style = STYLES["hard"]
    root = Position.of(game)
    p = root.to_move
    search = Search(root, style, float("inf"), float("inf"), False)
    board = root.board
    target = board.index(played.x, played.y) if played is not None else -1
    candidates = search.moves(root, 0, everywhere=True)
    if target >= 0 and target not in candidates:
        candidates.append(target)
    # One ply over every candidate, always to the end (a budget smaller than that is spent on it).
    values: dict[int, float] = {}
    found: list[tuple[int, int, int]] = []
    for q in candidates:
        search.nodes += 1
        child = root.play(q)
        values[q] = -search.evaluate(child)
        rank = search.threat_rank(root, child)
        if rank is not None:
            found.append((*rank, q))
    order = sorted(candidates, key=lambda q: (-values[q], q))
    best, best_value = order[0], values[order[0]]
    played_value = values.get(target)
    depth = 1
    search.node_limit = float(nodes) if nodes is not None else float("inf")
    if seconds is not None:
        search.deadline = start + seconds
    try:
        search.keep_threats(p, found)
        other = root.passed()
        search.read_threats(other, search.moves(other, 0, everywhere=True))
        for d in range(3, 32, 2):
            top = order[:ROOT_MOVES]
            if target >= 0 and target not in top:
                top.append(target)
            alpha = -2 * WIN
            found_values: dict[int, float] = {}
            for q in top:
                search.tick()
                # The played move is searched with the full window (its exact value); the others only need to
                # tell whether they beat the best so far.
                bar = -2 * WIN if q == target else alpha
                v = -search.negamax(root.play(q), d - 1, -2 * WIN, -bar)
                found_values[q] = v
                if v > alpha:
                    alpha = v
            ranked = sorted(top, key=lambda q: (-found_values[q], q))
            best, best_value = ranked[0], found_values[ranked[0]]
            if target >= 0:
                played_value = found_values[target]
            order = ranked + [q for q in order if q not in found_values]
            depth = d
            if len(candidates) == 1:
                break
    except _OutOfTime:
        pass
    point = board.point
    return Analysis(
        point(best),
        _dots(best_value),
        played,
        None if played_value is None else min(_dots(played_value), _dots(best_value)),
        search.nodes,
        depth,
    )


__all__ = ["Analysis", "analyse"]
