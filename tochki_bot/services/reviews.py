"""Reviews of finished games: what each move cost, the biggest mistakes, an annotated record.

A review is asked for a finished game (``subject`` ``game``, ``ref`` its id) or an imported record (``import``, its
import id) by a person (``Reviews.request``). It runs as AI jobs (``ai_jobs`` kind ``review``, ``SPAN`` moves each,
always after the bot's moves and hints in the queue) on this process's runner and on any ``tochki-bot ai-worker``:
each job runs ``search.review_span`` in a worker process and leaves the judged moves in its result. A front end's
process (``Opponent.start(front=True)``) gathers the done jobs into the review's row every ``POLL`` seconds
(``storage.reviews.absorb``: the job is deleted in the same transaction, so each counts once) and tells the
``on_progress`` listeners. Its results are kept in the database: one review per subject (asking again answers at
once), and it survives a restart (the jobs wait in the database). One review at a time per person: ``REVIEW_BUSY``
while theirs runs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Literal

from storage import Job, ReviewPost, ReviewRecord

from ..ai.review import BLUNDER, GROUND, MISTAKE, REVIEW_NODES, MoveReview, Summary, biggest_mistakes, summary
from ..engine import Colour, Game, Point, parse_point
from ..engine.sgf import Mark, SgfError, parse_sgf, write_sgf
from .core import Core
from .errors import Problem, ServiceError
from .finder import Finder
from .model import Person, Place
from .opponent import Opponent
from .runner import MAX_ATTEMPTS, end_task
from .search import read_span, review_span

log = logging.getLogger(__name__)

SPAN = 10
"""Moves judged by one job."""
MOVE_SECONDS = 0.25
"""About how long judging one move takes on a 39x32 board at ``REVIEW_NODES`` on one core: measured on the zagram
record of 245 moves, 57 s in all, 2.3 s a span of 10 on average (1.1 s early in the game, up to 12 s for the
tactical spans near its end); other boards and budgets in proportion (``move_seconds``)."""
LEASE_FACTOR = 10.0
"""A span's lease is this many times its expected time: the slowest spans take five times the average, and a busy
machine is slower still (a lease that runs out early only makes another runner judge the span again)."""

Subject = Literal["game", "import"]
ReviewState = Literal["running", "done"]


def move_seconds(width: int, height: int, nodes: int = REVIEW_NODES) -> float:
    """About how long judging one move takes on a ``width`` x ``height`` board at ``nodes`` (one core).

    >>> round(move_seconds(39, 32), 2), round(move_seconds(20, 20, 1000), 3)
    (0.25, 0.04)
    """
    return max(0.001, MOVE_SECONDS * (width * height) / (39 * 32) * nodes / REVIEW_NODES)


def lease_seconds(width: int, height: int, nodes: int, count: int = SPAN) -> float:
    """The lease of a job judging ``count`` moves (the runner adds its grace)."""
    return max(2.0, LEASE_FACTOR * count * move_seconds(width, height, nodes))


def spans(total: int, size: int = SPAN) -> list[tuple[int, int]]:
    """The ``(first, count)`` spans of ``size`` moves that go through moves 1 to ``total``.

    >>> spans(23)
    [(1, 10), (11, 10), (21, 3)]
    """
    return [(first, min(size, total - first + 1)) for first in range(1, total + 1, size)]


@dataclass(frozen=True, slots=True)
class ReviewView:
    """A review as front ends show it."""

    id: int
    subject: Subject
    ref: int
    """The game's id or the import's id."""
    asked_by: int
    """Who asked first (the one whose progress message is edited)."""
    state: ReviewState
    total: int
    """Moves (plies) to go through."""
    done: int
    """Moves gone through so far (``total`` when done)."""
    moves: tuple[MoveReview, ...]
    """The moves judged so far, in order (all of them when ``state`` is ``done``). Only dots and groundings (a STOP
    as the grounding it stands for) are judged: a resignation, the extra dots after a STOP are not; a span whose
    job failed ``MAX_ATTEMPTS`` times has none."""
    game: Game
    """The whole game as played (its position after the last move)."""
    blue_name: str
    red_name: str
    created_at: float
    finished_at: float | None
    expected_seconds: float | None
    """About how long until it is done (``None``: done, or not known yet)."""
    nodes: int = REVIEW_NODES
    """The search budget of each move."""
    seconds: float = 0.0
    """The search time of the spans gathered so far, summed (over every runner)."""

    def summary(self, colour: Colour) -> Summary:
        """``colour``'s moves in numbers."""
        return summary(list(self.moves), colour)

    def mistakes(self, colour: Colour, count: int = 3) -> list[MoveReview]:
        """``colour``'s biggest mistakes, the biggest first."""
        return biggest_mistakes(list(self.moves), colour, count)

    def evaluation(self) -> list[tuple[int, float]]:
        """The evaluation graph's points: after each judged move, its ply and the expected score difference blue
        minus red."""
        return [(m.ply, m.blue_value()) for m in self.moves]

    def move(self, ply: int) -> MoveReview | None:
        """The judged move at ``ply``, if it was judged."""
        return next((m for m in self.moves if m.ply == ply), None)


ProgressListener = Callable[[ReviewView], Awaitable[None]]
"""Told when a review moved on (more moves judged) and when it is done."""


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def review_comment(review: MoveReview) -> str:
    """The comment of a judged move in the annotated SGF: the estimate after it (who leads, by how much), the best
    move and what the move played lost.

    >>> review_comment(MoveReview(7, "red", "12-7", "13-8", 3.0, 1.0))
    'Red +1.0 · best 13-8 (+3.0), this move lost 2.0'
    >>> review_comment(MoveReview(8, "blue", "5-5", "5-5", -1.0, -1.0))
    'Red +1.0 · the best move'
    """
    value = review.blue_value()
    estimate = "Even" if abs(value) < 0.05 else f"Blue {_signed(value)}" if value > 0 else f"Red {_signed(-value)}"
    if review.loss < 0.05:
        return f"{estimate} · the best move"
    return f"{estimate} · best {review.best} ({_signed(review.best_value)}), this move lost {review.loss:.1f}"


def annotate(
    moves: tuple[MoveReview, ...] | list[MoveReview], comment: Callable[[MoveReview], str] = review_comment
) -> tuple[dict[int, str], dict[int, tuple[Mark, int]], dict[int, list[tuple[Point | None, str]]]]:
    """What ``write_sgf`` writes of a review: a comment per judged move, ``BM`` (1 a mistake, 2 a blunder) and
    ``TE`` (the best move punishing the opponent's mistake just before) marks, and at each mistake the better move
    as a variation (``None``: grounding)."""
    comments: dict[int, str] = {}
    marks: dict[int, tuple[Mark, int]] = {}
    variations: dict[int, list[tuple[Point | None, str]]] = {}
    by_ply = {m.ply: m for m in moves}
    for m in moves:
        comments[m.ply] = comment(m)
        before = by_ply.get(m.ply - 1)
        if m.grade != "ok":
            marks[m.ply] = ("BM", 2 if m.grade == "blunder" else 1)
            if m.best != m.played:
                point = None if m.best == GROUND else parse_point(m.best)
                variations[m.ply] = [(point, f"Better: {m.best} ({_signed(m.best_value)})")]
        elif m.loss < 0.05 and before is not None and before.colour != m.colour and before.grade != "ok":
            marks[m.ply] = ("TE", 1)
    return comments, marks, variations


class Reviews:
    """The use cases of reviews (``Services.reviews``). Its jobs are done by the ``opponent``'s runner (in any
    process); a front end's process gathers them (``Opponent.keep``)."""

    def __init__(self, core: Core, finder: Finder, opponent: Opponent, *, nodes: int = REVIEW_NODES) -> None:
        self._core = core
        self._finder = finder
        self._opponent = opponent
        self.nodes = nodes
        """The search budget of each move of a new review."""
        self._listeners: list[ProgressListener] = []
        self._telling: set[asyncio.Task[None]] = set()
        self._imports: dict[int, tuple[Game, str, str]] = {}
        opponent.handle("review", self._do)
        opponent.keep(self.gather)

    # --------------------------------------------------------------------------------------------------------------
    # Asking

    async def request(
        self, subject: Subject, ref: int, who: Person, *, place: Place | None = None, seen: bool = False
    ) -> ReviewView:
        """Start a review (or return the one there is, done or running with its progress).

        ``who`` must be allowed to see the game: a player (or its creator), or anyone in the group it was played in
        (``place``: where the request was made; without one, ``who``'s private chat), or a chat that follows it;
        an import, the person who sent it (or anyone in the chat it was sent to). ``seen``: the front end has
        checked already (the Mini App's spectator code). Raises ``ServiceError``: ``NO_SUCH_GAME`` (no such game,
        or ``who`` may not see it), ``NO_SUCH_RECORD`` (the same for an import), ``REVIEW_NOT_OVER`` (the game is
        in its lobby or being played), ``REVIEW_CANCELLED``, ``REVIEW_BUSY`` (``who`` has another review running:
        its ``subject`` and ``id``)."""
        if subject not in ("game", "import"):
            raise ValueError(f"a review is of a game or an import, not {subject!r}")
        storage = self._core.storage
        where = place or Place(who.id, "private")
        if subject == "game":
            record = await storage.games.get(ref)
            if record is None or not (seen or await self._finder.visible(record, where, who.id)):
                raise ServiceError(Problem.NO_SUCH_GAME, id=ref)
            if record.state == "cancelled":
                raise ServiceError(Problem.REVIEW_CANCELLED, id=ref)
            if record.state != "finished":
                raise ServiceError(Problem.REVIEW_NOT_OVER, id=ref)
            game = (await self._core.view(record)).position
            sgf: str | None = None
            game_id: int | None = ref
        else:
            kept = await storage.imports.get(ref)
            if kept is None or not (seen or who.id == kept.user_id or where.chat_id == kept.chat_id):
                raise ServiceError(Problem.NO_SUCH_RECORD, id=ref)
            try:
                game = parse_sgf(kept.sgf).game()
            except SgfError:  # kept once it was read: it reads
                raise ServiceError(Problem.NO_SUCH_RECORD, id=ref) from None
            sgf, game_id = kept.sgf, None
        for _ in range(2):
            there = await storage.reviews.of(subject, ref)
            if there is not None:
                return await self._view(there)
            mine = await storage.reviews.running_of(who.id)
            if mine is not None:
                raise ServiceError(Problem.REVIEW_BUSY, subject=mine.subject, id=mine.ref)
            total = len(game.moves)
            added = await storage.reviews.add(
                subject,
                ref,
                who.id,
                total,
                self.nodes,
                record=sgf,
                game_id=game_id,
                spans=spans(total),
                lease=lease_seconds(game.width, game.height, self.nodes),
            )
            if added is not None:
                runner = self._opponent.runner
                if runner is not None:
                    runner.wake()
                log.info("review %d of %s %d: %d moves asked by %d", added.id, subject, ref, total, who.id)
                return await self._view(added)
        raise ServiceError(Problem.BUSY)  # raced twice with other requests: try again

    async def get(self, review_id: int) -> ReviewView:
        """A review by its id (``NO_SUCH_GAME`` when there is none)."""
        record = await self._core.storage.reviews.get(review_id)
        if record is None:
            raise ServiceError(Problem.NO_SUCH_GAME, id=review_id)
        return await self._view(record)

    async def of(self, subject: Subject, ref: int) -> ReviewView | None:
        """The review of a game or an import, if there is one (running or done)."""
        record = await self._core.storage.reviews.of(subject, ref)
        return await self._view(record) if record is not None else None

    async def running_of(self, user_id: int) -> ReviewView | None:
        """The review ``user_id`` asked for that is still running, if any."""
        record = await self._core.storage.reviews.running_of(user_id)
        return await self._view(record) if record is not None else None

    def on_progress(self, listener: ProgressListener) -> None:
        """Be told when a review moved on (more moves judged) and once when it is done, in the process that
        gathered its jobs (a front end's)."""
        self._listeners.append(listener)

    # --------------------------------------------------------------------------------------------------------------
    # Where a review is shown (a front end's messages: kept over a restart)

    async def posted(
        self,
        review_id: int,
        chat_id: int,
        message_id: int,
        *,
        thread_id: int = 0,
        user_id: int | None = None,
        language: str | None = None,
    ) -> None:
        """A message showing the review's progress was sent to ``chat_id``: it is edited as the review moves on and
        owed the finished review (``posts``, ``answered``)."""
        now = self._core.clock()
        post = ReviewPost(review_id, chat_id, message_id, thread_id, user_id, language, False, now, now)
        await self._core.storage.reviews.post(post)

    async def posts(self, review_id: int, *, answered: bool | None = False) -> list[ReviewPost]:
        """The messages showing the review: those still owed its answer (``answered=None``: all)."""
        return await self._core.storage.reviews.posts(review_id, answered=answered)

    async def edited(self, post: ReviewPost, at: float | None = None) -> None:
        """The progress message was edited (now, or at ``at``)."""
        when = self._core.clock() if at is None else at
        await self._core.storage.reviews.edited(post.review_id, post.chat_id, post.message_id, when)

    async def answered(self, post: ReviewPost) -> bool:
        """The finished review was sent where ``post`` is; False when another process had done it (then this one
        should not send it again)."""
        return await self._core.storage.reviews.answered(post.review_id, post.chat_id, post.message_id)

    async def unanswered(self, limit: int = 100) -> list[ReviewPost]:
        """Messages of finished reviews still owed the answer (the process that would have sent it stopped first):
        a front end sends them when it starts."""
        return await self._core.storage.reviews.unanswered(limit)

    def sgf(self, review: ReviewView, comment: Callable[[MoveReview], str] = review_comment) -> str:
        """The annotated SGF (GM[40]): per judged move ``C[]`` with the estimate and the better move (``comment``
        words it), ``BM[]``/``TE[]``, the better move as a variation. Our import reads it back with the
        comments (``SgfRecord.comments``). Raises ``ValueError`` for a board SGF cannot address (over 52 points a
        side)."""
        comments, marks, variations = annotate(review.moves, comment)
        return write_sgf(
            review.game,
            blue=review.blue_name,
            red=review.red_name,
            comments=comments,
            marks=marks,
            variations=variations,
        )

    # --------------------------------------------------------------------------------------------------------------
    # Views

    async def _subject(self, record: ReviewRecord) -> tuple[Game, str, str]:
        if record.subject == "game":
            view = await self._core.game(record.ref)
            return view.position, view.blue.name if view.blue else "Blue", view.red.name if view.red else "Red"
        cached = self._imports.get(record.id)
        if cached is None:
            parsed = parse_sgf(record.record or "")
            cached = self._imports[record.id] = (parsed.game(), parsed.blue or "Blue", parsed.red or "Red")
        return cached

    async def _view(self, record: ReviewRecord) -> ReviewView:
        game, blue, red = await self._subject(record)
        return ReviewView(
            record.id,
            record.subject,
            record.ref,
            record.asked_by,
            record.state,
            record.total,
            record.done,
            tuple(read_span(record.judged())),
            game,
            blue,
            red,
            record.created_at,
            record.finished_at,
            await self._expected(record, game),
            record.nodes,
            record.seconds,
        )

    async def _expected(self, record: ReviewRecord, game: Game) -> float | None:
        """The pace so far times the moves left; before the first span, the expected time of a move over this
        process's workers, for the moves left and those of the reviews ahead in the queue."""
        if record.state == "done":
            return None
        left = record.total - record.done
        if record.done > 0 and record.started_at is not None and record.updated_at > record.started_at:
            rate = (record.updated_at - record.started_at) / record.done  # as fast as it has gone so far
            return max(1.0, rate * left - max(0.0, self._core.clock() - record.updated_at))
        ahead = await self._core.storage.jobs.review_moves_before(record.id)
        workers = max(1, self._opponent.workers)
        return max(1.0, move_seconds(game.width, game.height, record.nodes) * (left + ahead) / workers)

    # --------------------------------------------------------------------------------------------------------------
    # The jobs

    async def _do(self, job: Job) -> None:
        """Judge a review job's span (this process's runner took it), in a worker process; its result stays in the
        job until a front end's process gathers it."""
        runner = self._opponent.runner
        assert runner is not None
        storage = self._core.storage
        record = await storage.reviews.get(job.review_id) if job.review_id is not None else None
        if record is None or record.state == "done":
            await storage.jobs.delete(job.id)
            return
        began = time.monotonic()
        found: list[list[Any]] = []
        if job.attempts > MAX_ATTEMPTS:
            log.warning("review %d: moves %d-%d were taken %d times: not judged", record.id, job.ply,
                        job.ply + (job.span or SPAN) - 1, job.attempts)  # fmt: skip
        else:
            game, _, _ = await self._subject(record)
            try:
                found = await runner.run(
                    review_span, game.settings, list(game.moves), job.ply, job.span or SPAN, record.nodes
                )
            except BrokenProcessPool:  # the job is taken again when its lease runs out
                raise
            except Exception:
                log.exception("review %d: moves from %d could not be judged", record.id, job.ply)
        result = json.dumps({"moves": found, "seconds": round(time.monotonic() - began, 3)}, separators=(",", ":"))
        await storage.jobs.finish(job.id, result)

    async def gather(self) -> int:
        """Gather the review jobs that are done into their reviews (each once, whichever process is first) and
        tell the listeners of the reviews that moved on. How many jobs were gathered."""
        storage = self._core.storage
        moved: dict[int, ReviewRecord] = {}
        gathered = 0
        for job in await storage.jobs.reviewed():
            try:
                result = json.loads(job.result or "{}")
                found, seconds = list(result.get("moves", [])), float(result.get("seconds", 0.0))
            except (ValueError, TypeError, AttributeError):
                log.warning("review job %d has an unreadable result: its moves are not judged", job.id)
                found, seconds = [], 0.0
            record = await storage.reviews.absorb(job, found, seconds)
            if record is not None:
                gathered += 1
                moved[record.id] = record
        for record in await storage.reviews.end_orphans():
            log.warning("review %d had no jobs left: it ends with the moves it has", record.id)
            moved[record.id] = record
        for record in moved.values():
            if self._listeners:
                task = asyncio.get_running_loop().create_task(self._tell(record))
                self._telling.add(task)
                task.add_done_callback(self._telling.discard)
            if record.state == "done":
                self._imports.pop(record.id, None)
                log.info("review %d is done (%.1f s of search)", record.id, record.seconds)
        return gathered

    async def _tell(self, record: ReviewRecord) -> None:
        try:
            view = await self._view(record)
        except Exception:
            log.warning("could not show review %d to its listeners", record.id, exc_info=True)
            return
        for listener in self._listeners:
            try:
                await listener(view)
            except Exception:
                log.warning("a review listener failed on review %d", record.id, exc_info=True)

    async def settle(self, timeout: float = 120.0) -> None:
        """Gather until no review is running and every listener was told (tests; the runners must be running)."""
        deadline = time.monotonic() + timeout
        while True:
            await self.gather()
            if not await self._core.storage.reviews.running() and not self._telling:
                return
            if time.monotonic() > deadline:
                raise TimeoutError("reviews are still running")
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        """Stop telling listeners (the reviews go on in the database)."""
        for task in list(self._telling):
            await end_task(task)


__all__ = [
    "BLUNDER",
    "MISTAKE",
    "MOVE_SECONDS",
    "REVIEW_NODES",
    "SPAN",
    "ProgressListener",
    "ReviewPost",
    "ReviewState",
    "ReviewView",
    "Reviews",
    "Subject",
    "annotate",
    "lease_seconds",
    "move_seconds",
    "review_comment",
    "spans",
]
