"""SGF (GM[40]) records: the real zagram.org and playdots games, the shapes other programs write, round trips."""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.paths import DATA
from tests.support.positions import random_game
from tochki_bot.engine import COLOURS, EndReason, Game, Move, MoveKind, Point
from tochki_bot.engine.sgf import Mark, RecordResult, SgfError, WinBy, parse_result, parse_sgf, result_text, write_sgf

ZAGRAM = (DATA / "zagram-352562.sgf").read_bytes()
PLAYDOTS = (DATA / "playdots-962686.sgf").read_bytes()


def test_zagram_record_replays_to_its_score() -> None:
    record = parse_sgf(ZAGRAM)
    assert record.settings.size == "39x32" and record.settings.start == "custom"
    assert len(record.settings.setup) == 16  # four crosses at zagram's own places
    assert len(record.moves) == 244  # 260 dots with the setup
    assert record.blue == "Митрандир" and record.red == "Роман Максимов"
    game = record.game()
    assert game.score == (3, 60)
    assert game.result == ("red", EndReason.RESIGNATION, (3, 60))  # RE[W+R]: blue resigned


def test_every_ring_zagram_recorded_is_a_ring_of_ours() -> None:
    text = ZAGRAM.decode()
    game = parse_sgf(text).game()
    moves = re.findall(r";[BW]\[([^]]*)\]", text)
    checked = 0
    for ply, value in enumerate(moves, 1):
        if "." not in value:
            continue
        letters = value.split(".")[1]
        ring = {
            Point(ord(a) - 96 if a.islower() else ord(a) - 38, 32 - (ord(b) - 97 if b.islower() else ord(b) - 39))
            for a, b in zip(letters[::2], letters[1::2], strict=True)
        }
        assert ring in [set(area.ring) for area in game.areas_of(ply)], f"move {ply}"
        checked += 1
    assert checked == 10


def test_playdots_record_with_cyrillic_names_and_two_dots_in_one_node() -> None:
    record = parse_sgf(PLAYDOTS)
    assert record.blue == "Синий игрок" and record.red == "Красный игрок"
    assert record.result == "B+1" and record.date.startswith("2016-03-13")
    # One cross, not at the centre: AB[sg][th] AW[tg][sh].
    assert sorted(record.settings.setup) == sorted(
        [(Point(19, 26), "blue"), (Point(20, 25), "blue"), (Point(20, 26), "red"), (Point(19, 25), "red")]
    )
    assert record.moves[-2:] == [Move("red", MoveKind.DOT, Point(17, 25)), Move("red", MoveKind.DOT, Point(17, 24))]
    game = record.game()
    assert game.score == (3, 2)
    assert not game.is_over  # the record states B+1 by score; nothing in it ended the game


def test_zagram_move_with_its_rings_is_read_as_the_move() -> None:
    text = "(;GM[40]SZ[6]AB[cc]AW[dc];B[bc];W[ff];B[cd];W[fe];B[db];W[fd];B[ec.ecdbcccddcec])"
    record = parse_sgf(text)
    assert record.moves[-1] == Move("blue", MoveKind.DOT, Point(5, 4))
    assert record.settings.setup == ((Point(3, 4), "blue"), (Point(4, 4), "red"))


def test_a_capture_written_the_zagram_way_replays() -> None:
    # Red 3-3 (SGF cd on 6x6) surrounded by blue 2-3, 4-3, 3-2, 3-4; the last move carries its ring.
    text = "(;GM[40]FF[4]SZ[6];B[bd];W[cd];B[dd];W[ff];B[ce];W[fe];B[cc.ccbdcedddcc])"
    game = parse_sgf(text).game()
    assert game.score == (1, 0)
    assert game.owner(3, 3) == "blue"


def test_four_cross_setup_is_recognised_as_our_start() -> None:
    game = Game(39, 32, "four-crosses")
    text = write_sgf(game)
    assert "AB[" in text and "AW[" in text
    record = parse_sgf(text)
    assert record.settings.start == "four-crosses" and record.settings.setup == ()


def test_grounding_is_an_empty_move() -> None:
    game = Game(10, 10, "empty")
    for point in [(1, 5), (9, 9), (2, 6), (8, 8), (3, 7)]:
        game.play(*point)
    game.ground("red")
    text = write_sgf(game)
    assert text.rstrip().endswith(";W[])")
    again = parse_sgf(text).game()
    assert again.result == game.result and again.result is not None and again.result.reason is EndReason.GROUNDING


def test_grounding_empty_move_from_another_program() -> None:
    text = "(;GM[40]SZ[10]RE[W+G];B[ae];W[ii];B[bd];W[hh];B[cc];B[])"
    game = parse_sgf(text).game()
    assert game.is_over and game.result is not None and game.result.reason is EndReason.GROUNDING
    assert game.score == (0, 2)


@pytest.mark.parametrize(
    ("ending", "re"),
    [("resign", "W+R"), ("timeout", "W+T"), ("draw", "0")],
)
def test_endings_are_written_in_re_and_read_back(ending: str, re: str) -> None:
    game = random_game(7, 12, 12, "cross", 40)
    if ending == "resign":
        game.resign("blue")
    elif ending == "timeout":
        game.time_out("blue")
    else:
        game.agree_draw("red")
    text = write_sgf(game, blue="Аня", red="Bob")
    assert f"RE[{re}]" in text
    again = parse_sgf(text).game()
    assert again.moves == game.moves and again.result == game.result


def test_result_by_score() -> None:
    game = Game(3, 3, "empty")
    for point in [(1, 2), (2, 2), (3, 2), (1, 1), (2, 1), (3, 3), (2, 3), (1, 3), (3, 1)]:
        game.play(*point)
    assert "RE[B+1]" in write_sgf(game)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B+5", RecordResult("blue", WinBy.POINTS, 5)),
        ("W+12", RecordResult("red", WinBy.POINTS, 12)),
        ("W+2.5", RecordResult("red", WinBy.POINTS, 2.5)),
        ("W+R", RecordResult("red", WinBy.RESIGNATION)),
        (" b+resign ", RecordResult("blue", WinBy.RESIGNATION)),
        ("B+T", RecordResult("blue", WinBy.TIME)),
        ("W+Time", RecordResult("red", WinBy.TIME)),
        ("W+F", RecordResult("red", WinBy.FORFEIT)),
        ("B+Forfeit", RecordResult("blue", WinBy.FORFEIT)),
        ("B+G", RecordResult("blue", WinBy.GROUNDING)),
        ("B+", RecordResult("blue")),
        ("0", RecordResult(None)),
        ("Draw", RecordResult(None)),
        ("jigo", RecordResult(None)),
        ("Void", None),
        ("?", None),
        ("", None),
        ("B+X", None),
        ("B+5points", None),
        ("X+5", None),
        ("B5", None),
    ],
)
def test_parse_result(text: str, expected: RecordResult | None) -> None:
    assert parse_result(text) == expected


def test_every_result_we_write_reads_back() -> None:
    """``result_text`` (what ``write_sgf`` puts in ``RE``) and ``parse_result`` agree for every way a game ends."""
    games = []
    for ending in ("resign", "timeout", "draw", "ground", "score"):
        game = random_game(3, 12, 12, "cross", 30)
        if ending == "resign":
            game.resign("blue")
        elif ending == "timeout":
            game.time_out("red")
        elif ending == "draw":
            game.agree_draw("red")
        elif ending == "ground":
            game.ground(game.to_move)
        else:
            game = Game(3, 3, "empty")
            for point in [(1, 2), (2, 2), (3, 2), (1, 1), (2, 1), (3, 3), (2, 3), (1, 3), (3, 1)]:
                game.play(*point)
        games.append(game)
    by = {
        EndReason.RESIGNATION: WinBy.RESIGNATION,
        EndReason.TIMEOUT: WinBy.TIME,
        EndReason.GROUNDING: WinBy.GROUNDING,
        EndReason.BOARD_FULL: WinBy.POINTS,
    }
    for game in games:
        result = game.result
        assert result is not None
        read = parse_result(result_text(result))
        assert read is not None and read.winner == result.winner, result
        if result.winner is not None:
            assert read.by is by[result.reason], result


def test_names_with_brackets_and_backslashes_round_trip() -> None:
    game = Game(5, 5, "empty")
    game.play(3, 3)
    text = write_sgf(game, blue="a]b\\c [x]", red="🙂 Ёжик")
    record = parse_sgf(text)
    assert record.blue == "a]b\\c [x]" and record.red == "🙂 Ёжик"


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(3, 52),
    st.integers(3, 52),
    st.sampled_from(["empty", "cross"]),
    st.integers(0, 200),
    st.sampled_from([None, "ground", "resign", "timeout", "draw"]),
)
def test_our_exports_round_trip_exactly(
    seed: int, width: int, height: int, start: str, moves: int, ending: str | None
) -> None:
    game = random_game(seed, width, height, start, moves)
    if ending and not game.is_over:
        colour = random.Random(seed).choice(COLOURS)
        {"ground": game.ground, "resign": game.resign, "timeout": game.time_out, "draw": game.agree_draw}[ending](
            colour
        )
    again = parse_sgf(write_sgf(game, blue="B", red="R", date="2026-11-30")).game()
    assert again.settings == game.settings
    assert again.moves == game.moves
    assert again.diagram() == game.diagram() and again.result == game.result


def test_boards_over_52_points_cannot_be_written() -> None:
    with pytest.raises(ValueError):
        write_sgf(Game(60, 60, "empty"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no game tree"),
        ("hello", "no game tree"),
        ("(;GM[1]SZ[19];B[aa])", "not a Points record"),
        ("(;GM[40];B[aa])", "no board size"),
        ("(;GM[40]SZ[x:y])", "bad board size"),
        ("(;GM[40]SZ[99])", "unsupported board size"),
        ("(;GM[40]SZ[10];B[zz])", "off the"),
        ("(;GM[40]SZ[10];B[a])", "not a point"),
        ("(;GM[40]SZ[10];B[aa];W[aa])", "move 2"),
        ("(;GM[40]SZ[10];B[aa]", "closed"),
        ("(;GM[40]SZ[10];B[aa", "ends inside"),
        ("(;GM[40]SZ[10]AB[aa]AW[aa])", "two start dots"),
        ("(;GM[40]SZ[10];B[];W[aa])", "over"),
        ("(;GM[40]SZ[10]B)", "no value"),
        ("(;GM[40]SZ[10];B[aa]%)", "unexpected character"),
    ],
)
def test_bad_files_get_a_clear_error(text: str, says: str) -> None:
    with pytest.raises(SgfError) as err:
        parse_sgf(text).game()
    assert says in str(err.value)


def test_variations_follow_the_main_line() -> None:
    text = "(;GM[40]SZ[10];B[ee](;W[ff];B[gg])(;W[aa];B[bb]))"
    assert [m.point for m in parse_sgf(text).moves] == [Point(5, 6), Point(6, 5), Point(7, 4)]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=200),
        st.text(alphabet="();[]\\BWAZSGMEabcdtt:0123456789.\n ", max_size=300),
        st.builds(lambda body: "(;GM[40]SZ[10]" + body + ")", st.text(alphabet=";[]BWaAbjk().\\", max_size=120)),
    )
)
def test_fuzz_never_raises_anything_but_sgf_error(text: str) -> None:
    with contextlib.suppress(SgfError):
        parse_sgf(text).game()


def test_fuzz_mutations_of_a_real_record() -> None:
    rng = random.Random(1)
    base = ZAGRAM.decode()
    for _ in range(300):
        chars = list(base)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                del chars[i]
            elif op < 0.8:
                chars[i] = rng.choice("();[]\\BWaZ.:")
            else:
                chars.insert(i, rng.choice("();[]\\BW"))
        with contextlib.suppress(SgfError):
            parse_sgf("".join(chars)).game()


def test_comments_marks_and_variations_are_written_and_read_back() -> None:
    game = random_game(5, 20, 20, "cross", 40)
    comments = {1: "first", 7: "a [bracket] and a \\ backslash", 40: "last\nof two lines"}
    marks: dict[int, tuple[Mark, int]] = {7: ("BM", 2), 8: ("TE", 1)}
    variations: dict[int, list[tuple[Point | None, str]]] = {
        7: [(Point(1, 1), "better: 1-1")],
        20: [(None, "grounding")],
    }
    text = write_sgf(game, blue="A", red="B", comments=comments, marks=marks, variations=variations)
    assert "GM[40]" in text and "BM[2]" in text and "TE[1]" in text
    record = parse_sgf(text)
    assert record.moves == list(game.moves)  # the main line exactly: the variations are skipped
    assert record.comments == comments
    assert record.game().score == game.score
    assert write_sgf(game, comments={}, marks={}, variations={}) == write_sgf(game)  # nothing asked, nothing added


def test_a_stop_keeps_its_comment_first_and_the_review_after_it() -> None:
    record = parse_sgf("(;GM[40]SZ[10]RU[Punish=0,Stop=1];B[ee];W[ff];C[B pressed STOP\nBlue +1.0];W[aa])")
    assert [m.kind for m in record.moves] == [MoveKind.DOT, MoveKind.DOT, MoveKind.STOP, MoveKind.DOT]
    assert record.comments == {3: "B pressed STOP\nBlue +1.0"}


def test_zagram_style_variations_are_skipped_with_their_comments() -> None:
    text = "(;GM[40]SZ[10]C[root];B[df]C[hi](;W[ef];B[ff]C[main](;W[aa])(;W[bb]C[deep side]))(;W[aa]C[side];B[bb]))"
    record = parse_sgf(text)
    assert [str(m.point) for m in record.moves] == ["4-5", "5-5", "6-5", "1-10"]
    assert record.comments == {0: "root", 1: "hi", 3: "main"}
