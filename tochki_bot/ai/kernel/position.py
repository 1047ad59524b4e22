"""Search nodes compiled: a stack of positions, one per ply, each a board (``kernel.board``) plus per colour its
*closers* (the empty points where a dot of that colour would close a ring, with the opponent dots in play it would
capture and the cells it would enclose, its *region*, as a bitset), the Zobrist key of its dots, the side to move
and the latest moves. The same incremental rules as ``tochki_bot.ai.position.Position.play``:

- a capture: both colours' closers are scanned again over the whole board;
- the mover's dot joined chains: the points next to the joined chain are scanned again (a closer none of whose
  wall runs is on that chain keeps its value and region);
- otherwise only the points around the new dot can have become the mover's closers, or stopped being ones;
- the other colour keeps its closers; one whose region holds the new dot captures one dot more.

The arrays (made by ``kernel.Kernel``), as two tuples:

``S``, one row per ply: ``dots``, ``owner`` (int8), ``reach`` (int8, 3 rows a ply), ``parent`` (int32), ``st``
(int32: playable points, blue's score, red's), ``key`` (uint64), ``last`` (the latest 4 moves, -1 for none),
``tomove``, ``cn`` (closers per colour), ``cpt``, ``cval`` (each closer's point and value) and ``creg`` (its
region, a bitset of words).

``T``, shared: the grid's tables (``runs``, ``nruns``, ``seeds``, ``toward``: ``kernel.board``), the Zobrist
numbers, the floods' and the node's scratch (no node allocates memory) and the width and height.

``play(S, T, ply, q)`` makes ply ``ply + 1`` from ply ``ply``. ``tests/ai/test_kernel.py`` checks every position
against the engine and against the pure Python closers.
"""

from __future__ import annotations

import numpy as np

from .board import OPEN, WALL, find, place, sides, split, wall_mask
from .jit import Array, Arrays, Int, compiled, inlined

ONE = np.uint64(1)


@inlined
def has_bit(bits: Array, cell: Int) -> bool:
    """Whether ``cell`` is in the bitset ``bits``."""
    return bool((bits[cell >> 6] >> np.uint64(cell & 63)) & ONE != 0)


@inlined
def clear_bit(bits: Array, cell: Int) -> None:
    bits[cell >> 6] &= ~(ONE << np.uint64(cell & 63))


@inlined
def copy_into(dst: Array, src: Array) -> None:
    """``dst[:] = src`` for one-dimensional arrays of one length, as a plain loop: numba's slice assignment goes
    through a general strided copy, 20 times slower on the short rows a node copies."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@inlined
def clear(bits: Array) -> None:
    """``bits[:] = 0`` as a plain loop (``copy_into``'s reason)."""
    for i in range(bits.shape[0]):
        bits[i] = 0


@compiled
def closer_at(S: Arrays, T: Arrays, ply: Int, p: Int, q: Int, region: Array) -> int:
    """For the cell ``q`` of ply ``ply``: -1 when a dot of ``p`` there cannot close a ring, else the opponent dots in
    play the ring would capture (0: only a house); the enclosed cells are put in the bitset ``region`` (cleared
    first). ``scan_closers`` of ``tochki_bot.ai.position`` for one point."""
    dots, owner, reach, parent = S[0][ply], S[1][ply], S[2][ply], S[3][ply]
    runs, nruns, seeds, toward = T[:4]
    mark, stamp, cells, ncells, stacks, nstack = T[5:11]
    width, height = T[-2], T[-1]
    s = width + 2
    rp = reach[p]
    if dots[q] or owner[q] or rp[q] != OPEN:
        return -1
    m = wall_mask(rp, q, s)
    k = nruns[m]
    if k < 2:
        return -1
    roots = np.empty(4, np.int64)
    dup = False
    for i in range(k):
        roots[i] = find(parent, q + runs[m, i])
        for j in range(i):
            if roots[j] == roots[i]:
                dup = True
    if not dup:
        return -1
    offs = np.empty(4, np.int64)
    ns = sides(seeds[m], roots, k, offs)
    enc = np.empty(4, np.int64)
    rp[q] = WALL
    nenc = split(q, offs, ns, rp, width, height, s, toward, mark, stamp, cells, ncells, stacks, nstack, enc)
    rp[q] = OPEN
    clear(region)
    o = 3 - p
    v = 0
    for e in range(nenc):
        g = enc[e]
        for i in range(ncells[g]):
            c = cells[g, i]
            region[c >> 6] |= ONE << np.uint64(c & 63)
            if dots[c] == o and owner[c] == 0:
                v += 1
    return v


@inlined
def _add(S: Arrays, ply: Int, p: Int, q: Int, v: Int, region: Array) -> None:
    """Append closer ``q`` (value ``v``, its region) to colour ``p``'s list at ply ``ply`` (dropped when full)."""
    cn, cpt, cval, creg = S[8], S[9], S[10], S[11]
    i = cn[ply, p]
    if i < cpt.shape[2]:
        cpt[ply, p, i] = q
        cval[ply, p, i] = v
        copy_into(creg[ply, p, i], region)
        cn[ply, p] = i + 1


@compiled
def scan_all(S: Arrays, T: Arrays, ply: Int, p: Int) -> None:
    """Colour ``p``'s closers at ply ``ply`` from a scan of the whole board (cells open, empty, unowned, with two
    walls around or more)."""
    dots, owner, reach = S[0][ply], S[1][ply], S[2][ply]
    width, height = T[-2], T[-1]
    region = T[14]
    s = width + 2
    rp = reach[p]
    S[8][ply, p] = 0
    for y in range(1, height + 1):
        row = y * s
        for x in range(1, width + 1):
            q = row + x
            if dots[q] or owner[q] or rp[q] != OPEN:
                continue
            w = 0
            if rp[q + 1] == WALL:
                w += 1
            if rp[q - 1] == WALL:
                w += 1
            if rp[q + s] == WALL:
                w += 1
            if rp[q - s] == WALL:
                w += 1
            if rp[q + s + 1] == WALL:
                w += 1
            if rp[q + s - 1] == WALL:
                w += 1
            if rp[q - s + 1] == WALL:
                w += 1
            if rp[q - s - 1] == WALL:
                w += 1
            if w < 2:
                continue
            v = closer_at(S, T, ply, p, q, region)
            if v >= 0:
                _add(S, ply, p, q, v, region)


@compiled
def copy_board(S: Arrays, a: Int, b: Int) -> None:
    """Ply ``a``'s board, key, side to move and latest moves copied to ply ``b`` (not its closers)."""
    copy_into(S[0][b], S[0][a])
    copy_into(S[1][b], S[1][a])
    copy_into(S[2][b, 1], S[2][a, 1])
    copy_into(S[2][b, 2], S[2][a, 2])
    copy_into(S[3][b], S[3][a])
    copy_into(S[4][b], S[4][a])
    S[5][b] = S[5][a]
    copy_into(S[6][b], S[6][a])
    S[7][b] = S[7][a]


@compiled
def copy_closers(S: Arrays, a: Int, b: Int, p: Int) -> None:
    """Colour ``p``'s closers of ply ``a`` copied to ply ``b``."""
    n = S[8][a, p]
    S[8][b, p] = n
    for i in range(n):
        S[9][b, p, i] = S[9][a, p, i]
        S[10][b, p, i] = S[10][a, p, i]
        copy_into(S[11][b, p, i], S[11][a, p, i])


@compiled
def play(S: Arrays, T: Arrays, ply: Int, q: Int) -> int:
    """Ply ``ply + 1``: ply ``ply`` after its side to move puts a dot on the empty playable cell ``q``. Returns how
    many capture areas the dot made."""
    runs, nruns, seeds, toward, zob, mark, stamp, cells, ncells, stacks, nstack, area, buf = T[:13]
    width, height = T[-2], T[-1]
    s = width + 2
    c = ply + 1
    copy_board(S, ply, c)
    dots, owner, reach, parent, st = S[0][c], S[1][c], S[2][c], S[3][c], S[4][c]
    p = S[7][ply]
    o = 3 - p
    rp = reach[p]
    joins = nruns[wall_mask(rp, q, s)] >= 2
    made = place(
        q,
        p,
        dots,
        owner,
        reach,
        parent,
        st,
        width,
        height,
        runs,
        nruns,
        seeds,
        toward,
        mark,
        stamp,
        cells,
        ncells,
        stacks,
        nstack,
        area,
        buf,
    )
    S[5][c] = S[5][ply] ^ zob[p, q]
    last = S[6][c]
    last[0] = last[1]
    last[1] = last[2]
    last[2] = last[3]
    last[3] = q
    S[7][c] = o
    if made:
        scan_all(S, T, c, np.int64(1))
        scan_all(S, T, c, np.int64(2))
        return made
    cn, cpt, cval, creg = S[8], S[9], S[10], S[11]
    # The other colour: the same closers; one whose region holds q captures one dot more.
    n = 0
    for i in range(cn[ply, o]):
        cq = cpt[ply, o, i]
        if cq == q:
            continue
        cpt[c, o, n] = cq
        cval[c, o, n] = cval[ply, o, i] + (1 if has_bit(creg[ply, o, i], q) else 0)
        copy_into(creg[c, o, n], creg[ply, o, i])
        n += 1
    cn[c, o] = n
    lk_stamp, lk_idx, near = T[15], T[16], T[17]
    region = T[14]
    stamp[0] += 1
    st_near = stamp[0]
    nnear = 0
    x = -1
    if joins:
        # Only the points next to the joined chain can have changed. Its dots are found from q through the 8
        # neighbours of the colour's dots (placed there, in play or not: the union-find joined them when they were
        # neighbours), keeping the walls whose root is the chain's.
        x = find(parent, q)
        visit, todo = T[18], T[12]
        stamp[0] += 1
        st_visit = stamp[0]
        visit[q] = st_visit
        todo[0] = q
        ntodo = 1
        while ntodo:
            ntodo -= 1
            i = todo[ntodo]
            if rp[i] == WALL and find(parent, i) == x:
                for nb in (i + 1, i - 1, i + s, i - s, i + s + 1, i + s - 1, i - s + 1, i - s - 1):
                    if mark[nb] != st_near:
                        mark[nb] = st_near
                        near[nnear] = nb
                        nnear += 1
            for nb in (i + 1, i - 1, i + s, i - s, i + s + 1, i + s - 1, i - s + 1, i - s - 1):
                if dots[nb] == p and visit[nb] != st_visit:
                    visit[nb] = st_visit
                    todo[ntodo] = nb
                    ntodo += 1
    else:
        # Only the points around q can have become closers, or stopped being ones.
        for nb in (q + 1, q - 1, q + s, q - s, q + s + 1, q + s - 1, q - s + 1, q - s - 1):
            mark[nb] = st_near
            near[nnear] = nb
            nnear += 1
    mark[q] = st_near
    # Keep the mover's closers away from those points (q leaves their regions).
    n = 0
    stamp[0] += 1
    st_old = stamp[0]
    for i in range(cn[ply, p]):
        cq = cpt[ply, p, i]
        if mark[cq] == st_near:
            if joins:
                lk_stamp[cq] = st_old
                lk_idx[cq] = i
            continue
        cpt[c, p, n] = cq
        cval[c, p, n] = cval[ply, p, i]
        copy_into(creg[c, p, n], creg[ply, p, i])
        clear_bit(creg[c, p, n], q)
        n += 1
    cn[c, p] = n
    for j in range(nnear):
        cq = near[j]
        # A closer before: it keeps its value and region unless one of its runs is on the joined chain.
        if joins and lk_stamp[cq] == st_old and cq != q and dots[cq] == 0 and owner[cq] == 0 and rp[cq] == OPEN:
            m = wall_mask(rp, cq, s)
            k = nruns[m]
            if k >= 2:
                on_chain = False
                roots = np.empty(4, np.int64)
                dup = False
                for i in range(k):
                    roots[i] = find(parent, cq + runs[m, i])
                    if roots[i] == x:
                        on_chain = True
                    for jj in range(i):
                        if roots[jj] == roots[i]:
                            dup = True
                if dup and not on_chain:
                    i = lk_idx[cq]
                    copy_into(region, creg[ply, p, i])
                    clear_bit(region, q)
                    _add(S, c, p, cq, cval[ply, p, i], region)
                    continue
        v = closer_at(S, T, c, p, cq, region)
        if v >= 0:
            _add(S, c, p, cq, v, region)
    return 0
