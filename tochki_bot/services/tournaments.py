"""Tournaments in a group: the lobby (format, rule set and board, time per move, rated or not, the start), the
rounds (paired by ``pairing``, every game of a round started at once), the standings (``standings``), the end.

A round advances in the transaction that ends its last game (``game_ended``, one of the core's ``endings``): the
result is stored with the game, and the next round's pairings and games with it, so a tournament never waits on a
front end and lives through restarts and several workers exactly as games do. What the chat must hear (a round
started, the standings, the end, a lobby cancelled) is owed in the tournament's own outbox (``owed``), made by the
front end and settled once told. The clock starts tournaments at their start time and closes lobbies nobody started
(``tick``).

A player who leaves a running tournament (or whom its creator removes) loses the game they are playing and forfeits
every later one (a round robin's opponents win them unplayed; a Swiss pairs them no more; a knockout's opponent goes
through). A game lost on time is a loss like any other. A drawn knockout game is replayed with the colours swapped,
twice at most; after a third draw the higher seed goes through.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from typing import Literal

from storage import (
    Conflict,
    Duplicate,
    EntryRecord,
    GameRecord,
    OpenGameExists,
    PairingRecord,
    TournamentFormat,
    TournamentNotice,
    TournamentNoticeKind,
    TournamentRecord,
    TournamentState,
)

from ..engine import Colour, GameSettings, parse_start
from ..engine.sgf import write_sgf
from .core import Core
from .errors import Problem, ServiceError, TimeIsUp
from .lobby import LOBBY_LIFETIME, MAX_TIME, MIN_TIME, Lobby
from .lobby import START_CHOICES as GAME_STARTS
from .model import GameView, LobbyChoice, Person, Place, Player
from .pairing import (
    Entrant,
    Round,
    elimination_first,
    elimination_next,
    elimination_rounds,
    round_robin,
    round_robin_rounds,
    swiss,
    swiss_rounds,
)
from .play import Play
from .ratings import Ratings
from .standings import Line, Result, standings

FORMATS: tuple[TournamentFormat, ...] = ("round_robin", "swiss", "elimination")
MAX_ROUND_ROBIN = 10
"""A round robin has at most this many players (nine rounds)."""
MAX_PLAYERS = 100
MIN_PLAYERS = 3
"""A round robin or a Swiss needs three players; a knockout two."""
ROUND_CHOICES: tuple[int, ...] = (0, 3, 4, 5, 7)
"""The Swiss rounds the lobby offers (0: as many as the number of players calls for, ``swiss_rounds``)."""
TIME_CHOICES: tuple[int, ...] = (300, 3600, 86400, 3 * 86400)
"""The time per move the lobby offers: live (5 minutes) or correspondence (an hour to three days)."""
START_CHOICES: tuple[int, ...] = (0, 3600, 86400)
"""When a tournament starts, from the lobby: when its creator starts it (0), or in an hour, or in a day."""
MAX_REPLAYS = 2
"""A drawn knockout game is replayed this many times at most; then the higher seed goes through."""
GRACE = 10.0
"""A tournament's announcement is made again when it is still owed this many seconds after its change."""
GIVE_UP = (86400.0, 20)
"""An announcement still owed after a day and 20 tries is given up (the group is gone, say)."""
Outcome = Literal["blue", "red", "draw"]


@dataclass(frozen=True, slots=True)
class TournamentChoice:
    """What ``/tournament`` asks for: the format, the Swiss rounds (0: the default), the games' settings (as
    ``/new`` takes them), rated or not, and a start in ``starts_in`` seconds (``None``: when the creator starts it)."""

    format: TournamentFormat = "swiss"
    rounds: int = 0
    game: LobbyChoice = field(default_factory=LobbyChoice)
    rated: bool = True
    starts_in: int | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """A tournament's player: their seed (from the start on), the rating they were seeded by, and whether they are
    still in."""

    player: Player
    seed: int | None
    rating: float | None
    active: bool


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of one round: ``red`` ``None`` is a bye (a rest in a round robin); ``result`` ``None`` while it is
    played; ``game_id`` its game (a knockout's replay, when the first was drawn)."""

    round: int
    board: int
    blue: Player
    red: Player | None
    game_id: int | None
    result: Outcome | None
    forfeit: bool
    replays: int

    @property
    def bye(self) -> bool:
        return self.red is None


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament as a front end shows it."""

    id: int
    chat_id: int
    thread_id: int
    creator: Player
    state: TournamentState
    format: TournamentFormat
    rounds: int
    """How many rounds it has (in the lobby: 0 for a Swiss whose rounds follow from the number of players)."""
    round: int
    """The round being played (the last one, once it ended; 0 in the lobby)."""
    settings: GameSettings
    move_seconds: int | None
    stop_seconds: int | None
    rated: bool
    starts_at: float | None
    forum: bool
    message_id: int | None
    reason: str | None
    winner: Player | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    entries: tuple[Entry, ...]
    pairings: tuple[Pairing, ...]
    standings: tuple[Line, ...]
    watch: str | None = None
    """The code that opens its page in the Mini App (the group's to share, as its boards' links are)."""

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(e.player for e in self.entries)

    def entry(self, user_id: int) -> Entry | None:
        return next((e for e in self.entries if e.player.id == user_id), None)

    def round_pairings(self, number: int) -> tuple[Pairing, ...]:
        """The tables of round ``number``."""
        return tuple(p for p in self.pairings if p.round == number)

    @property
    def planned_rounds(self) -> int:
        """The rounds it will have with the players it has now."""
        if self.rounds:
            return self.rounds
        return _rounds_for(self.format, 0, len([e for e in self.entries if e.active]))

    @property
    def max_players(self) -> int:
        return MAX_ROUND_ROBIN if self.format == "round_robin" else MAX_PLAYERS

    @property
    def min_players(self) -> int:
        return 2 if self.format == "elimination" else MIN_PLAYERS


@dataclass(frozen=True, slots=True)
class TournamentOpened:
    """The tournament ``/tournament`` led to; ``existing`` when the chat had one open already."""

    view: TournamentView
    existing: bool


@dataclass(frozen=True, slots=True)
class Left:
    """After a player left (or was removed): the tournament, and the game they lost by leaving (to announce)."""

    view: TournamentView
    ended: GameView | None


def _rounds_for(format: TournamentFormat, chosen: int, players: int) -> int:
    if format == "round_robin":
        return round_robin_rounds(players)
    if format == "elimination":
        return elimination_rounds(players)
    return chosen or swiss_rounds(players)


class Tournaments:
    """The tournament use cases."""

    def __init__(self, core: Core, lobby: Lobby, play: Play, ratings: Ratings) -> None:
        self._core = core
        self._lobby = lobby
        self._play = play
        self._ratings = ratings

    # --------------------------------------------------------------------------------------------------------------
    # Reading

    async def get(self, tournament_id: int) -> TournamentView:
        """A tournament by its number (``NO_SUCH_TOURNAMENT``)."""
        record = await self._core.storage.tournaments.get(tournament_id)
        if record is None:
            raise ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id)
        return await self._view(record)

    async def of_chat(self, chat_id: int) -> TournamentView | None:
        """The group's tournament: the one open (in the lobby or running), else its last."""
        tournaments = self._core.storage.tournaments
        record = await tournaments.open_in(chat_id) or await tournaments.latest_in(chat_id)
        return await self._view(record) if record is not None else None

    async def of_user(self, user_id: int) -> list[TournamentView]:
        """The tournaments a person plays (or played) in or created, most recent first."""
        return [await self._view(r) for r in await self._core.storage.tournaments.of_user(user_id)]

    async def games(self, tournament_id: int) -> list[GameView]:
        """Every game of the tournament (replays too), in the order they were made."""
        core = self._core
        return [await core.game(g) for g in await core.storage.tournaments.games(tournament_id)]

    async def sgf(self, tournament_id: int) -> str:
        """The tournament's finished games as one SGF collection, each named by its round and table."""
        view = await self.get(tournament_id)
        records = []
        for game in await self.games(tournament_id):
            if game.state != "finished" or game.table is None:
                continue
            date = datetime.fromtimestamp(game.created_at, UTC).strftime("%Y-%m-%d")
            records.append(
                write_sgf(
                    game.position,
                    blue=game.blue.name if game.blue else "Blue",
                    red=game.red.name if game.red else "Red",
                    date=date,
                    event=f"Tournament #{view.id}",
                    round=f"{game.table.round} (table {game.table.board})",
                )
            )
        return "\n".join(records) + ("\n" if records else "")

    async def _view(self, record: TournamentRecord) -> TournamentView:
        core = self._core
        storage = core.storage.tournaments
        people = core.people

        async def player(user_id: int) -> Player:
            return await people.player(user_id) or Player(user_id, str(user_id))

        entries = [Entry(await player(e.user_id), e.seed, e.rating, e.active) for e in await storage.players(record.id)]
        pairings_rows = await storage.pairings(record.id)
        pairings = [
            Pairing(
                p.round,
                p.board,
                await player(p.blue_id),
                await player(p.red_id) if p.red_id is not None else None,
                p.game_id,
                p.result,
                p.forfeit,
                p.replays,
            )
            for p in pairings_rows
        ]
        lines = tuple(self._standings(record, await storage.players(record.id), pairings_rows))
        return TournamentView(
            id=record.id,
            chat_id=record.chat_id,
            thread_id=record.thread_id,
            creator=await player(record.creator_id),
            state=record.state,
            format=record.format,
            rounds=record.rounds,
            round=record.round,
            settings=record.settings,
            move_seconds=record.move_seconds,
            stop_seconds=record.stop_seconds,
            rated=record.rated,
            starts_at=record.starts_at,
            forum=record.forum,
            message_id=record.message_id,
            reason=record.reason,
            winner=await player(record.winner_id) if record.winner_id is not None else None,
            created_at=record.created_at,
            started_at=record.started_at,
            finished_at=record.finished_at,
            entries=tuple(entries),
            pairings=tuple(pairings),
            standings=lines,
            watch=record.watch,
        )

    @staticmethod
    def _standings(
        record: TournamentRecord, entries: Sequence[EntryRecord], pairings: Sequence[PairingRecord]
    ) -> list[Line]:
        players = [(e.user_id, e.seed or n) for n, e in enumerate(entries, 1)]
        results = [Result(p.round, p.blue_id, p.red_id, p.result, p.forfeit, p.board) for p in pairings]
        current = [p for p in pairings if p.round == record.round]
        done = record.round if all(p.result is not None for p in current) else record.round - 1
        inactive = [e.user_id for e in entries if not e.active]
        return standings(players, results, record.format, rounds_played=max(0, done), inactive=inactive)

    # --------------------------------------------------------------------------------------------------------------
    # The lobby

    async def open(
        self,
        place: Place,
        who: Person,
        choice: TournamentChoice | None = None,
        *,
        forum: bool = False,
        update_id: int | None = None,
    ) -> TournamentOpened:
        """``/tournament`` in a group: its lobby, the creator its first player. A group has one tournament open at a
        time (in the lobby or running): that one is given back. ``forum``: the group is a forum, each game is
        played in a topic of its own."""
        core = self._core
        if place.private:
            raise ServiceError(Problem.GROUPS_ONLY)
        await core.people.meet(who)
        await core.people.visit(place)
        existing = await core.storage.tournaments.open_in(place.chat_id)
        if existing is not None:
            return TournamentOpened(await self._view(existing), True)
        choice = choice or TournamentChoice()
        settings, move_seconds, stop_seconds = await self._lobby.choose(place, choice.game)
        if choice.game.move_seconds == "unset":
            move_seconds = move_seconds if move_seconds else 86400  # a tournament's games are played on the clock
        rounds = choice.rounds if choice.format == "swiss" and choice.rounds in range(1, 21) else 0
        starts_at = core.clock() + choice.starts_in if choice.starts_in else None
        try:
            async with core.storage.transaction(update_id):
                record = await core.storage.tournaments.create(
                    chat_id=place.chat_id,
                    thread_id=place.thread_id,
                    creator_id=who.id,
                    format=choice.format,
                    rounds=rounds,
                    settings=settings,
                    move_seconds=move_seconds,
                    stop_seconds=stop_seconds,
                    rated=choice.rated,
                    starts_at=starts_at,
                    forum=forum,
                    watch=secrets.token_urlsafe(9),
                )
                await core.storage.tournaments.add_player(record.id, who.id)
        except Duplicate:
            raise ServiceError(Problem.DUPLICATE) from None
        except OpenGameExists:
            found = await core.storage.tournaments.open_in(place.chat_id)
            if found is None:
                raise ServiceError(Problem.BUSY) from None
            return TournamentOpened(await self._view(found), True)
        return TournamentOpened(await self._view(record), False)

    @asynccontextmanager
    async def _locked(self, tournament_id: int, update_id: int | None = None) -> AsyncIterator[TournamentRecord]:
        """One transaction holding the tournament's row (it takes turns with every other change of it, in any
        worker, a game's end included)."""
        core = self._core
        try:
            async with core.storage.transaction(update_id):
                record = await core.storage.tournaments.lock(tournament_id)
                if record is None:
                    raise ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id)
                yield record
        except Duplicate:
            raise ServiceError(Problem.DUPLICATE) from None
        except Conflict:
            raise ServiceError(Problem.BUSY) from None

    async def _creator(self, record: TournamentRecord, who: Person) -> None:
        if who.id != record.creator_id:
            creator = await self._core.people.player(record.creator_id)
            raise ServiceError(Problem.ONLY_CREATOR, creator=creator.name if creator else "?")

    @staticmethod
    def _in_lobby(record: TournamentRecord) -> None:
        if record.state == "running":
            raise ServiceError(Problem.TOURNAMENT_STARTED, id=record.id)
        if record.state != "lobby":
            raise ServiceError(Problem.TOURNAMENT_OVER, id=record.id)

    async def change(
        self, tournament_id: int, who: Person, setting: str, value: str, update_id: int | None = None
    ) -> TournamentView:
        """The creator changes a setting in the lobby: ``format``, ``rounds`` (Swiss; ``0``: by the number of
        players), ``rules``, ``size`` (``20x20``), ``start``, ``time`` (seconds), ``rated`` (``1``, ``0``),
        ``starts`` (in seconds from now; ``0``: when the creator starts it)."""
        core = self._core
        async with self._locked(tournament_id, update_id) as record:
            self._in_lobby(record)
            await self._creator(record, who)
            changes: dict[str, object] = {}
            if setting == "format" and value in FORMATS:
                count = len(await core.storage.tournaments.players(record.id))
                if value == "round_robin" and count > MAX_ROUND_ROBIN:
                    raise ServiceError(Problem.TOO_MANY_FOR_ROUND_ROBIN, count=MAX_ROUND_ROBIN)
                changes["format"] = value
                changes["rounds"] = 0
            elif setting == "rounds" and value in [str(r) for r in ROUND_CHOICES] and record.format == "swiss":
                changes["rounds"] = int(value)
            elif setting == "rules" and value in ("sports", "polish", "territory"):
                changes["rules"], changes["options"] = value, None
            elif setting == "size" and (size := _size(value)) is not None:
                changes["width"], changes["height"] = size
            elif setting == "start" and value in GAME_STARTS:
                changes["start"] = value
            elif setting == "time" and value.isdigit() and MIN_TIME <= int(value) <= MAX_TIME:
                changes["move_seconds"] = int(value)
            elif setting == "rated" and value in ("0", "1"):
                changes["rated"] = int(value)
            elif setting == "starts" and value in [str(s) for s in START_CHOICES]:
                changes["starts_at"] = core.clock() + int(value) if int(value) else None
            else:
                raise ServiceError(Problem.STALE)
            if setting in ("size", "start"):  # the games' settings as they would be: a start must fit the board
                width, height = _size(value) or (record.width, record.height)
                try:
                    GameSettings(width, height, parse_start(value if setting == "start" else record.start))
                except ValueError:
                    raise ServiceError(Problem.STALE) from None
            record = await core.storage.tournaments.update(record.id, **changes)
        return await self._view(record)

    async def join(self, tournament_id: int, who: Person, place: Place, update_id: int | None = None) -> TournamentView:
        """A member of the group joins the lobby."""
        core = self._core
        await core.people.meet(who)
        async with self._locked(tournament_id, update_id) as record:
            if record.chat_id != place.chat_id:
                raise ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id)
            self._in_lobby(record)
            entries = await core.storage.tournaments.players(record.id)
            if any(e.user_id == who.id for e in entries):
                raise ServiceError(Problem.JOINED_ALREADY, id=record.id)
            limit = MAX_ROUND_ROBIN if record.format == "round_robin" else MAX_PLAYERS
            if len(entries) >= limit:
                raise ServiceError(Problem.TOURNAMENT_FULL, count=limit)
            await core.storage.tournaments.add_player(record.id, who.id)
        return await self._view(record)

    async def leave(self, tournament_id: int, who: Person, update_id: int | None = None) -> Left:
        """A player leaves: from the lobby they are simply out; from a running tournament they lose the game they
        are playing and forfeit the rest."""
        return await self._withdraw(tournament_id, who.id, update_id)

    async def remove(self, tournament_id: int, who: Person, user_id: int, update_id: int | None = None) -> Left:
        """The creator removes a player (a no-show): as if they had left."""
        record = await self._core.storage.tournaments.get(tournament_id)
        if record is None:
            raise ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id)
        await self._creator(record, who)
        if user_id == record.creator_id and record.state == "lobby":
            raise ServiceError(Problem.CREATOR_STAYS)
        return await self._withdraw(tournament_id, user_id, update_id)

    async def _withdraw(self, tournament_id: int, user_id: int, update_id: int | None) -> Left:
        """The player is out. While they play a game of the running round, it is resigned and they are marked out in
        one transaction (``_mark_out`` along the resignation, before the game's end may pair the next round): a
        failure leaves both as they were, never a running game for a player who is out."""
        core = self._core
        ended: GameView | None = None
        for _ in range(3):  # the game may end meanwhile (on time, say): then there is none to resign
            game_id = await self._playing(tournament_id, user_id)
            if game_id is None:
                break
            player = await core.people.player(user_id)
            person = Person(user_id, player.name if player else str(user_id))
            try:
                ended = await self._play.resign(
                    game_id, person, update_id=update_id, along=partial(self._mark_out, tournament_id, user_id, game_id)
                )
            except TimeIsUp as late:  # lost (or the closing ended) on time first, in a transaction of its own
                ended = late.view if late.view.result is not None else ended
                continue
            except ServiceError as error:
                if error.problem not in (Problem.GAME_OVER, Problem.NOT_A_PLAYER):
                    raise
                continue
            return Left(await self.get(tournament_id), ended)
        async with self._locked(tournament_id, update_id) as record:  # no game of theirs is being played
            if record.state not in ("lobby", "running"):
                raise ServiceError(Problem.TOURNAMENT_OVER, id=record.id)
            if record.state == "lobby":
                if user_id == record.creator_id:
                    raise ServiceError(Problem.CREATOR_STAYS)
                if not await core.storage.tournaments.remove_player(record.id, user_id):
                    raise ServiceError(Problem.NOT_IN_TOURNAMENT, id=record.id)
            elif not await core.storage.tournaments.withdraw(record.id, user_id, record.round):
                raise ServiceError(Problem.NOT_IN_TOURNAMENT, id=record.id)
        return Left(await self.get(tournament_id), ended)

    async def _playing(self, tournament_id: int, user_id: int) -> int | None:
        """The game the player is playing in the running round, if any (read without a lock: ``_mark_out`` checks it
        again inside the transaction that resigns it)."""
        storage = self._core.storage.tournaments
        record = await storage.get(tournament_id)
        if record is None or record.state != "running":
            return None
        for p in await storage.pairings(record.id, record.round):
            if p.result is None and p.game_id is not None and user_id in (p.blue_id, p.red_id):
                return p.game_id
        return None

    async def _mark_out(self, tournament_id: int, user_id: int, game_id: int) -> None:
        """Inside the transaction resigning ``game_id``, before its end is the tournament's: the player is out (the
        tournament's row taken after the game's, the order every game's end takes them in)."""
        storage = self._core.storage.tournaments
        record = await storage.lock(tournament_id)
        if record is None:
            raise ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id)
        if record.state != "running":
            raise ServiceError(Problem.TOURNAMENT_OVER, id=record.id)
        pairing = await storage.pairing_of(game_id)
        if pairing is None or pairing.round != record.round or user_id not in (pairing.blue_id, pairing.red_id):
            raise ServiceError(Problem.STALE)
        if not await storage.withdraw(record.id, user_id, record.round):
            raise ServiceError(Problem.NOT_IN_TOURNAMENT, id=record.id)

    async def cancel(self, tournament_id: int, who: Person, update_id: int | None = None) -> TournamentView:
        """The creator cancels the tournament in the lobby (a running one is played to the end)."""
        async with self._locked(tournament_id, update_id) as record:
            self._in_lobby(record)
            await self._creator(record, who)
            record = await self._close(record, "cancelled")
        return await self._view(record)

    async def _close(self, record: TournamentRecord, reason: str) -> TournamentRecord:
        """Inside the locked transaction: the lobby is closed; its message is owed the news."""
        storage = self._core.storage.tournaments
        await storage.owe(record.id, 0, "cancelled")
        return await storage.update(record.id, state="cancelled", reason=reason, finished_at=self._core.clock())

    async def start(self, tournament_id: int, who: Person, update_id: int | None = None) -> TournamentView:
        """The creator starts the tournament: the players are seeded by rating, and round 1 begins."""
        async with self._locked(tournament_id, update_id) as record:
            self._in_lobby(record)
            await self._creator(record, who)
            record = await self._begin(record)
        return await self._view(record)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """The lobby's message (edited as people join)."""
        async with self._locked(tournament_id) as record:
            await self._core.storage.tournaments.update(record.id, message_id=message_id)

    async def set_topic(self, game_id: int, thread_id: int) -> GameView:
        """A forum group: the game's own topic (made by the front end before its first board)."""
        core = self._core
        async with core.locked(game_id) as record:
            if record.tournament_id is None:
                raise ServiceError(Problem.NO_SUCH_GAME, id=game_id)
            async with core.storage.transaction(durable=False):
                record = await core.storage.games.update(record.id, thread_id=thread_id)
            return await core.view(record)

    # --------------------------------------------------------------------------------------------------------------
    # Rounds

    async def _begin(self, record: TournamentRecord) -> TournamentRecord:
        """Inside the locked transaction: seed, fix the number of rounds, play round 1."""
        core = self._core
        storage = core.storage.tournaments
        entries = await storage.players(record.id)
        least = 2 if record.format == "elimination" else MIN_PLAYERS
        if len(entries) < least:
            raise ServiceError(Problem.TOO_FEW_PLAYERS, count=least)
        rated = []
        for e in entries:
            rating = await self._ratings.rating(e.user_id, record.rules)
            rated.append((e, rating.rating))
        rated.sort(key=lambda item: (-item[1], item[0].joined_at, item[0].user_id))
        await storage.seed(record.id, [(e.user_id, n, rating) for n, (e, rating) in enumerate(rated, 1)])
        rounds = _rounds_for(record.format, record.rounds, len(entries))
        record = await storage.update(
            record.id, state="running", rounds=rounds, round=0, started_at=core.clock(), starts_at=None
        )
        return await self._next_round(record)

    async def _next_round(self, record: TournamentRecord) -> TournamentRecord:
        """Inside the locked transaction: pair the next round, start its games, owe its announcement. A round that
        needs no game (every table a bye or a forfeit) is over at once, and so on."""
        core = self._core
        storage = core.storage.tournaments
        while True:
            number = record.round + 1
            entries = await storage.players(record.id)
            pairings = await storage.pairings(record.id)
            active = {e.user_id for e in entries if e.active}
            if record.format == "swiss" and len(active) < 2:
                return await self._finish(record)
            tables = self._pair(record, number, entries, pairings)
            rows: list[PairingRecord] = []
            for board, (blue, red) in enumerate(tables, 1):
                if red is None:
                    rows.append(PairingRecord(record.id, number, board, blue, None, None, "blue", False, 0))
                elif blue in active and red in active:
                    game = await self._new_game(record, number, board, blue, red)
                    rows.append(PairingRecord(record.id, number, board, blue, red, game.id, None, False, 0))
                else:
                    outcome: Outcome = "blue" if blue in active else "red" if red in active else "draw"
                    rows.append(PairingRecord(record.id, number, board, blue, red, None, outcome, True, 0))
            await storage.add_pairings(rows)
            record = await storage.update(record.id, round=number)
            await storage.owe(record.id, number, "round")
            if any(r.result is None for r in rows):
                return record
            record = await self._round_over(record)
            if record.state != "running":
                return record

    def _pair(
        self, record: TournamentRecord, number: int, entries: Sequence[EntryRecord], pairings: Sequence[PairingRecord]
    ) -> Round:
        seeded = sorted(entries, key=lambda e: e.seed or 0)
        if record.format == "round_robin":
            return round_robin([e.user_id for e in seeded])[number - 1]
        everyone = _entrants(seeded, pairings, "swiss" if record.format == "swiss" else "elimination")
        if record.format == "swiss":
            return swiss([everyone[e.user_id] for e in seeded if e.active])
        if number == 1:
            return elimination_first([e.user_id for e in seeded])
        previous = [p for p in pairings if p.round == number - 1]
        winners = [(_table(p), _winner(p)) for p in previous]
        return elimination_next(winners, everyone, final=number == record.rounds)

    async def _new_game(
        self, record: TournamentRecord, number: int, board: int, blue: int, red: int, thread_id: int | None = None
    ) -> GameRecord:
        """Inside the locked transaction: one of the round's games, started at once (its first board owed); in the
        tournament's topic, or ``thread_id`` (a replay, in the drawn game's topic)."""
        core = self._core
        game = await core.storage.games.create(
            chat_id=record.chat_id,
            thread_id=record.thread_id if thread_id is None else thread_id,
            kind="group",
            creator_id=record.creator_id,
            settings=record.settings,
            move_seconds=record.move_seconds,
            colours="creator_blue",
            watch=secrets.token_urlsafe(9),
            rated=record.rated,
            stop_seconds=record.stop_seconds,
            tournament=(record.id, number, board),
        )
        return await self._lobby.activate(game, blue, red, None, rated=record.rated)

    async def game_ended(self, game: GameRecord) -> None:
        """Inside the transaction that ends a tournament's game: its result is the pairing's (a drawn knockout game
        is replayed, colours swapped), and when it was the round's last the next round begins (or the end)."""
        if game.tournament_id is None or game.state != "finished":
            return
        core = self._core
        storage = core.storage.tournaments
        record = await storage.lock(game.tournament_id)
        pairing = await storage.pairing_of(game.id)
        if record is None or record.state != "running" or pairing is None or pairing.result is not None:
            return
        outcome: Outcome = game.winner or "draw"
        if record.format == "elimination" and outcome == "draw":
            if pairing.replays < MAX_REPLAYS and pairing.red_id is not None:
                blue, red = pairing.red_id, pairing.blue_id  # the colours swapped
                replay = await self._new_game(record, pairing.round, pairing.board, blue, red, game.thread_id)
                await storage.replay(record.id, pairing.round, pairing.board, replay.id, blue, red)
                return
            seeds = {e.user_id: e.seed or 0 for e in await storage.players(record.id)}
            outcome = "blue" if seeds.get(pairing.blue_id, 0) <= seeds.get(pairing.red_id or 0, 0) else "red"
        await storage.set_result(record.id, pairing.round, pairing.board, outcome)
        remaining = [p for p in await storage.pairings(record.id, pairing.round) if p.result is None]
        if not remaining:
            record = await self._round_over(record)
            if record.state == "running":
                await self._next_round(record)

    async def _round_over(self, record: TournamentRecord) -> TournamentRecord:
        """Inside the locked transaction: the round ended; the standings are owed, and the end after the last."""
        if record.round >= record.rounds:
            return await self._finish(record)
        await self._core.storage.tournaments.owe(record.id, record.round, "standings")
        return record

    async def _finish(self, record: TournamentRecord) -> TournamentRecord:
        storage = self._core.storage.tournaments
        lines = self._standings(
            replace(record, state="finished"), await storage.players(record.id), await storage.pairings(record.id)
        )
        winner = lines[0].player if lines else None
        await storage.owe(record.id, record.round, "finished")
        return await storage.update(record.id, state="finished", winner_id=winner, finished_at=self._core.clock())

    # --------------------------------------------------------------------------------------------------------------
    # The clock and the announcements

    async def tick(self, now: float | None = None) -> list[int]:
        """Start the tournaments whose start time has come (a lobby without enough players is cancelled), and close
        lobbies nobody started within ``LOBBY_LIFETIME``. Returns the tournaments changed."""
        core = self._core
        now = core.clock() if now is None else now
        storage = core.storage.tournaments
        changed = []
        for found in await storage.due(now):
            with contextlib.suppress(ServiceError):
                async with self._locked(found.id) as record:
                    if record.state != "lobby" or record.starts_at is None or record.starts_at > now:
                        continue
                    try:
                        await self._begin(record)
                    except ServiceError as error:
                        if error.problem is not Problem.TOO_FEW_PLAYERS:
                            raise
                        await self._close(record, "few")
                changed.append(found.id)
        for found in await storage.lobbies_before(now - LOBBY_LIFETIME):
            with contextlib.suppress(ServiceError):
                async with self._locked(found.id) as record:
                    if record.state == "lobby":
                        await self._close(record, "expired")
                        changed.append(found.id)
        return changed

    async def owed(
        self, now: float | None = None, *, grace: float = GRACE
    ) -> list[tuple[TournamentNotice, TournamentView]]:
        """Announcements owed for more than ``grace`` seconds (0: all of this worker's), with their tournament."""
        core = self._core
        now = core.clock() if now is None else now
        found = []
        for notice in await core.storage.tournaments.owed(now - grace):
            try:
                found.append((notice, await self.get(notice.tournament_id)))
            except ServiceError:
                await core.storage.tournaments.told(notice.tournament_id, notice.round, notice.kind)
        return found

    async def owed_of(self, tournament_id: int) -> list[tuple[TournamentNotice, TournamentView]]:
        """Every announcement one tournament owes now (whoever made the change), with the tournament."""
        notices = await self._core.storage.tournaments.notices_of(tournament_id)
        if not notices:
            return []
        view = await self.get(tournament_id)
        return [(n, view) for n in notices]

    async def sent(self, notice: TournamentNotice, message_id: int) -> None:
        """The announcement's message is out."""
        await self._core.storage.tournaments.sent(notice.tournament_id, notice.round, notice.kind, message_id)

    async def told(self, notice: TournamentNotice) -> None:
        """Everyone was told."""
        await self._core.storage.tournaments.told(notice.tournament_id, notice.round, notice.kind)

    async def failed(self, notice: TournamentNotice) -> None:
        """Telling failed half-way: it stays owed."""
        await self._core.storage.tournaments.tried(notice.tournament_id, notice.round, notice.kind)

    async def notice(self, tournament_id: int, round: int, kind: TournamentNoticeKind) -> TournamentNotice | None:
        """An announcement still owed (with its message, once sent), if it is."""
        return await self._core.storage.tournaments.notice(tournament_id, round, kind)

    async def prune(self, now: float) -> int:
        """Give up announcements that cannot be made."""
        return await self._core.storage.tournaments.give_up(now - GIVE_UP[0], GIVE_UP[1])


def _size(value: str) -> tuple[int, int] | None:
    parts = value.split("x")
    if len(parts) == 2 and all(p.isdigit() for p in parts):
        width, height = int(parts[0]), int(parts[1])
        if 10 <= width <= 39 and 10 <= height <= 39:
            return width, height
    return None


def _table(p: PairingRecord) -> tuple[int, int | None]:
    return p.blue_id, p.red_id


def _winner(p: PairingRecord) -> int:
    if p.red_id is None or p.result == "blue":
        return p.blue_id
    if p.result == "red":
        return p.red_id
    return p.blue_id  # a knockout draw is settled before this (replays, then the seed)


def _entrants(
    entries: Sequence[EntryRecord], pairings: Sequence[PairingRecord], format: Literal["swiss", "elimination"]
) -> dict[int, Entrant]:
    """Every player as pairing sees them: score, opponents met, colours played, byes."""
    score = {e.user_id: 0.0 for e in entries}
    opponents: dict[int, set[int]] = {e.user_id: set() for e in entries}
    colours: dict[int, list[Colour]] = {e.user_id: [] for e in entries}
    byes = {e.user_id: 0 for e in entries}
    for p in pairings:
        if p.red_id is None:
            byes[p.blue_id] = byes.get(p.blue_id, 0) + 1
            score[p.blue_id] = score.get(p.blue_id, 0.0) + 1.0
            continue
        sides: tuple[tuple[int, int, Colour], ...] = ((p.blue_id, p.red_id, "blue"), (p.red_id, p.blue_id, "red"))
        for player, opponent, colour in sides:
            opponents.setdefault(player, set()).add(opponent)
            if not p.forfeit and p.game_id is not None:
                colours.setdefault(player, []).append(colour)
            if p.result is not None:
                won = 0.5 if p.result == "draw" else 1.0 if p.result == colour else 0.0
                score[player] = score.get(player, 0.0) + won
    return {
        e.user_id: Entrant(
            e.user_id,
            e.seed or 0,
            score[e.user_id],
            frozenset(opponents[e.user_id]),
            tuple(colours[e.user_id]),
            byes[e.user_id],
        )
        for e in entries
    }
