"""Players' ratings per rule set and each rated game's change of them (the numbers only: how they are computed is the
services' business)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tochki_bot.engine import Colour

from .database import Database

_RATING_COLUMNS = "user_id, rules, rating, deviation, volatility, games, wins, losses, draws, updated_at"
_CHANGE_COLUMNS = (
    "game_id, user_id, rules, score, rating_before, deviation_before, rating, deviation, volatility, created_at"
)


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """A player's rating under one rule set, and their record of rated games under it."""

    user_id: int
    rules: str
    rating: float
    deviation: float
    volatility: float
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    updated_at: float = 0.0


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to one player's rating: ``score`` 1, 0.5 or 0; the rating and deviation before; the
    rating, deviation and volatility after; when the game ended."""

    game_id: int
    user_id: int
    rules: str
    score: float
    rating_before: float
    deviation_before: float
    rating: float
    deviation: float
    volatility: float
    created_at: float


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished rated game, as ratings are computed from it."""

    game_id: int
    blue_id: int
    red_id: int
    rules: str
    winner: Colour | None
    finished_at: float


def _rating(row: Sequence[Any]) -> RatingRecord:
    user, rules, rating, deviation, volatility, games, wins, losses, draws, updated = row
    return RatingRecord(
        int(user),
        str(rules),
        float(rating),
        float(deviation),
        float(volatility),
        int(games),
        int(wins),
        int(losses),
        int(draws),
        float(updated),
    )


def _change(row: Sequence[Any]) -> RatingChange:
    game, user, rules, score, before, dev_before, rating, deviation, volatility, at = row
    return RatingChange(
        int(game),
        int(user),
        str(rules),
        float(score),
        float(before),
        float(dev_before),
        float(rating),
        float(deviation),
        float(volatility),
        float(at),
    )


_RATED = (
    "g.state = 'finished' AND g.rated = 1 AND g.blue_id IS NOT NULL AND g.red_id IS NOT NULL AND g.blue_id <> g.red_id"
)
"""A finished rated game between two players (the caller leaves out the bot's games: ``people_only``)."""


def _people_only(excluded: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    if not excluded:
        return "", ()
    marks = ", ".join("?" for _ in excluded)
    return f" AND g.blue_id NOT IN ({marks}) AND g.red_id NOT IN ({marks})", (*excluded, *excluded)


class Ratings:
    """The ``ratings`` and ``rating_changes`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def lock(self, user_ids: Sequence[int]) -> None:
        """Inside a write transaction: hold the players' rows until it ends (PostgreSQL), so that two games of one
        player ending at once in two workers change the rating one after the other."""
        if not user_ids:
            return
        marks = ", ".join("?" for _ in user_ids)
        await self._db.rows(
            f"SELECT id FROM users WHERE id IN ({marks}) ORDER BY id{self._db.dialect.for_update}",
            tuple(sorted(user_ids)),
        )

    async def get(self, user_id: int, rules: str) -> RatingRecord | None:
        """A player's rating under a rule set, if they have one."""
        row = await self._db.row(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE user_id = ? AND rules = ?", (user_id, rules)
        )
        return _rating(row) if row else None

    async def of_user(self, user_id: int) -> list[RatingRecord]:
        """A player's ratings, one per rule set they played rated games under, most games first."""
        rows = await self._db.rows(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE user_id = ? ORDER BY games DESC, rules", (user_id,)
        )
        return [_rating(r) for r in rows]

    async def save(self, rating: RatingRecord, change: RatingChange) -> None:
        """Store a player's rating after a game with that game's change (inside the game's transaction)."""
        async with self._db.transaction():
            await self._db.execute(
                f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id, rules) DO UPDATE SET rating = excluded.rating, "
                "deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, "
                "wins = excluded.wins, losses = excluded.losses, draws = excluded.draws, "
                "updated_at = excluded.updated_at",
                _rating_row(rating),
            )
            await self._db.execute(
                f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                _change_row(change),
            )

    async def applied(self, game_id: int) -> bool:
        """Whether the game's change of the ratings is stored."""
        return await self._db.row("SELECT 1 FROM rating_changes WHERE game_id = ? LIMIT 1", (game_id,)) is not None

    async def replace_all(self, ratings: Sequence[RatingRecord], changes: Sequence[RatingChange]) -> None:
        """Forget every rating and change, and store these instead (a replay of every rated game)."""
        async with self._db.transaction():
            await self._db.execute("DELETE FROM rating_changes")
            await self._db.execute("DELETE FROM ratings")
            if ratings:
                await self._db.executemany(
                    f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [_rating_row(r) for r in ratings],
                )
            if changes:
                await self._db.executemany(
                    f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [_change_row(c) for c in changes],
                )

    async def rated_games(self, excluded: Sequence[int] = ()) -> list[RatedGame]:
        """Every finished rated game between two people (``excluded``: the bot's ids), in the order they ended."""
        people, params = _people_only(excluded)
        rows = await self._db.rows(
            f"SELECT g.id, g.blue_id, g.red_id, g.rules, g.winner, g.finished_at FROM games g WHERE {_RATED}{people} "
            "ORDER BY g.finished_at, g.id",
            params,
        )
        return [RatedGame(int(i), int(b), int(r), str(ru), w, float(f or 0.0)) for i, b, r, ru, w, f in rows]

    async def unapplied(self, excluded: Sequence[int] = ()) -> int:
        """How many finished rated games between people have no change of the ratings stored (games that ended
        before ratings were stored: the replay's work)."""
        people, params = _people_only(excluded)
        row = await self._db.row(
            f"SELECT COUNT(*) FROM games g WHERE {_RATED}{people} "
            "AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id)",
            params,
        )
        return int(row[0]) if row else 0

    async def history(self, user_id: int, rules: str | None = None, limit: int = 500) -> list[RatingChange]:
        """A player's changes (under one rule set, or all), oldest first: the last ``limit``."""
        sql = f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE user_id = ?"
        params: tuple[Any, ...] = (user_id,)
        if rules is not None:
            sql += " AND rules = ?"
            params = (user_id, rules)
        rows = await self._db.rows(sql + " ORDER BY created_at DESC, game_id DESC LIMIT ?", (*params, limit))
        return [_change(r) for r in reversed(rows)]

    async def of_game(self, game_id: int) -> list[RatingChange]:
        """The changes a game made (none, or one per player)."""
        rows = await self._db.rows(
            f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ? ORDER BY user_id", (game_id,)
        )
        return [_change(r) for r in rows]

    async def ranking(
        self, rules: str, *, users: Sequence[int] | None = None, public: bool = False, limit: int = 20
    ) -> list[RatingRecord]:
        """The best ratings under a rule set: of ``users`` only when given, of those who agreed to appear in the
        list of all players with ``public``; best first."""
        sql = f"SELECT {', '.join('r.' + c.strip() for c in _RATING_COLUMNS.split(','))} FROM ratings r"
        params: list[Any] = []
        if public:
            sql += " JOIN users u ON u.id = r.user_id AND u.public = 1"
        sql += " WHERE r.rules = ?"
        params.append(rules)
        if users is not None:
            if not users:
                return []
            sql += f" AND r.user_id IN ({', '.join('?' for _ in users)})"
            params.extend(users)
        rows = await self._db.rows(sql + " ORDER BY r.rating DESC, r.games DESC, r.user_id LIMIT ?", (*params, limit))
        return [_rating(r) for r in rows]

    async def rank_of(self, user_id: int, rules: str) -> tuple[int, int] | None:
        """``(place, players)``: where the player's rating stands among everyone's under a rule set (1 the best);
        ``None`` when they have none."""
        mine = await self.get(user_id, rules)
        if mine is None:
            return None
        row = await self._db.row(
            "SELECT SUM(CASE WHEN rating > ? OR (rating = ? AND user_id < ?) THEN 1 ELSE 0 END), COUNT(*) "
            "FROM ratings WHERE rules = ?",
            (mine.rating, mine.rating, user_id, rules),
        )
        assert row is not None
        return int(row[0] or 0) + 1, int(row[1])

    async def players_of_chat(self, chat_id: int, rules: str) -> list[int]:
        """Who played a finished rated game under a rule set in a group chat."""
        rows = await self._db.rows(
            "SELECT blue_id FROM games g WHERE g.chat_id = ? AND g.kind = 'group' AND g.rules = ? AND "
            f"{_RATED} UNION SELECT red_id FROM games g WHERE g.chat_id = ? AND g.kind = 'group' AND g.rules = ? "
            f"AND {_RATED}",
            (chat_id, rules, chat_id, rules),
        )
        return sorted(int(r[0]) for r in rows)

    async def rules_of_chat(self, chat_id: int) -> list[str]:
        """The rule sets of a group chat's finished rated games, the most played first."""
        rows = await self._db.rows(
            f"SELECT g.rules, COUNT(*) FROM games g WHERE g.chat_id = ? AND g.kind = 'group' AND {_RATED} "
            "GROUP BY g.rules ORDER BY COUNT(*) DESC, g.rules",
            (chat_id,),
        )
        return [str(r[0]) for r in rows]


def _rating_row(r: RatingRecord) -> tuple[Any, ...]:
    return (r.user_id, r.rules, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, r.draws, r.updated_at)


def _change_row(c: RatingChange) -> tuple[Any, ...]:
    return (
        c.game_id,
        c.user_id,
        c.rules,
        c.score,
        c.rating_before,
        c.deviation_before,
        c.rating,
        c.deviation,
        c.volatility,
        c.created_at,
    )
