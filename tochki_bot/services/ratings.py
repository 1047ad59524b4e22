"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and its volatility
per player and rule set.

Each rated game is a rating period of its own, both players rated from their values before it, as lichess does;
everyone starts at 1500 / 350 / 0.06, and the system constant τ is 0.75 (lichess's). A rating whose deviation is 110
or more is provisional (shown with "?"). Games against the bot, unrated games (continued from a record, the
creator's choice in a tournament) and games cancelled before a move are never rated.

The change of both players' ratings is stored in the same transaction that ends the game (``Ratings.apply``), so a
rating never disagrees with the games; games that ended before ratings were stored are replayed in the order they
ended, once, when the services open the database (``Ratings.catch_up``).

>>> rating, deviation, volatility = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
>>> round(rating, 2), round(deviation, 2), round(volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper rounds its steps to four places and writes 1464.06; unrounded, the same steps give 1464.0507.)
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from storage import GameRecord, RatedGame, RatingChange, RatingRecord, Storage

from ..engine import Colour
from .people import BOT_IDS

START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.75
"""The system constant: how much the volatility may change (lichess uses 0.75; the paper's example 0.5)."""
SCALE = 173.7178
"""Glicko-2's own scale: ``(rating - 1500) / SCALE``."""
EPSILON = 0.000001
"""The convergence tolerance of the volatility's iteration (the paper's)."""
PROVISIONAL = 110.0
"""A rating whose deviation is this or more is provisional."""
HISTORY = 500
"""A rating's history (``/me``'s picture) holds a player's last this many rated games under a rule set."""
Result = tuple[float, float, float]
"""``(opponent_rating, opponent_deviation, score)``, the score 1, 0.5 or 0."""


def glicko2(
    rating: float, deviation: float, volatility: float, results: Sequence[Result], tau: float = TAU
) -> tuple[float, float, float]:
    """A player's ``(rating, deviation, volatility)`` after one rating period of ``results`` (each
    ``(opponent_rating, opponent_deviation, score)``), on the 1500 scale, by the steps of Glickman's paper. With no
    results only the deviation grows (step 6)."""
    mu = (rating - START_RATING) / SCALE
    phi = deviation / SCALE
    sigma = volatility
    if not results:
        return rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma
    # Steps 3 and 4: the estimated variance of the rating from the results, and the estimated improvement.
    v_inverse = 0.0
    improvement = 0.0
    for opponent_rating, opponent_deviation, score in results:
        mu_j = (opponent_rating - START_RATING) / SCALE
        phi_j = opponent_deviation / SCALE
        g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j * phi_j / (math.pi * math.pi))
        expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inverse += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    v = 1.0 / v_inverse
    delta = v * improvement
    # Step 5: the new volatility (the Illinois algorithm).
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    sigma = math.exp(low / 2.0)
    # Steps 6 to 8: the new deviation and rating, back on the 1500 scale.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu = mu + phi * phi * improvement
    return START_RATING + SCALE * mu, SCALE * phi, sigma


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Glicko-2 rating under one rule set, and their record of rated games under it."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def provisional(self) -> bool:
        """Too few games to say much: the deviation is ``PROVISIONAL`` or more."""
        return self.deviation >= PROVISIONAL

    @property
    def shown(self) -> str:
        """The rating as people read it: ``1523``, ``1500?`` while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"

    def after(self, opponent: Rating, score: float, tau: float = TAU) -> Rating:
        """This rating after one game against ``opponent`` (its value before the game) scoring ``score``."""
        rating, deviation, volatility = glicko2(
            self.rating, self.deviation, self.volatility, [(opponent.rating, opponent.deviation, score)], tau
        )
        return replace(
            self,
            rating=rating,
            deviation=deviation,
            volatility=volatility,
            games=self.games + 1,
            wins=self.wins + (score == 1.0),
            losses=self.losses + (score == 0.0),
            draws=self.draws + (score == 0.5),
        )


def score_of(winner: Colour | None, colour: Colour) -> float:
    """What a game scored for the player of ``colour``: 1, 0.5 or 0."""
    return 0.5 if winner is None else 1.0 if winner == colour else 0.0


def game_changes(blue: Rating, red: Rating, winner: Colour | None) -> tuple[Rating, Rating]:
    """Both players' ratings after a game, each from both values before it."""
    return blue.after(red, score_of(winner, "blue")), red.after(blue, score_of(winner, "red"))


def replay(games: Iterable[RatedGame]) -> tuple[dict[tuple[int, str], Rating], list[RatingChange]]:
    """Every player's rating per rule set after ``games`` (in the order they ended), and each game's changes."""
    table: dict[tuple[int, str], Rating] = {}
    changes: list[RatingChange] = []
    for game in games:
        blue, red = table.get((game.blue_id, game.rules), Rating()), table.get((game.red_id, game.rules), Rating())
        new_blue, new_red = game_changes(blue, red, game.winner)
        table[(game.blue_id, game.rules)], table[(game.red_id, game.rules)] = new_blue, new_red
        sides: tuple[tuple[int, Colour, Rating, Rating], ...] = (
            (game.blue_id, "blue", blue, new_blue),
            (game.red_id, "red", red, new_red),
        )
        for user_id, colour, before, after in sides:
            score = score_of(game.winner, colour)
            changes.append(_change(game.game_id, user_id, game.rules, score, before, after, game.finished_at))
    return table, changes


def _change(
    game_id: int, user_id: int, rules: str, score: float, before: Rating, after: Rating, at: float
) -> RatingChange:
    return RatingChange(
        game_id,
        user_id,
        rules,
        score,
        before.rating,
        before.deviation,
        after.rating,
        after.deviation,
        after.volatility,
        at,
    )


def _of_record(record: RatingRecord) -> Rating:
    return Rating(
        record.rating, record.deviation, record.volatility, record.games, record.wins, record.losses, record.draws
    )


def _record(user_id: int, rules: str, rating: Rating, at: float) -> RatingRecord:
    return RatingRecord(
        user_id,
        rules,
        rating.rating,
        rating.deviation,
        rating.volatility,
        rating.games,
        rating.wins,
        rating.losses,
        rating.draws,
        at,
    )


@dataclass(frozen=True, slots=True)
class Point:
    """One step of a rating's history: after a game that ended at ``at``."""

    at: float
    rating: float
    deviation: float


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a player stands under a rule set: ``place`` of ``players`` (1 the best)."""

    rating: Rating
    place: int
    players: int


BOTS = tuple(BOT_IDS)


class Ratings:
    """Ratings and result tables."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    # --------------------------------------------------------------------------------------------------------------
    # Keeping them

    async def game_ended(self, record: GameRecord) -> None:
        """Inside the transaction that ends a game: if it is rated, both players' new ratings and the game's change.
        The bot's games, unrated and cancelled ones, and a game whose change is stored already change nothing."""
        blue_id, red_id = record.blue_id, record.red_id
        if record.state != "finished" or not record.rated or blue_id is None or red_id is None:
            return
        if blue_id == red_id or blue_id in BOT_IDS or red_id in BOT_IDS:
            return
        ratings = self._storage.ratings
        await ratings.lock([blue_id, red_id])
        if await ratings.applied(record.id):
            return
        rules, at = record.rules, record.finished_at or record.updated_at
        blue_record, red_record = await ratings.get(blue_id, rules), await ratings.get(red_id, rules)
        blue = _of_record(blue_record) if blue_record else Rating()
        red = _of_record(red_record) if red_record else Rating()
        new_blue, new_red = game_changes(blue, red, record.winner)
        sides: tuple[tuple[int, Colour, Rating, Rating], ...] = (
            (blue_id, "blue", blue, new_blue),
            (red_id, "red", red, new_red),
        )
        for user_id, colour, before, after in sides:
            score = score_of(record.winner, colour)
            await ratings.save(
                _record(user_id, rules, after, at), _change(record.id, user_id, rules, score, before, after, at)
            )

    async def catch_up(self) -> int:
        """Replay every rated game into the ratings, in the order they ended, if some game's change is missing (the
        games of a database made before ratings were stored). Returns how many games were replayed (0: nothing was
        missing). One worker at a time."""
        storage = self._storage
        if not await storage.ratings.unapplied(BOTS):
            return 0
        async with storage.db.exclusive("ratings", 0):
            if not await storage.ratings.unapplied(BOTS):
                return 0
            return await self.replay_all()

    async def replay_all(self) -> int:
        """Work out every rating again from every rated game, oldest first; returns how many games."""
        storage = self._storage
        async with storage.transaction():
            games = await storage.ratings.rated_games(BOTS)
            table, changes = await asyncio.to_thread(replay, games)
            latest: dict[tuple[int, str], float] = {}
            for change in changes:
                latest[(change.user_id, change.rules)] = change.created_at
            records = [_record(u, r, rating, latest[(u, r)]) for (u, r), rating in table.items()]
            await storage.ratings.replace_all(records, changes)
        return len(games)

    # --------------------------------------------------------------------------------------------------------------
    # Reading them

    async def of(self, user_id: int) -> dict[str, Rating]:
        """A player's ratings by rule set, the most played first."""
        return {r.rules: _of_record(r) for r in await self._storage.ratings.of_user(user_id)}

    async def rating(self, user_id: int, rules: str = "sports") -> Rating:
        """A player's rating under a rule set (the starting one when they have played no rated game under it)."""
        record = await self._storage.ratings.get(user_id, rules)
        return _of_record(record) if record else Rating()

    async def history(self, user_id: int, rules: str) -> list[Point]:
        """A player's rating after each of their rated games under a rule set, oldest first (the last ``HISTORY``)."""
        changes = await self._storage.ratings.history(user_id, rules, limit=HISTORY)
        return [Point(c.created_at, c.rating, c.deviation) for c in changes]

    async def changes(self, game_id: int) -> dict[int, RatingChange]:
        """What a finished game did to its players' ratings, by player (empty: unrated)."""
        return {c.user_id: c for c in await self._storage.ratings.of_game(game_id)}

    async def chat_table(self, chat_id: int, rules: str, limit: int = 20) -> list[tuple[int, Rating]]:
        """A group's players (those who played a rated game under ``rules`` there), by their rating, best first."""
        users = await self._storage.ratings.players_of_chat(chat_id, rules)
        ranked = await self._storage.ratings.ranking(rules, users=users, limit=limit)
        return [(r.user_id, _of_record(r)) for r in ranked]

    async def public_table(self, rules: str, limit: int = 20) -> list[tuple[int, Rating]]:
        """The best players under ``rules`` of those who agreed to appear in the ratings of all players."""
        ranked = await self._storage.ratings.ranking(rules, public=True, limit=limit)
        return [(r.user_id, _of_record(r)) for r in ranked]

    async def standing(self, user_id: int, rules: str) -> Standing | None:
        """Where a player stands among everyone rated under ``rules`` (``None``: they are not)."""
        found = await self._storage.ratings.rank_of(user_id, rules)
        if found is None:
            return None
        return Standing(await self.rating(user_id, rules), found[0], found[1])

    async def chat_rules(self, chat_id: int) -> list[str]:
        """The rule sets a group played rated games under, the most played first."""
        return await self._storage.ratings.rules_of_chat(chat_id)

    async def results(self, chat_id: int) -> list[tuple[int, int, int, int]]:
        """``(user_id, wins, losses, draws)`` over a chat's finished games, best first."""
        return await self._storage.stats.chat_table(chat_id)

    async def record(self, user_id: int) -> tuple[int, int, int]:
        """``(wins, losses, draws)`` of a player over all finished games."""
        return await self._storage.stats.user_record(user_id)
