"""Manual closures and the territory count of an agreed end (docs/rules.md#closures, #agreed-end), on a ``Board``.

With manual closures nothing is captured automatically: after placing a dot a player may close any number of
enclosures. The Polish rules (szkrab.net.pl) close a **pool**: for colour C, a 4-connected component of points that
are not C's dots in play and cannot reach the board's edge (an "enclosed group" of docs/rules.md#surrounding, with
or without enemy dots); the area is the pool plus everything it surrounds, as for a capture. The zagram territory
rules close a **ring**: any simple closed chain of C's dots in play, each linked to the next one step away
(8-adjacent); the area is every point strictly inside the polygon. Either way a closure must hold an opponent dot in
play.

Everything here works on cell indices of the board's padded grid; ``Game`` turns points into indices and back.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import Board
from .errors import IllegalMove, Reason
from .moves import Point

POOL = 1
"""Closure mode of the Polish rules: a closure is one whole pool."""
RING = 2
"""Closure mode of the territory rules: a closure is any simple ring of own dots."""


class Pool(NamedTuple):
    """A closure the player could make now: what ``Game.pools()`` lists and ``Game.close(pool.point)`` makes.

    ``point`` identifies it (an opponent dot in play inside); ``ring`` is the chain of the player's dots that closes
    it; ``size`` the number of points of the area; ``captures`` the opponent dots it would take; ``own`` the
    player's own dots in play it would enclose (each costs a point with ``own_dot_penalty``).
    """

    point: Point
    ring: tuple[Point, ...]
    size: int
    captures: tuple[Point, ...]
    own: int


def enclosed_components(board: Board, c: int) -> list[list[int]]:
    """Every pool of colour ``c``: the 4-connected components of cells that are not ``c``'s dots in play and have no
    4-connected path off the board through such cells. Cells inside older areas belong to them like any other."""
    dots, owner = board.dots, board.owner
    s, w, h = board.stride, board.width, board.height
    size = len(dots)
    # 0: not yet seen, 1: open (reaches the edge), 2: wall or frame, 3: enclosed and already in a component.
    state = bytearray(size)
    for i in range(size):
        y, x = divmod(i, s)
        if not (1 <= x <= w and 1 <= y <= h) or (dots[i] == c and owner[i] == 0):
            state[i] = 2
    stack = []
    for i in range(size):
        if state[i] == 2:
            continue
        y, x = divmod(i, s)
        if x in (1, w) or y in (1, h):
            state[i] = 1
            stack.append(i)
    while stack:
        cell = stack.pop()
        for n in (cell + 1, cell - 1, cell + s, cell - s):
            if state[n] == 0:
                state[n] = 1
                stack.append(n)
    comps: list[list[int]] = []
    for i in range(size):
        if state[i] != 0:
            continue
        state[i] = 3
        comp = [i]
        k = 0
        while k < len(comp):
            cell = comp[k]
            k += 1
            for n in (cell + 1, cell - 1, cell + s, cell - s):
                if state[n] == 0:
                    state[n] = 3
                    comp.append(n)
        comps.append(comp)
    return comps


def holds_enemy(board: Board, c: int, cells: list[int]) -> bool:
    """True when ``cells`` hold a dot of the opponent of ``c`` that is in play (not inside any area)."""
    o = 3 - c
    dots, owner = board.dots, board.owner
    return any(dots[i] == o and owner[i] == 0 for i in cells)


def check_ring(board: Board, c: int, ring: tuple[Point, ...], simple: bool = True) -> list[int]:
    """The cells of ``ring`` if it is a closed chain of ``c``'s dots in play, else ``IllegalMove``.

    Consecutive dots (and the last and the first) are one step apart horizontally, vertically or diagonally; two
    diagonal links may not cross; a ring may be given with its first dot repeated at the end. A ``simple`` ring uses
    no dot twice; otherwise (the border of a Polish pool, which may touch itself at a dot) that is allowed.
    """
    points = [Point(*p) for p in ring]
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    if len(points) < 4:
        raise IllegalMove(Reason.NOT_A_RING, "a ring needs at least four dots")
    if simple and len(set(points)) != len(points):
        raise IllegalMove(Reason.NOT_A_RING, "a ring may pass each dot only once")
    cells = []
    for p in points:
        if not board.on_board(p.x, p.y):
            raise IllegalMove(Reason.NOT_A_RING, f"{p} is off the board", p)
        i = board.index(p.x, p.y)
        if board.dots[i] != c or board.owner[i] != 0:
            raise IllegalMove(Reason.NOT_A_RING, f"{p} is not a dot of the player in play", p)
        cells.append(i)
    diagonals = set()
    for a, b in zip(points, points[1:] + points[:1], strict=True):
        dx, dy = b.x - a.x, b.y - a.y
        if max(abs(dx), abs(dy)) != 1:
            raise IllegalMove(Reason.NOT_A_RING, f"{a} and {b} are not one step apart", b)
        if dx and dy:
            # The unit square the link crosses, and which diagonal of it.
            square = (min(a.x, b.x), min(a.y, b.y))
            rising = dx == dy
            if (square, not rising) in diagonals:
                raise IllegalMove(Reason.NOT_A_RING, f"the ring crosses itself at {a}-{b}", b)
            diagonals.add((square, rising))
    return cells


def ring_interior(board: Board, ring: list[int]) -> list[int]:
    """The cells strictly inside the polygon of a ring of cells (the ring's own cells are not inside). The ring may
    touch itself at a dot but its links may not cross.

    Links join points at most one row apart, so a row crosses the polygon only at ring points: for each link between
    rows y and y + 1 the crossing of row y is its lower point. A point of row y not on the ring is inside when an odd
    number of crossings lies to its right (the even-odd rule).
    """
    s = board.stride
    on_ring = set(ring)
    crossings: dict[int, list[int]] = {}
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        ya, yb = a // s, b // s
        if ya != yb:
            low = a if ya < yb else b
            crossings.setdefault(low // s, []).append(low % s)
    inside: list[int] = []
    for y, xs in crossings.items():
        xs.sort()
        for k in range(0, len(xs) - 1, 2):
            for x in range(xs[k] + 1, xs[k + 1]):
                i = y * s + x
                if i not in on_ring:
                    inside.append(i)
    if len(on_ring) != len(ring):
        inside = list(dict.fromkeys(inside))
    return inside


def local_pool(board: Board, c: int, cell: int) -> list[int] | None:
    """The pool of ``c`` that holds ``cell`` (flooded from it), or ``None`` when the cell is a wall of ``c`` or its
    flood reaches the edge. Costs the size of the pool, or of what is flooded before the edge is reached."""
    dots, owner = board.dots, board.owner
    s, w, h = board.stride, board.width, board.height
    if dots[cell] == c and owner[cell] == 0:
        return None
    seen = {cell}
    comp = [cell]
    k = 0
    while k < len(comp):
        i = comp[k]
        k += 1
        y, x = divmod(i, s)
        if x == 1 or x == w or y == 1 or y == h:
            return None
        for n in (i + 1, i - 1, i + s, i - s):
            if n not in seen and not (dots[n] == c and owner[n] == 0):
                seen.add(n)
                comp.append(n)
    return comp


def pool_at(board: Board, c: int, cell: int) -> list[int]:
    """The pool of ``c`` that holds ``cell``, or ``IllegalMove`` (``NO_POOL``) when the cell is in none."""
    comp = local_pool(board, c, cell)
    if comp is None:
        p = board.point(cell)
        raise IllegalMove(Reason.NO_POOL, f"{p} is not inside a pool of the player", p)
    return comp


def resolve(
    board: Board, c: int, mode: int, target: Point | tuple[Point, ...], nest_limit: int = 1
) -> tuple[list[int], list[int]]:
    """Check a closure of colour ``c`` and return what it would make: ``(area cells, ring cells)``.

    ``target`` is a point of a pool (the quick closure: the pool that holds it; an opponent dot inside is the usual
    choice) or a ring of ``c``'s dots. In ``POOL`` mode (Polish) the closure is the whole pool, and a ring stands for
    the one pool holding an opponent dot in play inside it (the ring returned is the one traced around that pool);
    a ring around two such pools is two stops and is refused. In ``RING`` mode (territory) a point stands for the
    ring traced around its pool, and the area of a ring is its inside; a ring may enclose older areas of ``c`` only
    when it shares at most ``nest_limit`` of their border dots. Raises ``IllegalMove`` (the board is not changed).
    """
    if isinstance(target, Point):
        x, y = target
        if not board.on_board(x, y):
            raise IllegalMove(Reason.OFF_BOARD, f"{Point(x, y)} is off the board", Point(x, y))
        comp = pool_at(board, c, board.index(x, y))
        if not holds_enemy(board, c, comp):
            raise IllegalMove(Reason.EMPTY_CLOSURE, "that pool holds no opponent dot in play", Point(x, y))
        area, ring = board.enclose(comp)
        ring = board._chain(ring)
        if mode == POOL:
            return area, ring
        target = tuple(board.point(i) for i in ring)
    ring = check_ring(board, c, target, simple=mode == RING)
    interior = ring_interior(board, ring)
    if not holds_enemy(board, c, interior):
        raise IllegalMove(Reason.EMPTY_CLOSURE, "the ring holds no opponent dot in play")
    if mode == POOL:
        return _pool_of_ring(board, c, interior)
    _check_nesting(board, c, ring, interior, nest_limit)
    return interior, ring


def _pool_of_ring(board: Board, c: int, interior: list[int]) -> tuple[list[int], list[int]]:
    """The Polish stop a ring is drawn for: the one pool inside it that holds an opponent dot in play. Returns its
    area and the ring traced around it (``IllegalMove`` when the ring holds two such pools: two stops).

    A pool cannot cross the ring (a 4-connected path cannot pass a diagonal link), so every pool touching the inside
    lies wholly inside. Anything else inside (an empty pocket beside the stop) stays as it is (docs/rules.md#pools).
    """
    o = 3 - c
    dots, owner = board.dots, board.owner
    pool: set[int] = set()
    for i in interior:
        if dots[i] == o and owner[i] == 0 and i not in pool:
            if pool:
                raise IllegalMove(Reason.NO_POOL, "a stop closes one pool: draw one ring around each pool")
            comp = local_pool(board, c, i)
            if comp is None:  # cannot happen for a ring of own dots in play; kept as a guard
                raise IllegalMove(Reason.NO_POOL, "the ring does not close a pool")
            pool.update(comp)
    area, ring = board.enclose(sorted(pool))
    return area, board._chain(ring)


def _check_nesting(board: Board, c: int, ring: list[int], interior: list[int], limit: int) -> None:
    """Refuse a ring that encloses an older area of ``c`` while sharing more than ``limit`` of its border dots."""
    inside = set(interior)
    on_ring = set(ring)
    s = board.stride
    for area in board.areas:
        if area.grounding or not area.ring:
            continue
        first = area.ring[0]
        i = first.y * s + first.x
        if board.dots[i] != c or (i not in inside and i not in on_ring):
            continue  # the opponent's, or lying outside the new ring
        cells = [p.y * s + p.x for p in area.ring]
        shared = sum(1 for i in cells if i in on_ring)
        if shared > limit and all(i in inside or i in on_ring for i in cells) and any(i in inside for i in cells):
            raise IllegalMove(
                Reason.NESTING, f"the ring shares {shared} dots with the border of an older area it encloses"
            )
        if shared > limit and shared == len(cells):
            # The old ring lies wholly on the new one: the new ring goes round it, touching it all along.
            old_inside = set(ring_interior(board, cells))
            if old_inside and old_inside <= inside:
                raise IllegalMove(
                    Reason.NESTING, f"the ring shares {shared} dots with the border of an older area it encloses"
                )


def preview(board: Board, c: int, mode: int, target: Point | tuple[Point, ...], nest_limit: int = 1) -> Pool:
    """What closing ``target`` would make, without making it (``IllegalMove`` if it cannot be closed)."""
    area, ring = resolve(board, c, mode, target, nest_limit)
    o = 3 - c
    dots, owner = board.dots, board.owner
    captures = tuple(board.point(i) for i in area if dots[i] == o and owner[i] != c)
    own = sum(1 for i in area if dots[i] == c and owner[i] == 0)
    point = next(board.point(i) for i in area if dots[i] == o and owner[i] == 0)
    return Pool(point, tuple(board.point(i) for i in ring), len(area), captures, own)


def closable(board: Board, c: int, mode: int, nest_limit: int = 1) -> list[Pool]:
    """Every pool of ``c`` that holds an opponent dot in play, as it would be closed (see ``resolve``)."""
    out = []
    o = 3 - c
    dots, owner = board.dots, board.owner
    for comp in enclosed_components(board, c):
        enemy = next((i for i in comp if dots[i] == o and owner[i] == 0), None)
        if enemy is None:
            continue
        try:
            out.append(preview(board, c, mode, board.point(enemy), nest_limit))
        except IllegalMove:
            continue  # a pool whose traced ring is not a legal territory ring; it can still be drawn by hand
    return out


def territory_count(board: Board, to_move: int) -> tuple[list[tuple[int, list[int], list[int]]], int]:
    """The agreed end of the territory rules (docs/rules.md#agreed-end, verified on 29 zagram games).

    Returns the areas to make (colour, area cells, ring cells), blue's pools first, and the half-territory correction
    ``k``: the final result is ``D + k`` with D = blue's score minus red's after those areas are made. Every pool of
    either colour is closed except a pool whose border lies inside the opponent's pools; T = tB - tR counts the empty
    playable points of each side's pools; with T even k = T / 2; with T odd the half point goes against F, the player
    who would start filling: ``to_move`` if the dame (empty playable points left outside every area afterwards) is
    even, the other player if it is odd (zagram's ``LastSafe=0``).
    """
    dots, owner = board.dots, board.owner
    s = board.stride
    comps = {c: enclosed_components(board, c) for c in (1, 2)}
    pool_of: dict[int, set[int]] = {c: {i for comp in comps[c] for i in comp} for c in (1, 2)}
    chosen: list[tuple[int, list[int]]] = []
    for c in (1, 2):
        for comp in comps[c]:
            cells = set(comp)
            border = {n for i in comp for n in (i + 1, i - 1, i + s, i - s) if n not in cells}
            if border and border <= pool_of[3 - c]:
                continue  # inside a pool of the opponent: it is the opponent's territory
            if all(owner[i] == c for i in comp):
                continue  # the inside of an area already closed: nothing to close
            chosen.append((c, comp))
    territory = [0, 0, 0]
    counted: set[int] = set()
    for c, comp in chosen:
        for i in comp:
            if dots[i] == 0 and owner[i] == 0 and i not in counted:
                counted.add(i)
                territory[c] += 1
    made = []
    filled: set[int] = set()
    for c, comp in chosen:
        area, ring = board.enclose(comp)
        made.append((c, area, board._chain(ring)))
        filled.update(area)
    dame = sum(
        1
        for i in range(len(dots))
        if dots[i] == 0 and owner[i] == 0 and i not in filled and board.on_board(i % s, i // s)
    )
    t = territory[1] - territory[2]
    if t % 2 == 0:
        k = t // 2
    else:
        filler = to_move if dame % 2 == 0 else 3 - to_move
        k = (t - 1) // 2 if filler == 1 else (t + 1) // 2
    return made, k
