"""Opening games: lobbies in groups, invitations in private chats, their settings, joining, cancelling, expiry."""

from __future__ import annotations

import contextlib
import json
import secrets
from dataclasses import dataclass, replace
from typing import Any

from storage import Conflict, Duplicate, GameRecord, OpenGameExists, options_to_json

from ..engine import Colour, Game, GameSettings, Move, MoveKind, RuleSet, Start, StopMode, other, parse_start
from ..engine.sgf import SgfRecord
from .core import Core, clock_after_move
from .errors import Problem, ServiceError
from .model import ColourChoice, GameView, LobbyChoice, Person, Place
from .people import BOT_IDS, BOT_NAMES

BOARD_CHOICES: tuple[tuple[int, int], ...] = ((39, 32), (30, 30), (25, 25), (20, 20))
START_CHOICES: tuple[Start, ...] = ("cross", "four-crosses", "empty")
TIME_CHOICES: tuple[int | None, ...] = (None, 3600, 86400, 3 * 86400)
COLOUR_CHOICES: tuple[ColourChoice, ...] = ("creator_blue", "creator_red", "random")
RULE_CHOICES: tuple[RuleSet, ...] = ("sports", "polish", "territory")
MARGIN_CHOICES: dict[str, tuple[int, ...]] = {"sports": (), "polish": (15, 30, 0), "territory": (0, 15, 30)}
"""The instant-win margins the lobby offers for each rule set (0: none), its default first."""
MAX_MARGIN = 999
STOP_CHOICES: tuple[StopMode, ...] = ("grounding", "stop_phase")
"""How a sports game may be ended early (docs/rules.md#stop): grounding (the default), or STOP and the opponent's
extra dots."""
STOP_TIME_CHOICES: tuple[int | None, ...] = (300, 3600, 86400, None)
"""The time limits of the extra dots after a STOP the lobby offers (``None``: none)."""
DEFAULT_STOP_TIME = 3600
MIN_STOP_TIME = 60
MIN_SIDE, MAX_SIDE = 10, 39
"""The sides a board may have (``/new 25x30``): beyond 39 points a side a board cannot be read on a phone."""
MIN_TIME, MAX_TIME = 60, 30 * 86400
"""The time per move a game may have, in seconds: a minute to 30 days."""
DEFAULT_TIME = 86400
LOBBY_LIFETIME = 7 * 86400
"""A lobby (an invitation) that nobody joined is closed after this many seconds."""
LOBBIES = 10
"""Lobbies a person may have open at once, in all groups (and one invitation in private)."""


@dataclass(frozen=True, slots=True)
class Rematch:
    """After a rematch request or its answer: the finished game (``old``) and, once it started, the rematch
    (``new``); ``asked`` while the other player's answer is awaited (``again``: it was asked before), ``declined``
    when it was declined or withdrawn."""

    old: GameView
    new: GameView | None
    asked: bool = False
    again: bool = False
    declined: bool = False


@dataclass(frozen=True, slots=True)
class Opened:
    """The lobby a request to open a game led to; ``existing`` when it was already open (one per group topic, one
    invitation per person in private)."""

    view: GameView
    existing: bool


def _check(choice: LobbyChoice | None) -> None:
    """Refuse a board or a time per move out of range (``BAD_SIZE``, ``BAD_TIME``): nothing is opened, rather than
    a lobby with other settings than those asked for."""
    if choice is None:
        return
    sides = (choice.width, choice.height)
    if any(side is not None and not MIN_SIDE <= side <= MAX_SIDE for side in sides):
        size = "x".join(str(side) for side in sides if side is not None)
        raise ServiceError(Problem.BAD_SIZE, size=size, min=MIN_SIDE, max=MAX_SIDE)
    seconds = choice.move_seconds
    if isinstance(seconds, int) and not MIN_TIME <= seconds <= MAX_TIME:
        raise ServiceError(Problem.BAD_TIME, time=_short_time(seconds))


def continuation(sgf: SgfRecord) -> list[Move] | None:
    """The moves a game continuing the record starts from: its dots (and their closures) up to the first move that
    is not a dot (an ending such as grounding or resignation, a STOP), replayed by the record's rule set; ``None``
    when that position is over (the board is full, a lead reached the instant-win margin): nothing to continue."""
    moves: list[Move] = []
    game = Game.from_settings(sgf.settings)
    for move in sgf.moves:
        if move.kind != MoveKind.DOT or game.is_over:
            break
        game.apply(move)
        moves.append(move)
    return None if game.is_over else moves


def _short_time(seconds: int) -> str:
    """A time as ``/new`` reads it: ``3d``, ``2h``, ``30m`` (``45s`` for what is not whole minutes)."""
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds and seconds % size == 0:
            return f"{seconds // size}{unit}"
    return "0m" if seconds == 0 else f"{seconds}s"


class Lobby:
    """The lobby use cases."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def open(
        self, place: Place, who: Person, choice: LobbyChoice | None = None, update_id: int | None = None
    ) -> Opened:
        """Open a game. Settings not given take the chat's last ones, else the sports defaults (39x32, cross, 24 h).

        In a group topic with an open game, and in private for a person with an open invitation, that one is
        given back instead.
        """
        core = self._core
        _check(choice)
        await core.people.meet(who)
        await core.people.visit(place)
        existing = await self._existing(place, who)
        if existing is not None:
            return Opened(await core.view(existing), True)
        settings, move_seconds, stop_seconds = await self.choose(place, choice)
        colours = choice.colours if choice is not None else "random"
        rated = choice.rated if choice is not None else True
        return await self._create(
            place, who, update_id, settings, move_seconds, colours=colours, stop_seconds=stop_seconds, rated=rated
        )

    async def choose(self, place: Place, choice: LobbyChoice | None) -> tuple[GameSettings, int | None, int | None]:
        """The settings of a new game, its time per move and its STOP time: those asked for, else the chat's last
        ones (the rule set with its options too), else the sports defaults."""
        core = self._core
        chat = await core.people.chat_defaults(place.chat_id)
        choice = choice or LobbyChoice()
        if choice.width is not None and not (MIN_SIDE <= choice.width <= MAX_SIDE):
            choice = replace(choice, width=None, height=None)
        if choice.height is not None and not (MIN_SIDE <= choice.height <= MAX_SIDE):
            choice = replace(choice, width=None, height=None)
        if isinstance(choice.move_seconds, int) and not (MIN_TIME <= choice.move_seconds <= MAX_TIME):
            choice = replace(choice, move_seconds="unset")
        width = choice.width or (chat.board_width if chat else None) or 39
        height = choice.height or (chat.board_height if chat else None) or 32
        start = choice.start or (chat.start if chat else None) or "cross"
        if choice.move_seconds != "unset":
            move_seconds = choice.move_seconds
        elif chat is not None and chat.board_width is not None:  # the chat has played before: keep its clock
            move_seconds = chat.move_seconds
        else:
            move_seconds = DEFAULT_TIME
        last_rules = chat.rules if chat is not None and chat.rules in RULE_CHOICES else None
        rules = choice.rules if choice.rules in RULE_CHOICES else last_rules or "sports"
        # The chat's last options go with its last rule set (asked for again, or not named).
        options: dict[str, Any] = {}
        if chat is not None and rules == last_rules and chat.options:
            with contextlib.suppress(ValueError):
                options = json.loads(chat.options)
        options.pop("seed", None)
        if rules != "sports" and choice.instant_win is not None and 0 <= choice.instant_win <= MAX_MARGIN:
            options["instant_win"] = choice.instant_win
        if rules != "sports" and choice.own_dot_penalty is not None:
            options["own_dot_penalty"] = choice.own_dot_penalty
        if rules == "sports" and choice.stop_mode in STOP_CHOICES:
            options["stop_mode"] = choice.stop_mode
        stop_seconds: int | None = DEFAULT_STOP_TIME
        if choice.stop_seconds != "unset":
            stop_seconds = choice.stop_seconds
        elif chat is not None and rules == last_rules and chat.options and "stop_phase" in chat.options:
            stop_seconds = chat.stop_seconds
        if stop_seconds is not None and not MIN_STOP_TIME <= stop_seconds <= MAX_TIME:
            stop_seconds = DEFAULT_STOP_TIME
        try:
            settings = GameSettings.from_dict(
                {"width": width, "height": height, "start": start, "rules": rules, **options}
            )
        except (ValueError, TypeError):
            try:
                settings = GameSettings(width, height, parse_start(start), rules=rules)
            except ValueError:
                settings = GameSettings(rules=rules)
        return settings, move_seconds, stop_seconds

    async def open_from_record(self, place: Place, who: Person, sgf: SgfRecord, update_id: int | None = None) -> Opened:
        """A lobby whose game continues an imported record from its last position (unrated).

        ``RECORD_OVER`` when the record's game has ended.
        """
        core = self._core
        await core.people.meet(who)
        await core.people.visit(place)
        moves = continuation(sgf)
        if moves is None:
            raise ServiceError(Problem.RECORD_OVER)
        settings = sgf.settings
        existing = await self._existing(place, who)
        if existing is not None:
            return Opened(await core.view(existing), True)
        return await self._create(
            place, who, update_id, settings, DEFAULT_TIME, moves=moves, rated=False, stop_seconds=DEFAULT_STOP_TIME
        )

    async def _existing(self, place: Place, who: Person) -> GameRecord | None:
        games = self._core.storage.games
        if not place.private:
            return await games.open_in(place.chat_id, place.thread_id)
        lobbies = await games.lobbies_of(who.id, "private")
        return lobbies[0] if lobbies else None

    async def _create(
        self,
        place: Place,
        who: Person,
        update_id: int | None,
        settings: GameSettings,
        move_seconds: int | None,
        *,
        moves: list[Move] | None = None,
        rated: bool = True,
        colours: ColourChoice = "random",
        stop_seconds: int | None = None,
    ) -> Opened:
        core = self._core
        if await core.storage.games.lobbies_count(who.id) >= LOBBIES:
            raise ServiceError(Problem.TOO_MANY_LOBBIES, count=LOBBIES)
        try:
            async with core.storage.transaction(update_id):
                record = await core.storage.games.create(
                    chat_id=place.chat_id,
                    thread_id=place.thread_id,
                    kind="private" if place.private else "group",
                    creator_id=who.id,
                    settings=settings,
                    move_seconds=move_seconds,
                    invite=secrets.token_urlsafe(12) if place.private else None,
                    watch=secrets.token_urlsafe(9),
                    moves=moves or (),
                    rated=rated,
                    colours=colours,
                    stop_seconds=stop_seconds,
                )
        except Duplicate:
            raise ServiceError(Problem.DUPLICATE) from None
        except OpenGameExists:
            existing = await self._existing(place, who)
            if existing is None:
                raise ServiceError(Problem.BUSY) from None
            return Opened(await core.view(existing), True)
        return Opened(await core.view(record), False)

    async def change(
        self, game_id: int, who: Person, setting: str, value: str, update_id: int | None = None
    ) -> GameView:
        """The creator changes a setting of a game in the lobby: ``size`` (``39x32``), ``start``, ``time``
        (seconds, ``0`` for none), ``colours``, ``rules`` (the rule set, with its default options), ``margin`` (the
        instant-win margin of a manual rule set, ``0`` for none) or ``rated`` (``1``, ``0``: unrated games allow
        hints and takebacks)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            if record.state != "lobby":
                raise ServiceError(Problem.STARTED_ALREADY if record.state == "active" else Problem.GAME_OVER)
            if who.id != record.creator_id:
                creator = await core.people.player(record.creator_id)
                raise ServiceError(Problem.ONLY_CREATOR, creator=creator.name if creator else "?")
            changes: dict[str, Any] = {}
            if setting in ("size", "start", "rules", "margin", "penalty", "stop") and record.ply > 0:
                raise ServiceError(Problem.STALE)  # a game continued from a record keeps its board and start
            if setting == "size":
                sizes = {f"{w}x{h}": (w, h) for w, h in BOARD_CHOICES}
                if value not in sizes:
                    raise ServiceError(Problem.STALE)
                changes["width"], changes["height"] = sizes[value]
            elif setting == "start" and value in START_CHOICES:
                changes["start"] = value
            elif setting == "time" and value in [str(s or 0) for s in TIME_CHOICES]:
                changes["move_seconds"] = int(value) or None
            elif setting == "colours" and value in COLOUR_CHOICES:
                changes["colours"] = value
            elif setting == "rules" and value in RULE_CHOICES:
                changes["rules"], changes["options"] = value, None
            elif setting == "margin" and value in [str(m) for m in MARGIN_CHOICES.get(record.rules, ())]:
                settings = GameSettings.from_dict({**record.settings.to_dict(), "instant_win": int(value)})
                changes["options"] = options_to_json(settings)
            elif setting == "penalty" and value in ("0", "1") and record.rules != "sports":
                settings = GameSettings.from_dict({**record.settings.to_dict(), "own_dot_penalty": value == "1"})
                changes["options"] = options_to_json(settings)
            elif setting == "stop" and value in STOP_CHOICES and record.rules == "sports":
                settings = GameSettings.from_dict({**record.settings.to_dict(), "stop_mode": value})
                changes["options"] = options_to_json(settings)
            elif setting == "stoptime" and value in [str(s or 0) for s in STOP_TIME_CHOICES]:
                changes["stop_seconds"] = int(value) or None
            elif setting == "rated" and value in ("0", "1") and record.ply == 0:
                changes["rated"] = value == "1"
            else:
                raise ServiceError(Problem.STALE)
            async with core.storage.transaction(update_id):
                record = await core.storage.games.update(game_id, expect_state="lobby", **changes)
            return await core.view(record)

    async def join(self, game_id: int, who: Person, place: Place, update_id: int | None = None) -> GameView:
        """A second player joins a group's lobby from that group: colours are settled and the game starts.

        A private game is joined through its invitation (``accept_invite``) only.
        """
        core = self._core
        async with core.locked(game_id, update_id) as record:
            if record.kind != "group" or record.chat_id != place.chat_id:
                raise ServiceError(Problem.INVITE_NEEDED)
            return await self._start(record, who, update_id)

    async def accept_invite(self, code: str, who: Person, update_id: int | None = None) -> GameView:
        """Someone opened a private invitation link: they play the creator."""
        core = self._core
        found = await core.storage.games.by_invite(code)
        if found is None or found.kind != "private":
            raise ServiceError(Problem.INVITE_UNKNOWN)
        async with core.locked(found.id, update_id) as record:
            return await self._start(record, who, update_id)

    async def against_bot(self, game_id: int, who: Person, level: str, update_id: int | None = None) -> GameView:
        """The creator of a lobby plays it against the bot at ``level`` (unrated): the game starts at once."""
        bots = {name: bot_id for bot_id, name in BOT_IDS.items()}
        if level not in bots:
            raise ServiceError(Problem.STALE)
        core = self._core
        async with core.locked(game_id, update_id) as record:
            if record.state == "lobby" and who.id != record.creator_id:
                creator = await core.people.player(record.creator_id)
                raise ServiceError(Problem.ONLY_CREATOR, creator=creator.name if creator else "?")
            return await self._start(record, Person(bots[level], BOT_NAMES[level]), update_id, rated=False)

    async def open_against_bot(
        self,
        place: Place,
        who: Person,
        level: str,
        choice: LobbyChoice | None = None,
        update_id: int | None = None,
    ) -> Opened:
        """``/new ai hard``: a game against the bot starts at once. In private it is a game of its own (an open
        invitation stays open); in a group it is the topic's lobby when its creator asks without settings of their
        own (the lobby's settings are played). A group topic's other game, or its lobby when settings were asked for
        (``choice``), is given back instead (``existing``), unchanged: nothing asked for is left out silently."""
        core = self._core
        _check(choice)
        if place.private:
            await core.people.meet(who)
            await core.people.visit(place)
            settings, move_seconds, stop_seconds = await self.choose(place, choice)
            colours = choice.colours if choice is not None else "random"
            created = await self._create(
                place, who, None, settings, move_seconds, colours=colours, stop_seconds=stop_seconds
            )
            lobby = created.view
        else:
            opened = await self.open(place, who, choice)
            lobby = opened.view
            asked = choice is not None and choice != LobbyChoice()
            if lobby.state != "lobby" or lobby.creator.id != who.id or (opened.existing and asked):
                return Opened(lobby, True)
        return Opened(await self.against_bot(lobby.id, who, level, update_id), False)

    async def _start(self, record: GameRecord, who: Person, update_id: int | None, *, rated: bool = True) -> GameView:
        core = self._core
        user = await core.people.meet(who)
        if record.state == "cancelled":
            raise ServiceError(Problem.INVITE_EXPIRED if record.reason == "expired" else Problem.INVITE_CANCELLED)
        if record.state != "lobby":
            raise ServiceError(Problem.STARTED_ALREADY if record.state == "active" else Problem.GAME_OVER)
        if user.id == record.creator_id:
            raise ServiceError(Problem.OWN_INVITE if record.kind == "private" else Problem.OWN_GAME)
        now = core.clock()
        if now - record.created_at > LOBBY_LIFETIME:
            await self._expire(record)
            raise ServiceError(Problem.INVITE_EXPIRED, id=record.id)  # its lobby message is owed the news at once
        creator_blue = {"creator_blue": True, "creator_red": False}.get(record.colours, core.rng.random() < 0.5)
        blue, red = (record.creator_id, user.id) if creator_blue else (user.id, record.creator_id)
        try:
            record = await self.activate(record, blue, red, update_id, rated=rated)
        except Conflict:
            raise ServiceError(Problem.STARTED_ALREADY) from None
        await core.people.changed_chat(record.chat_id)
        view = await core.view(record)
        core.changes.publish(view, "chat")
        return view

    async def activate(
        self, record: GameRecord, blue: int, red: int, update_id: int | None, *, rated: bool = True
    ) -> GameRecord:
        """The lobby's game starts between ``blue`` and ``red``: its start is owed to the chats, the clock runs for
        the first to move, and a group remembers the settings for its next game (not a tournament's game's).
        ``Conflict`` if it is no longer in the lobby."""
        core = self._core
        first = blue if (await core.positions.of(record)).to_move == "blue" else red
        deadline, alert_at = clock_after_move(None if first in BOT_IDS else record.move_seconds, core.clock())
        async with core.storage.transaction(update_id):
            await core.owe(record.id, record.ply, "started")
            record = await core.storage.games.update(
                record.id,
                expect_state="lobby",
                state="active",
                blue_id=blue,
                red_id=red,
                deadline=deadline,
                alert_at=alert_at,
                reminded=0,
                **({} if rated else {"rated": False}),
            )
            if record.kind == "group" and record.tournament_id is None:
                await core.storage.chats.set_defaults(
                    record.chat_id,
                    width=record.width,
                    height=record.height,
                    start=record.start,
                    move_seconds=record.move_seconds,
                    rules=record.rules,
                    options=_without_seed(record.options),
                    stop_seconds=record.stop_seconds,
                )
        return record

    async def rematch(self, game_id: int, who: Person, update_id: int | None = None) -> Rematch:
        """A player of a finished game asks for a rematch: the same settings, the colours swapped, in the same chat.
        Against the bot, or when the other player had asked too, it starts at once; otherwise the other player is
        asked (``answer_rematch``). A rematch is played once; a tournament's games have none."""
        core = self._core
        await core.people.meet(who)
        async with core.locked(game_id, update_id) as record:
            colour = self._rematch_colour(record, who)
            opponent = record.player(other(colour))
            if opponent in BOT_IDS or record.rematch_by == opponent:
                return await self._play_rematch(record, who.id, update_id)
            if record.rematch_by == who.id:
                return Rematch(await core.view(record), None, asked=True, again=True)
            async with core.storage.transaction(update_id):
                record = await core.storage.games.update(game_id, expect_state="finished", rematch_by=who.id)
            return Rematch(await core.view(record), None, asked=True)

    async def answer_rematch(self, game_id: int, who: Person, accept: bool, update_id: int | None = None) -> Rematch:
        """The other player accepts the rematch asked for (it starts at once) or declines it; the one who asked may
        withdraw it (``accept=False``)."""
        core = self._core
        await core.people.meet(who)
        async with core.locked(game_id, update_id) as record:
            self._rematch_colour(record, who)
            if record.rematch_by is None:
                raise ServiceError(Problem.NO_REMATCH_ASKED)
            if accept and record.rematch_by == who.id:
                raise ServiceError(Problem.OWN_REMATCH)
            if accept:
                return await self._play_rematch(record, record.rematch_by, update_id)
            async with core.storage.transaction(update_id):
                record = await core.storage.games.update(game_id, expect_state="finished", rematch_by=None)
            return Rematch(await core.view(record), None, declined=True)

    def _rematch_colour(self, record: GameRecord, who: Person) -> Colour:
        """The colour ``who`` played in a game that may be played again."""
        colour = record.colour_of(who.id)
        if colour is None:
            raise ServiceError(Problem.NOT_A_PLAYER)
        if record.state == "active":
            raise ServiceError(Problem.NOT_OVER)
        if record.state != "finished" or record.tournament_id is not None:
            raise ServiceError(Problem.NO_REMATCH)
        if record.rematch_id is not None:
            raise ServiceError(Problem.REMATCH_PLAYED, id=record.rematch_id)
        return colour

    async def _play_rematch(self, record: GameRecord, asker: int, update_id: int | None) -> Rematch:
        """Start the rematch of a finished game (under its lock) that ``asker`` asked for: its settings, the colours
        swapped, rated as it was (never against the bot), in the same chat (``OPEN_GAME_HERE`` when a group topic
        has a game open already)."""
        core = self._core
        assert record.blue_id is not None and record.red_id is not None
        try:
            async with core.storage.transaction(update_id):
                created = await core.storage.games.create(
                    chat_id=record.chat_id,
                    thread_id=record.thread_id,
                    kind=record.kind,
                    creator_id=asker,
                    settings=record.settings,
                    move_seconds=record.move_seconds,
                    colours="creator_blue" if asker == record.red_id else "creator_red",
                    watch=secrets.token_urlsafe(9),
                    rated=record.rated,
                    stop_seconds=record.stop_seconds,
                )
                started = await self.activate(created, record.red_id, record.blue_id, None, rated=record.rated)
                old = await core.storage.games.update(
                    record.id, expect_state="finished", rematch_by=None, rematch_id=started.id
                )
        except OpenGameExists:
            existing = await core.storage.games.open_in(record.chat_id, record.thread_id)
            raise ServiceError(Problem.OPEN_GAME_HERE, id=existing.id if existing else 0) from None
        await core.people.changed_chat(started.chat_id)
        view = await core.view(started)
        core.changes.publish(view, "chat")
        return Rematch(await core.view(old), view)

    async def cancel(self, game_id: int, who: Person, update_id: int | None = None) -> GameView:
        """Close a game in the lobby (its creator) or one that started but has no move yet (either player)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            if record.state == "lobby":
                if who.id != record.creator_id:
                    creator = await core.people.player(record.creator_id)
                    raise ServiceError(Problem.ONLY_CREATOR, creator=creator.name if creator else "?")
            elif record.state == "active":
                if record.colour_of(who.id) is None:
                    raise ServiceError(Problem.NOT_A_PLAYER)
                if record.tournament_id is not None:
                    raise ServiceError(Problem.TOURNAMENT_GAME, id=record.tournament_id)
                if await core.storage.games.movers(record.id):
                    raise ServiceError(Problem.CANCEL_STARTED)
            else:
                raise ServiceError(Problem.GAME_OVER)
            async with core.storage.transaction(update_id):
                await core.owe(game_id, record.ply, "closed")
                record = await core.storage.games.update(
                    game_id,
                    expect_state=record.state,
                    expect_ply=record.ply,
                    state="cancelled",
                    deadline=None,
                    alert_at=None,
                )
            return await core.view(record)

    async def give_way(self, game: GameRecord) -> GameView | None:
        """Cancel an open game that must make room for another in its place (a group that became a supergroup);
        ``None`` if it was no longer open. Its players are told through the outbox."""
        core = self._core
        async with core.locked(game.id) as record:
            if record.state not in ("lobby", "active"):
                return None
            async with core.storage.transaction():
                await core.owe(record.id, record.ply, "closed")
                record = await core.storage.games.update(
                    record.id,
                    expect_state=record.state,
                    expect_ply=record.ply,
                    state="cancelled",
                    deadline=None,
                    alert_at=None,
                )
            return await core.view(record)

    async def expire(self, now: float) -> list[GameView]:
        """Close every lobby nobody joined within ``LOBBY_LIFETIME``; returns them (their messages must say so)."""
        core = self._core
        closed = []
        while stale := await core.storage.games.lobbies_before(now - LOBBY_LIFETIME):
            for found in stale:
                async with core.locks.hold(found.id):
                    record = await core.storage.games.get(found.id)
                    if record is None or record.state != "lobby":
                        continue
                    try:
                        closed.append(await core.view(await self._expire(record)))
                    except Conflict:
                        continue
        return closed

    async def _expire(self, record: GameRecord) -> GameRecord:
        storage = self._core.storage
        async with storage.transaction():
            await self._core.owe(record.id, record.ply, "closed")
            return await storage.games.update(record.id, expect_state="lobby", state="cancelled", reason="expired")


def _without_seed(options: str | None) -> str | None:
    """Stored options without a random start's seed (the next game draws its own)."""
    if not options:
        return None
    data = json.loads(options)
    data.pop("seed", None)
    return json.dumps(data, sort_keys=True) if data else None
