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
    """It is the other player's move (2.4); or, for a closure, the latest move is not a dot of that player (a
    closure is part of one's own move, docs/rules.md#closures)."""
    NOT_IN_RULES = "not_in_rules"
    """The game's rule set has no such action (grounding under STOP rules, a closure with automatic captures...)."""
    FIRST_MOVE_REGION = "first_move_region"
    """A player's first dot must be inside the central region of the settings (docs/rules.md#first-move-region)."""
    STOPPED = "stopped"
    """The player pressed STOP and places no more dots (docs/rules.md#stop)."""
    NOT_A_RING = "not_a_ring"
    """A closure is not a simple closed chain of the player's dots in play, each linked to the next one step away
    horizontally, vertically or diagonally (docs/rules.md#rings)."""
    NO_POOL = "no_pool"
    """No pool of the player there, or (Polish rules) the ring holds two pools with opponent dots: a stop is one
    pool, two pools are two stops (docs/rules.md#pools)."""
    EMPTY_CLOSURE = "empty_closure"
    """The closure holds no opponent dot in play: no empty stops (docs/rules.md#closures)."""
    NESTING = "nesting"
    """The ring encloses an older area of the player while sharing too many of its border dots (territory rules:
    at most one; docs/rules.md#nesting)."""


class IllegalMove(ValueError):
    """A move or action the rules do not allow. The game is left unchanged.

    ``reason`` says which rule refused it; ``point`` is the point concerned, when there is one.
    """

    def __init__(self, reason: Reason, message: str = "", point: object | None = None) -> None:
        self.reason = reason
        self.point = point
        super().__init__(message or reason.value)
