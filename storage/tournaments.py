"""Tournaments: one aggregate of a tournament's row, its players, its rounds' pairings and the announcements it owes
(its outbox). Its games are games like any other (``games.tournament_id``).

Every change is made inside a write transaction that first takes the tournament's row (``lock``: ``FOR UPDATE`` on
PostgreSQL): a tournament's changes take turns across processes, including the one a game's end makes inside that
game's transaction (the next round)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from tochki_bot.engine import GameSettings

from .database import Database, OpenGameExists
from .records import options_to_json, settings_of

TournamentState = Literal["lobby", "running", "finished", "cancelled"]
TournamentFormat = Literal["round_robin", "swiss", "elimination"]
TournamentNoticeKind = Literal["round", "standings", "finished", "cancelled"]
Outcome = Literal["blue", "red", "draw"]


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament's row."""

    id: int
    chat_id: int
    thread_id: int
    creator_id: int
    state: TournamentState
    format: TournamentFormat
    rounds: int
    """Swiss: the rounds chosen (0: as many as the number of players calls for); the others: set at the start."""
    round: int
    width: int
    height: int
    start: str
    rules: str
    options: str | None
    move_seconds: int | None
    stop_seconds: int | None
    rated: bool
    starts_at: float | None
    forum: bool
    message_id: int | None
    reason: str | None
    winner_id: int | None
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None
    watch: str | None = None
    """The code that opens its page in the Mini App (the group's to share)."""

    @property
    def settings(self) -> GameSettings:
        """The settings of its games."""
        return settings_of(self.width, self.height, self.start, (), self.rules, self.options)


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """A tournament's player."""

    tournament_id: int
    user_id: int
    seed: int | None
    rating: float | None
    active: bool
    left_round: int | None
    joined_at: float


@dataclass(frozen=True, slots=True)
class PairingRecord:
    """One table of one round: ``red_id`` ``None`` is a bye; ``result`` ``None`` while it is played."""

    tournament_id: int
    round: int
    board: int
    blue_id: int
    red_id: int | None
    game_id: int | None
    result: Outcome | None
    forfeit: bool
    replays: int


@dataclass(frozen=True, slots=True)
class TournamentNotice:
    """An announcement a tournament owes: a round started (its pairings and its games' first boards), the standings
    after a round, the end, a lobby cancelled; ``message_id`` once its message is out."""

    tournament_id: int
    round: int
    kind: TournamentNoticeKind
    message_id: int | None
    attempts: int
    created_at: float


_T_COLUMNS = [f.name for f in fields(TournamentRecord)]
_T_SELECT = "SELECT " + ", ".join(_T_COLUMNS) + " FROM tournaments"
_E_COLUMNS = "tournament_id, user_id, seed, rating, active, left_round, joined_at"
_P_COLUMNS = "tournament_id, round, board, blue_id, red_id, game_id, result, forfeit, replays"
_N_COLUMNS = "tournament_id, round, kind, message_id, attempts, created_at"
_UPDATABLE = {
    "state",
    "format",
    "rounds",
    "round",
    "width",
    "height",
    "start",
    "rules",
    "options",
    "move_seconds",
    "stop_seconds",
    "rated",
    "starts_at",
    "message_id",
    "reason",
    "winner_id",
    "started_at",
    "finished_at",
}
"""Columns ``update`` may change: whitelisted, so names never come from outside."""


def _tournament(row: Sequence[Any]) -> TournamentRecord:
    values = dict(zip(_T_COLUMNS, row, strict=True))
    values["rated"] = bool(values["rated"])
    values["forum"] = bool(values["forum"])
    return TournamentRecord(**values)


def _entry(row: Sequence[Any]) -> EntryRecord:
    t, u, seed, rating, active, left, joined = row
    return EntryRecord(
        int(t),
        int(u),
        None if seed is None else int(seed),
        None if rating is None else float(rating),
        bool(active),
        None if left is None else int(left),
        float(joined),
    )


def _pairing(row: Sequence[Any]) -> PairingRecord:
    t, r, b, blue, red, game, result, forfeit, replays = row
    return PairingRecord(
        int(t),
        int(r),
        int(b),
        int(blue),
        None if red is None else int(red),
        None if game is None else int(game),
        result,
        bool(forfeit),
        int(replays),
    )


def _pairing_row(p: PairingRecord) -> tuple[Any, ...]:
    return (p.tournament_id, p.round, p.board, p.blue_id, p.red_id, p.game_id, p.result, int(p.forfeit), p.replays)


def _notice(row: Sequence[Any]) -> TournamentNotice:
    t, r, k, m, a, c = row
    return TournamentNotice(int(t), int(r), k, None if m is None else int(m), int(a), float(c))


class Tournaments:
    """The ``tournaments``, ``tournament_players``, ``tournament_pairings`` and ``tournament_notices`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # --------------------------------------------------------------------------------------------------------------
    # Tournaments

    async def create(
        self,
        *,
        chat_id: int,
        thread_id: int,
        creator_id: int,
        format: TournamentFormat,
        rounds: int,
        settings: GameSettings,
        move_seconds: int | None,
        stop_seconds: int | None,
        rated: bool,
        starts_at: float | None,
        forum: bool,
        watch: str | None = None,
    ) -> TournamentRecord:
        """Open a tournament in the lobby; ``OpenGameExists`` when the chat has one open (in the lobby or running)."""
        now = self._db.clock()
        try:
            async with self._db.transaction():
                tournament_id = await self._db.insert(
                    "INSERT INTO tournaments (chat_id, thread_id, creator_id, state, format, rounds, round, width, "
                    "height, start, rules, options, move_seconds, stop_seconds, rated, starts_at, forum, created_at, "
                    "updated_at, watch) VALUES (?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        chat_id,
                        thread_id,
                        creator_id,
                        format,
                        rounds,
                        settings.width,
                        settings.height,
                        settings.start,
                        settings.rules,
                        options_to_json(settings),
                        move_seconds,
                        stop_seconds,
                        int(rated),
                        starts_at,
                        int(forum),
                        now,
                        now,
                        watch,
                    ),
                )
        except Exception as exc:
            if self._db.unique_violation(exc):
                raise OpenGameExists(f"chat {chat_id} already has an open tournament") from None
            raise
        found = await self.get(tournament_id)
        assert found is not None
        return found

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        row = await self._db.row(_T_SELECT + " WHERE id = ?", (tournament_id,))
        return _tournament(row) if row else None

    async def lock(self, tournament_id: int) -> TournamentRecord | None:
        """Inside a write transaction: the tournament's row, held until the transaction ends (PostgreSQL's row lock;
        SQLite's writers take turns anyway)."""
        row = await self._db.row(_T_SELECT + f" WHERE id = ?{self._db.dialect.for_update}", (tournament_id,))
        return _tournament(row) if row else None

    async def open_in(self, chat_id: int) -> TournamentRecord | None:
        """The chat's tournament in the lobby or running, if any."""
        row = await self._db.row(_T_SELECT + " WHERE chat_id = ? AND state IN ('lobby', 'running')", (chat_id,))
        return _tournament(row) if row else None

    async def latest_in(self, chat_id: int) -> TournamentRecord | None:
        """The chat's most recent tournament."""
        row = await self._db.row(_T_SELECT + " WHERE chat_id = ? ORDER BY id DESC LIMIT 1", (chat_id,))
        return _tournament(row) if row else None

    async def of_user(self, user_id: int, limit: int = 20) -> list[TournamentRecord]:
        """The tournaments a player is (or was) in, and those they created, most recent first."""
        rows = await self._db.rows(
            _T_SELECT + " WHERE id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?) "
            "OR creator_id = ? ORDER BY id DESC LIMIT ?",
            (user_id, user_id, limit),
        )
        return [_tournament(r) for r in rows]

    async def due(self, now: float, limit: int = 100) -> list[TournamentRecord]:
        """Lobbies whose start time has come."""
        rows = await self._db.rows(
            _T_SELECT
            + " WHERE state = 'lobby' AND starts_at IS NOT NULL AND starts_at <= ? ORDER BY starts_at LIMIT ?",
            (now, limit),
        )
        return [_tournament(r) for r in rows]

    async def lobbies_before(self, created_before: float, limit: int = 100) -> list[TournamentRecord]:
        """Lobbies opened before ``created_before`` with no start time (nobody started them)."""
        rows = await self._db.rows(
            _T_SELECT + " WHERE state = 'lobby' AND starts_at IS NULL AND created_at < ? ORDER BY created_at LIMIT ?",
            (created_before, limit),
        )
        return [_tournament(r) for r in rows]

    async def running(self, limit: int = 1000) -> list[TournamentRecord]:
        """The tournaments being played."""
        rows = await self._db.rows(_T_SELECT + " WHERE state = 'running' ORDER BY id LIMIT ?", (limit,))
        return [_tournament(r) for r in rows]

    async def update(self, tournament_id: int, **changes: Any) -> TournamentRecord:
        """Change some of a tournament's columns (inside the transaction that locked it)."""
        unknown = set(changes) - _UPDATABLE
        if unknown:
            raise ValueError(f"cannot update {sorted(unknown)}")
        columns = sorted(changes)
        sets = "".join(f"{c} = ?, " for c in columns)
        async with self._db.transaction():
            await self._db.execute(
                f"UPDATE tournaments SET {sets}updated_at = ? WHERE id = ?",
                (*[changes[c] for c in columns], self._db.clock(), tournament_id),
            )
        found = await self.get(tournament_id)
        assert found is not None
        return found

    async def move_chat(self, old_id: int, new_id: int) -> int:
        """A group got a new id: its tournaments go with it."""
        async with self._db.transaction():
            return await self._db.execute(
                "UPDATE tournaments SET chat_id = ?, updated_at = ? WHERE chat_id = ?",
                (new_id, self._db.clock(), old_id),
            )

    # --------------------------------------------------------------------------------------------------------------
    # Players

    async def players(self, tournament_id: int) -> list[EntryRecord]:
        """The players, by seed once seeded, else in the order they joined."""
        rows = await self._db.rows(
            f"SELECT {_E_COLUMNS} FROM tournament_players WHERE tournament_id = ? "
            "ORDER BY COALESCE(seed, 1000000), joined_at, user_id",
            (tournament_id,),
        )
        return [_entry(r) for r in rows]

    async def add_player(self, tournament_id: int, user_id: int) -> bool:
        """A player joins; ``False`` if they were in already."""
        async with self._db.transaction():
            changed = await self._db.execute(
                f"INSERT INTO tournament_players ({_E_COLUMNS}) VALUES (?, ?, NULL, NULL, 1, NULL, ?) "
                "ON CONFLICT DO NOTHING",
                (tournament_id, user_id, self._db.clock()),
            )
        return changed == 1

    async def remove_player(self, tournament_id: int, user_id: int) -> bool:
        """A player leaves the lobby; ``False`` if they were not in it."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
            )
        return changed == 1

    async def seed(self, tournament_id: int, seeds: Sequence[tuple[int, int, float]]) -> None:
        """Set the players' seeds and the ratings they were seeded by: ``(user_id, seed, rating)``."""
        async with self._db.transaction():
            await self._db.executemany(
                "UPDATE tournament_players SET seed = ?, rating = ? WHERE tournament_id = ? AND user_id = ?",
                [(seed, rating, tournament_id, user) for user, seed, rating in seeds],
            )

    async def withdraw(self, tournament_id: int, user_id: int, round: int) -> bool:
        """A player leaves a running tournament (or is removed): they play no more; ``False`` if they had left."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "UPDATE tournament_players SET active = 0, left_round = ? "
                "WHERE tournament_id = ? AND user_id = ? AND active = 1",
                (round, tournament_id, user_id),
            )
        return changed == 1

    # --------------------------------------------------------------------------------------------------------------
    # Pairings

    async def add_pairings(self, pairings: Sequence[PairingRecord]) -> None:
        async with self._db.transaction():
            await self._db.executemany(
                f"INSERT INTO tournament_pairings ({_P_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        p.tournament_id,
                        p.round,
                        p.board,
                        p.blue_id,
                        p.red_id,
                        p.game_id,
                        p.result,
                        int(p.forfeit),
                        p.replays,
                    )
                    for p in pairings
                ],
            )

    async def pairings(self, tournament_id: int, round: int | None = None) -> list[PairingRecord]:
        """The pairings (of one round), by round and table."""
        sql = f"SELECT {_P_COLUMNS} FROM tournament_pairings WHERE tournament_id = ?"
        params: tuple[Any, ...] = (tournament_id,)
        if round is not None:
            sql += " AND round = ?"
            params = (tournament_id, round)
        rows = await self._db.rows(sql + " ORDER BY round, board", params)
        return [_pairing(r) for r in rows]

    async def pairing_of(self, game_id: int) -> PairingRecord | None:
        """The pairing whose game this is (now)."""
        row = await self._db.row(f"SELECT {_P_COLUMNS} FROM tournament_pairings WHERE game_id = ?", (game_id,))
        return _pairing(row) if row else None

    async def set_result(
        self, tournament_id: int, round: int, board: int, result: Outcome | None, *, forfeit: bool = False
    ) -> None:
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE tournament_pairings SET result = ?, forfeit = ? WHERE tournament_id = ? AND round = ? "
                "AND board = ?",
                (result, int(forfeit), tournament_id, round, board),
            )

    async def replay(self, tournament_id: int, round: int, board: int, game_id: int, blue: int, red: int) -> None:
        """A drawn knockout game is replayed: the pairing's new game, the colours swapped."""
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE tournament_pairings SET game_id = ?, blue_id = ?, red_id = ?, replays = replays + 1 "
                "WHERE tournament_id = ? AND round = ? AND board = ?",
                (game_id, blue, red, tournament_id, round, board),
            )

    async def games(self, tournament_id: int) -> list[int]:
        """Every game of the tournament (replays included), in the order they were made."""
        rows = await self._db.rows("SELECT id FROM games WHERE tournament_id = ? ORDER BY id", (tournament_id,))
        return [int(r[0]) for r in rows]

    # --------------------------------------------------------------------------------------------------------------
    # Announcements owed

    async def owe(self, tournament_id: int, round: int, kind: TournamentNoticeKind) -> None:
        """Owe an announcement (inside the change's transaction)."""
        async with self._db.transaction():
            await self._db.execute(
                f"INSERT INTO tournament_notices ({_N_COLUMNS}, owner) VALUES (?, ?, ?, NULL, 0, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (tournament_id, round, kind, self._db.clock(), self._db.worker),
            )

    async def owed(self, created_before: float, limit: int = 100) -> list[TournamentNotice]:
        """Take the announcements this worker is to make now, oldest first: its own and those of nobody, owed since
        ``created_before`` or earlier, and every one of a worker that is gone (as the games' outbox does)."""
        db = self._db
        alive = db.alive_sql("n.owner")
        mine = (
            f"(n.owner IS NOT NULL AND n.owner <> ? AND NOT {alive}) "
            "OR (n.created_at <= ? AND (n.owner IS NULL OR n.owner = ?))"
        )
        columns = ", ".join(f"n.{c.strip()}" for c in _N_COLUMNS.split(","))
        if db.dialect.name == "postgres":
            async with db.transaction():
                rows = await db.rows(
                    "UPDATE tournament_notices SET owner = ? WHERE (tournament_id, round, kind) IN ("
                    f"SELECT n.tournament_id, n.round, n.kind FROM tournament_notices n WHERE {mine} "
                    "ORDER BY n.created_at, n.tournament_id, n.round LIMIT ? FOR UPDATE SKIP LOCKED) "
                    f"RETURNING {_N_COLUMNS}",
                    (db.worker, db.worker, created_before, db.worker, limit),
                )
        else:
            rows = await db.rows(
                f"SELECT {columns} FROM tournament_notices n WHERE {mine} "
                "ORDER BY n.created_at, n.tournament_id, n.round LIMIT ?",
                (db.worker, created_before, db.worker, limit),
            )
        found = [_notice(r) for r in rows]
        order = {"cancelled": 0, "round": 1, "standings": 2, "finished": 3}
        found.sort(key=lambda n: (n.tournament_id, n.round, order[n.kind]))
        return found

    async def notices_of(self, tournament_id: int) -> list[TournamentNotice]:
        """Every announcement a tournament owes, in the order they are made."""
        rows = await self._db.rows(
            f"SELECT {_N_COLUMNS} FROM tournament_notices WHERE tournament_id = ?", (tournament_id,)
        )
        order = {"cancelled": 0, "round": 1, "standings": 2, "finished": 3}
        return sorted((_notice(r) for r in rows), key=lambda n: (n.round, order[n.kind]))

    async def notice(self, tournament_id: int, round: int, kind: TournamentNoticeKind) -> TournamentNotice | None:
        row = await self._db.row(
            f"SELECT {_N_COLUMNS} FROM tournament_notices WHERE tournament_id = ? AND round = ? AND kind = ?",
            (tournament_id, round, kind),
        )
        return _notice(row) if row else None

    async def sent(self, tournament_id: int, round: int, kind: TournamentNoticeKind, message_id: int) -> None:
        """The announcement's message is out (a retry does not send it again)."""
        async with self._db.transaction(durable=False):
            await self._db.execute(
                "UPDATE tournament_notices SET message_id = ? WHERE tournament_id = ? AND round = ? AND kind = ?",
                (message_id, tournament_id, round, kind),
            )

    async def told(self, tournament_id: int, round: int, kind: TournamentNoticeKind) -> None:
        """Everyone was told: the announcement is no longer owed."""
        async with self._db.transaction():
            await self._db.execute(
                "DELETE FROM tournament_notices WHERE tournament_id = ? AND round = ? AND kind = ?",
                (tournament_id, round, kind),
            )

    async def tried(self, tournament_id: int, round: int, kind: TournamentNoticeKind) -> None:
        async with self._db.transaction():
            await self._db.execute(
                "UPDATE tournament_notices SET attempts = attempts + 1 WHERE tournament_id = ? AND round = ? "
                "AND kind = ?",
                (tournament_id, round, kind),
            )

    async def give_up(self, created_before: float, attempts: int) -> int:
        """Forget announcements owed since before ``created_before`` and tried ``attempts`` times or more."""
        async with self._db.transaction():
            return await self._db.execute(
                "DELETE FROM tournament_notices WHERE created_at < ? AND attempts >= ?", (created_before, attempts)
            )
