"""Callback data of inline buttons: one small dataclass per kind, written and read in one place.

Data is ASCII: the kind's letter, then its fields, ``:``-separated, well under Telegram's 64 bytes. Every button
names its game (or record), and every button that acts on a position names the move number it was made for, so a
press on an old board is refused politely. A confirmation names the person who asked for it.

>>> Play(12, 7, 20, 18).encode()
'M:12:7:20:18'
>>> decode('M:12:7:20:18')
Play(game=12, ply=7, x=20, y=18)
>>> decode('M:12:7:20') is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, Self, get_args, get_type_hints

MAX_BYTES = 64
_NUMBER = re.compile(r"[0-9]{1,12}")
_TOKEN = re.compile(r"[a-z0-9_-]{1,16}")
KINDS: dict[str, type[Callback]] = {}


@dataclass(frozen=True)
class Callback:
    """A button's data. Subclasses are frozen dataclasses of ``int`` and short ``str`` fields with a ``KIND`` letter."""

    KIND: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.KIND in KINDS:
            raise TypeError(f"two callback kinds use {cls.KIND!r}")
        KINDS[cls.KIND] = cls

    def encode(self) -> str:
        """The callback data string (a board's keyboard encodes ~70: this is kept cheap)."""
        names = _field_names(type(self))
        parts = [self.KIND]
        for name in names:
            value = getattr(self, name)
            parts.append(("1" if value else "0") if value is True or value is False else str(value))
        data = ":".join(parts)
        if len(data) > MAX_BYTES and len(data.encode()) > MAX_BYTES:
            raise ValueError(f"callback data too long: {data!r}")
        return data

    @classmethod
    def decode(cls, data: str) -> Self | None:
        """The button of this kind written in ``data``, or ``None`` for anything else or malformed."""
        parts = data.split(":")
        if parts[0] != cls.KIND:
            return None
        hints = _hints(cls)
        names = _field_names(cls)
        if len(parts) != len(names) + 1:
            return None
        values: list[object] = []
        for name, text in zip(names, parts[1:], strict=True):
            kind = hints[name]
            if kind is int:
                if not _NUMBER.fullmatch(text):
                    return None
                values.append(int(text))
            elif kind is bool:
                if text not in ("0", "1"):
                    return None
                values.append(text == "1")
            else:
                allowed = get_args(kind)
                if (allowed and text not in allowed) or not _TOKEN.fullmatch(text):
                    return None
                values.append(text)
        return cls(*values)

    @classmethod
    def matches(cls, data: object) -> bool:
        """For a handler's ``pattern``: ``data`` is a well-formed button of this kind."""
        return isinstance(data, str) and len(data.encode()) <= MAX_BYTES and cls.decode(data) is not None


_HINTS: dict[str, dict[str, Any]] = {}
_NAMES: dict[str, tuple[str, ...]] = {}


def _hints(kind: type[Callback]) -> dict[str, Any]:
    """The field types of a kind (looked up once)."""
    if kind.KIND not in _HINTS:
        _HINTS[kind.KIND] = get_type_hints(kind)
    return _HINTS[kind.KIND]


def _field_names(kind: type[Callback]) -> tuple[str, ...]:
    """The field names of a kind, in order (looked up once)."""
    if kind.KIND not in _NAMES:
        _NAMES[kind.KIND] = tuple(f.name for f in fields(kind))
    return _NAMES[kind.KIND]


def decode(data: str | None) -> Callback | None:
    """Any button's data, or ``None`` for anything that is not ours or is malformed."""
    if not data or len(data.encode()) > MAX_BYTES:
        return None
    kind = KINDS.get(data.split(":", 1)[0])
    return kind.decode(data) if kind is not None else None


Setting = Literal["size", "start", "time", "colours", "rules", "margin", "penalty", "stop", "stoptime", "rated"]
Command = Literal[
    "board",
    "resign",
    "draw",
    "end",
    "ground",
    "stop",
    "finish",
    "cancel",
    "sgf",
    "png",
    "replay",
    "watch",
    "zoom",
    "hint",
    "takeback",
]
Level = Literal["easy", "normal", "hard"]


# ---------------------------------------------------------------------------------------------------------------
# The lobby


@dataclass(frozen=True)
class Join(Callback):
    """Join a group's lobby (in that group)."""

    KIND: ClassVar[str] = "J"
    game: int


@dataclass(frozen=True)
class Set(Callback):
    """The creator changes a lobby setting."""

    KIND: ClassVar[str] = "S"
    game: int
    setting: Setting
    value: str


@dataclass(frozen=True)
class Against(Callback):
    """The creator plays the lobby's game against the bot at ``level``."""

    KIND: ClassVar[str] = "A"
    game: int
    level: Level


@dataclass(frozen=True)
class Cancel(Callback):
    """The creator closes the lobby."""

    KIND: ClassVar[str] = "C"
    game: int


# ---------------------------------------------------------------------------------------------------------------
# The board


@dataclass(frozen=True)
class Play(Callback):
    """Play the point ``x-y`` at move ``ply``."""

    KIND: ClassVar[str] = "M"
    game: int
    ply: int
    x: int
    y: int


@dataclass(frozen=True)
class Close(Callback):
    """Manual rules, right after the presser's dot at move ``ply``: close the pool holding ``x-y`` (``0-0``: every
    pool holding an opponent dot)."""

    KIND: ClassVar[str] = "K"
    game: int
    ply: int
    x: int
    y: int


@dataclass(frozen=True)
class Done(Callback):
    """Manual rules: the presser is done closing pools after their dot at move ``ply``; the turn passes."""

    KIND: ClassVar[str] = "F"
    game: int
    ply: int


@dataclass(frozen=True)
class Info(Callback):
    """A point that cannot be played: say what is there."""

    KIND: ClassVar[str] = "I"
    game: int
    ply: int
    x: int
    y: int


@dataclass(frozen=True)
class Window(Callback):
    """Show the window of move buttons whose lower-left point is ``x0-y0``; ``zoom``: the picture shows only it."""

    KIND: ClassVar[str] = "W"
    game: int
    ply: int
    x0: int
    y0: int
    zoom: bool


@dataclass(frozen=True)
class Show(Callback):
    """Post the game's current board here (from the list of games)."""

    KIND: ClassVar[str] = "B"
    game: int


@dataclass(frozen=True)
class Pick(Callback):
    """The answer to "which game?": run ``command`` for ``game``."""

    KIND: ClassVar[str] = "P"
    command: Command
    game: int


# ---------------------------------------------------------------------------------------------------------------
# Questions


@dataclass(frozen=True)
class Resign(Callback):
    """The answer to "resign game #N?", for the player who asked (``user``)."""

    KIND: ClassVar[str] = "R"
    game: int
    ply: int
    user: int
    yes: bool


@dataclass(frozen=True)
class Ground(Callback):
    """The answer to "declare grounding in game #N?", for the player who asked (``user``)."""

    KIND: ClassVar[str] = "G"
    game: int
    ply: int
    user: int
    yes: bool


@dataclass(frozen=True)
class Stop(Callback):
    """The answer to "declare STOP in game #N?", for the player who asked (``user``)."""

    KIND: ClassVar[str] = "X"
    game: int
    ply: int
    user: int
    yes: bool


@dataclass(frozen=True)
class Finish(Callback):
    """The opponent of a STOP ends the extra dots at move ``ply``; ``auto``: with the grounding count (auto-finish)."""

    KIND: ClassVar[str] = "E"
    game: int
    ply: int
    auto: bool


@dataclass(frozen=True)
class Draw(Callback):
    """The opponent's answer to the draw offered at move ``ply``."""

    KIND: ClassVar[str] = "D"
    game: int
    ply: int
    accept: bool


# ---------------------------------------------------------------------------------------------------------------
# Records and spectators


@dataclass(frozen=True)
class Step(Callback):
    """Show move ``ply`` of an imported record."""

    KIND: ClassVar[str] = "V"
    record: int
    ply: int


@dataclass(frozen=True)
class Continue(Callback):
    """Continue an imported record as a new game."""

    KIND: ClassVar[str] = "N"
    record: int


@dataclass(frozen=True)
class Listed(Callback):
    """Appear (``on``) or not in the ratings of all players: for the person ``user`` only."""

    KIND: ClassVar[str] = "T"
    user: int
    on: bool


@dataclass(frozen=True)
class Unfollow(Callback):
    """Stop following a game."""

    KIND: ClassVar[str] = "U"
    game: int


# ---------------------------------------------------------------------------------------------------------------
# Playing again, taking back


@dataclass(frozen=True)
class Rematch(Callback):
    """A player asks for a rematch of a finished game (on its final board)."""

    KIND: ClassVar[str] = "RM"
    game: int


@dataclass(frozen=True)
class RematchAnswer(Callback):
    """The other player's answer to the rematch asked for (or the asker withdrawing it: ``accept`` false)."""

    KIND: ClassVar[str] = "RA"
    game: int
    accept: bool


@dataclass(frozen=True)
class Takeback(Callback):
    """The opponent's answer to the takeback asked for at move ``ply`` (or the asker withdrawing it)."""

    KIND: ClassVar[str] = "TB"
    game: int
    ply: int
    accept: bool


# ---------------------------------------------------------------------------------------------------------------
# Tournaments

TournamentSetting = Literal["format", "rounds", "rules", "size", "start", "time", "rated", "starts"]
TournamentAction = Literal["start", "cancel", "remove", "back", "standings", "sgf", "leave"]


@dataclass(frozen=True)
class TSet(Callback):
    """The creator changes a tournament lobby's setting."""

    KIND: ClassVar[str] = "TS"
    tournament: int
    setting: TournamentSetting
    value: str


@dataclass(frozen=True)
class TJoin(Callback):
    """Join (or leave) a tournament's lobby."""

    KIND: ClassVar[str] = "TJ"
    tournament: int
    join: bool


@dataclass(frozen=True)
class TAct(Callback):
    """A tournament's button: start, cancel, the remove picker and back (the creator's), the standings, its
    games' records, leaving a running tournament."""

    KIND: ClassVar[str] = "TA"
    tournament: int
    action: TournamentAction


@dataclass(frozen=True)
class TRemove(Callback):
    """The creator removes ``user`` from the tournament."""

    KIND: ClassVar[str] = "TR"
    tournament: int
    user: int


@dataclass(frozen=True)
class TLeave(Callback):
    """The answer to "leave the running tournament?", for the player who asked (``user``)."""

    KIND: ClassVar[str] = "TL"
    tournament: int
    user: int
    yes: bool


# ---------------------------------------------------------------------------------------------------------------
# Puzzles


@dataclass(frozen=True)
class PuzzleTry(Callback):
    """Answer the puzzle ``puzzle`` (shown on the pressed message) with the point ``x-y``."""

    KIND: ClassVar[str] = "Z"
    puzzle: int
    x: int
    y: int


# ---------------------------------------------------------------------------------------------------------------
# Reviews

ReviewSubject = Literal["game", "import"]


@dataclass(frozen=True)
class Review(Callback):
    """🔎 Review under a finished game's final board (``game``, its id) or an imported record (``import``)."""

    KIND: ClassVar[str] = "RV"
    subject: ReviewSubject
    ref: int
