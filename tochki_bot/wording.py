"""Sentences about games that every front end says the same way (the chat's captions, the Mini App's page): how a
game ended. Built from the services' view and the catalogues; each front end brings its own way of showing a name
(HTML with a mention, plain text cut to fit a picture...)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .engine import Colour, EndReason, other
from .i18n import Language, t
from .services import GameView, Player


def bot_name(lang: Language, player: Player) -> str:
    """A player's name as shown in ``lang``: the bot's in that language ("🤖 Бот ★"), a person's as they have it."""
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
    if view.cancelled_unplayed:
        return t(lang, "result_cancelled_agreed")
    outcome = t(lang, "outcome_draw") if result.winner is None else t(lang, "outcome_win", winner=show(result.winner))
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


__all__ = ["bot_name", "in_language", "result_sentence"]
