"""Ending a game: ``/resign``, ``/ground`` and ``/stop`` with a confirmation that belongs to whoever asked, ``/finish``
(the extra dots after a STOP), and ``/draw`` with the opponent's answer.

A confirmation lives on the game's latest board in the chat where it was asked, as a draw offer does in a group: a
line of the caption naming who asked, and its two buttons (one edit, not a message and two edits; a group's minute has
about 20 messages). "No" takes it off the board (one edit, a line saying so); "yes" is followed by a new board, and
the old one loses its buttons; a move makes it out of date (the next board does not show it). Only where the chat has
no board of the game (``/resign 12`` in a private chat about a group's game) is it a question of its own, edited to
say how it was answered."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from telegram import InlineKeyboardMarkup

from ..engine import other
from ..i18n import duration, t
from ..services import GameView, GroundPreview, Problem, ServiceError, Want
from ..wording import outcome_sentence, resigned_early
from . import callbacks as cb
from .captions import html_name, mention_of
from .delivery.postbox import Kind
from .keyboards import ground_keyboard, resign_keyboard, stop_keyboard
from .request import Request, button, command, game_arg
from .views import Asked

log = logging.getLogger(__name__)


def _player_of(req: Request, view: GameView) -> None:
    if view.state != "active":
        raise ServiceError(Problem.NOT_STARTED if view.state == "lobby" else Problem.GAME_OVER)
    if view.colour_of(req.person.id) is None:
        raise ServiceError(Problem.NOT_A_PLAYER)


async def ask_resign(req: Request, view: GameView) -> None:
    """Ask the player to confirm the resignation (only they can answer)."""
    _player_of(req, view)
    # Before each player has moved, resigning cancels the game (a tournament's game counts whatever happened).
    cancels = await req.services.play.would_cancel(view.id)
    key = "resign_confirm"
    if cancels:
        moved = await req.services.play.has_moved(view.id, req.person)
        key = "resign_confirm_early" if moved else "resign_confirm_unplayed"
    await _confirm(
        req,
        view,
        "resign",
        t(req.lang, key, id=view.id),
        resign_keyboard(req.lang, view, req.person.id, unplayed=cancels),
    )


async def _confirm(req: Request, view: GameView, topic: str, text: str, keyboard: InlineKeyboardMarkup) -> None:
    """Ask the player to confirm (only they can answer): on the game's latest board here, else as a question of its
    own."""
    colour = view.colour_of(req.person.id)
    line = f"{mention_of(view, colour)}: {text}" if colour is not None else text
    rows = tuple(tuple(button.to_dict() for button in row) for row in keyboard.inline_keyboard)
    asked = Asked(topic, req.person.id, view.ply, line, rows)
    if await req.announcer.ask_on_board(view, req.seat(view), asked) is not None:
        return
    req.announcer.ask(
        view,
        req.place.chat_id,
        req.place.thread_id,
        text,
        keyboard,
        topic=topic,
        user_id=req.person.id,
        reply_to=req.update.message.message_id if req.update.message else None,
    )


@command
async def cmd_resign(req: Request, args: list[str]) -> None:
    view = await req.find(Want.PLAY, "resign", game_id=game_arg(args))
    if view is not None:
        await ask_resign(req, view)


async def _asker(req: Request, user_id: int) -> None:
    """A confirmation belongs to the person who asked for it."""
    if req.person.id != user_id:
        asker = await req.services.people.player(user_id)
        raise ServiceError(Problem.NOT_YOURS, name=asker.name if asker else "?")


async def _question(req: Request, topic: str, game: int, user: int | None = None) -> None:
    """The pressed button must be on an open question of this ``topic`` about this game (asked by ``user``)."""
    question = await req.pressed_on("question", game=game, topic=topic)
    if question is not None and (not question.live or (user is not None and question.user_id != user)):
        raise ServiceError(Problem.STALE)


async def _asked_on_board(req: Request, topic: str, data: cb.Resign | cb.Ground | cb.Stop) -> None:
    """The pressed board must show this confirmation, still standing: waiting on the game's boards here (or, after a
    restart, remembered with the board)."""
    about = await req.pressed_on("board", game=data.game)
    if req.announcer.asking(data.game, req.place.chat_id, topic, data.user, data.ply):
        return
    if about is None or not about.live or (about.topic, about.user_id, about.ply) != (topic, data.user, data.ply):
        raise ServiceError(Problem.STALE)


async def _confirmed(
    req: Request,
    data: cb.Resign | cb.Ground | cb.Stop,
    topic: str,
    act: Callable[..., Awaitable[GameView]],
) -> None:
    """The answer to "resign?", "ground?" or "STOP?": only who asked may give it; "no" withdraws, "yes" does it.
    Either way the board (or the question) says what became of it."""
    await _asker(req, data.user)
    message = req.message
    on_board = message is not None and bool(message.photo)
    if on_board:
        await _asked_on_board(req, topic, data)
    else:
        await _question(req, topic, data.game, data.user)
    if not data.yes:
        text = t(req.lang, f"{topic}_withdrawn", id=data.game)
        if on_board:  # the press's answer comes with the board's edit, or says when it comes
            view = await req.services.game(data.game)
            ticket = await req.announcer.withdraw_on_board(view, req.seat(view), req.person.id, text)
            if ticket is not None:
                await req.answer_when(ticket, t(req.own_lang, "cancelled_action"))
        await req.answer(t(req.own_lang, "cancelled_action"))
        if not on_board and message is not None:
            req.announcer.settle(req.place.chat_id, message.message_id, text, Kind.TIDY)  # the press's answer says it
        return
    view = await act(data.game, req.person, expected_ply=data.ply, update_id=req.update_id)
    await req.answer()
    if on_board:
        req.announcer.forget_asked(view.id, req.place.chat_id, req.person.id)  # the new board says what became of it
    elif message is not None:
        # Settled before the announcement, which would otherwise close this question with a plainer text first.
        # If the edit fails, the announcement is still owed in the outbox and is made all the same.
        colour = view.colour_of(req.person.id)
        key = f"{topic}_done"
        if view.cancelled_by_resignation:
            key = "resign_cancelled_early_done" if resigned_early(view) else "resign_cancelled_done"
        done = t(req.lang, key, id=view.id, name=html_name(view, colour) if colour else "?")
        try:
            req.announcer.settle(req.place.chat_id, message.message_id, done, Kind.TIDY)  # the new board says it
        except Exception:
            log.warning("could not settle question %s in chat %s", message.message_id, req.place.chat_id, exc_info=True)
    req.announcer.announce(view)


@button(cb.Resign)
async def on_resign(req: Request, data: cb.Resign) -> None:
    await _confirmed(req, data, "resign", req.services.play.resign)


def _outcome(req: Request, preview: GroundPreview) -> str:
    """Who would win (or a draw) if the game ended as ``preview`` says, for a confirmation question."""
    return outcome_sentence(req.lang, preview.winner, lambda colour: html_name(preview.view, colour))


async def ask_ground(req: Request, view: GameView) -> None:
    """Show what grounding would give, and ask the player to confirm (only they can answer). Under the
    ``stop_phase`` rules the player declares STOP instead (``ask_stop``)."""
    if view.settings.stop_mode == "stop_phase" and view.position.stopped_by is None:
        await ask_stop(req, view)
        return
    preview = await req.services.play.ground_preview(view.id, req.person)
    view = preview.view
    blue, red = preview.score
    outcome = _outcome(req, preview)
    text = t(req.lang, "ground_confirm", id=view.id, score_blue=blue, score_red=red, outcome=outcome)
    await _confirm(req, view, "ground", text, ground_keyboard(req.lang, view, req.person.id))


@command
async def cmd_ground(req: Request, args: list[str]) -> None:
    view = await req.find(Want.PLAY, "ground", game_id=game_arg(args))
    if view is not None:
        await ask_ground(req, view)


@button(cb.Ground)
async def on_ground(req: Request, data: cb.Ground) -> None:
    await _confirmed(req, data, "ground", req.services.play.ground)


async def ask_stop(req: Request, view: GameView) -> None:
    """Under the ``stop_phase`` rules: what STOP would give at best for the opponent (the grounding count) and how
    long they would have for the extra dots; the player confirms (only they can answer). Elsewhere ``/stop`` is
    ``/ground``; during the extra dots the STOP player's ``/stop`` ends them at once with the grounding count."""
    if view.settings.stop_mode != "stop_phase" or view.position.stopped_by is not None:
        await ask_ground(req, view)
        return
    preview = await req.services.play.ground_preview(view.id, req.person)
    view = preview.view
    blue, red = preview.score
    outcome = _outcome(req, preview)
    colour = view.colour_of(req.person.id)
    assert colour is not None
    limit = duration(req.lang, view.stop_seconds) if view.stop_seconds else t(req.lang, "stop_no_limit")
    text = t(
        req.lang,
        "stop_confirm",
        id=view.id,
        opponent=html_name(view, other(colour)),
        limit=limit,
        score_blue=blue,
        score_red=red,
        outcome=outcome,
    )
    await _confirm(req, view, "stop", text, stop_keyboard(req.lang, view, req.person.id))


@command
async def cmd_stop(req: Request, args: list[str]) -> None:
    view = await req.find(Want.PLAY, "stop", game_id=game_arg(args))
    if view is not None:
        await ask_stop(req, view)


@button(cb.Stop)
async def on_stop(req: Request, data: cb.Stop) -> None:
    await _confirmed(req, data, "stop", req.services.play.stop)


async def finish_extra(req: Request, view: GameView, auto: bool = False) -> None:
    """The opponent of a STOP ends the extra dots (``auto``: with the grounding count)."""
    view = await req.services.play.finish(view.id, req.person, auto=auto, update_id=req.update_id)
    req.announcer.announce(view)


@command
async def cmd_finish(req: Request, args: list[str]) -> None:
    """``/finish``: the extra dots after the opponent's STOP are done; ``/finish auto``: with every dot of theirs that
    could still be surrounded counted as surrounded (the grounding count)."""
    words = [a.strip().lower() for a in args]
    auto = any(w in ("auto", "авто", "all", "все", "всё") for w in words)
    numbers = [a for a, w in zip(args, words, strict=True) if w not in ("auto", "авто", "all", "все", "всё")]
    view = await req.find(Want.PLAY, "finish", game_id=game_arg(numbers))
    if view is not None:
        await finish_extra(req, view, auto)


@button(cb.Finish)
async def on_finish(req: Request, data: cb.Finish) -> None:
    """A Finish button under the board of the player placing the extra dots."""
    await req.pressed_on("board", game=data.game)
    view = await req.services.play.finish(
        data.game, req.person, auto=data.auto, expected_ply=data.ply, update_id=req.update_id
    )
    await req.answer("✓")
    req.announcer.announce(view)


async def offer_draw(req: Request, view: GameView, *, end: bool = False) -> None:
    """Offer a draw (with ``end``, under the territory rules: to end the game and count the territory); if the
    opponent had offered the same, it is agreed."""
    offer = await req.services.play.offer_draw(view.id, req.person, req.update_id, end=end)
    if offer.agreed:
        req.announcer.announce(offer.view)
        return
    reply_to = req.update.message.message_id if req.update.message else None
    if offer.again:
        # Offered before: asked again only if the question never got out (else "you have offered a draw").
        if not await req.announcer.offered_draw_again(offer.view, req.person.id, reply_to):
            raise ServiceError(Problem.END_PENDING if offer.view.offer_kind == "end" else Problem.DRAW_PENDING)
        return
    await req.announcer.draw_offered(offer.view, req.person.id, reply_to)


@command
async def cmd_draw(req: Request, args: list[str]) -> None:
    view = await req.find(Want.PLAY, "draw", game_id=game_arg(args))
    if view is not None:
        await offer_draw(req, view)


async def offer_end(req: Request, view: GameView) -> None:
    """Offer to end a territory game with the territory counted (elsewhere: a draw)."""
    await offer_draw(req, view, end=True)


@command
async def cmd_end(req: Request, args: list[str]) -> None:
    view = await req.find(Want.PLAY, "end", game_id=game_arg(args))
    if view is not None:
        await offer_end(req, view)


@button(cb.Draw)
async def on_draw(req: Request, data: cb.Draw) -> None:
    """The opponent answers a draw offer: on a group's board (the offer's line and buttons go with the answer), or
    on the question sent to their private chat (it says how)."""
    on_board = req.message is not None and bool(req.message.photo)
    if on_board:
        await req.pressed_on("board", game=data.game)
        question = None
    else:
        await _question(req, "draw", data.game)
        question = await req.pressed()
    view = await req.services.play.answer_draw(data.game, req.person, data.accept, update_id=req.update_id)
    if not data.accept:  # the press's answer comes with the board's edit, or says when it comes
        ticket = await req.announcer.draw_declined(view, req.person.id, question)
        if ticket is not None:
            await req.answer_when(ticket)
        await req.answer()
        return
    await req.answer()
    if question is not None:
        colour = view.colour_of(req.person.id)
        key = "end_accepted" if view.offer_kind == "end" else "draw_accepted"
        req.announcer.answered(question, t(req.lang, key, name=html_name(view, colour) if colour else "?"))
    req.announcer.announce(view)
