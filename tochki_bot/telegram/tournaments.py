"""Tournaments in the chat: ``/tournament`` (the lobby, one message edited as people join), its buttons, ``/standings``,
and making what a tournament owes the group: a round's one message of pairings, then its games' first boards (in a
forum group each game in a topic of its own), the standings after a round (a picture with the text under it), the
end with the winner and the games' SGF collection.

The services advance the rounds (in the transaction that ends a round's last game) and owe the announcements in the
tournament's outbox; this module makes them (``deliver``): at once after the change that owed them, else at the
clock's pass. A message already sent is never sent again (its id is kept with what is owed); one tournament's
announcements are made by one worker at a time (``exclusive``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace
from functools import partial
from urllib.parse import quote

from telegram import InlineKeyboardMarkup
from telegram.error import TelegramError

from render.table import render_table_png

from ..i18n import Language, t
from ..services import (
    MAX_TIME,
    MIN_TIME,
    GameView,
    Problem,
    ServiceError,
    TournamentChoice,
    TournamentFormat,
    TournamentNotice,
    TournamentView,
)
from ..services.standings import Result, standings
from . import callbacks as cb
from .delivery.postbox import Kind
from .lobby import _seconds, parse_new_args
from .messenger import Unreachable
from .request import Front, Request, button, command
from .tournament_views import (
    closed_text,
    leave_keyboard,
    lobby_keyboard,
    lobby_text,
    page_keyboard,
    remove_keyboard,
    round_text,
    running_keyboard,
    standings_picture,
    standings_text,
    started_text,
)

log = logging.getLogger(__name__)
BOARD_WAIT = 10.0
"""How long the tournament's next announcements wait for the final board of the game that ended a round (the
group sees the last result before the next round's pairings)."""

FORMAT_WORDS: dict[str, TournamentFormat] = {
    "swiss": "swiss",
    "швейцарка": "swiss",
    "швейцарская": "swiss",
    "rr": "round_robin",
    "round-robin": "round_robin",
    "roundrobin": "round_robin",
    "круговой": "round_robin",
    "knockout": "elimination",
    "elimination": "elimination",
    "cup": "elimination",
    "playoff": "elimination",
    "кубок": "elimination",
    "олимпийка": "elimination",
    "навылет": "elimination",
    "на-вылет": "elimination",
}


REMOVE_WORDS = ("remove", "kick", "убрать", "исключить")
"""``/tournament remove``: the creator's picker of the player to remove."""


def parse_tournament_args(args: list[str], unknown: list[str]) -> TournamentChoice:
    """``/tournament swiss 5r 20x20 1h polish unrated in 2h``: the format, the Swiss rounds (``5r``), a start in a
    while (``in 2h``), and the games' settings as ``/new`` reads them (board, start, time, rule set and options,
    ``unrated``)."""
    format: TournamentFormat = "swiss"
    rounds = 0
    starts_in: int | None = None
    rest: list[str] = []
    after_in = False
    for arg in args:
        word = arg.strip().lower()
        if after_in:
            after_in = False
            seconds = _seconds(word)
            if seconds is not None and MIN_TIME <= seconds <= MAX_TIME:
                starts_in = seconds
                continue
            unknown.append(arg)
            continue
        if word in FORMAT_WORDS:
            format = FORMAT_WORDS[word]
        elif word in ("in", "через"):
            after_in = True
        elif len(word) >= 2 and word[-1] in "rр" and word[:-1].isdigit() and 1 <= int(word[:-1]) <= 20:
            rounds = int(word[:-1])
        else:
            rest.append(arg)
    game = parse_new_args(rest, unknown)
    return TournamentChoice(format=format, rounds=rounds, game=game, rated=game.rated, starts_in=starts_in)


# ----------------------------------------------------------------------------------------------------------------------
# Commands


@command
async def cmd_tournament(req: Request, args: list[str]) -> None:
    """``/tournament [format] [rounds] [settings] [in <time>]`` opens the group's tournament lobby (or shows the
    tournament it has); ``/tournament leave`` leaves the running one, ``/tournament remove`` gives its creator the
    players to remove, ``/tournament sgf`` sends its games."""
    if req.place.private:
        raise ServiceError(Problem.GROUPS_ONLY)
    word = args[0].strip().lower() if args else ""
    if word in ("leave", "выйти", "sgf", "standings", "таблица", *REMOVE_WORDS):
        view = await req.services.tournaments.of_chat(req.place.chat_id)
        if view is None:
            raise ServiceError(Problem.NO_TOURNAMENT)
        if word in ("leave", "выйти"):
            await ask_leave(req, view)
        elif word in REMOVE_WORDS:
            await ask_remove(req, view)
        elif word == "sgf":
            await send_sgf(req, view)
        else:
            await send_standings(req, view)
        return
    unknown: list[str] = []
    choice = parse_tournament_args(args, unknown)
    chat = req.update.effective_chat
    forum = bool(chat is not None and getattr(chat, "is_forum", False))
    opened = await req.services.tournaments.open(req.place, req.person, choice, forum=forum, update_id=req.update_id)
    view = opened.view
    if opened.existing and view.state != "lobby":
        await send_standings(req, view, intro=t(req.lang, "tournament_open_here"))
        return
    intro = t(req.lang, "tournament_open_here") if opened.existing else None
    if unknown and not opened.existing:
        intro = t(req.lang, "tournament_unknown", words=", ".join(unknown)[:60])
    await show_lobby(req, view, intro)


async def show_lobby(req: Request, view: TournamentView, intro: str | None = None) -> None:
    """Post the lobby message (it is edited from now on as people join)."""
    text = lobby_text(req.lang, view, req.services.now)
    message_id = await req.replied(f"{intro}\n\n{text}" if intro else text, keyboard=lobby_keyboard(req.lang, view))
    if message_id is not None:
        await req.services.tournaments.set_message(view.id, message_id)


@command
async def cmd_standings(req: Request, args: list[str]) -> None:
    """The standings of the group's tournament (in private: of your last tournament)."""
    if req.place.private:
        found = await req.services.tournaments.of_user(req.person.id)
        view = found[0] if found else None
    else:
        view = await req.services.tournaments.of_chat(req.place.chat_id)
    if view is None:
        raise ServiceError(Problem.NO_TOURNAMENT)
    await send_standings(req, view)


async def send_standings(req: Request, view: TournamentView, intro: str | None = None) -> None:
    """The standings as a picture, the text under it."""
    png = await asyncio.to_thread(render_table_png, standings_picture(req.lang, view))
    caption = standings_text(req.lang, view)
    if intro:
        caption = f"{intro}\n{caption}"
    message = req.update.message
    with contextlib.suppress(Unreachable):
        await req.messenger.send_photo(
            req.place.chat_id,
            png,
            caption,
            keyboard=running_keyboard(req.lang, view, page_link(req.front, view)) if view.state != "lobby" else None,
            thread_id=req.place.thread_id,
            reply_to=message.message_id if message is not None else None,
        )


async def send_sgf(req: Request, view: TournamentView) -> None:
    """The tournament's finished games as one SGF collection."""
    text = await req.services.tournaments.sgf(view.id)
    count = text.count("(;")
    if not count:
        req.reply(t(req.lang, "tournament_no_games", id=view.id))
        return
    with contextlib.suppress(Unreachable):
        await req.messenger.send_file(
            "document",
            req.place.chat_id,
            text.encode(),
            f"tournament-{view.id}.sgf",
            t(req.lang, "tournament_sgf", id=view.id, count=count),
            thread_id=req.place.thread_id,
        )


async def ask_leave(req: Request, view: TournamentView) -> None:
    """Leaving a running tournament forfeits the rest: the player confirms (a question only they answer)."""
    if view.state == "lobby":
        left = await req.services.tournaments.leave(view.id, req.person, req.update_id)
        req.reply(t(req.lang, "tournament_left", id=view.id))
        await refresh_lobby(req, left.view)
        return
    entry = view.entry(req.person.id)
    if entry is None or not entry.active:
        raise ServiceError(Problem.NOT_IN_TOURNAMENT, id=view.id)
    req.reply(
        t(req.lang, "tournament_leave_confirm", id=view.id), keyboard=leave_keyboard(req.lang, view, req.person.id)
    )


async def ask_remove(req: Request, view: TournamentView, *, lobby_message: bool = False) -> None:
    """The creator picks the player to remove: on the lobby message itself (its button), else as a message of its
    own (the command, or a running tournament: the player loses the game they play and forfeits the rest)."""
    if req.person.id != view.creator.id:
        raise ServiceError(Problem.ONLY_CREATOR, creator=view.creator.name)
    if view.state not in ("lobby", "running"):
        raise ServiceError(Problem.TOURNAMENT_OVER, id=view.id)
    if lobby_message and view.state == "lobby":
        await refresh_lobby(req, view, remove_keyboard(req.lang, view))
        return
    req.reply(t(req.lang, "tournament_remove_pick", id=view.id), keyboard=remove_keyboard(req.lang, view))


async def refresh_lobby(req: Request, view: TournamentView, keyboard: InlineKeyboardMarkup | None = None) -> None:
    """The lobby message shows the tournament as it is now."""
    if view.message_id is None or view.state != "lobby":
        return
    lang = await req.announcer.chat_language(view.chat_id)
    await req.messenger.edit_text(
        view.chat_id,
        view.message_id,
        lobby_text(lang, view, req.services.now),
        keyboard or lobby_keyboard(lang, view),
    )


# ----------------------------------------------------------------------------------------------------------------------
# Buttons


async def _tournament_here(req: Request, tournament_id: int) -> TournamentView:
    """The tournament a button names, if it is this group's (a forged button names another)."""
    view = await req.services.tournaments.get(tournament_id)
    if view.chat_id != req.place.chat_id:
        raise ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id)
    return view


@button(cb.TSet)
async def on_setting(req: Request, data: cb.TSet) -> None:
    await _tournament_here(req, data.tournament)
    view = await req.services.tournaments.change(data.tournament, req.person, data.setting, data.value, req.update_id)
    await req.answer()
    await refresh_lobby(req, view)


@button(cb.TJoin)
async def on_join(req: Request, data: cb.TJoin) -> None:
    view = await _tournament_here(req, data.tournament)
    if data.join:
        view = await req.services.tournaments.join(view.id, req.person, req.place, req.update_id)
        await req.answer(t(req.own_lang, "tournament_joined", id=view.id))
        await refresh_lobby(req, view)
        return
    if view.state != "lobby":
        await ask_leave(req, view)
        return
    left = await req.services.tournaments.leave(view.id, req.person, req.update_id)
    await req.answer(t(req.own_lang, "tournament_left", id=view.id))
    await refresh_lobby(req, left.view)


@button(cb.TAct)
async def on_action(req: Request, data: cb.TAct) -> None:
    view = await _tournament_here(req, data.tournament)
    services = req.services
    if data.action == "start":
        view = await services.tournaments.start(view.id, req.person, req.update_id)
        await req.answer()
        await deliver(req.front, view.id)
    elif data.action == "cancel":
        view = await services.tournaments.cancel(view.id, req.person, req.update_id)
        await req.answer()
        await deliver(req.front, view.id)
    elif data.action == "remove":
        await ask_remove(req, view, lobby_message=_on_lobby(req, view))
        await req.answer()
    elif data.action == "back":
        if req.person.id != view.creator.id:
            raise ServiceError(Problem.ONLY_CREATOR, creator=view.creator.name)
        await req.answer()
        if _on_lobby(req, view):
            await refresh_lobby(req, view)
        elif req.message is not None:  # a picker of its own: nobody removed
            req.announcer.settle(
                req.place.chat_id, req.message.message_id, t(req.lang, "tournament_remove_kept", id=view.id)
            )
    elif data.action == "standings":
        await req.answer()
        await send_standings(req, view)
    elif data.action == "sgf":
        await req.answer()
        await send_sgf(req, view)
    else:
        await req.answer()
        await ask_leave(req, view)


@button(cb.TRemove)
async def on_remove(req: Request, data: cb.TRemove) -> None:
    view = await _tournament_here(req, data.tournament)
    target = view.entry(data.user)
    left = await req.services.tournaments.remove(view.id, req.person, data.user, req.update_id)
    who = target.player.name if target is not None else str(data.user)
    await req.answer(t(req.own_lang, "tournament_removed", id=view.id, name=who))
    on_lobby = _on_lobby(req, view)
    if left.view.state == "lobby":
        await refresh_lobby(req, left.view)
    message = req.message
    if message is not None and not on_lobby:  # the picker of its own says who is out
        req.announcer.settle(
            req.place.chat_id, message.message_id, t(req.lang, "tournament_removed", id=view.id, name=who)
        )
    await _after_leaving(req, left.ended)


def _on_lobby(req: Request, view: TournamentView) -> bool:
    """Whether the button pressed is on the tournament's lobby message."""
    return req.message is not None and view.message_id == req.message.message_id


@button(cb.TLeave)
async def on_leave(req: Request, data: cb.TLeave) -> None:
    view = await _tournament_here(req, data.tournament)
    if data.user != req.person.id:
        asker = view.entry(data.user)
        raise ServiceError(Problem.NOT_YOURS, name=asker.player.name if asker else "?")
    message = req.message
    if not data.yes:
        await req.answer(t(req.own_lang, "tournament_leave_kept", id=view.id))
        if message is not None:
            req.announcer.settle(
                req.place.chat_id, message.message_id, t(req.lang, "tournament_leave_kept", id=view.id)
            )
        return
    left = await req.services.tournaments.leave(view.id, req.person, req.update_id)
    await req.answer(t(req.own_lang, "tournament_left", id=view.id))
    if message is not None:
        text = t(req.lang, "tournament_left_running", id=view.id, name=req.player.name)
        req.announcer.settle(req.place.chat_id, message.message_id, text)
    await _after_leaving(req, left.ended)


async def _after_leaving(req: Request, ended: GameView | None) -> None:
    """The game lost by leaving gets its final board; what the tournament owes now (a round, the end) is made."""
    if ended is not None:
        req.announcer.announce(ended)
        if ended.table is not None:
            await deliver(req.front, ended.table.tournament)


# ----------------------------------------------------------------------------------------------------------------------
# Making what a tournament owes


async def deliver(front: Front, tournament_id: int | None = None, *, grace: float | None = None) -> int:
    """Make the announcements owed: one tournament's all (after a change made here), or every one this worker is
    to make (the clock's pass: those owed longer than ``grace``). Returns how many were made; the announcer settles
    the outbox."""
    return await front.announcer.tournament_notices(partial(_make, front), tournament_id, grace=grace)


async def _make(front: Front, notice: TournamentNotice, view: TournamentView) -> bool:
    """Make one announcement; whether it is all done (else it is made again later, without what is out already)."""
    announcer, messenger = front.announcer, front.messenger
    lang = await announcer.chat_language(view.chat_id)
    if notice.kind == "cancelled":
        if view.message_id is not None:
            return await announcer.settle(view.chat_id, view.message_id, closed_text(lang, view))
        return True
    if notice.kind == "round":
        return await _make_round(front, notice, view, lang)
    # The standings after a round, or the end: the picture with the text under it, once.
    if notice.message_id is not None:
        return True
    png = await asyncio.to_thread(render_table_png, standings_picture(lang, _as_of(view, notice.round)))
    caption = standings_text(lang, _as_of(view, notice.round))
    try:
        sent = await messenger.send_photo(
            view.chat_id,
            png,
            caption,
            keyboard=running_keyboard(lang, view, page_link(front, view)),
            thread_id=view.thread_id,
        )
    except Unreachable:
        return True  # the group is gone: nobody is left to tell
    if sent is None:
        return False
    await front.services.tournaments.sent(notice, sent)
    return True


def _as_of(view: TournamentView, number: int) -> TournamentView:
    """The standings after round ``number`` (a later round may have begun meanwhile: its games are not counted)."""
    if view.state == "finished" or view.round <= number:
        return view
    pairings = tuple(p for p in view.pairings if p.round <= number)
    seeds = [(e.player.id, e.seed or n) for n, e in enumerate(view.entries, 1)]
    results = [Result(p.round, p.blue.id, p.red.id if p.red else None, p.result, p.forfeit, p.board) for p in pairings]
    lines = standings(
        seeds, results, view.format, rounds_played=number, inactive=[e.player.id for e in view.entries if not e.active]
    )
    return replace(view, round=number, pairings=pairings, standings=tuple(lines))


async def _make_round(front: Front, notice: TournamentNotice, view: TournamentView, lang: Language) -> bool:
    """A round started: the lobby says so (round 1), each game gets its topic (a forum group), the pairings go out
    as one message, then each game's first board."""
    services, announcer, messenger = front.services, front.announcer, front.messenger
    complete = True
    if notice.round == 1 and view.message_id is not None:
        try:
            await messenger.edit_text(
                view.chat_id,
                view.message_id,
                started_text(lang, view),
                running_keyboard(lang, view, page_link(front, view)),
                kind=Kind.PRESS,
            )
        except Unreachable:
            return True
    games: list[GameView] = []
    for pairing in view.round_pairings(notice.round):
        if pairing.game_id is not None:
            games.append(await services.game(pairing.game_id))
    if view.forum:
        games = [await _topic(front, view, game) for game in games]
    if notice.message_id is None:
        try:
            sent = await messenger.send_text(
                view.chat_id,
                round_text(lang, view, notice.round),
                thread_id=view.thread_id,
                keyboard=page_keyboard(lang, page_link(front, view)),
                kind=Kind.BOARD,
            )
        except Unreachable:
            return True
        if sent is None:
            return False
        await services.tournaments.sent(notice, sent)
    for game in games:
        if game.state == "active" and await services.outbox.owes(game.id, game.ply, "started"):
            await announcer.started(game)
            complete = complete and not await services.outbox.owes(game.id, game.ply, "started")
    return complete


async def _topic(front: Front, view: TournamentView, game: GameView) -> GameView:
    """A forum group: the game's own topic, made before its first board (a topic the bot may not make: the game
    stays in the tournament's)."""
    if game.thread_id != view.thread_id or game.state != "active":
        return game
    blue = game.blue.name if game.blue else "?"
    red = game.red.name if game.red else "?"
    title = f"#{game.id} · {blue} – {red}"[:128]
    try:
        topic = await front.messenger.bot.create_forum_topic(view.chat_id, title)
    except TelegramError as exc:
        log.warning(
            "could not make a topic for game %s in %s (%s): it is played in the tournament's",
            game.id,
            view.chat_id,
            exc,
        )
        return game
    return await front.services.tournaments.set_topic(game.id, int(topic.message_thread_id))


def page_link(front: Front, view: TournamentView) -> str | None:
    """The tournament's page in the Mini App (a direct link: groups allow no ``web_app`` buttons), when it is set
    up."""
    miniapp = front.announcer.miniapp
    if miniapp is None or not view.watch:
        return None
    return f"https://t.me/{miniapp.bot}/{miniapp.name}?startapp={quote(f't{view.id}_{view.watch}')}"


async def after_change(front: Front, view: GameView) -> None:
    """After a change of a game (here, in the Mini App, by the bot, on the clock): when it ended a tournament's game,
    once its final board is out, make what the tournament owes (the next round, the standings, the end) and a
    knockout replay's first board, and close the game's own forum topic. Called by the application's one listener
    of changes, after it showed the change."""
    if view.table is None or view.result is None:
        return
    services = front.services
    loop = asyncio.get_running_loop()
    until = loop.time() + BOARD_WAIT
    while await services.outbox.owes(view.id, view.ply, "position") and loop.time() < until:
        await asyncio.sleep(0.2)
    await deliver(front, view.table.tournament)
    games = await services.tournaments.games(view.table.tournament)
    for game in games:  # a replay's first board
        if game.state == "active" and await services.outbox.owes(game.id, game.ply, "started"):
            await front.announcer.started(game)
    await _close_topic(front, view, view.table.tournament, games)


async def _close_topic(front: Front, view: GameView, tournament_id: int, games: list[GameView]) -> None:
    """A forum tournament's game played in a topic of its own: once its final board is out, the topic is closed (a
    drawn knockout game's replay is played in it first; the topic closes after the replay)."""
    services = front.services
    if not view.thread_id or await services.outbox.owes(view.id, view.ply, "position"):
        return  # in the group's general topic, or the final board is not out yet
    tournament = await services.tournaments.get(tournament_id)
    if not tournament.forum or view.thread_id == tournament.thread_id:
        return
    if any(game.state == "active" and game.thread_id == view.thread_id for game in games):
        return
    try:
        await front.messenger.bot.close_forum_topic(view.chat_id, view.thread_id)
    except TelegramError as exc:
        log.warning("could not close the topic %s of game %s in %s (%s)", view.thread_id, view.id, view.chat_id, exc)
