"""Elo ratings, derived from the results of finished rated games in the order they ended.

Nothing about ratings is stored: they are recomputed from the games, so they can never disagree with them.
Everyone starts at 1500; K is 40 for a player's first 10 games, then 20.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable
from dataclasses import dataclass

from storage import Storage

from ..engine import Colour
from .support import LRU

START = 1500.0
K_NEW = 40.0
K = 20.0
NEW_GAMES = 10


@dataclass
class Rating:
    """A player's rating and record."""

    rating: float = START
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


def expected(rating: float, opponent: float) -> float:
    """The score ``rating`` is expected to make against ``opponent`` (1 win, 0.5 draw, 0 loss)."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def ratings(results: Iterable[tuple[int, int, Colour | None]]) -> dict[int, Rating]:
    """Ratings after ``(blue_id, red_id, winner)`` results, oldest first."""
    table: dict[int, Rating] = {}
    for blue, red, winner in results:
        if blue == red:
            continue
        a, b = table.setdefault(blue, Rating()), table.setdefault(red, Rating())
        score = 1.0 if winner == "blue" else 0.0 if winner == "red" else 0.5
        ea = expected(a.rating, b.rating)
        ka = K_NEW if a.games < NEW_GAMES else K
        kb = K_NEW if b.games < NEW_GAMES else K
        a.rating += ka * (score - ea)
        b.rating += kb * ((1.0 - score) - (1.0 - ea))
        for player, result in ((a, score), (b, 1.0 - score)):
            player.games += 1
            if result == 1.0:
                player.wins += 1
            elif result == 0.0:
                player.losses += 1
            else:
                player.draws += 1
    return table


def leaderboard(table: dict[int, Rating]) -> list[tuple[int, Rating]]:
    """Players by rating, best first."""
    return sorted(table.items(), key=lambda item: (-item[1].rating, -item[1].games, item[0]))


class Ratings:
    """Ratings and result tables, computed from the games."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._tables: LRU[int | None, tuple[tuple[int, float], dict[int, Rating]]] = LRU(256)

    async def table(self, chat_id: int | None = None) -> dict[int, Rating]:
        """Elo ratings from the finished rated games of a group chat, or of all games (everyone's: see
        ``public_table`` for the list anyone may see). Kept until another rated game ends; worked out in a worker
        thread (100,000 games take a fifth of a second)."""
        version = await self._storage.stats.rated_version(chat_id)
        known = self._tables.get(chat_id)
        if known is not None and known[0] == version:
            return known[1]
        results = await self._storage.stats.rated_results(chat_id)
        table = await asyncio.to_thread(ratings, results)
        self._tables.put(chat_id, (version, table))
        return table

    async def public_table(self) -> dict[int, Rating]:
        """The ratings of all games, of the players who agreed to appear in them."""
        table = await self.table()
        shown = await self._storage.users.public(list(table))
        return {user: rating for user, rating in table.items() if user in shown}

    async def results(self, chat_id: int) -> list[tuple[int, int, int, int]]:
        """``(user_id, wins, losses, draws)`` over a chat's finished games, best first."""
        return await self._storage.stats.chat_table(chat_id)

    async def record(self, user_id: int) -> tuple[int, int, int]:
        """``(wins, losses, draws)`` of a player over all finished games."""
        return await self._storage.stats.user_record(user_id)
