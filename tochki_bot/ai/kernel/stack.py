"""The arrays of a compiled search, made for a board size and loaded from a ``Game`` (``kernel.position`` says what
``S`` and ``T`` hold, ``kernel.search`` what ``W`` holds)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tochki_bot.ai.position import zobrist
from tochki_bot.engine import Game
from tochki_bot.engine.board import _offset_tables

from .position import scan_all

MAX_PLY = 40
"""Plies a search may go below its root (the stack's rows)."""
MAX_CLOSERS = 256
"""Closers kept per colour and position (more are dropped: only the evaluation and move ordering read them)."""
TABLE_BITS = 19
"""The transposition table holds 2**TABLE_BITS entries."""

_TABLES: dict[int, tuple[np.ndarray, ...]] = {}


def tables(stride: int) -> tuple[np.ndarray, ...]:
    """The engine's neighbourhood tables as offset arrays for a grid of ``stride``: runs, nruns, seeds, toward."""
    t = _TABLES.get(stride)
    if t is None:
        runs_t, seeds_t = _offset_tables(stride)
        runs = np.zeros((256, 4), np.int64)
        nruns = np.zeros(256, np.int64)
        seeds = np.zeros((256, 4), np.int64)
        for m in range(256):
            nruns[m] = len(runs_t[m])
            runs[m, : len(runs_t[m])] = runs_t[m]
            seeds[m, : len(seeds_t[m])] = seeds_t[m]
        s = stride
        toward = np.array([(s, -s, 1, -1), (s, -s, -1, 1), (1, -1, s, -s), (1, -1, -s, s)], np.int64)
        t = _TABLES[stride] = (runs, nruns, seeds, toward)
    return t


def make(game: Game, plies: int = MAX_PLY) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """``(S, T, W)`` for ``game``'s board size, with ``game``'s position loaded at ply 0."""
    b = game._board
    n = len(b.dots)
    words = (n + 63) // 64
    rows = plies + 2
    S = (
        np.zeros((rows, n), np.int8),  # dots
        np.zeros((rows, n), np.int8),  # owner
        np.zeros((rows, 3, n), np.int8),  # reach
        np.zeros((rows, n), np.int32),  # parent
        np.zeros((rows, 3), np.int32),  # playable, blue's score, red's
        np.zeros(rows, np.uint64),  # key
        np.full((rows, 4), -1, np.int64),  # the latest moves, oldest first
        np.zeros(rows, np.int64),  # side to move
        np.zeros((rows, 3), np.int64),  # closers per colour
        np.zeros((rows, 3, MAX_CLOSERS), np.int64),  # their points
        np.zeros((rows, 3, MAX_CLOSERS), np.int64),  # their values
        np.zeros((rows, 3, MAX_CLOSERS, words), np.uint64),  # their regions
    )
    z = zobrist(n)
    zob = np.zeros((3, n), np.uint64)
    zob[1] = np.array(z[1], np.uint64)
    zob[2] = np.array(z[2], np.uint64)
    runs, nruns, seeds, toward = tables(b.stride)
    T = (
        runs,
        nruns,
        seeds,
        toward,
        zob,
        np.zeros(n, np.int64),  # mark
        np.zeros(1, np.int64),  # stamp
        np.zeros((4, n), np.int64),  # cells of the floods' groups
        np.zeros(4, np.int64),
        np.zeros((4, n), np.int64),  # their stacks
        np.zeros(4, np.int64),
        np.zeros(n, np.int64),  # area
        np.zeros(n, np.int64),  # buf
        np.zeros(words, np.uint64),  # a spare region
        np.zeros(words, np.uint64),  # region
        np.zeros(n, np.int64),  # lookup stamp
        np.zeros(n, np.int64),  # lookup index
        np.zeros(n, np.int64),  # near
        np.zeros(n, np.int64),  # visited (the chain's dots)
        np.zeros((4, 2), np.int64),  # the latest moves' x and y
        b.width,
        b.height,
    )
    size = 1 << TABLE_BITS
    W = (
        np.zeros(size, np.uint64),  # table: key
        np.zeros(size, np.int64),  # depth (0: empty)
        np.zeros(size, np.float64),  # value
        np.zeros(size, np.int8),  # flag
        np.zeros(size, np.int64),  # best move
        np.full((rows, 2), -1, np.int64),  # killers
        np.full((3, 16), -1, np.int64),  # threat moves per colour
        np.zeros(3, np.int64),
        np.zeros((rows, n), np.int64),  # moves per ply
        np.zeros(n, np.int64),  # seen
        np.zeros(n, np.int64),  # scratch
        np.zeros(n, np.int64),
        np.zeros(n, np.float64),
        np.zeros((rows, 6), np.int64),  # negamax's frames
        np.zeros((rows, 5), np.float64),
        np.zeros((n, 3), np.int64),  # threat moves found
    )
    load(S, T, W, game)
    return S, T, W


def load(S: tuple[Any, ...], T: tuple[Any, ...], W: tuple[Any, ...], game: Game) -> None:
    """Put ``game``'s position at ply 0 (its closers scanned) and empty the table, the killers and the threats."""
    b = game._board
    S[0][0] = b.dots
    S[1][0] = b.owner
    for c in range(3):
        S[2][0, c] = b._reach[c]
    S[3][0] = b._parent
    S[4][0] = (b.playable, b.score[1], b.score[2])
    zob = T[4]
    k = np.uint64(0)
    for q, d in enumerate(b.dots):
        if d:
            k ^= zob[d, q]
    S[5][0] = k
    moves = [b.index(*m.point) for m in game.moves[-4:] if m.point is not None]
    S[6][0] = -1
    if moves:
        S[6][0, 4 - len(moves) :] = moves
    S[7][0] = 1 if game.to_move == "blue" else 2
    for colour in (1, 2):
        scan_all(S, T, 0, colour)
    W[1][:] = 0
    W[5][:] = -1
    W[6][:] = -1
    W[7][:] = 0
