"""A search node: a private copy of the game plus, per colour, the *closers*: the empty points where a dot of that
colour would close a ring, with how many opponent dots in play that ring would capture (0: it would only make a
house). Children are made by playing one dot on a copy; the closers are then updated incrementally:

- any capture (step 1 or the house rule, step 2): both colours are rescanned over the whole board;
- the mover's dot touched two or more wall runs (it may have joined chains far apart): the mover is rescanned;
  otherwise only the points around the new dot can have become the mover's closers;
- the other colour's chains did not change, so its closers are the same points; only their values are recounted
  (the new dot may sit inside one of its pockets).
"""

from __future__ import annotations

import contextlib

from tochki_bot.engine import Game
from tochki_bot.engine.board import OPEN, WALL, Board

from .tactics import board_of, capture_value, closes_loop, wall_mask

_CELLS: dict[tuple[int, int], list[int]] = {}


def board_cells(width: int, height: int) -> list[int]:
    """Every cell index of the board (not the frame), row by row (a per-process cache of immutable data)."""
    key = (width, height)
    cells = _CELLS.get(key)
    if cells is None:
        s = width + 2
        cells = [y * s + x for y in range(1, height + 1) for x in range(1, width + 1)]
        _CELLS[key] = cells
    return cells


def scan_closers(board: Board, p: int, cells: list[int]) -> dict[int, int]:
    """The closers of colour ``p`` among ``cells``: point -> opponent dots in play its ring would capture."""
    rp = board._reach[p]
    dots, owner = board.dots, board.owner
    s = board.stride
    out: dict[int, int] = {}
    for q in cells:
        if dots[q] or owner[q] or rp[q] != OPEN:
            continue
        w = (
            (rp[q + 1] == WALL)
            + (rp[q - 1] == WALL)
            + (rp[q + s] == WALL)
            + (rp[q - s] == WALL)
            + (rp[q + s + 1] == WALL)
            + (rp[q + s - 1] == WALL)
            + (rp[q - s + 1] == WALL)
            + (rp[q - s - 1] == WALL)
        )
        if w < 2 or not closes_loop(board, p, q):
            continue
        out[q] = capture_value(board, p, q)
    return out


def scan_all(board: Board, p: int) -> dict[int, int]:
    """The closers of colour ``p`` on the whole board: only the cells next to its walls can be closers, and the
    walls are found with ``list.index`` (a C loop), which is several times faster than looking at every cell."""
    rp = board._reach[p]
    s = board.stride
    near: set[int] = set()
    i = -1
    index = rp.index
    with contextlib.suppress(ValueError):  # no wall after i: every wall was seen
        while True:
            i = index(WALL, i + 1)
            near.update((i + 1, i - 1, i + s, i - s, i + s + 1, i + s - 1, i - s + 1, i - s - 1))
    return scan_closers(board, p, sorted(near))


class Position:
    """A game copy with its closers; ``play`` returns a new position (the parent stays as it was)."""

    __slots__ = ("board", "closers", "game", "last", "to_move")

    def __init__(self, game: Game, closers: list[dict[int, int]] | None = None, last: tuple[int, ...] = ()) -> None:
        self.game = game
        self.board = board_of(game)
        self.to_move = 1 if game.to_move == "blue" else 2
        self.last = last
        if closers is None:
            closers = [{}, scan_all(self.board, 1), scan_all(self.board, 2)]
        self.closers = closers

    @classmethod
    def of(cls, game: Game) -> Position:
        """The root position: a copy of ``game`` (never touched) with full scans; ``last`` from its move list."""
        twin = game.copy()
        board = board_of(twin)
        last = tuple(board.index(*m.point) for m in game.moves[-4:] if m.point is not None)
        return cls(twin, None, last)

    def passed(self) -> Position:
        """The same position with the other side to move, as if the side to move passed (to read the other side's
        threats). It shares the game and closers with ``self``; ``play`` copies before it changes anything."""
        twin = Position(self.game, self.closers, self.last)
        twin.to_move = 3 - self.to_move
        return twin

    def threats(self, p: int) -> dict[int, int]:
        """The closers of ``p`` that capture something now."""
        return {q: v for q, v in self.closers[p].items() if v}

    def diff(self, p: int) -> int:
        """Score of ``p`` minus the opponent's."""
        s = self.board.score
        return s[p] - s[3 - p]

    def play(self, q: int) -> Position:
        """The position after the side to move puts a dot on the empty playable cell ``q``."""
        g = self.game.copy()
        board = board_of(g)
        p = self.to_move
        o = 3 - p
        areas = len(board.areas)
        rp = board._reach[p]
        s = board.stride
        # Wall runs around q before the move: two or more may join chains (the mover's closers can move far).
        m = wall_mask(rp, q, s)
        joins = len(board._run_offs[m]) >= 2
        g._put(q, p)
        last = (*self.last[-3:], q)
        if len(board.areas) != areas:
            return Position(g, None, last)
        closers: list[dict[int, int]] = [{}, {}, {}]
        # The other colour: same closers (its walls did not change), values recounted.
        mine = self.closers[o]
        theirs: dict[int, int] = {}
        for c in mine:
            if c != q:
                theirs[c] = capture_value(board, o, c)
        closers[o] = theirs
        if joins:
            closers[p] = scan_all(board, p)
        else:
            own = {c: v for c, v in self.closers[p].items() if c != q}
            around = [q + 1, q - 1, q + s, q - s, q + s + 1, q + s - 1, q - s + 1, q - s - 1]
            own.update(scan_closers(board, p, around))
            closers[p] = own
        return Position(g, closers, last)
