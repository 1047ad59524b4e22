"""The threat reader's shortcut (``Search.read_threats`` plays only points next to a dot of the mover): a point
with no such neighbour never makes a new capture threat, checked by playing every empty point of random games."""

from __future__ import annotations

import random

import pytest

from tochki_bot.ai.player import STYLES, Search
from tochki_bot.ai.position import Position, board_cells
from tochki_bot.engine import Game


def fought_game(width: int, height: int, plies: int, seed: int) -> Game:
    """Random play from the cross, each dot within two points of one of the last four (chains, rings, captures)."""
    rng = random.Random(seed)
    game = Game(width, height, "cross")
    while game.ply < plies and not game.is_over:
        lasts = [m.point for m in game.moves[-4:] if m.point is not None]
        points = list(game.playable_points())
        near = [p for p in points if any(abs(p.x - q.x) <= 2 and abs(p.y - q.y) <= 2 for q in lasts)]
        p = rng.choice(near or points)
        game.play(p.x, p.y)
    return game


@pytest.mark.parametrize("size", [(10, 10), (20, 20)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_point_without_a_neighbour_of_its_colour_makes_no_threat(size: tuple[int, int]) -> None:
    width, height = size
    cells = board_cells(width, height)
    lone = threats = 0
    for seed in range(4):
        game = fought_game(width, height, width * height // 4, seed)
        if game.is_over:
            continue
        pos = Position.of(game)
        for side in (pos, pos.passed()):
            search = Search(side, STYLES["hard"], float("inf"), float("inf"), False)
            b = side.board
            s = b.stride
            p = side.to_move
            for q in cells:
                if b.dots[q] or b.owner[q]:
                    continue
                rank = search.threat_rank(side, side.play(q))
                near = (q + 1, q - 1, q + s, q - s, q + s + 1, q + s - 1, q - s + 1, q - s - 1)
                if not any(b.dots[n] == p and not b.owner[n] for n in near):
                    lone += 1
                    assert rank is None, (seed, q)
                elif rank is not None:
                    threats += 1
    assert lone > 100 and threats > 10  # both kinds of point were met
