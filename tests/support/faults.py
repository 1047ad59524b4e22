"""Faults the tests cause on purpose where the fake Bot API cannot: a database that fails once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.harness import Bot


def fail_once(bot: Bot, monkeypatch: pytest.MonkeyPatch, sql_start: str, *, after: bool) -> None:
    """Make the database fail once, for the statement starting with ``sql_start``: after running it (the write
    reached the database, but the driver says it failed) or instead of running it. SQLite reports a disk I/O error;
    PostgreSQL a connection lost in the middle of the statement."""
    db = bot.db.db
    state = {"done": False}
    if db.dialect.name == "sqlite":
        import sqlite3

        conn = db.conn  # type: ignore[attr-defined]
        real = conn.execute

        async def execute(sql: str, parameters: Any = None) -> Any:
            if not state["done"] and sql.startswith(sql_start):
                state["done"] = True
                if after:
                    await real(sql, parameters) if parameters is not None else await real(sql)
                raise sqlite3.OperationalError("disk I/O error")
            return await (real(sql, parameters) if parameters is not None else real(sql))

        monkeypatch.setattr(conn, "execute", execute)
        return

    from asyncpg.exceptions import ConnectionDoesNotExistError

    for name in ("_control", "execute"):
        real_method = getattr(db, name)

        def failing(real_method: Any = real_method) -> Any:
            async def run(sql: str, *args: Any) -> Any:
                if not state["done"] and sql.startswith(sql_start):
                    state["done"] = True
                    if after:
                        await real_method(sql, *args)
                    raise ConnectionDoesNotExistError("connection was closed in the middle of operation")
                return await real_method(sql, *args)

            return run

        monkeypatch.setattr(db, name, failing())
