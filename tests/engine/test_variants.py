"""The rule sets of docs/rules.md: settings, manual closures (Polish Kropki, Closures), territory counting
(Territory, Agreed end), STOP, starts, and the real records of ``data/territory`` and ``data/zagram-stop-draw.sgf``
replayed to their results."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.support.paths import DATA
from tochki_bot.engine import EndReason, Game, GameSettings, IllegalMove, Move, MoveKind, Point, Reason
from tochki_bot.engine.settings import random_crosses, start_dots
from tochki_bot.engine.sgf import parse_result, parse_sgf, write_sgf


def position(rows: list[str], rules: str = "polish", **options: object) -> Game:
    """A game whose start is the diagram (rows from the top; ``b`` blue, ``r`` red, ``.`` empty); blue to move."""
    height, width = len(rows), len(rows[0].split())
    setup = []
    for k, row in enumerate(rows):
        for x, ch in enumerate(row.split(), 1):
            if ch != ".":
                setup.append((Point(x, height - k), "blue" if ch == "b" else "red"))
    settings = GameSettings(width, height, "custom", tuple(setup), rules=rules, **options)  # type: ignore[arg-type]
    return Game.from_settings(settings)


def state(game: Game) -> tuple[object, ...]:
    return (game.moves, game.score, game.to_move, game.diagram(), game.areas, game.result, game.playable_count)


# --------------------------------------------------------------------------------------------------------------
# Settings


def test_default_settings_are_the_sports_rules() -> None:
    s = GameSettings()
    assert (s.rules, s.stop_mode, s.instant_win, s.own_dot_penalty, s.first_move_region) == (
        "sports",
        "grounding",
        0,
        False,
        None,
    )
    assert s.options == {} and s.to_dict() == {"width": 39, "height": 32, "start": "cross"}
    assert not s.manual


@pytest.mark.parametrize(
    "settings",
    [
        GameSettings(30, 30, "empty", rules="polish", instant_win=30, own_dot_penalty=True),
        GameSettings(20, 20, "empty", rules="territory", instant_win=15),
        GameSettings(39, 32, "cross", stop_mode="stop_phase", first_move_region=(13, 9, 15, 8)),
        GameSettings(39, 32, "four-crosses-random", seed=2**40 + 7),
        GameSettings(10, 10, "custom", ((Point(2, 3), "blue"),), rules="territory"),
    ],
)
def test_settings_round_trip_through_their_dict(settings: GameSettings) -> None:
    import json

    data = json.loads(json.dumps(settings.to_dict()))
    assert GameSettings.from_dict(data) == settings
    rebuilt = GameSettings(
        settings.width,
        settings.height,
        settings.start,
        settings.setup,
        rules=settings.rules,
        **json.loads(json.dumps(settings.options)),
    )
    assert rebuilt == settings


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"rules": "chess"}, "unknown rule set"),
        ({"own_dot_penalty": True}, "own_dot_penalty needs manual"),
        ({"rules": "territory", "stop_mode": "grounding"}, "no grounding or STOP"),
        ({"rules": "polish", "stop_mode": "stop_phase"}, "no grounding or STOP"),
        ({"stop_mode": "surrender"}, "unknown stop mode"),
        ({"instant_win": -1}, "instant_win"),
        ({"first_move_region": (30, 30, 15, 8)}, "does not fit"),
        ({"first_move_region": (1, 1, 0, 3)}, "does not fit"),
        ({"start": "four-crosses-random"}, "needs a seed"),
        ({"seed": 5}, "seed can only be given"),
    ],
)
def test_invalid_combinations_are_refused(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        GameSettings(**kwargs)  # type: ignore[arg-type]


def test_double_cross_is_the_playdots_one() -> None:
    # docs/rules.md, Starts: AB[sp][tq][uq][vp]AW[sq][tp][up][vq] on 39x32.
    text = write_sgf(Game(settings=GameSettings(39, 32, "double-cross")))
    assert "AB[sp][tq][uq][vp]" in text.replace("AB[tq][sp]", "AB[sp][tq]") or set(
        parse_sgf(text).settings.start_dots
    ) == set(parse_sgf("(;GM[40]SZ[39:32]AB[sp][tq][uq][vp]AW[sq][tp][up][vq])").settings.start_dots)
    assert parse_sgf("(;GM[40]SZ[39:32]AB[sp][tq][uq][vp]AW[sq][tp][up][vq])").settings.start == "double-cross"


def test_random_four_crosses_follow_the_seed() -> None:
    a = GameSettings(39, 32, "four-crosses-random", seed=1)
    assert a.start_dots == GameSettings(39, 32, "four-crosses-random", seed=1).start_dots
    assert a.start_dots != GameSettings(39, 32, "four-crosses-random", seed=2).start_dots
    assert len({p for p, _ in a.start_dots}) == 16
    # One cross per quadrant, 4..7 points (scaled) from the middle.
    for x, y in random_crosses(39, 32, 1):
        assert 4 <= abs(x - 19) <= 7 or 4 <= abs(x + 1 - 19) <= 7
        assert 1 <= y <= 31
    # A replay from the stored settings (or from a record) is identical.
    game = Game(settings=a)
    game.play(1, 1)
    again = parse_sgf(write_sgf(game)).game()
    assert again.diagram() == game.diagram()
    for seed in range(5):
        with pytest.raises(ValueError, match="too small"):
            start_dots(3, 3, "four-crosses-random", seed)


def test_first_move_region() -> None:
    game = Game(settings=GameSettings(20, 20, "empty", first_move_region=(8, 8, 4, 4)))
    assert not game.is_playable(1, 1) and game.is_playable(8, 8)
    assert all(8 <= p.x <= 11 and 8 <= p.y <= 11 for p in game.playable_points())
    with pytest.raises(IllegalMove) as err:
        game.play(1, 1)
    assert err.value.reason is Reason.FIRST_MOVE_REGION
    game.play(9, 9)
    with pytest.raises(IllegalMove):
        game.play(20, 20)  # red's first dot too
    game.play(10, 10)
    game.play(1, 1)  # later dots anywhere
    assert Game.from_settings(game.settings, game.moves).diagram() == game.diagram()


def test_sports_game_refuses_variant_actions() -> None:
    game = Game(10, 10, "empty")
    game.play(5, 5)
    for action in (lambda: game.close(Point(3, 3)), lambda: game.stop("red"), lambda: game.finish()):
        with pytest.raises(IllegalMove) as err:
            action()
        assert err.value.reason is Reason.NOT_IN_RULES
    with pytest.raises(IllegalMove):
        game.play(6, 6, closures=[Point(3, 3)])
    assert game.pools() == () and game.closer is None
    assert game.agree_end("red").reason is EndReason.DRAW


# --------------------------------------------------------------------------------------------------------------
# docs/rules.md, Polish Kropki: manual closures


def test_2_6_1_no_automatic_capture() -> None:
    game = Game(6, 6, "empty", rules="polish")
    for x, y in [(2, 3), (6, 6), (3, 2), (3, 3), (4, 3), (6, 5), (3, 4)]:
        game.play(x, y)
    assert game.score == (0, 0) and game.owner(3, 3) is None  # 3-3 in play, no 5.14 either
    game.play(6, 4)
    game.play(1, 1, closures=[Point(3, 3)])
    assert game.score == (1, 0) and game.owner(3, 3) == "blue"
    assert game.last_move == Move("blue", MoveKind.DOT, Point(1, 1), (game.areas[0].ring,))


def test_2_6_2_empty_stop_is_refused() -> None:
    for rules in ("polish", "territory"):
        game = position([". . . . .", ". . b . .", ". b . b .", ". . b . .", ". . . . r"], rules)
        game.play(1, 1)
        before = state(game)
        for target in (Point(3, 3), (Point(3, 4), Point(4, 3), Point(3, 2), Point(2, 3))):
            with pytest.raises(IllegalMove) as err:
                game.close(target)
            assert err.value.reason is Reason.EMPTY_CLOSURE
            assert state(game) == before


def test_2_6_3_a_closure_is_part_of_ones_own_move() -> None:
    game = Game(6, 6, "empty", rules="polish")
    with pytest.raises(IllegalMove) as err:
        game.close(Point(3, 3))  # no dot yet
    assert err.value.reason is Reason.WRONG_TURN
    for x, y in [(2, 3), (6, 6), (3, 2), (3, 3), (4, 3), (6, 5), (3, 4)]:
        game.play(x, y)
    assert game.closer == "blue"
    with pytest.raises(IllegalMove) as err:
        game.close(Point(3, 3), "red")  # during blue's move
    assert err.value.reason is Reason.WRONG_TURN
    game.play(6, 4)
    assert str(game.closer) == "red" and game.pools() == ()  # blue's pool is blue's to close, on blue's move
    with pytest.raises(IllegalMove):
        game.close(Point(3, 3))
    assert [p.point for p in game.pools("blue")] == [Point(3, 3)]


TWO_POCKETS = [
    ". . . . . . .",
    ". . . . . . .",
    ". . b b b . .",
    ". b r b . b .",
    ". . b b b . .",
    ". . . . . . .",
]
BIG_RING = (Point(2, 3), Point(3, 4), Point(4, 4), Point(5, 4), Point(6, 3), Point(5, 2), Point(4, 2), Point(3, 2))


def test_2_6_4_a_stop_is_a_whole_pool() -> None:
    game = position(TWO_POCKETS, "polish")
    game.play(7, 6)
    assert [(p.point, p.size) for p in game.pools()] == [(Point(3, 3), 1)]
    for target in (Point(3, 3), BIG_RING):  # a ring around X and the empty pocket Y closes X only
        twin = game.copy()
        area = twin.close(target)
        assert twin.owner(3, 3) == "blue" and twin.owner(5, 3) is None and twin.is_playable(5, 3)
        assert area.size == 1 and set(area.ring) == {Point(2, 3), Point(3, 4), Point(4, 3), Point(3, 2)}

    for punish, expected in ((False, (1, 0)), (True, (0, 0))):
        game = position(TWO_POCKETS, "territory", own_dot_penalty=punish)
        game.play(7, 6, closures=[BIG_RING])  # any ring, not minimal: the inner wall 4-3 is enclosed
        assert game.owner(5, 3) == "blue" and game.owner(4, 3) == "blue"
        assert game.score == expected and game.penalties == (int(punish), 0)


def test_2_6_5_penalty_for_own_dots() -> None:
    rows = [
        ". . . . . . .",
        ". . b b b . .",
        ". b . . . b .",
        ". b . b . b .",
        ". b r . . b .",
        ". . b b b . .",
        ". . . . . . .",
    ]
    for punish, expected in ((False, (1, 0)), (True, (0, 0))):
        game = position(rows, "polish", own_dot_penalty=punish)
        game.play(7, 7)
        (pool,) = game.pools()
        assert pool.own == 1 and pool.captures == (Point(3, 3),) and pool.size == 9
        game.close(pool.point)
        assert game.score == expected and game.owner(4, 4) == "blue"


def test_2_6_6_recapture_frees_the_dots() -> None:
    rows = [
        ". . . . . . .",
        ". . . r . . .",
        ". . r b r . .",
        ". r b r b r .",
        ". . r b r . .",
        ". . . r . . .",
        ". . . . . . .",
    ]
    for rules in ("polish", "territory"):
        game = position(rows, rules)
        game.play(1, 1, closures=[Point(4, 4)])
        assert game.score == (1, 0)
        game.play(7, 7, closures=[Point(4, 5)])  # the blue ring's dot 4-5 is in red's pool
        assert game.score == (0, 4) and game.owner(4, 4) == "red"
        assert game.dot(4, 4) == "red"  # red's own dot again, inside red's area: counts for nobody


def test_2_6_7_instant_win() -> None:
    rows = [
        ". . . . . . . . . . . .",
        ". . . . . b . . . . . .",
        ". . . . b r b . . . . .",
        ". . . . . b . . . . . .",
        ". . b b b b b b b . . .",
        ". b r r r r r r r b . .",
        ". b r r r r r r r b . .",
        ". . b b b b b b b . . .",
        ". . . . . . . . . . . .",
    ]
    for margin, over in ((15, True), (30, False)):
        game = position(rows, "polish", instant_win=margin)
        game.play(12, 1, closures=[Point(3, 3)])
        assert game.score == (14, 0) and not game.is_over
        game.play(12, 2)
        game.play(12, 3, closures=[Point(6, 7)])
        assert game.score == (15, 0)
        if over:
            result = game.result
            assert result is not None and result.margin == 15 and result == ("blue", EndReason.INSTANT_WIN, (15, 0))
            with pytest.raises(IllegalMove):
                game.play(1, 1)
        else:
            assert not game.is_over


def test_2_6_8_an_edge_dot_is_never_in_a_pool() -> None:
    game = position([". . . . .", "b . . . .", "r b . . .", "b . . . .", ". . . . ."], "polish")
    game.play(5, 5)
    assert game.pools() == ()
    with pytest.raises(IllegalMove) as err:
        game.close(Point(1, 3))
    assert err.value.reason is Reason.NO_POOL


def test_an_illegal_closure_in_a_move_plays_nothing() -> None:
    game = Game(6, 6, "empty", rules="polish")
    for x, y in [(2, 3), (6, 6), (3, 2), (3, 3), (4, 3), (6, 5), (3, 4), (6, 4)]:
        game.play(x, y)
    before = state(game)
    with pytest.raises(IllegalMove):
        game.play(1, 1, closures=[Point(3, 3), Point(5, 5)])
    assert state(game) == before
    game.play(1, 1, closures=[Point(3, 3)])
    assert game.score == (1, 0)


def test_territory_rings_need_not_be_minimal_but_must_be_rings() -> None:
    game = position(TWO_POCKETS, "territory")
    game.play(7, 6)
    bad = [
        (*BIG_RING[:-1], Point(2, 2)),  # 2-2 is no blue dot
        BIG_RING[:4] + BIG_RING[5:],  # a gap between 5-4 and 5-2
        (*BIG_RING, BIG_RING[1]),  # a dot twice
    ]
    for ring in bad:
        with pytest.raises(IllegalMove) as err:
            game.close(ring)
        assert err.value.reason is Reason.NOT_A_RING
    area = game.close(tuple(reversed(BIG_RING + BIG_RING[:1])))  # either direction, closed or not
    assert area.size == 3 and area.captured == (Point(3, 3),)


def test_territory_nesting_shares_at_most_one_border_dot() -> None:
    rows = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . b . . . .",
        ". . . b r b . . .",
        ". . . b b b . . .",
        ". . . b r b . . .",
        ". . . . b . . . .",
        ". . . . . . . . .",
    ]
    game = position(rows, "territory")
    game.play(1, 1, closures=[Point(5, 5)])
    game.play(9, 9)
    game.play(1, 2)
    around = (Point(4, 5), Point(5, 6), Point(6, 5), Point(6, 4), Point(6, 3), Point(5, 2), Point(4, 3), Point(4, 4))
    with pytest.raises(IllegalMove) as err:
        game.close(around)  # encloses the old area and shares 3 of its 4 dots
    assert err.value.reason is Reason.NESTING
    game.close(Point(5, 3))  # the pool below shares one dot (5-4) and leaves the old area outside
    assert game.score == (2, 0)


# --------------------------------------------------------------------------------------------------------------
# docs/rules.md, Territory (Agreed end): the agreed end of the territory rules


def test_3_4_1_an_odd_point_goes_against_the_player_who_fills() -> None:
    full = ["b b b b b", "b b b b b", "b b . b b", "b b b b b", "b b b b b"]
    game = position(full, "territory")  # blue to move, no dame: blue would fill
    result = game.agree_end("red")
    assert result.winner is None and result.margin == 0 and result.reason is EndReason.AGREED
    game = position(["b b b b b", "b b b b b", "b b . b b", "b b b b b", ". b b b b"], "territory")
    game.play(1, 1)  # red to move now, no dame: red fills, the odd point is blue's
    result = game.agree_end("blue")
    assert (result.winner, result.margin) == ("blue", 1)


def test_3_4_2_even_territory_counts_half_whoever_moves() -> None:
    rows = [
        ". . . . . . . .",
        ". b b . . r r .",
        "b . . b r . . r",
        ". b b . . r r .",
        ". . . . . . . .",
    ]
    for turn in ("blue", "red"):
        game = position(rows, "territory")
        if turn == "red":
            game.play(1, 1)
        assert game.agree_end("red").margin == 0
        game = position([r.replace("r", ".") for r in rows], "territory")
        if turn == "red":
            game.play(8, 1)
        result = game.agree_end("red")
        assert (result.winner, result.margin) == ("blue", 1)


def test_3_4_3_a_red_pool_inside_a_blue_pool_is_blues() -> None:
    rows = [". " * 9, *([". b b b b b b b ."] + [". b . . . . . b ."] * 5 + [". b b b b b b b ."])[:7], ". " * 9]
    rows = [r.strip() for r in rows]
    rows[3] = ". b . . r . . b ."
    rows[4] = ". b . r . r . b ."
    rows[5] = ". b . . r . . b ."
    game = position(rows, "territory")
    result = game.agree_end("red")
    assert game.score == (4, 0)  # the red dots inside count for blue
    assert (result.winner, result.margin) == ("blue", 4 + 10)  # T = 21 (odd), dame 32 (even), blue fills


RECORDS = sorted((DATA / "territory").glob("*.sgf"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_3_4_4_real_records_replay_to_their_results(path: Path) -> None:
    record = parse_sgf(path.read_bytes())
    stated = parse_result(record.result)
    assert stated is not None
    result = record.game().result
    assert result is not None
    assert result.winner == stated.winner
    assert result.margin == (stated.points or 0)
    assert isinstance(result.margin, int)


def test_the_records_read_their_rule_sets() -> None:
    rules = {p.stem: parse_sgf(p.read_bytes()).settings for p in RECORDS}
    assert rules["1295"].rules == "polish" and rules["1295"].instant_win == 15
    assert rules["zagram201427"].rules == "territory" and rules["zagram201427"].instant_win == 15
    assert rules["zagram317414"].instant_win == 0
    game = parse_sgf((DATA / "territory" / "zagram317414.sgf").read_bytes()).game()
    assert game.result is not None and game.result.reason is EndReason.BOARD_FULL and game.score == (32, 186)


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_manual_records_read_back_exactly(path: Path) -> None:
    game = parse_sgf(path.read_bytes()).game()
    again = parse_sgf(write_sgf(game)).game()
    assert again.settings == game.settings
    assert again.moves == game.moves and again.result == game.result and again.diagram() == game.diagram()


# --------------------------------------------------------------------------------------------------------------
# docs/rules.md, STOP


def test_4_4_1_playdots_stop_equals_grounding() -> None:
    record = parse_sgf((DATA / "playdots-962686.sgf").read_bytes())
    at_stop = record.moves[:-2]
    game = Game.from_settings(record.settings, at_stop)
    game.ground("blue")
    assert game.score == (3, 2) and game.result is not None and game.result.margin == 1
    stop = Game.from_settings(dataclasses.replace(record.settings, stop_mode="stop_phase"), at_stop)
    assert stop.score == (3, 0)
    stop.stop("blue")
    assert stop.to_move == "red"
    stop.play(17, 25)
    assert stop.to_move == "red"  # the extra dots are all red's
    stop.play(17, 24)
    result = stop.finish()
    assert result == ("blue", EndReason.STOP, (3, 2))
    # The playdots way of writing it (both extra dots in one node) reads as the same STOP.
    text = (DATA / "playdots-962686.sgf").read_text().replace("RU[russian]", "RU[MustSurr=1,MinArea=1,Stop=1]")
    again = parse_sgf(text).game()
    assert again.result == ("blue", EndReason.STOP, (3, 2))


def test_4_4_2_zagram_stop_draw() -> None:
    record = parse_sgf((DATA / "zagram-stop-draw.sgf").read_bytes())
    assert record.settings.stop_mode == "stop_phase"
    game = record.game()
    assert game.result == (None, EndReason.STOP, (0, 0))
    assert game.stopped_by == "blue"
    at = next(i for i, m in enumerate(record.moves) if m.kind is MoveKind.STOP)
    grounding = Game.from_settings(dataclasses.replace(record.settings, stop_mode="grounding"), record.moves[:at])
    grounding.ground("blue")
    assert grounding.result is not None and grounding.result.winner is None and grounding.score == (0, 0)
    auto = Game.from_settings(record.settings, record.moves[: at + 1])
    auto.ground("blue")  # the STOP player may end the extra dots with the grounding count
    assert auto.score == (0, 0) and auto.is_over
    again = parse_sgf(write_sgf(game)).game()
    assert again.moves == game.moves and again.result == game.result


def test_4_4_3_grounding_safety_is_four_connected() -> None:
    # A diagonal link to the edge is not safe; a chain through the declarer's own area is (test_rules has more,
    # houses included).
    game = position([". . . . .", ". . . . .", ". . . . .", ". b . . .", "b . . . r"], "sports")
    game.ground("blue")
    assert game.score == (0, 1)
    rows = [
        ". . . . . . r",
        ". . . . . . .",
        ". . . . . . .",
        ". . b . . . .",
        ". . b . . . .",
        ". b r b . . .",
        ". . b . . . .",
    ]
    game = position(rows, "sports")
    assert game.score == (1, 0)  # the start captured red 3-2; 3-4 and 3-3 reach the edge 3-1 through 3-2
    game.ground("blue")
    assert game.score == (1, 0)


def test_4_4_4_an_extra_dot_in_a_house_is_captured() -> None:
    game = position([". . . . .", ". . b . .", ". b . b .", ". . b . .", ". . . . r"], "sports", stop_mode="stop_phase")
    game.stop("blue")
    game.play(3, 3)  # red's extra dot alone in blue's house (5.14)
    assert game.owner(3, 3) == "blue" and game.score == (1, 0)
    with pytest.raises(IllegalMove) as err:
        game.ground("red")
    assert err.value.reason is Reason.NOT_IN_RULES
    with pytest.raises(IllegalMove):
        game.apply(Move.dot("blue", 1, 1))  # the STOP player places no more dots
    assert game.finish("red") == ("blue", EndReason.STOP, (1, 0))


def test_stop_phase_time_out_only_ends_the_extra_dots() -> None:
    game = Game(settings=GameSettings(10, 10, "empty", stop_mode="stop_phase"))
    game.play(5, 5)
    with pytest.raises(IllegalMove):
        game.ground("blue")
    game.stop("red")
    assert game.time_out("blue").reason is EndReason.STOP


# --------------------------------------------------------------------------------------------------------------
# Records of every rule set, written and read back


@pytest.mark.parametrize("rules", ["polish", "territory"])
def test_random_manual_games_replay_from_moves_and_records(rules: str) -> None:
    import random

    for seed in range(3):
        rng = random.Random(seed)
        game = Game(settings=GameSettings(16, 14, "empty", rules=rules, instant_win=0))  # type: ignore[arg-type]
        points = [Point(x, y) for x in range(1, 17) for y in range(1, 15)]
        rng.shuffle(points)
        for point in points:
            if game.is_over:
                break
            if game.is_playable(*point):
                game.play(*point)
                if rng.random() < 0.3 and not game.is_over:
                    game.close_all()
        assert sum(len(m.closures) for m in game.moves) > 5
        for again in (Game.from_settings(game.settings, game.moves), parse_sgf(write_sgf(game)).game()):
            assert again.moves == game.moves and again.diagram() == game.diagram() and again.result == game.result


@pytest.mark.parametrize(
    "settings",
    [
        GameSettings(20, 20, "empty", rules="polish", instant_win=30, own_dot_penalty=True),
        GameSettings(20, 20, "empty", rules="territory", instant_win=15),
        GameSettings(39, 32, "cross", stop_mode="stop_phase"),
        GameSettings(39, 32, "cross", stop_mode="none"),
        GameSettings(39, 32, "double-cross", first_move_region=(13, 9, 15, 8), instant_win=10),
        GameSettings(20, 20, "four-crosses"),
    ],
)
def test_records_keep_the_rule_set(settings: GameSettings) -> None:
    text = write_sgf(Game(settings=settings))
    assert ("RU[" in text) == (settings.rules != "sports" or settings.options != {})
    assert parse_sgf(text).settings == settings


def test_agreed_end_and_stop_are_written_as_zagram_does() -> None:
    game = position(TWO_POCKETS, "territory")
    game.play(7, 6, closures=[BIG_RING])
    game.agree_end("red")
    text = write_sgf(game)
    assert ";B[ga.bdccdcecfdeedecebd];TB[]TW[]" in text  # the ring after the move, closed by its first dot
    again = parse_sgf(text).game()
    assert again.result == game.result and again.moves == game.moves
