"""The SQLite file: one aiosqlite connection, its migrations, and write transactions.

Every write is one ``BEGIN IMMEDIATE`` transaction. ``Database.transaction()`` opens one; a repository write made
inside it joins it, so a use case can change several aggregates (a move and the messages it makes) atomically. The
Telegram update behind a write is claimed in the same transaction, so a duplicate update changes nothing
(``Duplicate``). SQL is built from constants only; every value is a parameter.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiosqlite

from . import schema

DEFAULT_PATH = "tochki.db"
BUSY_TIMEOUT_MS = 10_000


class StorageError(Exception):
    """Something is wrong with the database itself."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot."""


class CannotOpen(StorageError):
    """The file cannot be used for reading and writing: its folder is missing or read-only, the file is read-only,
    or it is not an SQLite database. The message names the file and what SQLite said."""


class Conflict(StorageError):
    """The game changed since it was read (another move, or its state): nothing was written."""


class Duplicate(StorageError):
    """This Telegram update was already processed: nothing was written."""


class OpenGameExists(StorageError):
    """The chat (or forum topic) already has an open game."""


class Unconfirmed(StorageError):
    """The database could not confirm a commit (a failed fsync, say): the change may or may not be stored."""


def default_path() -> str:
    """``$TOCHKI_DB`` or ``./tochki.db``."""
    return os.environ.get("TOCHKI_DB") or DEFAULT_PATH


_current: ContextVar[Database | None] = ContextVar("tochki_transaction", default=None)
"""The database whose write transaction the running task is inside, if any."""


class Database:
    """One SQLite file through one aiosqlite connection. Open with ``await Database.open(path)``.

    ``clock`` gives the current time in seconds (tests inject their own).
    """

    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Callable[[], float]) -> None:
        self.conn = conn
        self.path = path
        self.clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str] | None = None, *, clock: Callable[[], float] = time.time
    ) -> Database:
        """Open (creating if needed) and upgrade the database at ``path`` (default: ``$TOCHKI_DB`` or ./tochki.db).

        Raises ``SchemaTooNew`` for a database written by a newer version, ``CannotOpen`` for a file it cannot read
        and write (a missing or read-only folder, a read-only file, not an SQLite file), before changing anything.
        """
        path = str(path if path is not None else default_path())
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise CannotOpen(cannot_open(path, exc)) from exc
        try:
            try:
                await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                mode = await (await conn.execute("PRAGMA journal_mode = WAL")).fetchone()
                if path != ":memory:" and (mode is None or str(mode[0]).lower() != "wal"):
                    raise CannotOpen(f"could not switch the database {path} to WAL mode (is its folder writable?)")
                await conn.execute("PRAGMA synchronous = FULL")
                await conn.execute("PRAGMA foreign_keys = ON")
                database = cls(conn, path, clock)
                version = await database.schema_version()
                too_new(path, version)
                await database._try_writing()
            except sqlite3.Error as exc:
                raise CannotOpen(cannot_open(path, exc)) from exc
            await database._migrate(version)
        except BaseException:
            await conn.close()
            raise
        return database

    async def _try_writing(self) -> None:
        """Refuse a file SQLite can read but not write now rather than at the first move: write its version
        again in a transaction that is rolled back."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            version = await self.schema_version()
            await self.conn.execute(f"PRAGMA user_version = {version}")
        finally:
            with contextlib.suppress(sqlite3.Error):
                await self.conn.execute("ROLLBACK")

    async def _migrate(self, version: int) -> None:
        known = schema.latest_version()
        for number in range(version + 1, known + 1):
            async with self.transaction():
                for statement in split_sql(schema.MIGRATIONS[number - 1]):
                    await self.conn.execute(statement)
                await self.conn.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        """The ``PRAGMA user_version`` of the file: how many migrations are applied."""
        row = await (await self.conn.execute("PRAGMA user_version")).fetchone()
        return int(row[0]) if row else 0

    async def close(self) -> None:
        """Close the connection (a WAL checkpoint happens on close)."""
        await self.conn.close()

    # --------------------------------------------------------------------------------------------------------------
    # Reading and writing

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Cursor:
        """Run one statement (inside a transaction for writes)."""
        return await self.conn.execute(sql, params)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """All rows of a query."""
        return list(await self.conn.execute_fetchall(sql, params))

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or ``None``."""
        return await (await self.conn.execute(sql, params)).fetchone()

    @asynccontextmanager
    async def transaction(self, update_id: int | None = None, *, durable: bool = True) -> AsyncIterator[None]:
        """One write transaction; with ``update_id``, the update is claimed in it (``Duplicate`` if it was before).

        Writers in this process queue on a lock, other processes wait on SQLite's. Inside a transaction, a nested
        ``transaction()`` joins it: everything commits or rolls back together. A transaction that is not
        ``durable`` (bookkeeping that can be redone: which message shows which board) commits without waiting for
        the disk: a crash right after may undo it (never the moves, and never out of order: the next durable commit
        makes it durable too), it cannot corrupt the file.
        """
        if _current.get() is self:
            await self._claim(update_id)
            yield
            return
        async with self._lock:
            if not durable:
                await self.conn.execute("PRAGMA synchronous = NORMAL")
            try:
                async with self._transaction(update_id):
                    yield
            finally:
                if not durable:
                    await self.conn.execute("PRAGMA synchronous = FULL")

    @asynccontextmanager
    async def _transaction(self, update_id: int | None) -> AsyncIterator[None]:
        """BEGIN ... COMMIT (or ROLLBACK), for a caller that holds the lock."""
        await self.conn.execute("BEGIN IMMEDIATE")
        token = _current.set(self)
        try:
            await self._claim(update_id)
            yield
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                await self.conn.execute("ROLLBACK")
            raise
        else:
            try:
                await self.conn.execute("COMMIT")
            except sqlite3.Error as exc:
                # The commit may have reached the file even so (the write-ahead log can hold it): nobody may be
                # told it failed, only that it could not be confirmed.
                with contextlib.suppress(sqlite3.Error):
                    await self.conn.execute("ROLLBACK")
                raise Unconfirmed(f"the commit was not confirmed: {exc}") from exc
        finally:
            _current.reset(token)

    async def _claim(self, update_id: int | None) -> None:
        if update_id is None:
            return
        cursor = await self.conn.execute(
            "INSERT OR IGNORE INTO processed_updates (update_id, processed_at) VALUES (?, ?)",
            (update_id, self.clock()),
        )
        if cursor.rowcount == 0:
            raise Duplicate(f"update {update_id} was already processed")

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
            cursor = await self.conn.execute("DELETE FROM processed_updates WHERE processed_at < ?", (older_than,))
            return cursor.rowcount

    # --------------------------------------------------------------------------------------------------------------
    # Maintenance

    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        row = await self.row("PRAGMA integrity_check")
        return str(row[0]) if row else "no answer"

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the live database at ``target`` (SQLite's online backup API)."""
        target = Path(target)
        if target.exists():
            raise FileExistsError(f"{target} already exists")
        async with self._lock:
            dest = await aiosqlite.connect(str(target))
            try:
                await self.conn.backup(dest)
            finally:
                await dest.close()


@dataclass(frozen=True)
class FileReport:
    """What a database file is, looked at without changing it (``inspect``).

    ``exists`` False: the bot would create it. ``schema`` is its ``PRAGMA user_version`` (``None`` when it could not
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


async def inspect(path: str | os.PathLike[str]) -> FileReport:
    """Look at the database at ``path`` read-only: whether it exists, its schema, how many games it holds, and
    whether the bot could open it for writing. Creates, upgrades and locks nothing."""
    path = os.path.abspath(path)
    latest = schema.latest_version()
    folder = os.path.dirname(path)
    if not os.path.exists(path):
        if not os.path.isdir(folder):
            problem = CannotOpen(f"cannot create the database {path}: the folder {folder} does not exist")
        elif not os.access(folder, os.W_OK | os.X_OK):
            problem = CannotOpen(f"cannot create the database {path}: this user cannot write the folder {folder}")
        else:
            problem = None
        return FileReport(path, False, latest, problem=problem)
    if os.path.isdir(path):
        return FileReport(path, True, latest, problem=CannotOpen(f"the database {path} is a folder, not a file"))
    report = FileReport(path, True, latest)
    try:
        conn = await aiosqlite.connect(Path(path).as_uri() + "?mode=ro", uri=True)
        try:
            row = await (await conn.execute("PRAGMA user_version")).fetchone()
            version = int(row[0]) if row else 0
            report = replace(report, schema=version)
            table = await (
                await conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'")
            ).fetchone()
            if table is not None:
                row = await (
                    await conn.execute("SELECT COUNT(*), COALESCE(SUM(state = 'active'), 0) FROM games")
                ).fetchone()
                if row is not None:
                    report = replace(report, games=int(row[0]), active=int(row[1]))
        finally:
            await conn.close()
    except sqlite3.Error as exc:
        return replace(report, problem=CannotOpen(cannot_open(path, exc)))
    try:
        too_new(path, version)
    except SchemaTooNew as exc:
        return replace(report, problem=exc)
    if not os.access(path, os.W_OK):
        return replace(
            report, problem=CannotOpen(f"cannot open the database {path} for writing: the file is read-only")
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        return replace(
            report,
            problem=CannotOpen(
                f"cannot open the database {path} for writing: this user cannot write its folder {folder} "
                "(SQLite keeps its journal there)"
            ),
        )
    return report


def too_new(path: str, version: int) -> None:
    """Raise ``SchemaTooNew`` when a file of schema ``version`` was written by a newer version of the bot."""
    known = schema.latest_version()
    if version > known:
        raise SchemaTooNew(
            f"the database {path} was written by a newer version of tochki-bot (schema {version}); "
            f"this version knows schemas up to {known}: upgrade the bot, or restore a backup"
        )


def cannot_open(path: str, exc: sqlite3.Error) -> str:
    """One sentence for an operator: which file, what SQLite said, what to look at."""
    said = str(exc)
    if "not a database" in said:
        hint = "it is not an SQLite database; point TOCHKI_DB at the bot's database file"
    elif "locked" in said or "busy" in said:
        hint = "another program holds it locked"
    else:
        hint = "check that its folder exists and that this user can write the folder and the file, or set TOCHKI_DB"
    return f"cannot open the database {path} for writing ({said}): {hint}"


def split_sql(script: str) -> list[str]:
    """Split a migration into statements (they contain no ``;`` inside strings, no ``--`` inside strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
