"""``tochki-bot backup PATH``: a consistent copy of the live database (``TOCHKI_DB``) in the SQLite file ``PATH``,
from PostgreSQL too."""

from __future__ import annotations

import argparse
import asyncio

from ..services import default_path
from .database import open_existing
from .program import Command, ExitStatus, Failure

FAILED = "backup failed: "


async def backup(source: str, target: str) -> None:
    """Copy the database ``source`` (which must be there) to ``target``."""
    absent = Failure(ExitStatus.FAILED, f"{FAILED}no database at {source} (TOCHKI_DB)")
    async with open_existing(source, absent=absent, failed=FAILED) as services:
        await services.backup(target)


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path")


def run(args: argparse.Namespace) -> int:
    """Copy the live database to ``args.path``; the exit status."""
    try:
        asyncio.run(backup(default_path(), args.path))
    except OSError as exc:
        raise Failure(ExitStatus.FAILED, f"{FAILED}{exc}") from exc
    print(f"backup written to {args.path}")
    return ExitStatus.OK


COMMAND = Command(
    "backup",
    "write a consistent copy of the database to PATH (an SQLite file, from PostgreSQL too)",
    run,
    arguments,
)
