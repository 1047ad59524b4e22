"""The one place a command opens a database that must be there already: a missing SQLite file is said, not created
empty; a database the bot cannot use ends the command with status 6 and says why."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tochki_bot.cli.database import checked, existing, missing, open_existing, usable
from tochki_bot.cli.program import ExitStatus, Failure
from tochki_bot.services import CannotOpen, SchemaTooNew, Services

ABSENT = Failure(ExitStatus.FAILED, "no database")


def test_a_missing_sqlite_file_is_missing_a_postgresql_url_never(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert missing(str(db)) and missing(f"sqlite:///{db}")
    db.write_bytes(b"")
    assert not missing(str(db)) and not missing(f"sqlite:///{db}")
    assert missing(str(tmp_path))  # a folder is not a database file
    assert not missing("postgresql://nobody@127.0.0.1:1/none")


def test_existing_raises_what_the_command_says_and_creates_nothing(tmp_path: Path) -> None:
    db = tmp_path / "none.db"
    with pytest.raises(Failure) as raised:
        existing(str(db), absent=ABSENT)
    assert raised.value is ABSENT and not db.exists()


@pytest.mark.parametrize("error", [CannotOpen("cannot open x"), SchemaTooNew("x is too new")])
def test_an_unusable_database_is_status_6_with_its_message(error: Exception) -> None:
    with pytest.raises(Failure) as raised, usable("backup failed: "):
        raise error
    assert raised.value.status == ExitStatus.DATABASE and str(raised.value) == f"backup failed: {error}"


def test_other_errors_pass_through_usable() -> None:
    with pytest.raises(FileExistsError), usable():
        raise FileExistsError("copy.db already exists")


async def test_open_existing_opens_and_closes_what_is_there(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with pytest.raises(Failure) as raised:
        async with open_existing(str(db), absent=ABSENT):
            raise AssertionError("opened a database that is not there")
    assert raised.value is ABSENT and not db.exists()
    await (await Services.open(db)).close()
    async with open_existing(str(db), absent=ABSENT) as services:
        await services.backup(tmp_path / "copy.db")
    assert (tmp_path / "copy.db").exists()


async def test_a_newer_database_is_refused_before_anything_changes(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    await (await Services.open(db)).close()
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 999")
    with pytest.raises(SchemaTooNew):
        await checked(str(db))
    with pytest.raises(Failure) as raised:
        async with open_existing(str(db), absent=ABSENT, failed="backup failed: "):
            raise AssertionError("opened a database a newer version wrote")
    assert raised.value.status == ExitStatus.DATABASE and "newer version" in str(raised.value)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 999
