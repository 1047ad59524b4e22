"""The puzzle finder on hand-made positions: one move that captures four dots is a puzzle; two equal captures are
not; a whole game gives its puzzle once, at its first position; rules the search does not know are refused."""

from __future__ import annotations

import pytest

from tochki_bot.ai.puzzles import GAP, find_puzzles, judge, verified
from tochki_bot.engine import Colour, Game, GameSettings, Move, Point

RING = [(3, 4), (3, 5), (4, 6), (5, 6), (6, 5), (6, 4), (4, 3), (6, 3)]
"""Blue around a red block of four, open at 5-3."""
BLOCK = [(4, 4), (5, 4), (4, 5), (5, 5), (5, 2), (5, 1)]
"""Four red dots, and red's way out through 5-3 to the edge."""


def setup_of(blue: list[tuple[int, int]], red: list[tuple[int, int]]) -> tuple[tuple[Point, Colour], ...]:
    mine: tuple[tuple[Point, Colour], ...] = tuple((Point(*p), "blue") for p in blue)
    return mine + tuple((Point(*p), "red") for p in red)


def position(blue: list[tuple[int, int]], red: list[tuple[int, int]], width: int = 12, height: int = 12) -> Game:
    return Game(settings=GameSettings(width, height, "custom", setup_of(blue, red)))


def shifted(points: list[tuple[int, int]], dx: int) -> list[tuple[int, int]]:
    return [(x + dx, y) for x, y in points]


def test_a_capture_of_four_that_only_one_move_makes_is_a_puzzle() -> None:
    game = position([*RING, (10, 10)], BLOCK)
    verdict = judge(game)
    assert verdict.best == Point(5, 3)
    assert verdict.unique and verdict.kind == "capture" and verdict.capture
    assert verdict.value == 4.0 and verdict.value - verdict.runner_up >= GAP
    assert verdict.found_at == 1 and verdict.depth >= 3
    assert verified(game, verdict)
    assert game.ply == 0 and game.score == (0, 0)  # the game judged is not touched


def test_two_equal_best_moves_are_not_a_puzzle() -> None:
    # The same block twice: blue takes one, red saves the other, whichever blue takes first.
    game = position(RING + shifted(RING, 7), BLOCK + shifted(BLOCK, 7), width=16, height=10)
    verdict = judge(game)
    assert verdict.value == 4.0
    assert not verdict.unique
    assert verdict.runner_up > verdict.value - GAP


def test_the_side_that_would_lose_the_dots_has_a_saving_puzzle() -> None:
    # Red to move in the same position: 5-3 keeps the four dots; anything else loses them.
    settings = GameSettings(12, 12, "custom", setup_of([*RING, (10, 10)], BLOCK))
    game = Game(settings=settings, moves=[Move.dot("blue", 10, 1)])
    verdict = judge(game)
    assert game.to_move == "red"
    assert verdict.best == Point(5, 3) and verdict.unique and verdict.kind == "save"


def test_a_game_gives_its_puzzle_once_at_its_first_position() -> None:
    # Blue builds the ring move by move while red builds its block; once blue's ring is one dot from closing
    # (after 13 dots) red must save the four dots at 5-3, and does not: blue can take them at 5-3, and leaves them
    # there for the rest of the game (the same solution is not given again).
    blue_moves = [*RING, (10, 10), (10, 8)]
    red_moves = [*BLOCK, (12, 12), (12, 11), (11, 12), (1, 12)]
    moves: list[Move] = []
    for b, r in zip(blue_moves, red_moves, strict=True):
        moves += [Move.dot("blue", *b), Move.dot("red", *r)]
    found = list(find_puzzles(GameSettings(12, 12, "empty"), moves, first=8))
    solutions = [(f.ply, f.position.to_move, f.verdict.best) for f in found]
    assert solutions == [(13, "red", Point(5, 3)), (14, "blue", Point(5, 3))]
    assert [f.verdict.kind for f in found] == ["save", "capture"]
    for f in found:
        assert f.position.ply == f.ply and f.verdict.unique


def test_rules_the_search_does_not_know_are_refused() -> None:
    with pytest.raises(ValueError, match="sports rules"):
        judge(Game(10, 10, "empty", rules="polish"))
    assert list(find_puzzles(GameSettings(10, 10, "empty", rules="territory"), [])) == []
