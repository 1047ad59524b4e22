"""The search's incremental state against a full recount on the engine: every closer of both colours, its value
and the region its ring would enclose, and the position's Zobrist key, after every move of random games (captures,
joined chains, gaps filled)."""

from __future__ import annotations

import random

import pytest

from tests.support.positions import local_game
from tochki_bot.ai.position import Position, board_cells, scan_closers
from tochki_bot.ai.tactics import board_of, closer_region
from tochki_bot.engine import Game, Move


@pytest.mark.parametrize("size", [(10, 10), (20, 20), (39, 32)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_closers_and_regions_match_a_full_scan_after_every_move(size: tuple[int, int]) -> None:
    width, height = size
    rng = random.Random(5)
    cells = board_cells(width, height)
    checked = captures = joins = 0
    for seed in range(3):
        pos = Position.of(local_game(width, height, width * height // 6, seed))
        for _ in range(70):
            if pos.game.is_over:
                break
            b = pos.board
            empty = [q for q in cells if not b.dots[q] and not b.owner[q]]
            near = [
                q for q in empty if any(abs(q - c) in (1, b.stride - 1, b.stride, b.stride + 1) for c in pos.last[-2:])
            ]
            q = rng.choice(near if near and rng.random() < 0.8 else empty)
            areas = len(b.areas)
            pos = pos.play(q)
            captures += len(pos.board.areas) != areas
            assert pos.key == Position(pos.game).key  # the Zobrist key kept move by move, against a recount
            for p in (1, 2):
                regions: dict[int, frozenset[int]] = {}
                full = scan_closers(pos.board, p, cells, regions)
                assert pos.closers[p] == full, (size, seed, pos.game.ply, p)
                assert pos.regions[p] == regions, (size, seed, pos.game.ply, p)
                joins += len(full)
                checked += 1
    assert checked > 300 and captures > 0 and joins > 0


def test_a_region_is_what_the_ring_would_enclose() -> None:
    # Blue's ring around 5-5 is open at 5-4; the region of that closer is 5-5 alone, and a red dot there is the
    # one dot it would take.
    game = Game(10, 10, "empty")
    for x, y in ((4, 5), (9, 9), (6, 5), (9, 8), (5, 6), (5, 5)):
        game.apply(Move.dot("blue" if (x, y) != (5, 5) and (x, y) not in ((9, 9), (9, 8)) else "red", x, y))
    board = board_of(game)
    found = closer_region(board, 1, board.index(5, 4))
    assert found == (1, frozenset({board.index(5, 5)}))
    assert closer_region(board, 1, board.index(1, 1)) is None
