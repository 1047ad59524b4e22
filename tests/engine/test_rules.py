"""One rule each, named after the article of the sports rules that docs/rules.md (Sports rules) implements."""

from __future__ import annotations

import pytest

from tochki_bot.engine import EndReason, Game, IllegalMove, Point, Reason, parse_point


def play(moves: str, width: int = 10, height: int = 10, start: str = "empty") -> Game:
    """A game with ``moves`` played in turn (blue first); ``_`` takes the next spare move.

    Spare moves go on the top and bottom edges, two points apart: edge dots are never captured and these never
    link up with anything.
    """
    game = Game(width, height, start)  # type: ignore[arg-type]
    spare = iter([f"{x}-{y}" for y in (height, 1) for x in range(1, width + 1, 2)])
    for text in moves.split():
        game.play(*parse_point(next(spare) if text == "_" else text))
    return game


def state(game: Game) -> tuple[object, ...]:
    return (game.moves, game.score, game.to_move, game.diagram(), game.areas, game.result)


# ---- 4. Start positions


def test_4_3_sports_cross() -> None:
    game = Game(39, 32, "cross")
    assert [game.dot(20, 17), game.dot(21, 16)] == ["blue", "blue"]
    assert [game.dot(20, 16), game.dot(21, 17)] == ["red", "red"]
    assert game.ply == 0 and game.to_move == "blue"  # start dots are not moves: blue still moves first (2.7)


def test_4_4_four_crosses_on_39x32() -> None:
    game = Game(39, 32, "four-crosses")
    for x, y in [(12, 11), (27, 11), (12, 21), (27, 21)]:
        assert game.dot(x, y) == "red" and game.dot(x + 1, y + 1) == "red"
        assert game.dot(x, y + 1) == "blue" and game.dot(x + 1, y) == "blue"
    assert sum(row.count("b") + row.count("r") for row in game.diagram()) == 16


def test_start_that_does_not_fit_is_refused() -> None:
    with pytest.raises(ValueError):
        Game(3, 3, "four-crosses")
    with pytest.raises(ValueError):
        Game(2, 10)
    with pytest.raises(ValueError):
        Game(61, 10)


# ---- 2. Moves


def test_2_4_moves_alternate_blue_first() -> None:
    game = play("5-5 6-6 7-7")
    assert [m.colour for m in game.moves] == ["blue", "red", "blue"]
    assert game.to_move == "red"
    with pytest.raises(IllegalMove) as err:
        game.play(2, 2, "blue")
    assert err.value.reason is Reason.WRONG_TURN


def test_2_9_occupied_point_is_refused_and_nothing_changes() -> None:
    game = play("5-5 6-6")
    before = state(game)
    with pytest.raises(IllegalMove) as err:
        game.play(5, 5)
    assert err.value.reason is Reason.OCCUPIED
    assert state(game) == before


@pytest.mark.parametrize("x, y", [(0, 5), (11, 5), (5, 0), (5, 11), (-1, -1), (100, 3)])
def test_off_board_is_refused(x: int, y: int) -> None:
    game = play("5-5")
    before = state(game)
    with pytest.raises(IllegalMove) as err:
        game.play(x, y)
    assert err.value.reason is Reason.OFF_BOARD
    assert state(game) == before


# ---- 5. Captures


def test_5_6_minimal_capture_four_dots_around_one() -> None:
    game = play("4-5 5-5 6-5 _ 5-4 _")
    assert game.score == (0, 0)
    areas = game.play(5, 6)
    assert game.score == (1, 0)
    assert game.dot(5, 5) == "red" and game.owner(5, 5) == "blue"
    assert len(areas) == 1 and areas[0].owner == "blue" and areas[0].size == 1 and areas[0].ply == 7
    # 5.3: the ring is the closed chain through the capturing dots, starting at the move that closed it.
    assert areas[0].ring[0] == Point(5, 6)
    assert set(areas[0].ring) == {Point(4, 5), Point(6, 5), Point(5, 4), Point(5, 6)}
    assert game.last_captures == areas


def test_5_2_ring_links_are_neighbours_of_the_capturers_colour() -> None:
    game = play("4-5 5-5 6-5 _ 5-4 _ 5-6")
    ring = game.areas[0].ring
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        assert max(abs(a.x - b.x), abs(a.y - b.y)) == 1
        assert game.dot(*a) == "blue" and game.owner(*a) is None  # 5.8: the chain stays in play


def test_edge_dot_is_never_captured() -> None:
    game = play("1-4 1-5 1-6 _ 2-5")
    assert game.score == (0, 0) and game.owner(1, 5) is None
    assert game.areas == ()


def test_5_7_2_no_dot_inside_a_capture_area() -> None:
    game = play("4-5 5-5 5-4 _ 6-4 _ 7-5 _ 5-6 _ 6-6")
    assert game.score == (1, 0) and game.areas[-1].size == 2
    assert game.owner(6, 5) == "blue" and game.dot(6, 5) is None
    assert not game.is_playable(6, 5)
    before = state(game)
    with pytest.raises(IllegalMove) as err:
        game.play(6, 5)
    assert err.value.reason is Reason.CAPTURED
    assert state(game) == before


def test_5_7_1_captured_dots_cannot_be_links() -> None:
    # Blue takes red 4-5; red's ring 4-5, 6-5, 5-4, 5-6 around blue 5-5 then lacks a link.
    game = play("5-5 4-5 3-5 6-5 4-4 5-4 4-6")
    assert game.score == (1, 0) and game.owner(4, 5) == "blue"
    game.play(5, 6)
    assert game.score == (1, 0)
    assert game.owner(5, 5) is None


def test_5_9_one_move_closes_two_areas_that_stay_separate() -> None:
    game = play("3-5 4-5 4-4 6-5 4-6 _ 6-4 _ 6-6 _ 7-5 _")
    areas = game.play(5, 5)
    assert len(areas) == 2
    assert game.score == (2, 0)
    assert sorted(a.size for a in areas) == [1, 1]
    assert all(Point(5, 5) in a.ring for a in areas)
    assert game.owner(5, 5) is None  # the shared link belongs to neither area


def test_5_10_minimal_area_leaves_an_empty_pocket_out() -> None:
    # 6-5 is an empty pocket next to the red dot, behind blue's wall 5-5: it must not be swallowed.
    game = play("5-5 4-5 4-4 _ 4-6 _ 6-4 _ 6-6 _ 7-5 _")
    areas = game.play(3, 5)
    assert len(areas) == 1 and areas[0].size == 1
    assert game.owner(4, 5) == "blue"
    assert game.owner(6, 5) is None and game.is_playable(6, 5)


def test_5_11_an_area_is_surrounded_like_a_dot() -> None:
    # See 6.4: red surrounds blue's area and takes it whole.
    game = recaptured()
    assert game.owner(5, 5) == "red" and game.owner(4, 5) == "red"


def test_5_12_house_is_not_an_area() -> None:
    game = play("4-5 _ 6-5 _ 5-4 _ 5-6")
    assert game.areas == () and game.score == (0, 0)
    assert game.owner(5, 5) is None and game.is_playable(5, 5)


def test_5_13_own_dot_inside_a_house_stays_in_play() -> None:
    game = play("4-5 _ 6-5 _ 5-4 _ 5-6 _ 5-5")
    assert game.dot(5, 5) == "blue" and game.owner(5, 5) is None
    assert game.areas == ()


def test_5_14_dot_put_into_a_house_is_captured_as_the_move_passes() -> None:
    game = play("4-5 _ 6-5 _ 5-4 _ 5-6")
    areas = game.play(5, 5)  # red walks in
    assert game.score == (1, 0)
    assert game.owner(5, 5) == "blue"
    assert len(areas) == 1 and areas[0].owner == "blue" and areas[0].ply == 8
    assert game.to_move == "blue"


def test_5_15_house_capture_takes_the_minimal_area() -> None:
    # A house of two pockets split by blue's wall 5-5: red entering one pocket loses only that pocket.
    game = play("3-5 _ 4-4 _ 4-6 _ 5-5 _ 6-4 _ 6-6 _ 7-5")
    areas = game.play(4, 5)
    assert areas[0].size == 1 and game.owner(4, 5) == "blue"
    assert game.owner(6, 5) is None and game.is_playable(6, 5)


def test_5_16_a_dot_in_a_house_that_closes_its_own_capture_is_not_captured() -> None:
    # Blue's house around 5-5; red's 5-5 also closes red's ring 5-5, 4-6, 5-7, 6-6 around blue 5-6.
    game = play("4-5 4-6 6-5 6-6 5-4 5-7 5-6")
    areas = game.play(5, 5)
    assert len(areas) == 1 and areas[0].owner == "red"
    assert game.score == (0, 1)
    assert game.owner(5, 6) == "red"
    assert game.dot(5, 5) == "red" and game.owner(5, 5) is None


# ---- 6. Score


def recaptured() -> Game:
    """Blue takes red 5-5 with a diamond; red then surrounds the whole diamond."""
    game = play("4-5 5-5 6-5 3-5 5-4 4-4 5-6 5-3 _ 6-4 _ 7-5 _ 6-6 _ 5-7 _")
    assert game.score == (1, 0)
    areas = game.play(4, 6)
    assert len(areas) == 1 and areas[0].owner == "red" and areas[0].size == 5
    # Blue's four ring dots go to red; the red dot blue had taken no longer counts for blue.
    assert game.score == (0, 4)
    assert game.owner(5, 5) == "red" and game.dot(5, 5) == "red"
    assert len(game.areas) == 2  # the old area is still listed, inside the new one
    return game


def test_6_4_recapture() -> None:
    assert recaptured().score == (0, 4)


def test_6_1_own_dot_inside_own_area_counts_for_nobody() -> None:
    # Blue rings the 3x3 block 4..6 x 4..6 holding red 4-4 and blue 5-5; 5-5 ends up inside blue's own area.
    ring = ["3-4", "3-5", "3-6", "4-7", "5-7", "6-7", "7-6", "7-5", "7-4", "6-3", "5-3"]
    moves = ["5-5", "4-4"] + [m for r in ring for m in (r, "_")]
    game = play(" ".join(moves), width=12, height=12)
    assert game.score == (0, 0)
    areas = game.play(4, 3)
    assert areas[0].size == 9
    assert game.score == (1, 0)  # the red dot; blue's own 5-5 counts for nobody
    assert game.dot(5, 5) == "blue" and game.owner(5, 5) == "blue"


# ---- 8. End of the game


def test_8_1c_full_board_ends_the_game_and_the_score_decides() -> None:
    game = play("1-2 2-2 3-2 1-1 2-1 3-3 2-3", width=3, height=3)
    assert game.score == (1, 0) and not game.is_over
    game.play(1, 3)
    game.play(3, 1)
    assert game.is_over and game.playable_count == 0
    assert game.result.winner == "blue" and game.result.reason is EndReason.BOARD_FULL
    with pytest.raises(IllegalMove) as err:
        game.play(2, 2)
    assert err.value.reason is Reason.GAME_OVER


def test_8_1c_full_board_with_equal_score_is_a_draw() -> None:
    game = play("2-2 1-1 1-2 1-3 2-1 3-1 2-3 3-3 3-2", width=3, height=3)
    assert game.result == (None, EndReason.BOARD_FULL, (0, 0))


def test_8_1a_resignation() -> None:
    game = play("4-5 5-5 6-5 _ 5-4 _ 5-6")
    result = game.resign("blue")
    assert result.winner == "red" and result.reason is EndReason.RESIGNATION and result.score == (1, 0)
    assert game.is_over and game.moves[-1].kind == "resign"
    with pytest.raises(IllegalMove):
        game.resign("red")


def test_8_1b_timeout() -> None:
    game = play("5-5")
    assert game.time_out("red") == ("blue", EndReason.TIMEOUT, (0, 0))


def test_8_1d_agreed_draw_keeps_the_score() -> None:
    game = play("4-5 5-5 6-5 _ 5-4 _ 5-6")
    assert game.agree_draw("red") == (None, EndReason.DRAW, (1, 0))


def test_8_4_grounding_four_connected_line_to_the_edge_is_safe() -> None:
    game = play("1-5 9-9 2-5 8-8 3-5 7-7")
    game.ground("blue")
    assert game.score == (0, 0)
    assert game.result is not None and game.result.reason is EndReason.GROUNDING and game.result.winner is None


def test_8_4_grounding_diagonal_link_can_be_cut() -> None:
    # 1-5, 2-6, 3-7 are one chain, but only by diagonal links: red could cut between them.
    game = play("1-5 9-9 2-6 8-8 3-7 7-7")
    areas = game.ground("blue")
    assert game.score == (0, 2)  # 2-6 and 3-7 go to red; 1-5 on the edge is safe
    assert game.owner(2, 6) == "red" and game.owner(3, 7) == "red" and game.owner(1, 5) is None
    assert all(a.grounding and a.owner == "red" for a in areas)
    assert game.dot(2, 7) is None  # the imagined red dots are not placed
    assert game.result is not None and game.result.winner == "red" and game.is_over


def test_8_4_grounding_a_house_does_not_protect() -> None:
    game = play("4-5 _ 6-5 _ 5-4 _ 5-6 _")
    game.ground("blue")
    assert game.score == (0, 4)


def test_8_4_grounding_gives_away_an_area_with_its_contents() -> None:
    # Blue's area around red 5-5 floats in the middle: on grounding red takes it, and red's own dot with it.
    game = play("4-5 5-5 6-5 _ 5-4 _ 5-6")
    assert game.score == (1, 0)
    game.ground("blue")
    assert game.score == (0, 4)
    assert game.owner(5, 5) == "red"


def test_8_4_grounding_only_touches_the_declarer() -> None:
    game = play("5-5 4-4 1-1 6-6")
    game.ground("red")
    assert game.score == (2, 0)
    assert game.owner(5, 5) is None  # blue's own floating dot is not at stake


def test_8_3_grounding_once() -> None:
    game = play("5-5")
    game.ground("red")
    with pytest.raises(IllegalMove) as err:
        game.ground("red")
    assert err.value.reason is Reason.GAME_OVER


# ---- A game is its settings plus its moves


def test_replaying_the_move_list_gives_the_same_game() -> None:
    game = recaptured()
    game.ground("blue")
    again = Game.from_settings(game.settings, game.moves)
    assert state(again) == state(game)
    assert again.scores == game.scores
