"""The SQLite repository: chats, users, games and their moves, on one file, with aiosqlite.

Every write is one ``BEGIN IMMEDIATE`` transaction. Moves are appended with an optimistic check of the game's ply,
so two writers racing for the same move get one success and one ``Conflict``; the Telegram update that caused a
write is claimed in the same transaction, so a duplicate update changes nothing (``Duplicate``). SQL is built from
constants only; every value is a parameter.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any

import aiosqlite

from tochki_bot.engine import Colour, Game, GameSettings, Move, MoveKind, Point

from .records import (
    ChatRecord,
    ColourChoice,
    GameKind,
    GameRecord,
    GameState,
    UserRecord,
    setup_from_json,
    setup_to_json,
)
from .schema import MIGRATIONS, latest_version

DEFAULT_PATH = "tochki.db"
BUSY_TIMEOUT_MS = 10_000


class StorageError(Exception):
    """Something is wrong with the database itself."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot."""


class Conflict(StorageError):
    """The game changed since it was read (another move, or its state): nothing was written."""


class Duplicate(StorageError):
    """This Telegram update was already processed: nothing was written."""


class OpenGameExists(StorageError):
    """The chat (or forum topic) already has an open game."""


def default_path() -> str:
    """``$TOCHKI_DB`` or ``./tochki.db``."""
    return os.environ.get("TOCHKI_DB") or DEFAULT_PATH


_GAME_COLUMNS = [f.name for f in fields(GameRecord)]
_GAME_SELECT = "SELECT " + ", ".join(_GAME_COLUMNS) + " FROM games"
_USER_COLUMNS = [f.name for f in fields(UserRecord)]
_CHAT_COLUMNS = [f.name for f in fields(ChatRecord)]
# Columns a caller may change with ``update_game``: whitelisted, so names never come from outside.
_GAME_UPDATABLE = {
    "width",
    "height",
    "start",
    "move_seconds",
    "colours",
    "deadline",
    "alert_at",
    "reminded",
    "draw_offer",
    "state",
    "winner",
    "reason",
    "score_blue",
    "score_red",
    "finished_at",
    "blue_id",
    "red_id",
}


def _game(row: Sequence[Any]) -> GameRecord:
    values = dict(zip(_GAME_COLUMNS, row, strict=True))
    values["setup"] = setup_from_json(values["setup"])
    values["rated"] = bool(values["rated"])
    return GameRecord(**values)


class Storage:
    """The bot's database. Open with ``await Storage.open(path)``; close with ``await storage.close()``.

    ``clock`` gives the current time in seconds (tests inject their own).
    """

    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Callable[[], float]) -> None:
        self._conn = conn
        self.path = path
        self.clock = clock
        self._lock = asyncio.Lock()

    # --------------------------------------------------------------------------------------------------------------
    # Opening, migrations, closing

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str] | None = None, *, clock: Callable[[], float] = time.time
    ) -> Storage:
        """Open (creating if needed) and upgrade the database at ``path`` (default: ``$TOCHKI_DB`` or ./tochki.db).

        Raises ``SchemaTooNew`` for a database written by a newer version.
        """
        path = str(path if path is not None else default_path())
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            mode = await (await conn.execute("PRAGMA journal_mode = WAL")).fetchone()
            if path != ":memory:" and (mode is None or str(mode[0]).lower() != "wal"):
                raise StorageError(f"could not switch {path} to WAL mode")
            await conn.execute("PRAGMA synchronous = FULL")
            await conn.execute("PRAGMA foreign_keys = ON")
            storage = cls(conn, path, clock)
            await storage._migrate()
        except BaseException:
            await conn.close()
            raise
        return storage

    async def _migrate(self) -> None:
        version = await self.schema_version()
        known = latest_version()
        if version > known:
            raise SchemaTooNew(
                f"{self.path} was written by a newer version of tochki-bot (schema {version}); "
                f"this version knows schemas up to {known}. Upgrade the bot, or restore a backup."
            )
        for number in range(version + 1, known + 1):
            async with self._write() as tx:
                await tx.executescript_in_transaction(MIGRATIONS[number - 1])
                await tx.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        """The ``PRAGMA user_version`` of the file: how many migrations are applied."""
        row = await (await self._conn.execute("PRAGMA user_version")).fetchone()
        return int(row[0]) if row else 0

    async def close(self) -> None:
        """Close the connection (a WAL checkpoint happens on close)."""
        await self._conn.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Tx]:
        """One write transaction. Writers in this process queue on a lock; other processes wait on SQLite's."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield _Tx(self._conn)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    async def _claim(self, tx: _Tx, update_id: int | None) -> None:
        """Record ``update_id`` as processed within ``tx``; raise ``Duplicate`` if it already was."""
        if update_id is None:
            return
        cursor = await tx.execute(
            "INSERT OR IGNORE INTO processed_updates (update_id, processed_at) VALUES (?, ?)",
            (update_id, self.clock()),
        )
        if cursor.rowcount == 0:
            raise Duplicate(f"update {update_id} was already processed")

    async def is_processed(self, update_id: int) -> bool:
        """True when the update was already processed."""
        row = await (
            await self._conn.execute("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,))
        ).fetchone()
        return row is not None

    async def claim_update(self, update_id: int) -> None:
        """Record an update whose handling writes nothing else; raises ``Duplicate`` the second time."""
        async with self._write() as tx:
            await self._claim(tx, update_id)

    async def prune_updates(self, older_than: float) -> int:
        """Forget processed update ids older than ``older_than`` (Telegram does not resend old updates)."""
        async with self._write() as tx:
            cursor = await tx.execute("DELETE FROM processed_updates WHERE processed_at < ?", (older_than,))
            return cursor.rowcount

    # --------------------------------------------------------------------------------------------------------------
    # Chats and users

    async def upsert_chat(self, chat_id: int, type_: str, title: str | None) -> ChatRecord:
        """Record a chat (or refresh its type and title) and return it."""
        now = self.clock()
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO chats (id, type, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET type = excluded.type, title = excluded.title, "
                "updated_at = excluded.updated_at WHERE chats.type IS NOT excluded.type OR "
                "chats.title IS NOT excluded.title",
                (chat_id, type_, title, now, now),
            )
        chat = await self.get_chat(chat_id)
        assert chat is not None
        return chat

    async def migrate_chat(self, old_id: int, new_id: int) -> int:
        """A group became a supergroup and got a new id: move the chat, its games and boards to it.

        Returns how many games moved. Running it twice changes nothing more.
        """
        now = self.clock()
        async with self._write() as tx:
            await tx.execute(
                "INSERT OR IGNORE INTO chats (id, type, title, language, board_width, board_height, start, "
                "move_seconds, created_at, updated_at) SELECT ?, 'supergroup', title, language, board_width, "
                "board_height, start, move_seconds, created_at, ? FROM chats WHERE id = ?",
                (new_id, now, old_id),
            )
            cursor = await tx.execute(
                "UPDATE games SET chat_id = ?, updated_at = ? WHERE chat_id = ?", (new_id, now, old_id)
            )
            moved = cursor.rowcount
            await tx.execute("UPDATE OR IGNORE board_messages SET chat_id = ? WHERE chat_id = ?", (new_id, old_id))
        return moved

    async def get_chat(self, chat_id: int) -> ChatRecord | None:
        """The chat, or ``None`` if the bot never saw it."""
        row = await (
            await self._conn.execute("SELECT " + ", ".join(_CHAT_COLUMNS) + " FROM chats WHERE id = ?", (chat_id,))
        ).fetchone()
        return ChatRecord(*row) if row else None

    async def set_chat_language(self, chat_id: int, language: str | None) -> None:
        """Set the chat's language (``None``: follow each user's)."""
        async with self._write() as tx:
            await tx.execute(
                "UPDATE chats SET language = ?, updated_at = ? WHERE id = ?", (language, self.clock(), chat_id)
            )

    async def set_chat_defaults(
        self, chat_id: int, *, width: int, height: int, start: str, move_seconds: int | None
    ) -> None:
        """Remember the settings of the chat's last game as the defaults for its next ``/new``."""
        async with self._write() as tx:
            await tx.execute(
                "UPDATE chats SET board_width = ?, board_height = ?, start = ?, move_seconds = ?, updated_at = ? "
                "WHERE id = ?",
                (width, height, start, move_seconds, self.clock(), chat_id),
            )

    async def upsert_user(
        self,
        user_id: int,
        first_name: str,
        last_name: str | None = None,
        username: str | None = None,
        telegram_language: str | None = None,
    ) -> UserRecord:
        """Record a user (or refresh their names) and return them."""
        now = self.clock()
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO users (id, first_name, last_name, username, telegram_language, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, "
                "last_name = excluded.last_name, username = excluded.username, "
                "telegram_language = excluded.telegram_language, updated_at = excluded.updated_at "
                "WHERE users.first_name IS NOT excluded.first_name OR users.last_name IS NOT excluded.last_name "
                "OR users.username IS NOT excluded.username "
                "OR users.telegram_language IS NOT excluded.telegram_language",
                (user_id, first_name, last_name, username, telegram_language, now, now),
            )
        user = await self.get_user(user_id)
        assert user is not None
        return user

    async def get_user(self, user_id: int) -> UserRecord | None:
        """The user, or ``None``."""
        row = await (
            await self._conn.execute("SELECT " + ", ".join(_USER_COLUMNS) + " FROM users WHERE id = ?", (user_id,))
        ).fetchone()
        if row is None:
            return None
        values = dict(zip(_USER_COLUMNS, row, strict=True))
        values["reachable"] = bool(values["reachable"])
        return UserRecord(**values)

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        """Set the language a user chose."""
        async with self._write() as tx:
            await tx.execute(
                "UPDATE users SET language = ?, updated_at = ? WHERE id = ?", (language, self.clock(), user_id)
            )

    async def set_user_reachable(self, user_id: int, reachable: bool) -> None:
        """Note whether the bot can write to the user's private chat (``False`` once they blocked it)."""
        async with self._write() as tx:
            await tx.execute(
                "UPDATE users SET reachable = ?, updated_at = ? WHERE id = ? AND reachable != ?",
                (int(reachable), self.clock(), user_id, int(reachable)),
            )

    # --------------------------------------------------------------------------------------------------------------
    # Games

    async def create_game(
        self,
        *,
        chat_id: int,
        creator_id: int,
        settings: GameSettings,
        kind: GameKind = "group",
        thread_id: int = 0,
        move_seconds: int | None = None,
        colours: ColourChoice = "random",
        invite: str | None = None,
        watch: str | None = None,
        moves: Sequence[Move] = (),
        rated: bool = True,
        update_id: int | None = None,
    ) -> GameRecord:
        """Open a game in the lobby, optionally with moves already played (a game continued from a record).

        Raises ``OpenGameExists`` when the place already has an open group game.
        """
        now = self.clock()
        try:
            async with self._write() as tx:
                await self._claim(tx, update_id)
                cursor = await tx.execute(
                    "INSERT INTO games (chat_id, thread_id, kind, width, height, start, setup, move_seconds, state, "
                    "creator_id, colours, invite, watch, ply, rated, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        chat_id,
                        thread_id,
                        kind,
                        settings.width,
                        settings.height,
                        settings.start,
                        setup_to_json(settings.setup),
                        move_seconds,
                        creator_id,
                        colours,
                        invite,
                        watch,
                        len(moves),
                        int(rated),
                        now,
                        now,
                    ),
                )
                game_id = cursor.lastrowid
                for ply, move in enumerate(moves, 1):
                    await tx.execute(
                        "INSERT INTO moves (game_id, ply, colour, kind, x, y, user_id, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
                        (
                            game_id,
                            ply,
                            move.colour,
                            MoveKind(move.kind).value,
                            move.point[0] if move.point else None,
                            move.point[1] if move.point else None,
                            now,
                        ),
                    )
        except sqlite3.IntegrityError as exc:
            if "games.chat_id" in str(exc) or "UNIQUE" in str(exc):
                raise OpenGameExists(f"chat {chat_id} (topic {thread_id}) already has an open game") from None
            raise
        game = await self.get_game(int(game_id))  # type: ignore[arg-type]
        assert game is not None
        return game

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game's row, or ``None``."""
        row = await (await self._conn.execute(_GAME_SELECT + " WHERE id = ?", (game_id,))).fetchone()
        return _game(row) if row else None

    async def open_game(self, chat_id: int, thread_id: int = 0) -> GameRecord | None:
        """The group game in the lobby or being played in this chat (forum topic), if any."""
        row = await (
            await self._conn.execute(
                _GAME_SELECT + " WHERE chat_id = ? AND thread_id = ? AND kind = 'group' "
                "AND state IN ('lobby', 'active')",
                (chat_id, thread_id),
            )
        ).fetchone()
        return _game(row) if row else None

    async def last_game(self, chat_id: int, thread_id: int = 0) -> GameRecord | None:
        """The most recent game of a chat (forum topic), whatever its state."""
        row = await (
            await self._conn.execute(
                _GAME_SELECT + " WHERE chat_id = ? AND thread_id = ? ORDER BY id DESC LIMIT 1", (chat_id, thread_id)
            )
        ).fetchone()
        return _game(row) if row else None

    async def game_by_invite(self, code: str) -> GameRecord | None:
        """The private game behind an invitation code."""
        row = await (await self._conn.execute(_GAME_SELECT + " WHERE invite = ?", (code,))).fetchone()
        return _game(row) if row else None

    async def game_by_message(self, chat_id: int, message_id: int) -> GameRecord | None:
        """The game a board message belongs to."""
        row = await (
            await self._conn.execute(
                _GAME_SELECT + " WHERE id = (SELECT game_id FROM board_messages WHERE chat_id = ? AND message_id = ?)",
                (chat_id, message_id),
            )
        ).fetchone()
        return _game(row) if row else None

    async def latest_board_game(self, chat_id: int, player: int | None = None) -> GameRecord | None:
        """The active game whose board was posted last in this chat (of those ``player`` plays, if given)."""
        row = await (
            await self._conn.execute(
                _GAME_SELECT + " WHERE id = (SELECT b.game_id FROM board_messages b JOIN games g ON g.id = b.game_id "
                "WHERE b.chat_id = ? AND g.state = 'active' AND (? IS NULL OR ? IN (g.blue_id, g.red_id)) "
                "ORDER BY b.created_at DESC, b.message_id DESC LIMIT 1)",
                (chat_id, player, player),
            )
        ).fetchone()
        return _game(row) if row else None

    async def games_of_user(
        self, user_id: int, states: Sequence[GameState] = ("lobby", "active"), limit: int = 50
    ) -> list[GameRecord]:
        """The user's games in ``states``, most recently changed first."""
        marks = ", ".join("?" for _ in states)
        rows = await self._conn.execute_fetchall(
            _GAME_SELECT + f" WHERE (blue_id = ? OR red_id = ? OR (creator_id = ? AND state = 'lobby')) "
            f"AND state IN ({marks}) ORDER BY updated_at DESC, id DESC LIMIT ?",
            (user_id, user_id, user_id, *states, limit),
        )
        return [_game(r) for r in rows]

    async def update_game(
        self,
        game_id: int,
        *,
        expect_state: GameState | None = None,
        expect_ply: int | None = None,
        update_id: int | None = None,
        **changes: Any,
    ) -> GameRecord:
        """Change some of a game's columns, if it is still in ``expect_state`` at ``expect_ply``.

        Raises ``Conflict`` when the game moved on, ``Duplicate`` for an update already processed.
        """
        unknown = set(changes) - _GAME_UPDATABLE
        if unknown:
            raise ValueError(f"cannot update {sorted(unknown)}")
        columns = sorted(changes)
        sets = ", ".join(f"{c} = ?" for c in columns)
        where, params = "id = ?", [game_id]
        if expect_state is not None:
            where += " AND state = ?"
            params.append(expect_state)  # type: ignore[arg-type]
        if expect_ply is not None:
            where += " AND ply = ?"
            params.append(expect_ply)
        async with self._write() as tx:
            await self._claim(tx, update_id)
            cursor = await tx.execute(
                f"UPDATE games SET {sets}{', ' if sets else ''}updated_at = ? WHERE {where}",
                (*[changes[c] for c in columns], self.clock(), *params),
            )
            if cursor.rowcount != 1:
                raise Conflict(f"game {game_id} is no longer as expected")
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def append_move(
        self,
        game_id: int,
        expected_ply: int,
        move: Move,
        *,
        user_id: int | None,
        score: tuple[int, int],
        deadline: float | None = None,
        alert_at: float | None = None,
        result: tuple[Colour | None, str] | None = None,
        update_id: int | None = None,
    ) -> GameRecord:
        """Append ``move`` as move ``expected_ply + 1`` of an active game, in one transaction.

        The game's ply, score and clock are updated with it; with ``result`` the game is finished. Raises
        ``Conflict`` if the game is no longer active at ``expected_ply`` and ``Duplicate`` for a processed update;
        then nothing is written.
        """
        now = self.clock()
        point = move.point
        async with self._write() as tx:
            await self._claim(tx, update_id)
            if result is None:
                cursor = await tx.execute(
                    "UPDATE games SET ply = ply + 1, score_blue = ?, score_red = ?, deadline = ?, alert_at = ?, "
                    "reminded = 0, draw_offer = NULL, updated_at = ? WHERE id = ? AND ply = ? AND state = 'active'",
                    (score[0], score[1], deadline, alert_at, now, game_id, expected_ply),
                )
            else:
                cursor = await tx.execute(
                    "UPDATE games SET ply = ply + 1, score_blue = ?, score_red = ?, deadline = NULL, alert_at = NULL, "
                    "reminded = 0, draw_offer = NULL, state = 'finished', winner = ?, reason = ?, finished_at = ?, "
                    "updated_at = ? WHERE id = ? AND ply = ? AND state = 'active'",
                    (score[0], score[1], result[0], result[1], now, now, game_id, expected_ply),
                )
            if cursor.rowcount != 1:
                raise Conflict(f"game {game_id} is not active at move {expected_ply}")
            await tx.execute(
                "INSERT INTO moves (game_id, ply, colour, kind, x, y, user_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    expected_ply + 1,
                    move.colour,
                    MoveKind(move.kind).value,
                    point[0] if point else None,
                    point[1] if point else None,
                    user_id,
                    now,
                ),
            )
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def moves(self, game_id: int) -> list[Move]:
        """The game's move list in order."""
        rows = await self._conn.execute_fetchall(
            "SELECT colour, kind, x, y FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        return [
            Move(colour, MoveKind(kind), Point(x, y) if x is not None else None)  # type: ignore[arg-type]
            for colour, kind, x, y in rows
        ]

    async def load(self, game_id: int) -> tuple[GameRecord, Game] | None:
        """The game's row and the engine game rebuilt from its settings and move list."""
        record = await self.get_game(game_id)
        if record is None:
            return None
        moves = await self.moves(game_id)
        if len(moves) != record.ply:
            raise StorageError(f"game {game_id} has {len(moves)} moves stored but ply {record.ply}")
        return record, Game.from_settings(record.settings, moves)

    async def due_games(self, now: float, limit: int = 100) -> list[GameRecord]:
        """Active games whose clock needs attention (a reminder or a timeout) at ``now``, most urgent first."""
        rows = await self._conn.execute_fetchall(
            _GAME_SELECT
            + " WHERE state = 'active' AND alert_at IS NOT NULL AND alert_at <= ? ORDER BY alert_at LIMIT ?",
            (now, limit),
        )
        return [_game(r) for r in rows]

    # --------------------------------------------------------------------------------------------------------------
    # Board messages

    async def add_board_message(
        self, chat_id: int, message_id: int, game_id: int, ply: int, file_id: str | None = None
    ) -> None:
        """Remember a message that shows the game's board (to read replies to it, and reuse its picture)."""
        async with self._write() as tx:
            await tx.execute(
                "INSERT OR REPLACE INTO board_messages (chat_id, message_id, game_id, ply, created_at, file_id) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (chat_id, message_id, game_id, ply, self.clock(), file_id),
            )

    async def picture_of(self, game_id: int, ply: int) -> str | None:
        """The Telegram ``file_id`` of a picture of the game at move ``ply`` already uploaded, if any."""
        row = await (
            await self._conn.execute(
                "SELECT file_id FROM board_messages WHERE game_id = ? AND ply = ? AND file_id IS NOT NULL "
                "ORDER BY created_at DESC LIMIT 1",
                (game_id, ply),
            )
        ).fetchone()
        return str(row[0]) if row else None

    async def board_messages(self, game_id: int, chat_id: int | None = None) -> list[tuple[int, int, int]]:
        """``(chat_id, message_id, ply)`` of the game's board messages, newest last."""
        if chat_id is None:
            rows = await self._conn.execute_fetchall(
                "SELECT chat_id, message_id, ply FROM board_messages WHERE game_id = ? ORDER BY created_at, message_id",
                (game_id,),
            )
        else:
            rows = await self._conn.execute_fetchall(
                "SELECT chat_id, message_id, ply FROM board_messages WHERE game_id = ? AND chat_id = ? "
                "ORDER BY created_at, message_id",
                (game_id, chat_id),
            )
        return [tuple(r) for r in rows]  # type: ignore[misc]

    # --------------------------------------------------------------------------------------------------------------
    # Spectators and imported records

    async def game_by_watch(self, code: str) -> GameRecord | None:
        """The game behind a spectator link."""
        row = await (await self._conn.execute(_GAME_SELECT + " WHERE watch = ?", (code,))).fetchone()
        return _game(row) if row else None

    async def set_watch(self, game_id: int, code: str) -> str:
        """Give the game a spectator code unless it has one; returns the game's code."""
        async with self._write() as tx:
            await tx.execute("UPDATE games SET watch = ? WHERE id = ? AND watch IS NULL", (code, game_id))
        game = await self.get_game(game_id)
        assert game is not None and game.watch is not None
        return game.watch

    async def follow(self, game_id: int, chat_id: int, on: bool = True) -> None:
        """Start (or stop) sending a game's boards to a spectator's chat."""
        async with self._write() as tx:
            if on:
                await tx.execute(
                    "INSERT OR IGNORE INTO spectators (game_id, chat_id, created_at) VALUES (?, ?, ?)",
                    (game_id, chat_id, self.clock()),
                )
            else:
                await tx.execute("DELETE FROM spectators WHERE game_id = ? AND chat_id = ?", (game_id, chat_id))

    async def followed(self, chat_id: int) -> list[int]:
        """The games a chat follows."""
        rows = await self._conn.execute_fetchall(
            "SELECT game_id FROM spectators WHERE chat_id = ? ORDER BY created_at", (chat_id,)
        )
        return [int(r[0]) for r in rows]

    async def spectators(self, game_id: int) -> list[int]:
        """The chats following a game."""
        rows = await self._conn.execute_fetchall(
            "SELECT chat_id FROM spectators WHERE game_id = ? ORDER BY created_at", (game_id,)
        )
        return [int(r[0]) for r in rows]

    async def save_import(self, chat_id: int, user_id: int, name: str | None, sgf: str) -> int:
        """Keep a record a player sent, to step through it or continue it later; returns its id."""
        async with self._write() as tx:
            cursor = await tx.execute(
                "INSERT INTO imports (chat_id, user_id, name, sgf, created_at) VALUES (?, ?, ?, ?, ?)",
                (chat_id, user_id, name, sgf, self.clock()),
            )
            return int(cursor.lastrowid)  # type: ignore[arg-type]

    async def get_import(self, import_id: int) -> tuple[int, int, str | None, str] | None:
        """``(chat_id, user_id, name, sgf)`` of an imported record."""
        row = await (
            await self._conn.execute("SELECT chat_id, user_id, name, sgf FROM imports WHERE id = ?", (import_id,))
        ).fetchone()
        return (int(row[0]), int(row[1]), row[2], str(row[3])) if row else None

    # --------------------------------------------------------------------------------------------------------------
    # Statistics

    async def rated_results(self, chat_id: int | None = None) -> list[tuple[int, int, Colour | None]]:
        """``(blue_id, red_id, winner)`` of every finished rated game (of one chat, or all), oldest first."""
        sql = (
            "SELECT blue_id, red_id, winner FROM games WHERE state = 'finished' AND rated = 1 "
            "AND blue_id IS NOT NULL AND red_id IS NOT NULL"
        )
        params: tuple[Any, ...] = ()
        if chat_id is not None:
            sql += " AND chat_id = ? AND kind = 'group'"
            params = (chat_id,)
        rows = await self._conn.execute_fetchall(sql + " ORDER BY finished_at, id", params)
        return [(int(b), int(r), w) for b, r, w in rows]

    async def chat_table(self, chat_id: int) -> list[tuple[int, int, int, int]]:
        """``(user_id, wins, losses, draws)`` over the chat's finished games, best first."""
        rows = await self._conn.execute_fetchall(
            """
            SELECT user_id, SUM(outcome = 'win'), SUM(outcome = 'loss'), SUM(outcome = 'draw') FROM (
                SELECT blue_id AS user_id, CASE winner WHEN 'blue' THEN 'win' WHEN 'red' THEN 'loss' ELSE 'draw' END
                    AS outcome FROM games WHERE chat_id = ? AND state = 'finished'
                UNION ALL
                SELECT red_id, CASE winner WHEN 'red' THEN 'win' WHEN 'blue' THEN 'loss' ELSE 'draw' END
                    FROM games WHERE chat_id = ? AND state = 'finished'
            ) WHERE user_id IS NOT NULL GROUP BY user_id
            ORDER BY SUM(outcome = 'win') * 2 + SUM(outcome = 'draw') DESC, SUM(outcome = 'loss'), user_id
            """,
            (chat_id, chat_id),
        )
        return [tuple(r) for r in rows]  # type: ignore[misc]

    async def user_record(self, user_id: int) -> tuple[int, int, int]:
        """``(wins, losses, draws)`` of a player over all finished games."""
        row = await (
            await self._conn.execute(
                """
                SELECT COALESCE(SUM(winner = colour), 0), COALESCE(SUM(winner IS NOT NULL AND winner != colour), 0),
                       COALESCE(SUM(winner IS NULL), 0) FROM (
                    SELECT winner, 'blue' AS colour FROM games WHERE blue_id = ? AND state = 'finished'
                    UNION ALL SELECT winner, 'red' FROM games WHERE red_id = ? AND state = 'finished'
                )
                """,
                (user_id, user_id),
            )
        ).fetchone()
        assert row is not None
        return int(row[0]), int(row[1]), int(row[2])

    # --------------------------------------------------------------------------------------------------------------
    # Maintenance

    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        row = await (await self._conn.execute("PRAGMA integrity_check")).fetchone()
        return str(row[0]) if row else "no answer"

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the live database at ``target`` (SQLite's online backup API)."""
        target = Path(target)
        if target.exists():
            raise FileExistsError(f"{target} already exists")
        async with self._lock:
            dest = await aiosqlite.connect(str(target))
            try:
                await self._conn.backup(dest)
            finally:
                await dest.close()


class _Tx:
    """The connection inside a write transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Cursor:
        return await self._conn.execute(sql, params)

    async def executescript_in_transaction(self, script: str) -> None:
        """Run the statements of a migration one by one (``executescript`` would commit the transaction)."""
        for statement in _split_sql(script):
            await self._conn.execute(statement)


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements (they contain no ``;`` inside strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
