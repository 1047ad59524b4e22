"""The AI's jobs: searches the bot owes, in a queue any process may take from.

A job is the bot's move at a position (``kind`` ``move``: at most one per game and ply), a hint someone waits for
(``hint``), or a span of a game's review (``review``: ``span`` moves from ``ply``, of review ``review_id``; its
result the judged moves as JSON, gathered into the review by a front end's process, which then deletes the job).
Moves and hints are taken before any review job: a review never delays a game. A job is ``pending`` until a runner
takes it (``taken``, under a lease: a runner that dies leaves it to be taken again once its lease has run out), then
``done`` with its result, or deleted. Taking is one statement on both backends: an ``UPDATE`` of the oldest job that
is free, whose sub-select PostgreSQL runs ``FOR UPDATE SKIP LOCKED`` (two runners never wait for each other, nor take
the same job) and SQLite runs under its write lock.

Jobs are written without waiting for the disk (``durable=False``): a crash may undo the last ones, and nothing is lost
by it. The bot adds the job of every game where it is to move when it starts; a move is stored (durably, with its
announcement owed in the outbox) through the services, whatever became of its job; a hint's asker stops waiting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from .database import Database

JobKind = Literal["move", "hint", "review"]
JobState = Literal["pending", "taken", "done"]


@dataclass(frozen=True, slots=True)
class Job:
    """One search: for game ``game_id`` after ``ply`` moves, at ``level``, for ``seconds``, reproducible with
    ``seed``. ``taken_by`` names the runner that took it last (``lease_until`` when its lease runs out), ``attempts``
    how often it was taken; ``result`` is what the search chose (``x-y``, ``ground``, ``stop``, ``finish``, ``auto``)
    and ``result_ply`` the game's ply once a move was stored. A review's job judges ``span`` moves from ``ply``
    (1-based) for review ``review_id``; its ``game_id`` is 0 for the review of an imported record."""

    id: int
    game_id: int
    ply: int
    kind: JobKind
    level: str
    seconds: float
    seed: int | None
    state: JobState
    taken_by: str | None
    taken_at: float | None
    lease_until: float | None
    attempts: int
    result: str | None
    result_ply: int | None
    created_at: float
    review_id: int | None = None
    span: int | None = None


_COLUMNS = ", ".join(f.name for f in fields(Job))
_FREE = "(state = 'pending' OR (state = 'taken' AND lease_until < ?))"
"""A job a runner may take at a time given as the parameter: never taken, or its lease has run out."""


def _job(row: Sequence[Any]) -> Job:
    id_, game_id, ply, kind, level, seconds, seed, state, by, at, until = row[:11]
    attempts, result, result_ply, created, review_id, span = row[11:]
    return Job(
        int(id_),
        0 if game_id is None else int(game_id),
        int(ply),
        kind,
        str(level),
        float(seconds),
        None if seed is None else int(seed),
        state,
        by,
        None if at is None else float(at),
        None if until is None else float(until),
        int(attempts),
        result,
        None if result_ply is None else int(result_ply),
        float(created),
        None if review_id is None else int(review_id),
        None if span is None else int(span),
    )


class Jobs:
    """The ``ai_jobs`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def add_move(self, game_id: int, ply: int, level: str, seconds: float, seed: int | None) -> Job:
        """The job of the bot's move in game ``game_id`` at ``ply``: added unless there is one already (then that
        one, as it is)."""
        async with self._db.transaction(durable=False):
            await self._db.execute(
                "INSERT INTO ai_jobs (game_id, ply, kind, level, seconds, seed, created_at) "
                "VALUES (?, ?, 'move', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, ply, level, seconds, seed, self._db.clock()),
            )
            row = await self._db.row(
                f"SELECT {_COLUMNS} FROM ai_jobs WHERE game_id = ? AND ply = ? AND kind = 'move'", (game_id, ply)
            )
        return _job(row)

    async def add_hint(self, game_id: int, ply: int, level: str, seconds: float, seed: int | None) -> int:
        """A hint job for game ``game_id`` at ``ply``; its id."""
        async with self._db.transaction(durable=False):
            return await self._db.insert(
                "INSERT INTO ai_jobs (game_id, ply, kind, level, seconds, seed, created_at) "
                "VALUES (?, ?, 'hint', ?, ?, ?, ?)",
                (game_id, ply, level, seconds, seed, self._db.clock()),
            )

    async def reviewed(self, limit: int = 100) -> list[Job]:
        """Review jobs that are done (their results not yet gathered into their reviews), oldest first."""
        rows = await self._db.rows(
            f"SELECT {_COLUMNS} FROM ai_jobs WHERE state = 'done' AND kind = 'review' ORDER BY id LIMIT ?", (limit,)
        )
        return [_job(r) for r in rows]

    async def of_review(self, review_id: int) -> list[Job]:
        """The jobs of a review still there (any state), in order."""
        rows = await self._db.rows(f"SELECT {_COLUMNS} FROM ai_jobs WHERE review_id = ? ORDER BY ply", (review_id,))
        return [_job(r) for r in rows]

    async def review_moves_before(self, review_id: int) -> int:
        """The moves the review jobs of earlier reviews still have to judge (they are taken first)."""
        row = await self._db.row(
            "SELECT COALESCE(SUM(span), 0) FROM ai_jobs WHERE kind = 'review' AND state <> 'done' AND review_id < ?",
            (review_id,),
        )
        return int(row[0]) if row is not None else 0

    async def waiting(self, now: float) -> bool:
        """Whether a job can be taken at ``now`` (a read: runners look before they write)."""
        return await self._db.row(f"SELECT 1 FROM ai_jobs WHERE {_FREE} LIMIT 1", (now,)) is not None

    async def take(self, runner: str, now: float, grace: float) -> Job | None:
        """Take the oldest job that is free at ``now`` for ``runner`` (moves and hints before any review's job),
        under a lease of its seconds and ``grace`` more; ``None`` when there is none. Two runners never take the same
        job at once."""
        sql = (
            "UPDATE ai_jobs SET state = 'taken', taken_by = ?, taken_at = ?, lease_until = ? + seconds, "
            "attempts = attempts + 1 "
            f"WHERE id = (SELECT id FROM ai_jobs WHERE {_FREE} ORDER BY kind = 'review', id "
            f"LIMIT 1{self._db.dialect.skip_locked}) "
            f"RETURNING {_COLUMNS}"
        )
        async with self._db.transaction(durable=False):
            rows = await self._db.rows(sql, (runner, now, now + grace, now))
        return _job(rows[0]) if rows else None

    async def finish(self, job_id: int, result: str, result_ply: int | None = None) -> bool:
        """The job is done: what it chose, and for a move that was stored, the game's ply after it. False when the
        job is gone."""
        async with self._db.transaction(durable=False):
            changed = await self._db.execute(
                "UPDATE ai_jobs SET state = 'done', result = ?, result_ply = ? WHERE id = ?",
                (result, result_ply, job_id),
            )
        return changed > 0

    async def drop(self, job_id: int, runner: str) -> bool:
        """Delete a job ``runner`` still holds (its result is not needed, or was told in this process). A job another
        runner took meanwhile, or that is done, stays."""
        async with self._db.transaction(durable=False):
            changed = await self._db.execute(
                "DELETE FROM ai_jobs WHERE id = ? AND taken_by = ? AND state = 'taken'", (job_id, runner)
            )
        return changed > 0

    async def release(self, runner: str) -> int:
        """Give back every job ``runner`` holds (it stops): pending again, to be taken at once. How many."""
        async with self._db.transaction(durable=False):
            return await self._db.execute(
                "UPDATE ai_jobs SET state = 'pending', taken_by = NULL, taken_at = NULL, lease_until = NULL "
                "WHERE taken_by = ? AND state = 'taken'",
                (runner,),
            )

    async def delete(self, job_id: int) -> bool:
        """Delete a job whatever its state; False when it was gone (someone else deleted it first)."""
        async with self._db.transaction(durable=False):
            return await self._db.execute("DELETE FROM ai_jobs WHERE id = ?", (job_id,)) > 0

    async def get(self, job_id: int) -> Job | None:
        """A job by its id."""
        row = await self._db.row(f"SELECT {_COLUMNS} FROM ai_jobs WHERE id = ?", (job_id,))
        return _job(row) if row is not None else None

    async def moves_of(self, game_ids: Sequence[int]) -> list[Job]:
        """The move jobs of these games (any state)."""
        found: list[Job] = []
        ids = list(game_ids)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            rows = await self._db.rows(
                f"SELECT {_COLUMNS} FROM ai_jobs WHERE kind = 'move' AND game_id IN ({marks})", chunk
            )
            found += [_job(r) for r in rows]
        return found

    async def applied(self, limit: int = 100) -> list[Job]:
        """Move jobs that are done (their moves stored by the process that did them), oldest first."""
        rows = await self._db.rows(
            f"SELECT {_COLUMNS} FROM ai_jobs WHERE state = 'done' AND kind = 'move' ORDER BY id LIMIT ?", (limit,)
        )
        return [_job(r) for r in rows]

    async def prune(self, created_before: float) -> int:
        """Forget jobs from before ``created_before`` whose result nobody will read: moves done (their announcement
        is owed in the outbox anyway) and hints in any state (whoever asked has stopped waiting). A review's jobs
        are never forgotten: their review gathers them (and they go with it). How many."""
        async with self._db.transaction(durable=False):
            return await self._db.execute(
                "DELETE FROM ai_jobs WHERE created_at < ? AND (kind = 'hint' OR (state = 'done' AND kind = 'move'))",
                (created_before,),
            )
