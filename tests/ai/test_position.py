"""The search's private board (``tochki_bot.ai.position``): held as bytes it plays exactly as the engine's own, and
the bit-parallel filter of a full scan keeps exactly the cells a plain look at every cell keeps."""

from __future__ import annotations

import random

import pytest

from tests.support.positions import local_game
from tochki_bot.ai.position import Position, _candidates, board_cells
from tochki_bot.ai.tactics import board_of
from tochki_bot.engine import Game
from tochki_bot.engine.board import OPEN, WALL


@pytest.mark.parametrize("size", [(10, 10), (20, 20), (39, 32)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_compact_board_plays_as_the_engine(size: tuple[int, int]) -> None:
    width, height = size
    rng = random.Random(11)
    captures = 0
    for seed in range(2):
        game = local_game(width, height, width * height // 8, seed)
        pos = Position.of(game)
        assert isinstance(pos.board.dots, bytearray) and isinstance(board_of(game).dots, list)
        for _ in range(60):
            if game.is_over:
                break
            points = list(game.playable_points())
            last = game.last_move
            if last is not None and last.point is not None and rng.random() < 0.8:
                near = [p for p in points if abs(p.x - last.point.x) <= 1 and abs(p.y - last.point.y) <= 1]
                points = near or points
            point = rng.choice(points)
            takes = [q for q, v in pos.closers[pos.to_move].items() if v]
            if takes and rng.random() < 0.5:  # captures, to check those too
                point = pos.board.point(rng.choice(takes))
            captures += len(game.play(point.x, point.y)) > 0
            pos = pos.play(pos.board.index(point.x, point.y))
            engine, mine = board_of(game), pos.board
            assert list(mine.dots) == engine.dots and list(mine.owner) == engine.owner
            assert [list(r) for r in mine._reach] == engine._reach
            assert mine.score == engine.score and mine.playable == engine.playable
            assert mine.areas == engine.areas and pos.game.is_over == game.is_over
    assert captures > 0


def _plain(game: Game, p: int) -> list[int]:
    """Every cell looked at: open for ``p``, empty, unowned, two walls of ``p`` or more among its 8 neighbours."""
    b = board_of(game)
    rp, s = b._reach[p], b.stride
    around = (1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1)
    return [
        q
        for q in board_cells(game.width, game.height)
        if rp[q] == OPEN and not b.dots[q] and not b.owner[q] and sum(rp[q + d] == WALL for d in around) >= 2
    ]


@pytest.mark.parametrize(
    "size",
    [(5, 5), (15, 15), (39, 32), pytest.param((60, 60), marks=pytest.mark.slow)],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
def test_the_full_scan_filter_keeps_what_a_plain_look_keeps(size: tuple[int, int]) -> None:
    width, height = size
    kept = 0
    for seed in range(2):
        for plies in (0, min(400, width * height // 5), min(600, width * height // 2)):
            game = local_game(width, height, plies, seed)
            pos = Position.of(game)
            for p in (1, 2):
                plain = _plain(game, p)
                assert _candidates(pos.board, p) == plain
                assert _candidates(board_of(game), p) == plain  # a board of lists gives the same
                kept += len(plain)
    assert kept > 0
