"""``tochki-bot migrate-db SRC DST``: a whole database copied between SQLite and PostgreSQL and back, checked by
replaying every game on both sides; a database that is not empty is refused."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.support.games import GROUP, open_group_game, users
from tests.support.harness import Bot
from tochki_bot.cli import main
from tochki_bot.services import Person


async def played(path: str) -> None:
    """A database with what the bot writes: chats, users, games (one finished, one being played, one a lobby),
    moves, messages, spectators' and processed updates' rows, owed announcements."""
    bot = await Bot(Path(path)).start()
    try:
        anna, boris, _ = users(bot.fake)
        await open_group_game(bot, thread_id=5)
        for who, move in [(anna, "5-5"), (boris, "6-5"), (anna, "6-4"), (boris, "9-9"), (anna, "7-5"), (boris, "1-1")]:
            await bot.say(GROUP, who, f"/m {move}", thread_id=5)
        await open_group_game(bot, thread_id=7)
        await bot.say(GROUP, anna, "/m 3-3", thread_id=7)
        await bot.services.play.resign(2, Person(boris["id"], "Boris"))
        await bot.say(GROUP, anna, "/new", thread_id=9)
        assert not bot.errors
    finally:
        await bot.stop()


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: sorted(map(tuple, conn.execute(f"SELECT * FROM {t}")), key=repr) for t in tables}


def test_a_database_goes_to_postgresql_and_back_unchanged(
    tmp_path: Path, pg_server: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.db"
    asyncio.run(played(str(source)))
    url = pg_server.fresh()

    assert main(["migrate-db", str(source), url]) == 0
    out = capsys.readouterr().out
    assert "games 3" in out and "moves 8" in out and "checked: 3 games replayed on both sides" in out

    back = tmp_path / "back.db"
    assert main(["migrate-db", url, f"sqlite:///{back}"]) == 0
    assert "checked: 3 games" in capsys.readouterr().out
    # The round trip changed nothing: every row of every table (sqlite_sequence too: the next game's id).
    assert dump(back) == dump(source)

    # Into a database that already holds the games: refused, nothing written.
    assert main(["migrate-db", str(source), url]) == 1
    assert "is not empty" in capsys.readouterr().err


def test_the_copy_goes_on_numbering_games_after_the_copied_ones(tmp_path: Path, pg_server: Any) -> None:
    source = tmp_path / "source.db"
    asyncio.run(played(str(source)))
    url = pg_server.fresh()
    assert main(["migrate-db", str(source), url]) == 0

    async def new_game() -> int:
        from storage import Storage
        from tochki_bot.engine import GameSettings

        db = await Storage.open(url)
        try:
            game = await db.games.create(chat_id=GROUP, creator_id=11, settings=GameSettings(10, 10, "empty"))
            return game.id
        finally:
            await db.close()

    assert asyncio.run(new_game()) == 4


def test_a_missing_source_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate-db", str(tmp_path / "none.db"), str(tmp_path / "copy.db")]) == 1
    assert "no database at" in capsys.readouterr().err
    assert not (tmp_path / "copy.db").exists()
