"""The bot as a player: games against the AI at a level, its moves, hints, and its record against each person.

The AI (``tochki_bot.ai``) searches in worker processes, never on the event loop: at most as many searches at once
as the machine has cores, the others wait their turn in the order they came. The AI's move goes through
``Play.move`` like anyone's (same checks, same ply guard, same outbox), with the origin ``"ai"``, so the front ends
show it as they show a move made elsewhere.

The AI plays as a user of its own per level (``BOTS``: negative ids, which no Telegram user has). It is never asked
anything: a draw offered to it is refused at once, it has no clock (it moves within seconds, and after a restart it
moves then), and it is never sent a message.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import multiprocessing
import os
import random
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Literal

from ..ai import BUDGET, LEVELS, choose_action, choose_move
from ..engine import Game, GameSettings, Move, Point
from .changes import Origin
from .core import Core
from .errors import Problem, ServiceError
from .model import GameView, Person
from .people import BOT_IDS, BOT_NAMES
from .play import Play

log = logging.getLogger(__name__)

Level = Literal["easy", "normal", "hard"]
BOTS: dict[str, int] = {level: bot_id for bot_id, level in BOT_IDS.items()}
"""The user id of the bot at each level."""
HINT_LEVEL: Level = "normal"
HINT_SECONDS = 1.0


def bot_level(user_id: int | None) -> str | None:
    """The level of the bot playing as ``user_id``, or ``None`` for a person."""
    return BOT_IDS.get(user_id) if user_id is not None else None


def bot_person(level: str) -> Person:
    """The bot at ``level`` as a player who makes requests."""
    return Person(BOTS[level], BOT_NAMES[level])


Action = Point | Literal["ground", "stop", "finish", "auto"]
"""What the bot does: a dot, grounding, STOP, or (placing the extra dots after a STOP) finishing them, as they stand
or with the grounding count (auto-finish)."""
MAX_EXTRA_DOTS = 12
"""Extra dots the bot places after a person's STOP, at most, before it finishes (then by the grounding count)."""


def extra_dots(game: Game) -> Action:
    """The bot's next step in the extra dots after the opponent's STOP: the dot that captures the most at once while
    the grounding count still promises more than the score (a few, announced as moves), then ``finish`` when there
    is nothing more to gain, else ``auto``: the grounding count takes what is left."""
    stopper = game.stopped_by
    assert stopper is not None and not game.is_over
    mine = 0 if game.to_move == "blue" else 1
    counted = game.copy()
    counted.ground(stopper)
    best, now = counted.score[mine], game.score[mine]
    if now >= best:
        return "finish"
    placed = sum(1 for m in game.moves[next(i for i, m in enumerate(game.moves) if m.kind == "stop") :] if m.point)
    if placed < MAX_EXTRA_DOTS:
        found: Point | None = None
        gain = 0
        for point in game.playable_points():
            trial = game.copy()
            trial.play(point.x, point.y)
            if trial.score[mine] - now > gain:
                found, gain = point, trial.score[mine] - now
        if found is not None:
            return found
    return "auto"


def search(
    settings: GameSettings, moves: Sequence[Move], level: str, seconds: float | None, seed: int | None, hint: bool
) -> Action:
    """One search, in a worker process: the game is rebuilt from its settings and moves.

    The AI knows the sports rules only: for another rule set (or STOP) it searches a sports game holding the dots in
    play, and its point is checked against the real game (the nearest legal point when it is not legal there). The
    bot's closures are made by ``Play.move`` (it closes every pool it can at once)."""
    game = Game.from_settings(settings, moves)
    if game.stopped_by is not None:
        return extra_dots(game)
    if settings.stop_mode == "stop_phase" and settings.rules == "sports" and settings.first_move_region is None:
        # STOP is grounding with the opponent's extra dots: under best play they give the grounding count, so the
        # bot says STOP where its search would ground.
        try:  # the same sports game with grounding: the same position and score (its moves are all dots)
            grounding = Game.from_settings(dataclasses.replace(settings, stop_mode="grounding"), moves)
            action = choose_action(grounding, level, seconds=seconds, seed=seed)
        except Exception:
            return _fallback(game)
        if action == "ground":
            return "stop" if not hint else choose_move(grounding, level, seconds=seconds, seed=seed)
        return action if game.is_playable(action.x, action.y) else _fallback(game)
    if settings.rules != "sports" or settings.stop_mode != "grounding" or settings.first_move_region is not None:
        try:
            point = choose_move(sports_proxy(game), level, seconds=seconds, seed=seed)
        except Exception:
            return _fallback(game)
        return point if game.is_playable(point.x, point.y) else _fallback(game)
    if hint:
        return choose_move(game, level, seconds=seconds, seed=seed)
    return choose_action(game, level, seconds=seconds, seed=seed)


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
"""Told when the AI starts (``True``) and stops (``False``) thinking about a game."""


class Opponent:
    """The bot's games. ``start()`` makes it listen to changes and move in every game where it is to move."""

    def __init__(
        self,
        core: Core,
        play: Play,
        *,
        workers: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
    ) -> None:
        self._core = core
        self._play = play
        self._workers = workers or os.cpu_count() or 1
        self._seconds = seconds
        """Seconds a move (``None``: each level's own budget)."""
        self._seed = seed
        """With a seed, every search is reproducible (derived from the seed, the game and the move)."""
        self._pool: Executor | None = None
        self._turns = asyncio.Semaphore(self._workers)
        self._busy: dict[int, asyncio.Task[None]] = {}
        self._thinking: list[ThinkingListener] = []
        self._stop: Callable[[], None] | None = None

    # --------------------------------------------------------------------------------------------------------------
    # Running

    @property
    def workers(self) -> int:
        """Searches that may run at once."""
        return self._workers

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def start(self) -> int:
        """Listen to changes, and move in every active game where the bot is to move (after a restart). Returns how
        many such games there were."""
        if self._stop is None:
            self._stop = self._core.changes.subscribe(self._on_change)
        due = 0
        for bot_id in BOTS.values():
            for record in await self._core.storage.games.of_user(bot_id, ("active",), limit=10_000):
                view = await self._core.view(record)
                if self._to_move(view) is not None:
                    self._schedule(view)
                    due += 1
        return due

    async def close(self) -> None:
        """Stop listening and let the searches under way end (their moves are not made)."""
        if self._stop is not None:
            self._stop()
            self._stop = None
        for task in list(self._busy.values()):
            task.cancel()
        await asyncio.gather(*self._busy.values(), return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def on_thinking(self, listener: ThinkingListener) -> None:
        """Be told when the AI starts and stops thinking about a game (a front end shows "thinking…")."""
        self._thinking.append(listener)

    async def settle(self) -> None:
        """Wait until the bot has made every move it has to make now (tests)."""
        while True:
            await self._core.changes.settle()  # the changes that may give the bot a move to make
            if not self._busy:
                return
            await asyncio.gather(*list(self._busy.values()), return_exceptions=True)

    def thinking(self, game_id: int) -> bool:
        """Whether the AI is working on a move of this game (or waiting for a worker)."""
        return game_id in self._busy

    # --------------------------------------------------------------------------------------------------------------
    # Moving

    @staticmethod
    def _to_move(view: GameView) -> str | None:
        player = view.player_to_move
        return bot_level(player.id) if player is not None else None

    async def _on_change(self, view: GameView, origin: Origin) -> None:
        if self._to_move(view) is not None:
            self._schedule(view)

    def _schedule(self, view: GameView) -> None:
        if view.id in self._busy:
            return
        task = asyncio.get_running_loop().create_task(self._move(view))
        self._busy[view.id] = task
        task.add_done_callback(lambda _: self._busy.pop(view.id, None))

    async def _tell(self, view: GameView, on: bool) -> None:
        for listener in self._thinking:
            try:
                await listener(view, on)
            except Exception:
                log.warning("a thinking listener failed on game %s", view.id, exc_info=True)

    async def _search(self, view: GameView, level: str, *, hint: bool, seconds: float | None) -> Action:
        game = view.position
        seed = None if self._seed is None else random.Random(f"{self._seed}:{view.id}:{view.ply}").getrandbits(32)
        async with self._turns:
            loop = asyncio.get_running_loop()
            for attempt in range(2):
                try:
                    return await loop.run_in_executor(
                        self._executor(), search, game.settings, game.moves, level, seconds, seed, hint
                    )
                except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool, and once more
                    log.warning("a search worker died; starting new ones", exc_info=attempt > 0)
                    broken, self._pool = self._pool, None
                    if broken is not None:
                        broken.shutdown(wait=False, cancel_futures=True)
                    if attempt:
                        raise
            raise AssertionError("unreachable")

    async def _move(self, view: GameView) -> None:
        """Think and move, for as long as it is the bot's move (a move that lost a race is thought again)."""
        await asyncio.sleep(0)  # the change that scheduled this is told to every listener first
        for _ in range(3):
            view = await self._core.game(view.id)
            level = self._to_move(view)
            if level is None:
                return
            await self._tell(view, True)
            try:
                action = await self._search(view, level, hint=False, seconds=self._seconds)
            except Exception:
                log.exception("the AI failed to choose a move in game %s at move %s", view.id, view.ply)
                action = _fallback(view.position)
            finally:
                await self._tell(view, False)
            bot = bot_person(level)
            try:
                if action == "ground":
                    await self._play.ground(view.id, bot, expected_ply=view.ply, origin="ai")
                elif action == "stop":
                    await self._play.stop(view.id, bot, expected_ply=view.ply, origin="ai")
                elif action in ("finish", "auto"):
                    await self._play.finish(view.id, bot, auto=action == "auto", expected_ply=view.ply, origin="ai")
                else:
                    assert isinstance(action, Point)
                    await self._play.move(view.id, bot, action.x, action.y, expected_ply=view.ply, origin="ai")
                return
            except ServiceError as error:
                if error.problem in (Problem.STALE, Problem.GAME_OVER, Problem.TIME_IS_UP):
                    continue  # the game changed meanwhile (a resignation, a restart's move): look again
                log.error("the AI's move in game %s was refused: %s", view.id, error.problem)
                return

    # --------------------------------------------------------------------------------------------------------------
    # Hints and records

    async def hint(self, game_id: int, who: Person) -> tuple[GameView, Point]:
        """A point the AI suggests to ``who``, on their move, in a game against the bot or an unrated game; never in
        a rated game between people (``may_hint`` says beforehand whether it would be refused)."""
        view = await self.may_hint(game_id, who)
        point = await self._search(view, HINT_LEVEL, hint=True, seconds=self._seconds or HINT_SECONDS)
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


def sports_proxy(game: Game) -> Game:
    """A sports game with the dots of ``game`` that are in play, with the side to move of ``game`` moving first
    (colours swapped when that is red), for the AI, which knows the sports rules only."""
    swap = game.to_move == "red"
    dots, owners = game.grid()
    setup = []
    for y in range(game.height):
        for x in range(game.width):
            colour = dots[y][x]
            if colour is not None and owners[y][x] is None:
                setup.append((Point(x + 1, y + 1), ("red" if colour == "blue" else "blue") if swap else colour))
    settings = GameSettings(game.width, game.height, "custom", tuple(setup))
    return Game.from_settings(settings)


def _fallback(game: Game) -> Point:
    """A legal point when the search failed: the playable point nearest the last dot."""
    last = next((m.point for m in reversed(game.moves) if m.point is not None), None)
    cx, cy = last if last is not None else ((game.width + 1) // 2, (game.height + 1) // 2)
    return min(game.playable_points(), key=lambda p: (abs(p.x - cx) + abs(p.y - cy), p.y, p.x))


__all__ = ["BOTS", "BUDGET", "LEVELS", "Level", "Opponent", "Record", "bot_level", "bot_person"]
