"""The database behind the repositories: SQLite (a file, the default) or PostgreSQL (a server), chosen by
``TOCHKI_DB``, with the same write transactions on both.

Every write is one transaction. ``Database.transaction()`` opens one; a repository write made inside it joins it, so
a use case can change several aggregates (a move and the messages it makes) atomically. The Telegram update behind a
write is claimed in the same transaction, so a duplicate update changes nothing (``Duplicate``). A game's move is
appended with an optimistic check of its ply (``UPDATE ... WHERE ply = ?`` must change one row, else ``Conflict``).
SQL is built from constants only; every value is a parameter.

``Database`` holds what both backends share (the transaction, the update claims); ``sqlite.SqliteDatabase`` and
``postgres.PostgresDatabase`` run the statements, with ``dialect.Dialect`` for the few spellings that differ, and
``opening`` chooses between them by the target's URL (this module imports neither).

Several processes on one database (PostgreSQL: ``shared``) need a little more than transactions: locks that hold
across processes (``exclusive``, ``leading``), a number for each process that the others can tell is alive
(``worker``, ``alive_sql``), and notices between processes (``notify``, ``on_notice``). On SQLite, which one process
uses, the locks are this process's own and notices go nowhere.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import weakref
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from . import schema
from .dialect import Dialect

TABLES = (
    "chats",
    "users",
    "tournaments",
    "games",
    "moves",
    "spectators",
    "imports",
    "messages",
    "outbox",
    "processed_updates",
    "inbox",
    "reviews",
    "review_posts",
    "ai_jobs",
    "ratings",
    "rating_changes",
    "tournament_players",
    "tournament_pairings",
    "tournament_notices",
    "puzzles",
    "puzzle_players",
    "puzzle_attempts",
    "puzzle_posts",
    "puzzle_tries",
    "puzzle_daily",
    "puzzle_mined",
)
"""Every table, each after the tables it refers to (the order a copy fills them in)."""


class StorageError(Exception):
    """Something is wrong with the database itself."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot."""


class CannotOpen(StorageError):
    """The database cannot be used for reading and writing: an SQLite file whose folder is missing or read-only, a
    read-only file or not an SQLite database; a PostgreSQL server that cannot be reached or refuses the login, or no
    PostgreSQL driver installed. The message names the database and what went wrong."""


class Conflict(StorageError):
    """The game changed since it was read (another move, or its state): nothing was written."""


class Duplicate(StorageError):
    """This Telegram update was already processed: nothing was written."""


class OpenGameExists(StorageError):
    """The chat (or forum topic) already has an open game."""


class Unconfirmed(StorageError):
    """The database could not confirm a commit (a failed fsync, a connection lost during the commit, say): the change
    may or may not be stored."""


WORKERS = 1 << 31
"""Process numbers (``Database.worker``) are from 1 to this, less one."""
Heard = Callable[[str, int], None]
"""Told of a notice from another process: its topic and key (``"user", 42``)."""


_current: ContextVar[tuple[Database, ...]] = ContextVar("tochki_transaction", default=())
"""The databases whose transaction the running task is inside (two while a copy reads one and writes another)."""


class Database(ABC):
    """The database. Open with ``await storage.opening.open_database(target)``: a path or ``sqlite:///`` URL for
    SQLite, a ``postgresql://`` URL for PostgreSQL.

    ``clock`` gives the current time in seconds (tests inject their own). ``path`` names the database for people
    (a PostgreSQL URL without its password).
    """

    dialect: Dialect

    shared = False
    """Whether other processes may use the database at the same time (PostgreSQL)."""

    def __init__(self, path: str, clock: Callable[[], float]) -> None:
        self.path = path
        self.clock = clock
        self._lock = asyncio.Lock()
        self._worker = secrets.randbelow(WORKERS - 1) + 1
        self._held: weakref.WeakValueDictionary[tuple[str, int], asyncio.Lock] = weakref.WeakValueDictionary()

    # --------------------------------------------------------------------------------------------------------------
    # What each backend does

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement (inside a transaction for writes); how many rows it changed."""

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` of a row into a table with an ``id`` it numbers itself; the new row's id."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows`` (inside a transaction)."""

    @abstractmethod
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """All rows of a query (each a sequence of values)."""

    @abstractmethod
    async def row(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or ``None``."""

    @abstractmethod
    async def schema_version(self) -> int:
        """How many migrations are applied."""

    @abstractmethod
    async def columns(self, table: str) -> list[str]:
        """The columns of ``table``, in order."""

    @abstractmethod
    def unique_violation(self, exc: BaseException) -> bool:
        """Whether ``exc`` is the driver's "a unique key is taken"."""

    @abstractmethod
    async def integrity_check(self) -> str:
        """``"ok"`` for a sound database, else what is wrong."""

    @abstractmethod
    async def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the live database at ``target`` (which must not exist yet)."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connection(s)."""

    @abstractmethod
    async def _begin(self, durable: bool) -> None:
        """Start a write transaction (the caller holds the lock)."""

    @abstractmethod
    async def _begin_read(self) -> None:
        """Start a read-only transaction that sees one snapshot (the caller holds the lock)."""

    @abstractmethod
    async def _commit(self) -> None:
        """Commit it; ``Unconfirmed`` when the outcome cannot be known."""

    @abstractmethod
    async def _rollback(self) -> None:
        """Roll it back, quietly (the connection may be gone)."""

    async def _finish(self, durable: bool) -> None:  # noqa: B027 (a hook: most backends have nothing to do)
        """After the transaction, committed or not (the caller still holds the lock)."""

    # --------------------------------------------------------------------------------------------------------------
    # Transactions

    @property
    def in_transaction(self) -> bool:
        """Whether the running task is inside a write transaction of this database."""
        return self in _current.get()

    @asynccontextmanager
    async def transaction(self, update_id: int | None = None, *, durable: bool = True) -> AsyncIterator[None]:
        """One write transaction; with ``update_id``, the update is claimed in it (``Duplicate`` if it was before).

        Writers in this process queue on a lock (so a use case's reads inside its transaction see no other writer of
        this process); other processes wait on the database's own locks. Inside a transaction, a nested
        ``transaction()`` joins it: everything commits or rolls back together. A transaction that is not
        ``durable`` (bookkeeping that can be redone: which message shows which board) commits without waiting for
        the disk: a crash right after may undo it (never the moves, and never out of order: the next durable commit
        makes it durable too), it cannot corrupt the database.
        """
        if self.in_transaction:
            await self._claim(update_id)
            yield
            return
        async with self._lock:
            try:
                try:
                    await self._begin(durable)
                except BaseException:  # cancelled while the driver began it: it may have begun all the same
                    await self._rollback()
                    raise
                token = _current.set((*_current.get(), self))
                try:
                    await self._claim(update_id)
                    yield
                except BaseException:
                    await self._rollback()
                    raise
                else:
                    await self._commit()
                finally:
                    _current.reset(token)
            finally:
                await self._finish(durable)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[None]:
        """Reads inside see one consistent state of the database (a read-only transaction), whatever other
        connections commit meanwhile."""
        async with self._lock:
            try:
                await self._begin_read()
                token = _current.set((*_current.get(), self))
                try:
                    yield
                finally:
                    _current.reset(token)
                    await self._rollback()
            finally:
                await self._finish(True)

    async def _claim(self, update_id: int | None) -> None:
        if update_id is None:
            return
        changed = await self.execute(
            "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (update_id, self.clock()),
        )
        if changed == 0:
            raise Duplicate(f"update {update_id} was already processed")

    # --------------------------------------------------------------------------------------------------------------
    # Several processes. These are SQLite's (one process): the locks are this process's, notices go nowhere.

    @property
    def worker(self) -> int:
        """This process's number among those using the database (on PostgreSQL, held by an advisory lock as long
        as the process lives, so that the others can tell it is alive: ``alive_sql``)."""
        return self._worker

    def _local(self, name: str, key: int) -> asyncio.Lock:
        """This process's lock of ``(name, key)`` (kept while anyone holds or waits for it)."""
        lock = self._held.get((name, key))
        if lock is None:
            lock = asyncio.Lock()
            self._held[(name, key)] = lock
        return lock

    @asynccontextmanager
    async def exclusive(self, name: str, key: int) -> AsyncIterator[None]:
        """Hold the lock ``(name, key)`` (a chat's updates, a game) against every process using the database; wait
        for it. Do not take the same lock again inside."""
        async with self._local(name, key):
            yield

    @asynccontextmanager
    async def leading(self, name: str) -> AsyncIterator[bool]:
        """Try to hold the role ``name`` (the clock's pass) against every process: ``True`` inside when this process
        has it, ``False`` at once when another task or process does."""
        lock = self._local(name, 0)
        if lock.locked():
            yield False
            return
        async with lock:
            yield True

    def alive_sql(self, column: str) -> str:
        """SQL that is true when the process numbered by ``column`` still runs (on SQLite: when it is this one)."""
        return f"{column} = {int(self.worker)}"

    async def notify(self, topic: str, key: int) -> None:  # noqa: B027 (SQLite has no other process to tell)
        """Tell the other processes that ``key`` of ``topic`` changed (inside a transaction: when it commits)."""

    def on_notice(self, callback: Heard) -> None:  # noqa: B027 (SQLite has no other process to hear)
        """Call ``callback(topic, key)`` for every notice another process sends from now on."""

    # --------------------------------------------------------------------------------------------------------------
    # Processed updates

    async def is_processed(self, update_id: int) -> bool:
        """True when the update was already processed."""
        return await self.row("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)) is not None

    async def claim_update(self, update_id: int) -> None:
        """Record an update whose handling writes nothing else; raises ``Duplicate`` the second time."""
        async with self.transaction(update_id):
            pass

    async def prune_updates(self, older_than: float) -> int:
        """Forget processed update ids older than ``older_than`` (Telegram does not resend old updates)."""
        async with self.transaction():
            return await self.execute("DELETE FROM processed_updates WHERE processed_at < ?", (older_than,))

    # --------------------------------------------------------------------------------------------------------------
    # Whole tables (``migrate-db``)

    async def count(self, table: str) -> int:
        """How many rows ``table`` (one of ``TABLES``) holds."""
        if table not in TABLES:
            raise ValueError(f"unknown table {table}")
        row = await self.row(f"SELECT COUNT(*) FROM {table}")
        return int(row[0]) if row else 0

    async def after_copy(self, table: str) -> None:  # noqa: B027 (a hook: SQLite has nothing to do)
        """Rows were copied into ``table`` with their ids: the next id it numbers comes after them."""


@dataclass(frozen=True)
class FileReport:
    """What a database is, looked at without changing it (``opening.inspect``).

    ``exists`` False: the bot would create it. ``schema`` is how many migrations it has (``None`` when it could not
    be read), ``latest`` the schema this version of the bot writes; ``games`` and ``active`` count its games and
    those being played (``None`` when it has no games table yet). ``problem`` is why the bot could not use it.
    """

    path: str
    exists: bool
    latest: int
    schema: int | None = None
    games: int | None = None
    active: int | None = None
    problem: StorageError | None = None


def too_new(path: str, version: int) -> None:
    """Raise ``SchemaTooNew`` when a database of schema ``version`` was written by a newer version of the bot."""
    known = schema.latest_version()
    if version > known:
        raise SchemaTooNew(
            f"the database {path} was written by a newer version of tochki-bot (schema {version}); "
            f"this version knows schemas up to {known}: upgrade the bot, or restore a backup"
        )


def split_sql(script: str) -> list[str]:
    """Split a migration into statements (they contain no ``;`` inside strings, no ``--`` inside strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
