"""Puzzles: positions from real games where exactly one move wins clearly (``tochki_bot.ai.puzzles`` finds and checks
them), shown to a person (rated: their puzzle rating and the puzzle's move by Glicko-2, as games do) or to a group
(the first correct answer wins), one a day in groups that ask for it.

They come from the set shipped with the bot (``puzzles.json``, made by ``benchmarks/puzzles.py`` from the real
records under ``tests/data``) and from the bot's own finished games that are public: group games, and private games
whose players allow it (``set_share``). ``mine`` looks at such games, a few at a time, in a worker process.

>>> import asyncio
>>> from tochki_bot.services import Services
>>> async def demo():
...     services = await Services.open(":memory:")
...     puzzle = await services.puzzles.next_for(1)
...     outcome = await services.puzzles.answer(puzzle.id, 1, puzzle.solution)
...     after = await services.puzzles.puzzler(1)
...     await services.close()
...     return outcome.correct, outcome.rated, after.rating.rating > 1500, after.solved
>>> asyncio.run(demo())
(True, True, True, 1)
"""

from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from storage import Duplicate, PuzzlePost, PuzzleRecord, PuzzlerRecord

from ..ai.puzzles import FIRST_PLY, REVIEW_NODES, Found, Kind, Verdict, find_puzzles
from ..engine import Colour, Game, GameSettings, Move, Point, parse_point
from ..processes import pool, stop
from .core import Core
from .errors import Problem, ServiceError
from .ratings import START_DEVIATION, START_RATING, START_VOLATILITY, Rating

log = logging.getLogger(__name__)
SHIPPED = "puzzles.json"
"""The puzzle set shipped with the bot (package data of ``tochki_bot.services``)."""
OPEN_FOR = 3600.0
"""Seconds a private chat's puzzle takes plain ``x-y`` answers after it was shown (later, ``x-y`` is a move again)."""
DAY = 86400.0
PUZZLE_DEVIATION = 200.0
"""A new puzzle's rating deviation: its first rating is an estimate of how deep one must read."""
GROUP_RATING = START_RATING
"""The rating a group's puzzles are chosen near."""
MINE_AT_ONCE = 1
"""Finished games looked at per ``mine`` call."""


# ------------------------------------------------------------------------------------------------------------------
# Positions as text


def moves_text(moves: list[Move]) -> str:
    """A position's dots as text: ``b20-18 r21-18``.

    >>> moves_text([Move.dot("blue", 20, 18), Move.dot("red", 21, 18)])
    'b20-18 r21-18'
    """
    return " ".join(f"{m.colour[0]}{m.point}" for m in moves if m.point is not None)


def moves_of(text: str) -> list[Move]:
    """``moves_text``'s form read back (``ValueError`` for anything else)."""
    out: list[Move] = []
    for token in text.split():
        colour: Colour = "blue" if token[0] == "b" else "red" if token[0] == "r" else _bad(token)
        point = parse_point(token[1:])
        out.append(Move.dot(colour, point.x, point.y))
    return out


def _bad(token: str) -> Colour:
    raise ValueError(f"not a dot: {token!r}")


def initial_rating(verdict: Verdict) -> float:
    """A new puzzle's rating, by how hard it looks: a capture the best already at one ply is easy (1200), a quiet
    move that is the best at one ply (a threat, a block) less so (1450), one that only reading deeper finds harder
    (1700, and 100 more for every two plies beyond 3)."""
    if verdict.found_at <= 1:
        return 1200.0 if verdict.capture else 1450.0
    return 1700.0 + 100.0 * (verdict.found_at - 3) / 2


def record_of(source: str, found: Found) -> PuzzleRecord:
    """A puzzle found in ``source`` as it is stored."""
    v = found.verdict
    return PuzzleRecord(
        0,
        source,
        found.ply,
        json.dumps(found.position.settings.to_dict(), separators=(",", ":")),
        moves_text(list(found.position.moves)),
        str(v.best),
        v.kind,
        v.value,
        v.runner_up,
        initial_rating(v),
        PUZZLE_DEVIATION,
        START_VOLATILITY,
    )


# ------------------------------------------------------------------------------------------------------------------
# What front ends get


@dataclass(frozen=True, slots=True)
class PuzzleView:
    """A puzzle as front ends show it."""

    id: int
    source: str
    position: Game
    solution: Point
    kind: Kind
    value: float
    """What the solution is worth, in dots from the mover's side (the score difference after it)."""
    runner_up: float
    """The most any other move is worth."""
    rating: Rating

    @property
    def to_move(self) -> Colour:
        return self.position.to_move

    @property
    def margin(self) -> int:
        """Dots the solution wins beyond any other move (at least 3, unless it wins the game)."""
        return round(self.value - self.runner_up)

    @property
    def gain(self) -> int:
        """Dots the solution wins against the score as it stands (0 or less for a move that saves dots)."""
        blue, red = self.position.score
        now = blue - red if self.to_move == "blue" else red - blue
        return round(self.value) - now

    def solved_position(self) -> Game:
        """The position after the solution (its captures made)."""
        game = self.position.copy()
        game.play(*self.solution)
        return game


@dataclass(frozen=True, slots=True)
class Puzzler:
    """A person's puzzle rating and record."""

    user_id: int
    rating: Rating
    solved: int = 0
    failed: int = 0
    share: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an answer did."""

    puzzle: PuzzleView
    answer: Point
    correct: bool
    rated: bool = False
    """It moved the person's puzzle rating (their first answer to this puzzle, in private)."""
    before: Rating | None = None
    after: Rating | None = None
    again: bool = False
    """The person had answered this puzzle already (nothing changed)."""
    winner: int | None = None
    """A group's puzzle: who answered it right first (this person, when ``first``)."""
    first: bool = False
    """This answer won the group's puzzle."""
    earlier: str | None = None
    """A group's puzzle: this person's earlier try (they had one already: nothing changed)."""


def _view(record: PuzzleRecord) -> PuzzleView:
    settings = GameSettings.from_dict(json.loads(record.settings))
    position = Game.from_settings(settings, moves_of(record.moves))
    rating = Rating(record.rating, record.deviation, record.volatility, games=record.attempts, wins=record.solved)
    kind: Kind = "win" if record.kind == "win" else "save" if record.kind == "save" else "capture"
    return PuzzleView(
        record.id,
        record.source,
        position,
        parse_point(record.solution),
        kind,
        record.value,
        record.runner_up,
        rating,
    )


def _puzzler(user_id: int, record: PuzzlerRecord | None) -> Puzzler:
    if record is None:
        return Puzzler(user_id, Rating(START_RATING, START_DEVIATION, START_VOLATILITY))
    rating = Rating(
        record.rating,
        record.deviation,
        record.volatility,
        games=record.solved + record.failed,
        wins=record.solved,
        losses=record.failed,
    )
    return Puzzler(user_id, rating, record.solved, record.failed, record.share)


def _record(puzzler: Puzzler, at: float) -> PuzzlerRecord:
    r = puzzler.rating
    return PuzzlerRecord(
        puzzler.user_id, r.rating, r.deviation, r.volatility, puzzler.solved, puzzler.failed, puzzler.share, at
    )


def _mine(settings: dict[str, Any], moves: str, nodes: int) -> list[tuple[int, dict[str, Any], str, Verdict]]:
    """In a worker process: the puzzles of one game (its settings and dots as text), as plain values."""
    found = find_puzzles(GameSettings.from_dict(settings), moves_of(moves), nodes=nodes)
    return [(f.ply, f.position.settings.to_dict(), moves_text(list(f.position.moves)), f.verdict) for f in found]


class Puzzles:
    """Puzzles for people and groups."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._storage = core.storage
        self._loaded = False
        self._executor: Executor | None = None

    # --------------------------------------------------------------------------------------------------------------
    # The set

    async def load_shipped(self) -> int:
        """Store the shipped set's puzzles the database does not have yet; how many were added."""
        text = resources.files("tochki_bot.services").joinpath(SHIPPED).read_text(encoding="utf-8")
        added = 0
        now = self._core.clock()
        for item in json.loads(text)["puzzles"]:
            record = PuzzleRecord(
                0,
                str(item["source"]),
                int(item["ply"]),
                json.dumps(item["settings"], separators=(",", ":")),
                str(item["moves"]),
                str(item["solution"]),
                str(item["kind"]),
                float(item["value"]),
                float(item["runner_up"]),
                float(item["rating"]),
                PUZZLE_DEVIATION,
                START_VOLATILITY,
                created_at=now,
            )
            added += await self._storage.puzzles.add(record)
        return added

    async def _ready(self) -> None:
        if not self._loaded:
            await self.load_shipped()
            self._loaded = True

    async def count(self) -> int:
        await self._ready()
        return await self._storage.puzzles.count()

    async def puzzle(self, puzzle_id: int) -> PuzzleView:
        """A puzzle by its number (``STALE`` when there is none)."""
        await self._ready()
        record = await self._storage.puzzles.get(puzzle_id)
        if record is None:
            raise ServiceError(Problem.STALE)
        return _view(record)

    async def answered_by(self, puzzle_id: int, user_id: int) -> tuple[Point | None, bool] | None:
        """A person's earlier answer to a puzzle and whether it was right (``None`` as the point: they skipped it
        and were shown the solution), or ``None`` when they have not answered it."""
        found = await self._storage.puzzles.attempt(puzzle_id, user_id)
        if found is None:
            return None
        answer, correct, _ = found
        return (None if answer == "skip" else parse_point(answer)), correct

    # --------------------------------------------------------------------------------------------------------------
    # People

    async def puzzler(self, user_id: int) -> Puzzler:
        return _puzzler(user_id, await self._storage.puzzles.puzzler(user_id))

    async def set_share(self, user_id: int, on: bool) -> Puzzler:
        """Whether the person's finished private games may give puzzles (group games always may)."""
        puzzler = replace(await self.puzzler(user_id), share=on)
        await self._storage.puzzles.save_puzzler(_record(puzzler, self._core.clock()))
        return puzzler

    async def next_for(self, user_id: int) -> PuzzleView | None:
        """The next puzzle for a person: one they never saw, rated nearest to their puzzle rating (so it gets
        harder as they solve, easier as they fail); ``None`` when they saw them all."""
        await self._ready()
        puzzler = await self.puzzler(user_id)
        record = await self._storage.puzzles.nearest_unseen(user_id, puzzler.rating.rating)
        return _view(record) if record is not None else None

    async def for_group(self, chat_id: int) -> PuzzleView | None:
        """A puzzle never shown in the group, rated nearest to an average player's; ``None`` when all were."""
        await self._ready()
        record = await self._storage.puzzles.nearest_unposted(chat_id, GROUP_RATING)
        return _view(record) if record is not None else None

    # --------------------------------------------------------------------------------------------------------------
    # Shown

    async def shown(
        self, chat_id: int, message_id: int, puzzle_id: int, *, thread_id: int = 0, asked_by: int | None = None
    ) -> None:
        """A puzzle went to a chat as ``message_id``."""
        post = PuzzlePost(chat_id, message_id, puzzle_id, thread_id, asked_by, created_at=self._core.clock())
        await self._storage.puzzles.posted(post)

    async def post(self, chat_id: int, message_id: int) -> PuzzlePost | None:
        """The puzzle shown as that message, if it is one."""
        return await self._storage.puzzles.post(chat_id, message_id)

    async def open_here(self, chat_id: int) -> PuzzlePost | None:
        """A private chat's puzzle still waiting for its answer (shown within ``OPEN_FOR``)."""
        return await self._storage.puzzles.open_post(chat_id, self._core.clock() - OPEN_FOR)

    async def skip_open(self, chat_id: int, user_id: int) -> list[PuzzlePost]:
        """A person asks for another puzzle while one waits: the waiting ones are closed, unrated (they are not
        offered again). Returns them (their buttons are to go)."""
        skipped = []
        for post in await self._storage.puzzles.open_posts(chat_id):
            if await self._storage.puzzles.close_post(chat_id, post.message_id):
                record = await self._storage.puzzles.get(post.puzzle_id)
                if record is not None:
                    await self._storage.puzzles.answered(record, user_id, "skip", False, rated=False)
                skipped.append(post)
        return skipped

    # --------------------------------------------------------------------------------------------------------------
    # Answers

    async def answer(self, puzzle_id: int, user_id: int, point: Point, *, update_id: int | None = None) -> Outcome:
        """A person's answer in private: right or wrong. Their first answer to a puzzle moves their puzzle rating
        and the puzzle's (Glicko-2: a solve is a win against the puzzle); a later one changes nothing. A repeated
        update is refused (``DUPLICATE``)."""
        await self._ready()
        record = await self._storage.puzzles.get(puzzle_id)
        if record is None:
            raise ServiceError(Problem.STALE)
        puzzle = _view(record)
        correct = point == puzzle.solution
        known = await self._storage.puzzles.attempt(puzzle_id, user_id)
        if known is not None:
            return Outcome(puzzle, point, correct, again=True)
        me = await self.puzzler(user_id)
        score = 1.0 if correct else 0.0
        mine = me.rating.after(puzzle.rating, score)
        theirs = puzzle.rating.after(me.rating, 1.0 - score)
        after = replace(me, rating=mine, solved=me.solved + correct, failed=me.failed + (not correct))
        try:
            stored = await self._storage.puzzles.answered(
                record,
                user_id,
                str(point),
                correct,
                rated=True,
                puzzle_rating=(theirs.rating, theirs.deviation, theirs.volatility),
                puzzler=_record(after, self._core.clock()),
                update_id=update_id,
            )
        except Duplicate:
            raise ServiceError(Problem.DUPLICATE) from None
        if not stored:  # answered meanwhile (a second press, a repeat)
            return Outcome(puzzle, point, correct, again=True)
        return Outcome(puzzle, point, correct, rated=True, before=me.rating, after=mine)

    async def answer_private(
        self, post: PuzzlePost, user_id: int, point: Point, *, update_id: int | None = None
    ) -> Outcome:
        """The answer to the puzzle shown in a private chat: it closes it."""
        outcome = await self.answer(post.puzzle_id, user_id, point, update_id=update_id)
        await self._storage.puzzles.close_post(post.chat_id, post.message_id)
        return outcome

    async def answer_group(
        self, post: PuzzlePost, user_id: int, point: Point, *, update_id: int | None = None
    ) -> Outcome:
        """A try at a group's puzzle: one try each; the first correct one wins it (unrated: a race is not a rated
        solve). A try after it was won changes nothing."""
        record = await self._storage.puzzles.get(post.puzzle_id)
        if record is None:
            raise ServiceError(Problem.STALE)
        puzzle = _view(record)
        correct = point == puzzle.solution
        if post.closed:
            return Outcome(puzzle, point, correct, winner=post.solved_by)
        try:
            earlier = await self._storage.puzzles.tried(post.chat_id, post.message_id, user_id, str(point), update_id)
        except Duplicate:
            raise ServiceError(Problem.DUPLICATE) from None
        if earlier is not None:
            return Outcome(puzzle, point, correct, earlier=earlier)
        if not correct:
            return Outcome(puzzle, point, False)
        if await self._storage.puzzles.close_post(post.chat_id, post.message_id, solved_by=user_id):
            return Outcome(puzzle, point, True, winner=user_id, first=True)
        again = await self._storage.puzzles.post(post.chat_id, post.message_id)
        return Outcome(puzzle, point, True, winner=again.solved_by if again else None)

    # --------------------------------------------------------------------------------------------------------------
    # A puzzle a day

    async def set_daily(self, chat_id: int, thread_id: int, on: bool) -> bool:
        """A group gets a puzzle a day (the first now) or no more; whether it was on before."""
        was = await self._storage.puzzles.daily(chat_id) is not None
        await self._storage.puzzles.set_daily(chat_id, thread_id, self._core.clock() if on else None)
        return was

    async def daily(self, chat_id: int) -> bool:
        return await self._storage.puzzles.daily(chat_id) is not None

    async def daily_due(self) -> list[tuple[int, int]]:
        """The groups whose puzzle of the day is due now, each taken (moved on a day) once: ``(chat_id, thread)``."""
        now = self._core.clock()
        due = []
        for chat_id, thread_id, at in await self._storage.puzzles.daily_due(now):
            following = at + DAY * max(1, int((now - at) // DAY) + 1)  # a bot that was down: the next one a day on
            if await self._storage.puzzles.daily_done(chat_id, at, following):
                due.append((chat_id, thread_id))
        return due

    async def next_daily(self) -> float | None:
        """When the next puzzle of the day is due (``None``: no group gets one)."""
        return await self._storage.puzzles.next_daily()

    # --------------------------------------------------------------------------------------------------------------
    # Puzzles from the bot's own games

    async def public(self, game_id: int) -> bool:
        """Whether a finished game may give puzzles: a group game, or a private one whose players all allow it."""
        view = await self._core.game(game_id)
        if view.kind == "group":
            return True
        people = [p.id for p in view.people]
        return set(people) <= await self._storage.puzzles.sharing(people)

    async def mine(self, limit: int = MINE_AT_ONCE, *, nodes: int = REVIEW_NODES, processes: bool = True) -> int:
        """Look at up to ``limit`` finished games not looked at yet for puzzles; returns how many puzzles were found.
        A private game whose players do not all allow it when it is looked at is marked as looked at, and gives none.
        The search runs in a worker process (``processes``), else in a thread."""
        storage = self._storage.puzzles
        found = 0
        for game_id in await storage.unmined(limit, FIRST_PLY + 2):
            if not await self.public(game_id):
                await storage.mined(game_id, -1)
                continue
            view = await self._core.game(game_id)
            settings = view.position.settings.to_dict()
            text = moves_text(list(view.position.moves))
            if processes:
                if self._executor is None:
                    self._executor = pool(1)
                loop = asyncio.get_running_loop()
                results = await loop.run_in_executor(self._executor, _mine, settings, text, nodes)
            else:
                results = await asyncio.to_thread(_mine, settings, text, nodes)
            now = self._core.clock()
            for ply, position_settings, position_moves, verdict in results:
                position = Game.from_settings(GameSettings.from_dict(position_settings), moves_of(position_moves))
                record = replace(record_of(f"game:{game_id}", Found(ply, position, verdict)), created_at=now)
                found += await storage.add(record)
            await storage.mined(game_id, len(results))
            log.info("game %s gave %d puzzles", game_id, len(results))
        return found

    def close(self) -> None:
        if self._executor is not None:
            stop(self._executor)
            self._executor = None


__all__ = ["OPEN_FOR", "Outcome", "PuzzleView", "Puzzler", "Puzzles", "initial_rating", "moves_of", "moves_text"]
