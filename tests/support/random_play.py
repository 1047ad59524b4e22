"""Random games for the AI's tests: play that makes chains, rings and captures, and a game's state to compare."""

from __future__ import annotations

import random
from typing import cast

from tochki_bot.engine import Game
from tochki_bot.engine.settings import Start


def random_game(width: int, height: int, plies: int, seed: int, start: str = "cross") -> Game:
    """Random play, half of it next to the previous move (so there are chains, rings and captures)."""
    rng = random.Random(seed)
    game = Game(width, height, cast("Start", start))
    while game.ply < plies and not game.is_over:
        last = game.last_move
        point = None
        if last is not None and last.point is not None and rng.random() < 0.6:
            x, y = last.point
            near = [
                (x + dx, y + dy)
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if game.is_playable(x + dx, y + dy) and (dx or dy)
            ]
            if near:
                point = rng.choice(near)
        if point is None:
            point = rng.choice(list(game.playable_points()))
        game.play(*point)
    return game


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.diagram(), game.moves, game.score, game.to_move, game.result, game.areas)
