"""Games to test and measure with: random games, and realistic ones between two players who keep trying to surround
each other (the benchmarks use these too)."""

from __future__ import annotations

import random

from tochki_bot.engine import Game, Point


def surrounding_game(seed: int, moves: int, width: int = 39, height: int = 32, start: str = "cross") -> Game:
    """A game where each side mostly completes the encirclement of an opponent's dot (dense, many captures)."""
    rng = random.Random(seed)
    game = Game(width, height, start)  # type: ignore[arg-type]
    while game.ply < moves and not game.is_over:
        me = game.to_move
        best: list[Point] = []
        best_score = -1
        if rng.random() < 0.85:
            for _ in range(24):
                x, y = rng.randint(2, width - 1), rng.randint(2, height - 1)
                if game.dot(x, y) in (None, me) or game.owner(x, y) is not None:
                    continue
                around = [Point(x + 1, y), Point(x - 1, y), Point(x, y + 1), Point(x, y - 1)]
                mine = sum(1 for p in around if game.dot(*p) == me and game.owner(*p) is None)
                for p in around:
                    if game.is_playable(*p):
                        if mine > best_score:
                            best, best_score = [p], mine
                        elif mine == best_score:
                            best.append(p)
        if not best:
            best = [p for p in game.playable_points()]
        game.play(*rng.choice(best))
    return game


def dense_midgame(seed: int = 1) -> Game:
    """A 39x32 game of at least 400 moves with at least 15 capture areas."""
    for s in range(seed, seed + 50):
        game = surrounding_game(s, 450)
        if len(game.areas) >= 15:
            return game
    raise RuntimeError("no dense position found")


def random_game(seed: int, width: int, height: int, start: str, moves: int, clustered: bool = True) -> Game:
    """A random game: each move a playable point, mostly near the previous one (to make many captures)."""
    rng = random.Random(seed)
    game = Game(width, height, start)  # type: ignore[arg-type]
    for _ in range(moves):
        points = list(game.playable_points())
        if not points:
            break
        last = game.last_move
        if clustered and last is not None and last.point is not None and rng.random() < 0.7:
            near = [p for p in points if abs(p.x - last.point.x) <= 2 and abs(p.y - last.point.y) <= 2]
            points = near or points
        game.play(*rng.choice(points))
    return game


def local_game(width: int, height: int, plies: int, seed: int) -> Game:
    """Random play from the cross, most dots next to the previous one (chains, rings and captures)."""
    rng = random.Random(seed)
    game = Game(width, height, "cross")
    while game.ply < plies and not game.is_over:
        last = game.last_move
        points = list(game.playable_points())
        if last is not None and last.point is not None and rng.random() < 0.7:
            x, y = last.point
            near = [p for p in points if abs(p.x - x) <= 1 and abs(p.y - y) <= 1]
            points = near or points
        p = rng.choice(points)
        game.play(p.x, p.y)
    return game
