"""Results over many games: the tables of wins, losses and draws."""

from __future__ import annotations

from .database import Database


class Stats:
    """Read-only queries over finished games."""

    def __init__(self, db: Database) -> None:
        self._db = db

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
