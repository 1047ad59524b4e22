"""Which database a target names, and opening it: a path or an ``sqlite:///`` URL is an SQLite file
(``sqlite.SqliteDatabase``), a ``postgresql://`` URL a PostgreSQL database (``postgres.PostgresDatabase``, imported
only then: asyncpg is the ``postgres`` extra). The one module that knows both backends; ``database``, their base,
knows neither."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from .database import Database, FileReport
from .sqlite import SqliteDatabase, inspect_sqlite

DEFAULT_PATH = "tochki.db"


def default_path() -> str:
    """``$TOCHKI_DB`` or ``./tochki.db``."""
    return os.environ.get("TOCHKI_DB") or DEFAULT_PATH


def is_postgres(target: str | os.PathLike[str]) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://...`` or ``postgres://...``)."""
    return str(target).startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str | os.PathLike[str]) -> str:
    """The file of an SQLite target: a path, or an ``sqlite:///`` URL (``sqlite:///x.db`` is ``x.db``,
    ``sqlite:////srv/x.db`` is ``/srv/x.db``)."""
    text = os.fspath(target)
    return text.removeprefix("sqlite:///") if text.startswith("sqlite:///") else text


async def open_database(
    target: str | os.PathLike[str] | None = None, *, clock: Callable[[], float] = time.time
) -> Database:
    """Open (creating if needed) and upgrade the database at ``target`` (default: ``$TOCHKI_DB`` or ./tochki.db).

    Raises ``SchemaTooNew`` for a database written by a newer version, ``CannotOpen`` for one it cannot read and
    write, before changing anything.
    """
    target = os.fspath(target) if target is not None else default_path()
    if is_postgres(target):
        from .postgres import PostgresDatabase

        return await PostgresDatabase.connect(target, clock=clock)
    return await SqliteDatabase.connect(sqlite_path(target), clock=clock)


async def inspect(target: str | os.PathLike[str]) -> FileReport:
    """Look at the database at ``target`` read-only: whether it exists, its schema, how many games it holds, and
    whether the bot could open it for writing. Creates, upgrades and locks nothing."""
    if is_postgres(target):
        from .postgres import inspect_postgres

        return await inspect_postgres(os.fspath(target))
    return await inspect_sqlite(sqlite_path(target))
