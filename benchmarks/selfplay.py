"""Self-play: a candidate version of the AI (``tochki_bot.ai``) against a previous one, as engine developers test.

The previous version is a git revision (its ``tochki_bot/ai`` is taken with ``git archive``) or a saved copy of
that folder; it is loaded under another module name beside the candidate, so both play in one process on the
same engine. The candidate is the working tree's ``tochki_bot.ai`` unless ``--cand`` names another version.

- Openings: from the cross, a seeded random first few plies (``--opening``, near the centre); each opening is
  played twice, the candidate blue in the first game and red in the second.
- Budget: on the clock by default (``--seconds`` a move, no seed: as the bot plays, equal time); ``--seeded``
  gives each move a seed instead, so each version's search is bounded by its own node count for that budget.
  One game at a time in this one process, so both sides share the same machine load (use one core at most).
- A game ends when the board is full, when a side grounds (the AI grounds when that wins) or after ``--cap``
  plies, where the score decides.
- Result: wins, draws and losses from the candidate's side, its score with a 95% confidence interval, the Elo
  difference with its interval and, with ``--sprt ELO0,ELO1``, the log-likelihood ratio of a sequential test
  (alpha = beta = 0.05; the match stops when it crosses a bound, after 16 games at the earliest: H1 accepted
  means the candidate is at least ELO1 stronger, H0 that it is not stronger than ELO0).
- ``--sgf DIR`` keeps every game as an SGF record (GM[40]), to replay; ``swings FILE.sgf`` replays one with the
  candidate's ``analyse`` and prints the moves that lost the most by its reading.
- ``nodes``: both versions search the same mid-game positions to a fixed node count; it says whether they searched
  the same tree and how many nodes each does per second of processor time (counts that do not depend on load).

Run: python -m benchmarks.selfplay --base HEAD~1 [--cand REV|DIR] [--size 15x15] [--seconds 0.5 | --seeded]
         [--games 100] [--sprt 0,50] [--opening 4] [--cap 200] [--seed 1] [--sgf DIR] [--level hard]
     python -m benchmarks.selfplay swings GAME.sgf [--nodes 3000]
     python -m benchmarks.selfplay nodes --base REV [--cand REV|DIR] [--nodes 5000]   (same search? how fast?)
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import math
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from tochki_bot.engine import Game, Point
from tochki_bot.engine.sgf import parse_sgf, write_sgf

_ROOT = Path(__file__).resolve().parent.parent

_LOADED: dict[str, ModuleType] = {}
MIN_GAMES = 16
"""The sequential test decides after this many games at the earliest."""


def load_version(spec: str) -> ModuleType:
    """The ``tochki_bot.ai`` package of ``spec``: ``work`` (this tree), a folder holding a copy of it, or a git
    revision of this repository; loaded under a module name of its own."""
    if spec == "work":
        import tochki_bot.ai

        return tochki_bot.ai
    if spec in _LOADED:
        return _LOADED[spec]
    folder = Path(spec)
    if not (folder / "__init__.py").is_file():
        data = subprocess.run(
            ["git", "-C", str(_ROOT), "archive", spec, "tochki_bot/ai"], check=True, capture_output=True
        ).stdout
        tmp = Path(tempfile.mkdtemp(prefix="tochki-ai-"))
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        folder = tmp / "tochki_bot" / "ai"
    name = "tochki_ai_" + "".join(c if c.isalnum() else "_" for c in spec)
    found = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module
    found.loader.exec_module(module)
    _LOADED[spec] = module
    return module


class Side:
    """One version of the AI at one level and budget; keeps the time of each of its moves."""

    def __init__(self, label: str, module: ModuleType, level: str, seconds: float, seeded: bool) -> None:
        self.label = label
        self.module = module
        self.level = level
        self.seconds = seconds
        self.seeded = seeded
        self.times: list[float] = []
        self.cpu: list[float] = []
        """The processor time of each move: on a loaded machine the wall clock also counts the time the process
        waited for a core."""

    def act(self, game: Game, seed: int) -> Point | str:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.module.choose_action(game, self.level, seconds=self.seconds, seed=seed if self.seeded else None)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        result: Point | str = action
        return result


def opening(width: int, height: int, plies: int, seed: int) -> Game:
    """The cross plus ``plies`` seeded random dots within 3 points of the centre (no capture can happen)."""
    rng = random.Random(seed)
    game = Game(width, height, "cross")
    cx, cy = (width + 1) // 2, (height + 1) // 2
    while game.ply < plies:
        near = [p for p in game.playable_points() if abs(p.x - cx) <= 3 and abs(p.y - cy) <= 3]
        p = rng.choice(near)
        game.play(p.x, p.y)
    return game


class Played(NamedTuple):
    """A finished game: the candidate's score and the opponent's, how it ended, and the record."""

    mine: int
    theirs: int
    end: str
    plies: int
    sgf: str


def play(cand: Side, base: Side, start: Game, cand_blue: bool, cap: int, seed: int) -> Played:
    """One game from ``start``; the candidate is blue when ``cand_blue``."""
    game = start.copy()
    sides = {"blue": cand if cand_blue else base, "red": base if cand_blue else cand}
    end = "cap"
    while not game.is_over and game.ply < cap:
        colour = game.to_move
        action = sides[colour].act(game, seed * 100_003 + game.ply)
        if action == "ground":
            game.ground(colour)
            end = "grounding"
            break
        assert isinstance(action, Point)
        game.play(action.x, action.y)
    else:
        if game.is_over:
            end = "full"
    blue, red = game.score
    mine, theirs = (blue, red) if cand_blue else (red, blue)
    names = (cand.label, base.label) if cand_blue else (base.label, cand.label)
    return Played(mine, theirs, end, game.ply, write_sgf(game, blue=names[0], red=names[1], app="selfplay"))


def elo(score: float) -> float:
    """The Elo difference that gives the expected ``score`` (0..1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected(elo_diff: float) -> float:
    return float(1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0)))


class Stats(NamedTuple):
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / max(1, self.games)

    def interval(self) -> tuple[float, float]:
        """A 95% confidence interval of the score (normal approximation over the per-game results)."""
        n = self.games
        s = self.score
        var = (self.wins * (1 - s) ** 2 + self.draws * (0.5 - s) ** 2 + self.losses * s**2) / max(1, n)
        half = 1.96 * math.sqrt(var / max(1, n))
        return max(0.0, s - half), min(1.0, s + half)

    def llr(self, elo0: float, elo1: float) -> float:
        """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``), the normal approximation of a GSPRT
        over the per-game results. Its score and variance take one pseudo win, draw and loss, so a short run of
        wins alone does not look certain."""
        w, d, lo = self.wins + 1, self.draws + 1, self.losses + 1
        n = w + d + lo
        s = (w + d / 2) / n
        var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + lo * s**2) / n
        s0, s1 = expected(elo0), expected(elo1)
        return self.games * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)

    def line(self) -> str:
        lo, hi = self.interval()
        return (
            f"{self.wins}-{self.draws}-{self.losses} ({self.games} games): {100 * self.score:.1f}% "
            f"[{100 * lo:.1f}, {100 * hi:.1f}], Elo {elo(self.score):+.0f} [{elo(lo):+.0f}, {elo(hi):+.0f}]"
        )


def match(args: argparse.Namespace) -> None:
    width, height = map(int, args.size.split("x"))
    cand = Side("candidate " + args.cand, load_version(args.cand), args.level, args.seconds, args.seeded)
    base_seconds = args.seconds if args.base_seconds is None else args.base_seconds
    base = Side("base " + args.base, load_version(args.base), args.base_level or args.level, base_seconds, args.seeded)
    sprt = tuple(map(float, args.sprt.split(","))) if args.sprt else None
    bound_lo, bound_hi = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    print(
        f"{cand.label} ({cand.level}) vs {base.label} ({base.level}) on {args.size}, "
        + (f"seeded {args.seconds} s budgets" if args.seeded else f"{args.seconds} s a move on the clock")
        + (f" (base {base_seconds} s)" if base_seconds != args.seconds else "")
        + f", opening {args.opening} random plies, cap {args.cap}, seed {args.seed}"
        + (f", SPRT elo0={sprt[0]:g} elo1={sprt[1]:g} alpha=beta=0.05" if sprt else ""),
        flush=True,
    )
    if args.sgf:
        Path(args.sgf).mkdir(parents=True, exist_ok=True)
    w = d = lo = 0
    margin = 0
    started = time.perf_counter()
    for i in range(args.games):
        pair = i // 2
        start = opening(width, height, args.opening, args.seed * 1_000_003 + pair)
        cand_blue = i % 2 == 0
        g = play(cand, base, start, cand_blue, args.cap, args.seed * 7919 + i)
        if g.mine > g.theirs:
            w += 1
        elif g.mine == g.theirs:
            d += 1
        else:
            lo += 1
        margin += g.mine - g.theirs
        if args.sgf:
            (Path(args.sgf) / f"game{i:03d}.sgf").write_text(g.sgf)
        stats = Stats(w, d, lo)
        extra = ""
        if sprt:
            llr = stats.llr(*sprt)
            extra = f" LLR {llr:+.2f} [{bound_lo:.2f}, {bound_hi:.2f}]"
        print(
            f"game {i:3d} cand {'blue' if cand_blue else 'red '} {g.mine:3d}:{g.theirs:<3d} {g.end:<9} "
            f"{g.plies:3d} plies | {stats.line()}{extra}",
            flush=True,
        )
        if sprt and i % 2 == 1 and i >= MIN_GAMES - 1 and not (bound_lo < stats.llr(*sprt) < bound_hi):
            print("SPRT: " + ("H1 accepted (candidate stronger)" if stats.llr(*sprt) > 0 else "H0 accepted"))
            break
    stats = Stats(w, d, lo)
    print(f"result: {stats.line()}, mean margin {margin / max(1, stats.games):+.1f} dots")
    for side in (cand, base):
        if side.times:
            print(
                f"  {side.label}: {len(side.times)} moves, max {max(side.times):.3f} s by the wall clock, "
                f"{max(side.cpu):.3f} s of processor time; over the budget + 50 ms: "
                f"{sum(t > side.seconds + 0.05 for t in side.times)} by the wall clock, "
                f"{sum(t > side.seconds + 0.05 for t in side.cpu)} in processor time"
            )
    print(f"  {time.perf_counter() - started:.0f} s")


def swings(args: argparse.Namespace) -> None:
    """Replay a record with the candidate's ``analyse``: per move, the best value and the played move's value
    from the mover's side, and the biggest losses."""
    module = load_version(args.cand)
    record = parse_sgf(Path(args.file).read_text())
    game = Game.from_settings(record.settings)
    rows = []
    for move in record.moves:
        if move.point is None or game.is_over:
            break
        a = module.analyse(game, nodes=args.nodes, played=move.point)
        loss = a.best_value - a.played_value
        rows.append((loss, game.ply + 1, f"{move.colour:<4} {move.point.x}-{move.point.y}", a))
        print(
            f"{game.ply + 1:4d} {move.colour:<4} {move.point.x}-{move.point.y:<3} best {a.best.x}-{a.best.y:<3}"
            f" {a.best_value:+7.1f}  played {a.played_value:+7.1f}  lost {loss:5.1f}",
            flush=True,
        )
        game.apply(move)
    print("\nbiggest losses (ply, colour, played, best, dots lost):")
    for loss, ply, played, a in sorted(rows, key=lambda r: -r[0])[:10]:
        print(f"  {ply:4d} {played} best {a.best.x}-{a.best.y}: {loss:.1f}")


def node_speed(args: argparse.Namespace) -> None:
    """Both versions' ``hard`` on the same mid-game positions (``benchmarks.ai.midgame``), each search stopped at
    exactly ``--nodes`` nodes, the two alternating: whether they searched the same tree (same move, node count and
    depth: a change meant to be only faster must be) and nodes per second of processor time (not the wall clock,
    which on a shared machine also counts the waits for a core)."""
    from benchmarks.ai import midgame

    versions = [
        (label, sys.modules[load_version(spec).__name__ + ".player"])
        for label, spec in (("candidate", args.cand), ("base", args.base))
    ]
    spent: dict[str, dict[str, list[float]]] = {label: {} for label, _ in versions}
    differ = 0
    for size, plies in (((20, 20), 60), ((20, 20), 120), ((39, 32), 120), ((39, 32), 240)):
        board = f"{size[0]}x{size[1]}"
        for seed in range(args.positions):
            game = midgame(size, plies, seed)
            found = []
            for label, player in versions:
                rate = player.node_rate(player.STYLES["hard"], *size)
                # The node limit is budget * rate: the same limit with a deadline 20 times later than that budget.
                # A compiled search (tochki_bot.ai.kernel) multiplies the limit by COMPILED_SPEEDUP: not here.
                saved, speedup = player.node_rate, getattr(player, "COMPILED_SPEEDUP", None)
                setattr(player, "node_rate", lambda style, w, h, saved=saved: saved(style, w, h) / 20)  # noqa: B010
                if speedup is not None:
                    setattr(player, "COMPILED_SPEEDUP", 1.0)  # noqa: B010
                try:
                    cpu = time.process_time()
                    d = player.search_move(game, "hard", 20 * args.nodes / rate, 7, allow_ground=True)
                    cpu = time.process_time() - cpu
                finally:
                    setattr(player, "node_rate", saved)  # noqa: B010
                    if speedup is not None:
                        setattr(player, "COMPILED_SPEEDUP", speedup)  # noqa: B010
                found.append((d.action, d.nodes, d.depth))
                row = spent[label].setdefault(board, [0.0, 0.0])
                row[0] += d.nodes
                row[1] += cpu
            same = found[0] == found[1]
            differ += not same
            print(f"{board} after {plies} plies, seed {seed}: " + ("the same search" if same else f"DIFFERENT {found}"))
    for board in spent["candidate"]:
        (cn, cs), (bn, bs) = spent["candidate"][board], spent["base"][board]
        print(f"{board}: candidate {cn / cs:8.0f} nodes/processor s, base {bn / bs:8.0f}: {bs / bn * cn / cs:.2f}x")
    print("every search the same" if not differ else f"{differ} searches differ")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "nodes":
        p = argparse.ArgumentParser(description=node_speed.__doc__)
        p.add_argument("command")
        p.add_argument("--base", required=True)
        p.add_argument("--cand", default="work")
        p.add_argument("--nodes", type=int, default=5000, help="nodes a search (default 5000)")
        p.add_argument("--positions", type=int, default=3, help="positions per board and ply (default 3)")
        node_speed(p.parse_args())
        return
    if len(sys.argv) > 1 and sys.argv[1] == "swings":
        p = argparse.ArgumentParser(description="replay a record and show where the evaluation swung")
        p.add_argument("command")
        p.add_argument("file")
        p.add_argument("--nodes", type=int, default=3000)
        p.add_argument("--cand", default="work")
        swings(p.parse_args())
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="previous version: git revision or folder with a copy")
    parser.add_argument("--cand", default="work", help="candidate version (default: this working tree)")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--base-level", help="the base's level (default: --level)")
    parser.add_argument("--size", default="15x15")
    parser.add_argument("--seconds", type=float, default=0.5, help="budget a move (default 0.5 s)")
    parser.add_argument("--base-seconds", type=float, help="the base's budget (default: --seconds)")
    parser.add_argument("--seeded", action="store_true", help="seeded moves: node-limited work, not the clock")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--sprt", help="ELO0,ELO1: stop when the sequential test decides")
    parser.add_argument("--opening", type=int, default=4, help="random plies after the cross")
    parser.add_argument("--cap", type=int, default=200, help="stop a game after this many plies")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sgf", help="folder to keep the games in as SGF")
    match(parser.parse_args())


if __name__ == "__main__":
    main()
