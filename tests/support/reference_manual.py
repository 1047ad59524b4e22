"""A slow, literal implementation of the manual-closure rule sets (docs/rules.md, Polish Kropki and Territory): the
oracle for the engine.

Everything is recomputed from dicts keyed by ``(x, y)`` on every call, exactly as docs/rules.md
(Polish Kropki: Closures, Pools; Territory: Rings, Nesting) reads, reusing the flood of ``reference_rules`` (the
sports rules' "enclosed component" and area, docs/rules.md, Surrounding). The inside of a ring is
decided by the textbook ray-casting test on the polygon, not by the engine's row scan.
"""

from __future__ import annotations

from tests.support.reference_rules import Cell, ReferenceGame


class ClosureError(Exception):
    """The closure is illegal."""


class ReferenceManualGame(ReferenceGame):
    """Manual closures: ``mode`` is ``"polish"`` (a closure is one whole pool) or ``"territory"`` (any ring)."""

    def __init__(
        self, width: int, height: int, mode: str, *, penalty: bool = False, instant_win: int = 0, nest: int = 1
    ) -> None:
        super().__init__(width, height, "empty")
        self.mode, self.penalty, self.instant_win, self.nest = mode, penalty, instant_win, nest
        self.fines = {"blue": 0, "red": 0}
        self.rings: list[tuple[str, list[Cell]]] = []  # every closure made: owner and ring
        self.over = False

    # -- the rules ---------------------------------------------------------------------------------------------

    def pools(self, colour: str) -> list[set[Cell]]:
        """Enclosed components of ``colour`` (walls: its dots in play), with or without enemy dots."""
        walls = {c for c, d in self.dot.items() if d == colour and self.in_play(c)}
        open_cells = self.reachable(walls)
        return self.components({c for c in self.dot if c not in walls and c not in open_cells})

    def alive_enemy(self, colour: str, cells: set[Cell]) -> bool:
        return any(self.dot[c] == self.other(colour) and self.in_play(c) for c in cells)

    def area_of_pool(self, pool: set[Cell]) -> set[Cell]:
        """docs/rules.md, Surrounding: the component plus everything not reachable from off the board once it is
        removed."""
        return set(self.dot) - self.reachable(pool)

    @staticmethod
    def inside_polygon(ring: list[Cell], cell: Cell) -> bool:
        """Ray casting to the right (the cell is not on the ring)."""
        x, y = cell
        inside = False
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y):
                cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                if x < cross:
                    inside = not inside
        return inside

    def ring_ok(self, colour: str, ring: list[Cell]) -> bool:
        """A closed chain of own dots in play; simple under the territory rules, while the border of a Polish pool
        may touch itself at a dot."""
        if len(ring) > 1 and ring[0] == ring[-1]:
            ring = ring[:-1]
        if len(ring) < 4 or (self.mode == "territory" and len(set(ring)) != len(ring)):
            return False
        if any(c not in self.dot or self.dot[c] != colour or not self.in_play(c) for c in ring):
            return False
        links = list(zip(ring, ring[1:] + ring[:1], strict=True))
        if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1 for a, b in links):
            return False
        # Two diagonal links across the same unit square cross each other.
        diagonals = [frozenset((a, b)) for a, b in links if a[0] != b[0] and a[1] != b[1]]
        for d in diagonals:
            (ax, ay), (bx, by) = sorted(d)
            other = frozenset(((ax, by), (bx, ay)))
            if other in diagonals:
                return False
        return True

    def interior(self, ring: list[Cell]) -> set[Cell]:
        on = set(ring)
        return {c for c in self.dot if c not in on and self.inside_polygon(ring, c)}

    def resolve(self, colour: str, target: Cell | list[Cell]) -> tuple[set[Cell], list[Cell] | None]:
        """The area a closure would make (raises ``ClosureError``)."""
        if isinstance(target, tuple):
            pool = next((p for p in self.pools(colour) if target in p), None)
            if pool is None or not self.alive_enemy(colour, pool):
                raise ClosureError("no pool with an enemy dot there")
            if self.mode == "polish":
                return self.area_of_pool(pool), None
            raise ClosureError("the reference takes rings in territory mode")
        ring = list(target)
        if len(ring) > 1 and ring[0] == ring[-1]:
            ring = ring[:-1]
        if not self.ring_ok(colour, ring):
            raise ClosureError("not a ring")
        inside = self.interior(ring)
        if not self.alive_enemy(colour, inside):
            raise ClosureError("empty")
        if self.mode == "polish":
            # The stop is the one pool with an opponent dot in play inside the ring; other pockets stay as they are.
            hits = [p for p in self.pools(colour) if self.alive_enemy(colour, p & inside)]
            if len(hits) != 1 or not hits[0] <= inside:
                raise ClosureError("not one pool")
            return self.area_of_pool(hits[0]), None
        for owner, old in self.rings:
            if owner != colour:
                continue
            shared = len(set(old) & set(ring))
            if shared <= self.nest:
                continue
            if all(c in inside or c in ring for c in old) and (
                any(c in inside for c in old) or (self.interior(old) and self.interior(old) <= inside)
            ):
                raise ClosureError("nesting")
        return inside, ring

    def close(self, colour: str, target: Cell | list[Cell]) -> None:
        area, ring = self.resolve(colour, target)
        if self.penalty:
            self.fines[colour] += sum(1 for c in area if self.dot[c] == colour and self.in_play(c))
        for c in area:
            self.owner[c] = colour
        if ring is not None:
            self.rings.append((colour, ring))
        self.check_instant_win()
        if not any(self.dot[c] is None and self.owner[c] is None for c in self.dot):
            self.over = True  # the closure took the last free points: the board is full (8.1c)

    def place(self, cell: Cell, colour: str) -> None:
        assert self.dot[cell] is None and self.owner[cell] is None
        self.dot[cell] = colour
        self.to_move = self.other(colour)

    def check_instant_win(self) -> None:
        blue, red = self.score
        if self.instant_win and abs(blue - red) >= self.instant_win:
            self.over = True

    @property
    def score(self) -> tuple[int, int]:
        blue, red = super().score
        return blue - self.fines["blue"], red - self.fines["red"]

    def agreed_end(self) -> tuple[str | None, int]:
        """docs/rules.md, End of a territory game, step by step: the winner and the margin."""
        empty_playable = {c for c in self.dot if self.dot[c] is None and self.owner[c] is None}
        pools = {colour: self.pools(colour) for colour in ("blue", "red")}
        kept: list[tuple[str, set[Cell]]] = []
        for colour in ("blue", "red"):
            theirs = set().union(*pools[self.other(colour)])
            for pool in pools[colour]:
                border = {n for c in pool for n in self.neighbours(c) if n not in pool}
                if border <= theirs:
                    continue
                if all(self.owner[c] == colour for c in pool):
                    continue
                kept.append((colour, pool))
        territory = {"blue": 0, "red": 0}
        counted: set[Cell] = set()
        for colour, pool in kept:
            for c in pool & empty_playable - counted:
                counted.add(c)
                territory[colour] += 1
        areas = [(colour, self.area_of_pool(pool)) for colour, pool in kept]
        for colour, area in areas:
            for c in area:
                self.owner[c] = colour
        blue, red = self.score
        d = blue - red
        t = territory["blue"] - territory["red"]
        dame = sum(1 for c in self.dot if self.dot[c] is None and self.owner[c] is None)
        if t % 2 == 0:
            result = d + t // 2
        else:
            first = self.to_move if dame % 2 == 0 else self.other(self.to_move)
            result = d + (t - 1) // 2 if first == "blue" else d + (t + 1) // 2
        winner = "blue" if result > 0 else "red" if result < 0 else None
        return winner, abs(result)
