"""The bot as a player: games against the AI at a level, its moves, hints, and its record against each person.

Every search the bot owes is a job in the database (``storage.jobs``): when the bot is to move, its move's job is
added (one per game and position), and a hint someone asks for is a job its asker waits on. Jobs are taken by the
job runners (``runner.Runner``) of any process on the database, each searching in worker processes, never on an event
loop: a bot process runs one unless ``TOCHKI_AI_WORKERS=0``, ``tochki-bot ai-worker`` runs only that. The jobs
survive restarts; a job whose runner died is taken again when its lease runs out.

The AI's move goes through ``Play`` like anyone's (same checks, same ply guard, same outbox), with the origin ``"ai"``
and the ply the job was for, so a result for a position that has moved on is dropped and a move is stored once
whoever searched it. A move stored in this process is told to this process's listeners (the front ends) as it is
stored. A move a process without players' front ends stored (an ai-worker) is left in its job, marked done: a front
end process (``start(front=True)``) looks for such jobs every ``POLL`` seconds, takes each (one process does), and
tells its listeners of the move as a change of origin ``"ai"`` unless the outbox shows it was already announced.

The AI plays as a user of its own per level (``BOTS``: negative ids, which no Telegram user has). It is never asked
anything: a draw offered to it is refused at once, it has no clock (it moves within seconds, and after a restart it
moves then), and it is never sent a message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from storage import Job

from ..ai import BUDGET, LEVELS
from ..engine import Point
from .changes import Origin
from .core import Core
from .errors import Problem, ServiceError
from .model import GameView, Person
from .people import BOT_IDS, BOT_NAMES
from .play import Play
from .runner import MAX_ATTEMPTS, PAUSE, POLL, Runner, action_text, end_task, parse_action
from .search import MAX_EXTRA_DOTS, Action, extra_dots, fallback, search, sports_proxy

log = logging.getLogger(__name__)

Level = Literal["easy", "normal", "hard"]
BOTS: dict[str, int] = {level: bot_id for bot_id, level in BOT_IDS.items()}
"""The user id of the bot at each level."""
HINT_LEVEL: Level = "hard"
"""A hint is the strongest search's move (``hard``, compiled: ``tochki_bot.ai.kernel``) in a second."""
HINT_SECONDS = 1.0
HINT_WAIT = 20.0
"""Seconds a hint waits for a runner beyond its search time before it is given up (``NO_HINT_NOW``)."""
TYPING_EVERY = 4.0
"""Seconds between "thinking" signals while a move's job waits or runs (Telegram's "typing…" lasts about 5 s)."""


def bot_level(user_id: int | None) -> str | None:
    """The level of the bot playing as ``user_id``, or ``None`` for a person."""
    return BOT_IDS.get(user_id) if user_id is not None else None


def bot_person(level: str) -> Person:
    """The bot at ``level`` as a player who makes requests."""
    return Person(BOTS[level], BOT_NAMES[level])


@dataclass(frozen=True, slots=True)
class Record:
    """A person's results against the bot at one level."""

    level: str
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


ThinkingListener = Callable[[GameView, bool], Awaitable[None]]
"""Told when the AI starts (``True``, and again every ``TYPING_EVERY`` seconds while it is at it) and stops
(``False``) thinking about a game."""


@dataclass(slots=True)
class _Watch:
    """A game whose move job this process waits for: at ``ply``, last said to be thinking at ``told``."""

    view: GameView
    told: float


class Opponent:
    """The bot's games. ``start()`` makes it listen to changes, add a job whenever the bot is to move, and run jobs
    in ``workers`` worker processes (``0``: this process searches nothing; other processes' runners do)."""

    def __init__(
        self,
        core: Core,
        play: Play,
        *,
        workers: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        poll: float = POLL,
    ) -> None:
        self._core = core
        self._play = play
        self._workers = (os.cpu_count() or 1) if workers is None else workers
        self._seconds = seconds
        """Seconds a move (``None``: each level's own budget)."""
        self._seed = seed
        """With a seed, every search is reproducible (derived from the seed, the game and the move)."""
        self.poll = poll
        """Seconds between looks at the jobs this process waits for (and, in a front end, moves stored elsewhere)."""
        self.typing_every = TYPING_EVERY
        self._runner: Runner | None = None
        self._front = True
        self._watching: dict[int, _Watch] = {}
        self._hints: dict[int, asyncio.Event] = {}
        self._thinking: list[ThinkingListener] = []
        self._stop: Callable[[], None] | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._telling: set[asyncio.Task[None]] = set()
        self._handlers: dict[str, Callable[[Job], Awaitable[None]]] = {}
        self._keepers: list[Callable[[], Awaitable[object]]] = []

    # --------------------------------------------------------------------------------------------------------------
    # Running

    @property
    def workers(self) -> int:
        """Searches this process may run at once (``0``: none)."""
        return self._workers

    @property
    def runner(self) -> Runner | None:
        """This process's job runner, once started (``None`` without workers)."""
        return self._runner

    async def start(self, *, front: bool = True) -> int:
        """Listen to changes, add the job of every active game where the bot is to move (after a restart), and start
        taking jobs (with workers). ``front``: this process tells players of changes (a bot, local mode), so it also
        tells its listeners of the moves that processes without front ends stored. Returns how many games the bot
        is to move in."""
        self._front = front
        if self._stop is None:
            self._stop = self._core.changes.subscribe(self._on_change)
        if self._runner is None and self._workers > 0:
            self._runner = Runner(self._core, self._do, self._workers)
            self._runner.start()
        if self._keeper is None:
            self._keeper = asyncio.get_running_loop().create_task(self._keep())
        due = 0
        for bot_id in BOTS.values():
            for record in await self._core.storage.games.of_user(bot_id, ("active",), limit=10_000):
                view = await self._core.view(record)
                if self._to_move(view) is not None:
                    await self._want(view)
                    due += 1
        return due

    async def close(self) -> None:
        """Stop listening and taking jobs; the searches under way end unused and their jobs go back to the queue
        (another runner, or this process after a restart, does them)."""
        if self._stop is not None:
            self._stop()
            self._stop = None
        if self._keeper is not None:
            await end_task(self._keeper)
            self._keeper = None
        if self._runner is not None:
            await self._runner.close()
            self._runner = None
        for task in list(self._telling):
            await end_task(task)
        self._watching.clear()

    def handle(self, kind: str, handler: Callable[[Job], Awaitable[None]]) -> None:
        """Jobs of ``kind`` (another service's, such as ``review``) taken by this process's runner go to
        ``handler``, which calls ``runner.run`` for its search."""
        self._handlers[kind] = handler

    def keep(self, keeper: Callable[[], Awaitable[object]]) -> None:
        """Call ``keeper`` every ``poll`` seconds in a front end's process (another service's bookkeeping of jobs,
        such as gathering reviews), from ``start(front=True)`` to ``close``."""
        self._keepers.append(keeper)

    def on_thinking(self, listener: ThinkingListener) -> None:
        """Be told when the AI starts and stops thinking about a game (a front end shows "thinking…")."""
        self._thinking.append(listener)

    async def settle(self, timeout: float = 120.0) -> None:
        """Wait until the bot has made every move this process waits for, and every change was told (tests)."""
        deadline = time.monotonic() + timeout
        changes = self._core.changes
        while True:
            await changes.settle()  # the changes that may give the bot a move to make
            if self._idle():
                await changes.settle()  # the change the last job's move made, told before the job was over
                if self._idle():
                    return
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot still owes moves in games {sorted(self._watching)}")
            await asyncio.sleep(0.005)

    def _idle(self) -> bool:
        return not self._watching and not self._telling and (self._runner is None or not self._runner.busy)

    def move_seconds(self, level: str) -> float:
        """How long the bot thinks about a move at ``level`` (the configured time, else the level's own)."""
        return self._seconds or BUDGET[level]

    def thinking(self, game_id: int) -> bool:
        """Whether the bot's move in this game is being searched for or waits for a runner."""
        return game_id in self._watching

    # --------------------------------------------------------------------------------------------------------------
    # Asking for moves

    @staticmethod
    def _to_move(view: GameView) -> str | None:
        player = view.player_to_move
        return bot_level(player.id) if player is not None else None

    def _seed_for(self, game_id: int, ply: int) -> int | None:
        if self._seed is None:
            return None
        return random.Random(f"{self._seed}:{game_id}:{ply}").getrandbits(32)

    async def _on_change(self, view: GameView, origin: Origin) -> None:
        watched = self._watching.get(view.id)
        if watched is not None and view.ply != watched.view.ply:
            self._unwatch(view.id)
        if self._to_move(view) is not None:
            await self._want(view)

    async def _want(self, view: GameView) -> None:
        """The bot is to move in ``view``: its job (added unless there is one), and "thinking" where it is played."""
        level = self._to_move(view)
        if level is None or view.state != "active":
            return
        seconds = self.move_seconds(level)
        seed = self._seed_for(view.id, view.ply)
        job = await self._core.storage.jobs.add_move(view.id, view.ply, level, seconds, seed)
        if job.state == "done":
            return
        if self._runner is not None:
            self._runner.wake()
        watched = self._watching.get(view.id)
        if watched is not None and watched.view.ply == view.ply:
            return
        self._watching[view.id] = _Watch(view, time.monotonic())
        self._tell_soon(view, True)

    def _unwatch(self, game_id: int) -> None:
        watched = self._watching.pop(game_id, None)
        if watched is not None:
            self._tell_soon(watched.view, False)

    def _tell_soon(self, view: GameView, on: bool) -> None:
        """Tell the thinking listeners in a task of its own: the bot's work never waits for a chat."""
        if not self._thinking:
            return
        task = asyncio.get_running_loop().create_task(self._tell(view, on))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _tell(self, view: GameView, on: bool) -> None:
        for listener in self._thinking:
            try:
                await listener(view, on)
            except Exception:
                log.warning("a thinking listener failed on game %s", view.id, exc_info=True)

    async def _keep(self) -> None:
        """Every ``poll`` seconds: the games this process waits for whose jobs are over (or still "thinking"), and in a
        front end, the bot's moves other processes stored."""
        while True:
            try:
                await self._look()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not look at the AI's jobs; trying again in %g s", PAUSE)
                await asyncio.sleep(PAUSE)
            await asyncio.sleep(self.poll)

    async def _look(self) -> None:
        jobs = self._core.storage.jobs
        if self._watching:
            # The watches as they were before the query: each one's job was added before it (one added during the
            # query is looked at next time).
            watching = dict(self._watching)
            open_jobs = {(job.game_id, job.ply) for job in await jobs.moves_of(list(watching)) if job.state != "done"}
            now = time.monotonic()
            still: list[GameView] = []
            for game_id, watched in watching.items():
                if (game_id, watched.view.ply) not in open_jobs:
                    if self._watching.get(game_id) is watched:
                        self._unwatch(game_id)
                elif now - watched.told >= self.typing_every:
                    watched.told = now
                    still.append(watched.view)
            for view in still:
                self._tell_soon(view, True)
        if self._front:
            for job in await jobs.applied():
                if await jobs.delete(job.id):  # this process tells of it (another front end may have been first)
                    await self._relay(job)
            for keeper in self._keepers:
                await keeper()

    async def _relay(self, job: Job) -> None:
        """Tell this process's listeners of the move another process stored for ``job``, unless it was announced
        already (the outbox no longer owes it) or the game has moved on since (its later change is told)."""
        core = self._core
        if job.result_ply is None:
            return
        if core.announcing and not await core.storage.outbox.owes(job.game_id, job.result_ply, "position"):
            return
        view = await core.game(job.game_id)
        if view.ply == job.result_ply:
            core.changes.publish(view, "ai")

    # --------------------------------------------------------------------------------------------------------------
    # Doing jobs (this process's runner)

    async def _do(self, job: Job) -> None:
        """Do a job this process's runner took: search, then make the move or give the hint."""
        handler = self._handlers.get(job.kind)
        if handler is not None:
            await handler(job)
            return
        runner = self._runner
        assert runner is not None
        jobs = self._core.storage.jobs
        try:
            view = await self._core.game(job.game_id)
        except ServiceError:  # the game is gone
            await jobs.delete(job.id)
            return
        level = self._to_move(view)
        if job.kind == "move" and (view.state != "active" or view.ply != job.ply or level is None):
            await jobs.drop(job.id, runner.name)  # the position has moved on: nothing to search
            self._over(job)
            await self._want(view)  # the bot may be to move at the new one (its job is there, unless it was lost)
            return
        if job.attempts > MAX_ATTEMPTS:
            log.warning(
                "the AI's job of game %s at move %s was taken %d times: no search", job.game_id, job.ply, job.attempts
            )
            action: Action = fallback(view.position)
        else:
            try:
                action = await runner.search(job, view.position)
            except Exception:
                log.exception("the AI failed to search in game %s at move %s", view.id, view.ply)
                action = fallback(view.position)
        if job.kind == "hint":
            await jobs.finish(job.id, action_text(action))
            event = self._hints.get(job.id)
            if event is not None:
                event.set()
            return
        assert level is not None
        raced = False
        try:
            moved: GameView | None = await self._apply(job, level, action)
        except ServiceError as error:
            moved = None
            raced = error.problem in (Problem.STALE, Problem.GAME_OVER, Problem.TIME_IS_UP)
            if not raced:  # never asked again at this position: it would be refused again
                log.error("the AI's move in game %s was refused: %s", job.game_id, error.problem)
        if moved is not None and not self._front:
            await jobs.finish(job.id, action_text(action), moved.ply)  # a front end tells of it
        else:
            await jobs.drop(job.id, runner.name)  # told here as it was stored, or dropped
        self._over(job)
        if moved is None and raced:  # the game changed meanwhile (a resignation, another runner's move): look again
            await self._want(await self._core.game(job.game_id))

    def _over(self, job: Job) -> None:
        watched = self._watching.get(job.game_id)
        if watched is not None and watched.view.ply == job.ply:
            self._unwatch(job.game_id)

    async def _apply(self, job: Job, level: str, action: Action) -> GameView:
        """Make the bot's move through ``Play`` at the job's position (its refusal raised as ``ServiceError``)."""
        bot = bot_person(level)
        play = self._play
        if action == "ground":
            return await play.ground(job.game_id, bot, expected_ply=job.ply, origin="ai")
        if action == "stop":
            return await play.stop(job.game_id, bot, expected_ply=job.ply, origin="ai")
        if action in ("finish", "auto"):
            return await play.finish(job.game_id, bot, auto=action == "auto", expected_ply=job.ply, origin="ai")
        assert isinstance(action, Point)
        return await play.move(job.game_id, bot, action.x, action.y, expected_ply=job.ply, origin="ai")

    # --------------------------------------------------------------------------------------------------------------
    # Hints and records

    async def hint(self, game_id: int, who: Person) -> tuple[GameView, Point]:
        """A point the AI suggests to ``who``, on their move, in a game against the bot or an unrated game; never in
        a rated game between people (``may_hint`` says beforehand whether it would be refused). The search is a job
        like the bot's moves (any runner may do it); ``NO_HINT_NOW`` when none did in time."""
        view = await self.may_hint(game_id, who)
        seconds = self._seconds or HINT_SECONDS
        jobs = self._core.storage.jobs
        job_id = await jobs.add_hint(view.id, view.ply, HINT_LEVEL, seconds, self._seed_for(view.id, view.ply))
        event = self._hints[job_id] = asyncio.Event()
        try:
            if self._runner is not None:
                self._runner.wake()
            deadline = time.monotonic() + seconds + HINT_WAIT
            while True:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), self.poll)
                job = await jobs.get(job_id)
                if job is None or (job.state != "done" and time.monotonic() > deadline):
                    raise ServiceError(Problem.NO_HINT_NOW)
                if job.state == "done" and job.result is not None:
                    break
        finally:
            self._hints.pop(job_id, None)
            await jobs.delete(job_id)
        point = parse_action(job.result)
        if not isinstance(point, Point):  # the extra dots after a STOP: nothing to suggest but finishing
            raise ServiceError(Problem.EXTRA_DOTS)
        return view, point

    async def may_hint(self, game_id: int, who: Person) -> GameView:
        """The game, if ``who`` may have a hint in it now; else the ``ServiceError`` that says why not."""
        view = await self._core.game(game_id)
        if view.state != "active" or view.to_move is None:
            raise ServiceError(Problem.GAME_OVER if view.state != "lobby" else Problem.NOT_STARTED)
        colour = view.colour_of(who.id)
        if colour is None:
            raise ServiceError(Problem.NOT_A_PLAYER)
        opponent = view.opponent_of(who.id)
        if view.rated and (opponent is None or bot_level(opponent.id) is None):
            raise ServiceError(Problem.NO_HINTS)
        if view.to_move != colour:
            raise ServiceError(Problem.NOT_YOUR_TURN, name=opponent.name if opponent else "?")
        return view

    async def records(self, user_id: int) -> list[Record]:
        """``user_id``'s results against the bot, a line per level they played."""
        table: dict[str, list[int]] = {}
        for bot_id, colour, winner in await self._core.storage.games.results_against(user_id, list(BOTS.values())):
            level = bot_level(bot_id)
            assert level is not None
            line = table.setdefault(level, [0, 0, 0])
            line[0 if winner == colour else 2 if winner is None else 1] += 1
        return [Record(level, *table[level]) for level in BOTS if level in table]


__all__ = [
    "BOTS",
    "BUDGET",
    "LEVELS",
    "MAX_EXTRA_DOTS",
    "Level",
    "Opponent",
    "Record",
    "bot_level",
    "bot_person",
    "extra_dots",
    "search",
    "sports_proxy",
]
