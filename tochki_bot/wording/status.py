"""Where a game stands, said once for every front end: whose move it is (or what they are doing: closing pools,
extra dots after a STOP, the bot thinking), the result, a lobby's wait; and what the last move did.

The situation is decided in one place (``situation``); each medium has its words for it in the catalogues:

- ``picture``: the status line drawn in the board picture (plain text, short, nobody addressed);
- ``caption``: the turn line under a board in a chat (HTML; a group's caption addresses the player to move with a
  mention, a player's private caption says "your move");
- ``page``: the Mini App's and local mode's line under the board (plain text, "your move" for the viewer).

Names come in through ``show`` (and ``address`` for the mention that notifies), because every medium shows them its
own way: escaped HTML, plain text cut to fit a picture...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from ..engine import Colour, MoveKind
from ..i18n import Language, t
from ..services import GameView
from .names import drawn_name
from .results import result_sentence
from .text import plain

Medium = Literal["picture", "caption", "page"]
Show = Callable[[Colour], str]


class Stage(Enum):
    """What a game is waiting for."""

    LOBBY = "lobby"
    """A second player."""
    OVER = "over"
    """Nothing: it has a result."""
    CANCELLED = "cancelled"
    """Nothing: it was called off before it counted."""
    THINKING = "thinking"
    """The bot's move."""
    CLOSING = "closing"
    """Manual rules: the player who placed the last dot closes pools, then the turn passes."""
    EXTRA = "extra"
    """After a STOP: the other player's extra dots."""
    TURN = "turn"
    """A move by the player to move."""
    NONE = "none"
    """Nobody (a stored game that is neither going on nor over)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """Where a game stands, for one reader."""

    stage: Stage
    mover: Colour | None = None
    """Who is to act (closing, extra dots, a move)."""
    stopper: Colour | None = None
    """Who declared STOP (``EXTRA``)."""
    yours: bool = False
    """The reader is the one to act."""
    first: bool = False
    """No move has been made yet (blue's first dot is awaited)."""


def situation(view: GameView, reader: Colour | None = None) -> Situation:
    """Where ``view`` stands for the player of ``reader`` (``None``: a group, a spectator, a picture).

    A closing phase comes before the extra dots of a STOP: closing is part of the move being made."""
    if view.state == "lobby":
        return Situation(Stage.LOBBY)
    if view.result is not None:
        return Situation(Stage.OVER)
    if view.state == "cancelled":
        return Situation(Stage.CANCELLED)
    mover = view.to_move
    if mover is None:
        return Situation(Stage.NONE)
    yours = reader is not None and reader == mover
    first = view.position.ply == 0
    player = view.player(mover)
    if player is not None and player.bot is not None:
        return Situation(Stage.THINKING, mover, first=first)
    if view.closing is not None:
        return Situation(Stage.CLOSING, mover, yours=yours)
    if view.position.stopped_by is not None:
        return Situation(Stage.EXTRA, mover, view.position.stopped_by, yours=yours)
    return Situation(Stage.TURN, mover, yours=yours, first=first)


def status_sentence(
    lang: Language,
    view: GameView,
    medium: Medium,
    show: Show,
    *,
    reader: Colour | None = None,
    address: Show | None = None,
) -> str:
    """Where the game stands, in ``medium``'s words (no full stop; empty when there is nothing to say).

    ``reader`` is the colour of the player reading it (their own private board or page); ``address`` names the
    player to move so that they are notified (a group's caption): given, the sentence speaks to them. A caption's
    result line is the caller's (it frames the result); here it is the bare result sentence."""
    where = situation(view, reader)
    stage, mover = where.stage, where.mover
    if stage is Stage.OVER:
        return result_sentence(lang, view, show)
    if stage is Stage.CANCELLED:
        return t(lang, "picture_cancelled")
    if stage is Stage.LOBBY:
        return t(lang, "webapp_lobby") if medium == "page" else ""
    if mover is None:
        return ""
    if medium == "picture":
        return _picture(lang, where, show)
    if medium == "page":
        return _page(lang, where, show)
    return _caption(lang, where, show, address, reader)


def _picture(lang: Language, where: Situation, show: Show) -> str:
    assert where.mover is not None
    if where.first:
        return t(lang, "picture_start")
    if where.stage is Stage.CLOSING:
        return t(lang, "picture_closing", name=show(where.mover))
    if where.stage is Stage.EXTRA:
        assert where.stopper is not None
        return t(lang, "picture_stop", stopper=show(where.stopper), name=show(where.mover))
    return t(lang, "picture_turn", name=show(where.mover))


def _page(lang: Language, where: Situation, show: Show) -> str:
    assert where.mover is not None
    if where.stage is Stage.CLOSING:
        return t(lang, "webapp_your_closing") if where.yours else t(lang, "picture_closing", name=show(where.mover))
    if where.stage is Stage.EXTRA:
        assert where.stopper is not None
        if where.yours:
            return plain(t(lang, "caption_your_extra", stopper=show(where.stopper)))
        return t(lang, "picture_stop", stopper=show(where.stopper), name=show(where.mover))
    if where.yours:
        return t(lang, "webapp_your_move")
    return t(lang, "picture_turn", name=show(where.mover))


def _caption(lang: Language, where: Situation, show: Show, address: Show | None, reader: Colour | None) -> str:
    mover = where.mover
    assert mover is not None
    if where.stage is Stage.THINKING:
        return t(lang, "caption_bot_thinking", name=show(mover))
    if where.stage is Stage.EXTRA:
        assert where.stopper is not None
        if reader is None:  # a group, or a spectator
            return t(lang, "caption_stop", stopper=show(where.stopper), mention=(address or show)(mover))
        if where.yours:
            return t(lang, "caption_your_extra", stopper=show(where.stopper))
        return t(lang, "caption_their_extra", name=show(mover))
    closing = where.stage is Stage.CLOSING
    if address is not None:
        return t(lang, "caption_closing" if closing else "caption_turn", mention=address(mover))
    if where.yours:
        return t(lang, "caption_your_closing" if closing else "caption_your_move")
    return t(lang, "caption_their_closing" if closing else "caption_their_move", name=show(mover))


def last_move_sentence(lang: Language, view: GameView, earlier: int = 0) -> str:
    """What the last move was and what it captured, plain for every medium but the colour's emoji: "Move 3: 10-9 🔵
    · 1 dot captured"; "Blue moves first." before the first move; empty when the last move was not a dot.

    ``earlier`` names that many dots before it too (a board that shows a move and the bot's reply at once):
    "Move 12: 10-9 🔵 · Move 13: 11-10 🔴"."""
    position = view.position
    last = position.last_move
    if last is not None and last.kind == MoveKind.DOT:
        dots = [move for move in position.moves if move.kind is MoveKind.DOT]
        shown = dots[-(max(0, earlier) + 1) :]
        first = len(dots) - len(shown) + 1
        line = " · ".join(
            t(lang, "caption_move", ply=number, point=move.point, colour=move.colour)
            for number, move in enumerate(shown, start=first)
        )
        # The areas of the latest move (under manual rules: its dot and every closure made after it), read from the
        # position: the same sentence for the move's own view and for any later reading of the game (a long poll).
        captured = sum(len(area.captured) for area in position.last_captures)
        if captured:
            line += " · " + t(lang, "caption_captured", count=captured)
        return line
    if position.ply == 0 and view.result is None and view.state == "active":
        return t(lang, "caption_start")
    return ""


PICTURE_NAME = 18
"""Names are cut to this many characters in the picture's status line (so that the result still fits)."""


def picture_line(lang: Language, view: GameView) -> str:
    """The status line drawn inside a board picture (plain text): the game, the rule set when it is not the sports
    rules, penalties, the last dot, and where the game stands: "#12 · Move 41 · 10-9 · Anna to move"."""
    position = view.position
    parts = [t(lang, "picture_game", id=view.id)]
    settings = view.settings
    if settings.rules != "sports":
        title = t(lang, f"rules_name_{settings.rules}")
        if settings.instant_win:
            title = t(lang, "picture_margin", rules=title, margin=settings.instant_win)
        parts.append(title)
    penalties = position.penalties
    if any(penalties):
        parts.append(t(lang, "picture_penalties", blue=penalties[0], red=penalties[1]))
    last = position.last_move
    if last is not None and last.kind == MoveKind.DOT:
        parts.append(t(lang, "picture_move", ply=position.move_count, point=last.point))
    status = status_sentence(lang, view, "picture", lambda colour: drawn_name(lang, view, colour, PICTURE_NAME))
    if status:
        parts.append(status)
    return " · ".join(parts)


__all__ = [
    "PICTURE_NAME",
    "Medium",
    "Situation",
    "Stage",
    "last_move_sentence",
    "picture_line",
    "situation",
    "status_sentence",
]
