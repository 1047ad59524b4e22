"""The engine's capture rules compiled: a board as plain arrays and ``place``, the same algorithm as
``tochki_bot.engine.board.Board.place`` step for step (reach maps, union-find, the lockstep flood of the sides of a
dot that closes a chain, the area with its holes, recapture and reopening), so that a search can make millions of
moves a minute. Captures only: no rings to draw, no areas to record.

A board is a set of arrays over the padded grid of the engine (``index = y * (width + 2) + x``):

- ``dots`` (int8): 0 empty, 1 blue, 2 red;
- ``owner`` (int8): the colour of the latest capture area holding the cell, 0 for none;
- ``reach`` (int8, 3 rows, row 0 unused): per colour, ``ENCLOSED``, ``OPEN``, ``WALL`` or ``OUTSIDE``;
- ``parent`` (int32): the union-find over each colour's dots;
- ``state`` (int32): ``[playable points, blue's score, red's score]``.

``Tables`` holds what depends only on the grid's width (the neighbourhood tables turned into offsets) and the
scratch space of the floods. ``tests/ai/test_kernel.py`` plays random games on both boards and compares them after
every move.
"""

from __future__ import annotations

import numpy as np

from .jit import Array, Int, compiled, inlined

ENCLOSED = 0
OPEN = 1
WALL = 2
OUTSIDE = 3


@inlined
def wall_mask(rp: Array, q: Int, s: Int) -> int:
    """Which of the 8 neighbours of ``q`` are walls in the reach map ``rp``: the key of the run tables."""
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


@inlined
def find(parent: Array, x: Int) -> int:
    """The union-find root of ``x``, without touching the array."""
    while parent[x] != x:
        x = int(parent[x])
    return int(x)


@inlined
def find_halving(parent: Array, x: Int) -> int:
    """The union-find root of ``x``, halving the path on the way (as the engine does)."""
    while True:
        px = parent[x]
        if px == x:
            return int(x)
        gp = parent[px]
        parent[x] = gp
        x = int(gp)


@compiled
def sides(seeds: Array, roots: Array, k: Int, out: Array) -> int:
    """One seed offset per side of a new dot that the chains through it may separate (``engine.board._sides``):
    ``seeds[i]`` is the gap before wall run ``i``, ``roots[i]`` the chain of run ``i``. Writes them to ``out`` and
    returns how many."""
    sigs = np.empty(4, np.int64)
    n = 0
    for t in range(k):
        sig = 0
        bit = 1
        for a in range(k):
            for b in range(a + 1, k):
                if roots[a] == roots[b]:
                    if a < t <= b:
                        sig |= bit
                    bit <<= 1
        seen = False
        for i in range(n):
            if sigs[i] == sig:
                seen = True
                break
        if not seen:
            sigs[n] = sig
            out[n] = seeds[t]
            n += 1
    return n


@compiled
def split(
    d: Int,
    seed_offs: Array,
    k: Int,
    rp: Array,
    width: Int,
    height: Int,
    s: Int,
    toward: Array,
    mark: Array,
    stamp: Array,
    cells: Array,
    ncells: Array,
    stacks: Array,
    nstack: Array,
    enclosed: Array,
) -> int:
    """``engine.board.Board._split``: the new wall ``d`` closed a chain; flood its ``k`` sides (one seed offset
    each) in lockstep and return how many are enclosed, their group numbers in ``enclosed`` (group ``g``'s cells are
    ``cells[g, :ncells[g]]``). ``stamp`` is a one-element array holding the latest mark used."""
    group_of = np.empty(4, np.int64)
    state = np.zeros(4, np.int64)
    base = stamp[0] + 1
    stamp[0] = base + k
    undecided = k
    any_open = False
    for g in range(k):
        group_of[g] = g
        c = d + seed_offs[g]
        cells[g, 0] = c
        ncells[g] = 1
        stacks[g, 0] = c
        nstack[g] = 1
        if rp[c] == OUTSIDE:
            state[g] = 1
            undecided -= 1
            any_open = True
        else:
            mark[c] = base + g
    on_edge = rp[d + 1] == OUTSIDE or rp[d - 1] == OUTSIDE or rp[d + s] == OUTSIDE or rp[d - s] == OUTSIDE
    y = d // s
    x = d - y * s
    best = x
    side = 0
    if width + 1 - x < best:
        best = width + 1 - x
        side = 1
    if y < best:
        best = y
        side = 2
    if height + 1 - y < best:
        best = height + 1 - y
        side = 3
    while undecided:
        if undecided == 1 and not any_open and not on_edge:
            break
        for g in range(k):
            if state[g]:
                continue
            if nstack[g] == 0:
                state[g] = 2
                undecided -= 1
                continue
            nstack[g] -= 1
            c = stacks[g, nstack[g]]
            for j in range(4):
                n = c + toward[side, j]
                r = rp[n]
                if r == WALL:
                    continue
                if r == OUTSIDE:
                    state[g] = 1
                    undecided -= 1
                    any_open = True
                    break
                mn = mark[n]
                if mn >= base:
                    other = group_of[mn - base]
                    if other == g:
                        continue
                    if state[other] == 1:
                        state[g] = 1
                        undecided -= 1
                        any_open = True
                        break
                    # Both undecided: one region. Merge the other group into this one.
                    for i in range(ncells[other]):
                        cells[g, ncells[g]] = cells[other, i]
                        ncells[g] += 1
                    for i in range(nstack[other]):
                        stacks[g, nstack[g]] = stacks[other, i]
                        nstack[g] += 1
                    state[other] = 3
                    undecided -= 1
                    for label in range(k):
                        if group_of[label] == other:
                            group_of[label] = g
                else:
                    mark[n] = base + g
                    cells[g, ncells[g]] = n
                    ncells[g] += 1
                    stacks[g, nstack[g]] = n
                    nstack[g] += 1
    m = 0
    for g in range(k):
        if state[g] == 2:
            enclosed[m] = g
            m += 1
    return m


@compiled
def enclose(comp: Array, ncomp: Int, s: Int, mark: Array, stamp: Array, area: Array, stack: Array) -> int:
    """``engine.board.Board.enclose`` without the ring's order: the area around the enclosed component ``comp``
    (``ncomp`` cells), written to ``area``; returns its size. The component plus every cell it surrounds: its
    ring is traced and a neighbour of the component that is neither in it nor on the ring is a hole, flooded in."""
    stamp[0] += 2
    in_st = stamp[0] - 1
    ring_st = stamp[0]
    first = comp[0]
    for i in range(ncomp):
        c = comp[i]
        mark[c] = in_st
        if c < first:
            first = c
    # The trace (engine.board.Board._trace): walk the outer edge with the component on the left.
    steps = (1, s, -1, -s)
    a = first
    o = 3
    while True:
        b = a + steps[o]
        mark[b] = ring_st
        w = (o + 1) & 3
        if mark[b + steps[w]] == in_st:
            a = b + steps[w]
            o = (w + 2) & 3
        elif mark[a + steps[w]] == in_st:
            a += steps[w]
        else:
            o = w
        if a == first and o == 3:
            break
    n = 0
    for i in range(ncomp):
        area[n] = comp[i]
        n += 1
    for i in range(ncomp):
        cell = comp[i]
        for j in range(4):
            nb = cell + steps[j]
            m = mark[nb]
            if m != in_st and m != ring_st:
                mark[nb] = in_st
                area[n] = nb
                n += 1
                top = 1
                stack[0] = nb
                while top:
                    top -= 1
                    h = stack[top]
                    for jj in range(4):
                        nn = h + steps[jj]
                        if mark[nn] != in_st:
                            mark[nn] = in_st
                            area[n] = nn
                            n += 1
                            stack[top] = nn
                            top += 1
    return n


@compiled
def reopen(start: Int, rmap: Array, s: Int, stack: Array) -> None:
    """Mark ``start`` and every enclosed cell connected to it open (walls were removed next to them)."""
    if rmap[start] != ENCLOSED:
        return
    rmap[start] = OPEN
    top = 1
    stack[0] = start
    while top:
        top -= 1
        c = stack[top]
        for nb in (c + 1, c + s, c - 1, c - s):
            if rmap[nb] == ENCLOSED:
                rmap[nb] = OPEN
                stack[top] = nb
                top += 1


@compiled
def take(
    c: Int,
    area: Array,
    narea: Int,
    s: Int,
    dots: Array,
    owner: Array,
    reach: Array,
    state: Array,
    freed: Array,
    stack: Array,
) -> None:
    """``engine.board.Board.take`` for automatic captures: give the area to colour ``c``; owners, the score, the
    playable count and both reach maps follow."""
    o = 3 - c
    nfreed = 0
    for i in range(narea):
        cell = area[i]
        prev = owner[cell]
        if prev == c:
            continue
        owner[cell] = c
        dot = dots[cell]
        if dot == 0:
            if prev == 0:
                state[0] -= 1
        elif dot == c:
            if prev == 0:
                reach[c, cell] = ENCLOSED
            else:
                state[prev] -= 1
        else:
            state[c] += 1
            if prev == 0:
                freed[nfreed] = cell
                nfreed += 1
    for i in range(nfreed):
        reach[o, freed[i]] = ENCLOSED
    for i in range(nfreed):
        cell = freed[i]
        if reach[o, cell] == ENCLOSED and (
            reach[o, cell + 1] & 1 or reach[o, cell - 1] & 1 or reach[o, cell + s] & 1 or reach[o, cell - s] & 1
        ):
            reopen(cell, reach[o], s, stack)


@compiled
def component(start: Int, rmap: Array, s: Int, mark: Array, stamp: Array, out: Array) -> int:
    """The 4-connected component of ``ENCLOSED`` cells of ``rmap`` holding ``start``, written to ``out``; its size."""
    stamp[0] += 1
    st = stamp[0]
    mark[start] = st
    out[0] = start
    n = 1
    i = 0
    while i < n:
        c = out[i]
        i += 1
        for nb in (c + 1, c + s, c - 1, c - s):
            if rmap[nb] == ENCLOSED and mark[nb] != st:
                mark[nb] = st
                out[n] = nb
                n += 1
    return n


@compiled
def place(
    idx: Int,
    p: Int,
    dots: Array,
    owner: Array,
    reach: Array,
    parent: Array,
    state: Array,
    width: Int,
    height: Int,
    runs: Array,
    nruns: Array,
    seeds: Array,
    toward: Array,
    mark: Array,
    stamp: Array,
    cells: Array,
    ncells: Array,
    stacks: Array,
    nstack: Array,
    area: Array,
    buf: Array,
) -> int:
    """``engine.board.Board.place``: a dot of ``p`` on the empty playable cell ``idx``, captures resolved. Returns
    how many areas it made."""
    s = width + 2
    o = 3 - p
    rp = reach[p]
    dots[idx] = p
    state[0] -= 1
    was_open = rp[idx] == OPEN
    rp[idx] = WALL
    m = wall_mask(rp, idx, s)
    nenc = 0
    enc = np.empty(4, np.int64)
    roots = np.empty(4, np.int64)
    side_offs = np.empty(4, np.int64)
    targets = np.empty(4, np.int64)
    if m:
        k = nruns[m]
        if k == 1:
            parent[idx] = find_halving(parent, idx + runs[m, 0])
        else:
            for i in range(k):
                roots[i] = find_halving(parent, idx + runs[m, i])
            r0 = roots[0]
            parent[idx] = r0
            dup = False
            for i in range(1, k):
                if roots[i] != r0:
                    parent[roots[i]] = r0
                for j in range(i):
                    if roots[j] == roots[i]:
                        dup = True
            if was_open and dup:
                ns = sides(seeds[m], roots, k, side_offs)
                nenc = split(
                    idx,
                    side_offs,
                    ns,
                    rp,
                    width,
                    height,
                    s,
                    toward,
                    mark,
                    stamp,
                    cells,
                    ncells,
                    stacks,
                    nstack,
                    enc,
                )
    made = 0
    # Step 1: p captures every component it encloses that holds an opponent dot in play.
    nt = 0
    for e in range(nenc):
        g = enc[e]
        hit = False
        for i in range(ncells[g]):
            c = cells[g, i]
            rp[c] = ENCLOSED
            if dots[c] == o and owner[c] == 0:
                hit = True
        if hit:
            targets[nt] = g
            nt += 1
    for t in range(nt):
        g = targets[t]
        na = enclose(cells[g], int(ncells[g]), s, mark, stamp, area, buf)
        take(p, area, na, s, dots, owner, reach, state, buf, stacks[3])
        made += 1
    # Step 2: a dot put into the opponent's house is captured (5.14), unless it captured (5.16).
    if nt == 0 and reach[o, idx] == ENCLOSED:
        nc = component(idx, reach[o], s, mark, stamp, cells[0])
        na = enclose(cells[0], nc, s, mark, stamp, area, buf)
        take(o, area, na, s, dots, owner, reach, state, buf, stacks[3])
        made += 1
    return made
