"""What happens to games: opening, joining, moves, resignation, draws, grounding, the clock. No Telegram here.

Every change is checked against the rules (the engine) and the players, and written to storage in one transaction
before anyone is told about it. Operations on one game queue on a lock; across processes the storage's ply check
keeps moves from being doubled.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Literal

from storage import (
    ChatRecord,
    ColourChoice,
    Conflict,
    Duplicate,
    GameRecord,
    OpenGameExists,
    Storage,
    UserRecord,
)

from .engine import Area, Colour, Game, GameSettings, IllegalMove, Move, MoveKind, other
from .engine.sgf import SgfRecord
from .ratings import Rating, ratings

BOARD_CHOICES: tuple[tuple[int, int], ...] = ((39, 32), (30, 30), (25, 25), (20, 20))
START_CHOICES: tuple[str, ...] = ("cross", "four-crosses", "empty")
TIME_CHOICES: tuple[int | None, ...] = (None, 3600, 86400, 3 * 86400)
COLOUR_CHOICES: tuple[ColourChoice, ...] = ("creator_blue", "creator_red", "random")
DEFAULT_TIME = 86400
LAST_CALL = 3600
"""The second reminder comes this many seconds before the deadline (or at 90 % of a shorter time)."""
CACHE_SIZE = 512


class GameError(Exception):
    """A request the rules or the game's state refuse. ``code`` names a text; ``details`` fill it in."""

    def __init__(self, code: str, **details: object) -> None:
        super().__init__(code)
        self.code = code
        self.details = details


@dataclass(frozen=True, slots=True)
class Person:
    """Who sent an update, as Telegram describes them."""

    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """Where an update was sent: the chat and, in forum groups, the topic."""

    chat_id: int
    chat_type: str
    title: str | None = None
    thread_id: int = 0

    @property
    def private(self) -> bool:
        return self.chat_type == "private"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A game after something happened to it: its row and its position."""

    record: GameRecord
    game: Game
    areas: tuple[Area, ...] = ()

    @property
    def captured(self) -> int:
        """How many opponent dots the last move captured."""
        return sum(len(a.captured) for a in self.areas)


@dataclass(frozen=True, slots=True)
class ClockEvent:
    """The clock job's finding for one game: a reminder (``remind_half`` / ``remind_last``) or a timeout."""

    kind: Literal["remind_half", "remind_last", "timeout"]
    outcome: Outcome
    left: float = 0.0


@dataclass
class LobbyChoice:
    """Settings given with ``/new`` (``/new 20x20 empty 1h``)."""

    width: int | None = None
    height: int | None = None
    start: str | None = None
    move_seconds: int | Literal["unset"] | None = "unset"


def parse_new_args(args: list[str]) -> LobbyChoice:
    """Read ``/new`` arguments: a board (``20x20``, ``39x32``), a start, a time (``1h``, ``24h``, ``3d``, ``none``).

    Words it does not know are left out: the lobby shows what was chosen, and its buttons change it.
    """
    choice = LobbyChoice()
    for arg in args:
        word = arg.strip().lower().replace("х", "x").replace("×", "x")
        if "x" in word and all(part.isdigit() for part in word.split("x", 1)):
            w, h = (int(p) for p in word.split("x", 1))
            if 10 <= w <= 60 and 10 <= h <= 60:
                choice.width, choice.height = w, h
                continue
        if word in ("cross", "скрест"):
            choice.start = "cross"
        elif word in ("four-crosses", "4", "four", "4x", "четыре"):
            choice.start = "four-crosses"
        elif word in ("empty", "пусто", "пустое"):
            choice.start = "empty"
        elif word in ("none", "no", "∞", "нет", "без"):
            choice.move_seconds = None
        elif word[:-1].isdigit() and word[-1] in "hdmчд":
            value = int(word[:-1])
            seconds = value * {"h": 3600, "ч": 3600, "d": 86400, "д": 86400, "m": 60}[word[-1]]
            if 60 <= seconds <= 30 * 86400:
                choice.move_seconds = seconds
    return choice


class Games:
    """The game use cases over ``storage``. ``clock`` gives the time in seconds (tests inject one)."""

    def __init__(
        self, db: Storage, *, clock: Callable[[], float] | None = None, rng: random.Random | None = None
    ) -> None:
        self.db = db
        self.clock = clock or db.clock
        self.rng = rng or random.Random()
        self._cache: OrderedDict[int, Game] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._users: dict[int, UserRecord] = {}
        self._chats: dict[int, ChatRecord] = {}

    # --------------------------------------------------------------------------------------------------------------
    # People and chats

    async def person(self, who: Person) -> UserRecord:
        """Record (or refresh) a user; skips the write when nothing changed."""
        known = self._users.get(who.id)
        if (
            known is not None
            and known.first_name == who.first_name
            and known.last_name == who.last_name
            and known.username == who.username
            and known.telegram_language == who.language_code
        ):
            return known
        user = await self.db.upsert_user(
            who.id, who.first_name or str(who.id), who.last_name, who.username, who.language_code
        )
        self._users[who.id] = user
        return user

    async def user(self, user_id: int) -> UserRecord | None:
        """A user by id (cached)."""
        user = self._users.get(user_id)
        if user is None:
            user = await self.db.get_user(user_id)
            if user is not None:
                self._users[user_id] = user
        return user

    async def set_user_language(self, user_id: int, language: str) -> None:
        await self.db.set_user_language(user_id, language)
        self._users.pop(user_id, None)

    async def set_reachable(self, user_id: int, reachable: bool) -> None:
        """Note whether the user's private chat with the bot works."""
        user = await self.user(user_id)
        if user is not None and user.reachable != reachable:
            await self.db.set_user_reachable(user_id, reachable)
            self._users.pop(user_id, None)

    async def chat(self, place: Place, first_language: str | None = None) -> ChatRecord:
        """Record (or refresh) a chat. A group's language is set from the first user the bot meets there."""
        known = self._chats.get(place.chat_id)
        if known is not None and known.type == place.chat_type and known.title == place.title:
            return known
        chat = await self.db.upsert_chat(place.chat_id, place.chat_type, place.title)
        if chat.language is None and not place.private and first_language is not None:
            await self.db.set_chat_language(place.chat_id, first_language)
            chat = await self.db.get_chat(place.chat_id) or chat
        self._chats[place.chat_id] = chat
        return chat

    async def known_chat(self, chat_id: int) -> ChatRecord | None:
        """A chat by id (cached)."""
        chat = self._chats.get(chat_id)
        if chat is None:
            chat = await self.db.get_chat(chat_id)
            if chat is not None:
                self._chats[chat_id] = chat
        return chat

    def forget_chat(self, chat_id: int) -> None:
        """Drop what is cached about a chat."""
        self._chats.pop(chat_id, None)

    async def set_chat_language(self, chat_id: int, language: str) -> None:
        await self.db.set_chat_language(chat_id, language)
        self._chats.pop(chat_id, None)

    # --------------------------------------------------------------------------------------------------------------
    # Positions

    async def engine(self, record: GameRecord) -> Game:
        """The position of ``record``: from the cache when it is at the same move, else rebuilt from storage."""
        game = self._cache.get(record.id)
        if game is not None and game.ply == record.ply and game.settings == record.settings:
            self._cache.move_to_end(record.id)
            return game
        loaded = await self.db.load(record.id)
        if loaded is None:
            raise GameError("no_game")
        game = loaded[1]
        self._cache[record.id] = game
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return game

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    @asynccontextmanager
    async def _locked(self, game_id: int) -> AsyncIterator[None]:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        async with lock:
            yield

    async def outcome(self, record: GameRecord) -> Outcome:
        """The record with its position."""
        return Outcome(record, await self.engine(record))

    # --------------------------------------------------------------------------------------------------------------
    # Finding games

    async def get(self, game_id: int) -> GameRecord:
        record = await self.db.get_game(game_id)
        if record is None:
            raise GameError("no_game")
        return record

    async def game_here(self, place: Place, user_id: int, reply_to: int | None = None) -> GameRecord:
        """The game an update in ``place`` is about: the board it replies to, the group's open game, or in a
        private chat the game whose board was shown there last (else the user's latest active game)."""
        if reply_to is not None:
            record = await self.db.game_by_message(place.chat_id, reply_to)
            if record is not None:
                return record
        if not place.private:
            record = await self.db.open_game(place.chat_id, place.thread_id)
            if record is None:
                raise GameError("no_game")
            return record
        record = await self.db.latest_board_game(place.chat_id, player=user_id)
        if record is not None:
            return record
        mine = [g for g in await self.db.games_of_user(user_id, ("active", "lobby")) if g.kind == "private"]
        if not mine:
            raise GameError("no_game_private")
        return mine[0]

    # --------------------------------------------------------------------------------------------------------------
    # Lobby

    async def _open_lobby(
        self, place: Place, creator: int, update_id: int | None, **game: object
    ) -> tuple[GameRecord, bool]:
        """Create a lobby in ``place``; ``(the open game, True)`` if the group (topic) already has one."""
        if not place.private:
            existing = await self.db.open_game(place.chat_id, place.thread_id)
            if existing is not None:
                return existing, True
        try:
            record = await self.db.create_game(
                chat_id=place.chat_id,
                thread_id=place.thread_id,
                kind="private" if place.private else "group",
                creator_id=creator,
                invite=secrets.token_urlsafe(12) if place.private else None,
                watch=secrets.token_urlsafe(9),
                update_id=update_id,
                **game,  # type: ignore[arg-type]
            )
        except OpenGameExists:
            existing = await self.db.open_game(place.chat_id, place.thread_id)
            if existing is None:
                raise GameError("busy") from None
            return existing, True
        return record, False

    async def new_game(
        self, place: Place, who: Person, choice: LobbyChoice | None = None, update_id: int | None = None
    ) -> tuple[GameRecord, bool]:
        """Open a game in the lobby. Returns ``(game, False)``, or ``(open game, True)`` if the group has one.

        Settings not given take the chat's last ones, else the sports defaults (39x32, cross, 24 h a move).
        """
        user = await self.person(who)
        chat = await self.chat(place)
        choice = choice or LobbyChoice()
        width = choice.width or chat.board_width or 39
        height = choice.height or chat.board_height or 32
        start = choice.start or chat.start or "cross"
        if choice.move_seconds != "unset":
            move_seconds = choice.move_seconds
        elif chat.board_width is not None:  # the chat has played before: keep its clock, "none" included
            move_seconds = chat.move_seconds
        else:
            move_seconds = DEFAULT_TIME
        try:
            settings = GameSettings(width, height, start)  # type: ignore[arg-type]
        except ValueError:
            settings = GameSettings()
        return await self._open_lobby(place, user.id, update_id, settings=settings, move_seconds=move_seconds)

    async def new_game_from_record(
        self, place: Place, who: Person, record: SgfRecord, update_id: int | None = None
    ) -> tuple[GameRecord, bool]:
        """A lobby whose game continues an imported record from its last position (unrated).

        Returns ``(open game, True)`` if the group already has one. Raises ``GameError("game_over")`` when the
        record's game has ended.
        """
        await self.person(who)
        await self.chat(place)
        moves: list[Move] = []
        game = Game.from_settings(record.settings)
        for move in record.moves:
            if move.kind != MoveKind.DOT or game.is_over:
                break
            game.apply(move)
            moves.append(move)
        if game.is_over:
            raise GameError("game_over")
        return await self._open_lobby(
            place, who.id, update_id, settings=record.settings, move_seconds=DEFAULT_TIME, moves=moves, rated=False
        )

    async def shared(self, place: Place, user_id: int, game_id: int | None) -> GameRecord:
        """The game to export or show: ``game_id`` if this user or chat may see it, else the game of this place
        (the board replied to, the open game, the last one played here), else the user's latest game."""
        if game_id is not None:
            record = await self.db.get_game(game_id)
            if record is None or (
                user_id not in record.players and record.chat_id != place.chat_id and record.creator_id != user_id
            ):
                raise GameError("no_such_game", id=game_id)
            return record
        with contextlib.suppress(GameError):  # no game in play here: look further back
            return await self.game_here(place, user_id)
        record = await self.db.last_game(place.chat_id, place.thread_id)
        if record is not None:
            return record
        mine = await self.db.games_of_user(user_id, ("active", "finished"), limit=1)
        if mine:
            return mine[0]
        raise GameError("no_game" if not place.private else "no_game_private")

    async def watch_code(self, record: GameRecord) -> str:
        """The game's spectator code (made on first use for games that predate spectator links)."""
        return record.watch or await self.db.set_watch(record.id, secrets.token_urlsafe(9))

    async def follow(self, code: str, chat_id: int) -> GameRecord:
        """A spectator opened a game's link: their chat follows it while it goes on."""
        record = await self.db.game_by_watch(code)
        if record is None:
            raise GameError("watch_unknown")
        if record.state == "active":
            await self.db.follow(record.id, chat_id)
        return record

    async def ratings(self, chat_id: int | None = None) -> dict[int, Rating]:
        """Elo ratings from the finished rated games of a group chat, or of all games."""
        return ratings(await self.db.rated_results(chat_id))

    async def change_lobby(
        self, game_id: int, who: Person, action: str, value: str, update_id: int | None = None
    ) -> GameRecord:
        """The creator changes a setting of a game in the lobby."""
        async with self._locked(game_id):
            record = await self.get(game_id)
            if record.state != "lobby":
                raise GameError("game_started_already")
            if who.id != record.creator_id:
                creator = await self.user(record.creator_id)
                raise GameError("only_creator", creator=creator.name if creator else "?")
            changes: dict[str, object] = {}
            if action in ("size", "start") and record.ply > 0:
                raise GameError("stale")  # a game continued from a record keeps its board and start
            if action == "size":
                sizes = {f"{w}x{h}": (w, h) for w, h in BOARD_CHOICES}
                if value not in sizes:
                    raise GameError("stale")
                changes["width"], changes["height"] = sizes[value]
            elif action == "start" and value in START_CHOICES:
                changes["start"] = value
            elif action == "time" and value in [str(s or 0) for s in TIME_CHOICES]:
                changes["move_seconds"] = int(value) or None
            elif action == "colours" and value in COLOUR_CHOICES:
                changes["colours"] = value
            else:
                raise GameError("stale")
            try:
                return await self.db.update_game(game_id, expect_state="lobby", update_id=update_id, **changes)
            except Conflict:
                raise GameError("game_started_already") from None

    async def join(self, game_id: int, who: Person, update_id: int | None = None) -> Outcome:
        """A second player joins a game in the lobby: colours are settled and the game starts."""
        user = await self.person(who)
        async with self._locked(game_id):
            record = await self.get(game_id)
            if record.state != "lobby":
                raise GameError("game_started_already" if record.state == "active" else "game_over")
            if user.id == record.creator_id:
                raise GameError("own_invite" if record.kind == "private" else "own_game")
            creator_blue = {"creator_blue": True, "creator_red": False}.get(record.colours, self.rng.random() < 0.5)
            blue, red = (record.creator_id, user.id) if creator_blue else (user.id, record.creator_id)
            now = self.clock()
            clock = self._clock_after_move(record.move_seconds, now)
            try:
                record = await self.db.update_game(
                    game_id,
                    expect_state="lobby",
                    update_id=update_id,
                    state="active",
                    blue_id=blue,
                    red_id=red,
                    deadline=clock[0],
                    alert_at=clock[1],
                    reminded=0,
                )
            except Conflict:
                raise GameError("game_started_already") from None
            if record.kind == "group":
                await self.db.set_chat_defaults(
                    record.chat_id,
                    width=record.width,
                    height=record.height,
                    start=record.start,
                    move_seconds=record.move_seconds,
                )
                self._chats.pop(record.chat_id, None)
            return await self.outcome(record)

    async def join_by_invite(self, code: str, who: Person, update_id: int | None = None) -> Outcome:
        """Someone opened a private invitation link."""
        record = await self.db.game_by_invite(code)
        if record is None or record.kind != "private":
            raise GameError("invite_unknown")
        return await self.join(record.id, who, update_id)

    async def cancel(self, game_id: int, who: Person, update_id: int | None = None) -> GameRecord:
        """Close a game in the lobby (its creator) or before its first move (either player)."""
        async with self._locked(game_id):
            record = await self.get(game_id)
            if record.state == "lobby":
                if who.id != record.creator_id:
                    creator = await self.user(record.creator_id)
                    raise GameError("only_creator", creator=creator.name if creator else "?")
            elif record.state == "active":
                if record.colour_of(who.id) is None:
                    raise GameError("not_a_player")
                if record.ply > 0:
                    raise GameError("cancel_started")
            else:
                raise GameError("game_over")
            try:
                return await self.db.update_game(
                    game_id,
                    expect_state=record.state,
                    expect_ply=record.ply,
                    update_id=update_id,
                    state="cancelled",
                    deadline=None,
                    alert_at=None,
                )
            except Conflict:
                raise GameError("busy") from None

    # --------------------------------------------------------------------------------------------------------------
    # Moves and endings

    def _clock_after_move(self, move_seconds: int | None, now: float) -> tuple[float | None, float | None]:
        """The deadline of the next move and when the clock job should first look at it (half time)."""
        if not move_seconds:
            return None, None
        return now + move_seconds, now + move_seconds / 2

    def _player(self, record: GameRecord, who: Person) -> Colour:
        if record.state == "lobby":
            raise GameError("not_started")
        if record.state != "active":
            raise GameError("game_over")
        colour = record.colour_of(who.id)
        if colour is None:
            raise GameError("not_a_player")
        return colour

    async def _name(self, user_id: int | None) -> str:
        user = await self.user(user_id) if user_id is not None else None
        return user.name if user is not None else "?"

    async def _commit(
        self, record: GameRecord, game: Game, user_id: int | None, update_id: int | None, areas: tuple[Area, ...] = ()
    ) -> Outcome:
        """Store the move just made on ``game`` (the cached position) or forget the position if that fails."""
        result = game.result
        deadline, alert_at = self._clock_after_move(record.move_seconds, self.clock())
        try:
            new = await self.db.append_move(
                record.id,
                record.ply,
                game.moves[-1],
                user_id=user_id,
                score=game.score,
                deadline=deadline,
                alert_at=alert_at,
                result=(result.winner, result.reason.value) if result is not None else None,
                update_id=update_id,
            )
        except Conflict:
            self._forget(record.id)
            raise GameError("busy") from None
        except Duplicate:
            self._forget(record.id)
            raise GameError("duplicate") from None
        except BaseException:
            self._forget(record.id)
            raise
        return Outcome(new, game, areas)

    @asynccontextmanager
    async def _acting(
        self, game_id: int, who: Person, expected_ply: int | None
    ) -> AsyncIterator[tuple[GameRecord, Colour, Game]]:
        """Hold the game's lock and give ``(record, who's colour, position)``, after checking that ``who`` plays
        this active game and that it is still at ``expected_ply`` (when given)."""
        async with self._locked(game_id):
            record = await self.get(game_id)
            colour = self._player(record, who)
            if expected_ply is not None and expected_ply != record.ply:
                raise GameError("stale")
            yield record, colour, await self.engine(record)

    async def play(
        self,
        game_id: int,
        who: Person,
        x: int,
        y: int,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
    ) -> Outcome:
        """``who`` puts a dot on ``x-y``. Checks the player, the turn and the rules; stores the move."""
        async with self._acting(game_id, who, expected_ply) as (record, colour, game):
            if game.to_move != colour:
                raise GameError("not_your_turn", name=await self._name(record.player(game.to_move)))
            try:
                areas = game.play(x, y)
            except IllegalMove as exc:
                raise GameError(exc.reason.value, point=f"{x}-{y}", width=game.width, height=game.height) from None
            return await self._commit(record, game, who.id, update_id, areas)

    async def resign(
        self, game_id: int, who: Person, *, expected_ply: int | None = None, update_id: int | None = None
    ) -> Outcome:
        """``who`` resigns; the opponent wins."""
        async with self._acting(game_id, who, expected_ply) as (record, colour, game):
            game.resign(colour)
            return await self._commit(record, game, who.id, update_id)

    async def ground_preview(self, game_id: int, who: Person) -> tuple[GameRecord, tuple[int, int], Colour | None]:
        """What grounding now would give: the final score and the winner. Changes nothing."""
        record = await self.get(game_id)
        colour = self._player(record, who)
        game = await self.engine(record)
        if game.to_move != colour:
            raise GameError("ground_on_turn")
        trial = Game.from_settings(game.settings, game.moves)
        trial.ground(colour)
        assert trial.result is not None
        return record, trial.score, trial.result.winner

    async def ground(
        self, game_id: int, who: Person, *, expected_ply: int | None = None, update_id: int | None = None
    ) -> Outcome:
        """``who`` declares grounding on their move (8.2-8.4); the game ends and the score decides."""
        async with self._acting(game_id, who, expected_ply) as (record, colour, game):
            if game.to_move != colour:
                raise GameError("ground_on_turn")
            areas = game.ground(colour)
            return await self._commit(record, game, who.id, update_id, areas)

    async def offer_draw(self, game_id: int, who: Person, update_id: int | None = None) -> tuple[Outcome, bool]:
        """``who`` offers a draw. If the opponent had offered one already, it is agreed: returns ``(..., True)``."""
        async with self._locked(game_id):
            record = await self.get(game_id)
            colour = self._player(record, who)
            if record.draw_offer == colour:
                raise GameError("draw_pending")
            if record.draw_offer == other(colour):
                game = await self.engine(record)
                game.agree_draw(colour)
                return await self._commit(record, game, who.id, update_id), True
            try:
                record = await self.db.update_game(
                    game_id, expect_state="active", expect_ply=record.ply, update_id=update_id, draw_offer=colour
                )
            except Conflict:
                raise GameError("busy") from None
            return await self.outcome(record), False

    async def answer_draw(
        self, game_id: int, who: Person, accept: bool, *, expected_ply: int, update_id: int | None = None
    ) -> Outcome:
        """The opponent accepts or declines the pending draw offer."""
        async with self._locked(game_id):
            record = await self.get(game_id)
            colour = self._player(record, who)
            if record.ply != expected_ply or record.draw_offer is None:
                raise GameError("no_draw_offer")
            if record.draw_offer == colour:
                raise GameError("own_draw_offer")
            if accept:
                game = await self.engine(record)
                game.agree_draw(colour)
                return await self._commit(record, game, who.id, update_id)
            try:
                record = await self.db.update_game(
                    game_id, expect_state="active", expect_ply=record.ply, update_id=update_id, draw_offer=None
                )
            except Conflict:
                raise GameError("busy") from None
            return await self.outcome(record)

    # --------------------------------------------------------------------------------------------------------------
    # The clock

    async def tick(self, now: float | None = None) -> list[ClockEvent]:
        """Look at every game whose clock needs attention: send reminders, end games on time (8.1b).

        After a restart this also decides the games whose deadline passed while the bot was down.
        """
        now = self.clock() if now is None else now
        events: list[ClockEvent] = []
        for due in await self.db.due_games(now):
            async with self._locked(due.id):
                record = await self.db.get_game(due.id)
                if record is None or record.state != "active" or record.alert_at is None or record.alert_at > now:
                    continue  # changed meanwhile
                assert record.deadline is not None
                left = record.deadline - now
                game = await self.engine(record)
                if left <= 0:
                    game.time_out(game.to_move)
                    try:
                        events.append(ClockEvent("timeout", await self._commit(record, game, None, None)))
                    except GameError:
                        continue
                    continue
                total = record.move_seconds or 0
                last_call = min(LAST_CALL, total * 0.1)
                if record.reminded == 0 and left > last_call:
                    stage, next_alert = 1, record.deadline - last_call
                else:
                    stage, next_alert = 2, record.deadline
                try:
                    record = await self.db.update_game(
                        record.id, expect_state="active", expect_ply=record.ply, reminded=stage, alert_at=next_alert
                    )
                except Conflict:
                    continue
                events.append(ClockEvent("remind_half" if stage == 1 else "remind_last", Outcome(record, game), left))
        return events


__all__ = [
    "BOARD_CHOICES",
    "COLOUR_CHOICES",
    "START_CHOICES",
    "TIME_CHOICES",
    "ClockEvent",
    "GameError",
    "Games",
    "LobbyChoice",
    "Outcome",
    "Person",
    "Place",
    "parse_new_args",
]
