"""Engine speed: moves per second replaying full random 39x32 games, a 300-move replay, grounding time; and the
same replay under the manual-closure rule sets (polish, territory), closures included.

Run: python -m benchmarks.engine [--games N] [--manual-games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tochki_bot.engine import Game, GameSettings, Move, RuleSet


def random_game(seed: int, width: int = 39, height: int = 32) -> list[tuple[int, int]]:
    """The moves of a random game on the sports board, played until the board is full."""
    rng = random.Random(seed)
    game = Game(width, height, "cross")
    points = [(x, y) for x in range(1, width + 1) for y in range(1, height + 1)]
    rng.shuffle(points)
    moves = []
    for x, y in points:
        if game.is_playable(x, y):
            game.play(x, y)
            moves.append((x, y))
    return moves


def replay(moves: list[tuple[int, int]]) -> Game:
    game = Game(39, 32, "cross")
    play = game.play
    for x, y in moves:
        play(x, y)
    return game


def random_manual_game(seed: int, rules: RuleSet, width: int = 39, height: int = 32) -> list[Move]:
    """A random full game with manual closures: after a quarter of its dots a player closes every pool it can."""
    rng = random.Random(seed)
    game = Game(settings=GameSettings(width, height, "empty", rules=rules, instant_win=0))
    points = [(x, y) for x in range(1, width + 1) for y in range(1, height + 1)]
    rng.shuffle(points)
    for x, y in points:
        if game.is_over:
            break
        if game.is_playable(x, y):
            game.play(x, y)
            if rng.random() < 0.25 and not game.is_over:
                game.close_all()
    return list(game.moves)


def manual(rules: RuleSet, count: int) -> None:
    """Replay speed of random full games under a manual rule set."""
    settings = GameSettings(39, 32, "empty", rules=rules, instant_win=0)
    games = [random_manual_game(seed, rules) for seed in range(count)]
    total = sum(map(len, games))
    closures = sum(len(m.closures) for g in games for m in g) / count
    rates = []
    for _ in range(5):
        start = time.perf_counter()
        for moves in games:
            Game.from_settings(settings, moves)
        rates.append(total / (time.perf_counter() - start))
    print(
        f"{rules}: {count} random full 39x32 games, {total / count:.0f} moves and {closures:.0f} closures each; "
        f"replay: {statistics.median(rates):,.0f} moves/s (median of 5 runs; best {max(rates):,.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--manual-games", type=int, default=10)
    args = parser.parse_args()
    games = [random_game(seed) for seed in range(args.games)]
    total = sum(map(len, games))
    areas = sum(len(replay(g).areas) for g in games[:5]) / 5

    rates = []
    for _ in range(5):
        start = time.perf_counter()
        for moves in games:
            replay(moves)
        rates.append(total / (time.perf_counter() - start))
    print(f"random full 39x32 games: {args.games} games, {total / args.games:.0f} moves and {areas:.0f} areas each")
    print(f"replay: {statistics.median(rates):,.0f} moves/s (median of 5 runs; best {max(rates):,.0f})")

    times = []
    for moves in games:
        start = time.perf_counter()
        replay(moves[:300])
        times.append(time.perf_counter() - start)
    print(f"replay of a 300-move game: {statistics.median(times) * 1000:.2f} ms median, {max(times) * 1000:.2f} ms max")

    ground = []
    for moves in games:
        game = replay(moves[:-1]) if len(moves) > 1 else replay(moves)
        start = time.perf_counter()
        game.ground("blue")
        ground.append(time.perf_counter() - start)
    print(
        f"grounding on a full 39x32 board: {statistics.median(ground) * 1000:.2f} ms median, "
        f"{max(ground) * 1000:.2f} ms max"
    )

    manual_rules: tuple[RuleSet, ...] = ("polish", "territory")
    for rules in manual_rules:
        manual(rules, args.manual_games)


if __name__ == "__main__":
    main()
