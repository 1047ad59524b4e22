"""How a game ended, in one sentence for every front end ("Bob resigned; Alice wins"), and who wins."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Colour, EndReason, MoveKind, other
from ..i18n import Language, t
from ..services import GameView


def outcome_sentence(lang: Language, winner: Colour | None, show: Callable[[Colour], str]) -> str:
    """Who wins ("Alice wins"), or that it is a draw; the winner named by ``show``."""
    return t(lang, "outcome_draw") if winner is None else t(lang, "outcome_win", winner=show(winner))


def resigned_early(view: GameView) -> bool:
    """A game cancelled by a resignation (before each player had moved) whose resigner had moved: the opponent had
    not (the texts say "before the opponent's first move" rather than "before making a move")."""
    last = view.position.last_move
    if not view.cancelled_by_resignation or last is None:
        return False
    return any(move.kind is MoveKind.DOT and move.colour == last.colour for move in view.position.moves)


def result_sentence(lang: Language, view: GameView, show: Callable[[Colour], str]) -> str:
    """How the game ended, one sentence without its full stop ("Bob resigned; Alice wins"), the players named by
    ``show``; empty while it goes on."""
    result = view.result
    if result is None:
        return ""
    last = view.position.last_move
    actor: Colour = last.colour if last is not None else "blue"
    if view.cancelled_by_resignation:
        key = "result_cancelled_resignation_early" if resigned_early(view) else "result_cancelled_resignation"
        return t(lang, key, loser=show(actor))
    if view.cancelled_unplayed:
        dots = any(move.kind is MoveKind.DOT for move in view.position.moves)
        return t(lang, "result_cancelled_agreed_early" if dots else "result_cancelled_agreed")
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


__all__ = ["outcome_sentence", "resigned_early", "result_sentence"]
