"""Properties of the engine on random games, and agreement with the literal reference implementation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.positions import random_game
from tests.support.reference_rules import ReferenceGame
from tochki_bot.engine import Game, IllegalMove, Point

SIZES = st.sampled_from([(3, 3), (4, 6), (5, 5), (6, 6), (8, 7), (9, 9)])


def recount(game: Game) -> tuple[int, int]:
    dots, owners = game.grid()
    pairs = [(d, o) for drow, orow in zip(dots, owners, strict=True) for d, o in zip(drow, orow, strict=True)]
    blue = sum(1 for d, o in pairs if d == "red" and o == "blue")
    red = sum(1 for d, o in pairs if d == "blue" and o == "red")
    return blue, red


games = st.builds(
    random_game,
    seed=st.integers(0, 2**32),
    width=st.integers(3, 9),
    height=st.integers(3, 9),
    start=st.sampled_from(["empty", "cross"]),
    moves=st.integers(0, 90),
    clustered=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(games)
def test_score_equals_a_recount_of_the_board(game: Game) -> None:
    assert game.score == recount(game)


@settings(max_examples=150, deadline=None)
@given(games)
def test_no_point_inside_an_area_is_playable(game: Game) -> None:
    playable = set(game.playable_points())
    for x in range(1, game.width + 1):
        for y in range(1, game.height + 1):
            expected = not game.is_over and game.dot(x, y) is None and game.owner(x, y) is None
            assert ((x, y) in playable) == expected == game.is_playable(x, y)


@settings(max_examples=150, deadline=None)
@given(games, st.integers(-2, 12), st.integers(-2, 12))
def test_an_illegal_move_changes_nothing(game: Game, x: int, y: int) -> None:
    before = (game.moves, game.score, game.to_move, game.diagram(), game.areas, game.result, game.playable_count)
    if game.is_playable(x, y):
        return
    with pytest.raises(IllegalMove):
        game.play(x, y)
    assert before == (
        game.moves,
        game.score,
        game.to_move,
        game.diagram(),
        game.areas,
        game.result,
        game.playable_count,
    )


@settings(max_examples=100, deadline=None)
@given(games, st.sampled_from(["blue", "red", None]))
def test_replaying_the_same_moves_gives_the_same_state(game: Game, grounding: str | None) -> None:
    if grounding and not game.is_over:
        game.ground(grounding)  # type: ignore[arg-type]
    again = Game.from_settings(game.settings, game.moves)
    assert again.diagram() == game.diagram()
    assert again.areas == game.areas
    assert again.scores == game.scores and again.result == game.result and again.to_move == game.to_move


@settings(max_examples=100, deadline=None)
@given(games)
def test_rings_are_closed_chains_of_the_capturers_dots(game: Game) -> None:
    for area in game.areas:
        ring = area.ring
        assert len(ring) >= 4 and len(set(ring)) == len(ring)
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            assert max(abs(a.x - b.x), abs(a.y - b.y)) == 1
            assert game.dot(*a) == area.owner


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), SIZES, st.sampled_from(["empty", "cross"]), st.sampled_from(["blue", "red"]))
def test_engine_agrees_with_the_literal_rules_move_by_move(
    seed: int, size: tuple[int, int], start: str, grounding: str
) -> None:
    width, height = size
    rng = random.Random(seed)
    game = Game(width, height, start)  # type: ignore[arg-type]
    ref = ReferenceGame(width, height, start)
    stop = rng.randint(0, width * height)
    while not game.is_over and game.ply < stop:
        points = list(game.playable_points())
        last = game.last_move
        if last is not None and last.point is not None and rng.random() < 0.7:
            points = [p for p in points if abs(p.x - last.point.x) <= 2 and abs(p.y - last.point.y) <= 2] or points
        point: Point = rng.choice(points)
        game.play(*point)
        ref.play(*point)
        assert game.diagram() == ref.diagram(), f"after move {game.ply} {point}"
        assert game.score == ref.score
    if not game.is_over:
        game.ground(grounding)  # type: ignore[arg-type]
        ref.ground(grounding)
        assert game.diagram() == ref.diagram()
        assert game.score == ref.score
