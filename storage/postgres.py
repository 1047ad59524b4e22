"""PostgreSQL through asyncpg (the optional ``postgres`` extra): a small pool of connections, the migrations counted
in a one-row ``schema_version`` table, write transactions on one connection of the pool.

Reads outside a transaction take any connection of the pool and see what is committed; reads inside a transaction go
to its connection. Writers of one process queue on ``Database``'s lock, as on SQLite; writers of other processes are
kept apart by PostgreSQL's row locks (READ COMMITTED): the ply check ``UPDATE games ... WHERE ply = ?`` of a second
writer waits for the first to commit and then changes no row (``Conflict``), a second claim of an update id waits
and then inserts nothing (``Duplicate``). Migrations take an advisory lock, so workers that start together upgrade
the database once.

Several workers (bot processes on one database) share more through a connection each keeps of its own, outside the
pool (``Control``): it holds the advisory lock ``(WORKER_SPACE, worker)`` for as long as the process lives (a worker
killed with ``kill -9`` loses its connection, and with it the lock: the others see at once that it is gone), the
session advisory locks of ``exclusive`` and ``leading`` (taken with ``pg_try_advisory_lock``, tried again shortly
while another process holds them), and ``LISTEN`` on the channel ``tochki`` for the notices of ``notify``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from . import schema
from .database import (
    WORKERS,
    CannotOpen,
    Database,
    FileReport,
    Heard,
    StorageError,
    Unconfirmed,
    split_sql,
    too_new,
)
from .dialect import POSTGRES, numbered

if TYPE_CHECKING:
    import asyncpg

POOL_SIZE = 10
"""Connections one process keeps at most (one writes at a time; the others read)."""
CONNECT_SECONDS = 10.0
MIGRATION_LOCK = 0x70C4_0001
"""The advisory lock a migration holds (``pg_advisory_xact_lock``): one process upgrades at a time."""
INSTALL = "pip install 'tochki-bot[postgres]'"
WORKER_SPACE = 0x70C4
"""The first key of the advisory lock each worker holds on its number, ``(WORKER_SPACE, worker)``."""
CHANNEL = "tochki"
"""The ``LISTEN`` / ``NOTIFY`` channel of notices between workers."""
RETRY_FIRST, RETRY_MOST = 0.002, 0.05
"""Seconds between tries of a lock another process holds: the first wait, doubled up to the longest."""

log = logging.getLogger(__name__)


def lock_key(name: str, key: int) -> int:
    """The 64-bit advisory lock key of ``(name, key)`` (two names that meet on one key only wait for each other):

    >>> lock_key("chat", -100) == lock_key("chat", -100) != lock_key("game", -100)
    True
    """
    digest = hashlib.blake2b(f"{name}:{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def driver() -> Any:
    """The asyncpg module; ``CannotOpen`` saying how to install it when it is missing."""
    try:
        import asyncpg
    except ImportError:
        raise CannotOpen(
            f"TOCHKI_DB names a PostgreSQL database, but its driver (asyncpg) is not installed: {INSTALL}"
        ) from None
    return asyncpg


def redact(url: str) -> str:
    """The URL without its password, for messages and logs:

    >>> redact("postgresql://bot:secret@db.example:5432/tochki")
    'postgresql://bot@db.example:5432/tochki'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}" if user else netloc))


def cannot_reach(path: str, exc: BaseException) -> str:
    """One sentence for an operator: which database, what went wrong, what to look at."""
    name = type(exc).__name__
    said = str(exc) or name
    if name == "InvalidCatalogNameError":
        hint = "create the database first (createdb), or fix the name in TOCHKI_DB"
    elif name in ("InvalidPasswordError", "InvalidAuthorizationSpecificationError"):
        hint = "check the user and password in TOCHKI_DB"
    elif isinstance(exc, (OSError, TimeoutError)):
        hint = "check that the server is running and that the host and port in TOCHKI_DB are right"
    else:
        hint = "check TOCHKI_DB and the server's log"
    return f"cannot open the database {path} ({said}): {hint}"


def _clean(params: Sequence[Any]) -> tuple[Any, ...]:
    """PostgreSQL's text cannot hold U+0000: it is stored as U+FFFD (Telegram never sends it in a name)."""
    return tuple(p.replace("\x00", "\ufffd") if isinstance(p, str) and "\x00" in p else p for p in params)


def _changed(status: str) -> int:
    """The row count of a command status (``UPDATE 1``, ``INSERT 0 1``, ``DELETE 3``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDatabase(Database):
    """A PostgreSQL database through a pool of asyncpg connections."""

    dialect = POSTGRES

    shared = True

    def __init__(self, pool: asyncpg.Pool, path: str, clock: Callable[[], float], url: str = "") -> None:
        super().__init__(path, clock)
        self.pool = pool
        self._tx: asyncpg.pool.PoolConnectionProxy | None = None
        self._asyncpg = driver()
        self._own = Control(self, url)

    @classmethod
    async def connect(cls, url: str, *, clock: Callable[[], float] = time.time) -> PostgresDatabase:
        """Connect to the database at ``url`` and upgrade it.

        Raises ``CannotOpen`` when the driver is missing, the server cannot be reached or refuses the login, or the
        user cannot write the tables; ``SchemaTooNew`` for a database of a newer version of the bot.
        """
        asyncpg = driver()
        path = redact(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise CannotOpen(cannot_reach(path, exc)) from None
        database = cls(pool, path, clock, url)
        try:
            too_new(path, await database.schema_version())
            await database._refuse_read_only()
            await database._migrate()
            await database._refuse_unwritable()
            await database._own.open()
        except BaseException:
            await database._own.close()
            await pool.close()
            raise
        return database

    async def _refuse_read_only(self) -> None:
        row = await self.row("SELECT current_setting('transaction_read_only')")
        if row is not None and row[0] == "on":
            raise CannotOpen(f"cannot open the database {self.path} for writing: the server is read-only (a standby?)")

    async def _refuse_unwritable(self) -> None:
        """Refuse tables this user may read but not write now rather than at the first move."""
        from .database import TABLES

        for table in TABLES:
            row = await self.row("SELECT has_table_privilege(?, 'SELECT, INSERT, UPDATE, DELETE')", (table,))
            if row is None or not row[0]:
                raise CannotOpen(
                    f"cannot open the database {self.path} for writing: this user may not change the table {table}"
                )

    async def _migrate(self) -> None:
        """Apply the missing migrations, each in a transaction that holds the migration lock (another process that
        starts at the same time waits, then finds the step done)."""
        for number in range(1, schema.latest_version() + 1):
            if await self.schema_version() >= number:
                continue
            async with self.transaction():
                await self.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
                if await self.schema_version() >= number:
                    continue
                for statement in split_sql(schema.script(number, "postgres")):
                    await self.execute(statement)
                await self.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                await self.execute("DELETE FROM schema_version")
                await self.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

    async def schema_version(self) -> int:
        """The version in ``schema_version`` (0 for a database without one): how many migrations are applied."""
        # The catalog is read with a snapshot (to_regclass() could answer from this connection's cache, stale while
        # another process creates the table).
        row = await self.row(
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() "
            "AND tablename = 'schema_version')"
        )
        if row is None or not row[0]:
            return 0
        row = await self.row("SELECT version FROM schema_version")
        return int(row[0]) if row else 0

    async def close(self) -> None:
        """Close the pool's connections and the worker's own."""
        await self._own.close()
        await self.pool.close()

    # --------------------------------------------------------------------------------------------------------------
    # Reading and writing

    def _conn(self) -> Any:
        """The transaction's connection inside one, else the pool (any free connection)."""
        if self._tx is not None and self.in_transaction:
            return self._tx
        return self.pool

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        return _changed(await self._conn().execute(numbered(sql), *_clean(params)))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` into a table numbered by ``id``; the new row's id."""
        return int(await self._conn().fetchval(numbered(sql) + " RETURNING id", *_clean(params)))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        await self._conn().executemany(numbered(sql), [_clean(r) for r in rows])

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """All rows of a query."""
        return list(await self._conn().fetch(numbered(sql), *_clean(params)))

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or ``None``."""
        return await self._conn().fetchrow(numbered(sql), *_clean(params))

    async def columns(self, table: str) -> list[str]:
        """The columns of ``table``, in order."""
        rows = await self.rows(
            "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped "
            "ORDER BY attnum",
            (table,),
        )
        return [str(r[0]) for r in rows]

    def unique_violation(self, exc: BaseException) -> bool:
        """Whether ``exc`` is PostgreSQL's unique_violation (SQLSTATE 23505)."""
        return isinstance(exc, self._asyncpg.UniqueViolationError)

    # --------------------------------------------------------------------------------------------------------------
    # Transactions: READ COMMITTED on one connection of the pool.

    async def _control(self, sql: str) -> None:
        """``BEGIN`` / ``COMMIT`` / ``ROLLBACK`` / ``SET LOCAL`` on the transaction's connection."""
        assert self._tx is not None
        await self._tx.execute(sql)

    async def _begin(self, durable: bool) -> None:
        self._tx = await self.pool.acquire()
        await self._control("BEGIN")
        if not durable:
            await self._control("SET LOCAL synchronous_commit = off")

    async def _begin_read(self) -> None:
        self._tx = await self.pool.acquire()
        await self._control("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    async def _commit(self) -> None:
        asyncpg = self._asyncpg
        try:
            await self._control("COMMIT")
        except (OSError, TimeoutError, asyncpg.InterfaceError, asyncpg.PostgresConnectionError) as exc:
            # The connection broke during the commit: the server may have committed before it did.
            raise Unconfirmed(f"the commit was not confirmed: {exc}") from exc
        # Any other error is the server's answer: the transaction was rolled back, nothing is stored.

    async def _rollback(self) -> None:
        with contextlib.suppress(Exception):
            await self._control("ROLLBACK")

    async def _finish(self, durable: bool) -> None:
        conn, self._tx = self._tx, None
        if conn is None:
            return
        try:
            await self.pool.release(conn)
        except Exception:
            conn.terminate()

    # --------------------------------------------------------------------------------------------------------------
    # Several workers

    @asynccontextmanager
    async def exclusive(self, name: str, key: int) -> AsyncIterator[None]:
        """Hold ``(name, key)`` against every worker: this process's tasks queue on a local lock, then its holder
        takes the session advisory lock, trying again shortly while another worker has it."""
        async with self._local(name, key):
            code = lock_key(name, key)
            await self._own.take(code)
            try:
                yield
            finally:
                await self._own.release(code)

    @asynccontextmanager
    async def leading(self, name: str) -> AsyncIterator[bool]:
        """``True`` inside while this worker holds the role ``name``; ``False`` at once when another task or worker
        does."""
        lock = self._local(name, 0)
        if lock.locked():
            yield False
            return
        async with lock:
            code = lock_key(name, 0)
            held = await self._own.try_take(code)
            try:
                yield held
            finally:
                if held:
                    await self._own.release(code)

    @property
    def worker(self) -> int:
        """This worker's number: the key of the advisory lock its own connection holds."""
        return self._own.worker

    def alive_sql(self, column: str) -> str:
        """SQL true while the worker numbered by ``column`` holds its lock (its connection lives)."""
        return (
            "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' "
            f"AND l.classid = {WORKER_SPACE} AND l.objid = {column} AND l.objsubid = 2 AND l.granted)"
        )

    async def notify(self, topic: str, key: int) -> None:
        """``NOTIFY tochki`` with ``worker topic key``: inside a transaction on its connection (the others hear it
        when it commits), else at once on the worker's own connection."""
        payload = f"{self.worker} {topic} {int(key)}"
        if self._tx is not None and self.in_transaction:
            await self._tx.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
        else:
            await self._own.notify(payload)

    def on_notice(self, callback: Heard) -> None:
        """Call ``callback(topic, key)`` for each notice of another worker."""
        self._own.listeners.append(callback)

    # --------------------------------------------------------------------------------------------------------------
    # Maintenance

    async def integrity_check(self) -> str:
        """``"ok"`` when the server answers and the schema is this version's (PostgreSQL checks its own pages)."""
        version = await self.schema_version()
        return "ok" if version == schema.latest_version() else f"schema {version}"

    async def after_copy(self, table: str) -> None:
        """Move the table's id sequence past the ids copied in."""
        if table in ("games", "imports", "ai_jobs", "tournaments", "puzzles", "reviews"):
            await self.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            )

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the live database as a new SQLite file at ``target`` (``pg_dump`` makes
        PostgreSQL's own backups)."""
        from .transfer import copy_database

        if os.path.exists(target):
            raise FileExistsError(f"{target} already exists")
        from .sqlite import SqliteDatabase

        copy = await SqliteDatabase.connect(os.fspath(target), clock=self.clock)
        try:
            await copy_database(self, copy)
        finally:
            await copy.close()


class Control:
    """A worker's own connection to PostgreSQL, outside the pool: its number's lock, its session locks, and
    ``LISTEN``. Calls on it go one at a time. If it breaks, the next call opens a new one under a new number (the
    old number's claims are then the others' to take, as after a crash)."""

    def __init__(self, database: PostgresDatabase, url: str) -> None:
        self._database = database
        self._url = url
        self._conn: Any = None
        self._busy = asyncio.Lock()
        self.worker = 0
        self.listeners: list[Heard] = []

    async def open(self) -> Any:
        """Connect, take a number no live worker holds, listen; the connection (asyncpg's, untyped)."""
        asyncpg = driver()
        try:
            conn = await asyncpg.connect(self._url, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise CannotOpen(cannot_reach(self._database.path, exc)) from None
        try:
            while True:
                worker = int.from_bytes(os.urandom(4), "big") % (WORKERS - 1) + 1
                if await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", WORKER_SPACE, worker):
                    break
            await conn.add_listener(CHANNEL, self._heard)
        except BaseException:
            await conn.close()
            raise
        self._conn, self.worker = conn, worker
        return conn

    async def close(self) -> None:
        """Let go of the connection (and with it every lock it holds)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()

    async def _call(self, sql: str, *args: Any) -> Any:
        async with self._busy:
            asyncpg = driver()
            conn = self._conn
            if conn is None or conn.is_closed():
                if conn is not None:
                    log.warning("the worker's own connection to the database broke; opening a new one")
                conn = await self.open()
            try:
                return await conn.fetchval(sql, *args)
            except (OSError, asyncpg.InterfaceError, asyncpg.PostgresConnectionError):
                await self.close()
                raise

    async def try_take(self, code: int) -> bool:
        """Take the session lock ``code`` if nobody holds it; whether it did."""
        return bool(await self._call("SELECT pg_try_advisory_lock($1)", code))

    async def take(self, code: int) -> None:
        """Take the session lock ``code``, trying again shortly while another worker holds it."""
        wait = RETRY_FIRST
        while not await self.try_take(code):
            await asyncio.sleep(wait)
            wait = min(2 * wait, RETRY_MOST)

    async def release(self, code: int) -> None:
        """Let go of ``code`` (quietly when the connection broke: it let go of every lock then)."""
        with contextlib.suppress(Exception):
            await self._call("SELECT pg_advisory_unlock($1)", code)

    async def notify(self, payload: str) -> None:
        """Send a notice on the channel now."""
        await self._call("SELECT pg_notify($1, $2)", CHANNEL, payload)

    def _heard(self, conn: Any, pid: int, channel: str, payload: str) -> None:
        sender, _, rest = payload.partition(" ")
        topic, _, key = rest.partition(" ")
        if sender == str(self.worker) or not key.lstrip("-").isdigit():
            return
        for listener in list(self.listeners):
            try:
                listener(topic, int(key))
            except Exception:
                log.exception("a listener failed on the notice %r", payload)


async def inspect_postgres(url: str) -> FileReport:
    """Look at the PostgreSQL database at ``url`` without changing it: its schema, its games, and whether the bot
    could write it."""
    path = redact(url)
    latest = schema.latest_version()
    try:
        asyncpg = driver()
    except CannotOpen as exc:
        return FileReport(path, False, latest, problem=exc)
    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        return FileReport(path, False, latest, problem=CannotOpen(cannot_reach(path, exc)))
    report = FileReport(path, True, latest)
    problem: StorageError | None = None
    try:
        version = 0
        if await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL"):
            version = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        report = replace(report, schema=version)
        if await conn.fetchval("SELECT to_regclass('games') IS NOT NULL"):
            row = await conn.fetchrow("SELECT COUNT(*), COUNT(*) FILTER (WHERE state = 'active') FROM games")
            report = replace(report, games=int(row[0]), active=int(row[1]))
        if await conn.fetchval("SELECT current_setting('transaction_read_only')") == "on":
            problem = CannotOpen(f"cannot open the database {path} for writing: the server is read-only (a standby?)")
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        problem = CannotOpen(cannot_reach(path, exc))
    finally:
        await conn.close()
    if problem is None:
        try:
            too_new(path, report.schema or 0)
        except StorageError as exc:
            problem = exc
    return replace(report, problem=problem) if problem else report
