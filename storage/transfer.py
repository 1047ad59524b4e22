"""A whole database copied into another, of either backend (``tochki-bot migrate-db``, a PostgreSQL backup)."""

from __future__ import annotations

from .database import TABLES, Database, StorageError


class NotEmpty(StorageError):
    """The database to copy into already holds rows: a copy would mix two databases."""


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of every table of ``source`` into the empty ``target`` (both at the same schema): the tables
    in the order they refer to each other, rows with their ids, all in one transaction of ``target`` that reads one
    snapshot of ``source`` (the bot may keep running on it). Returns the rows copied per table.

    Raises ``NotEmpty`` (writing nothing) when ``target`` holds any row.
    """
    versions = await source.schema_version(), await target.schema_version()
    if versions[0] != versions[1]:
        raise StorageError(f"the databases have different schemas ({versions[0]} and {versions[1]})")
    filled = [f"{table} ({n})" for table in TABLES if (n := await target.count(table))]
    if filled:
        raise NotEmpty(f"{target.path} is not empty: {', '.join(filled)}; copy into an empty database")
    counts: dict[str, int] = {}
    async with source.snapshot(), target.transaction():
        for table in TABLES:
            columns = await source.columns(table)
            if sorted(columns) != sorted(await target.columns(table)):
                raise StorageError(f"the table {table} has different columns in {source.path} and {target.path}")
            names = ", ".join(columns)
            rows = await source.rows(f"SELECT {names} FROM {table} ORDER BY 1, 2")
            if rows:
                marks = ", ".join("?" for _ in columns)
                await target.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", [tuple(r) for r in rows])
            await target.after_copy(table)
            counts[table] = len(rows)
    return counts
