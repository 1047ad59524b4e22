"""Glicko-2 (Glickman, "Example of the Glicko-2 system"): the contract's pure function against the paper's worked
example, and the ratings kept with the games: each rated game a rating period of its own, both players rated from
their values before it, one rating per rule set, the bot's and unrated games left out; and the migration that replays
the games played before ratings were stored, checked against values worked out by hand from the paper's steps."""

from __future__ import annotations

import math
from typing import Any

import pytest

import storage.database as database
import storage.schema as schema
from storage import Storage
from tochki_bot.services import Person, Place, Services
from tochki_bot.services.ratings import PROVISIONAL, Rating, glicko2

ANNA, BORIS, CLARA = Person(1, "Anna"), Person(2, "Boris"), Person(3, "Clara")
GROUP = Place(-100, "supergroup", "Club")


def test_the_papers_worked_example() -> None:
    """The paper: a player at 1500 / 200 / 0.06 beats 1400 / 30, loses to 1550 / 100 and to 1700 / 300, with
    τ = 0.5: 1464.06 / 151.52 / 0.05999. (The paper rounds each step to four places: unrounded, the rating is
    1464.0507.)"""
    rating, deviation, volatility = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
    assert rating == pytest.approx(1464.06, abs=0.01)
    assert deviation == pytest.approx(151.52, abs=0.005)
    assert volatility == pytest.approx(0.05999, abs=0.00001)
    assert (round(rating, 4), round(deviation, 4), round(volatility, 6)) == (1464.0507, 151.5165, 0.059996)


def test_the_papers_intermediate_steps_for_one_game_between_newcomers() -> None:
    """The first game of two newcomers (1500 / 350 / 0.06 each), worked by hand through the paper's steps:
    φ = 350 / 173.7178 = 2.014762; g(φ) = 1 / √(1 + 3φ²/π²) = 0.669069; E = 1 / (1 + e⁰) = 0.5;
    v = 1 / (g² E (1 − E)) = 8.935475; Δ = v g (1 − E) = 2.989226; step 5 leaves σ at 0.059999;
    φ* = √(φ² + σ²) = 2.015655; φ' = 1 / √(1/φ*² + 1/v) = 1.671190; μ' = φ'² g (1 − E) = 0.934291:
    the winner 1500 + 173.7178 μ' = 1662.31 with deviation 173.7178 φ' = 290.32, the loser the mirror image."""
    phi = 350 / 173.7178
    g = 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)
    assert (round(phi, 6), round(g, 6), round(1 / (g * g * 0.25), 6)) == (2.014762, 0.669069, 8.935475)
    winner = glicko2(1500, 350, 0.06, [(1500, 350, 1)])
    loser = glicko2(1500, 350, 0.06, [(1500, 350, 0)])
    assert winner == pytest.approx((1662.3109, 290.3190, 0.0599993), abs=1e-4)
    assert loser == pytest.approx((1337.6891, 290.3190, 0.0599993), abs=1e-4)
    drawn = glicko2(1500, 350, 0.06, [(1500, 350, 0.5)])
    assert drawn[0] == pytest.approx(1500) and drawn[1] == pytest.approx(290.3190, abs=1e-4)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    assert glicko2(1600, 100, 0.06, []) == pytest.approx((1600, math.sqrt(100**2 + (0.06 * 173.7178) ** 2), 0.06))


def test_a_rating_is_provisional_while_its_deviation_is_110_or_more() -> None:
    assert Rating().shown == "1500?" and Rating().provisional
    assert Rating(1623.4, PROVISIONAL - 0.1).shown == "1623" and not Rating(1623.4, 109.9).provisional
    assert Rating(1623.6, PROVISIONAL).shown == "1624?"


async def test_a_rated_game_changes_both_ratings_in_the_transaction_that_ends_it(where: Any) -> None:
    services = await Services.open(where())
    try:
        lobby = (await services.lobby.open(GROUP, ANNA)).view
        await services.lobby.change(lobby.id, ANNA, "colours", "creator_blue")
        view = await services.lobby.join(lobby.id, BORIS, GROUP)
        await services.play.move(view.id, ANNA, 5, 5)
        await services.play.move(view.id, BORIS, 6, 6)
        await services.play.resign(view.id, BORIS)
        anna, boris = (await services.ratings.of(1))["sports"], (await services.ratings.of(2))["sports"]
        assert (round(anna.rating, 2), round(anna.deviation, 2), anna.wins, anna.games) == (1662.31, 290.32, 1, 1)
        assert (round(boris.rating, 2), boris.losses) == (1337.69, 1)
        changes = await services.ratings.changes(view.id)
        assert changes[1].rating_before == 1500 and changes[1].score == 1.0 and changes[2].score == 0.0
        assert [round(p.rating, 2) for p in await services.ratings.history(1, "sports")] == [1662.31]
        # Nothing is missing, so opening the database again replays nothing.
        assert await services.ratings.catch_up() == 0
    finally:
        await services.close()


OLD_TABLES = {"chats", "users", "games", "moves", "spectators", "imports", "messages", "outbox", "processed_updates"}
OLD_TABLES |= {"inbox", "ai_jobs"}
HISTORY = [
    # id, blue, red, rules, winner, state, rated, finished_at: in the order of their ids, not of their ends.
    (1, 1, 2, "sports", "blue", "finished", 1, 100.0),  # Anna beats Boris
    (2, 1, 3, "sports", "red", "finished", 1, 300.0),  # Clara beats Anna, last of all
    (3, 2, 3, "sports", None, "finished", 1, 200.0),  # Boris and Clara draw
    (4, 1, -12, "sports", "blue", "finished", 1, 150.0),  # against the bot: never rated
    (5, 1, 2, "sports", "red", "finished", 0, 160.0),  # an unrated game
    (6, 1, 2, "sports", "red", "cancelled", 0, 170.0),  # cancelled
    (7, 1, 2, "polish", "blue", "finished", 1, 180.0),  # another rule set: a rating of its own
    (8, 2, 3, "sports", None, "active", 1, None),  # not over yet
]


async def test_the_migration_replays_every_rated_game_in_the_order_they_ended(
    where: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database made before ratings were stored (schema 11, the Elo of the time derived from the games) is
    upgraded, and its rated games are replayed into Glicko-2 in the order they ended.

    By hand, from the paper's steps (each game its own period, both players from their values before it):
    game 1 (t=100): Anna 1500/350 beats Boris 1500/350 -> Anna 1662.31/290.32, Boris 1337.69/290.32 (as above);
    game 3 (t=200): Boris 1337.69/290.32 draws Clara 1500/350 -> Boris: g(φ_Clara) = 0.669069, E = 0.383233,
    v = 1/(g²E(1−E)) = 9.464, Δ-term g(0.5 − E) = 0.078124 -> Boris 1376.00/256.35, Clara 1442.38/286.93;
    game 2 (t=300): Clara 1442.38/286.93 beats Anna 1662.31/290.32 -> Clara 1635.00/251.86, Anna 1465.26/253.88;
    game 7 (polish, t=180): Anna and Boris start from 1500/350 under those rules -> 1662.31 and 1337.69."""
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:11])  # the bot as it was before
    monkeypatch.setattr(database, "TABLES", tuple(t for t in database.TABLES if t in OLD_TABLES))
    db = await Storage.open(where())
    async with db.transaction():
        await db.db.execute(
            "INSERT INTO chats (id, type, title, created_at, updated_at) VALUES (-100, 'supergroup', 'Club', 0, 0)"
        )
        for user, name in ((1, "Anna"), (2, "Boris"), (3, "Clara"), (-12, "Bot")):
            await db.db.execute(
                "INSERT INTO users (id, first_name, created_at, updated_at) VALUES (?, ?, 0, 0)", (user, name)
            )
        for game_id, blue, red, rules, winner, state, rated, finished in HISTORY:
            await db.db.execute(
                "INSERT INTO games (id, chat_id, kind, width, height, start, state, creator_id, blue_id, red_id, "
                "winner, rated, rules, created_at, updated_at, finished_at) "
                "VALUES (?, -100, 'group', 10, 10, 'empty', ?, ?, ?, ?, ?, ?, ?, 0, 0, ?)",
                (game_id, state, blue, blue, red, winner, rated, rules, finished),
            )
    await db.close()
    monkeypatch.undo()
    assert len(schema.MIGRATIONS) > 11

    services = await Services.open(where())  # upgraded, then replayed
    try:
        ratings = services.ratings
        expected = {
            (1, "sports"): (1465.26, 253.88, 0.060002, 1, 1, 0),
            (2, "sports"): (1376.00, 256.35, 0.059997, 0, 1, 1),
            (3, "sports"): (1635.00, 251.86, 0.060000, 1, 0, 1),
            (1, "polish"): (1662.31, 290.32, 0.059999, 1, 0, 0),
            (2, "polish"): (1337.69, 290.32, 0.059999, 0, 1, 0),
        }
        for (user, rules), (rating, deviation, volatility, wins, losses, draws) in expected.items():
            found = (await ratings.of(user))[rules]
            assert round(found.rating, 2) == pytest.approx(rating, abs=0.006), (user, rules)
            assert round(found.deviation, 2) == pytest.approx(deviation, abs=0.006), (user, rules)
            assert found.volatility == pytest.approx(volatility, abs=0.000001), (user, rules)
            assert (found.wins, found.losses, found.draws) == (wins, losses, draws), (user, rules)
        assert set(await ratings.of(-12)) == set()  # the bot has no rating
        # Anna's history under the sports rules: after game 1, then after game 2 (the last to end).
        assert [round(p.rating, 2) for p in await ratings.history(1, "sports")] == [1662.31, 1465.26]
        assert sorted(await ratings.changes(4)) == [] and sorted(await ratings.changes(3)) == [2, 3]
        assert await ratings.catch_up() == 0  # once is enough
    finally:
        await services.close()
