"""``hard``'s search compiled: the same algorithm as ``tochki_bot.ai.player`` (``Search`` and ``search_move``) over
the compiled positions of ``kernel.position``, so that it looks at many more positions in the same time.

Moves at a node: the table's best move, captures, blocks of the opponent's captures, the killer moves, the threat
moves read at the root, then the points near the latest moves by shape. The evaluation: the score difference, the
next exchange of captures, and grounding. Fail-soft negamax with a transposition table (Zobrist keys with the side
to move and the score), two killer moves per ply and null windows after the first move; iterative deepening at the
root as ``player.search_move`` does it. The clock is read every 256 positions.

``C`` (float64): ``[deadline, node limit, at risk for blue, at risk for red, shape weight, switch margin]``;
``N`` (int64): ``[nodes, out of time, max depth, root width, width, widen, deep width, threats, best, depth done]``.
"""

from __future__ import annotations

import time

import numpy as np
from numba import objmode

from .board import ENCLOSED
from .jit import Array, Arrays, Flag, Int, compiled, inlined
from .position import copy_board, copy_closers, play

WIN = 100_000.0
MAX_DEPTH = 31
EXACT, LOWER, UPPER = 0, 1, 2
NULL = 0.001

# Indices of C and N.
DEADLINE, NODE_LIMIT, RISK_BLUE, RISK_RED, SHAPE_WEIGHT, SWITCH_MARGIN = range(6)
NODES, OUT, STYLE_DEPTH, ROOT_WIDTH, WIDTH, WIDEN, DEEP_WIDTH, THREATS, BEST, DONE = range(10)

_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_M3 = np.uint64(0x165667B19E3779F9)


@compiled
def now() -> float:
    """``time.perf_counter()``."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@compiled
def tick(C: Array, N: Array) -> bool:
    """Count a position; True when the node limit or the clock has run out (then ``N[OUT]`` is set)."""
    N[NODES] += 1
    if N[NODES] >= C[NODE_LIMIT] or ((N[NODES] & 255) == 0 and now() > C[DEADLINE]):
        N[OUT] = 1
    return bool(N[OUT] != 0)


@compiled
def evaluate(S: Arrays, ply: Int, C: Array) -> float:
    """The position's value for the side to move, in dots (``WIN`` and more for a decided game)."""
    st = S[4][ply]
    p = S[7][ply]
    o = 3 - p
    diff = float(st[p] - st[o])
    if st[0] == 0:
        return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0.0)
    risk = C[RISK_BLUE] if p == 1 else C[RISK_RED]
    if diff - risk > 0:
        return WIN + diff
    cn, cval = S[8], S[10]
    a = 0
    for i in range(cn[ply, p]):
        if cval[ply, p, i] > a:
            a = cval[ply, p, i]
    b = 0
    b2 = 0
    for i in range(cn[ply, o]):
        v = cval[ply, o, i]
        if v > b:
            b2 = b
            b = v
        elif v > b2:
            b2 = v
    return diff + max(a - b, -b2)


@inlined
def shape_at(dots: Array, owner: Array, q: Int, p: Int, width: Int, height: Int, lasts: Array, nlast: Int) -> float:
    """``player.Search.shape``: a cheap local preference for a dot of ``p`` on ``q`` (contact, links, edges,
    nearness to the latest moves: ``lasts`` holds their x and y, the latest first, ``nlast`` of them)."""
    s = width + 2
    own4 = 0
    opp4 = 0
    own8 = 0
    opp8 = 0
    for c in (q + 1, q - 1, q + s, q - s):
        d = dots[c]
        if d and not owner[c]:
            if d == p:
                own4 += 1
            else:
                opp4 += 1
    for c in (q + s + 1, q + s - 1, q - s + 1, q - s - 1):
        d = dots[c]
        if d and not owner[c]:
            if d == p:
                own8 += 1
            else:
                opp8 += 1
    own8 += own4
    opp8 += opp4
    h = float(min(opp8, 3)) + 0.8 * min(own8, 3)
    if own4 > 1:
        h -= 0.7 * (own4 - 1)
    if opp8 and own8:
        h += 1.0
    y = q // s
    x = q - y * s
    edge = min(min(x, y), min(width + 1 - x, height + 1 - y))
    if edge == 1:
        h -= 1.5
    elif edge == 2:
        h -= 0.4
    for k in range(nlast):
        dx = abs(lasts[k, 0] - x)
        dy = abs(lasts[k, 1] - y)
        if dx <= 2 and dy <= 2:
            h += (1.0 if dx < 2 and dy < 2 else 0.5) / (k + 1)
    return h


@inlined
def last_coords(S: Arrays, ply: Int, s: Int, lasts: Array) -> int:
    """The latest moves of ``ply`` as x and y in ``lasts``, the latest first; how many."""
    last = S[6][ply]
    n = 0
    for j in range(3, -1, -1):
        lq = last[j]
        if lq < 0:
            break
        ly = lq // s
        lasts[n, 0] = lq - ly * s
        lasts[n, 1] = ly
        n += 1
    return n


@compiled
def shape(S: Arrays, T: Arrays, ply: Int, q: Int, p: Int) -> float:
    """``shape_at`` for one point of ply ``ply``."""
    width, height = T[-2], T[-1]
    lasts = T[19]
    nlast = last_coords(S, ply, width + 2, lasts)
    return shape_at(S[0][ply], S[1][ply], q, p, width, height, lasts, nlast)


@inlined
def value_of(S: Arrays, ply: Int, p: Int, q: Int) -> int:
    """The value of ``q`` as a closer of ``p`` at ``ply``: -1 when it is not one."""
    cn, cpt, cval = S[8], S[9], S[10]
    for i in range(cn[ply, p]):
        if cpt[ply, p, i] == q:
            return int(cval[ply, p, i])
    return -1


@compiled
def _sort_closers(S: Arrays, ply: Int, c: Int, out: Array, keys: Array) -> int:
    """Colour ``c``'s capturing closers at ``ply`` into ``out``, by value (biggest first), then
    by point; returns the new length. ``keys`` is scratch."""
    cn, cpt, cval = S[8], S[9], S[10]
    n = 0
    for i in range(cn[ply, c]):
        v = cval[ply, c, i]
        if v <= 0:
            continue
        q = cpt[ply, c, i]
        j = n
        while j > 0 and (keys[j - 1] < v or (keys[j - 1] == v and out[j - 1] > q)):
            keys[j] = keys[j - 1]
            out[j] = out[j - 1]
            j -= 1
        keys[j] = v
        out[j] = q
        n += 1
    return n


@compiled
def moves(
    S: Arrays,
    T: Arrays,
    ply: Int,
    limit: Int,
    everywhere: Flag,
    hint: Int,
    killers: Array,
    threat: Array,
    nthreat: Int,
    out: Array,
    seen: Array,
    ibuf: Array,
    ikeys: Array,
    fkeys: Array,
) -> int:
    """``player.Search.moves``: candidate moves for the side to move at ``ply``, best first, written to ``out``;
    returns how many (at most ``limit`` plus the threat moves, all when ``everywhere``). ``seen`` is a per-cell
    stamp array (the stamp counter ``T[6]`` is shared); ``ibuf``, ``ikeys`` and ``fkeys`` are scratch."""
    dots, owner, reach = S[0][ply], S[1][ply], S[2][ply]
    width, height = T[-2], T[-1]
    stamp = T[6]
    s = width + 2
    p = S[7][ply]
    o = 3 - p
    stamp[0] += 1
    st = stamp[0]
    n = 0
    if hint >= 0:
        out[0] = hint
        seen[hint] = st
        n = 1
    # Captures, then blocks (opponent captures at points that are not ours).
    a = _sort_closers(S, ply, p, ibuf, ikeys)
    for i in range(a):
        q = ibuf[i]
        if seen[q] != st:
            seen[q] = st
            out[n] = q
            n += 1
    b = _sort_closers(S, ply, o, ibuf, ikeys)
    for i in range(b):
        q = ibuf[i]
        if seen[q] != st and value_of(S, ply, p, q) < 0:
            seen[q] = st
            out[n] = q
            n += 1
    extra = 0
    ro = reach[o]
    if True:
        for i in range(killers.shape[0]):
            q = killers[i]
            if q < 0 or seen[q] == st or dots[q] or owner[q]:
                continue
            if ro[q] == ENCLOSED and value_of(S, ply, p, q) <= 0:
                continue
            seen[q] = st
            out[n] = q
            n += 1
    if not everywhere:
        for i in range(nthreat):
            q = threat[i]
            if seen[q] == st or dots[q] or owner[q] or ro[q] == ENCLOSED:
                continue
            seen[q] = st
            out[n] = q
            n += 1
            extra += 1
    # Quiet moves near the latest dots (everywhere: near every dot in play), by shape; only as many as can be
    # returned are kept.
    start = n
    keep = out.shape[0] if everywhere else limit + extra - start
    if keep > 0:
        lasts = T[19]
        nlast = last_coords(S, ply, s, lasts)
        radius = 2
        last = S[6][ply]
        for ci in range(s * (height + 2) if everywhere else 3):
            if everywhere:
                c = ci
                if not dots[c] or owner[c]:
                    continue
            else:
                c = last[1 + ci]
                if c < 0:
                    continue
            cy = c // s
            cx = c - cy * s
            for y in range(max(1, cy - radius), min(height, cy + radius) + 1):
                row = y * s
                for x in range(max(1, cx - radius), min(width, cx + radius) + 1):
                    q = row + x
                    if dots[q] or owner[q] or seen[q] == st:
                        continue
                    seen[q] = st
                    if ro[q] == ENCLOSED and value_of(S, ply, p, q) <= 0:
                        continue
                    h = shape_at(dots, owner, q, p, width, height, lasts, nlast)
                    if n - start < keep:
                        j = n
                        n += 1
                    elif fkeys[n - 1] < h or (fkeys[n - 1] == h and out[n - 1] > q):
                        j = n - 1
                    else:
                        continue
                    while j > start and (fkeys[j - 1] < h or (fkeys[j - 1] == h and out[j - 1] > q)):
                        fkeys[j] = fkeys[j - 1]
                        out[j] = out[j - 1]
                        j -= 1
                    fkeys[j] = h
                    out[j] = q
    if n == 0:
        # Nothing near: any empty point, outside the opponent's houses if there is one.
        for q in range(s * (height + 2)):
            if reach[p, q] != 3 and not dots[q] and not owner[q] and ro[q] != ENCLOSED:
                out[n] = q
                n += 1
        if n == 0:
            for q in range(s * (height + 2)):
                if reach[p, q] != 3 and not dots[q] and not owner[q]:
                    out[n] = q
                    n += 1
    if everywhere:
        return n
    return min(n, limit + extra)


@inlined
def _hash(S: Arrays, ply: Int) -> np.uint64:
    """The transposition table's key of a position: its dots, the side to move and the score."""
    st = S[4][ply]
    return np.uint64(
        S[5][ply] ^ (np.uint64(S[7][ply]) * _M1) ^ (np.uint64(st[1] + 1) * _M2) ^ (np.uint64(st[2] + 1) * _M3)
    )


_ENTER, _NEXT, _RETURN = 0, 1, 2
"""The states of ``negamax``'s loop: entering a node, trying its next move, handing a value to the parent."""


@compiled
def negamax(
    S: Arrays,
    T: Arrays,
    W: Arrays,
    C: Array,
    N: Array,
    root: Int,
    depth: Int,
    alpha: float,
    beta: float,
) -> float:
    """``player.Search.negamax``: the alpha-beta value of ply ``root`` for its side to move, ``depth`` more plies,
    fail-soft. ``W`` holds the search's own arrays (``kernel.stack.search_arrays``). Meaningless once ``N[OUT]``.

    A loop over an explicit stack of frames, one per ply, instead of a recursive function: numba cannot load from
    its cache a function that calls a recursive one (numba issue 6061). Frame ``F[ply]`` (int64): depth left, the
    index of the move being tried, the number of moves, the best move, the table slot, and how the current child is
    searched (0: full window, 1: null window, 2: full window again after the null window failed high);
    ``FV[ply]`` (float64): alpha, beta, the best value, alpha on entry, the static value."""
    tt_key, tt_depth, tt_val, tt_flag, tt_move, killers, threat, nthreat, mv, seen, ibuf, ikeys, fkeys, F, FV = W[:15]
    mask = np.uint64(tt_key.shape[0] - 1)
    ply = root
    F[ply, 0] = depth
    FV[ply, 0] = alpha
    FV[ply, 1] = beta
    ret = 0.0
    state = _ENTER
    while True:
        if state == _ENTER:
            d = F[ply, 0]
            e = evaluate(S, ply, C)
            FV[ply, 4] = e
            state = _RETURN
            ret = e
            if d > 0 and abs(e) < WIN:
                a = FV[ply, 0]
                b = FV[ply, 1]
                h = _hash(S, ply)
                slot = h & mask
                F[ply, 4] = slot
                hint = -1
                cut = False
                if tt_key[slot] == h and tt_depth[slot] > 0:
                    v = tt_val[slot]
                    flag = tt_flag[slot]
                    if tt_depth[slot] >= d and (
                        flag == EXACT or (flag == LOWER and v >= b) or (flag == UPPER and v <= a)
                    ):
                        ret = v
                        cut = True
                    hint = tt_move[slot]
                if not cut:
                    p = S[7][ply]
                    F[ply, 2] = moves(
                        S,
                        T,
                        ply,
                        N[WIDTH],
                        np.bool_(False),
                        hint,
                        killers[ply],
                        threat[p],
                        nthreat[p],
                        mv[ply],
                        seen,
                        ibuf,
                        ikeys,
                        fkeys,
                    )
                    F[ply, 1] = 0
                    F[ply, 3] = -1
                    FV[ply, 2] = -2 * WIN
                    FV[ply, 3] = a
                    state = _NEXT
        elif state == _NEXT:
            k = F[ply, 1]
            if k < F[ply, 2]:
                if tick(C, N):
                    return 0.0
                play(S, T, ply, mv[ply, k])
                a = FV[ply, 0]
                F[ply + 1, 0] = F[ply, 0] - 1
                FV[ply + 1, 1] = -a
                if k:
                    F[ply, 5] = 1
                    FV[ply + 1, 0] = -a - NULL
                else:
                    F[ply, 5] = 0
                    FV[ply + 1, 0] = -FV[ply, 1]
                ply += 1
                state = _ENTER
            else:
                best = FV[ply, 2]
                if best <= -2 * WIN:
                    ret = FV[ply, 4]
                else:
                    ret = best
                    slot = F[ply, 4]
                    tt_key[slot] = _hash(S, ply)
                    tt_depth[slot] = F[ply, 0]
                    tt_val[slot] = best
                    tt_flag[slot] = LOWER if best >= FV[ply, 1] else UPPER if best <= FV[ply, 3] else EXACT
                    tt_move[slot] = F[ply, 3]
                state = _RETURN
        else:
            if ply == root:
                return ret
            ply -= 1
            v = -ret
            a = FV[ply, 0]
            b = FV[ply, 1]
            if F[ply, 5] == 1 and a < v < b:
                # The null window failed high: the same child again, with the full window.
                F[ply, 5] = 2
                FV[ply + 1, 0] = -b
                FV[ply + 1, 1] = -a
                F[ply + 1, 0] = F[ply, 0] - 1
                ply += 1
                state = _ENTER
                continue
            k = F[ply, 1]
            q = mv[ply, k]
            F[ply, 1] = k + 1
            if v > FV[ply, 2]:
                FV[ply, 2] = v
                F[ply, 3] = q
                if v > a:
                    FV[ply, 0] = v
                    if v >= b:
                        kl = killers[ply]
                        if kl[0] != q and kl[1] != q and value_of(S, ply, S[7][ply], q) <= 0:
                            kl[1] = kl[0]
                            kl[0] = q
                        F[ply, 1] = F[ply, 2]
            state = _NEXT


@compiled
def threat_rank(S: Arrays, parent: Int, child: Int, ibuf: Array) -> tuple[int, int]:
    """``player.Search.threat_rank`` of the move from ply ``parent`` to ply ``child``: ``(second, biggest)`` of its
    new capture threats, ``(-1, -1)`` when it makes none or changes the score."""
    p = S[7][parent]
    o = 3 - p
    st0, st1 = S[4][parent], S[4][child]
    if st1[p] - st1[o] != st0[p] - st0[o]:
        return -1, -1
    cn, cpt, cval = S[8], S[9], S[10]
    first = 0
    second = 0
    found = False
    for i in range(cn[child, p]):
        q = cpt[child, p, i]
        v = cval[child, p, i]
        before = 0
        for j in range(cn[parent, p]):
            if cpt[parent, p, j] == q:
                before = cval[parent, p, j]
                break
        if v > before:
            found = True
            if v > first:
                second = first
                first = v
            elif v > second:
                second = v
    if not found:
        return -1, -1
    return second, first


@compiled
def keep_threats(found: Array, nfound: Int, threat: Array, nthreat: Array, p: Int, limit: Int) -> None:
    """``player.Search.keep_threats``: the best ``limit`` of ``found`` (rows: second threat, biggest, point),
    double threats first, as ``p``'s threat moves."""
    order = np.arange(nfound)
    # Stable insertion sort by (-second, -biggest).
    for i in range(1, nfound):
        j = i
        x = order[i]
        while j > 0 and (
            found[order[j - 1], 0] < found[x, 0]
            or (found[order[j - 1], 0] == found[x, 0] and found[order[j - 1], 1] < found[x, 1])
        ):
            order[j] = order[j - 1]
            j -= 1
        order[j] = x
    m = min(nfound, limit, threat.shape[1])
    for i in range(m):
        threat[p, i] = found[order[i], 2]
    nthreat[p] = m


@compiled
def _root_value(
    S: Arrays,
    T: Arrays,
    W: Arrays,
    C: Array,
    N: Array,
    q: Int,
    depth: Int,
    alpha: float,
    p: Int,
    shape_weight: float,
) -> float:
    """A root move's value searched ``depth`` plies below it against ``alpha`` (with the shape bonus)."""
    root = np.int64(0)
    play(S, T, root, q)
    v = -negamax(S, T, W, C, N, root + 1, depth, -2 * WIN, -alpha)
    return v + shape_weight * shape(S, T, root, q, p)


@compiled
def sort_by_value(values: Array, points: Array, n: Int) -> None:
    """Sort the first ``n`` of ``points`` by ``values`` (both arrays together), biggest first, keeping the order of
    equal values (an insertion sort: a few hundred root moves at most)."""
    for i in range(1, n):
        v = values[i]
        q = points[i]
        j = i
        while j > 0 and values[j - 1] < v:
            values[j] = values[j - 1]
            points[j] = points[j - 1]
            j -= 1
        values[j] = v
        points[j] = q


@compiled
def search(S: Arrays, T: Arrays, W: Arrays, C: Array, N: Array) -> None:
    """``player.search_move`` from ply 0 (grounding is decided by the caller): the chosen point in ``N[BEST]``,
    the deepest completed iteration in ``N[DONE]``, the positions looked at in ``N[NODES]``."""
    threat, nthreat, mv, seen, ibuf, ikeys, fkeys = W[6:13]
    found = W[15]
    p = S[7][0]
    sw = C[SHAPE_WEIGHT]
    none = np.full(2, -1, np.int64)
    zero = np.int64(0)
    one = np.int64(1)
    n = moves(S, T, zero, zero, np.bool_(True), zero - 1, none, threat[p], zero, mv[0], seen, ibuf, ikeys, fkeys)
    scored = np.empty(n, np.int64)
    for i in range(n):
        scored[i] = mv[0, i]
    N[BEST] = scored[0]
    N[DONE] = 0
    if n == 1:
        return
    # Depth 1 over every candidate.
    values = np.empty(n, np.float64)
    nfound = np.int64(0)
    for i in range(n):
        q = scored[i]
        if tick(C, N):
            return
        play(S, T, zero, q)
        values[i] = -evaluate(S, one, C) + sw * shape(S, T, zero, q, p)
        if N[THREATS]:
            second, first = threat_rank(S, zero, one, ibuf)
            if first >= 0:
                found[nfound, 0] = second
                found[nfound, 1] = first
                found[nfound, 2] = q
                nfound += 1
    sort_by_value(values, scored, n)
    N[BEST] = scored[0]
    N[DONE] = 1
    if N[STYLE_DEPTH] < 2:
        return
    if N[THREATS]:
        keep_threats(found, nfound, threat, nthreat, p, N[THREATS])
        _read_threats(S, T, W, C, N, 3 - p)
        if N[OUT]:
            return
    # The root moves of the latest iteration, best first, with their values.
    order = np.empty(n, np.int64)
    ovals = np.empty(n, np.float64)
    norder = min(N[ROOT_WIDTH], n)
    for i in range(norder):
        order[i] = scored[i]
    for depth in range(2, N[STYLE_DEPTH] + 1):
        alpha = -2 * WIN
        for i in range(norder):
            q = order[i]
            if tick(C, N):
                return
            v = _root_value(S, T, W, C, N, q, depth - 1, alpha, p, sw)
            if N[OUT]:
                return
            ovals[i] = v
            if v > alpha:
                alpha = v
                N[BEST] = q
        sort_by_value(ovals, order, norder)
        N[BEST] = order[0]
        N[DONE] = depth
    if N[WIDEN]:
        # Spend what is left on the root moves the deepest iteration did not look at.
        alpha = ovals[0]
        searched = norder
        for i in range(n):
            q = scored[i]
            inside = False
            for j in range(searched):
                if order[j] == q:
                    inside = True
                    break
            if inside:
                continue
            if tick(C, N):
                return
            v = _root_value(S, T, W, C, N, q, N[STYLE_DEPTH] - 1, alpha, p, sw)
            if N[OUT]:
                return
            ovals[norder] = v
            order[norder] = q
            norder += 1
            if v > alpha:
                alpha = v
                N[BEST] = q
        sort_by_value(ovals, order, norder)
        N[BEST] = order[0]
    if N[DEEP_WIDTH]:
        # Deeper on the best root moves, the previous best first, until the time is spent. A move of an unfinished
        # iteration replaces the previous best only when it did better than it there by the margin.
        depth = N[STYLE_DEPTH] + 2
        margin = C[SWITCH_MARGIN]
        top = min(N[DEEP_WIDTH], norder)
        while depth <= MAX_DEPTH:
            alpha = -2 * WIN
            for k in range(top):
                q = order[k]
                if tick(C, N):
                    return
                bar = alpha + margin if k else alpha
                v = _root_value(S, T, W, C, N, q, depth - 1, bar, p, sw)
                if N[OUT]:
                    return
                ovals[k] = v
                if v > bar:
                    alpha = v
                    N[BEST] = q
            # The best first, then by value.
            sort_by_value(ovals, order, top)
            b = N[BEST]
            i = 0
            while order[i] != b:
                i += 1
            while i > 0:
                order[i] = order[i - 1]
                ovals[i] = ovals[i - 1]
                i -= 1
            order[0] = b
            N[DONE] = depth
            depth += 2


@compiled
def _read_threats(S: Arrays, T: Arrays, W: Arrays, C: Array, N: Array, o: Int) -> None:
    """``player.Search.read_threats`` for the side not to move at the root: the root as if passed at ply 1, its
    children at ply 2; only points next to a dot of that side in play are played."""
    threat, nthreat, mv, seen, ibuf, ikeys, fkeys = W[6:13]
    found = W[15]
    none = np.full(2, -1, np.int64)
    zero = np.int64(0)
    one = np.int64(1)
    two = np.int64(2)
    copy_board(S, zero, one)
    S[7][1] = o
    copy_closers(S, zero, one, one)
    copy_closers(S, zero, one, two)
    m = moves(S, T, one, zero, np.bool_(True), zero - 1, none, threat[o], zero, mv[1], seen, ibuf, ikeys, fkeys)
    dots, owner = S[0][1], S[1][1]
    s = T[-2] + 2
    nf = np.int64(0)
    for i in range(m):
        q = mv[1, i]
        near = False
        for nb in (q + 1, q - 1, q + s, q - s, q + s + 1, q + s - 1, q - s + 1, q - s - 1):
            if dots[nb] == o and not owner[nb]:
                near = True
                break
        if not near:
            continue
        if tick(C, N):
            return
        play(S, T, one, q)
        second, first = threat_rank(S, one, two, ibuf)
        if first >= 0:
            found[nf, 0] = second
            found[nf, 1] = first
            found[nf, 2] = q
            nf += 1
    keep_threats(found, nf, threat, nthreat, o, N[THREATS])
