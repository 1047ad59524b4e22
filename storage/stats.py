"""Results over many games: what ratings and tables are computed from."""

from __future__ import annotations

from typing import Any

from tochki_bot.engine import Colour

from .database import Database


class Stats:
    """Read-only queries over finished games."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def rated_results(self, chat_id: int | None = None) -> list[tuple[int, int, Colour | None]]:
        """``(blue_id, red_id, winner)`` of every finished rated game (of one group chat, or all), oldest first."""
        sql = (
            "SELECT blue_id, red_id, winner FROM games WHERE state = 'finished' AND rated = 1 "
            "AND blue_id IS NOT NULL AND red_id IS NOT NULL"
        )
        params: tuple[Any, ...] = ()
        if chat_id is not None:
            sql += " AND chat_id = ? AND kind = 'group'"
            params = (chat_id,)
        rows = await self._db.rows(sql + " ORDER BY finished_at, id", params)
        return [(int(b), int(r), w) for b, r, w in rows]

    async def rated_version(self, chat_id: int | None = None) -> tuple[int, float]:
        """``(how many, when the last ended)`` of the finished rated games (of a group chat, or all): ratings
        computed from them hold while this is the same."""
        sql = "SELECT COUNT(*), COALESCE(MAX(finished_at), 0) FROM games WHERE state = 'finished' AND rated = 1"
        params: tuple[Any, ...] = ()
        if chat_id is not None:
            sql += " AND chat_id = ? AND kind = 'group'"
            params = (chat_id,)
        row = await self._db.row(sql, params)
        return (int(row[0]), float(row[1])) if row else (0, 0.0)

    async def chat_table(self, chat_id: int) -> list[tuple[int, int, int, int]]:
        """``(user_id, wins, losses, draws)`` over the chat's finished games, best first."""
        rows = await self._db.rows(
            """
            SELECT user_id, SUM(win), SUM(loss), SUM(draw) FROM (
                SELECT blue_id AS user_id, CASE WHEN winner = 'blue' THEN 1 ELSE 0 END AS win,
                    CASE WHEN winner = 'red' THEN 1 ELSE 0 END AS loss,
                    CASE WHEN winner IN ('blue', 'red') THEN 0 ELSE 1 END AS draw
                    FROM games WHERE chat_id = ? AND state = 'finished'
                UNION ALL
                SELECT red_id, CASE WHEN winner = 'red' THEN 1 ELSE 0 END, CASE WHEN winner = 'blue' THEN 1 ELSE 0 END,
                    CASE WHEN winner IN ('blue', 'red') THEN 0 ELSE 1 END
                    FROM games WHERE chat_id = ? AND state = 'finished'
            ) AS played WHERE user_id IS NOT NULL GROUP BY user_id
            ORDER BY SUM(win) * 2 + SUM(draw) DESC, SUM(loss), user_id
            """,
            (chat_id, chat_id),
        )
        return [(int(u), int(w), int(lo), int(d)) for u, w, lo, d in rows]

    async def user_record(self, user_id: int) -> tuple[int, int, int]:
        """``(wins, losses, draws)`` of a player over all finished games."""
        row = await self._db.row(
            """
            SELECT COALESCE(SUM(CASE WHEN winner = colour THEN 1 ELSE 0 END), 0),
                   COALESCE(SUM(CASE WHEN winner IS NOT NULL AND winner != colour THEN 1 ELSE 0 END), 0),
                   COALESCE(SUM(CASE WHEN winner IS NULL THEN 1 ELSE 0 END), 0) FROM (
                SELECT winner, 'blue' AS colour FROM games WHERE blue_id = ? AND state = 'finished'
                UNION ALL SELECT winner, 'red' FROM games WHERE red_id = ? AND state = 'finished'
            ) AS played
            """,
            (user_id, user_id),
        )
        assert row is not None
        return int(row[0]), int(row[1]), int(row[2])
