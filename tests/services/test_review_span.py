"""``tochki_bot.services.search.review_span``: a span of a game's moves judged as an ai-worker judges them, under
every rule set (the sports stand-in and the real score), grounding and STOP."""

from __future__ import annotations

import dataclasses

import pytest

from tests.support.paths import DATA
from tests.support.review_games import (
    FLOATING,
    GROUNDED_LEAD,
    LADDER_BLUE,
    LADDER_RED,
    NET_BLUE,
    NET_RED,
    dots,
    ground,
    red_three_up,
    setup,
)
from tochki_bot.ai.review import BLUNDER, GROUND, MoveReview
from tochki_bot.engine import Game, GameSettings, Move, MoveKind
from tochki_bot.engine.sgf import parse_sgf
from tochki_bot.services.search import read_span, review_span

NODES = 2000
EMPTY = GameSettings(10, 10, "empty")


def span(settings: GameSettings, moves: list[Move], first: int, count: int, nodes: int = NODES) -> list[MoveReview]:
    return read_span(review_span(settings, moves, first, count, nodes))


def test_a_missed_capture_of_four_dots() -> None:
    (review,) = span(setup(NET_BLUE, NET_RED), dots("b:1-12"), 1, 1)
    assert review.ply == 1 and review.colour == "blue" and review.played == "1-12"
    assert review.best == "7-6" and review.loss >= 4.0 and review.grade == "blunder"


def test_running_into_a_ladder() -> None:
    (review,) = span(setup(LADDER_BLUE, LADDER_RED), dots("b:12-12 r:7-6"), 2, 1)
    assert review.colour == "red" and review.played == "7-6"
    assert review.best == "8-6" and review.loss >= 4.0


def test_a_winning_grounding_is_best_and_a_losing_one_a_blunder() -> None:
    lead = dots(GROUNDED_LEAD)
    (won,) = span(EMPTY, [*lead, ground("blue")], 9, 1)
    assert won.played == won.best == GROUND and won.loss == 0.0 and won.played_value == 1.0
    given_up = [*lead, *dots(FLOATING)]
    (lost,) = span(EMPTY, [*given_up, ground("blue")], 17, 1)
    assert lost.played == GROUND and lost.best != GROUND
    assert lost.played_value == -3.0 and lost.loss >= 4.0 and lost.grade == "blunder"


def test_a_stop_counts_as_the_grounding_it_stands_for_and_the_extra_dots_are_not_judged() -> None:
    settings = dataclasses.replace(EMPTY, stop_mode="stop_phase")
    moves = [*dots(GROUNDED_LEAD), Move("blue", MoveKind.STOP), *dots("r:5-5 r:5-6"), Move("red", MoveKind.FINISH)]
    Game.from_settings(settings, moves)  # a legal game
    reviews = span(settings, moves, 1, len(moves))
    assert [r.ply for r in reviews] == list(range(1, 10))  # the dots and the STOP; not the extra dots, not FINISH
    stop = reviews[-1]
    assert stop.played == stop.best == GROUND and stop.loss == 0.0 and stop.best_value == 1.0


def test_without_grounding_in_the_rules_a_grounding_is_not_offered() -> None:
    settings = dataclasses.replace(EMPTY, stop_mode="none")
    reviews = span(settings, dots(GROUNDED_LEAD), 1, 8, 300)
    assert len(reviews) == 8 and all(r.best != GROUND for r in reviews)


@pytest.mark.parametrize("rules", ["polish", "territory"])
def test_the_manual_rule_sets_count_the_score_already_captured(rules: str) -> None:
    settings, moves = red_three_up(rules)  # type: ignore[arg-type]
    game = Game.from_settings(settings, moves)
    assert game.score == (0, 3) and game.to_move == "blue"
    blue, red = span(settings, [*moves, *dots("b:10-3 r:3-10")], len(moves) + 1, 2)
    assert blue.colour == "blue" and red.colour == "red"
    assert blue.best_value == pytest.approx(-3.0, abs=1.0) and blue.played_value == pytest.approx(-3.0, abs=1.0)
    assert red.best_value == pytest.approx(3.0, abs=1.0) and red.played_value == pytest.approx(3.0, abs=1.0)
    assert blue.blue_value() == pytest.approx(-3.0, abs=1.0) and red.blue_value() == pytest.approx(-3.0, abs=1.0)


def test_a_dot_the_sports_stand_in_cannot_play_is_judged_from_the_position_after_it() -> None:
    # zagram 175599 (territory): at move 160 red plays 18-2 inside blue's open pool; the sports stand-in has
    # captured that pool already, so the point is not playable there (review_span raised before).
    record = parse_sgf((DATA / "territory" / "zagram175599.sgf").read_bytes())
    (review,) = span(record.settings, record.moves, 160, 1, 300)
    assert review.ply == 160 and review.played == "18-2" and review.colour == "red"
    assert review.nodes > 300  # read from two searches: the position and the one after the move
    assert review.played_value <= review.best_value < -100  # blue's territory, counted by an agreed end


def test_spans_put_together_are_the_whole_review() -> None:
    moves = [*dots(GROUNDED_LEAD), *dots(FLOATING), ground("blue")]
    whole = span(EMPTY, moves, 1, len(moves), 300)
    pieces = [r for first in range(1, len(moves) + 1, 5) for r in span(EMPTY, moves, first, 5, 300)]
    assert pieces == whole and [r.ply for r in whole] == list(range(1, len(moves) + 1))
    assert span(EMPTY, moves, len(moves) + 1, 5, 300) == []  # past the end: nothing
    assert max(r.loss for r in whole) >= BLUNDER and whole[-1].played == GROUND


def test_the_end_of_a_game_by_resignation_is_not_judged() -> None:
    moves = [*dots("b:5-5 r:6-6"), Move("blue", MoveKind.RESIGN)]
    reviews = span(EMPTY, moves, 1, 3, 300)
    assert [r.ply for r in reviews] == [1, 2]


def test_the_territory_estimate_counts_the_agreed_end() -> None:
    # zagram 201427 (territory): 1-1 in captured dots near the end, but red's walls hold a territory an agreed end
    # counts (red won by 195).
    record = parse_sgf((DATA / "territory" / "zagram201427.sgf").read_bytes())
    game = Game.from_settings(record.settings, record.moves[:250])
    assert game.score == (1, 1)
    reviews = span(record.settings, record.moves, 251, 2, 300)
    assert len(reviews) == 2 and all(r.blue_value() < -100 for r in reviews)


def test_the_better_move_is_a_point_the_real_game_can_play() -> None:
    # zagram 317414 (territory), moves 616-630: 18-5 holds a red dot blue captured; a stand-in of the dots in play
    # alone has that point empty, and its search proposed it as the better move.
    record = parse_sgf((DATA / "territory" / "zagram317414.sgf").read_bytes())
    reviews = span(record.settings, record.moves, 616, 15, 500)
    assert len(reviews) == 15
    for review in reviews:
        game = Game.from_settings(record.settings, record.moves[: review.ply - 1])
        x, y = map(int, review.best.split("-"))
        assert game.is_playable(x, y), review
