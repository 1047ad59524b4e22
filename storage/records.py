"""Rows of the database as plain values."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from tochki_bot.engine import Colour, GameSettings, Point

GameState = Literal["lobby", "active", "finished", "cancelled"]
GameKind = Literal["group", "private"]
ColourChoice = Literal["creator_blue", "creator_red", "random"]
MessageKind = Literal["board", "lobby", "question", "follow", "record"]
OfferKind = Literal["draw", "end"]


@dataclass(frozen=True, slots=True)
class ChatRecord:
    """A chat the bot is in, with its language and default game settings."""

    id: int
    type: str
    title: str | None = None
    language: str | None = None
    board_width: int | None = None
    board_height: int | None = None
    start: str | None = None
    move_seconds: int | None = None
    rules: str | None = None
    """The rule set of the chat's last game (``None``: it never played one)."""
    options: str | None = None
    """Its rule options (JSON of ``GameSettings.options``)."""
    stop_seconds: int | None = None
    """Its STOP phase's time limit (with ``stop_mode`` ``stop_phase``; ``None``: none)."""
    bot_status: str | None = None
    """The bot's own member status in the chat as Telegram last told it (``administrator``, ``member``, ``left``...;
    ``None``: never told)."""


@dataclass(frozen=True, slots=True)
class UserRecord:
    """A player."""

    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language: str | None = None
    telegram_language: str | None = None
    reachable: bool = True
    public: bool = False
    """Agreed to appear in the ratings of all players."""
    autoclose: bool = False
    """Under manual rules, every pool holding an opponent dot is closed right after each of their dots."""

    @property
    def name(self) -> str:
        """First and last name as Telegram shows them."""
        return " ".join(part for part in (self.first_name, self.last_name) if part) or (self.username or str(self.id))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's row: where it is played, by whom, its settings and its state. The moves are stored apart."""

    id: int
    chat_id: int
    thread_id: int
    kind: GameKind
    width: int
    height: int
    start: str
    setup: tuple[tuple[Point, Colour], ...]
    move_seconds: int | None
    state: GameState
    creator_id: int
    colours: ColourChoice
    blue_id: int | None
    red_id: int | None
    invite: str | None
    ply: int
    winner: Colour | None
    reason: str | None
    score_blue: int
    score_red: int
    deadline: float | None
    alert_at: float | None
    reminded: int
    draw_offer: Colour | None
    created_at: float
    updated_at: float
    finished_at: float | None
    rated: bool = True
    watch: str | None = None
    rules: str = "sports"
    options: str | None = None
    """The rule options that differ from the rule set's defaults (JSON of ``GameSettings.options``)."""
    closing: Colour | None = None
    """Under manual rules: the player who placed the last dot and may still close pools (the turn passes when they
    are done)."""
    stop_seconds: int | None = None
    """With ``stop_mode`` ``stop_phase``: the seconds the opponent of a STOP has for the extra dots (``None``: no
    limit)."""
    offer_kind: OfferKind = "draw"
    """What the pending offer of ``draw_offer`` is (kept after it: what the last offer was): a plain ``draw``, or
    under the territory rules an ``end`` with the territory counted."""
    tournament_id: int | None = None
    """The tournament the game is played in (``None``: a game of its own)."""
    tournament_round: int | None = None
    tournament_board: int | None = None
    """Its round and table in the tournament."""
    rematch_by: int | None = None
    """A finished game: the player who asked for a rematch, while the other has not answered."""
    rematch_id: int | None = None
    """A finished game: the rematch it led to."""
    takeback: Colour | None = None
    """An unrated game: the colour asking to take its last move back, while the other has not answered."""

    @property
    def settings(self) -> GameSettings:
        """The engine settings of the game."""
        return settings_of(self.width, self.height, self.start, self.setup, self.rules, self.options)

    @property
    def players(self) -> tuple[int, ...]:
        """The ids of the players who have joined."""
        return tuple(p for p in (self.blue_id, self.red_id) if p is not None)

    def colour_of(self, user_id: int) -> Colour | None:
        """The colour ``user_id`` plays, or ``None`` for someone who is not a player."""
        if user_id == self.blue_id:
            return "blue"
        if user_id == self.red_id:
            return "red"
        return None

    def player(self, colour: Colour) -> int | None:
        """The id of the player of ``colour``."""
        return self.blue_id if colour == "blue" else self.red_id


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A message the bot sent about a game (a board, a lobby, a question, a spectator's note) or an imported record.

    ``user_id`` is whom it belongs to (who asked a question, who sent a record); ``topic`` what a question asks
    (``resign``, ``ground``, ``draw``); ``live`` whether it still has buttons that must go when it is out of date.
    """

    chat_id: int
    message_id: int
    kind: MessageKind
    game_id: int | None = None
    import_id: int | None = None
    ply: int = 0
    user_id: int | None = None
    topic: str | None = None
    live: bool = True
    file_id: str | None = None


@dataclass(frozen=True, slots=True)
class ImportRecord:
    """An SGF record a player sent, kept to step through it or continue it."""

    id: int
    chat_id: int
    user_id: int
    name: str | None
    sgf: str


def settings_of(
    width: int, height: int, start: str, setup: tuple[tuple[Point, Colour], ...], rules: str, options: str | None
) -> GameSettings:
    """Engine settings from their stored columns."""
    data: dict[str, object] = {"width": width, "height": height, "start": start, "rules": rules}
    if setup:
        data["setup"] = [[p.x, p.y, c] for p, c in setup]
    if options:
        data.update(json.loads(options))
    return GameSettings.from_dict(data)


def options_to_json(settings: GameSettings) -> str | None:
    """A game's rule options as stored (``None`` when they are the rule set's defaults)."""
    options = settings.options
    return json.dumps(options, sort_keys=True) if options else None


def setup_to_json(setup: tuple[tuple[Point, Colour], ...]) -> str | None:
    """The start dots of a custom start as stored."""
    return json.dumps([[p.x, p.y, c] for p, c in setup]) if setup else None


def setup_from_json(text: str | None) -> tuple[tuple[Point, Colour], ...]:
    """The start dots of a custom start from their stored form."""
    if not text:
        return ()
    return tuple((Point(x, y), c) for x, y, c in json.loads(text))
