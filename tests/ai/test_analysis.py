"""``tochki_bot.ai.analyse``: the value of the best move and of a played one, in dots, on hand-made positions."""

from __future__ import annotations

import doctest

import pytest

import tochki_bot.ai.analysis
from tochki_bot.ai import Analysis, analyse
from tochki_bot.engine import Game, Move, Point

# Four red dots in a row (4-5 .. 7-5), walled in by blue but for 7-6: a blue dot there takes all four; a red one
# there gets them out.
BLUE = [(3, 5), (8, 5), (4, 4), (5, 4), (6, 4), (7, 4), (4, 6), (5, 6), (6, 6)]
RED = [(4, 5), (5, 5), (6, 5), (7, 5)]


def four_in_a_net(to_move: str) -> Game:
    game = Game(10, 10, "empty")
    for x, y in BLUE:
        game.apply(Move.dot("blue", x, y))
    for x, y in RED:
        game.apply(Move.dot("red", x, y))
    if game.to_move != to_move:
        game.apply(Move.dot("red" if to_move == "blue" else "blue", 10, 10))
    return game


def test_a_missed_capture_of_four_dots_loses_four() -> None:
    game = four_in_a_net("blue")
    a = analyse(game, nodes=2000, played=Point(1, 10))
    assert a.best == Point(7, 6)
    assert a.best_value == pytest.approx(4.0, abs=0.5)
    assert a.played_value == pytest.approx(0.0, abs=0.5)
    assert a.loss == pytest.approx(4.0, abs=0.5)


def test_the_best_move_played_loses_nothing() -> None:
    a = analyse(four_in_a_net("blue"), nodes=2000, played=Point(7, 6))
    assert a.played == a.best == Point(7, 6)
    assert a.loss == 0.0 and a.played_value == a.best_value


def test_not_escaping_loses_the_four_dots_from_the_threatened_side() -> None:
    a = analyse(four_in_a_net("red"), nodes=2000, played=Point(1, 10))
    assert a.best == Point(7, 6)
    assert a.best_value == pytest.approx(0.0, abs=0.5)
    assert a.played_value == pytest.approx(-4.0, abs=0.5)
    assert a.loss == pytest.approx(4.0, abs=0.5)


def test_a_quiet_move_in_a_quiet_position_loses_little() -> None:
    game = Game(15, 15, "cross")
    a = analyse(game, nodes=1500, played=Point(10, 7))
    assert isinstance(a, Analysis) and a.depth >= 3
    assert abs(a.best_value) < 1.5 and a.loss < 1.5


def test_a_node_budget_gives_the_same_answer_every_time_and_leaves_the_game_alone() -> None:
    game = four_in_a_net("red")
    before = (game.diagram(), game.moves, game.score, game.to_move)
    first = analyse(game, nodes=1200, played=Point(2, 2))
    assert analyse(game, nodes=1200, played=Point(2, 2)) == first
    assert first.nodes <= 1200 + 1
    assert (game.diagram(), game.moves, game.score, game.to_move) == before


def test_a_time_budget_is_kept() -> None:
    import time

    start = time.perf_counter()
    a = analyse(Game(39, 32, "cross"), seconds=0.3, played=Point(22, 18))
    assert time.perf_counter() - start < 0.3 + 0.2
    assert a.played_value is not None


def test_bad_requests_are_refused() -> None:
    game = four_in_a_net("blue")
    with pytest.raises(ValueError, match="budget"):
        analyse(game)
    with pytest.raises(ValueError, match="not playable"):
        analyse(game, nodes=100, played=Point(4, 5))
    with pytest.raises(ValueError, match="not playable"):
        analyse(game, nodes=100, played=Point(11, 3))
    over = Game(10, 10, "empty")
    over.resign("blue")
    with pytest.raises(ValueError, match="over"):
        analyse(over, nodes=100)


def test_the_module_example_holds() -> None:
    result = doctest.testmod(tochki_bot.ai.analysis)
    assert result.attempted > 0 and result.failed == 0
