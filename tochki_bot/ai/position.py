"""A search node: a private copy of the game plus, per colour, the *closers*: the empty points where a dot of that
colour would close a ring, with how many opponent dots in play that ring would capture (0: it would only make a
house), and each closer's *region*: the cells that ring would enclose. Children are made by playing one dot on a
copy; the closers are then updated incrementally:

- any capture (step 1 or the house rule, step 2): both colours are rescanned over the whole board;
- the mover's dot touched two or more wall runs (it may have joined chains far apart): the points next to the
  joined chain are rescanned (a closer none of whose runs is on that chain keeps its value and region);
  otherwise only the points around the new dot can have become the mover's closers, or stopped being ones;
- the other colour's chains did not change, so its closers and regions are the same; a closer whose region holds
  the new dot captures one dot more (no flood needed).

The private board holds its per-cell maps as ``bytearray`` (``compact``: a node's copy is a ``memcpy``), and a full
scan looks only at the cells a bit-parallel filter keeps (``_candidates``: open, empty, two walls around or more).

``tests/ai/test_closers.py`` checks all of it against a full scan after every move of random games."""

from __future__ import annotations

import contextlib
import random
import re

from tochki_bot.engine import Game
from tochki_bot.engine.board import OPEN, WALL, Board

from .tactics import _enclosed_value, board_of, wall_mask

_CELLS: dict[tuple[int, int], list[int]] = {}
_ZOBRIST: dict[int, tuple[list[int], list[int], list[int]]] = {}


def zobrist(size: int) -> tuple[list[int], list[int], list[int]]:
    """Per colour, a fixed random 64-bit number for each cell of a padded grid of ``size`` cells: a position's
    key is the exclusive or of those of its dots (a per-process cache; the same numbers in every process)."""
    table = _ZOBRIST.get(size)
    if table is None:
        rng = random.Random(size)
        table = ([], [rng.getrandbits(64) for _ in range(size)], [rng.getrandbits(64) for _ in range(size)])
        _ZOBRIST[size] = table
    return table


def board_cells(width: int, height: int) -> list[int]:
    """Every cell index of the board (not the frame), row by row (a per-process cache of immutable data)."""
    key = (width, height)
    cells = _CELLS.get(key)
    if cells is None:
        s = width + 2
        cells = [y * s + x for y in range(1, height + 1) for x in range(1, width + 1)]
        _CELLS[key] = cells
    return cells


Closers = dict[int, int]
"""Per colour: closer point -> opponent dots in play its ring would capture."""
Regions = dict[int, frozenset[int]]
"""Per colour: closer point -> the cells its ring would enclose (see ``tactics.closer_region``)."""


def scan_closers(
    board: Board,
    p: int,
    cells: list[int],
    regions: Regions | None = None,
    old: tuple[Closers, Regions] | None = None,
    merged: int = -1,
    moved: int = -1,
) -> dict[int, int]:
    """The closers of colour ``p`` among ``cells``: point -> opponent dots in play its ring would capture.

    Their regions are put in ``regions`` when given. With ``old`` (the closers and regions of the parent
    position) and ``merged`` (the root of the chain the last dot of ``p``, on ``moved``, made), a closer none of
    whose wall runs is on that chain keeps its old value and region (less ``moved``): nothing it would enclose
    has changed."""
    rp = board._reach[p]
    dots, owner = board.dots, board.owner
    s = board.stride
    parent = board._parent
    run_offs = board._run_offs
    out: dict[int, int] = {}
    old_values, old_regions = old if old is not None else ({}, {})
    for q in cells:
        if dots[q] or owner[q] or rp[q] != OPEN:
            continue
        m = wall_mask(rp, q, s)
        reps = run_offs[m]
        if len(reps) < 2:
            continue
        roots = []
        for off in reps:
            x = q + off
            while (px := parent[x]) != x:
                x = px
            roots.append(x)
        if len(set(roots)) == len(roots):
            continue
        if q in old_values and merged not in roots:
            out[q] = old_values[q]
            if regions is not None:
                r = old_regions[q]
                regions[q] = r - {moved} if moved in r else r
            continue
        v, region = _enclosed_value(board, p, q, m, roots)
        out[q] = v
        if regions is not None:
            regions[q] = region
    return out


def _near_chain(board: Board, p: int, root: int) -> set[int]:
    """Every cell next to a dot of the chain of ``p`` whose union-find root is ``root``."""
    rp = board._reach[p]
    parent = board._parent
    s = board.stride
    near: set[int] = set()
    i = -1
    index = rp.index
    with contextlib.suppress(ValueError):
        while True:
            i = index(WALL, i + 1)
            x = i
            while (px := parent[x]) != x:
                x = px
            if x == root:
                near.update((i + 1, i - 1, i + s, i - s, i + s + 1, i + s - 1, i - s + 1, i - s - 1))
    return near


def compact(board: Board) -> None:
    """Hold the private board's per-cell maps (dots, owners, reach maps) as ``bytearray`` instead of lists: the
    engine reads and writes them by index and slice alike, and copying one, which every search node does, is a
    ``memcpy`` instead of a list copy (several times faster on a big board)."""
    board.dots = bytearray(board.dots)
    board.owner = bytearray(board.owner)
    board._reach = [bytearray(r) for r in board._reach]


_WALL_BYTE = bytes(int(v == WALL) for v in range(256))
"""``bytes.translate`` table: a reach-map value to 1 for a wall, else 0."""
_OPEN_BYTE = bytes(0x80 if v == OPEN else 0 for v in range(256))
"""``bytes.translate`` table: a reach-map value to 0x80 when open, else 0."""
_EMPTY_BYTE = bytes(0x80 if v == 0 else 0 for v in range(256))
"""``bytes.translate`` table: a dot or owner code to 0x80 when 0 (none), else 0."""


_FILLS: dict[tuple[int, int], int] = {}


def _fill(n: int, byte: int) -> int:
    """The integer whose ``n`` bytes are all ``byte`` (a per-process cache)."""
    value = _FILLS.get((n, byte))
    if value is None:
        value = _FILLS[n, byte] = int.from_bytes(bytes((byte,)) * n, "little")
    return value


_HIT = re.compile(b"\x80")
"""A set top bit: a cell ``_candidates`` keeps."""


def _spread(cells: int, s: int) -> int:
    """``cells`` (a byte per cell, each 0 or 1) summed over the 8 neighbours of every cell: each byte of the result
    holds how many of its neighbours are set (at most 8, so nothing carries into the next byte)."""
    count = 0
    for off in (1, s + 1, s, s - 1):
        k = 8 * off
        count += (cells >> k) + (cells << k)
    return count


def _candidates(board: Board, p: int) -> list[int]:
    """Every empty, unowned cell open for ``p`` with two walls of ``p`` or more among its 8 neighbours (only those
    can be closers), in index order. Computed a byte per cell in Python's big integers, with no loop over cells:
    the wall map is summed over the 8 neighbour offsets (``_spread``); 0x7E added to a byte sets its top bit
    exactly when its count is 2 or more; that is masked with 0x80 for the cells open, empty and unowned."""
    rp = bytes(board._reach[p])
    n = len(rp)
    ok = int.from_bytes(rp.translate(_OPEN_BYTE), "little")
    ok &= int.from_bytes(bytes(board.dots).translate(_EMPTY_BYTE), "little")
    ok &= int.from_bytes(bytes(board.owner).translate(_EMPTY_BYTE), "little")
    two = _spread(int.from_bytes(rp.translate(_WALL_BYTE), "little"), board.stride) + _fill(n, 0x7E)
    hits = (two & ok).to_bytes(n, "little")
    return [m.start() for m in _HIT.finditer(hits)]


def scan_all(board: Board, p: int, regions: Regions | None = None) -> dict[int, int]:
    """The closers of colour ``p`` on the whole board (with their regions in ``regions`` when given)."""
    return scan_closers(board, p, _candidates(board, p), regions)


class Position:
    """A game copy with its closers; ``play`` returns a new position (the parent stays as it was)."""

    __slots__ = ("board", "closers", "game", "key", "last", "regions", "to_move")

    def __init__(
        self,
        game: Game,
        closers: list[Closers] | None = None,
        last: tuple[int, ...] = (),
        regions: list[Regions] | None = None,
        key: int | None = None,
    ) -> None:
        self.game = game
        self.board = board_of(game)
        if key is None:
            z = zobrist(len(self.board.dots))
            key = 0
            for q, d in enumerate(self.board.dots):
                if d:
                    key ^= z[d][q]
        self.key = key
        """The Zobrist key of the dots on the board (with the score, it tells positions apart for the search's
        transposition table)."""
        self.to_move = 1 if game.to_move == "blue" else 2
        self.last = last
        if closers is None or regions is None:
            regions = [{}, {}, {}]
            closers = [{}, scan_all(self.board, 1, regions[1]), scan_all(self.board, 2, regions[2])]
        self.closers = closers
        self.regions = regions

    @classmethod
    def of(cls, game: Game) -> Position:
        """The root position: a copy of ``game`` (never touched) with full scans; ``last`` from its move list."""
        twin = game.copy()
        board = board_of(twin)
        compact(board)
        last = tuple(board.index(*m.point) for m in game.moves[-4:] if m.point is not None)
        return cls(twin, None, last)

    def passed(self) -> Position:
        """The same position with the other side to move, as if the side to move passed (to read the other side's
        threats). It shares the game and closers with ``self``; ``play`` copies before it changes anything."""
        twin = Position(self.game, self.closers, self.last, self.regions, self.key)
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
        key = self.key ^ zobrist(len(board.dots))[p][q]
        if len(board.areas) != areas:
            return Position(g, None, last, None, key)
        closers: list[Closers] = [{}, {}, {}]
        regions: list[Regions] = [{}, {}, {}]
        # The other colour: same closers and regions (its walls did not change); a closer whose region holds q
        # would capture one dot more.
        old = self.regions[o]
        theirs: dict[int, int] = {}
        for c, v in self.closers[o].items():
            if c != q:
                theirs[c] = v + 1 if q in old[c] else v
        closers[o] = theirs
        regions[o] = {c: r for c, r in old.items() if c != q} if q in old else old
        if joins:
            parent = board._parent
            x = q
            while (px := parent[x]) != x:
                x = px
            # Only the points next to the joined chain can have changed.
            near = _near_chain(board, p, x)
            own = {c: v for c, v in self.closers[p].items() if c not in near and c != q}
            mine = {c: r - {q} if q in r else r for c, r in self.regions[p].items() if c not in near and c != q}
            own.update(scan_closers(board, p, sorted(near), mine, (self.closers[p], self.regions[p]), x, q))
            closers[p] = own
            regions[p] = mine
        else:
            # Only the points around q can have become closers, or stopped being ones (q can fill the gap
            # between two wall runs around them).
            around = [q + 1, q - 1, q + s, q - s, q + s + 1, q + s - 1, q - s + 1, q - s - 1]
            gone = {q, *around}
            own = {c: v for c, v in self.closers[p].items() if c not in gone}
            mine = {c: r - {q} if q in r else r for c, r in self.regions[p].items() if c not in gone}
            own.update(scan_closers(board, p, around, mine))
            closers[p] = own
            regions[p] = mine
        return Position(g, closers, last, regions, key)
