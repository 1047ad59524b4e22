"""SQLite: one file through one aiosqlite connection, its migrations counted in ``PRAGMA user_version``, and write
transactions that take the file's write lock at once (``BEGIN IMMEDIATE``)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite

from . import schema
from .database import CannotOpen, Database, FileReport, SchemaTooNew, Unconfirmed, split_sql, too_new
from .dialect import SQLITE

BUSY_TIMEOUT_MS = 10_000


class SqliteDatabase(Database):
    """One SQLite file through one aiosqlite connection, in WAL mode with ``synchronous = FULL``."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Callable[[], float]) -> None:
        super().__init__(path, clock)
        self.conn = conn

    @classmethod
    async def connect(cls, path: str, *, clock: Callable[[], float] = time.time) -> SqliteDatabase:
        """Open (creating if needed) and upgrade the file at ``path``.

        Raises ``SchemaTooNew`` for a database written by a newer version, ``CannotOpen`` for a file it cannot read
        and write (a missing or read-only folder, a read-only file, not an SQLite file), before changing anything.
        """
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
                for statement in split_sql(schema.script(number, "sqlite")):
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

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement (inside a transaction for writes); how many rows it changed."""
        cursor = await self.conn.execute(sql, params)
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` into a table numbered by ``id``; the new row's id."""
        cursor = await self.conn.execute(sql, params)
        return int(cursor.lastrowid or 0)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        await self.conn.executemany(sql, rows)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """All rows of a query."""
        return list(await self.conn.execute_fetchall(sql, params))

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or ``None``."""
        return await (await self.conn.execute(sql, params)).fetchone()

    async def columns(self, table: str) -> list[str]:
        """The columns of ``table``, in order."""
        return [str(r[1]) for r in await self.rows("SELECT * FROM pragma_table_info(?)", (table,))]

    def unique_violation(self, exc: BaseException) -> bool:
        """Whether ``exc`` is SQLite's "UNIQUE constraint failed"."""
        return isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)

    # --------------------------------------------------------------------------------------------------------------
    # Transactions: BEGIN IMMEDIATE takes SQLite's write lock at once (other processes wait up to the busy timeout).

    async def _begin(self, durable: bool) -> None:
        if not durable:
            await self.conn.execute("PRAGMA synchronous = NORMAL")
        await self.conn.execute("BEGIN IMMEDIATE")

    async def _begin_read(self) -> None:
        await self.conn.execute("BEGIN")

    async def _commit(self) -> None:
        try:
            await self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # The commit may have reached the file even so (the write-ahead log can hold it): nobody may be told it
            # failed, only that it could not be confirmed.
            with contextlib.suppress(sqlite3.Error):
                await self.conn.execute("ROLLBACK")
            raise Unconfirmed(f"the commit was not confirmed: {exc}") from exc

    async def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            await self.conn.execute("ROLLBACK")

    async def _finish(self, durable: bool) -> None:
        if not durable:
            await self.conn.execute("PRAGMA synchronous = FULL")

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


async def inspect_sqlite(path: str) -> FileReport:
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
