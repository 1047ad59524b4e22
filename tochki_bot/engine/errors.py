"""Why a move or an action was refused: one reason code per rule, for the bot to translate."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """What is wrong with a move. The values are stable: the bot keys its texts on them."""

    MALFORMED = "malformed"
    """The text is not a move of the form ``x-y``."""
    OFF_BOARD = "off_board"
    """The point is outside the board."""
    OCCUPIED = "occupied"
    """A dot already stands on the point (2.9)."""
    CAPTURED = "captured"
    """The point lies inside a capture area and is out of play (5.7.2)."""
    GAME_OVER = "game_over"
    """The game has ended; nothing more can be played."""
    WRONG_TURN = "wrong_turn"
    """It is the other player's move (2.4)."""


class IllegalMove(ValueError):
    """A move or action the rules do not allow. The game is left unchanged.

    ``reason`` says which rule refused it; ``point`` is the point concerned, when there is one.
    """

    def __init__(self, reason: Reason, message: str = "", point: object | None = None) -> None:
        self.reason = reason
        self.point = point
        super().__init__(message or reason.value)
