"""``tochki_bot.ai.review``: what each move cost, on hand-made positions with a known mistake."""

from __future__ import annotations

import doctest

import pytest

import tochki_bot.ai.review
from tests.support.review_games import (
    FLOATING,
    GROUNDED_LEAD,
    LADDER_BLUE,
    LADDER_RED,
    NET_BLUE,
    NET_RED,
    dots,
    setup,
)
from tochki_bot.ai import analyse
from tochki_bot.ai.review import (
    BLUNDER,
    GROUND,
    MISTAKE,
    MoveReview,
    Summary,
    biggest_mistakes,
    review_move,
    summary,
)
from tochki_bot.engine import Game, Point

NODES = 2000


def net() -> Game:
    """Blue to move; blue 7-6 takes four red dots."""
    return Game.from_settings(setup(NET_BLUE, NET_RED))


def ladder() -> Game:
    """Red to move in the ladder position (``LADDER_BLUE``, ``LADDER_RED``)."""
    return Game.from_settings(setup(LADDER_BLUE, LADDER_RED), dots("b:12-12"))


def grounding_value(game: Game) -> float:
    """The score difference (the mover's side) declaring grounding now ends ``game`` with."""
    counted = game.copy()
    counted.ground(game.to_move)
    blue, red = counted.score
    return float(blue - red if game.to_move == "blue" else red - blue)


def test_a_missed_capture_of_four_dots_is_a_blunder_and_the_capture_the_better_move() -> None:
    review = review_move(net(), Point(1, 12), ply=1, nodes=NODES)
    assert review.best == "7-6" and review.played == "1-12" and review.colour == "blue"
    assert review.loss >= 4.0 and review.grade == "blunder"
    assert review.best_value == pytest.approx(4.0, abs=0.5)


def test_the_capture_itself_loses_nothing() -> None:
    review = review_move(net(), Point(7, 6), ply=1, nodes=NODES)
    assert review.best == review.played == "7-6"
    assert review.loss == 0.0 and review.grade == "ok" and review.played_value == review.best_value


def test_the_ladder_is_real() -> None:
    run = ladder()
    for x, y in ((7, 6), (8, 6), (7, 7), (7, 8)):
        run.play(x, y)
    assert run.score == (6, 0)  # the chase ends in a capture of six
    save = ladder()
    save.play(8, 6)
    assert save.score == (0, 1)  # 8-6 takes a dot of the net


def test_running_into_a_ladder_is_a_blunder_and_the_saving_capture_the_better_move() -> None:
    review = review_move(ladder(), Point(7, 6), ply=2, nodes=NODES)
    assert review.colour == "red" and review.best == "8-6"
    assert review.loss >= 4.0 and review.grade == "blunder"
    assert review.played_value <= -4.0


def test_running_on_in_the_ladder_costs_the_dot_it_adds() -> None:
    game = ladder()
    game.play(7, 6)
    game.play(8, 6)  # blue chases: 7-7 would take five now
    review = review_move(game, Point(7, 7), ply=4, nodes=NODES)
    assert review.best != "7-7"
    assert review.loss >= MISTAKE


def test_a_winning_grounding_is_the_best_move() -> None:
    game = Game.from_settings(setup([], [], 10, 10), dots(GROUNDED_LEAD))
    value = grounding_value(game)
    assert value == 1.0
    review = review_move(game, GROUND, ply=9, nodes=NODES, grounding=value)
    assert review.played == review.best == GROUND
    assert review.loss == 0.0 and review.best_value == 1.0


def test_a_grounding_that_gives_up_dots_is_a_blunder_and_a_dot_the_better_move() -> None:
    game = Game.from_settings(setup([], [], 10, 10), dots(GROUNDED_LEAD + " " + FLOATING))
    value = grounding_value(game)
    assert value == -3.0  # the four dots in the open go to red
    review = review_move(game, GROUND, ply=17, nodes=NODES, grounding=value)
    assert review.best != GROUND
    assert review.played_value == -3.0 and review.best_value >= 1.0
    assert review.loss >= 4.0 and review.grade == "blunder"


def test_grounding_while_behind_is_flagged() -> None:
    game = Game.from_settings(setup([], [], 10, 10), dots(GROUNDED_LEAD + " " + FLOATING + " b:10-10"))
    assert game.to_move == "red" and game.score == (1, 0)
    value = grounding_value(game)
    assert value < -1.0  # red gives its own dots in the open away too
    review = review_move(game, GROUND, ply=18, nodes=NODES, grounding=value)
    assert review.best != GROUND and review.loss >= BLUNDER


def test_grounding_needs_its_value() -> None:
    with pytest.raises(ValueError, match="grounding"):
        review_move(net(), GROUND, ply=1, nodes=100)


def test_a_dot_the_position_cannot_take_is_refused() -> None:
    with pytest.raises(ValueError, match="not playable"):
        review_move(net(), Point(4, 5), ply=1, nodes=100)


def test_the_best_replies_of_the_ai_itself_show_no_blunder() -> None:
    game = Game(12, 12, "cross")
    for _ in range(20):
        best = analyse(game, nodes=1500).best
        game.play(best.x, best.y)
    replay = Game(12, 12, "cross")
    reviews = []
    for ply, move in enumerate(game.moves, 1):
        assert move.point is not None
        reviews.append(review_move(replay, move.point, ply=ply, nodes=1000))
        replay.apply(move)
    assert len(reviews) == 20
    assert all(r.loss < BLUNDER for r in reviews), [(r.ply, r.played, r.best, r.loss) for r in reviews if r.loss]
    for colour in ("blue", "red"):
        assert summary(reviews, colour).blunders == 0
        assert summary(reviews, colour).average_loss < MISTAKE


def test_the_offset_moves_every_value_and_the_budget_gives_the_same_answer_each_time() -> None:
    game = net()
    plain = review_move(game, Point(1, 12), ply=1, nodes=800)
    moved = review_move(game, Point(1, 12), ply=1, nodes=800, offset=-3.0)
    assert moved.best_value == plain.best_value - 3.0 and moved.played_value == plain.played_value - 3.0
    assert moved.loss == plain.loss
    assert review_move(game, Point(1, 12), ply=1, nodes=800) == plain
    assert plain.nodes <= 800 + 1 and game.ply == 0  # the game is left alone


def _review(ply: int, colour: str, loss: float) -> MoveReview:
    return MoveReview(ply, "blue" if colour == "b" else "red", "1-1", "2-2", 5.0, 5.0 - loss)


def test_summary_and_the_biggest_mistakes() -> None:
    moves = [
        _review(1, "b", 0.0),
        _review(2, "r", 4.0),
        _review(3, "b", 1.0),
        _review(4, "r", 0.5),
        _review(5, "b", 3.0),
        _review(6, "r", 4.0),
        _review(7, "b", 2.0),
    ]
    assert summary(moves, "blue") == Summary(4, 1.5, 1, 2)
    assert summary(moves, "red") == Summary(3, 8.5 / 3, 2, 0)
    assert summary([], "red") == Summary(0, 0.0, 0, 0)
    assert [m.ply for m in biggest_mistakes(moves, "blue")] == [5, 7, 3]
    assert [m.ply for m in biggest_mistakes(moves, "red")] == [2, 6]  # 0.5 is no mistake; equal losses: earlier
    assert [m.ply for m in biggest_mistakes(moves, "blue", 1)] == [5]


def test_grades_and_values_from_each_side() -> None:
    red = MoveReview(8, "red", "3-3", "4-4", 2.0, -1.0)
    assert red.loss == 3.0 and red.grade == "blunder" and red.blue_value() == 1.0
    blue = MoveReview(9, "blue", "3-4", "3-4", 2.0, 2.0)
    assert blue.loss == 0.0 and blue.grade == "ok" and blue.blue_value() == 2.0
    assert MoveReview(10, "blue", "1-1", "2-2", 0.0, -0.99).grade == "ok"
    assert MoveReview(10, "blue", "1-1", "2-2", 0.0, -1.0).grade == "mistake"


def test_a_review_reads_back_from_its_list() -> None:
    review = MoveReview(12, "red", GROUND, "7-6", 4.0, -3.0, 2000, 5)
    assert MoveReview.of_list(review.as_list()) == review
    assert MoveReview.of_list([12, "red", "ground", "7-6", 4, -3, 2000, 5]) == review


def test_the_module_example_holds() -> None:
    result = doctest.testmod(tochki_bot.ai.review)
    assert result.attempted > 0 and result.failed == 0
