"""Games and their moves: one aggregate. A game's row holds its settings, players, state, score and clock; its moves
are rows of their own, appended with an optimistic check of the game's ply."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from tochki_bot.engine import Colour, GameSettings, Move, MoveKind, Point, closures_text, parse_closures_text

from .database import Conflict, Database, OpenGameExists
from .records import (
    ColourChoice,
    GameKind,
    GameRecord,
    GameState,
    options_to_json,
    setup_from_json,
    setup_to_json,
)

_COLUMNS = [f.name for f in fields(GameRecord)]
_SELECT = "SELECT " + ", ".join(_COLUMNS) + " FROM games"
_UPDATABLE = {
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
    "rated",
    "rules",
    "options",
    "closing",
    "stop_seconds",
    "offer_kind",
    "thread_id",
    "rematch_by",
    "rematch_id",
    "takeback",
}
"""Columns a caller may change with ``update``: whitelisted, so names never come from outside."""


def _game(row: Sequence[Any]) -> GameRecord:
    values = dict(zip(_COLUMNS, row, strict=True))
    values["setup"] = setup_from_json(values["setup"])
    values["rated"] = bool(values["rated"])
    return GameRecord(**values)


StepKind = str
"""What a row of the ``moves`` table holds: a ``MoveKind`` value, or one of the steps of a manual move that follow
its dot: ``close`` (closures made after the dot, their rings in ``closures``) and ``done`` (the mover is done
closing; the turn passes); or ``undo``, a takeback agreed in an unrated game: the last ``x`` moves of the engine's
list are taken back (a row of its own, so that a game's ply only grows and an old board's buttons stay stale)."""
STEPS = ("close", "done", "undo")


def _move_row(
    game_id: int,
    ply: int,
    move: Move,
    user_id: int | None,
    now: float,
    step: StepKind | None = None,
    undone: int | None = None,
) -> tuple[Any, ...]:
    point = move.point
    return (
        game_id,
        ply,
        move.colour,
        step or MoveKind(move.kind).value,
        undone if step == "undo" else point[0] if point else None,
        None if step == "undo" else point[1] if point else None,
        user_id,
        now,
        closures_text(move.closures) if move.closures else None,
    )


_INSERT_MOVE = (
    "INSERT INTO moves (game_id, ply, colour, kind, x, y, user_id, created_at, closures) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def merge_steps(rows: Sequence[tuple[Any, ...]]) -> list[Move]:
    """The engine's move list from stored rows ``(colour, kind, x, y, closures)``: the closures of a ``close`` row
    join the dot before it, ``done`` rows only passed the turn, an ``undo`` row takes back the last ``x`` moves."""
    moves: list[Move] = []
    for colour, kind, x, y, closures in rows:
        rings = parse_closures_text(closures) if closures else ()
        if kind == "done":
            continue
        if kind == "undo":
            if not x or x > len(moves):
                raise ValueError("a stored takeback takes back more moves than were made")
            del moves[len(moves) - x :]
            continue
        if kind == "close":
            if not moves or moves[-1].kind is not MoveKind.DOT or moves[-1].colour != colour:
                raise ValueError("a stored closure does not follow a dot of its colour")
            moves[-1] = moves[-1]._replace(closures=moves[-1].closures + rings)
            continue
        moves.append(Move(colour, MoveKind(kind), Point(x, y) if x is not None else None, rings))
    return moves


class Games:
    """The ``games`` and ``moves`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
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
        stop_seconds: int | None = None,
        tournament: tuple[int, int, int] | None = None,
    ) -> GameRecord:
        """Open a game in the lobby, optionally with moves already played (a game continued from a record), or a
        tournament's game (``tournament``: its id, round and table).

        Raises ``OpenGameExists`` when the place already has an open group game (a tournament's games do not
        count).
        """
        now = self._db.clock()
        try:
            async with self._db.transaction():
                game_id = await self._db.insert(
                    "INSERT INTO games (chat_id, thread_id, kind, width, height, start, setup, move_seconds, state, "
                    "creator_id, colours, invite, watch, ply, rated, created_at, updated_at, rules, options, "
                    "stop_seconds, tournament_id, tournament_round, tournament_board) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                        settings.rules,
                        options_to_json(settings),
                        stop_seconds,
                        *(tournament or (None, None, None)),
                    ),
                )
                for ply, move in enumerate(moves, 1):
                    await self._db.execute(_INSERT_MOVE, _move_row(game_id, ply, move, None, now))
        except Exception as exc:
            if self._db.unique_violation(exc):
                raise OpenGameExists(f"chat {chat_id} (topic {thread_id}) already has an open game") from None
            raise
        game = await self.get(game_id)
        assert game is not None
        return game

    # --------------------------------------------------------------------------------------------------------------
    # Finding games

    async def get(self, game_id: int) -> GameRecord | None:
        """The game's row, or ``None``."""
        row = await self._db.row(_SELECT + " WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def open_in(self, chat_id: int, thread_id: int = 0) -> GameRecord | None:
        """The group game in the lobby or being played in this chat (forum topic), if any (a tournament's games are
        not: a group plays a game of its own beside them)."""
        row = await self._db.row(
            _SELECT + " WHERE chat_id = ? AND thread_id = ? AND kind = 'group' AND state IN ('lobby', 'active') "
            "AND tournament_id IS NULL",
            (chat_id, thread_id),
        )
        return _game(row) if row else None

    async def tournament_games_in(self, chat_id: int, thread_id: int = 0) -> list[GameRecord]:
        """The tournaments' games being played in this chat (forum topic), by table."""
        rows = await self._db.rows(
            _SELECT + " WHERE chat_id = ? AND thread_id = ? AND state = 'active' AND tournament_id IS NOT NULL "
            "ORDER BY tournament_round, tournament_board, id",
            (chat_id, thread_id),
        )
        return [_game(r) for r in rows]

    async def latest_in(self, chat_id: int, thread_id: int = 0) -> GameRecord | None:
        """The most recent game of a chat (forum topic), whatever its state."""
        row = await self._db.row(
            _SELECT + " WHERE chat_id = ? AND thread_id = ? ORDER BY id DESC LIMIT 1", (chat_id, thread_id)
        )
        return _game(row) if row else None

    async def of_chat_open(self, chat_id: int) -> list[GameRecord]:
        """The chat's open group games, one per forum topic (not a tournament's)."""
        rows = await self._db.rows(
            _SELECT
            + " WHERE chat_id = ? AND kind = 'group' AND state IN ('lobby', 'active') AND tournament_id IS NULL",
            (chat_id,),
        )
        return [_game(r) for r in rows]

    async def by_invite(self, code: str) -> GameRecord | None:
        """The private game behind an invitation code."""
        row = await self._db.row(_SELECT + " WHERE invite = ?", (code,))
        return _game(row) if row else None

    async def by_watch(self, code: str) -> GameRecord | None:
        """The game behind a spectator link."""
        row = await self._db.row(_SELECT + " WHERE watch = ?", (code,))
        return _game(row) if row else None

    async def of_user(
        self,
        user_id: int,
        states: Sequence[GameState] = ("lobby", "active"),
        *,
        kind: GameKind | None = None,
        limit: int = 50,
    ) -> list[GameRecord]:
        """The user's games in ``states`` (their lobbies included), most recently changed first."""
        marks = ", ".join("?" for _ in states)
        sql = (
            _SELECT + f" WHERE (blue_id = ? OR red_id = ? OR (creator_id = ? AND state = 'lobby')) "
            f"AND state IN ({marks})"
        )
        params: list[Any] = [user_id, user_id, user_id, *states]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        rows = await self._db.rows(sql + " ORDER BY updated_at DESC, id DESC LIMIT ?", (*params, limit))
        return [_game(r) for r in rows]

    async def people_in(self, chat_id: int, games: int) -> list[int]:
        """The users of the chat's latest ``games`` games (their creators, then their players), each once, the
        latest first: in the order of the newest game each of them is in."""
        rows = await self._db.rows(
            "SELECT creator_id, blue_id, red_id FROM games WHERE chat_id = ? ORDER BY id DESC LIMIT ?", (chat_id, games)
        )
        seen: dict[int, None] = {}
        for row in rows:
            for user_id in row:
                if user_id is not None:
                    seen.setdefault(int(user_id), None)
        return list(seen)

    async def first_creator(self, chat_id: int) -> int | None:
        """Who created the chat's first game (``None``: no game was ever opened there)."""
        row = await self._db.row("SELECT creator_id FROM games WHERE chat_id = ? ORDER BY id LIMIT 1", (chat_id,))
        return int(row[0]) if row else None

    async def results_against(self, user_id: int, opponents: Sequence[int]) -> list[tuple[int, Colour, Colour | None]]:
        """``(opponent, the user's colour, winner)`` of the user's finished games against any of ``opponents``."""
        if not opponents:
            return []
        marks = ", ".join("?" for _ in opponents)
        rows = await self._db.rows(
            "SELECT red_id, 'blue', winner FROM games WHERE state = 'finished' AND blue_id = ? "
            f"AND red_id IN ({marks}) UNION ALL "
            "SELECT blue_id, 'red', winner FROM games WHERE state = 'finished' AND red_id = ? "
            f"AND blue_id IN ({marks})",
            (user_id, *opponents, user_id, *opponents),
        )
        return [(int(r[0]), r[1], r[2]) for r in rows]

    async def lobbies_count(self, creator_id: int) -> int:
        """How many lobbies a user has open, anywhere."""
        row = await self._db.row("SELECT COUNT(*) FROM games WHERE creator_id = ? AND state = 'lobby'", (creator_id,))
        return int(row[0]) if row else 0

    async def lobbies_of(self, creator_id: int, kind: GameKind = "private") -> list[GameRecord]:
        """The open lobbies a user created, newest first."""
        rows = await self._db.rows(
            _SELECT + " WHERE creator_id = ? AND state = 'lobby' AND kind = ? ORDER BY id DESC", (creator_id, kind)
        )
        return [_game(r) for r in rows]

    async def due(self, now: float, limit: int = 100) -> list[GameRecord]:
        """Active games whose clock needs attention (a reminder or a timeout) at ``now``, most urgent first."""
        rows = await self._db.rows(
            _SELECT + " WHERE state = 'active' AND alert_at IS NOT NULL AND alert_at <= ? ORDER BY alert_at LIMIT ?",
            (now, limit),
        )
        return [_game(r) for r in rows]

    async def next_alert(self) -> float | None:
        """When the clock next needs to look at an active game (the earliest ``alert_at``), or ``None``."""
        row = await self._db.row("SELECT MIN(alert_at) FROM games WHERE state = 'active' AND alert_at IS NOT NULL")
        return float(row[0]) if row and row[0] is not None else None

    async def lobbies_before(self, created_before: float, limit: int = 100) -> list[GameRecord]:
        """Lobbies opened before ``created_before``, oldest first (invitations that have expired)."""
        rows = await self._db.rows(
            _SELECT + " WHERE state = 'lobby' AND created_at < ? ORDER BY created_at LIMIT ?", (created_before, limit)
        )
        return [_game(r) for r in rows]

    # --------------------------------------------------------------------------------------------------------------
    # Changing games

    async def update(
        self,
        game_id: int,
        *,
        expect_state: GameState | None = None,
        expect_ply: int | None = None,
        **changes: Any,
    ) -> GameRecord:
        """Change some of a game's columns, if it is still in ``expect_state`` at ``expect_ply``.

        Raises ``Conflict`` when the game moved on.
        """
        unknown = set(changes) - _UPDATABLE
        if unknown:
            raise ValueError(f"cannot update {sorted(unknown)}")
        columns = sorted(changes)
        sets = "".join(f"{c} = ?, " for c in columns)
        where = "id = ?"
        params: list[object] = [game_id]
        if expect_state is not None:
            where += " AND state = ?"
            params.append(expect_state)
        if expect_ply is not None:
            where += " AND ply = ?"
            params.append(expect_ply)
        async with self._db.transaction():
            changed = await self._db.execute(
                f"UPDATE games SET {sets}updated_at = ? WHERE {where}",
                (*[changes[c] for c in columns], self._db.clock(), *params),
            )
            if changed != 1:
                raise Conflict(f"game {game_id} is no longer as expected")
        game = await self.get(game_id)
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
        state: GameState = "finished",
        rated: bool | None = None,
        draw_offer: Colour | None = None,
        known: GameRecord | None = None,
        step: StepKind | None = None,
        closing: Colour | None = None,
        undone: int | None = None,
    ) -> GameRecord:
        """Append ``move`` as move ``expected_ply + 1`` of an active game, in one transaction.

        With ``known``, the game's row as read at ``expected_ply``, the new row is worked out from it instead of
        being read back.

        The game's ply, score and clock are updated with it, and the pending draw offer becomes ``draw_offer`` (a
        player's offer stands through their own move); with ``result`` the game ends in ``state``
        (``finished``, or ``cancelled`` for a resignation before the first move) and, with ``rated``, that flag is
        set. Raises ``Conflict`` if the game is no longer active at ``expected_ply``; then nothing is written.

        ``step`` stores the row as a step of a manual move instead (``close``: ``move.closures`` made after the dot;
        ``done``), or as a takeback of the last ``undone`` moves (``undo``: ``move`` names who took back);
        ``closing`` is who may still close pools after this row (manual rules).
        """
        now = self._db.clock()
        async with self._db.transaction():
            if result is None:
                changed = await self._db.execute(
                    "UPDATE games SET ply = ply + 1, score_blue = ?, score_red = ?, deadline = ?, alert_at = ?, "
                    "reminded = 0, draw_offer = ?, closing = ?, takeback = NULL, updated_at = ? "
                    "WHERE id = ? AND ply = ? AND state = 'active'",
                    (score[0], score[1], deadline, alert_at, draw_offer, closing, now, game_id, expected_ply),
                )
            else:
                changed = await self._db.execute(
                    "UPDATE games SET ply = ply + 1, score_blue = ?, score_red = ?, deadline = NULL, alert_at = NULL, "
                    "reminded = 0, draw_offer = NULL, closing = NULL, takeback = NULL, state = ?, winner = ?, "
                    "reason = ?, finished_at = ?, rated = COALESCE(?, rated), updated_at = ? "
                    "WHERE id = ? AND ply = ? AND state = 'active'",
                    (
                        score[0],
                        score[1],
                        state,
                        result[0],
                        result[1],
                        now,
                        None if rated is None else int(rated),
                        now,
                        game_id,
                        expected_ply,
                    ),
                )
            if changed != 1:
                raise Conflict(f"game {game_id} is not active at move {expected_ply}")
            await self._db.execute(_INSERT_MOVE, _move_row(game_id, expected_ply + 1, move, user_id, now, step, undone))
        if known is not None and known.id == game_id and known.ply == expected_ply:
            moved = replace(
                known, ply=expected_ply + 1, score_blue=score[0], score_red=score[1], reminded=0, updated_at=now
            )
            if result is None:
                return replace(
                    moved, deadline=deadline, alert_at=alert_at, draw_offer=draw_offer, closing=closing, takeback=None
                )
            return replace(
                moved,
                takeback=None,
                deadline=None,
                alert_at=None,
                draw_offer=None,
                closing=None,
                state=state,
                winner=result[0],
                reason=result[1],
                finished_at=now,
                rated=known.rated if rated is None else rated,
            )
        game = await self.get(game_id)
        assert game is not None
        return game

    async def ids(self) -> list[int]:
        """Every game's id, in order."""
        return [int(r[0]) for r in await self._db.rows("SELECT id FROM games ORDER BY id")]

    async def moves(self, game_id: int) -> list[Move]:
        """The game's move list in order, as the engine plays it (the steps of a manual move joined to its dot)."""
        return (await self.replay(game_id))[0]

    async def replay(self, game_id: int) -> tuple[list[Move], int]:
        """The game's move list as the engine plays it, and how many rows it was stored in (the game's ply)."""
        rows = await self._db.rows(
            "SELECT colour, kind, x, y, closures FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        return merge_steps(rows), len(rows)

    async def movers(self, game_id: int) -> list[int]:
        """The ids of the users who made moves in the game (not the moves of a record it continues)."""
        rows = await self._db.rows(
            "SELECT DISTINCT user_id FROM moves WHERE game_id = ? AND kind = 'dot' AND user_id IS NOT NULL",
            (game_id,),
        )
        return [int(r[0]) for r in rows]

    async def set_watch(self, game_id: int, code: str) -> str:
        """Give the game a spectator code unless it has one; returns the game's code."""
        async with self._db.transaction():
            await self._db.execute("UPDATE games SET watch = ? WHERE id = ? AND watch IS NULL", (code, game_id))
        game = await self.get(game_id)
        assert game is not None and game.watch is not None
        return game.watch

    async def move_chat(self, old_id: int, new_id: int) -> int:
        """A group got a new id: its games go with it. Returns how many moved."""
        async with self._db.transaction():
            return await self._db.execute(
                "UPDATE games SET chat_id = ?, updated_at = ? WHERE chat_id = ?", (new_id, self._db.clock(), old_id)
            )
