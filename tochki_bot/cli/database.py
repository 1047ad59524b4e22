"""The database a command works on: one that must be there already (a missing SQLite file would be created empty),
and what a database that cannot be used ends the command with (status 6)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

from ..services import CannotOpen, FileReport, SchemaTooNew, Services, inspect_database, is_postgres
from .program import ExitStatus, Failure

UNUSABLE = (CannotOpen, SchemaTooNew)
"""What a database the bot cannot use raises: one it cannot open for writing, one a newer version wrote."""


def missing(target: str) -> bool:
    """Whether ``target`` is an SQLite file (a path or an ``sqlite:///`` URL) that is not there. A PostgreSQL URL
    is never missing here: its server says what is wrong when it is opened."""
    return not is_postgres(target) and not os.path.isfile(target.removeprefix("sqlite:///"))


def existing(target: str, *, absent: Failure) -> str:
    """``target``, or ``absent`` raised when it is ``missing``: opening it would create an empty database."""
    if missing(target):
        raise absent
    return target


@contextmanager
def usable(failed: str = "") -> Iterator[None]:
    """Inside, a database that cannot be used (``UNUSABLE``) becomes a ``Failure`` of status 6 saying why, after
    ``failed`` (``"backup failed: "``, say)."""
    try:
        yield
    except UNUSABLE as exc:
        raise Failure(ExitStatus.DATABASE, f"{failed}{exc}") from exc


@asynccontextmanager
async def open_existing(
    target: str,
    *,
    absent: Failure,
    failed: str = "",
    ai_workers: int | None = None,
    ai_seconds: float | None = None,
) -> AsyncIterator[Services]:
    """The services over the database at ``target``, which must be there (else ``absent``) and usable (else a
    ``Failure`` of status 6, its message after ``failed``, while it is open too); closed on the way out."""
    existing(target, absent=absent)
    with usable(failed):
        services = await Services.open(target, ai_workers=ai_workers, ai_seconds=ai_seconds)
        try:
            yield services
        finally:
            await services.close()


async def checked(target: str) -> FileReport:
    """What the database at ``target`` is, looked at without changing it; its problem raised (``UNUSABLE``) when
    the bot could not use it."""
    report = await inspect_database(target)
    if report.problem is not None:
        raise report.problem
    return report
