"""The player: a selective alpha-beta search over tactical and local moves, with a capture-aware evaluation.

- Moves considered at a node: its own captures, the points where the opponent would capture (blocks), then points
  near the latest moves ordered by a shape heuristic; never a dot into the opponent's house that captures nothing
  (it would be captured at once, 5.14). The root also considers every point near any dot. ``hard`` also reads, at
  the root, each side's *threat moves* (points anywhere where a dot makes new capture threats, double threats
  first) and searches the best few of them at inner nodes too: a double threat far from the latest moves is
  otherwise invisible below the root.
- Evaluation, for the side to move: the score difference, plus what the next exchange of captures is worth
  (it takes its best capture, or blocks the opponent's best one and loses the second best), plus grounding: a side
  that leads by more than the dots its own grounding would give away wins at once (8.2-8.4), whatever else is on
  the board. The dots each side would give away are counted at the root with the engine's own ``ground``.
- Iterative deepening: every root candidate at 1 ply, the best ones at 2 and 3 plies; ``hard`` then searches the
  rest of the root at 3 plies and its 8 best root moves at 5, 7, ... plies (previous best first) until its budget
  is spent, so it always uses its whole time. A deeper iteration replaces the best move only with one that is
  better by more than half a dot there (``Style.switch_margin``). Odd depths only beyond 3: with the opponent to
  move at the leaves the evaluation's exchange term is always the opponent's. A quiescence search over captures
  and blocks at the leaves was tried and lost (3-1-4 at 1 s on 15x15), so the leaves stay static; so did a
  territory term (cells inside each side's enclosures, 0.1 a cell: 1-0-7). The widened iteration comes before
  the deep ones: the other way round lost 4-0-12 on 39x32 (``docs/ai.md``, round 2).
- ``hard``'s inner nodes: a transposition table (Zobrist keys of the dots with the score and the side to move:
  bounds and the best move of positions met again), two killer moves per ply, and null windows after the first
  move (principal variation search). Measured with ``benchmarks/selfplay.py`` (``docs/ai.md``).
- Levels differ by depth, width, budget and deliberate noise (``easy`` sometimes overlooks the opponent's threats
  and prefers moves near the last ones).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Literal, NamedTuple

from tochki_bot.engine import BLUE, RED, Colour, Game, Point

from . import kernel
from .position import Position, board_cells
from .tactics import in_house

Level = Literal["easy", "normal", "hard"]
"""A playing strength."""

LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")
"""The levels, weakest first."""

BUDGET: dict[str, float] = {"easy": 0.5, "normal": 1.0, "hard": 2.0}
"""Default thinking time per move in seconds, per level."""

WIN = 100_000.0
"""A won game (grounding that wins, or a full board with the lead), beyond any score."""

MAX_DEPTH = 31
"""The deepest iteration (a search that gets there on a nearly full board stops early)."""

EXACT, LOWER, UPPER = 0, 1, 2
"""What a transposition table entry's value is: the exact value, a lower bound (it failed high), an upper bound."""

NULL = 0.001
"""The width of a null window: inner values are whole dots, so a window this narrow only asks "better or not"."""


@dataclass(frozen=True)
class Style:
    """How a level searches."""

    max_depth: int
    root_width: int
    """Root moves searched beyond depth 1 (all are searched at depth 1)."""
    width: int
    """Moves searched at inner nodes."""
    noise: float
    """Standard deviation of the random term added to root values (in captured dots)."""
    oversight: float
    """Probability of not looking at the opponent's threats for this move."""
    shape_weight: float
    """Weight of the local shape heuristic (``Search.shape``) added to root values: it orders quiet moves."""
    widen: bool
    """After the deepest iteration, search the remaining root moves at that depth until the budget is spent."""
    deep_width: int
    """After the widened iteration, search this many of the best root moves 2, 4, ... plies deeper (odd depths
    only: the leaves then always have the opponent to move) until the budget is spent; 0: never."""
    switch_margin: float = 0.0
    """In the deeper iterations, another root move replaces the best one only when it is better by more than this
    (in captured dots): a deeper search with a static evaluation is not always a better one."""
    threats: int = 0
    """At inner nodes, also search up to this many of the side to move's threat moves read at the root
    (``Search.read_threats``): points anywhere on the board where a dot makes a new capture threat, double threats
    first. The local move generator only looks near the latest moves and misses a double threat far from them."""
    table: bool = False
    """Keep a transposition table (Zobrist keys over the dots, with the score and the side to move): a position
    met again is not searched again to a depth it was already searched to, and its best move is tried first."""
    killers: bool = False
    """Try the two latest quiet moves that made a cutoff at the same ply first (killer moves)."""
    null_window: bool = False
    """Search every move after the first with a null window, again with the full one only when it does better
    (principal variation search)."""
    compiled: bool = False
    """Search with the compiled kernel (``tochki_bot.ai.kernel``) where it can be used: the same search, about ten
    times the positions in the same time."""
    rate: float = 5000.0
    """Nodes per second assumed on a 20x20 board to turn a budget into a node limit when a seed is given (scaled
    to other sizes by ``node_rate``; about half of what this 2-core machine measures in a mid-game, 10,000/s, so
    a seeded search normally ends inside its time)."""


STYLES: dict[str, Style] = {
    "easy": Style(
        max_depth=1,
        root_width=0,
        width=0,
        noise=0.35,
        oversight=0.25,
        shape_weight=0.15,
        widen=False,
        deep_width=0,
        rate=5000.0,
    ),
    "normal": Style(
        max_depth=2,
        root_width=8,
        width=3,
        noise=0.1,
        oversight=0.0,
        shape_weight=0.05,
        widen=False,
        deep_width=0,
        rate=5000.0,
    ),
    "hard": Style(
        max_depth=3,
        root_width=20,
        width=10,
        noise=0.0,
        oversight=0.0,
        shape_weight=0.05,
        widen=True,
        deep_width=8,
        switch_margin=0.5,
        threats=4,
        table=True,
        killers=True,
        null_window=True,
        compiled=True,
        rate=5000.0,
    ),
}

COMPILED_SPEEDUP = 8.0
"""How many more nodes per second the compiled search looks at than the Python one (for seeded node limits)."""


def node_rate(style: Style, width: int, height: int) -> float:
    """Nodes per second assumed for ``style`` on a ``width`` x ``height`` board (node cost grows with the area)."""
    return float(style.rate * (400.0 / (width * height)) ** 0.85)


class _OutOfTime(Exception):
    """Raised inside the search when the node limit or the clock runs out."""


class Search:
    """One move's search: limits, counters and the evaluation context."""

    def __init__(
        self,
        root: Position,
        style: Style,
        deadline: float,
        node_limit: float,
        blind: bool,
        at_risk: list[int] | None = None,
    ) -> None:
        self.root = root
        self.style = style
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.blind = blind
        self.at_risk = at_risk or [0, _ground_loss(root.game, 1), _ground_loss(root.game, 2)]
        """Per colour: how much its lead would drop if it declared grounding now (``_ground_loss``)."""
        self.table: dict[tuple[int, int, int, int], tuple[int, float, int, int]] = {}
        """Transposition table: (key, side to move, blue's score, red's) -> (depth, value, flag, best move)."""
        self.killers: list[list[int]] = [[] for _ in range(MAX_DEPTH + 2)]
        """Per ply from the root: the latest quiet moves that made a cutoff there."""
        self.threat_moves: list[list[int]] = [[], [], []]
        """Per colour: its threat moves read at the root, best first (``read_threats``)."""
        b = root.board
        self.width, self.height, self.stride = b.width, b.height, b.stride

    # ---------------------------------------------------------------------------------------------------------

    def tick(self) -> None:
        """Count a node; stop the search when a limit is reached."""
        self.nodes += 1
        if self.nodes >= self.node_limit or time.perf_counter() > self.deadline:
            raise _OutOfTime

    def evaluate(self, pos: Position) -> float:
        """The position's value for the side to move, in captured dots (``WIN`` and more for a decided game)."""
        p = pos.to_move
        o = 3 - p
        diff = pos.diff(p)
        if pos.game.is_over:
            return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0.0)
        if diff - self.at_risk[p] > 0:
            return WIN + diff  # grounding now wins
        a = max(pos.closers[p].values(), default=0)
        b = b2 = 0
        if not (self.blind and p == self.root.to_move):
            for v in pos.closers[o].values():
                if v > b:
                    b, b2 = v, b
                elif v > b2:
                    b2 = v
        return diff + max(a - b, -b2)

    def threat_rank(self, pos: Position, child: Position) -> tuple[int, int] | None:
        """How the move from ``pos`` to ``child`` threatens: (its second biggest new capture threat, its biggest), or
        ``None`` when it makes no new threat or changes the score (a capture comes first anyway)."""
        p = pos.to_move
        if child.diff(p) != pos.diff(p):
            return None
        before = pos.closers[p]
        new = sorted((v for c, v in child.closers[p].items() if v > before.get(c, 0)), reverse=True)
        if not new:
            return None
        return (new[1] if len(new) > 1 else 0, new[0])

    def keep_threats(self, p: int, found: list[tuple[int, int, int]]) -> None:
        """Keep the best ``style.threats`` of ``found`` (second threat, biggest threat, point) as ``p``'s threat
        moves: double threats first, by their second threat, then single threats by their size."""
        found.sort(key=lambda t: (-t[0], -t[1]))
        self.threat_moves[p] = [q for _, _, q in found[: self.style.threats]]

    def read_threats(self, pos: Position, candidates: list[int]) -> None:
        """Find the threat moves of ``pos.to_move`` among ``candidates`` (points where its dot captures nothing
        but makes new capture threats) by playing each, and keep the best (``keep_threats``).

        Only a point next to a dot of that colour in play can make a new threat (a ring through the new dot runs
        through two of its neighbours, at least one of them a dot already there, the other maybe the closer), so
        the others are not played."""
        found: list[tuple[int, int, int]] = []
        p = pos.to_move
        b = pos.board
        dots, owner = b.dots, b.owner
        s = self.stride
        for q in candidates:
            if not any(
                dots[n] == p and not owner[n]
                for n in (q + 1, q - 1, q + s, q - s, q + s + 1, q + s - 1, q - s + 1, q - s - 1)
            ):
                continue
            self.tick()
            rank = self.threat_rank(pos, pos.play(q))
            if rank is not None:
                found.append((*rank, q))
        self.keep_threats(pos.to_move, found)

    # ---------------------------------------------------------------------------------------------------------
    # Move generation

    def shape(self, pos: Position, q: int, p: int, lasts: list[tuple[int, int, int]] | None = None) -> float:
        """A cheap local preference for a dot of ``p`` on ``q``: contact, links, edges, nearness to the last moves.

        ``lasts`` is ``last_coords(pos)``, passed when many points of one position are looked at."""
        b = pos.board
        s = self.stride
        dots, owner = b.dots, b.owner
        own4 = opp4 = own8 = opp8 = 0
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
        h = (opp8 if opp8 < 3 else 3) + 0.8 * (own8 if own8 < 3 else 3)
        if own4 > 1:
            h -= 0.7 * (own4 - 1)
        if opp8 and own8:
            h += 1.0
        y, x = divmod(q, s)
        edge = min(x, y, self.width + 1 - x, self.height + 1 - y)
        if edge == 1:
            h -= 1.5
        elif edge == 2:
            h -= 0.4
        for lx, ly, k in self.last_coords(pos) if lasts is None else lasts:
            dx = lx - x if lx > x else x - lx
            dy = ly - y if ly > y else y - ly
            if dx <= 2 and dy <= 2:
                h += (1.0 if dx < 2 and dy < 2 else 0.5) / k
        return h

    def last_coords(self, pos: Position) -> list[tuple[int, int, int]]:
        """The latest moves of ``pos`` as (x, y, 1 + how many moves ago), for ``shape``."""
        s = self.stride
        out = []
        for k, last in enumerate(reversed(pos.last)):
            ly, lx = divmod(last, s)
            out.append((lx, ly, 1 + k))
        return out

    def near(self, pos: Position, centres: list[int], radius: int) -> set[int]:
        """Empty playable cells within ``radius`` (king steps) of the given cells."""
        b = pos.board
        s = self.stride
        w, h = self.width, self.height
        dots, owner = b.dots, b.owner
        out: set[int] = set()
        for c in centres:
            cy, cx = divmod(c, s)
            for y in range(max(1, cy - radius), min(h, cy + radius) + 1):
                row = y * s
                for x in range(max(1, cx - radius), min(w, cx + radius) + 1):
                    q = row + x
                    if not dots[q] and not owner[q]:
                        out.add(q)
        return out

    def moves(
        self,
        pos: Position,
        limit: int,
        everywhere: bool = False,
        first: list[int] | None = None,
        hint: int = -1,
    ) -> list[int]:
        """Candidate moves for the side to move, best first; at most ``limit`` (all when ``everywhere``).

        ``hint`` (the table's best move) comes first; ``first`` (killers) are tried after the captures and blocks,
        before the quiet moves, when they are playable. Both count within ``limit``."""
        b = pos.board
        p = pos.to_move
        o = 3 - p
        mine = pos.closers[p]
        caps = sorted((q for q, v in mine.items() if v), key=lambda q: (-mine[q], q))
        theirs = pos.closers[o]
        blocks = sorted((q for q, v in theirs.items() if v and q not in mine), key=lambda q: (-theirs[q], q))
        if everywhere:
            dots, owner = b.dots, b.owner
            centres = [c for c in board_cells(self.width, self.height) if dots[c] and not owner[c]]
            pool = self.near(pos, centres, 2)
        else:
            pool = self.near(pos, list(pos.last[-3:]), 2)
        ordered: list[int] = []
        seen: set[int] = set()
        if hint >= 0:
            ordered.append(hint)
            seen.add(hint)
        for q in caps + blocks:
            if q not in seen:
                seen.add(q)
                ordered.append(q)
        extra = 0
        if first:
            dots, owner = b.dots, b.owner
            for q in first:
                if q not in seen and not dots[q] and not owner[q] and not (in_house(b, p, q) and not mine.get(q)):
                    seen.add(q)
                    ordered.append(q)
        if not everywhere:
            dots, owner = b.dots, b.owner
            for q in self.threat_moves[p]:
                if q not in seen and not dots[q] and not owner[q] and not in_house(b, p, q):
                    seen.add(q)
                    ordered.append(q)
                    extra += 1
        local = [q for q in pool if q not in seen and not (in_house(b, p, q) and not mine.get(q))]
        lasts = self.last_coords(pos)
        local.sort(key=lambda q: -self.shape(pos, q, p, lasts))
        ordered.extend(local)
        if not ordered:
            ordered = [q for q in board_cells(self.width, self.height) if not b.dots[q] and not b.owner[q]]
            safe = [q for q in ordered if not in_house(b, p, q)]
            ordered = safe or ordered
        return ordered if everywhere else ordered[: limit + extra]

    # ---------------------------------------------------------------------------------------------------------

    def negamax(self, pos: Position, depth: int, alpha: float, beta: float, ply: int = 1) -> float:
        """Alpha-beta value of ``pos`` for its side to move, searching ``depth`` more plies (``ply``: plies from
        the root), fail-soft, with a transposition table, killer moves and null windows after the first move."""
        e = self.evaluate(pos)
        if depth == 0 or abs(e) >= WIN:
            return e
        style = self.style
        score = pos.board.score
        key = (pos.key, pos.to_move, score[1], score[2])
        hint = -1
        if style.table:
            entry = self.table.get(key)
            if entry is not None:
                d, v, flag, move = entry
                if d >= depth and (flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha)):
                    return v
                hint = move
        killers = self.killers[ply] if style.killers and ply < len(self.killers) else None
        first = killers or []
        start_alpha = alpha
        best = -2 * WIN
        best_move = -1
        pvs = style.null_window
        for k, q in enumerate(self.moves(pos, style.width, first=first, hint=hint)):
            self.tick()
            child = pos.play(q)
            if pvs and k:
                v = -self.negamax(child, depth - 1, -alpha - NULL, -alpha, ply + 1)
                if alpha < v < beta:
                    v = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            else:
                v = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best = v
                best_move = q
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if killers is not None and q not in killers and not pos.closers[pos.to_move].get(q):
                            killers.insert(0, q)
                            del killers[2:]
                        break
        if best <= -2 * WIN:
            return e
        if style.table:
            flag = LOWER if best >= beta else UPPER if best <= start_alpha else EXACT
            self.table[key] = (depth, best, flag, best_move)
        return best


def _ground_loss(game: Game, p: int) -> int:
    """How much ``p``'s score lead would drop if ``p`` declared grounding now (its dots that are not safe, 8.4)."""
    g = game.copy()
    before = g.score
    colour: Colour = BLUE if p == 1 else RED
    g.ground(colour)
    after = g.score
    sign = 1 if p == 1 else -1
    return sign * ((before[0] - before[1]) - (after[0] - after[1]))


class Decision(NamedTuple):
    """What ``search_move`` chose and how hard it looked."""

    action: Point | Literal["ground"]
    nodes: int
    depth: int
    """The deepest iteration that completed (1: every candidate looked at once)."""
    seconds: float


def decide(
    game: Game, level: str, seconds: float | None, seed: int | None, *, allow_ground: bool
) -> Point | Literal["ground"]:
    """Choose a move (or grounding, when allowed and winning) for the side to move. See ``choose_move``."""
    return search_move(game, level, seconds, seed, allow_ground=allow_ground).action


def search_move(game: Game, level: str, seconds: float | None, seed: int | None, *, allow_ground: bool) -> Decision:
    """``decide`` with the search statistics (for the benchmark)."""
    start = time.perf_counter()
    if level not in STYLES:
        raise ValueError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
    if game.is_over:
        raise ValueError("the game is over")
    style = STYLES[level]
    budget = BUDGET[level] if seconds is None else max(0.0, float(seconds))
    # A margin for the last node and the return (and for a busy machine): 15 ms on short budgets, 40 ms from 1 s.
    deadline = start + budget - min(0.04, max(0.015, 0.04 * budget))
    rng = random.Random(seed)
    p = 1 if game.to_move == BLUE else 2
    at_risk = [0, _ground_loss(game, 1), _ground_loss(game, 2)]
    blue, red = game.score
    lead = blue - red if p == 1 else red - blue
    if allow_ground and lead - at_risk[p] > 0:
        return Decision("ground", 0, 0, time.perf_counter() - start)
    point = game._board.point
    if style.compiled and kernel.available():
        rate = node_rate(style, game.width, game.height) * COMPILED_SPEEDUP
        limit = float("inf") if seed is None else max(1.0, budget * rate)
        compiled = kernel.best_move(game, style, deadline, limit, (at_risk[1], at_risk[2]), wait=seed is not None)
        if compiled is not None:
            q, nodes, depth = compiled
            return Decision(point(q), nodes, depth, time.perf_counter() - start)
    root = Position.of(game)
    node_limit = float("inf") if seed is None else max(1.0, budget * node_rate(style, game.width, game.height))
    blind = rng.random() < style.oversight
    search = Search(root, style, deadline, node_limit, blind, at_risk)
    candidates = search.moves(root, 0, everywhere=True)
    best = candidates[0]
    done = 0
    if len(candidates) == 1:
        return Decision(point(best), 0, 0, time.perf_counter() - start)
    try:
        # Depth 1 over every candidate.
        scored: list[tuple[float, int]] = []
        found: list[tuple[int, int, int]] = []
        for q in candidates:
            search.tick()
            child = root.play(q)
            v = -search.evaluate(child) + style.shape_weight * search.shape(root, q, p)
            if style.threats:
                rank = search.threat_rank(root, child)
                if rank is not None:
                    found.append((*rank, q))
            if style.noise:
                v += rng.gauss(0.0, style.noise)
            scored.append((v, q))
        scored.sort(key=lambda t: -t[0])
        best = scored[0][1]
        done = 1
        if style.max_depth < 2:
            return Decision(point(best), search.nodes, done, time.perf_counter() - start)
        if style.threats:
            search.keep_threats(p, found)
            other = root.passed()
            search.read_threats(other, search.moves(other, 0, everywhere=True))
        order = [q for _, q in scored[: style.root_width]]
        results: list[tuple[float, int]] = []  # the deepest iteration's (max_depth is 2 or more here)
        for depth in range(2, style.max_depth + 1):
            alpha = -2 * WIN
            results = []
            for q in order:
                search.tick()
                v = -search.negamax(root.play(q), depth - 1, -2 * WIN, -alpha)
                v += style.shape_weight * search.shape(root, q, p)
                results.append((v, q))
                if v > alpha:
                    alpha = v
                    best = q
            results.sort(key=lambda t: -t[0])
            order = [q for _, q in results]
            best = order[0]
            done = depth
        if style.widen:
            # The deepest iteration is done: spend what is left of the budget on root moves it did not look at.
            alpha = results[0][0]
            searched = set(order)
            for _, q in scored:
                if q in searched:
                    continue
                search.tick()
                v = -search.negamax(root.play(q), style.max_depth - 1, -2 * WIN, -alpha)
                v += style.shape_weight * search.shape(root, q, p)
                results.append((v, q))
                if v > alpha:
                    alpha = v
                    best = q
            results.sort(key=lambda t: -t[0])
            order = [q for _, q in results]
            best = order[0]
        if style.deep_width:
            # Then deeper, on the best root moves only, the previous best first, until the budget is spent. A
            # move of an unfinished iteration replaces the previous best only when it did better than it there.
            depth = style.max_depth + 2
            while depth <= MAX_DEPTH:
                top = order[: style.deep_width]
                alpha = -2 * WIN
                deeper: list[tuple[float, int]] = []
                for k, q in enumerate(top):
                    search.tick()
                    bar = alpha + style.switch_margin if k else alpha
                    v = -search.negamax(root.play(q), depth - 1, -2 * WIN, -bar)
                    v += style.shape_weight * search.shape(root, q, p)
                    deeper.append((v, q))
                    if v > bar:
                        alpha = v
                        best = q
                deeper.sort(key=lambda t: (t[1] != best, -t[0]))
                order = [q for _, q in deeper] + order[len(top) :]
                done = depth
                depth += 2
    except _OutOfTime:
        pass
    return Decision(point(best), search.nodes, done, time.perf_counter() - start)
