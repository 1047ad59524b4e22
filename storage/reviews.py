"""Reviews of finished games and imported records: what each move cost, judged by the AI's review jobs.

A review is one row per subject (``game`` and its id, or ``import`` and its id): who asked first, how many moves
(plies) it goes through (``total``) and how many it went through so far (``done``), the judged moves as JSON (each
``MoveReview.as_list``, in order of ply) and the search budget. Its jobs (``ai_jobs`` kind ``review``) are added
with it in one transaction; each job's result is gathered into the row (``absorb``) in the transaction that deletes
the job, so that a result counts once whichever process gathers it. A person has one running review at most
(a unique index on ``asked_by`` while ``running``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from .database import Database
from .jobs import Job

ReviewSubject = Literal["game", "import"]
ReviewRowState = Literal["running", "done"]


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    """A review's row. ``moves`` is the JSON text of the judged moves (lists of ``MoveReview.as_list``, by ply)."""

    id: int
    subject: ReviewSubject
    ref: int
    asked_by: int
    state: ReviewRowState
    total: int
    done: int
    moves: str
    nodes: int
    record: str | None
    """An import's SGF, kept with the review (the import itself is forgotten after a while)."""
    seconds: float
    """The search time of the spans gathered, summed."""
    started_at: float | None
    """When the first span gathered was taken."""
    updated_at: float
    created_at: float
    finished_at: float | None

    def judged(self) -> list[list[Any]]:
        """The judged moves as plain lists."""
        found = json.loads(self.moves)
        assert isinstance(found, list)
        return found


@dataclass(frozen=True, slots=True)
class ReviewPost:
    """A message showing a review's progress (a front end edits it), where the finished review is owed."""

    review_id: int
    chat_id: int
    message_id: int
    thread_id: int = 0
    user_id: int | None = None
    """Who asked there."""
    language: str | None = None
    """The language of the answer."""
    answered: bool = False
    """The finished review was sent there."""
    edited_at: float | None = None
    """When the progress was last shown."""
    created_at: float = 0.0


_COLUMNS = ", ".join(f.name for f in fields(ReviewRecord))
_POST_COLUMNS = ", ".join(f.name for f in fields(ReviewPost))


def _post(row: Sequence[Any]) -> ReviewPost:
    review_id, chat_id, message_id, thread_id, user_id, language, answered, edited_at, created_at = row
    return ReviewPost(
        int(review_id),
        int(chat_id),
        int(message_id),
        int(thread_id),
        None if user_id is None else int(user_id),
        language,
        bool(answered),
        None if edited_at is None else float(edited_at),
        float(created_at),
    )


def _record(row: Sequence[Any]) -> ReviewRecord:
    (
        id_,
        subject,
        ref,
        asked_by,
        state,
        total,
        done,
        moves,
        nodes,
        record,
        seconds,
        started,
        updated,
        created,
        ended,
    ) = row
    return ReviewRecord(
        int(id_),
        "import" if subject == "import" else "game",
        int(ref),
        int(asked_by),
        "done" if state == "done" else "running",
        int(total),
        int(done),
        str(moves),
        int(nodes),
        record,
        float(seconds),
        None if started is None else float(started),
        float(updated),
        float(created),
        None if ended is None else float(ended),
    )


class Reviews:
    """The ``reviews`` table (and the review jobs' part of ``ai_jobs`` it gathers)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, review_id: int) -> ReviewRecord | None:
        """A review by its id."""
        row = await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE id = ?", (review_id,))
        return _record(row) if row is not None else None

    async def of(self, subject: ReviewSubject, ref: int) -> ReviewRecord | None:
        """The review of a game or an import, if there is one."""
        row = await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE subject = ? AND ref = ?", (subject, ref))
        return _record(row) if row is not None else None

    async def running_of(self, user_id: int) -> ReviewRecord | None:
        """The review ``user_id`` asked for that is still running, if any."""
        row = await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE asked_by = ? AND state = 'running'", (user_id,))
        return _record(row) if row is not None else None

    async def running(self) -> list[ReviewRecord]:
        """Every review still running, oldest first."""
        rows = await self._db.rows(f"SELECT {_COLUMNS} FROM reviews WHERE state = 'running' ORDER BY id")
        return [_record(r) for r in rows]

    async def add(
        self,
        subject: ReviewSubject,
        ref: int,
        asked_by: int,
        total: int,
        nodes: int,
        *,
        record: str | None,
        game_id: int | None,
        spans: Sequence[tuple[int, int]],
        lease: float,
    ) -> ReviewRecord | None:
        """A new review and its jobs (one per ``(first, count)`` span, each leased ``lease`` seconds), in one
        transaction; done at once when there are no spans. ``None`` (nothing written) when the subject has a review
        already, or ``asked_by`` has one running."""
        now = self._db.clock()
        state = "running" if spans else "done"
        async with self._db.transaction():
            changed = await self._db.execute(
                "INSERT INTO reviews (subject, ref, asked_by, state, total, done, nodes, record, updated_at, "
                "created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (subject, ref, asked_by, state, total, 0 if spans else total, nodes, record, now, now,
                 None if spans else now),
            )  # fmt: skip
            if not changed:
                return None
            row = await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE subject = ? AND ref = ?", (subject, ref))
            added = _record(row)
            if spans:
                now = self._db.clock()
                await self._db.executemany(
                    "INSERT INTO ai_jobs (game_id, ply, kind, level, seconds, created_at, review_id, span) "
                    "VALUES (?, ?, 'review', 'review', ?, ?, ?, ?)",
                    [(game_id, first, lease, now, added.id, count) for first, count in spans],
                )
        return added

    async def absorb(self, job: Job, found: list[list[Any]], seconds: float) -> ReviewRecord | None:
        """Gather a done review job into its review and delete it, in one transaction: its judged moves join the
        review's, ``done`` counts its span, and the review is done with its last span. ``None`` (nothing changed)
        when the job was gathered already (by another process) or its review is gone or done."""
        assert job.review_id is not None and job.span is not None
        now = self._db.clock()
        async with self._db.transaction():
            if not await self._db.execute("DELETE FROM ai_jobs WHERE id = ? AND state = 'done'", (job.id,)):
                return None
            # An UPDATE first: it holds the row (PostgreSQL) until the commit, so two processes gathering spans of
            # the same review read and write it in turn.
            if not await self._db.execute(
                "UPDATE reviews SET updated_at = ? WHERE id = ? AND state = 'running'", (now, job.review_id)
            ):
                return None
            row = await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE id = ?", (job.review_id,))
            review = _record(row)
            by_ply = {int(values[0]): values for values in review.judged()}
            by_ply.update({int(values[0]): values for values in found})
            moves = json.dumps([by_ply[ply] for ply in sorted(by_ply)], separators=(",", ":"))
            left = await self._db.row("SELECT COUNT(*) FROM ai_jobs WHERE review_id = ?", (review.id,))
            finished = int(left[0]) == 0
            done = review.total if finished else min(review.total, review.done + job.span)
            taken = job.taken_at if job.taken_at is not None else now
            started = taken if review.started_at is None else min(review.started_at, taken)
            await self._db.execute(
                "UPDATE reviews SET moves = ?, state = ?, done = ?, seconds = ?, started_at = ?, finished_at = ? "
                "WHERE id = ?",
                (moves, "done" if finished else "running", done, review.seconds + seconds, started,
                 now if finished else None, review.id),
            )  # fmt: skip
            row = await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE id = ?", (review.id,))
        return _record(row)

    async def end_orphans(self) -> list[ReviewRecord]:
        """End the running reviews that have no job left (never so but by hand: a review and its jobs are added
        together, and its last job is gathered as it ends), so that their askers are not kept waiting forever."""
        orphans = "state = 'running' AND NOT EXISTS (SELECT 1 FROM ai_jobs j WHERE j.review_id = reviews.id)"
        if await self._db.row(f"SELECT 1 FROM reviews WHERE {orphans} LIMIT 1") is None:
            return []
        now = self._db.clock()
        async with self._db.transaction():
            rows = await self._db.rows(f"SELECT {_COLUMNS} FROM reviews WHERE {orphans}")
            ended = [_record(r) for r in rows]
            for review in ended:
                await self._db.execute(
                    "UPDATE reviews SET state = 'done', done = total, finished_at = ?, updated_at = ? "
                    "WHERE id = ? AND state = 'running'",
                    (now, now, review.id),
                )
            rows = [await self._db.row(f"SELECT {_COLUMNS} FROM reviews WHERE id = ?", (r.id,)) for r in ended]
        return [_record(r) for r in rows]

    # --------------------------------------------------------------------------------------------------------------
    # Where a review's progress is shown and its answer owed

    async def post(self, post: ReviewPost) -> None:
        """Remember a message showing a review's progress (the same message again: replaced)."""
        async with self._db.transaction(durable=False):
            await self._db.execute(
                "DELETE FROM review_posts WHERE review_id = ? AND chat_id = ? AND message_id = ?",
                (post.review_id, post.chat_id, post.message_id),
            )
            await self._db.execute(
                f"INSERT INTO review_posts ({_POST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (post.review_id, post.chat_id, post.message_id, post.thread_id, post.user_id, post.language,
                 int(post.answered), post.edited_at, post.created_at or self._db.clock()),
            )  # fmt: skip

    async def posts(self, review_id: int, *, answered: bool | None = False) -> list[ReviewPost]:
        """The messages showing a review (by default those still owed its answer), oldest first."""
        sql = f"SELECT {_POST_COLUMNS} FROM review_posts WHERE review_id = ?"
        params: list[Any] = [review_id]
        if answered is not None:
            sql += " AND answered = ?"
            params.append(int(answered))
        rows = await self._db.rows(sql + " ORDER BY created_at, chat_id, message_id", params)
        return [_post(r) for r in rows]

    async def edited(self, review_id: int, chat_id: int, message_id: int, at: float) -> None:
        """The progress message was edited at ``at``."""
        async with self._db.transaction(durable=False):
            await self._db.execute(
                "UPDATE review_posts SET edited_at = ? WHERE review_id = ? AND chat_id = ? AND message_id = ?",
                (at, review_id, chat_id, message_id),
            )

    async def answered(self, review_id: int, chat_id: int, message_id: int) -> bool:
        """The finished review was sent where this message is; False when that was done already (another process
        was first) or the message is not remembered."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "UPDATE review_posts SET answered = 1 "
                "WHERE review_id = ? AND chat_id = ? AND message_id = ? AND answered = 0",
                (review_id, chat_id, message_id),
            )
        return changed > 0

    async def unanswered(self, limit: int = 100) -> list[ReviewPost]:
        """Messages of finished reviews still owed the answer (a process stopped before it sent them), oldest
        first."""
        rows = await self._db.rows(
            f"SELECT {', '.join('p.' + c for c in _POST_COLUMNS.split(', '))} FROM review_posts p "
            "JOIN reviews r ON r.id = p.review_id WHERE p.answered = 0 AND r.state = 'done' "
            "ORDER BY p.created_at LIMIT ?",
            (limit,),
        )
        return [_post(r) for r in rows]

    async def prune_posts(self, created_before: float) -> int:
        """Forget the messages that were answered (the finished review was sent there) and were made before
        ``created_before``: nothing is owed there any more. How many."""
        async with self._db.transaction(durable=False):
            return await self._db.execute(
                "DELETE FROM review_posts WHERE answered = 1 AND created_at < ?", (created_before,)
            )


__all__ = ["ReviewPost", "ReviewRecord", "ReviewRowState", "ReviewSubject", "Reviews"]
