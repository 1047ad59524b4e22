"""The position of a game of Точки and its capture rules (5.1-5.16, 6.1-6.4, 8.2-8.4), computed incrementally.

The rules are docs/rules.md#surrounding: for a colour C, the *walls* are C's dots in play; a cell is *enclosed by
C* when no 4-connected path of non-wall cells leads from it off the board. After a move of P:

1. P captures every component enclosed by P that holds an opponent dot in play;
2. only if that captured nothing, the opponent O captures every component enclosed by O that holds a P dot in play
   (a dot put into a house, 5.14; the exception of 5.16 is the "only if").

A capture area is the component plus everything inside it; each of its points gets the capturer as owner.

Doing that literally costs a flood of the whole board per move. This module keeps, for each colour, a map of which
cells are walls, enclosed or open, and a union-find over the colour's dots. A new dot can only enclose something
when it links two parts of one chain around a gap; only then does it flood, and it floods the sides of the new dot
in lockstep, so the small enclosed side decides before the large open side is explored. Captures are rare and do
the exact work: they compute the area, its owner changes, the score and the ring.

Cells are indexed on a padded grid: ``index = y * (width + 2) + x`` with ``x`` in 1..width and ``y`` in 1..height
(from the bottom); the frame around the board stands for "off the board".
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import NamedTuple

from .colour import Colour, colour_of
from .moves import Point

# The value of a cell in a colour's reach map.
ENCLOSED = 0
"""Not a wall of that colour and no 4-connected way off the board: inside a house or an area."""
OPEN = 1
"""Not a wall of that colour and reachable from off the board."""
WALL = 2
"""A dot of that colour in play: it can be a link of a chain (5.7.1)."""
OUTSIDE = 3
"""The frame around the board."""

# The 8 neighbours in cyclic order, as (dx, dy): E, NE, N, NW, W, SW, S, SE. Even positions are orthogonal.
_RING8 = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def _neighbourhood_tables() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """For each 8-bit mask of wall neighbours: one neighbour per wall run, one orthogonal neighbour per gap.

    The ring of 8 neighbours splits into runs of walls and gaps of non-walls. A gap of a single diagonal cell does
    not separate the two orthogonal walls around it (they touch diagonally), so it is not a real gap. A new dot can
    only close a chain if two wall runs already belong to one chain. Each real gap is a side of the new dot that
    may end up enclosed; it is represented by one of its orthogonal cells (the cells that touch the new dot).

    The two tuples interleave around the ring: gap 0, run 0, gap 1, run 1, ..., so gap ``i`` lies just before run
    ``i``. With no real gap there is one run and no gap.
    """
    runs_table: list[tuple[int, ...]] = []
    seeds_table: list[tuple[int, ...]] = []
    for mask in range(256):
        bits = [(mask >> i) & 1 for i in range(8)]
        if mask in (0, 255):
            runs_table.append((0,) if mask else ())
            seeds_table.append(())
            continue
        # Maximal cyclic stretches of equal bits, scanned from a position where the bit changes.
        start = next(i for i in range(8) if bits[i] != bits[i - 1])
        stretches: list[list[int]] = []
        for k in range(8):
            i = (start + k) % 8
            if stretches and bits[stretches[-1][-1]] == bits[i]:
                stretches[-1].append(i)
            else:
                stretches.append([i])

        def real_gap(stretch: list[int], bits: list[int] = bits) -> bool:
            return not bits[stretch[0]] and not (len(stretch) == 1 and stretch[0] % 2 == 1)

        firsts = [n for n, st in enumerate(stretches) if real_gap(st)]
        if not firsts:
            runs_table.append((next(i for i in range(8) if bits[i]),))
            seeds_table.append(())
            continue
        stretches = stretches[firsts[0] :] + stretches[: firsts[0]]
        runs: list[int] = []
        seeds: list[int] = []
        for st in stretches:
            if real_gap(st):
                seeds.append(next(i for i in st if i % 2 == 0))
                runs.append(-1)
            elif bits[st[0]] and runs[-1] < 0:
                runs[-1] = st[0]
        runs_table.append(tuple(runs))
        seeds_table.append(tuple(seeds))
    return runs_table, seeds_table


_RUNS, _SEEDS = _neighbourhood_tables()


def _sides(seeds: tuple[int, ...], roots: list[int]) -> tuple[int, ...]:
    """One seed per side of a new dot that the chains through it may separate.

    ``seeds[i]`` is the gap just before wall run ``i`` around the dot and ``roots[i]`` the chain of run ``i``. Two
    runs of one chain close a loop through the dot that separates the gaps between them from the others; gaps that
    no loop separates stay one region, so only one of them needs flooding.
    """
    k = len(roots)
    pairs = [(a, b) for a in range(k) for b in range(a + 1, k) if roots[a] == roots[b]]
    chosen: dict[tuple[bool, ...], int] = {}
    for t in range(k):
        chosen.setdefault(tuple(a < t <= b for a, b in pairs), seeds[t])
    return tuple(chosen.values())


_TABLE_CACHE: dict[int, tuple[list[tuple[int, ...]], list[tuple[int, ...]]]] = {}


def _offset_tables(stride: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The neighbourhood tables with neighbour positions turned into index offsets for a grid of ``stride``."""
    tables = _TABLE_CACHE.get(stride)
    if tables is None:
        offs = [dx + dy * stride for dx, dy in _RING8]
        tables = (
            [tuple(offs[i] for i in reps) for reps in _RUNS],
            [tuple(offs[i] for i in seeds) for seeds in _SEEDS],
        )
        _TABLE_CACHE[stride] = tables
    return tables


_POINT_TABLES: dict[tuple[int, int], list[Point]] = {}


def point_table(width: int, height: int) -> list[Point]:
    """``Point`` objects for every cell index of a padded ``width`` x ``height`` grid, shared by all boards."""
    table = _POINT_TABLES.get((width, height))
    if table is None:
        stride = width + 2
        table = [Point(i % stride, i // stride) for i in range(stride * (height + 2))]
        _POINT_TABLES[(width, height)] = table
    return table


class Area(NamedTuple):
    """A capture area (5.4-5.5): who owns it, which move made it, and the chain drawn around it (5.3).

    ``ring`` is the closed chain of the capturer's dots around the area in order (the last point links back to the
    first); it starts at the capturing dot when that dot is on it. ``size`` is the number of points inside.
    ``captured`` lists the opponent's dots that this area took (the points it added to its owner's score).
    ``grounding`` marks the areas made when a player declared grounding (8.4): their chains run through imagined
    dots on empty points.
    """

    owner: Colour
    ply: int
    ring: tuple[Point, ...]
    size: int
    captured: tuple[Point, ...] = ()
    grounding: bool = False


class Board:
    """The position: dots, owners, capture areas and the score, updated one dot at a time.

    This is the engine's machinery; ``Game`` is the public face. Colours are codes here: 1 = blue, 2 = red.
    """

    __slots__ = (
        "_mark",
        "_parent",
        "_points",
        "_reach",
        "_run_offs",
        "_seed_offs",
        "_stamp",
        "_toward_edge",
        "areas",
        "dots",
        "height",
        "owner",
        "playable",
        "score",
        "stride",
        "width",
    )

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        stride = self.stride = width + 2
        size = stride * (height + 2)
        self.dots: MutableSequence[int] = [0] * size
        """Per cell: 0 empty, 1 blue dot, 2 red dot."""
        self.owner: MutableSequence[int] = [0] * size
        """Per cell: the colour of the outermost (latest) capture area containing it, 0 for none."""
        frame = [OUTSIDE] * size
        for y in range(1, height + 1):
            frame[y * stride + 1 : y * stride + width + 1] = [OPEN] * width
        self._reach: list[MutableSequence[int]] = [frame, frame[:], frame[:]]
        self._parent = list(range(size))
        self._mark = [0] * size
        self._stamp = 0
        self._run_offs, self._seed_offs = _offset_tables(stride)
        self._points = point_table(width, height)
        # 4-neighbour offsets ordered so that the last one steps toward the left, right, bottom or top edge.
        self._toward_edge = (
            (stride, -stride, 1, -1),
            (stride, -stride, -1, 1),
            (1, -1, stride, -stride),
            (1, -1, -stride, stride),
        )
        self.score = [0, 0, 0]
        """Index 1: blue's score, index 2: red's (6.1)."""
        self.playable = width * height
        """How many points are still empty and in play."""
        self.areas: list[Area] = []

    def copy(self) -> Board:
        """An independent copy of the position (the lookup tables, which never change, are shared)."""
        twin = Board.__new__(Board)
        twin.width, twin.height, twin.stride = self.width, self.height, self.stride
        twin.dots = self.dots[:]
        twin.owner = self.owner[:]
        twin._reach = [r[:] for r in self._reach]
        twin._parent = self._parent[:]
        twin._mark = self._mark[:]
        twin._stamp = self._stamp
        twin._run_offs, twin._seed_offs = self._run_offs, self._seed_offs
        twin._points = self._points
        twin._toward_edge = self._toward_edge
        twin.score = self.score[:]
        twin.playable = self.playable
        twin.areas = self.areas[:]
        return twin

    # ----------------------------------------------------------------------------------------------------------
    # Points and indices

    def index(self, x: int, y: int) -> int:
        """The cell index of point ``x-y`` (no bounds check)."""
        return y * self.stride + x

    def point(self, index: int) -> Point:
        """The point of a cell index."""
        return self._points[index]

    def on_board(self, x: int, y: int) -> bool:
        """True when ``x-y`` is a point of this board."""
        return 1 <= x <= self.width and 1 <= y <= self.height

    # ----------------------------------------------------------------------------------------------------------
    # Moves

    def place(self, idx: int, p: int, ply: int) -> int:
        """Put a dot of colour ``p`` on the empty, playable cell ``idx`` and resolve captures.

        Returns how many capture areas the move made (they are appended to ``areas``). The caller checks legality.
        """
        o = 3 - p
        reach = self._reach
        rp = reach[p]
        dots = self.dots
        owner = self.owner
        dots[idx] = p
        self.playable -= 1
        was_open = rp[idx] == OPEN
        rp[idx] = WALL
        s = self.stride
        m = 0
        if rp[idx + 1] == WALL:
            m = 1
        if rp[idx + s + 1] == WALL:
            m |= 2
        if rp[idx + s] == WALL:
            m |= 4
        if rp[idx + s - 1] == WALL:
            m |= 8
        if rp[idx - 1] == WALL:
            m |= 16
        if rp[idx - s - 1] == WALL:
            m |= 32
        if rp[idx - s] == WALL:
            m |= 64
        if rp[idx - s + 1] == WALL:
            m |= 128
        before = len(self.areas)
        enclosed: list[list[int]] | None = None
        if m:
            parent = self._parent
            reps = self._run_offs[m]
            if len(reps) == 1:
                x = idx + reps[0]
                while (px := parent[x]) != x:
                    gp = parent[px]
                    parent[x] = gp
                    x = gp
                parent[idx] = x
            else:
                roots: list[int] = []
                for off in reps:
                    x = idx + off
                    while (px := parent[x]) != x:
                        gp = parent[px]
                        parent[x] = gp
                        x = gp
                    roots.append(x)
                r0 = roots[0]
                parent[idx] = r0
                for r in roots[1:]:
                    if r != r0:
                        parent[r] = r0
                if was_open and len(set(roots)) < len(roots):
                    enclosed = self._split(idx, _sides(self._seed_offs[m], roots), rp)

        # Step 1: P captures every component it encloses that holds an opponent dot in play.
        targets: list[list[int]] = []
        if enclosed:
            for cells in enclosed:
                hit = False
                for c in cells:
                    rp[c] = ENCLOSED
                    if dots[c] == o and owner[c] == 0:
                        hit = True
                if hit:
                    targets.append(cells)
        for cells in targets:
            self._capture(p, cells, ply, idx)

        # Step 2: a dot put into the opponent's house is captured as the move passes (5.14), unless it closed a
        # capture itself (5.16). In that case the house is always broken: the dot's chain neighbours lie outside
        # the house, diagonally across two of its wall dots; one of those is inside the new area, so it is
        # captured and the dot reaches its chain neighbour through it. No enclosed opponent dot is left behind,
        # and both steps need only look at this move's dot.
        ro = reach[o]
        if not targets and ro[idx] == ENCLOSED:
            self._capture(o, self._component(idx, ro), ply, idx)
        return len(self.areas) - before

    def _component(self, start: int, rmap: MutableSequence[int]) -> list[int]:
        """The 4-connected component of ``ENCLOSED`` cells of a reach map that contains ``start``."""
        self._stamp += 1
        stamp = self._stamp
        mark = self._mark
        s = self.stride
        mark[start] = stamp
        cells = [start]
        i = 0
        while i < len(cells):
            c = cells[i]
            i += 1
            for n in (c + 1, c + s, c - 1, c - s):
                if rmap[n] == ENCLOSED and mark[n] != stamp:
                    mark[n] = stamp
                    cells.append(n)
        return cells

    def _split(self, d: int, seeds: tuple[int, ...], rp: MutableSequence[int]) -> list[list[int]]:
        """The new wall ``d`` closed a chain: return the sides of ``d`` that are now enclosed (each a component).

        Before ``d`` was placed its sides were one open region. Each side is flooded from its seed in lockstep,
        depth first and heading for the nearest edge; a flood that reaches the frame is open, one that runs out of
        cells is enclosed, floods that meet are merged. When ``d`` is not on the edge at least one side stays open,
        so once every other side is decided enclosed the last one is known to be open without exploring it.
        """
        s = self.stride
        k = len(seeds)
        mark = self._mark
        base = self._stamp + 1
        self._stamp = base + k
        group_of = list(range(k))
        cells: list[list[int]] = []
        stacks: list[list[int]] = []
        state = [0] * k  # 0 undecided, 1 open, 2 enclosed, 3 merged into another group
        undecided = k
        any_open = False
        for g, off in enumerate(seeds):
            c = d + off
            cells.append([c])
            stacks.append([c])
            if rp[c] == OUTSIDE:
                state[g] = 1
                undecided -= 1
                any_open = True
            else:
                mark[c] = base + g
        on_edge = OUTSIDE in (rp[d + 1], rp[d - 1], rp[d + s], rp[d - s])
        # Neighbour order: the step towards the nearest edge is pushed last, so it is tried first.
        y, x = divmod(d, s)
        offsets = self._toward_edge[min((x, 0), (self.width + 1 - x, 1), (y, 2), (self.height + 1 - y, 3))[1]]
        while undecided:
            if undecided == 1 and not any_open and not on_edge:
                break
            for g in range(k):
                if state[g]:
                    continue
                stack = stacks[g]
                if not stack:
                    state[g] = 2
                    undecided -= 1
                    continue
                c = stack.pop()
                for off in offsets:
                    n = c + off
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
                        cells[g].extend(cells[other])
                        stack.extend(stacks[other])
                        state[other] = 3
                        undecided -= 1
                        for label in range(k):
                            if group_of[label] == other:
                                group_of[label] = g
                    else:
                        mark[n] = base + g
                        cells[g].append(n)
                        stack.append(n)
        return [cells[g] for g in range(k) if state[g] == 2]

    def _capture(self, c: int, comp: list[int], ply: int, move: int | None, grounding: bool = False) -> None:
        """Make the capture area of colour ``c`` around the enclosed component ``comp`` (5.4-5.7, 6.1-6.4)."""
        area, ring = self.enclose(comp)
        self.take(c, area, self._chain(ring), ply, move, grounding)

    def enclose(self, comp: list[int]) -> tuple[list[int], list[int]]:
        """The area around the enclosed component ``comp`` and the ring traced around it: ``(area, ring)``.

        The area is the component plus every cell it surrounds (own dots, houses, older areas of either colour).
        Its ring is traced around the component first; a neighbour of the component that is neither in it nor on
        the ring lies in a hole, which is flooded into the area. The ring is as traced (see ``_chain``).
        """
        s = self.stride
        mark = self._mark
        self._stamp += 2
        in_st, ring_st = self._stamp - 1, self._stamp
        for cell in comp:
            mark[cell] = in_st
        ring = self._trace(min(comp), in_st)
        for cell in ring:
            mark[cell] = ring_st
        area = list(comp)
        for cell in comp:
            for n in (cell + 1, cell + s, cell - 1, cell - s):
                m = mark[n]
                if m != in_st and m != ring_st:
                    mark[n] = in_st
                    area.append(n)
                    stack = [n]
                    while stack:
                        h = stack.pop()
                        for nn in (h + 1, h + s, h - 1, h - s):
                            if mark[nn] != in_st:
                                mark[nn] = in_st
                                area.append(nn)
                                stack.append(nn)
        return area, ring

    def take(
        self,
        c: int,
        area: list[int],
        ring: list[int],
        ply: int,
        move: int | None,
        grounding: bool = False,
        *,
        manual: bool = False,
    ) -> Area:
        """Give every cell of ``area`` to colour ``c`` and record the area with its ``ring`` (5.7, 6.1-6.4).

        Owners, the score and the playable count are updated. With automatic captures (``manual`` false) both reach
        maps are kept up to date too; manual closures never read them. Returns the recorded area.
        """
        s = self.stride
        dots = self.dots
        owner = self.owner
        o = 3 - c
        score = self.score
        rc = self._reach[c]
        ro = self._reach[o]
        freed: list[int] = []
        gained: list[int] = []
        for cell in area:
            prev = owner[cell]
            if prev == c:
                continue
            owner[cell] = c
            dot = dots[cell]
            if dot == 0:
                if prev == 0:
                    self.playable -= 1
            elif dot == c:
                if prev == 0:
                    rc[cell] = ENCLOSED  # our own dot inside our area leaves play
                else:
                    score[prev] -= 1  # our dot no longer counts for the opponent (6.4)
            else:
                score[c] += 1
                gained.append(cell)
                if prev == 0:
                    freed.append(cell)
        if not manual:
            # The opponent's captured dots are no longer walls: regions they closed may open up again.
            for cell in freed:
                ro[cell] = ENCLOSED
            for cell in freed:
                # OPEN and OUTSIDE are the odd values: a neighbour that reaches off the board.
                if ro[cell] == ENCLOSED and (
                    ro[cell + 1] & 1 or ro[cell - 1] & 1 or ro[cell + s] & 1 or ro[cell - s] & 1
                ):
                    self._reopen(cell, ro)
        if move is not None and move in ring:
            at = ring.index(move)
            ring = ring[at:] + ring[:at]
        points = self._points
        made = Area(
            colour_of(c),
            ply,
            tuple(map(points.__getitem__, ring)),
            len(area),
            tuple(map(points.__getitem__, gained)),
            grounding,
        )
        self.areas.append(made)
        return made

    def _reopen(self, start: int, rmap: MutableSequence[int]) -> None:
        """Mark ``start`` and every enclosed cell connected to it as open (walls were removed next to them)."""
        s = self.stride
        if rmap[start] != ENCLOSED:
            return
        rmap[start] = OPEN
        stack = [start]
        while stack:
            c = stack.pop()
            for n in (c + 1, c + s, c - 1, c - s):
                if rmap[n] == ENCLOSED:
                    rmap[n] = OPEN
                    stack.append(n)

    def _trace(self, first: int, stamp: int) -> list[int]:
        """The ring around the cells marked ``stamp``: the cells just outside them, in order around them (5.3).

        ``first`` is the lowest marked cell, so the cell below it is outside. The trace walks the outer edge with
        the marked cells on its left, taking diagonal steps between marked cells (so it never slips between two
        of them into a hole). The outside cell of each edge is a link of the chain; consecutive links touch.
        """
        s = self.stride
        mark = self._mark
        steps = (1, s, -1, -s)  # E, N, W, S: turning left is +1
        a, o = first, 3
        ring: list[int] = []
        while True:
            b = a + steps[o]
            if not ring or ring[-1] != b:
                ring.append(b)
            w = (o + 1) & 3
            if mark[b + steps[w]] == stamp:
                a, o = b + steps[w], (w + 2) & 3
            elif mark[a + steps[w]] == stamp:
                a += steps[w]
            else:
                o = w
            if a == first and o == 3:
                break
        if len(ring) > 1 and ring[-1] == ring[0]:
            ring.pop()
        return ring

    @staticmethod
    def _chain(ring: list[int]) -> list[int]:
        """The chain to draw from a traced ring: without the dots that poke into the area.

        Such a dot is walked out and back by the trace (A, B, A). The drawn chain skips it, as zagram.org draws
        it: the dot stays in play, it is just not a link of the ring.
        """
        ring = list(ring)
        i = 0
        while len(ring) > 3 and i < len(ring):
            n = len(ring)
            if ring[i - 1] == ring[(i + 1) % n]:
                del ring[max(i, (i + 1) % n)]
                del ring[min(i, (i + 1) % n)]
                i = max(i - 2, 0)
            else:
                i += 1
        return ring

    # ----------------------------------------------------------------------------------------------------------
    # Grounding

    def ground(self, declarer: int, ply: int) -> int:
        """Evaluate grounding declared by ``declarer`` (8.2-8.4). Returns how many areas it made.

        Every empty playable point is treated as an opponent dot; the opponent then captures every component it
        encloses that holds a declarer's dot in play. The imagined dots are not placed.
        """
        e = 3 - declarer
        s = self.stride
        dots, owner = self.dots, self.owner
        size = len(dots)
        # Walls of the opponent, with every empty playable point imagined as one of its dots.
        grid = self._reach[e][:]
        for i in range(size):
            if grid[i] != OUTSIDE:
                grid[i] = WALL if owner[i] == 0 and dots[i] != declarer else ENCLOSED
        # Flood from the frame: what it reaches is open; the rest of the non-wall cells is enclosed.
        stack = [i for i in range(size) if grid[i] == OUTSIDE]
        while stack:
            c = stack.pop()
            for n in (c + 1, c + s, c - 1, c - s):
                if 0 <= n < size and grid[n] == ENCLOSED:
                    grid[n] = OPEN
                    stack.append(n)
        targets: list[list[int]] = []
        self._stamp += 1
        seen = self._stamp
        mark = self._mark
        for i in range(size):
            if grid[i] != ENCLOSED or mark[i] == seen:
                continue
            mark[i] = seen
            comp = [i]
            j = 0
            hit = False
            while j < len(comp):
                c = comp[j]
                j += 1
                if dots[c] == declarer and owner[c] == 0:
                    hit = True
                for n in (c + 1, c + s, c - 1, c - s):
                    if grid[n] == ENCLOSED and mark[n] != seen:
                        mark[n] = seen
                        comp.append(n)
            if hit:
                targets.append(comp)
        before = len(self.areas)
        for comp in targets:
            self._capture(e, comp, ply, None, grounding=True)
        return len(self.areas) - before
