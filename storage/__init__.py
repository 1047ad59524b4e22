"""The bot's database: chats, users, games and their moves, messages, spectators and imported records, in one SQLite
file (aiosqlite, the default) or a PostgreSQL database (asyncpg, the ``postgres`` extra), chosen by ``TOCHKI_DB``. No
Telegram, no Pillow; engine value types only.

``Storage`` is the file and its repositories, one per aggregate (and the AI's job queue), over one connection:

>>> import asyncio
>>> from storage import Storage
>>> async def demo():
...     db = await Storage.open(":memory:")
...     user = await db.users.upsert(1, "Аня")
...     await db.close()
...     return user.name
>>> asyncio.run(demo())
'Аня'
"""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from .chats import Chats
from .database import (
    TABLES,
    CannotOpen,
    Conflict,
    Database,
    Duplicate,
    FileReport,
    OpenGameExists,
    SchemaTooNew,
    StorageError,
    Unconfirmed,
)
from .follows import Follows
from .games import Games
from .imports import Imports
from .inbox import Inbox
from .jobs import Job, JobKind, Jobs, JobState
from .messages import Messages
from .opening import default_path, inspect, is_postgres, open_database
from .outbox import Notice, NoticeKind, Outbox
from .puzzles import PuzzlePost, PuzzleRecord, PuzzlerRecord, Puzzles
from .ratings import RatedGame, RatingChange, RatingRecord, Ratings
from .records import (
    ChatRecord,
    ColourChoice,
    GameKind,
    GameRecord,
    GameState,
    ImportRecord,
    MessageKind,
    MessageRecord,
    UserRecord,
    options_to_json,
)
from .reviews import ReviewPost, ReviewRecord, Reviews, ReviewSubject
from .schema import MIGRATIONS, latest_version
from .stats import Stats
from .tournaments import (
    EntryRecord,
    PairingRecord,
    TournamentFormat,
    TournamentNotice,
    TournamentNoticeKind,
    TournamentRecord,
    Tournaments,
    TournamentState,
)
from .transfer import NotEmpty, copy_database
from .users import Users


class Storage:
    """The database and its repositories. Open with ``await Storage.open(target)``: a path (or ``sqlite:///`` URL)
    for SQLite, a ``postgresql://`` URL for PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.chats = Chats(db)
        self.users = Users(db)
        self.games = Games(db)
        self.messages = Messages(db)
        self.follows = Follows(db)
        self.imports = Imports(db)
        self.stats = Stats(db)
        self.outbox = Outbox(db)
        self.inbox = Inbox(db)
        self.jobs = Jobs(db)
        self.ratings = Ratings(db)
        self.tournaments = Tournaments(db)
        self.puzzles = Puzzles(db)
        self.reviews = Reviews(db)

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str] | None = None, *, clock: Callable[[], float] = time.time
    ) -> Storage:
        """Open (creating and upgrading as needed) the database at ``path`` (default: ``$TOCHKI_DB`` or
        ./tochki.db)."""
        return cls(await open_database(path, clock=clock))

    @property
    def path(self) -> str:
        """The database's path (a PostgreSQL URL without its password)."""
        return self.db.path

    @property
    def clock(self) -> Callable[[], float]:
        """The time in seconds, as the database records it."""
        return self.db.clock

    @asynccontextmanager
    async def transaction(self, update_id: int | None = None, *, durable: bool = True) -> AsyncIterator[None]:
        """One write transaction across repositories (see ``Database.transaction``)."""
        async with self.db.transaction(update_id, durable=durable):
            yield

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()


__all__ = [
    "MIGRATIONS",
    "TABLES",
    "CannotOpen",
    "ChatRecord",
    "Chats",
    "ColourChoice",
    "Conflict",
    "Database",
    "Duplicate",
    "EntryRecord",
    "FileReport",
    "Follows",
    "GameKind",
    "GameRecord",
    "GameState",
    "Games",
    "ImportRecord",
    "Imports",
    "Inbox",
    "Job",
    "JobKind",
    "JobState",
    "Jobs",
    "MessageKind",
    "MessageRecord",
    "Messages",
    "NotEmpty",
    "Notice",
    "NoticeKind",
    "OpenGameExists",
    "Outbox",
    "PairingRecord",
    "PuzzlePost",
    "PuzzleRecord",
    "PuzzlerRecord",
    "Puzzles",
    "RatedGame",
    "RatingChange",
    "RatingRecord",
    "Ratings",
    "ReviewPost",
    "ReviewRecord",
    "ReviewSubject",
    "Reviews",
    "SchemaTooNew",
    "Stats",
    "Storage",
    "StorageError",
    "TournamentFormat",
    "TournamentNotice",
    "TournamentNoticeKind",
    "TournamentRecord",
    "TournamentState",
    "Tournaments",
    "Unconfirmed",
    "UserRecord",
    "Users",
    "copy_database",
    "default_path",
    "inspect",
    "is_postgres",
    "latest_version",
    "open_database",
    "options_to_json",
]
