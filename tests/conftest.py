"""Fixtures every test may use: both database backends, and bots left running by a failed test stopped.

The helpers the tests share are modules of ``tests.support`` (``from tests.support.harness import Bot``)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import Where


@pytest.fixture(scope="session", autouse=True)
def _compiled_search() -> None:
    """``hard``'s compiled search loaded before the first test (``tochki_bot.ai.kernel``), so that no test's time
    pays for it: numba compiles it once per machine, under a lock the test processes share (the other waits, then
    loads what the first compiled), and every later process loads it in a fraction of a second."""
    import fcntl
    import tempfile

    from tochki_bot.ai import kernel

    if not kernel.available():
        return
    with open(Path(tempfile.gettempdir()) / "tochki-bot-kernel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        kernel.warm()


@pytest.fixture(autouse=True)
async def _stop_leftover_bots() -> AsyncIterator[None]:
    """A test that fails half-way leaves its bots running, and their database threads would keep pytest from
    exiting: stop them."""
    yield
    from tests.support.harness import RUNNING

    for bot in list(RUNNING):
        await bot.stop()


# ----------------------------------------------------------------------------------------------------------------------
# Both database backends. A test that takes ``where`` (or ``backend``) runs once per backend: ``where("x.db")`` is a
# file in the test's folder on SQLite, a fresh schema of a throwaway PostgreSQL server on PostgreSQL (the same name
# gives the same database within a test: a bot restarted on it, a second process).


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backends",
        default=os.environ.get("TOCHKI_TEST_BACKENDS", "sqlite,postgres"),
        help="the database backends the storage, services and bot tests run on (default: sqlite,postgres; "
        "PostgreSQL's tests are skipped when its binaries are missing, except under CI=true)",
    )


def backends(config: pytest.Config) -> list[str]:
    """The backends ``--backends`` chose."""
    return [b.strip() for b in config.getoption("--backends").split(",") if b.strip()]


# The PostgreSQL half is marked ``postgres`` (``-m "not postgres"`` leaves it out, as ``--backends sqlite`` does).
POSTGRES_MARKS = [pytest.mark.postgres]
SLOW_BY_NATURE = ("process", "browser", "postgres")
"""Markers that make a test ``slow`` without saying so."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        chosen = [
            pytest.param(b, marks=POSTGRES_MARKS, id=b) if b == "postgres" else b for b in backends(metafunc.config)
        ]
        metafunc.parametrize("backend", chosen, indirect=True)


def pytest_itemcollected(item: pytest.Item) -> None:
    """A test that asks for the PostgreSQL server itself is a PostgreSQL test too; and every test that starts
    processes of its own, drives a browser or runs on PostgreSQL is slow (a Python process takes 0.5-1 s to start
    here, the server seconds, and the PostgreSQL half repeats the SQLite half): the fast suite stays in one process,
    on SQLite."""
    if "pg_server" in getattr(item, "fixturenames", ()):
        for mark in POSTGRES_MARKS:
            item.add_marker(mark)
    if item.get_closest_marker("slow") is None and any(item.get_closest_marker(m) for m in SLOW_BY_NATURE):
        item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A PostgreSQL server for the whole session (started the first time a test asks for it; never when
    ``--backends`` leaves PostgreSQL out)."""
    from tests.support.pgserver import Server, binaries

    if "postgres" not in backends(request.config):
        pytest.skip("--backends leaves PostgreSQL out")
    folder = binaries()
    missing = None
    if folder is None:
        missing = "no PostgreSQL binaries (initdb, pg_ctl; set TOCHKI_PG_BIN)"
    else:
        try:
            import asyncpg  # noqa: F401
        except ImportError:
            missing = "asyncpg is not installed (pip install -e '.[postgres]')"
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL tests cannot run under CI: {missing}")
        pytest.skip(missing)
    assert folder is not None
    server = Server(folder).start()
    yield server
    server.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` or ``"postgres"``: the backend this run of the test uses."""
    name = str(request.param)
    if name == "postgres":
        request.getfixturevalue("pg_server")
    elif name != "sqlite":
        raise ValueError(f"unknown backend {name}")
    return name


@pytest.fixture
def where(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Where:
    """Where a test's database lives: ``where("x.db")`` a path (SQLite) or a URL (PostgreSQL)."""
    if backend == "sqlite":
        return lambda name="t.db": str(tmp_path / name)
    server = request.getfixturevalue("pg_server")
    made: dict[str, str] = {}

    def fresh(name: str = "t.db") -> str:
        if name not in made:
            made[name] = server.fresh()
        return made[name]

    return fresh
