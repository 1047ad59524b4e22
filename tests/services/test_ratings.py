"""Elo ratings derived from results: everyone starts at 1500, K is 40 for a player's first 10 games, then 20."""

from __future__ import annotations

import pytest

from tochki_bot.services.ratings import K_NEW, NEW_GAMES, START, K, expected, leaderboard, ratings


def test_even_players_and_the_first_result() -> None:
    assert expected(START, START) == 0.5
    table = ratings([(1, 2, "blue")])
    assert table[1].rating == pytest.approx(START + K_NEW / 2)
    assert table[2].rating == pytest.approx(START - K_NEW / 2)
    assert (table[1].wins, table[1].losses, table[2].losses, table[1].games) == (1, 0, 1, 1)


def test_k_drops_to_20_after_ten_games() -> None:
    results = [(1, 2, None)] * NEW_GAMES  # draws between equals change nothing, but count as games
    table = ratings(results)
    assert table[1].games == NEW_GAMES and table[1].rating == pytest.approx(START) and table[1].draws == NEW_GAMES
    table = ratings([*results, (1, 2, "red")])
    assert table[2].rating == pytest.approx(START + K / 2)  # the 11th game moves the rating by K = 20, not 40
    assert table[1].rating == pytest.approx(START - K / 2)


def test_a_newcomer_moves_fast_against_a_settled_player() -> None:
    settled = [(1, 2, None)] * NEW_GAMES
    table = ratings([*settled, (1, 3, "red")])  # player 3's first game, player 1's eleventh
    assert table[3].rating == pytest.approx(START + K_NEW / 2) and table[1].rating == pytest.approx(START - K / 2)


def test_self_play_does_not_count_and_the_leaderboard_is_best_first() -> None:
    table = ratings([(1, 1, "blue"), (2, 3, "blue"), (2, 4, "blue")])
    assert 1 not in table
    # 4 lost to a stronger 2 than 3 did, so 4 lost fewer points.
    assert [user for user, _ in leaderboard(table)] == [2, 4, 3]
