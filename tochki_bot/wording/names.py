"""How a player is named: the one rule every front end follows ("the player's name, else the side's name")."""

from __future__ import annotations

import dataclasses

from render.fonts import drawable

from ..engine import Colour
from ..i18n import Language, t
from ..services import GameView, Player


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


def name_or_side(
    lang: Language, colour: Colour, name: str | None, limit: int | None = None, *, drawn: bool = False
) -> str:
    """The one rule: the player's ``name`` (stripped; ``drawn``: as a picture can draw it, what the font cannot draw
    left out), cut to ``limit`` characters; the side's name in ``lang`` when there is none (an empty seat, a blank
    name, nothing the font can draw).

    >>> name_or_side("en", "blue", " Ann "), name_or_side("en", "red", None)
    ('Ann', 'Red player')
    >>> name_or_side("en", "blue", "🙂 Ann 🙂", drawn=True), name_or_side("en", "red", "🙂", drawn=True)
    ('Ann', 'Red player')
    """
    text = drawable(name or "") if drawn else (name or "").strip()
    return cut(text, limit) if text else side_name(lang, colour)


def player_name(lang: Language, view: GameView, colour: Colour, limit: int | None = None) -> str:
    """A player's name as plain text, cut to ``limit`` characters: the side's name in ``lang`` while the seat is
    empty (or the name is blank)."""
    player = view.player(colour)
    return name_or_side(lang, colour, player.name if player is not None else None, limit)


def drawn_name(lang: Language, view: GameView, colour: Colour, limit: int | None = None) -> str:
    """A player's name as a picture can draw it: what the font cannot draw (emoji, say) left out, and the side's
    name when nothing is left."""
    player = view.player(colour)
    return name_or_side(lang, colour, player.name if player is not None else None, limit, drawn=True)


def bot_name(lang: Language, player: Player) -> str:
    """A player's name as shown in ``lang``: the bot's in that language, as the lobby's button says it ("🤖 Бот ★"),
    a person's as they have it."""
    return t(lang, f"btn_bot_{player.bot}") if player.bot is not None else player.name


def in_language(lang: Language, view: GameView) -> GameView:
    """The game as shown in ``lang``: the bot plays under its name in that language (its stored name is one for all
    languages). Every caption, picture and page of a game starts from this."""

    def named(player: Player | None) -> Player | None:
        if player is None or player.bot is None:
            return player
        return dataclasses.replace(player, name=bot_name(lang, player))

    if not any(p is not None and p.bot is not None for p in (view.blue, view.red, view.creator)):
        return view
    creator = named(view.creator)
    assert creator is not None
    return dataclasses.replace(view, blue=named(view.blue), red=named(view.red), creator=creator)


__all__ = ["bot_name", "cut", "drawn_name", "in_language", "name_or_side", "player_name", "side_name"]
