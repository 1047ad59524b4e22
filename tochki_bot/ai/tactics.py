"""Tactical reading on the engine's own incremental board: which points capture now, which are houses.

The engine's ``Board`` keeps, per colour, a reach map (wall / open / enclosed per cell) and a union-find over the
colour's dots. A dot at ``q`` can only capture when it links two wall runs around ``q`` that already belong to one
chain; only then does the engine flood. ``capture_value`` asks exactly that question without placing the dot: it
reuses the engine's neighbourhood tables and its lockstep flood (``Board._split``), so it agrees with ``Game.play``
by construction (``tests/ai/test_ai.py`` checks it against real moves on random games of every size).

Everything here works on a *private copy* of a game (``Position``): the flood uses the copy's scratch marks and the
union-find lookups do not compress paths, so the caller's game is never touched.
"""

from __future__ import annotations

from collections.abc import Sequence

from tochki_bot.engine import Game
from tochki_bot.engine.board import ENCLOSED, OPEN, WALL, Board, _sides


def board_of(game: Game) -> Board:
    """The engine board behind a game (read-only use, or on a copy)."""
    return game._board


def _root(parent: list[int], x: int) -> int:
    while (px := parent[x]) != x:
        x = px
    return x


def wall_mask(rp: Sequence[int], q: int, s: int) -> int:
    """Which of the 8 neighbours of ``q`` are walls in the reach map ``rp`` (row stride ``s``): the key of the
    engine's run tables (``Board._run_offs``, ``Board._seed_offs``)."""
    m = 0
    if rp[q + 1] == WALL:
        m = 1
    if rp[q + s + 1] == WALL:
        m |= 2
    if rp[q + s] == WALL:
        m |= 4
    if rp[q + s - 1] == WALL:
        m |= 8
    if rp[q - 1] == WALL:
        m |= 16
    if rp[q - s - 1] == WALL:
        m |= 32
    if rp[q - s] == WALL:
        m |= 64
    if rp[q - s + 1] == WALL:
        m |= 128
    return m


def _joined_runs(board: Board, p: int, q: int) -> tuple[int, list[int]] | None:
    """For the open cell ``q``: the wall mask around it and the union-find roots of its wall runs, when a dot of
    ``p`` there would link two runs of one chain (a ring may close); ``None`` when it cannot."""
    rp = board._reach[p]
    if rp[q] != OPEN:
        return None
    m = wall_mask(rp, q, board.stride)
    reps = board._run_offs[m]
    if len(reps) < 2:
        return None
    parent = board._parent
    roots = [_root(parent, q + off) for off in reps]
    return (m, roots) if len(set(roots)) < len(roots) else None


_NOTHING: frozenset[int] = frozenset()


def capture_value(board: Board, p: int, q: int) -> int:
    """How many opponent dots in play a dot of colour ``p`` on the empty cell ``q`` would enclose (0: none).

    The count is of dots that would be captured by step 1 of a move (5.1-5.11); the score gain can differ when an
    area also frees own dots taken earlier (6.4). ``q`` must be empty and playable.
    """
    joined = _joined_runs(board, p, q)
    if joined is None:
        return 0
    return _enclosed_value(board, p, q, *joined)[0]


def _enclosed_value(board: Board, p: int, q: int, m: int, roots: list[int]) -> tuple[int, frozenset[int]]:
    """For a dot of ``p`` on ``q`` that links the runs ``roots`` (wall mask ``m``): the opponent dots in play it
    would enclose and the cells it would enclose."""
    rp = board._reach[p]
    rp[q] = WALL
    try:
        enclosed = board._split(q, _sides(board._seed_offs[m], roots), rp)
    finally:
        rp[q] = OPEN
    if not enclosed:
        return 0, _NOTHING
    o = 3 - p
    dots, owner = board.dots, board.owner
    n = 0
    cells: list[int] = []
    for comp in enclosed:
        cells.extend(comp)
        for c in comp:
            if dots[c] == o and owner[c] == 0:
                n += 1
    return n, frozenset(cells)


def closer_region(board: Board, p: int, q: int) -> tuple[int, frozenset[int]] | None:
    """``None`` when a dot of ``p`` on the open cell ``q`` cannot close a ring; else what ``capture_value`` counts
    and the cells the ring would enclose (the *region*: an opponent dot put there later adds one to the count,
    a dot anywhere else leaves it as it is, as long as nothing is captured)."""
    joined = _joined_runs(board, p, q)
    if joined is None:
        return None
    return _enclosed_value(board, p, q, *joined)


def closes_loop(board: Board, p: int, q: int) -> bool:
    """True when a dot of ``p`` on ``q`` would link two runs of one chain (a possible ring; cheap prefilter)."""
    return _joined_runs(board, p, q) is not None


def in_house(board: Board, p: int, q: int) -> bool:
    """True when ``q`` is enclosed by the opponent of ``p``: a dot of ``p`` there is captured unless it captures."""
    return board._reach[3 - p][q] == ENCLOSED


def threats(board: Board, p: int, cells: list[int]) -> dict[int, int]:
    """Every cell of ``cells`` (empty, playable) where a dot of ``p`` would capture, with the dots it would take."""
    rp = board._reach[p]
    dots, owner = board.dots, board.owner
    s = board.stride
    out: dict[int, int] = {}
    for q in cells:
        if dots[q] or owner[q] or rp[q] != OPEN:
            continue
        # Quick reject: fewer than two orthogonal/diagonal walls around q cannot close anything.
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
        if w < 2:
            continue
        v = capture_value(board, p, q)
        if v:
            out[q] = v
    return out
