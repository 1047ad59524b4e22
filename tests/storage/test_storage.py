"""The SQLite repository, on real files in a temporary folder."""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import storage.database as database_module
import storage.opening as opening
import storage.schema as schema_module
from storage import (
    TABLES,
    CannotOpen,
    Conflict,
    Duplicate,
    GameRecord,
    MessageRecord,
    OpenGameExists,
    SchemaTooNew,
    Storage,
    inspect,
    latest_version,
)
from storage.sqlite import SqliteDatabase
from tests.support.paths import TESTS, Where
from tochki_bot.engine import Colour, Game, GameSettings, Move, MoveKind, Point

ROOT = TESTS.parent


@pytest.fixture
async def db(where: Where) -> AsyncIterator[Storage]:
    storage = await Storage.open(where("t.db"))
    yield storage
    await storage.close()


async def active_game(db: Storage, chat_id: int = -100, settings: GameSettings | None = None) -> GameRecord:
    await db.chats.upsert(chat_id, "group", "Test")
    await db.users.upsert(1, "Аня")
    await db.users.upsert(2, "Bob")
    game = await db.games.create(chat_id=chat_id, creator_id=1, settings=settings or GameSettings(10, 10, "empty"))
    return await db.games.update(game.id, expect_state="lobby", state="active", blue_id=1, red_id=2)


async def test_file_settings(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    db = await Storage.open(path)
    assert await db.db.schema_version() == latest_version()
    await db.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    db = await Storage.open(path)
    assert isinstance(db.db, SqliteDatabase)
    keys = await (await db.db.conn.execute("PRAGMA foreign_keys")).fetchone()
    busy = await (await db.db.conn.execute("PRAGMA busy_timeout")).fetchone()
    assert keys is not None and keys[0] == 1 and busy is not None and busy[0] >= 1000
    await db.close()


async def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TOCHKI_DB", str(tmp_path / "env.db"))
    db = await Storage.open()
    assert db.path == str(tmp_path / "env.db") and (tmp_path / "env.db").exists()
    await db.close()
    monkeypatch.delenv("TOCHKI_DB")
    assert opening.default_path() == "tochki.db"


async def test_unicode_names_round_trip(db: Storage, backend: str) -> None:
    names = ["Ёжик 🦔", "O'Brien; DROP TABLE users; --", "中文", "\u202eRTL", "a" * 300, "\x00zero"]
    for i, name in enumerate(names, 1):
        user = await db.users.upsert(i, name, last_name=name, username=f"u{i}")
        # PostgreSQL's text cannot hold U+0000: it is stored as U+FFFD.
        kept = name.replace("\x00", "\ufffd") if backend == "postgres" else name
        assert user.first_name == kept and user.last_name == kept
    chat = await db.chats.upsert(-5, "supergroup", "Чат «Точки» 🎲")
    assert chat.title == "Чат «Точки» 🎲"
    assert (await db.users.get(2)).first_name == names[1]  # type: ignore[union-attr]
    assert (await db.chats.get(-5)).title == "Чат «Точки» 🎲"  # type: ignore[union-attr]


async def test_moves_are_stored_in_order_and_replay_through_the_engine(db: Storage) -> None:
    record = await active_game(db)
    game = Game.from_settings(record.settings)
    for ply, point in enumerate(["4-5", "5-5", "6-5", "1-10", "5-4", "3-10", "5-6"]):
        x, y = map(int, point.split("-"))
        game.play(x, y)
        record = await db.games.append_move(record.id, ply, game.moves[-1], user_id=1 + ply % 2, score=game.score)
    game.resign("red")
    assert game.result is not None
    record = await db.games.append_move(
        record.id,
        record.ply,
        game.moves[-1],
        user_id=2,
        score=game.score,
        result=(game.result.winner, game.result.reason.value),
    )
    assert record.state == "finished" and record.winner == "blue" and record.reason == "resignation"
    assert record.score_blue == 1 and record.ply == 8 and record.finished_at is not None and record.rated
    again = Game.from_settings(record.settings, await db.games.moves(record.id))
    assert again.moves == game.moves and again.diagram() == game.diagram() and again.result == game.result
    assert sorted(await db.games.movers(record.id)) == [1, 2]


async def test_a_game_can_end_cancelled_and_unrated(db: Storage) -> None:
    record = await active_game(db)
    record = await db.games.append_move(
        record.id,
        0,
        Move("blue", MoveKind.RESIGN),
        user_id=1,
        score=(0, 0),
        result=("red", "resignation"),
        state="cancelled",
        rated=False,
    )
    assert record.state == "cancelled" and not record.rated and record.reason == "resignation"
    assert await db.games.movers(record.id) == []  # a resignation is not a move


async def test_append_checks_the_expected_ply(db: Storage) -> None:
    record = await active_game(db)
    await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
    with pytest.raises(Conflict):
        await db.games.append_move(record.id, 0, Move.dot("blue", 2, 2), user_id=1, score=(0, 0))
    assert await db.games.moves(record.id) == [Move.dot("blue", 1, 1)]


async def test_no_moves_once_finished(db: Storage) -> None:
    record = await active_game(db)
    await db.games.append_move(
        record.id, 0, Move("blue", MoveKind.RESIGN), user_id=1, score=(0, 0), result=("red", "resignation")
    )
    with pytest.raises(Conflict):
        await db.games.append_move(record.id, 1, Move.dot("red", 2, 2), user_id=2, score=(0, 0))


async def test_a_duplicate_update_is_applied_once(db: Storage) -> None:
    record = await active_game(db)
    async with db.transaction(777):
        await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
    with pytest.raises(Duplicate):
        async with db.transaction(777):
            await db.games.append_move(record.id, 1, Move.dot("red", 2, 2), user_id=2, score=(0, 0))
    assert (await db.games.get(record.id)).ply == 1  # type: ignore[union-attr]
    assert await db.db.is_processed(777)
    await db.db.claim_update(778)
    with pytest.raises(Duplicate):
        await db.db.claim_update(778)


async def test_a_failed_write_does_not_claim_its_update(db: Storage) -> None:
    record = await active_game(db)
    with pytest.raises(Conflict):
        async with db.transaction(9):
            await db.games.append_move(record.id, 5, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
    assert not await db.db.is_processed(9)  # rolled back with the failed move: a retry of update 9 may succeed
    async with db.transaction(9):
        await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))


async def test_writes_inside_a_transaction_commit_or_roll_back_together(db: Storage) -> None:
    record = await active_game(db)
    with pytest.raises(RuntimeError):
        async with db.transaction(31):
            await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
            await db.messages.add(MessageRecord(-100, 5, "board", game_id=record.id, ply=1))
            raise RuntimeError("the sender failed")
    assert await db.games.moves(record.id) == [] and await db.messages.get(-100, 5) is None
    assert not await db.db.is_processed(31)
    async with db.transaction(31):
        await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
        await db.messages.add(MessageRecord(-100, 5, "board", game_id=record.id, ply=1))
    assert len(await db.games.moves(record.id)) == 1 and await db.messages.get(-100, 5) is not None


async def test_two_connections_racing_for_one_ply_get_one_success(where: Where) -> None:
    path = where("race.db")
    first = await Storage.open(path)
    record = await active_game(first)
    second = await Storage.open(path)
    for ply in range(30):
        colour: Colour = "blue" if ply % 2 == 0 else "red"
        results = await asyncio.gather(
            first.games.append_move(
                record.id, ply, Move.dot(colour, 1 + ply % 10, 1 + ply // 10), user_id=1, score=(0, 0)
            ),
            second.games.append_move(
                record.id, ply, Move.dot(colour, 1 + ply % 10, 1 + ply // 10), user_id=2, score=(0, 0)
            ),
            return_exceptions=True,
        )
        assert sum(isinstance(r, Conflict) for r in results) == 1, results
        assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert len(await first.games.moves(record.id)) == 30
    await first.close()
    await second.close()


@pytest.mark.process
def test_two_processes_racing_for_one_ply_get_one_success(tmp_path: Path) -> None:
    path = tmp_path / "procs.db"

    async def setup() -> int:
        db = await Storage.open(path)
        record = await active_game(db, settings=GameSettings(20, 20, "empty"))
        await db.close()
        return record.id

    game_id = asyncio.run(setup())
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = (
        "import asyncio, sys\n"
        "from storage import Storage, Conflict\n"
        "from tochki_bot.engine import Move\n"
        "async def main():\n"
        "    db = await Storage.open(sys.argv[1])\n"
        "    try:\n"
        "        await db.games.append_move(int(sys.argv[2]), 0, Move.dot('blue', 3, 3), user_id=1, score=(0, 0))\n"
        "        print('ok')\n"
        "    except Conflict:\n"
        "        print('conflict')\n"
        "    await db.close()\n"
        "asyncio.run(main())\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(path), str(game_id)], env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    outputs = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    assert outputs == ["conflict", "conflict", "conflict", "ok"]


async def test_create_game_allows_one_open_game_per_place(db: Storage) -> None:
    await db.chats.upsert(-1, "supergroup", "Forum")
    await db.users.upsert(1, "A")
    settings = GameSettings()
    game = await db.games.create(chat_id=-1, creator_id=1, settings=settings)
    with pytest.raises(OpenGameExists):
        await db.games.create(chat_id=-1, creator_id=1, settings=settings)
    other_topic = await db.games.create(chat_id=-1, thread_id=42, creator_id=1, settings=settings)
    assert (await db.games.open_in(-1)).id == game.id  # type: ignore[union-attr]
    assert (await db.games.open_in(-1, 42)).id == other_topic.id  # type: ignore[union-attr]
    await db.games.update(game.id, expect_state="lobby", state="cancelled")
    assert await db.games.open_in(-1) is None
    await db.games.create(chat_id=-1, creator_id=1, settings=settings)


async def test_update_checks_state_and_whitelists_columns(db: Storage) -> None:
    record = await active_game(db)
    with pytest.raises(Conflict):
        await db.games.update(record.id, expect_state="lobby", state="cancelled")
    with pytest.raises(ValueError):
        await db.games.update(record.id, ply=100)
    with pytest.raises(ValueError):
        await db.games.update(record.id, **{"state = 'x'; --": 1})  # type: ignore[arg-type]  # a bad column, on purpose


async def test_custom_setup_round_trips(db: Storage) -> None:
    settings = GameSettings(39, 32, "custom", ((Point(5, 5), "blue"), (Point(6, 6), "red")))
    record = await active_game(db, settings=settings)
    assert record.settings == settings
    assert (await db.games.get(record.id)).settings.setup == settings.setup  # type: ignore[union-attr]


async def test_due_games(db: Storage) -> None:
    record = await active_game(db)
    now = 1000.0
    await db.games.append_move(
        record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0), deadline=now + 100, alert_at=now + 50
    )
    assert await db.games.due(now + 49) == []
    due = await db.games.due(now + 50)
    assert [g.id for g in due] == [record.id] and due[0].deadline == now + 100


async def test_messages_about_games(db: Storage) -> None:
    record = await active_game(db)
    await db.messages.add(MessageRecord(-100, 55, "board", game_id=record.id, ply=0, file_id="f0"))
    await db.messages.add(MessageRecord(-100, 56, "board", game_id=record.id, ply=1))
    await db.messages.add(MessageRecord(-100, 57, "question", game_id=record.id, ply=1, user_id=1, topic="resign"))
    found = await db.messages.get(-100, 55)
    assert found is not None and found.game_id == record.id and found.live and found.file_id == "f0"
    assert await db.messages.get(-100, 58) is None
    assert [m.message_id for m in await db.messages.live(record.id, kind="board")] == [55, 56]
    await db.messages.retire(-100, 55)
    assert [m.message_id for m in await db.messages.live(record.id)] == [56, 57]
    question = await db.messages.get(-100, 57)
    assert question is not None and question.user_id == 1 and question.topic == "resign"
    assert await db.messages.picture_of(record.id, 0) == "f0" and await db.messages.picture_of(record.id, 1) is None


async def test_statistics(db: Storage) -> None:
    await db.chats.upsert(-7, "group", "S")
    for user in (1, 2, 3):
        await db.users.upsert(user, f"U{user}")
    outcomes: list[tuple[int, int, Colour | None]] = [(1, 2, "blue"), (1, 2, "blue"), (2, 3, None), (3, 1, "blue")]
    for blue, red, winner in outcomes:
        game = await db.games.create(chat_id=-7, creator_id=blue, settings=GameSettings(10, 10, "empty"))
        await db.games.update(game.id, state="active", blue_id=blue, red_id=red)
        loser: Colour = "red" if winner == "blue" else "blue"
        move = Move(loser, MoveKind.RESIGN) if winner else Move("blue", MoveKind.DRAW)
        await db.games.append_move(
            game.id, 0, move, user_id=red, score=(0, 0), result=(winner, "resignation" if winner else "draw")
        )
    cancelled = await db.games.create(chat_id=-7, creator_id=1, settings=GameSettings(10, 10, "empty"))
    await db.games.update(cancelled.id, state="cancelled", blue_id=1, red_id=2)
    table = await db.stats.chat_table(-7)
    assert table == [(1, 2, 1, 0), (3, 1, 0, 1), (2, 0, 2, 1)]
    assert await db.stats.user_record(1) == (2, 1, 0)
    assert await db.stats.user_record(99) == (0, 0, 0)


async def test_backup_is_a_consistent_copy(db: Storage, tmp_path: Path) -> None:
    record = await active_game(db)
    await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
    target = tmp_path / "backup.db"
    await db.db.backup(target)
    copy = await Storage.open(target)
    assert await copy.games.moves(record.id) == [Move.dot("blue", 1, 1)]
    assert await copy.db.integrity_check() == "ok"
    await copy.close()
    with pytest.raises(FileExistsError):
        await db.db.backup(target)


async def test_an_older_database_is_upgraded(where: Where, monkeypatch: pytest.MonkeyPatch) -> None:
    path = where("old.db")
    db = await Storage.open(path)  # written by "the old version": the migrations of today
    record = await active_game(db)
    await db.games.append_move(record.id, 0, Move.dot("blue", 1, 1), user_id=1, score=(0, 0))
    await db.close()
    # "The new version" ships one more migration.
    newer = [
        *schema_module.MIGRATIONS,
        "CREATE TABLE extra (id INTEGER PRIMARY KEY); ALTER TABLE users ADD nick TEXT",
    ]
    monkeypatch.setattr(schema_module, "MIGRATIONS", newer)
    monkeypatch.setattr(schema_module, "latest_version", lambda: len(newer))
    db = await Storage.open(path)
    assert await db.db.schema_version() == len(newer)
    assert await db.games.moves(record.id) == [Move.dot("blue", 1, 1)]  # the data survived the upgrade
    async with db.transaction():
        await db.db.execute("INSERT INTO extra (id) VALUES (1)")
    await db.close()


async def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {latest_version() + 3}")
    conn.close()
    with pytest.raises(SchemaTooNew) as err:
        await Storage.open(path)
    assert "newer version" in str(err.value)


async def test_a_file_that_cannot_be_written_is_refused_when_it_is_opened(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    db = await Storage.open(path)
    await db.close()
    if os.geteuid() != 0:
        path.chmod(0o444)
    elif subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("running as root where chattr +i does not work: no way to make a file read-only")
    try:
        with pytest.raises(CannotOpen, match=r"cannot open the database .* for writing"):
            await Storage.open(path)
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(0o644)


async def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bad.db"
    db = await Storage.open(path)
    await db.close()
    bad = [*schema_module.MIGRATIONS, "CREATE TABLE ok1 (id INTEGER); THIS IS NOT SQL"]
    monkeypatch.setattr(schema_module, "MIGRATIONS", bad)
    monkeypatch.setattr(schema_module, "latest_version", lambda: len(bad))
    with pytest.raises(sqlite3.OperationalError):
        await Storage.open(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(bad) - 1
    assert conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'ok1'").fetchone()[0] == 0
    conn.close()


@pytest.mark.process
@pytest.mark.slow
def test_moves_survive_sigkill_at_random_moments(tmp_path: Path) -> None:
    """A child appends moves and prints each committed ply; it is killed again and again at random moments.

    Every ply it printed must be in the database afterwards, nothing duplicated, and the file must be sound.
    """
    path = tmp_path / "crash.db"

    async def setup() -> int:
        db = await Storage.open(path)
        record = await active_game(db, settings=GameSettings(60, 60, "cross"))  # room for every round
        await db.close()
        return record.id

    game_id = asyncio.run(setup())
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    rng = random.Random(20261130)
    printed: list[int] = []
    kills = 0
    for round_ in range(25):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.support.crash_writer", str(path), str(game_id), str(round_)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 30)  # wait until it is writing
        assert ready, "the writer did not start"
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=30)
        assert "over" not in out
        printed.extend(int(line) for line in out.split())
        kills += 1

        conn = sqlite3.connect(path)
        plies = [row[0] for row in conn.execute("SELECT ply FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))]
        stored_ply = conn.execute("SELECT ply FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        assert plies == list(range(1, len(plies) + 1))  # no gaps, no duplicates
        assert stored_ply == len(plies)
        assert set(printed) <= set(plies), f"lost committed moves: {sorted(set(printed) - set(plies))}"
    assert kills == 25 and len(printed) > 50


async def test_a_version_1_database_is_upgraded_to_the_current_schema(tmp_path: Path) -> None:
    """A file written by the first release (schema 1) opens, gains the columns and tables of later migrations,
    and keeps its games and moves."""
    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path)
    for statement in database_module.split_sql(schema_module.script(1, "sqlite")):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO chats (id, type, title, created_at, updated_at) VALUES (-9, 'group', 'Old', 0, 0)")
    conn.execute("INSERT INTO users (id, first_name, created_at, updated_at) VALUES (1, 'A', 0, 0), (2, 'B', 0, 0)")
    conn.execute(
        "INSERT INTO games (chat_id, kind, width, height, start, state, creator_id, blue_id, red_id, ply, "
        "created_at, updated_at) VALUES (-9, 'group', 10, 10, 'empty', 'active', 1, 1, 2, 1, 0, 0)"
    )
    conn.execute(
        "INSERT INTO moves (game_id, ply, colour, kind, x, y, created_at) VALUES (1, 1, 'blue', 'dot', 5, 5, 0)"
    )
    conn.execute("INSERT INTO board_messages (chat_id, message_id, game_id, ply, created_at) VALUES (-9, 6, 1, 0, 0)")
    conn.execute("INSERT INTO board_messages (chat_id, message_id, game_id, ply, created_at) VALUES (-9, 7, 1, 1, 0)")
    conn.commit()
    conn.close()
    db = await Storage.open(path)
    assert await db.db.schema_version() == latest_version() >= 3
    # Board messages became messages; only the latest board of the active game still has buttons to take away.
    old, latest = await db.messages.get(-9, 6), await db.messages.get(-9, 7)
    assert old is not None and old.kind == "board" and old.game_id == 1 and not old.live
    assert latest is not None and latest.ply == 1 and latest.live
    record = await db.games.get(1)
    assert record is not None and record.rated and record.watch is None
    assert await db.games.moves(1) == [Move.dot("blue", 5, 5)]
    assert await db.messages.picture_of(1, 1) is None
    assert await db.games.set_watch(1, "code") == "code"
    await db.follows.add(1, 5)
    assert await db.follows.of_game(1) == [5]
    await db.close()


async def test_the_row_worked_out_after_a_move_is_the_row_stored(db: Storage) -> None:
    record = await active_game(db)
    record = await db.games.update(record.id, draw_offer="blue", deadline=5.0, alert_at=4.0, reminded=1)
    cases = [
        (Move.dot("blue", 1, 1), {"draw_offer": "blue", "deadline": 100.0, "alert_at": 50.0}),
        (Move.dot("red", 2, 2), {"draw_offer": None, "deadline": 200.0, "alert_at": 150.0}),
        (Move("blue", MoveKind.RESIGN), {"result": ("red", "resignation"), "rated": False, "state": "cancelled"}),
    ]
    for move, extra in cases:
        worked_out = await db.games.append_move(
            record.id,
            record.ply,
            move,
            user_id=1,
            score=(3, 4),
            known=record,
            **extra,  # type: ignore[arg-type]
        )
        assert worked_out == await db.games.get(record.id)
        record = worked_out


# ------------------------------------------------------------------------------------------------------------------
# PostgreSQL: what differs from SQLite


async def test_both_backends_end_with_the_same_tables_and_columns(tmp_path: Path, pg_server: Any) -> None:
    lite = await Storage.open(tmp_path / "same.db")
    pg = await Storage.open(pg_server.fresh())
    try:
        for table in TABLES:
            assert await lite.db.columns(table) == await pg.db.columns(table), table
        # No 32-bit id (Telegram's ids do not fit) and no 32-bit REAL (times would lose their seconds).
        rows = await pg.db.rows(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema()"
        )
        for table, column, kind in rows:
            assert kind != "real", (table, column)
            if (column == "id" or column.endswith("_id")) and column != "file_id":
                assert kind == "bigint", (table, column, kind)
        assert await pg.db.schema_version() == latest_version()
        assert await pg.db.integrity_check() == "ok"
    finally:
        await lite.close()
        await pg.close()


async def test_postgresql_refuses_a_newer_database_and_keeps_a_failed_migration_out(
    pg_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pg_server.fresh()
    db = await Storage.open(url)
    await db.close()
    bad = [*schema_module.MIGRATIONS, "CREATE TABLE ok1 (id INTEGER); THIS IS NOT SQL"]
    monkeypatch.setattr(schema_module, "MIGRATIONS", bad)
    monkeypatch.setattr(schema_module, "latest_version", lambda: len(bad))
    with pytest.raises(Exception, match="syntax"):
        await Storage.open(url)
    monkeypatch.undo()
    db = await Storage.open(url)  # the failed step left nothing behind
    assert await db.db.schema_version() == latest_version()
    assert await db.db.row("SELECT to_regclass('ok1')") == (None,)
    async with db.transaction():
        await db.db.execute("UPDATE schema_version SET version = ?", (latest_version() + 3,))
    await db.close()
    with pytest.raises(SchemaTooNew, match="newer version"):
        await Storage.open(url)
    report = await inspect(url)
    assert isinstance(report.problem, SchemaTooNew) and report.schema == latest_version() + 3


async def test_two_processes_opening_a_new_postgresql_database_at_once_upgrade_it_once(pg_server: Any) -> None:
    url = pg_server.fresh()
    opened = await asyncio.gather(*(Storage.open(url) for _ in range(4)))
    for db in opened:
        assert await db.db.schema_version() == latest_version()
        await db.close()


async def test_postgresql_problems_are_one_clear_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CannotOpen, match=r"cannot open the database postgresql://bot@127.0.0.1:1/x .*server is run"):
        await Storage.open("postgresql://bot:secret@127.0.0.1:1/x")
    report = await inspect("postgresql://bot:secret@127.0.0.1:1/x")
    assert isinstance(report.problem, CannotOpen) and "secret" not in str(report.problem)
    monkeypatch.setitem(sys.modules, "asyncpg", None)  # the postgres extra is not installed
    with pytest.raises(CannotOpen, match=r"driver \(asyncpg\) is not installed: pip install 'tochki-bot\[postgres\]'"):
        await Storage.open("postgresql://bot@127.0.0.1:1/x")


def test_sqlite_urls_and_paths_name_the_same_file(tmp_path: Path) -> None:
    from storage.opening import is_postgres, sqlite_path

    assert sqlite_path(f"sqlite:///{tmp_path}/a.db") == f"{tmp_path}/a.db"
    assert sqlite_path("sqlite:///a.db") == "a.db" and sqlite_path("a.db") == "a.db"
    assert is_postgres("postgresql://h/db") and is_postgres("postgres://h/db") and not is_postgres("pg.db")
