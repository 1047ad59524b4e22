"""Callback data of inline buttons, written and read in one place.

Every button names its game, and every button that acts on a position names the move number it was made for, so
a press on an old board is refused politely. Data is ASCII, ``:``-separated, well under Telegram's 64 bytes.

====  ==========================================  ==========================
kind  meaning                                     fields
====  ==========================================  ==========================
L     lobby: change a setting, join, cancel       game, action, value
M     play the point                              game, ply, x, y
I     a point that cannot be played (info only)   game, ply, x, y
W     move the window of buttons                  game, ply, x0, y0
D     answer a draw offer (a / r)                 game, ply, answer
R     confirm resignation (y / n)                 game, ply, answer
G     confirm grounding (y / n)                   game, ply, answer
V     step through an imported record             record, ply
N     continue an imported record as a new game   record
U     stop following a game                       game
====  ==========================================  ==========================

For ``V``, ``N`` and ``U`` the "game" field holds the imported record's id or the followed game's id.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_BYTES = 64
_INT_FIELDS = {"M": 4, "I": 4, "W": 4}
_SINGLE = ("N", "U")
_ANSWERS = {"D": ("a", "r"), "R": ("y", "n"), "G": ("y", "n")}
LOBBY_ACTIONS = ("size", "start", "time", "colours", "join", "cancel")


@dataclass(frozen=True, slots=True)
class Callback:
    """A decoded button press: ``kind``, the game, and the rest of the fields."""

    kind: str
    game_id: int
    ply: int | None = None
    args: tuple[str, ...] = ()

    def encode(self) -> str:
        """The callback data string."""
        parts = [self.kind, str(self.game_id)]
        if self.ply is not None:
            parts.append(str(self.ply))
        parts.extend(self.args)
        data = ":".join(parts)
        if len(data.encode()) > MAX_BYTES:
            raise ValueError(f"callback data too long: {data!r}")
        return data

    def ints(self) -> tuple[int, ...]:
        """The extra fields as integers (for M, I, W)."""
        return tuple(int(a) for a in self.args)


def lobby(game_id: int, action: str, value: str = "") -> str:
    """A lobby button."""
    return Callback("L", game_id, None, (action, value) if value else (action,)).encode()


def point(kind: str, game_id: int, ply: int, x: int, y: int) -> str:
    """A point button (``M`` to play, ``I`` for information) or a window button (``W`` with its corner)."""
    return Callback(kind, game_id, ply, (str(x), str(y))).encode()


def answer(kind: str, game_id: int, ply: int, value: str) -> str:
    """A confirmation or draw answer."""
    return Callback(kind, game_id, ply, (value,)).encode()


def step(record_id: int, ply: int) -> str:
    """A button showing move ``ply`` of an imported record."""
    return Callback("V", record_id, ply).encode()


def single(kind: str, target: int) -> str:
    """A button with only a target: ``N`` (continue a record), ``U`` (stop following a game)."""
    return Callback(kind, target).encode()


def decode(data: str | None) -> Callback | None:
    """Read callback data; ``None`` for anything that is not ours or is malformed."""
    if not data or len(data.encode()) > MAX_BYTES:
        return None
    parts = data.split(":")
    kind = parts[0]
    try:
        if kind == "L":
            if len(parts) not in (3, 4) or parts[2] not in LOBBY_ACTIONS:
                return None
            return Callback("L", _positive(parts[1]), None, tuple(parts[2:]))
        if kind in _INT_FIELDS:
            if len(parts) != 5:
                return None
            game_id, ply, x, y = (_natural(p) for p in parts[1:])
            if game_id < 1:
                return None
            return Callback(kind, game_id, ply, (str(x), str(y)))
        if kind == "V":
            if len(parts) != 3:
                return None
            return Callback("V", _positive(parts[1]), _natural(parts[2]))
        if kind in _SINGLE:
            if len(parts) != 2:
                return None
            return Callback(kind, _positive(parts[1]))
        if kind in _ANSWERS:
            if len(parts) != 4 or parts[3] not in _ANSWERS[kind]:
                return None
            return Callback(kind, _positive(parts[1]), _natural(parts[2]), (parts[3],))
    except ValueError:
        return None
    return None


def _natural(text: str) -> int:
    if not text.isdigit() or len(text) > 12:
        raise ValueError(text)
    return int(text)


def _positive(text: str) -> int:
    value = _natural(text)
    if value < 1:
        raise ValueError(text)
    return value
