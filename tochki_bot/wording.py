"""Sentences about games that every front end says the same way (the chat's captions, the Mini App's page): what
the last move did, how a game ended. Built from the services' view and the catalogues; each front end brings its
own way of showing a name (HTML with a mention, plain text cut to fit a picture...)."""

from __future__ import annotations

from collections.abc import Callable

from .engine import Colour, EndReason, MoveKind, other
from .i18n import Language, t
from .services import GameView


def outcome_sentence(lang: Language, winner: Colour | None, show: Callable[[Colour], str]) -> str:
    """Who wins ("Alice wins"), or that it is a draw; the winner named by ``show``."""
    return t(lang, "outcome_draw") if winner is None else t(lang, "outcome_win", winner=show(winner))


def result_sentence(lang: Language, view: GameView, show: Callable[[Colour], str]) -> str:
    """How the game ended, one sentence without its full stop ("Bob resigned; Alice wins"), the players named by
    ``show``; empty while it goes on."""
    result = view.result
    if result is None:
        return ""
    last = view.position.last_move
    actor: Colour = last.colour if last is not None else "blue"
    if view.cancelled_by_resignation:
        return t(lang, "result_cancelled_resignation", loser=show(actor))
    outcome = outcome_sentence(lang, result.winner, show)
    if result.reason is EndReason.RESIGNATION:
        return t(lang, "result_resignation", loser=show(actor), winner=show(other(actor)))
    if result.reason is EndReason.TIMEOUT:
        return t(lang, "result_timeout", loser=show(actor), winner=show(other(actor)))
    if result.reason is EndReason.GROUNDING and view.position.stopped_by is not None:
        return t(lang, "result_stop_counted", declarer=show(view.position.stopped_by), outcome=outcome)
    if result.reason is EndReason.GROUNDING:
        return t(lang, "result_grounding", declarer=show(actor), outcome=outcome)
    if result.reason is EndReason.BOARD_FULL:
        return t(lang, "result_board_full", outcome=outcome)
    if result.reason is EndReason.INSTANT_WIN and result.winner is not None:
        return t(lang, "result_instant_win", winner=show(result.winner), margin=result.margin)
    if result.reason is EndReason.AGREED:
        blue, red = result.score
        return t(lang, "result_agreed", outcome=outcome, score_blue=blue, score_red=red)
    if result.reason is EndReason.STOP:
        return t(lang, "result_stop", outcome=outcome)
    return t(lang, "result_draw")


def last_move_sentence(lang: Language, view: GameView) -> str:
    """What the last move was and what it captured (the caption's line, plain text but for the colour's emoji):
    "Move 3: 10-9 🔵 · 1 dot captured"; "Blue moves first." before the first move; empty when the last move was not
    a dot."""
    position = view.position
    last = position.last_move
    if last is not None and last.kind == MoveKind.DOT:
        line = t(lang, "caption_move", ply=position.move_count, point=last.point, colour=last.colour)
        # The areas of the latest move (under manual rules: its dot and every closure made after it), read from the
        # position: the same sentence for the move's own view and for any later reading of the game (a long poll).
        captured = sum(len(area.captured) for area in position.last_captures)
        if captured:
            line += " · " + t(lang, "caption_captured", count=captured)
        return line
    if position.ply == 0 and view.result is None and view.state == "active":
        return t(lang, "caption_start")
    return ""


__all__ = ["last_move_sentence", "outcome_sentence", "result_sentence"]
