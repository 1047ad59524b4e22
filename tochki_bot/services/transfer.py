"""A whole database copied to another backend (``tochki-bot migrate-db SRC DST``), and proved the same by replaying
every game through the engine on both sides."""

from __future__ import annotations

import os
from dataclasses import dataclass

from storage import TABLES, Storage, copy_database

from ..engine import Game


class NotTheSame(Exception):
    """The copy differs from its source (a table's count, a game's moves or its replay)."""


@dataclass(frozen=True)
class Migrated:
    """What ``migrate`` copied: rows per table, in the order copied; games replayed on both sides."""

    counts: dict[str, int]
    replayed: int
    unplayable: int
    """Games whose stored moves the engine refuses (on both sides alike): copied as they are."""


async def replay(storage: Storage, game_id: int) -> tuple[object, ...]:
    """What a game is when its stored moves are played through the engine: its row, its moves, the score and the
    result (or why the engine refuses a move)."""
    record = await storage.games.get(game_id)
    assert record is not None
    moves = await storage.games.moves(game_id)
    try:
        game = Game.from_settings(record.settings, moves)
    except Exception as exc:  # a broken record: it must be broken the same way on both sides
        return record, tuple(moves), None, f"{type(exc).__name__}: {exc}"
    return record, tuple(moves), game.score, game.result


async def migrate(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> Migrated:
    """Copy the database at ``source`` into the empty one at ``target`` (either backend; both are created or
    upgraded to this version's schema), then check it: the same rows in every table, and every game the same when
    replayed. Raises ``storage.NotEmpty`` when ``target`` holds anything, ``NotTheSame`` when the check fails."""
    src = await Storage.open(source)
    try:
        dst = await Storage.open(target)
        try:
            counts = await copy_database(src.db, dst.db)
            for table in TABLES:
                there = await dst.db.count(table)
                if there != counts[table]:
                    raise NotTheSame(f"{table}: {counts[table]} rows copied, {there} in {dst.path}")
            ids = await src.games.ids()
            if ids != await dst.games.ids():
                raise NotTheSame("the games' ids differ")
            unplayable = 0
            for game_id in ids:
                before, after = await replay(src, game_id), await replay(dst, game_id)
                if before != after:
                    raise NotTheSame(f"game {game_id} differs: {before[2:]} in {src.path}, {after[2:]} in {dst.path}")
                unplayable += before[2] is None
            return Migrated(counts, len(ids), unplayable)
        finally:
            await dst.close()
    finally:
        await src.close()
