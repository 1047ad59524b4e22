"""``tochki-bot migrate-db SRC DST``: copy the whole database ``SRC`` into the empty ``DST`` (SQLite and PostgreSQL,
either way), then replay every game on both sides to check the copy."""

from __future__ import annotations

import argparse
import asyncio

from ..services import Migrated, NotEmpty, NotTheSame, migrate
from .database import existing, usable
from .program import Command, ExitStatus, Failure

FAILED = "migrate-db failed: "


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="SRC")
    parser.add_argument("target", metavar="DST")


def run(args: argparse.Namespace) -> int:
    """Copy the database ``args.source`` into the empty ``args.target`` and check the copy; the exit status."""
    source = existing(args.source, absent=Failure(ExitStatus.FAILED, f"{FAILED}no database at {args.source}"))
    try:
        with usable(FAILED):
            done: Migrated = asyncio.run(migrate(source, args.target))
    except (NotEmpty, NotTheSame, OSError) as exc:
        raise Failure(ExitStatus.FAILED, f"{FAILED}{exc}") from exc
    print("copied: " + ", ".join(f"{table} {count}" for table, count in done.counts.items()))
    unplayable = f" ({done.unplayable} whose stored moves the engine refuses, alike on both)" if done.unplayable else ""
    print(f"checked: {done.replayed} games replayed on both sides, same moves, score and result{unplayable}")
    return ExitStatus.OK


COMMAND = Command(
    "migrate-db",
    "copy the whole database SRC into the empty database DST (each a path, an sqlite:/// URL or a "
    "postgresql:// URL), then replay every game on both sides to check the copy",
    run,
    arguments,
)
