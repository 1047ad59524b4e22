"""The use cases of tochki-bot: the only way into storage, and the one service every front end calls.

A front end (Telegram today; a Mini App web API and an AI player next) turns its input into calls here and shows
the views it gets back. Nothing here knows Telegram, HTML or pictures.

>>> import asyncio
>>> from tochki_bot.services import Person, Place, Services
>>> async def demo():
...     services = await Services.open(":memory:")
...     anna, boris = Person(1, "Anna"), Person(2, "Boris")
...     group = Place(-100, "supergroup", "Points club")
...     lobby = (await services.lobby.open(group, anna)).view
...     view = await services.lobby.join(lobby.id, boris, group)
...     first = anna if view.colour_of(anna.id) == "blue" else boris
...     view = await services.play.move(view.id, first, 20, 18)
...     await services.close()
...     return view.ply, view.to_move, view.position.dot(20, 18)
>>> asyncio.run(demo())
(1, 'red', 'blue')
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from storage import (
    CannotOpen,
    FileReport,
    ImportRecord,
    MessageKind,
    MessageRecord,
    NotEmpty,
    Notice,
    NoticeKind,
    PuzzlePost,
    SchemaTooNew,
    Storage,
    TournamentFormat,
    TournamentNotice,
    default_path,
    is_postgres,
)
from storage import inspect as _inspect

from .changes import Changes, Origin
from .clock import ClockPass, GameClock, Reminder
from .core import Core
from .errors import Problem, ServiceError, TimeIsUp
from .finder import Choice, Finder, Want
from .lobby import (
    BOARD_CHOICES,
    COLOUR_CHOICES,
    DEFAULT_TIME,
    LOBBY_LIFETIME,
    MARGIN_CHOICES,
    MAX_SIDE,
    MAX_TIME,
    MIN_SIDE,
    MIN_TIME,
    RULE_CHOICES,
    START_CHOICES,
    STOP_CHOICES,
    STOP_TIME_CHOICES,
    TIME_CHOICES,
    Lobby,
    Opened,
    continuation,
)
from .messages import Messages
from .model import Chat, ColourChoice, GameKind, GameState, GameView, LobbyChoice, Person, Place, Player
from .opponent import BOTS, LEVELS, Opponent, Record, bot_level
from .outbox import Outbox
from .people import People
from .play import DrawOffer, GroundPreview, Play
from .puzzles import Outcome, Puzzler, Puzzles, PuzzleView
from .ratings import PROVISIONAL, Point, Rating, Ratings, Standing, glicko2
from .records import MAX_SGF_BYTES, Records
from .reviews import REVIEW_NODES, SPAN, ProgressListener, ReviewPost, Reviews, ReviewView, Subject
from .tournaments import (
    FORMATS,
    MAX_ROUND_ROBIN,
    ROUND_CHOICES,
    Entry,
    Left,
    Pairing,
    TournamentChoice,
    TournamentOpened,
    Tournaments,
    TournamentView,
)
from .transfer import Migrated, NotTheSame, migrate
from .updates import Updates

log = logging.getLogger(__name__)
KEEP_UPDATES = 7 * 86400.0
"""Telegram keeps undelivered updates for a day; a week of processed update ids is plenty to spot repeats."""
KEEP_MESSAGES = 30 * 86400.0
"""Messages without buttons are forgotten after this long (each game's latest board is kept)."""
KEEP_IMPORTS = 30 * 86400.0
"""Records players sent are forgotten after this long."""
KEEP_JOBS = 86400.0
"""The AI's jobs whose results nobody read (hints whose asker stopped waiting, moves no front end told of: the outbox
owes their announcements anyway) are forgotten after this long."""
GIVE_UP = (86400.0, 20)
"""An announcement still owed after a day and 20 tries is given up (the chat is gone, say)."""


async def inspect_database(path: str | os.PathLike[str]) -> FileReport:
    """What the database at ``path`` is (exists, schema, games) and whether the bot could use it (``problem``: a
    ``CannotOpen`` or ``SchemaTooNew``), looked at without changing it."""
    return await _inspect(path)


class Services:
    """Every use case over one database. Open with ``await Services.open(path)``."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] | None = None,
        rng: random.Random | None = None,
        ai_workers: int | None = None,
        ai_seconds: float | None = None,
        ai_seed: int | None = None,
        announcing: bool = True,
        review_nodes: int = REVIEW_NODES,
    ) -> None:
        """``ai_workers``: searches of the bot this process runs at once (default: the cores; ``0``: none, other
        processes' job runners search); ``ai_seconds``: its time a move (default: each level's own); ``ai_seed``:
        makes its moves reproducible; ``announcing=False``: nobody here tells people of changes by message (local
        mode), so the outbox owes nothing; ``review_nodes``: the search budget of each move of a new review."""
        core = self._core = Core(storage, clock or storage.clock, rng or random.Random(), announcing=announcing)
        self.people: People = core.people
        self.lobby = Lobby(core)
        self.play = Play(core)
        self.clock = GameClock(core, self.play, self.lobby)
        self.finder = Finder(core)
        self.records = Records(core)
        self.ratings = Ratings(storage)
        self.tournaments = Tournaments(core, self.lobby, self.play, self.ratings)
        core.endings.append(self.ratings.game_ended)
        core.endings.append(self.tournaments.game_ended)  # after the ratings: a round's end may seed nothing new
        self.clock.tournaments = self.tournaments
        self.messages = Messages(storage)
        self.outbox = Outbox(core)
        self.changes: Changes = core.changes
        self.updates = Updates(storage)
        self.opponent = Opponent(core, self.play, workers=ai_workers, seconds=ai_seconds, seed=ai_seed)
        self.puzzles = Puzzles(core)
        self.reviews = Reviews(core, self.finder, self.opponent, nodes=review_nodes)

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] | None = None,
        rng: random.Random | None = None,
        ai_workers: int | None = None,
        ai_seconds: float | None = None,
        ai_seed: int | None = None,
        announcing: bool = True,
        review_nodes: int = REVIEW_NODES,
    ) -> Services:
        """Open (creating and upgrading as needed) the database at ``path`` (default ``$TOCHKI_DB``).

        Raises ``CannotOpen`` for a file the bot cannot write and ``SchemaTooNew`` for one a newer version wrote."""
        storage = await Storage.open(path, clock=clock or time.time)
        services = cls(
            storage,
            clock=clock,
            rng=rng,
            ai_workers=ai_workers,
            ai_seconds=ai_seconds,
            ai_seed=ai_seed,
            announcing=announcing,
            review_nodes=review_nodes,
        )
        try:
            replayed = await services.ratings.catch_up()  # games that ended before ratings were stored
        except BaseException:
            await storage.close()
            raise
        if replayed:
            log.info("the ratings were worked out from %d rated games", replayed)
        return services

    async def close(self) -> None:
        """Stop the bot's searches; close the database."""
        await self.opponent.close()
        await self.reviews.close()
        self.puzzles.close()
        await self._core.storage.close()

    @property
    def shared(self) -> bool:
        """Whether other workers may use the database at the same time (PostgreSQL): then updates go through the
        inbox (``updates``) and a chat's updates are handled under ``exclusive``."""
        return self._core.storage.db.shared

    def exclusive(self, name: str, key: int) -> AbstractAsyncContextManager[None]:
        """Hold ``(name, key)`` (``"chat", chat_id``) against every worker on the database while inside: what two
        workers do under the same name and key never interleaves."""
        return self._core.storage.db.exclusive(name, key)

    def leading(self, name: str) -> AbstractAsyncContextManager[bool]:
        """Inside, ``True`` while this worker alone holds the role ``name`` (one housekeeping pass at a time across
        workers); ``False`` at once when another task or worker holds it."""
        return self._core.storage.db.leading(name)

    @property
    def now(self) -> float:
        """The time in seconds, as the services see it."""
        return self._core.clock()

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the live database at ``target`` (which must not exist yet)."""
        await self._core.storage.db.backup(target)

    async def game(self, game_id: int) -> GameView:
        """A game by its number (``NO_SUCH_GAME`` if there is none)."""
        return await self._core.game(game_id)

    async def ply(self, game_id: int) -> int:
        """How many moves a game has stored (one read of its row: cheaper than ``game`` where only that counts, as
        for whether a board waiting to go is out of date)."""
        return (await self._core.record(game_id)).ply

    async def handled(self, update_id: int) -> bool:
        """Whether a change was already made for this update (by this process or another): a repeat of it must
        change nothing and say nothing."""
        return await self._core.storage.db.is_processed(update_id)

    async def prune(self, now: float | None = None) -> dict[str, int]:
        """Forget what is no longer needed: handled update ids after ``KEEP_UPDATES``, messages without buttons
        and the answered messages of reviews after ``KEEP_MESSAGES``, records sent after ``KEEP_IMPORTS``,
        announcements that cannot be made, the AI's jobs nobody reads after ``KEEP_JOBS``. Returns how many of each
        were forgotten."""
        storage = self._core.storage
        now = self.now if now is None else now
        return {
            "updates": await storage.db.prune_updates(now - KEEP_UPDATES),
            "messages": await storage.messages.prune(now - KEEP_MESSAGES),
            "imports": await storage.imports.prune(now - KEEP_IMPORTS),
            "announcements": await storage.outbox.give_up(now - GIVE_UP[0], GIVE_UP[1]),
            "accepted updates": await storage.inbox.prune(now - KEEP_UPDATES),
            "jobs": await storage.jobs.prune(now - KEEP_JOBS),
            "review messages": await storage.reviews.prune_posts(now - KEEP_MESSAGES),
            "tournament announcements": await self.tournaments.prune(now),
        }

    async def migrate_chat(self, old_id: int, new_id: int) -> int:
        """A group became a supergroup and got a new id: its settings and games move to it (the old group's messages
        stay there, without buttons to take away).

        If the new chat already has an open game in a topic where the old one has one too, one of the two gives way:
        the new chat's lobby, else the old chat's game (it is cancelled under its lock, and its players are told
        through the outbox). Returns how many games moved; running it twice changes nothing more.
        """
        storage = self._core.storage
        for old in await storage.games.of_chat_open(old_id):
            new = await storage.games.open_in(new_id, old.thread_id)
            if new is not None:
                await self.lobby.give_way(new if new.state == "lobby" else old)
        async with storage.transaction():
            await storage.chats.copy(old_id, new_id, "supergroup")
            moved = await storage.games.move_chat(old_id, new_id)
            await storage.tournaments.move_chat(old_id, new_id)
            await storage.messages.retire_chat(old_id)  # they stay in the old group, which takes no more edits
        await self.people.changed_chat(old_id)
        await self.people.changed_chat(new_id)
        return moved


__all__ = [
    "BOARD_CHOICES",
    "BOTS",
    "COLOUR_CHOICES",
    "DEFAULT_TIME",
    "FORMATS",
    "LEVELS",
    "LOBBY_LIFETIME",
    "MARGIN_CHOICES",
    "MAX_ROUND_ROBIN",
    "MAX_SGF_BYTES",
    "MAX_SIDE",
    "MAX_TIME",
    "MIN_SIDE",
    "MIN_TIME",
    "PROVISIONAL",
    "REVIEW_NODES",
    "ROUND_CHOICES",
    "RULE_CHOICES",
    "SPAN",
    "START_CHOICES",
    "STOP_CHOICES",
    "STOP_TIME_CHOICES",
    "TIME_CHOICES",
    "CannotOpen",
    "Changes",
    "Chat",
    "Choice",
    "ClockPass",
    "ColourChoice",
    "DrawOffer",
    "Entry",
    "FileReport",
    "GameKind",
    "GameState",
    "GameView",
    "GroundPreview",
    "ImportRecord",
    "Left",
    "LobbyChoice",
    "MessageKind",
    "MessageRecord",
    "Migrated",
    "NotEmpty",
    "NotTheSame",
    "Notice",
    "NoticeKind",
    "Opened",
    "Origin",
    "Outbox",
    "Outcome",
    "Pairing",
    "Person",
    "Place",
    "Player",
    "Point",
    "Problem",
    "ProgressListener",
    "PuzzlePost",
    "PuzzleView",
    "Puzzler",
    "Puzzles",
    "Rating",
    "Record",
    "Reminder",
    "ReviewPost",
    "ReviewView",
    "Reviews",
    "SchemaTooNew",
    "ServiceError",
    "Services",
    "Standing",
    "Subject",
    "TimeIsUp",
    "TournamentChoice",
    "TournamentFormat",
    "TournamentNotice",
    "TournamentOpened",
    "TournamentView",
    "Tournaments",
    "Updates",
    "Want",
    "bot_level",
    "continuation",
    "default_path",
    "glicko2",
    "inspect_database",
    "is_postgres",
    "migrate",
]
