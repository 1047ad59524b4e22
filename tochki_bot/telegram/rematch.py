"""Playing again: 🔁 Rematch under a finished game's final board (the same settings, the colours swapped, in the same
chat), and taking a move back in unrated games (``/takeback``).

In a group the rematch question is the final board itself (one edit of its caption and buttons: no new message);
in private the other player gets the question as a message of its own (it notifies them). The bot agrees to both at
once.
"""

from __future__ import annotations

import logging

from ..engine import other
from ..i18n import t
from ..services import GameView, MessageRecord, Problem, ServiceError, Want
from ..services.lobby import Rematch
from ..wording import player_language
from . import callbacks as cb
from .captions import board_caption, html_name, mention_of
from .keyboards import (
    Markup,
    final_keyboard,
    rematch_answer_keyboard,
    rematch_keyboard,
    takeback_keyboard,
    with_app_button,
)
from .messenger import Unreachable
from .request import Request, button, command, game_arg
from .views import app_button

log = logging.getLogger(__name__)


def edit_caption(req: Request, chat_id: int, message_id: int, caption: str, keyboard: Markup | None) -> None:
    """Change a picture's caption and buttons in place (one edit, as the chat's budget allows)."""
    req.messenger.edit_caption(chat_id, message_id, caption, keyboard)


def _final_caption(req: Request, view: GameView, line: str | None) -> str:
    """The group's final board's caption, with a line about the rematch under it."""
    caption = board_caption(req.lang, view, "group", None, now=req.services.now)
    return f"{caption}\n{line}" if line else caption


async def _show_on_board(req: Request, view: GameView, line: str | None, keyboard: Markup | None) -> None:
    """The pressed final board (in a group) says how the rematch stands, with the buttons that fit."""
    message = req.message
    if message is None or req.place.private:
        return
    seat = req.seat(view)
    keyboard = final_keyboard(req.lang, view, rematch=keyboard)  # 🔎 Review stays under it
    buttons = with_app_button(keyboard, app_button(req.announcer.miniapp, view, seat))
    edit_caption(req, req.place.chat_id, message.message_id, _final_caption(req, view, line), buttons)


async def _started(req: Request, result: Rematch) -> None:
    """The rematch started: the final board (or the question) says which game it is, and the first board goes out."""
    new = result.new
    assert new is not None
    line = t(req.lang, "rematch_started", id=new.id)
    if req.place.private:
        for question in await req.services.messages.live(result.old.id, kind="question"):
            if question.topic == "rematch":
                lang = await req.announcer.chat_language(question.chat_id)
                req.announcer.settle(question.chat_id, question.message_id, t(lang, "rematch_started", id=new.id))
    else:
        await _show_on_board(req, result.old, line, None)
    await req.announcer.started(new)


@button(cb.Rematch)
async def on_rematch(req: Request, data: cb.Rematch) -> None:
    """🔁 Rematch under a final board."""
    await req.pressed_on("board", game=data.game)
    result = await req.services.lobby.rematch(data.game, req.person, req.update_id)
    if result.new is not None:
        await req.answer(t(req.own_lang, "rematch_started", id=result.new.id))
        await _started(req, result)
        return
    old = result.old
    colour = old.colour_of(req.person.id)
    assert colour is not None
    await req.answer(t(req.own_lang, "rematch_asked_you", name=html_name(old, other(colour))))
    if result.again and not req.place.private:
        return
    if not req.place.private:
        line = t(req.lang, "rematch_asked", name=html_name(old, colour), opponent=mention_of(old, other(colour)))
        await _show_on_board(req, old, line, rematch_keyboard(req.lang, old))
        return
    opponent = old.opponent_of(req.person.id)
    if opponent is None or result.again:
        return
    lang = player_language(opponent)
    text = t(lang, "rematch_asked_private", id=old.id, name=html_name(old, colour))
    req.announcer.ask(
        old, opponent.id, 0, text, rematch_answer_keyboard(lang, old), topic="rematch", user_id=req.person.id
    )


@button(cb.RematchAnswer)
async def on_rematch_answer(req: Request, data: cb.RematchAnswer) -> None:
    """The answer to a rematch: on the group's final board, or on the question in private."""
    if req.place.private:
        question = await req.pressed_on("question", game=data.game, topic="rematch")
        if question is not None and not question.live:
            raise ServiceError(Problem.STALE)
    else:
        await req.pressed_on("board", game=data.game)
    result = await req.services.lobby.answer_rematch(data.game, req.person, data.accept, req.update_id)
    if result.new is not None:
        await req.answer(t(req.own_lang, "rematch_started", id=result.new.id))
        await _started(req, result)
        return
    old = result.old
    colour = old.colour_of(req.person.id)
    assert colour is not None
    await req.answer()
    text = t(req.lang, "rematch_declined", name=html_name(old, colour))
    message = req.message
    if req.place.private:
        if message is not None:
            req.announcer.settle(req.place.chat_id, message.message_id, text)
        asker = old.opponent_of(req.person.id)
        if asker is not None:
            lang = player_language(asker)
            req.messenger.send_text(
                asker.id, t(lang, "rematch_declined_private", id=old.id, name=html_name(old, colour))
            )
    else:
        await _show_on_board(req, old, text, rematch_keyboard(req.lang, old))


# ------------------------------------------------------------------------------------------------------------------
# Takebacks


async def ask_takeback(req: Request, view: GameView) -> None:
    """Ask the opponent to let the person take their last move back (unrated games only; the bot agrees at once)."""
    offer = await req.services.play.offer_takeback(view.id, req.person, req.update_id)
    view = offer.view
    if offer.done:
        req.reply(t(req.lang, "takeback_done", id=view.id, name=name_of(view, req.person.id)))
        req.announcer.announce(view)
        return
    if offer.again and any(q.topic == "takeback" for q in await req.services.messages.live(view.id, kind="question")):
        req.say("takeback_pending", id=view.id)
        return
    colour = view.colour_of(req.person.id)
    opponent = view.opponent_of(req.person.id)
    assert colour is not None and opponent is not None
    if view.kind == "group":
        text = t(
            req.lang,
            "takeback_asked",
            id=view.id,
            name=html_name(view, colour),
            opponent=mention_of(view, other(colour)),
        )
        req.announcer.ask(
            view,
            view.chat_id,
            view.thread_id,
            text,
            takeback_keyboard(req.lang, view),
            topic="takeback",
            user_id=req.person.id,
            reply_to=req.update.message.message_id if req.update.message else None,
        )
        return
    lang = player_language(opponent)
    try:
        await req.announcer.ask(
            view,
            opponent.id,
            0,
            t(lang, "takeback_asked_private", id=view.id, name=html_name(view, colour)),
            takeback_keyboard(lang, view),
            topic="takeback",
            user_id=req.person.id,
        )
    except Unreachable:
        req.reply(t(req.lang, "takeback_unreachable", id=view.id, name=html_name(view, other(colour))))
        return
    req.reply(t(req.lang, "takeback_sent", id=view.id, name=html_name(view, other(colour))))


def name_of(view: GameView, user_id: int) -> str:
    colour = view.colour_of(user_id)
    return html_name(view, colour) if colour is not None else "?"


@command
async def cmd_takeback(req: Request, args: list[str]) -> None:
    """``/takeback [id]``: ask to take your last move back (unrated games)."""
    view = await req.find(Want.PLAY, "takeback", game_id=game_arg(args))
    if view is not None:
        await ask_takeback(req, view)


@button(cb.Takeback)
async def on_takeback(req: Request, data: cb.Takeback) -> None:
    """The opponent's answer to a takeback (the asker's "decline" withdraws it)."""
    question: MessageRecord | None = await req.pressed_on("question", game=data.game, topic="takeback")
    if question is not None and not question.live:
        raise ServiceError(Problem.STALE)
    view = await req.services.game(data.game)
    if view.ply != data.ply:
        raise ServiceError(Problem.STALE)
    before = view.takeback
    view = await req.services.play.answer_takeback(data.game, req.person, data.accept, update_id=req.update_id)
    await req.answer()
    asker = view.player(before) if before is not None else None
    if data.accept:
        key, name = "takeback_done", html_name(view, before) if before is not None else "?"
    elif asker is not None and asker.id == req.person.id:
        key, name = "takeback_withdrawn", name_of(view, req.person.id)
    else:
        key, name = "takeback_declined", name_of(view, req.person.id)
    message = req.message
    if message is not None:
        req.announcer.settle(req.place.chat_id, message.message_id, t(req.lang, key, id=view.id, name=name))
    if view.kind == "private" and asker is not None and asker.id != req.person.id:
        req.messenger.send_text(asker.id, t(player_language(asker), key, id=view.id, name=name))
    if data.accept:
        req.announcer.announce(view)
