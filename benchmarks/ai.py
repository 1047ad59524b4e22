"""Strength and speed of the computer opponent (``tochki_bot.ai``).

Matches from the cross start: level vs level, each level vs a uniformly random player and vs a greedy baseline
(captures the most now, else blocks the opponent's best capture, else a random safe point next to the last dots).
Colours alternate game by game. A game ends when the board is full, when a side grounds (the AI grounds when that
wins), or after ``--cap`` plies, where the score decides. The AI gets a seed per move, so its search is bounded by
a node count derived from its budget (fixed work, reproducible), with the clock as a safety stop: on a loaded
machine (other work, or ``--jobs`` above the free cores) ``hard`` reaches its budget before its node count and the
games are no longer exactly reproducible. ``--jobs N`` plays N games of a pairing at once in worker processes.

Also: nodes per second on mid-game 20x20 and 39x32 positions, and the time per move (median, max) of each level.

Run: python -m benchmarks.ai [--quick] [--games N] [--size 15x15 --size 20x20] [--seconds S] [--cap PLIES]
     [--jobs 2] [--only hard-normal,easy-random]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Literal, NamedTuple

from tochki_bot.ai import BUDGET, LEVELS
from tochki_bot.ai.player import search_move
from tochki_bot.engine import Colour, Game, Move, Point, other

Action = Point | Literal["ground"]
Player = Callable[[Game, int], Action]


def random_player(game: Game, seed: int) -> Action:
    """A uniformly random playable point."""
    points = list(game.playable_points())
    return random.Random(seed).choice(points)


def _gain(game: Game, colour: Colour, p: Point) -> int:
    """How much ``colour``'s lead grows if it puts a dot on ``p`` now (played on a copy)."""
    g = game.copy()
    before = g.score
    g.apply(Move.dot(colour, p.x, p.y))
    after = g.score
    sign = 1 if colour == "blue" else -1
    return sign * ((after[0] - after[1]) - (before[0] - before[1]))


def greedy_player(game: Game, seed: int) -> Action:
    """Capture the most now; else block the opponent's best capture; else a random safe point near the last dots."""
    rng = random.Random(seed)
    me = game.to_move
    them = other(me)
    points = list(game.playable_points())
    gains = {p: _gain(game, me, p) for p in points}
    best = max(gains.values())
    if best > 0:
        return rng.choice([p for p in points if gains[p] == best])
    threats = {p: _gain(game, them, p) for p in points}
    worst = max(threats.values())
    if worst > 0:
        return rng.choice([p for p in points if threats[p] == worst])
    last = [m.point for m in game.moves[-2:] if m.point is not None] or [p for p, _ in game.settings.start_dots]
    near = [p for p in points if gains[p] == 0 and any(abs(p.x - q.x) <= 1 and abs(p.y - q.y) <= 1 for q in last)]
    if not near:
        near = [p for p in points if gains[p] == 0 and any(abs(p.x - q.x) <= 2 and abs(p.y - q.y) <= 2 for q in last)]
    return rng.choice(near or [p for p in points if gains[p] >= 0] or points)


BASELINES: dict[str, Player] = {"greedy": greedy_player, "random": random_player}


class AIPlayer:
    """A level of the AI with an optional budget override; records the time and nodes of each move."""

    def __init__(self, level: str, seconds: float | None, clock: bool = False) -> None:
        self.level = level
        self.seconds = seconds
        self.clock = clock
        """On the clock, as the bot plays (no seed: ``hard`` thinks for its whole budget), not fixed work."""
        self.times: list[float] = []
        self.nodes: list[int] = []

    def __call__(self, game: Game, seed: int) -> Action:
        d = search_move(game, self.level, self.seconds, None if self.clock else seed, allow_ground=True)
        self.times.append(d.seconds)
        self.nodes.append(d.nodes)
        return d.action


def play_game(blue: Player, red: Player, size: tuple[int, int], cap: int, seed: int) -> tuple[int, int, str]:
    """One game; returns the final score (blue, red) and how it ended."""
    game = Game(size[0], size[1], "cross")
    players = {"blue": blue, "red": red}
    while not game.is_over and game.ply < cap:
        colour = game.to_move
        action = players[colour](game, seed * 100_003 + game.ply)
        if action == "ground":
            game.ground(colour)
            return game.score[0], game.score[1], "grounding"
        game.play(action.x, action.y)
    return game.score[0], game.score[1], "full" if game.is_over else "cap"


def play_task(
    a: str, b: str, seconds: float | None, size: tuple[int, int], cap: int, i: int, clock: bool = False
) -> GameResult:
    """Game ``i`` of the pairing ``a`` vs ``b`` (``a`` blue when ``i`` is even), in this process."""
    ai = {level: AIPlayer(level, seconds, clock) for level in {a, b} if level not in BASELINES}
    pa: Player = ai[a] if a in ai else BASELINES[a]
    pb: Player = ai[b] if b in ai else BASELINES[b]
    if i % 2 == 0:
        s_blue, s_red, _ = play_game(pa, pb, size, cap, i)
        mine, theirs = s_blue, s_red
    else:
        s_blue, s_red, _ = play_game(pb, pa, size, cap, i)
        mine, theirs = s_red, s_blue
    return GameResult(mine, theirs, {k: v.times for k, v in ai.items()}, {k: v.nodes for k, v in ai.items()})


class GameResult(NamedTuple):
    """One game's score from the first player's side, and each AI level's time and nodes per move."""

    mine: int
    theirs: int
    times: dict[str, list[float]]
    nodes: dict[str, list[int]]


def tally(results: list[GameResult]) -> tuple[int, int, int, float]:
    """Wins, draws, losses and the mean score margin of the first player."""
    wins = sum(r.mine > r.theirs for r in results)
    draws = sum(r.mine == r.theirs for r in results)
    margin = sum(r.mine - r.theirs for r in results)
    return wins, draws, len(results) - wins - draws, margin / max(1, len(results))


def midgame(size: tuple[int, int], plies: int, seed: int) -> Game:
    """A position after ``plies`` greedy-vs-greedy moves (dense local fighting, some captures)."""
    game = Game(size[0], size[1], "cross")
    while game.ply < plies and not game.is_over:
        p = greedy_player(game, seed + game.ply)
        assert p != "ground"
        game.play(p.x, p.y)
    return game


def speed(level: str, seconds: float) -> list[str]:
    """Nodes per second of ``level`` searching on the clock (no seed) in mid-game positions."""
    rows = []
    for size, plies in (((20, 20), 80), ((39, 32), 160)):
        nodes = 0
        spent = 0.0
        for seed in range(3):
            g = midgame(size, plies, seed)
            d = search_move(g, level, seconds, None, allow_ground=False)
            nodes += d.nodes
            spent += d.seconds
        rows.append(f"{level:>6} {size[0]}x{size[1]} after {plies} plies: {nodes / spent:8.0f} nodes/s")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per pairing (even: colours alternate; default 10)")
    parser.add_argument("--size", action="append", help="board WxH (repeatable; default 15x15 and 20x20)")
    parser.add_argument("--seconds", type=float, help="budget per move for every level (default: BUDGET)")
    parser.add_argument("--cap", type=int, default=10_000, help="stop a game after this many plies (score decides)")
    parser.add_argument("--offset", type=int, default=0, help="number of the first game (other seeds; keep it even)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in worker processes")
    parser.add_argument("--no-speed", action="store_true", help="skip the nodes-per-second measurement")
    parser.add_argument("--quick", action="store_true", help="4 games, 15x15, cap 120 plies, budget 0.25 s")
    parser.add_argument(
        "--clock", action="store_true", help="the AI plays on the clock as the bot does (no seed), not fixed work"
    )
    parser.add_argument("--only", help="comma-separated pairings to run, e.g. 'hard-greedy,easy-random'")
    args = parser.parse_args()
    if args.quick:
        args.games, args.cap = args.games or 4, 120
        args.size = args.size or ["15x15"]
        args.seconds = args.seconds if args.seconds is not None else 0.25
    args.games = args.games or 10
    sizes = [(int(s.split("x")[0]), int(s.split("x")[1])) for s in (args.size or ["15x15", "20x20"])]
    print(
        f"budgets: {args.seconds if args.seconds is not None else BUDGET} s per move; games per pairing "
        f"{args.games}; cap {args.cap} plies; "
        + ("on the clock (no seed), as the bot plays" if args.clock else "fixed work (seeded, node-limited)")
    )
    pairings: list[tuple[str, str]] = [
        ("hard", "normal"),
        ("normal", "easy"),
        *((lv, "greedy") for lv in LEVELS),
        *((lv, "random") for lv in LEVELS),
    ]
    if args.only:
        wanted = args.only.split(",")
        pairings = [(w.split("-")[0], w.split("-")[1]) for w in wanted]
    times: dict[str, list[float]] = defaultdict(list)
    nodes: dict[str, list[int]] = defaultdict(list)
    print(f"{'pairing':<18}{'board':>7}{'W-D-L':>10}{'win%':>7}{'margin':>8}{'time':>8}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for size in sizes:
            for a, b in pairings:
                t = time.perf_counter()
                tasks = [
                    pool.submit(play_task, a, b, args.seconds, size, args.cap, args.offset + i, args.clock)
                    for i in range(args.games)
                ]
                results = [task.result() for task in tasks]
                for r in results:
                    for level in r.times:
                        times[level].extend(r.times[level])
                        nodes[level].extend(r.nodes[level])
                w, d, lo, margin = tally(results)
                pct = 100 * (w + d / 2) / max(1, args.games)
                spent = time.perf_counter() - t
                print(
                    f"{a + ' vs ' + b:<18}{size[0]}x{size[1]:<4}{f'{w}-{d}-{lo}':>10}{pct:6.0f}%{margin:8.1f}"
                    f"{spent:7.0f}s",
                    flush=True,
                )
    print("\ntime per move (s) and nodes per move, over all games above:")
    for level in times:
        if times[level]:
            print(
                f"{level:>6}: median {statistics.median(times[level]):.3f} max {max(times[level]):.3f}  "
                f"nodes median {statistics.median(nodes[level]):.0f} over {len(times[level])} moves"
            )
    if args.no_speed:
        return
    print("\nsearch speed on the clock:")
    for level in ("hard",):
        for row in speed(level, args.seconds if args.seconds is not None else BUDGET[level]):
            print(row)


if __name__ == "__main__":
    main()
