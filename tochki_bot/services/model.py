"""The values the services take and give: who asks, where, and what a game looks like to a front end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine import Area, Colour, EndReason, Game, GameSettings, Result, other

GameKind = Literal["group", "private"]
GameState = Literal["lobby", "active", "finished", "cancelled"]
OfferKind = Literal["draw", "end"]
"""A pending offer: a plain draw, or (territory rules) an end with the territory counted."""
ColourChoice = Literal["creator_blue", "creator_red", "random"]


@dataclass(frozen=True, slots=True)
class Person:
    """Who sent a request, as their messenger describes them."""

    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """Where a request was made: the chat and, in forum groups, the topic."""

    chat_id: int
    chat_type: str
    title: str | None = None
    thread_id: int = 0

    @property
    def private(self) -> bool:
        """A one-to-one chat with the bot."""
        return self.chat_type == "private"


@dataclass(frozen=True, slots=True)
class Player:
    """A person who plays (or may play) games: a view of the stored user."""

    id: int
    name: str
    username: str | None = None
    language: str | None = None
    """The language they chose, if any."""
    telegram_language: str | None = None
    """The language their messenger reports."""
    reachable: bool = True
    """Their private chat with the bot works."""
    public: bool = False
    """They agreed to appear in the ratings of all players."""
    bot: str | None = None
    """The bot's level, when this player is the bot (the AI); ``None`` for a person."""


@dataclass(frozen=True, slots=True)
class Chat:
    """A chat the bot is in: a view of the stored chat."""

    id: int
    type: str
    title: str | None = None
    language: str | None = None
    bot_status: str | None = None
    """The bot's member status there as Telegram last said (``administrator``, ``member``...; ``None``: unknown)."""

    @property
    def private(self) -> bool:
        return self.type == "private"

    def reads_all(self, privacy_off: bool) -> bool | None:
        """Whether the bot sees every message here, not only commands, replies to it and button presses: in a
        private chat always; in a group when its privacy mode is off (``privacy_off``, the bot's own setting) or it
        is an administrator there (Telegram shows admins everything). ``None`` when unknown (never told its status
        in a group, with privacy on)."""
        if self.private or privacy_off or self.bot_status in ("administrator", "creator"):
            return True
        return None if self.bot_status is None else False


@dataclass(frozen=True, slots=True)
class Table:
    """Where a tournament's game is played: the tournament, the round, the table (from 1)."""

    tournament: int
    round: int
    board: int


@dataclass(frozen=True, slots=True)
class GameView:
    """A game as a front end shows it: where and by whom it is played, its state and clock, and its position.

    ``position`` is the engine's game at the stored move (treat it as read-only); ``captured`` the areas the last
    move made, when the view comes from that move.
    """

    id: int
    kind: GameKind
    chat_id: int
    thread_id: int
    state: GameState
    creator: Player
    colours: ColourChoice
    blue: Player | None
    red: Player | None
    move_seconds: int | None
    deadline: float | None
    draw_offer: Colour | None
    rated: bool
    reason: str | None
    """Why a finished or cancelled game ended (an ``EndReason`` value, or ``expired`` for a lobby)."""
    invite: str | None
    watch: str | None
    created_at: float
    position: Game
    captured: tuple[Area, ...] = ()
    stored_ply: int | None = None
    """The stored ply (rows of moves): under manual rules the closures after a dot and the end of closing are stored
    and announced like moves, so it can run ahead of the engine's ply."""
    closing: Colour | None = None
    """Manual rules: the player who placed the last dot and is still closing pools; the turn passes when they are
    done."""
    stop_seconds: int | None = None
    """With ``stop_mode`` ``stop_phase``: the time the opponent of a STOP has for the extra dots (``None``: no
    limit)."""
    offer_kind: OfferKind = "draw"
    """What the pending (or the last) offer is: a plain ``draw``, or an ``end`` with the territory counted."""
    table: Table | None = None
    """A tournament's game: its tournament, round and table."""
    takeback: Colour | None = None
    """An unrated game: the colour asking to take its last move back, while unanswered."""
    rematch_by: int | None = None
    """A finished game: who asked for a rematch, while unanswered."""
    rematch_id: int | None = None
    """A finished game: the rematch it led to."""

    @classmethod
    def of_position(cls, position: Game, *, blue: str = "Blue", red: str = "Red", game_id: int = 0) -> GameView:
        """A game that is not stored (a picture for the docs, a benchmark): its position and two named players."""
        blue_player, red_player = Player(-1, blue), Player(-2, red)
        return cls(
            id=game_id,
            kind="group",
            chat_id=0,
            thread_id=0,
            state="finished" if position.is_over else "active",
            creator=blue_player,
            colours="creator_blue",
            blue=blue_player,
            red=red_player,
            move_seconds=None,
            deadline=None,
            draw_offer=None,
            rated=False,
            reason=position.result.reason.value if position.result is not None else None,
            invite=None,
            watch=None,
            created_at=0.0,
            position=position,
        )

    @property
    def ply(self) -> int:
        """Moves stored (dots, the closing steps of manual rules, and the ending action): what buttons and
        announcements are bound to."""
        return self.position.ply if self.stored_ply is None else self.stored_ply

    @property
    def settings(self) -> GameSettings:
        return self.position.settings

    @property
    def players(self) -> tuple[Player, ...]:
        """The players who have joined."""
        return tuple(p for p in (self.blue, self.red) if p is not None)

    @property
    def people(self) -> tuple[Player, ...]:
        """The players who are people (not the bot): those who are shown the game and told about it."""
        return tuple(p for p in self.players if p.bot is None)

    @property
    def bot(self) -> Player | None:
        """The bot, in a game against it."""
        return next((p for p in self.players if p.bot is not None), None)

    def player(self, colour: Colour) -> Player | None:
        """Who plays ``colour``."""
        return self.blue if colour == "blue" else self.red

    def colour_of(self, user_id: int) -> Colour | None:
        """The colour ``user_id`` plays, or ``None`` for someone who is not a player."""
        if self.blue is not None and self.blue.id == user_id:
            return "blue"
        if self.red is not None and self.red.id == user_id:
            return "red"
        return None

    def opponent_of(self, user_id: int) -> Player | None:
        """The other player, for one of the players."""
        colour = self.colour_of(user_id)
        return self.player(other(colour)) if colour is not None else None

    @property
    def to_move(self) -> Colour | None:
        """Whose move it is, while the game is being played (the closer's, while they close pools)."""
        if self.state != "active" or self.position.is_over:
            return None
        return self.closing or self.position.to_move

    @property
    def player_to_move(self) -> Player | None:
        colour = self.to_move
        return self.player(colour) if colour is not None else None

    @property
    def result(self) -> Result | None:
        """How the game ended (also for a game cancelled by a resignation before the first move)."""
        return self.position.result

    @property
    def cancelled_by_resignation(self) -> bool:
        """A player resigned before making a move: the game does not count."""
        return self.state == "cancelled" and self.reason == EndReason.RESIGNATION.value

    @property
    def cancelled_unplayed(self) -> bool:
        """The game ended before it was played, so it does not count: a player resigned before making a move, or a
        draw (an agreed end) came before any move."""
        return self.state == "cancelled" and self.result is not None

    def time_left(self, now: float) -> float | None:
        """Seconds the player to move has left, if the game has a clock."""
        return None if self.deadline is None or self.to_move is None else self.deadline - now


@dataclass(frozen=True, slots=True)
class LobbyChoice:
    """Settings asked for when opening a game (``None`` and ``UNSET`` keep the chat's last ones)."""

    width: int | None = None
    height: int | None = None
    start: str | None = None
    move_seconds: int | Literal["unset"] | None = "unset"
    colours: ColourChoice = "random"
    """Which colour the creator plays (``creator_blue``: the creator begins)."""
    rules: str | None = None
    """The rule set (``sports``, ``polish``, ``territory``); ``None``: sports."""
    instant_win: int | None = None
    """The instant-win margin (0: none); ``None``: the rule set's default."""
    own_dot_penalty: bool | None = None
    """Manual rule sets: a point off for each own dot a closure encloses; ``None``: the chat's last (else off)."""
    stop_mode: str | None = None
    """Sports rules: ``grounding`` or ``stop_phase``; ``None``: the chat's last (else grounding)."""
    stop_seconds: int | Literal["unset"] | None = "unset"
    """The STOP phase's time limit in seconds (``None``: none; ``unset``: the chat's last, else the default)."""
    rated: bool = True
    """Whether the game counts for the ratings (unrated games allow hints and takebacks)."""
