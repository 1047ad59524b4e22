"""Puzzles: positions where one move wins clearly, who answered them, where they were shown, the groups that get one a
day, and the games already looked at for puzzles (numbers and text only: finding and rating them is the services'
business)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .database import Database


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A puzzle: the position after ``ply`` dots of ``source`` (``settings`` JSON, ``moves`` as ``b20-18 r21-18``),
    its solution and what it is worth, and its rating."""

    id: int
    source: str
    ply: int
    settings: str
    moves: str
    solution: str
    kind: str
    value: float
    runner_up: float
    rating: float
    deviation: float
    volatility: float
    attempts: int = 0
    solved: int = 0
    created_at: float = 0.0


@dataclass(frozen=True, slots=True)
class PuzzlerRecord:
    """A person's puzzle rating and record; ``share``: their finished private games may give puzzles."""

    user_id: int
    rating: float
    deviation: float
    volatility: float
    solved: int = 0
    failed: int = 0
    share: bool = False
    updated_at: float = 0.0


@dataclass(frozen=True, slots=True)
class PuzzlePost:
    """A puzzle shown in a chat: in private to the person who asked (``asked_by``), in a group to everyone, won by
    ``solved_by``; ``closed`` once answered (private) or solved (a group)."""

    chat_id: int
    message_id: int
    puzzle_id: int
    thread_id: int = 0
    asked_by: int | None = None
    solved_by: int | None = None
    closed: bool = False
    created_at: float = 0.0


_P_COLUMNS = [f.name for f in fields(PuzzleRecord)]
_U_COLUMNS = [f.name for f in fields(PuzzlerRecord)]
_POST_COLUMNS = [f.name for f in fields(PuzzlePost)]


def _puzzle(row: Any) -> PuzzleRecord:
    return PuzzleRecord(*row)


def _puzzler(row: Any) -> PuzzlerRecord:
    values = dict(zip(_U_COLUMNS, row, strict=True))
    values["share"] = bool(values["share"])
    return PuzzlerRecord(**values)


def _post(row: Any) -> PuzzlePost:
    values = dict(zip(_POST_COLUMNS, row, strict=True))
    values["closed"] = bool(values["closed"])
    return PuzzlePost(**values)


class Puzzles:
    """The ``puzzles``, ``puzzle_players``, ``puzzle_attempts``, ``puzzle_posts``, ``puzzle_tries``,
    ``puzzle_daily`` and ``puzzle_mined`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # --------------------------------------------------------------------------------------------------------------
    # Puzzles

    async def add(self, puzzle: PuzzleRecord) -> bool:
        """Store a puzzle (its ``id`` is numbered here); ``False`` when its source already gave that position."""
        async with self._db.transaction():
            columns = _P_COLUMNS[1:]
            values = [getattr(puzzle, c) for c in columns]
            changed = await self._db.execute(
                f"INSERT INTO puzzles ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)}) "
                "ON CONFLICT (source, ply) DO NOTHING",
                values,
            )
            return changed > 0

    async def get(self, puzzle_id: int) -> PuzzleRecord | None:
        row = await self._db.row(f"SELECT {', '.join(_P_COLUMNS)} FROM puzzles WHERE id = ?", (puzzle_id,))
        return _puzzle(row) if row is not None else None

    async def count(self, source_prefix: str | None = None) -> int:
        """How many puzzles there are (of sources beginning with ``source_prefix``)."""
        if source_prefix is None:
            row = await self._db.row("SELECT COUNT(*) FROM puzzles")
        else:
            row = await self._db.row("SELECT COUNT(*) FROM puzzles WHERE source LIKE ?", (source_prefix + "%",))
        return int(row[0]) if row else 0

    async def nearest_unseen(self, user_id: int, rating: float) -> PuzzleRecord | None:
        """The puzzle ``user_id`` never answered nor skipped whose rating is nearest to ``rating``."""
        return await self._nearest("puzzle_attempts", "user_id", user_id, rating)

    async def nearest_unposted(self, chat_id: int, rating: float) -> PuzzleRecord | None:
        """The puzzle never shown in ``chat_id`` whose rating is nearest to ``rating``."""
        return await self._nearest("puzzle_posts", "chat_id", chat_id, rating)

    async def _nearest(self, table: str, column: str, key: int, rating: float) -> PuzzleRecord | None:
        """The puzzle without a row of ``key`` in ``table`` whose rating is nearest to ``rating``."""
        row = await self._db.row(
            f"SELECT {', '.join('p.' + c for c in _P_COLUMNS)} FROM puzzles p WHERE NOT EXISTS "
            f"(SELECT 1 FROM {table} s WHERE s.puzzle_id = p.id AND s.{column} = ?) "
            "ORDER BY ABS(p.rating - ?), p.id LIMIT 1",
            (key, rating),
        )
        return _puzzle(row) if row is not None else None

    # --------------------------------------------------------------------------------------------------------------
    # People

    async def puzzler(self, user_id: int) -> PuzzlerRecord | None:
        row = await self._db.row(f"SELECT {', '.join(_U_COLUMNS)} FROM puzzle_players WHERE user_id = ?", (user_id,))
        return _puzzler(row) if row is not None else None

    async def save_puzzler(self, record: PuzzlerRecord) -> None:
        """Store a person's puzzle rating, record and choice (in the caller's transaction, or one of its own)."""
        async with self._db.transaction():
            values = [getattr(record, c) for c in _U_COLUMNS]
            values[_U_COLUMNS.index("share")] = int(record.share)
            updates = ", ".join(f"{c} = excluded.{c}" for c in _U_COLUMNS[1:])
            await self._db.execute(
                f"INSERT INTO puzzle_players ({', '.join(_U_COLUMNS)}) VALUES ({', '.join('?' for _ in _U_COLUMNS)}) "
                f"ON CONFLICT (user_id) DO UPDATE SET {updates}",
                values,
            )

    async def sharing(self, user_ids: list[int]) -> set[int]:
        """Which of ``user_ids`` let their finished private games give puzzles."""
        if not user_ids:
            return set()
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._db.rows(
            f"SELECT user_id FROM puzzle_players WHERE share = 1 AND user_id IN ({marks})", user_ids
        )
        return {int(r[0]) for r in rows}

    # --------------------------------------------------------------------------------------------------------------
    # Answers

    async def attempt(self, puzzle_id: int, user_id: int) -> tuple[str, bool, bool] | None:
        """A person's answer to a puzzle: ``(answer, correct, rated)``, or ``None``."""
        row = await self._db.row(
            "SELECT answer, correct, rated FROM puzzle_attempts WHERE puzzle_id = ? AND user_id = ?",
            (puzzle_id, user_id),
        )
        return (str(row[0]), bool(row[1]), bool(row[2])) if row is not None else None

    async def answered(
        self,
        puzzle: PuzzleRecord,
        user_id: int,
        answer: str,
        correct: bool,
        *,
        rated: bool,
        puzzle_rating: tuple[float, float, float] | None = None,
        puzzler: PuzzlerRecord | None = None,
        update_id: int | None = None,
    ) -> bool:
        """Store a person's answer to a puzzle (and, when ``rated``, both new ratings) in one transaction, claiming
        ``update_id`` in it (``Duplicate`` for a repeat); ``False`` when that person had answered it already (nothing
        changes)."""
        async with self._db.transaction(update_id):
            changed = await self._db.execute(
                "INSERT INTO puzzle_attempts (puzzle_id, user_id, answer, correct, rated, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (puzzle.id, user_id, answer, int(correct), int(rated), self._db.clock()),
            )
            if not changed:
                return False
            if answer != "skip":
                await self._db.execute(
                    "UPDATE puzzles SET attempts = attempts + 1, solved = solved + ? WHERE id = ?",
                    (int(correct), puzzle.id),
                )
            if puzzle_rating is not None:
                await self._db.execute(
                    "UPDATE puzzles SET rating = ?, deviation = ?, volatility = ? WHERE id = ?",
                    (*puzzle_rating, puzzle.id),
                )
            if puzzler is not None:
                await self.save_puzzler(puzzler)
            return True

    # --------------------------------------------------------------------------------------------------------------
    # Where they were shown

    async def posted(self, post: PuzzlePost) -> None:
        async with self._db.transaction():
            await self._db.execute(
                f"INSERT INTO puzzle_posts ({', '.join(_POST_COLUMNS)}) VALUES "
                f"({', '.join('?' for _ in _POST_COLUMNS)}) ON CONFLICT DO NOTHING",
                [int(v) if isinstance(v, bool) else v for v in (getattr(post, c) for c in _POST_COLUMNS)],
            )

    async def post(self, chat_id: int, message_id: int) -> PuzzlePost | None:
        row = await self._db.row(
            f"SELECT {', '.join(_POST_COLUMNS)} FROM puzzle_posts WHERE chat_id = ? AND message_id = ?",
            (chat_id, message_id),
        )
        return _post(row) if row is not None else None

    async def open_post(self, chat_id: int, since: float) -> PuzzlePost | None:
        """The newest puzzle shown in ``chat_id`` after ``since`` that is still open."""
        row = await self._db.row(
            f"SELECT {', '.join(_POST_COLUMNS)} FROM puzzle_posts WHERE chat_id = ? AND closed = 0 AND created_at >= ? "
            "ORDER BY created_at DESC, message_id DESC LIMIT 1",
            (chat_id, since),
        )
        return _post(row) if row is not None else None

    async def open_posts(self, chat_id: int) -> list[PuzzlePost]:
        rows = await self._db.rows(
            f"SELECT {', '.join(_POST_COLUMNS)} FROM puzzle_posts WHERE chat_id = ? AND closed = 0", (chat_id,)
        )
        return [_post(r) for r in rows]

    async def close_post(self, chat_id: int, message_id: int, solved_by: int | None = None) -> bool:
        """Close a shown puzzle (``solved_by``: who won it); ``False`` when it was closed already (someone else was
        first)."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "UPDATE puzzle_posts SET closed = 1, solved_by = ? WHERE chat_id = ? AND message_id = ? AND closed = 0",
                (solved_by, chat_id, message_id),
            )
            return changed > 0

    async def tried(
        self, chat_id: int, message_id: int, user_id: int, answer: str, update_id: int | None = None
    ) -> str | None:
        """Note a person's try at a group's puzzle (claiming ``update_id``: ``Duplicate`` for a repeat); their
        earlier try when they had one (this one is not noted)."""
        async with self._db.transaction(update_id):
            row = await self._db.row(
                "SELECT answer FROM puzzle_tries WHERE chat_id = ? AND message_id = ? AND user_id = ?",
                (chat_id, message_id, user_id),
            )
            if row is not None:
                return str(row[0])
            await self._db.execute(
                "INSERT INTO puzzle_tries (chat_id, message_id, user_id, answer) VALUES (?, ?, ?, ?)",
                (chat_id, message_id, user_id, answer),
            )
            return None

    # --------------------------------------------------------------------------------------------------------------
    # A puzzle a day

    async def set_daily(self, chat_id: int, thread_id: int, next_at: float | None) -> None:
        """A group gets a puzzle a day from ``next_at`` on (``None``: no more)."""
        async with self._db.transaction():
            if next_at is None:
                await self._db.execute("DELETE FROM puzzle_daily WHERE chat_id = ?", (chat_id,))
                return
            await self._db.execute(
                "INSERT INTO puzzle_daily (chat_id, thread_id, next_at, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (chat_id) DO UPDATE SET thread_id = excluded.thread_id, next_at = excluded.next_at",
                (chat_id, thread_id, next_at, self._db.clock()),
            )

    async def daily(self, chat_id: int) -> float | None:
        row = await self._db.row("SELECT next_at FROM puzzle_daily WHERE chat_id = ?", (chat_id,))
        return float(row[0]) if row is not None else None

    async def daily_due(self, now: float) -> list[tuple[int, int, float]]:
        """The groups whose daily puzzle is due: ``(chat_id, thread_id, next_at)``."""
        rows = await self._db.rows(
            "SELECT chat_id, thread_id, next_at FROM puzzle_daily WHERE next_at <= ? ORDER BY next_at", (now,)
        )
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]

    async def next_daily(self) -> float | None:
        row = await self._db.row("SELECT MIN(next_at) FROM puzzle_daily")
        return float(row[0]) if row is not None and row[0] is not None else None

    async def daily_done(self, chat_id: int, was: float, next_at: float) -> bool:
        """Move a group's daily puzzle on to ``next_at``, if it was still due at ``was`` (one worker posts it)."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "UPDATE puzzle_daily SET next_at = ? WHERE chat_id = ? AND next_at = ?", (next_at, chat_id, was)
            )
            return changed > 0

    # --------------------------------------------------------------------------------------------------------------
    # Games looked at

    async def mined(self, game_id: int, found: int) -> None:
        async with self._db.transaction():
            await self._db.execute(
                "INSERT INTO puzzle_mined (game_id, found, mined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, found, self._db.clock()),
            )

    async def unmined(self, limit: int, min_moves: int) -> list[int]:
        """Finished games of the sports rules with at least ``min_moves`` moves not yet looked at, oldest first."""
        rows = await self._db.rows(
            "SELECT g.id FROM games g WHERE g.state = 'finished' AND (g.rules IS NULL OR g.rules = 'sports') "
            "AND (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) >= ? "
            "AND NOT EXISTS (SELECT 1 FROM puzzle_mined p WHERE p.game_id = g.id) ORDER BY g.finished_at, g.id LIMIT ?",
            (min_moves, limit),
        )
        return [int(r[0]) for r in rows]


__all__ = ["PuzzlePost", "PuzzleRecord", "PuzzlerRecord", "Puzzles"]
