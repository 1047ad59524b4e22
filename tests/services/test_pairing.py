"""Pairing and standings, pure: Berger tables against FIDE's, Dutch-style Swiss rounds worked out by hand, the bye,
colours, no repeats over a long Swiss of 100 players, the knockout bracket; and the tie-breaks (Sonneborn-Berger,
Buchholz, median Buchholz) of a round robin of 4 and a Swiss of 5 over 3 rounds, worked out by hand."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tochki_bot.services.pairing import (
    Entrant,
    bracket,
    elimination_first,
    elimination_next,
    elimination_rounds,
    entrants_after,
    round_robin,
    swiss,
    swiss_rounds,
)
from tochki_bot.services.standings import Outcome, Result, points_text, standings


def test_berger_tables_are_fides() -> None:
    # FIDE's Berger tables for 4 and 6 players (Handbook C.05, Annex 1): white first.
    assert round_robin([1, 2, 3, 4]) == [((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1))]
    assert round_robin([1, 2, 3, 4, 5, 6]) == [
        ((1, 6), (2, 5), (3, 4)),
        ((6, 4), (5, 3), (1, 2)),
        ((2, 6), (3, 1), (4, 5)),
        ((6, 5), (1, 4), (2, 3)),
        ((3, 6), (4, 2), (5, 1)),
    ]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 9, 10])
def test_a_round_robin_pairs_everyone_once_and_balances_colours(n: int) -> None:
    rounds = round_robin(list(range(1, n + 1)))
    assert len(rounds) == n - 1 + n % 2
    met: Counter[frozenset[int]] = Counter()
    blue: Counter[int] = Counter()
    rests: Counter[int] = Counter()
    for tables in rounds:
        seen = [p for t in tables for p in t if p is not None]
        assert sorted(seen) == list(range(1, n + 1))  # everyone is at one table each round
        for a, b in tables:
            if b is None:
                rests[a] += 1
            else:
                met[frozenset((a, b))] += 1
                blue[a] += 1
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)} and set(met.values()) == {1}
    assert set(rests.values()) <= {1} and len(rests) == n % 2 * n
    games = n - 1
    assert all(abs(2 * blue[p] - games) <= 1 for p in range(1, n + 1))  # as many blue as red, give or take one


def test_a_swiss_first_round_is_top_half_against_bottom_half() -> None:
    assert swiss([Entrant(i, i) for i in range(1, 7)]) == ((1, 4), (5, 2), (3, 6))
    # Five: the lowest seed has the bye; 1-3 and 2-4 (S1 = 1, 2; S2 = 3, 4).
    assert swiss([Entrant(i, i) for i in range(1, 6)]) == ((1, 3), (4, 2), (5, None))


def entrants(history: list[tuple[int, int | None, float]], seeds: range) -> list[Entrant]:
    """Entrants after ``(blue, red, blue's points)`` tables (a bye: red None, 1 point)."""
    return entrants_after(history, list(seeds))


# The Swiss of 5 over 3 rounds, by hand (also played through the bot in tests/telegram/test_tournaments.py):
# round 1: 1-3 (1 wins), 4-2 (draw), 5 bye.
# round 2: scores 1: 1, 5; ½: 2, 4; 0: 3. The bye goes to 3 (lowest, none yet). 1-5 would leave 2-4, a repeat:
#   so 1 plays 2 and 5 plays 4. Colours: 2 (one red) has blue against 1 (one blue); 5 (none) blue against 4 (one blue).
#   2 beats 1, 4 beats 5.
# round 3: 2 and 4 on 1½, 1, 3 and 5 on 1. The bye: the lowest-ranked without one is 1. 2-4 was played, 2-3 leaves
#   4-5, played: so 2-5 and 4-3; 2 (red, blue) blue against 5 (blue, bye); 3 (red, bye) blue against 4 (blue, red).
#   2 and 5 draw, 3 beats 4.
ROUND_1 = [(1, 3, 1.0), (4, 2, 0.5), (5, None, 1.0)]
ROUND_2 = [(2, 1, 1.0), (5, 4, 0.0), (3, None, 1.0)]
ROUND_3 = [(2, 5, 0.5), (3, 4, 1.0), (1, None, 1.0)]


def test_a_swiss_of_five_over_three_rounds_worked_by_hand() -> None:
    seeds = range(1, 6)
    assert swiss(entrants([], seeds)) == ((1, 3), (4, 2), (5, None))
    assert swiss(entrants(ROUND_1, seeds)) == ((2, 1), (5, 4), (3, None))
    assert swiss(entrants(ROUND_1 + ROUND_2, seeds)) == ((2, 5), (3, 4), (1, None))


def swiss_results() -> list[Result]:
    outcomes: dict[float, Outcome] = {1.0: "blue", 0.0: "red", 0.5: "draw"}
    out = []
    for number, tables in enumerate((ROUND_1, ROUND_2, ROUND_3), 1):
        for table, (blue, red, points) in enumerate(tables, 1):
            out.append(Result(number, blue, red, None if red is None else outcomes[points], table=table))
    return out


def test_the_swiss_standings_and_tie_breaks_worked_by_hand() -> None:
    """Points: 1: 1 + 0 + 1 (bye) = 2; 2: ½ + 1 + ½ = 2; 3: 0 + 1 (bye) + 1 = 2; 4: ½ + 1 + 0 = 1½; 5: 1 (bye) + 0 +
    ½ = 1½. Buchholz (a bye counts as an opponent with one's own points): 1: 3 (2) + 2 (2) + bye (2) = 6; 2: 4 (1½) +
    1 (2) + 5 (1½) = 5; 3: 1 (2) + bye (2) + 4 (1½) = 5½; 4: 2 (2) + 5 (1½) + 3 (2) = 5½; 5: bye (1½) + 4 (1½) +
    2 (2) = 5. Median Buchholz, without the highest and the lowest: 1: 2; 2: 1½; 3: 2; 4: 2; 5: 1½.
    Sonneborn-Berger: 1: 2 (beat 3); 2: ¾ + 2 + ¾ = 3½; 3: 1½ (beat 4); 4: 1 + 1½ = 2½; 5: 1 (drew with 2).
    The order: 1 (2, B 6), 3 (2, B 5½), 2 (2, B 5), 4 (1½, B 5½), 5 (1½, B 5)."""
    lines = standings([(p, p) for p in range(1, 6)], swiss_results(), "swiss")
    table = [(ln.player, ln.points, ln.buchholz, ln.median_buchholz, ln.sonneborn_berger, ln.place) for ln in lines]
    assert table == [
        (1, 2.0, 6.0, 2.0, 2.0, 1),
        (3, 2.0, 5.5, 2.0, 1.5, 2),
        (2, 2.0, 5.0, 1.5, 3.5, 3),
        (4, 1.5, 5.5, 2.0, 2.5, 4),
        (5, 1.5, 5.0, 1.5, 1.0, 5),
    ]
    assert [(ln.games, ln.wins, ln.draws, ln.losses) for ln in lines] == [
        (2, 1, 0, 1),
        (2, 1, 0, 1),
        (3, 1, 2, 0),
        (3, 1, 1, 1),
        (2, 0, 1, 1),
    ]


def test_the_round_robin_standings_worked_by_hand() -> None:
    """Four players by the Berger tables: round 1 A-D (A wins), B-C (draw); round 2 D-C (D wins), A-B (A wins);
    round 3 B-D (B wins), C-A (draw). Points A 2½, B 1½, C 1, D 1. Sonneborn-Berger: A beat D (1) and B (1½) and
    drew C (½ of 1): 3; B drew C (½) and beat D (1): 1½; C drew B (¾) and A (1¼): 2; D beat C (1): 1. C is above D
    on Sonneborn-Berger."""
    a, b, c, d = 1, 2, 3, 4
    assert round_robin([a, b, c, d]) == [((a, d), (b, c)), ((d, c), (a, b)), ((b, d), (c, a))]
    results = [
        Result(1, a, d, "blue"),
        Result(1, b, c, "draw", table=2),
        Result(2, d, c, "blue"),
        Result(2, a, b, "blue", table=2),
        Result(3, b, d, "blue"),
        Result(3, c, a, "draw", table=2),
    ]
    lines = standings([(a, 1), (b, 2), (c, 3), (d, 4)], results, "round_robin")
    assert [(ln.player, ln.points, ln.sonneborn_berger, ln.place) for ln in lines] == [
        (a, 2.5, 3.0, 1),
        (b, 1.5, 1.5, 2),
        (c, 1.0, 2.0, 3),
        (d, 1.0, 1.0, 4),
    ]
    # Equal on everything but the seed: a shared place.
    level = standings([(a, 1), (b, 2)], [Result(1, a, b, "draw")], "round_robin")
    assert [ln.place for ln in level] == [1, 1]
    assert [points_text(p) for p in (0, 0.5, 2, 2.5)] == ["0", "½", "2", "2½"]


def test_a_rest_in_a_round_robin_scores_nothing_and_a_forfeit_is_a_win_unplayed() -> None:
    results = [Result(1, 1, 2, "blue"), Result(1, 3, None), Result(2, 3, 1, "red", forfeit=True)]
    lines = {ln.player: ln for ln in standings([(1, 1), (2, 2), (3, 3)], results, "round_robin")}
    assert lines[3].points == 0 and lines[3].games == 0 and lines[1].points == 2 and lines[1].games == 1


def test_the_bye_goes_to_the_lowest_player_without_one_and_nobody_plays_twice() -> None:
    three = range(1, 4)
    history: list[tuple[int, int | None, float]] = []
    byes = []
    for _ in range(3):
        tables = swiss(entrants(history, three))
        byes += [a for a, b in tables if b is None]
        history += [(a, b, 1.0) for a, b in tables]
    assert sorted(byes) == [1, 2, 3]  # each once
    met = [frozenset((a, b)) for a, b, _ in history if b is not None]
    assert len(met) == len(set(met)) == 3


def test_a_hundred_player_swiss_never_repeats_and_keeps_the_colour_rules() -> None:
    rng = random.Random(7)
    seeds = range(1, 101)
    history: list[tuple[int, int | None, float]] = []
    for _ in range(swiss_rounds(100) + 2):  # 9 rounds
        tables = swiss(entrants(history, seeds))
        assert sorted(p for t in tables for p in t if p is not None) == list(seeds)
        history += [(a, b, rng.choice((0.0, 0.5, 1.0))) for a, b in tables]
    met = [frozenset((a, b)) for a, b, _ in history if b is not None]
    assert len(met) == len(set(met))
    for player in entrants(history, seeds):
        assert abs(player.balance) <= 2
        assert all(player.colours[i : i + 3] not in (("blue",) * 3, ("red",) * 3) for i in range(len(player.colours)))


def test_a_small_swiss_repeats_only_when_nothing_else_is_left() -> None:
    four = range(1, 5)
    history: list[tuple[int, int | None, float]] = []
    for _ in range(3):  # a round robin's worth: no repeats
        history += [(a, b, 1.0) for a, b in swiss(entrants(history, four))]
    met = [frozenset((a, b)) for a, b, _ in history]
    assert len(set(met)) == 6
    assert len(swiss(entrants(history, four))) == 2  # a fourth round has to repeat, and still pairs everyone


def test_a_knockout_bracket_with_byes_and_a_third_place_game() -> None:
    assert bracket(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert elimination_rounds(5) == 3 and elimination_rounds(8) == 3 and elimination_rounds(2) == 1
    players = [10, 20, 30, 40, 50]  # in seed order
    first = elimination_first(players)
    assert first == ((10, None), (40, 50), (20, None), (30, None))
    seeded = {p: Entrant(p, n) for n, p in enumerate(players, 1)}
    second = elimination_next([(t, t[0] if t[1] is None else 50) for t in first], seeded, final=False)
    # The winners of tables 1 and 2 meet, and of 3 and 4 (with no colours played yet, table 2 gives the higher seed
    # red, as a first round does).
    assert second == ((10, 50), (30, 20))
    final = elimination_next([((10, 50), 50), ((30, 20), 20)], seeded, final=True)
    assert final == ((20, 50), (30, 10))  # the final, and the semi-finals' losers for third place
    results = [
        Result(1, 10, None, table=1),
        Result(1, 40, 50, "red", table=2),
        Result(1, 20, None, table=3),
        Result(1, 30, None, table=4),
        Result(2, 10, 50, "red", table=1),
        Result(2, 30, 20, "red", table=2),
        Result(3, 20, 50, "red", table=1),
        Result(3, 30, 10, "red", table=2),
    ]
    lines = standings([(p, n) for n, p in enumerate(players, 1)], results, "elimination")
    assert [ln.player for ln in lines] == [50, 20, 10, 30, 40]
