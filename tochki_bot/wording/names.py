"""How a player is named: the one rule every front end follows ("the player's name, else the side's name")."""

from __future__ import annotations

from render.fonts import drawable

from ..engine import Colour
from ..i18n import Language, t
from ..services import GameView


def side_name(lang: Language, colour: Colour) -> str:
    """The side's name in ``lang`` ("Blue player"), for a seat nobody has taken yet.

    >>> side_name("en", "red")
    'Red player'
    """
    return t(lang, f"side_{colour}")


def cut(text: str, limit: int | None) -> str:
    """``text`` at most ``limit`` characters long, an ellipsis marking a cut (``None``: as it is).

    >>> cut("Alexandra", 5), cut("Ann", 5), cut("Ann", None)
    ('Alex…', 'Ann', 'Ann')
    """
    if limit is None or len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


def player_name(lang: Language, view: GameView, colour: Colour, limit: int | None = None) -> str:
    """A player's name as plain text, cut to ``limit`` characters: the side's name in ``lang`` while the seat is
    empty (or the name is blank)."""
    player = view.player(colour)
    text = player.name.strip() if player is not None else ""
    return cut(text, limit) if text else side_name(lang, colour)


def drawn_name(lang: Language, view: GameView, colour: Colour, limit: int | None = None) -> str:
    """A player's name as a picture can draw it: what the font cannot draw (emoji, say) left out, and the side's
    name when nothing is left."""
    player = view.player(colour)
    text = drawable(player.name) if player is not None else ""
    return cut(text, limit) if text else side_name(lang, colour)


__all__ = ["cut", "drawn_name", "player_name", "side_name"]
