"""Puzzles: positions where exactly one move wins clearly, found by ``hard``'s search (the one ``analyse`` uses).

A position is a puzzle when, at the deepest iteration the search completed within its budget, its best move is
worth at least ``GAP`` dots more than every other move (each other move searched with the window "better than best
minus ``GAP``?", the moves beyond the deepest iteration's ``ROOT_MOVES`` by their one-ply value), or when the best
move wins the game (a grounding that wins follows it: a decided value) and no other move does. ``verified`` asks
the same again at ``VERIFY`` times the budget: the same solution, unique again.

>>> from tochki_bot.engine import Game, GameSettings, Point
>>> blue = [(3, 4), (3, 5), (4, 6), (5, 6), (6, 5), (6, 4), (4, 3), (6, 3), (10, 10)]
>>> red = [(4, 4), (5, 4), (4, 5), (5, 5), (5, 2), (5, 1)]  # four red dots, one way out: 5-3
>>> setup = tuple((Point(*p), "blue") for p in blue) + tuple((Point(*p), "red") for p in red)
>>> g = Game(settings=GameSettings(12, 12, "custom", setup))
>>> v = judge(g, nodes=2000)
>>> v.best, v.value, v.runner_up, v.unique, v.kind, v.capture
(Point(x=5, y=3), 4.0, 0.0, True, 'capture', True)
>>> verified(g, v)
True

Pure: the game passed in is never touched; with ``nodes`` alone the
answer is the same on every machine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from tochki_bot.engine import Game, GameSettings, Move, MoveKind, Point

from .analysis import ROOT_MOVES, _dots
from .player import STYLES, WIN, Search, _OutOfTime
from .position import Position

GAP = 3.0
"""Dots the solution must win beyond any other move."""
REVIEW_NODES = 2000
"""The review budget: positions searched per position judged (about 0.3 s on 39x32 on this machine)."""
VERIFY = 4
"""The verification searches this many times the budget."""
FIRST_PLY = 8
"""Positions before this many moves are not looked at (the opening holds no tactics)."""
Kind = Literal["capture", "save", "win"]
"""What the solution does: wins dots (``capture``: the score difference after it is better than before), keeps
the opponent from capturing (``save``: every other move loses dots), or wins the game by grounding (``win``)."""


class Verdict(NamedTuple):
    """What ``judge`` found at a position."""

    best: Point
    """The best move."""
    value: float
    """Its value in dots, from the mover's side (a decided game: its final score difference)."""
    runner_up: float
    """The most any other move may be worth, in dots (an upper bound for the moves that fell short)."""
    decided: bool
    """The best move wins the game (a grounding that wins follows it)."""
    unique: bool
    """Exactly one move wins clearly: a puzzle."""
    kind: Kind
    found_at: int
    """The first iteration (plies: 1, 3, 5...) from which the best move stayed the best: how deep one must read."""
    capture: bool
    """The solution captures at once."""
    depth: int
    """The deepest iteration completed."""
    nodes: int


def judge(game: Game, *, nodes: int = REVIEW_NODES) -> Verdict:
    """Whether exactly one move wins clearly at ``game`` (for ``game.to_move``), within ``nodes`` positions.

    Raises ``ValueError`` when the game is over or its rules are not the sports rules with grounding (the search
    knows only those)."""
    if game.is_over:
        raise ValueError("the game is over")
    if game.settings.rules != "sports" or game.settings.stop_mode != "grounding":
        raise ValueError("puzzles are found under the sports rules with grounding")
    root = Position.of(game)
    p = root.to_move
    search = Search(root, STYLES["hard"], float("inf"), float("inf"), False)
    board = root.board
    candidates = search.moves(root, 0, everywhere=True)
    values: dict[int, float] = {}
    found: list[tuple[int, int, int]] = []
    captures: set[int] = set()
    for q in candidates:
        search.nodes += 1
        child = root.play(q)
        values[q] = -search.evaluate(child)
        if child.diff(p) > root.diff(p):
            captures.add(q)
        rank = search.threat_rank(root, child)
        if rank is not None:
            found.append((*rank, q))
    order = sorted(candidates, key=lambda q: (-values[q], q))
    best = order[0]
    bounds = dict(values)
    depth = found_at = 1
    search.node_limit = float(nodes)
    if len(candidates) > 1:
        try:
            search.keep_threats(p, found)
            other = root.passed()
            search.read_threats(other, search.moves(other, 0, everywhere=True))
            for d in range(3, 32, 2):
                top = order[:ROOT_MOVES]
                searched: dict[int, float] = {}
                leader = top[0]
                searched[leader] = -search.negamax(root.play(leader), d - 1, -2 * WIN, 2 * WIN)
                for q in top[1:]:
                    search.tick()
                    bar = _bar(searched[leader])
                    v = -search.negamax(root.play(q), d - 1, -2 * WIN, -bar)
                    if v > searched[leader]:
                        v = -search.negamax(root.play(q), d - 1, -2 * WIN, 2 * WIN)  # its exact value
                    searched[q] = v
                    if v > searched[leader]:
                        leader = q
                ranked = sorted(top, key=lambda q: (-searched[q], q))
                bounds = {**values, **searched}
                if ranked[0] != best:
                    found_at = d
                best = ranked[0]
                order = ranked + [q for q in order if q not in searched]
                depth = d
        except _OutOfTime:
            pass
    value = bounds[best]
    rest = [v for q, v in bounds.items() if q != best]
    runner_up = max(rest, default=-2 * WIN)
    decided = value >= WIN / 2
    unique = depth >= 3 and runner_up <= _bar(value)
    gain = _dots(value) - root.diff(p)
    kind: Kind = "win" if decided else "capture" if gain > 0 else "save"
    point = board.point(best)
    return Verdict(
        point,
        _dots(value),
        _dots(runner_up) if rest else _dots(-2 * WIN),
        decided,
        unique,
        kind,
        found_at,
        best in captures,
        depth,
        search.nodes,
    )


def _bar(value: float) -> float:
    """What another move must stay at or below for ``value``'s move to win clearly: ``GAP`` dots less, or, when
    ``value`` wins the game, anything that does not win it."""
    return WIN / 2 if value >= WIN / 2 else value - GAP


def verified(game: Game, verdict: Verdict, *, nodes: int = REVIEW_NODES) -> bool:
    """Whether ``verdict`` (a unique one, found within ``nodes``) holds again at ``VERIFY`` times the budget: the same
    move, unique again."""
    again = judge(game, nodes=nodes * VERIFY)
    return verdict.unique and again.unique and again.best == verdict.best


@dataclass
class Tally:
    """What ``find_puzzles`` looked at: positions judged, those unique at the budget, those verified."""

    judged: int = 0
    unique: int = 0
    verified: int = 0
    repeated: int = 0
    """Unique positions whose solution an earlier position of the game had already given."""


class Found(NamedTuple):
    """A puzzle found in a game: the position after ``ply`` of its dots, and the verdicts at both budgets."""

    ply: int
    position: Game
    verdict: Verdict


def searchable(settings: GameSettings, *, convert: bool = False) -> GameSettings | None:
    """The settings a game's positions are judged under: the sports rules (a STOP phase counts as grounding, which
    only changes how the game ends). ``None`` for rule sets the search does not know, unless ``convert``: then the
    same board under the sports rules (a record of another rule set replayed as far as the sports rules allow)."""
    if convert:
        return GameSettings(settings.width, settings.height, settings.start, settings.setup, seed=settings.seed)
    if settings.rules != "sports" or settings.first_move_region is not None or settings.instant_win:
        return None
    return dataclasses.replace(settings, stop_mode="grounding")


def find_puzzles(
    settings: GameSettings,
    moves: Sequence[Move],
    *,
    nodes: int = REVIEW_NODES,
    first: int = FIRST_PLY,
    convert: bool = False,
    tally: Tally | None = None,
) -> Iterator[Found]:
    """Every verified puzzle of a game, in the order of its moves: each position after ``first`` or more dots that
    ``judge`` finds unique within ``nodes`` and ``verified`` confirms. A solution found already at an earlier position
    of the game (the same move for the same side, left unplayed) is given once, at its first position. Nothing
    for rule sets the search does not know, unless ``convert`` (``searchable``). ``tally`` counts what was looked at."""
    rules = searchable(settings, convert=convert)
    if rules is None:
        return
    dots = [m for m in moves if m.kind is MoveKind.DOT]
    game = Game.from_settings(rules)
    seen: set[tuple[str, Point]] = set()
    tally = tally if tally is not None else Tally()
    for ply, move in enumerate(dots):
        if ply >= first and not game.is_over:
            verdict = judge(game, nodes=nodes)
            key = (game.to_move, verdict.best)
            tally.judged += 1
            tally.unique += verdict.unique
            if verdict.unique and key in seen:
                tally.repeated += 1
            elif verdict.unique and verified(game, verdict, nodes=nodes):
                tally.verified += 1
                seen.add(key)
                yield Found(ply, game.copy(), verdict)
        try:
            game.apply(move)
        except Exception:
            return  # a record the sports rules do not replay (it was played under others): no more positions
        if game.is_over:
            return


__all__ = [
    "FIRST_PLY",
    "GAP",
    "REVIEW_NODES",
    "VERIFY",
    "Found",
    "Kind",
    "Tally",
    "Verdict",
    "find_puzzles",
    "judge",
    "searchable",
    "verified",
]
