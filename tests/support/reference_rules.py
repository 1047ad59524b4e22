"""A slow, literal implementation of the sports rules (docs/rules.md, Sports rules): the oracle the fast engine is
checked against.

Every move floods the whole board, exactly as the rules' "precise, equivalent formulation" reads. No cleverness,
so it is easy to check by eye; the tests compare the engine with it move by move on random games.
"""

from __future__ import annotations

from collections.abc import Iterable

from tochki_bot.engine import start_dots

Cell = tuple[int, int]


class ReferenceGame:
    """Dots and owners as dicts keyed by ``(x, y)``; colours 'blue' / 'red'."""

    def __init__(self, width: int, height: int, start: str = "empty") -> None:
        self.width, self.height = width, height
        self.dot: dict[Cell, str | None] = {(x, y): None for x in range(1, width + 1) for y in range(1, height + 1)}
        self.owner: dict[Cell, str | None] = dict(self.dot)
        for (x, y), colour in start_dots(width, height, start):  # type: ignore[arg-type]
            self.dot[(x, y)] = colour
        self.to_move = "blue"

    @staticmethod
    def other(colour: str) -> str:
        return "red" if colour == "blue" else "blue"

    def neighbours(self, cell: Cell) -> Iterable[Cell]:
        x, y = cell
        return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))

    def on_board(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.width and 1 <= cell[1] <= self.height

    def in_play(self, cell: Cell) -> bool:
        return self.owner[cell] is None

    def reachable(self, blocked: set[Cell]) -> set[Cell]:
        """Cells with a 4-connected path off the board that avoids ``blocked``."""
        seen: set[Cell] = set()
        stack = [c for c in self.dot if c not in blocked and (c[0] in (1, self.width) or c[1] in (1, self.height))]
        seen.update(stack)
        while stack:
            c = stack.pop()
            for n in self.neighbours(c):
                if self.on_board(n) and n not in blocked and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return seen

    def components(self, cells: set[Cell]) -> list[set[Cell]]:
        comps: list[set[Cell]] = []
        left = set(cells)
        while left:
            first = left.pop()
            comp = {first}
            stack = [first]
            while stack:
                c = stack.pop()
                for n in self.neighbours(c):
                    if n in left:
                        left.remove(n)
                        comp.add(n)
                        stack.append(n)
            comps.append(comp)
        return comps

    def capture_step(self, colour: str, walls: set[Cell] | None = None) -> int:
        """``colour`` captures every component it encloses that holds an opponent dot in play. Returns how many."""
        enemy = self.other(colour)
        if walls is None:
            walls = {c for c, d in self.dot.items() if d == colour and self.in_play(c)}
        open_cells = self.reachable(walls)
        enclosed = {c for c in self.dot if c not in walls and c not in open_cells}
        areas = []
        for comp in self.components(enclosed):
            if any(self.dot[c] == enemy and self.in_play(c) for c in comp):
                inside = set(self.dot) - self.reachable(comp)
                areas.append(inside)
        for inside in areas:
            for c in inside:
                self.owner[c] = colour
        return len(areas)

    def play(self, x: int, y: int) -> None:
        cell = (x, y)
        assert self.dot[cell] is None and self.owner[cell] is None, cell
        p = self.to_move
        self.dot[cell] = p
        if not self.capture_step(p):
            self.capture_step(self.other(p))
        self.to_move = self.other(p)

    def ground(self, colour: str) -> None:
        enemy = self.other(colour)
        walls = {c for c, d in self.dot.items() if self.in_play(c) and d in (None, enemy)}
        self.capture_step(enemy, walls)

    @property
    def score(self) -> tuple[int, int]:
        blue = sum(1 for c, d in self.dot.items() if d == "red" and self.owner[c] == "blue")
        red = sum(1 for c, d in self.dot.items() if d == "blue" and self.owner[c] == "red")
        return blue, red

    def diagram(self) -> list[str]:
        dch = {None: ".", "blue": "b", "red": "r"}
        och = {None: "-", "blue": "B", "red": "R"}
        return [
            " ".join(dch[self.dot[(x, y)]] + och[self.owner[(x, y)]] for x in range(1, self.width + 1))
            for y in range(self.height, 0, -1)
        ]
