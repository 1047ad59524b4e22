"""The two sides of a game of Точки: blue moves first, red second (sports rules 2.7, 3.4)."""

from __future__ import annotations

from typing import Literal

Colour = Literal["blue", "red"]
"""A player's colour as the public API spells it."""

BLUE: Colour = "blue"
RED: Colour = "red"
COLOURS: tuple[Colour, Colour] = (BLUE, RED)


def other(colour: Colour) -> Colour:
    """Return the opponent's colour."""
    if colour == BLUE:
        return RED
    if colour == RED:
        return BLUE
    raise ValueError(f"not a colour: {colour!r}")


def check_colour(colour: str) -> Colour:
    """Return ``colour`` if it names a side, else raise ``ValueError``."""
    if colour not in COLOURS:
        raise ValueError(f"not a colour: {colour!r} (expected 'blue' or 'red')")
    return colour


# The engine's internal codes: 0 = nobody, 1 = blue, 2 = red; ``3 - code`` is the opponent.
CODE: dict[str, int] = {BLUE: 1, RED: 2}
NAME: tuple[Colour | None, Colour, Colour] = (None, BLUE, RED)


def colour_of(code: int) -> Colour:
    """The colour of a side's internal code (1 blue, 2 red); ``ValueError`` for 0 (nobody) or anything else."""
    if code == 1:
        return BLUE
    if code == 2:
        return RED
    raise ValueError(f"not a side's code: {code!r}")
