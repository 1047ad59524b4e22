"""Moves and boards: ``/m``, plain ``x-y`` and replies to a board, the move buttons and their window, ``/board``,
``/zoom``, and the answers to "which game?"."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from ..engine import IllegalMove, Point, parse_point
from ..i18n import t
from ..services import Choice, GameView, MessageRecord, Problem, ServiceError, Want
from . import callbacks as cb
from .captions import display
from .keyboards import default_window, window_at, window_from_corner
from .puzzles import answer_text_move
from .request import Request, button, command, game_arg, game_ref, message
from .sharing import jump_in_record

CLOSE_WORDS = frozenset({"close", "c", "закрыть", "закрой", "з"})
ALL_WORDS = frozenset({"all", "все", "всё"})


def split_closures(args: list[str]) -> tuple[list[str], list[Point], bool] | None:
    """``/m 20-18 close 21-17 22-16`` (manual rules): the arguments before ``close``, the points of the pools to
    close after the dot, and whether ``all`` was said. ``None`` when a word after ``close`` is not a point."""
    words = [a.strip().lower() for a in args]
    at = next((i for i, w in enumerate(words) if w in CLOSE_WORDS), None)
    if at is None:
        return args, [], False
    points: list[Point] = []
    every = False
    for word in words[at + 1 :]:
        if word in ALL_WORDS:
            every = True
            continue
        try:
            points.append(parse_point(word))
        except IllegalMove:
            return None
    if not points and not every:
        return None
    return args[:at], points, every


def split_move(args: list[str]) -> tuple[int | None, str]:
    """``/m`` arguments as ``(game number or None, the point's text)``: ``20-18``, ``20 18``, ``12 20-18``,
    ``#12 20 18``. A point is read first, so ``/m 20 18`` is the point 20-18."""
    text = " ".join(args)
    try:
        parse_point(text)
        return None, text
    except IllegalMove:
        pass
    if len(args) >= 2 and (game := game_ref(args[0])) is not None:
        return game, " ".join(args[1:])
    return None, text


async def make_move(
    req: Request,
    point: Point,
    *,
    game_id: int | None = None,
    reply_to: int | None = None,
    closures: list[Point] | None = None,
    close_all: bool = False,
) -> None:
    """Play ``point`` in the game this message is about (asking which one when several are the person's move);
    under manual rules ``closures`` and ``close_all`` close pools with the dot."""
    if game_id is None:
        game_id = await req.replied_game()
    found = await req.services.finder.find(
        req.place, req.person.id, Want.MOVE, game_id=game_id, reply_to=reply_to or req.reply_to
    )
    if isinstance(found, Choice):
        await req.choose(
            found,
            t(req.own_lang, "pick_move", point=str(point)),
            lambda view: cb.Play(view.id, view.ply, point.x, point.y),
        )
        return
    if (closures or close_all) and not found.settings.manual:
        raise ServiceError(Problem.NOT_IN_RULES)
    view = await req.services.play.move(
        found.id,
        req.person,
        point.x,
        point.y,
        update_id=req.update_id,
        closures=closures or (),
        close_all=close_all,
    )
    req.announcer.announce(view)


@command
async def cmd_move(req: Request, args: list[str]) -> None:
    """``/m x-y``, ``/m <game> x-y``; manual rules: ``/m x-y close x-y [x-y...]``, ``/m x-y close all``."""
    if not args:
        req.say("move_usage")
        return
    split = split_closures(args)
    if split is None or not split[0]:
        req.say("malformed")
        return
    args, closures, every = split
    game_id, text = split_move(args)
    if game_id is None and not closures and not every and await answer_text_move(req, text, command=True):
        return  # the answer to a puzzle
    try:
        point = parse_point(text)
    except IllegalMove:
        req.say("malformed")
        return
    await make_move(req, point, game_id=game_id, closures=closures, close_all=every)


@command
async def cmd_close(req: Request, args: list[str]) -> None:
    """``/close x-y`` (the pool holding ``x-y``), ``/close all``, ``/close <game> x-y``: manual rules, right after
    your dot."""
    game_id = game_ref(args[0]) if len(args) >= 2 else None
    words = args[1:] if game_id is not None else args
    text = " ".join(words).strip().lower()
    target: Point | None = None
    if text not in ALL_WORDS:
        try:
            target = parse_point(text)
        except IllegalMove:
            req.say("close_usage")
            return
    view = await req.find(Want.MOVE, "board", game_id=game_id)
    if view is not None:
        view = await req.services.play.close(view.id, req.person, target, update_id=req.update_id)
        req.announcer.announce(view)


@command
async def cmd_done(req: Request, args: list[str]) -> None:
    """``/done``: manual rules, done closing pools after your dot; the turn passes."""
    view = await req.find(Want.MOVE, "board", game_id=game_arg(args))
    if view is not None:
        view = await req.services.play.done(view.id, req.person, update_id=req.update_id)
        req.announcer.announce(view)


@command
async def cmd_autoclose(req: Request, args: list[str]) -> None:
    """``/autoclose on|off``: under manual rules, close every pool holding an opponent dot right after each of your
    dots (without a word: switch it)."""
    word = args[0].strip().lower() if args else ""
    if word in ("on", "yes", "1", "вкл", "да"):
        on = True
    elif word in ("off", "no", "0", "выкл", "нет"):
        on = False
    elif not word:
        on = not await req.services.play.autoclose(req.person)
    else:
        req.say("autoclose_usage")
        return
    await req.services.play.set_autoclose(req.person, on)
    req.reply(t(req.own_lang, "autoclose_on" if on else "autoclose_off"))


@message
async def on_text(req: Request) -> None:
    """Plain text: a reply to a board (or to a record), or ``x-y`` where the bot can read it. Chatter is left alone.

    In groups only the strict form counts (``20-18``, ``20 18``; never ``3:2`` or ``1.5``), only from the player
    to move and only on the board: anything else is somebody talking (``1-0`` is a score, not a move).
    """
    text = (req.update.message.text or "").strip() if req.update.message else ""
    group = not req.place.private
    replied = req.reply_to
    if await answer_text_move(req, text):
        return  # the answer to a puzzle (a reply to it; in private, the one waiting)
    if replied is not None:
        about = await req.services.messages.about(req.place.chat_id, replied)
        if about is not None and about.import_id is not None:
            if about.user_id == req.person.id:  # the sender steps through their record with move numbers
                await jump_in_record(req, about.import_id, about.message_id, text)
            return
        if about is not None and about.game_id is not None:
            try:
                point = parse_point(text, strict=group)
            except IllegalMove:
                if any(ch.isdigit() for ch in text):
                    req.say("malformed")
                return
            await make_move(req, point, reply_to=replied)
            return
    try:
        point = parse_point(text, strict=group)
    except IllegalMove:
        if not group:
            req.reply(t(req.lang, "malformed" if any(ch.isdigit() for ch in text) else "chatter_private"))
        return
    if group:
        try:
            view = await req.services.finder.find(req.place, req.person.id, Want.SHOW)
        except ServiceError:
            return  # no game here: talk, not a move
        if not isinstance(view, GameView) or view.player_to_move is None or view.player_to_move.id != req.person.id:
            return  # not the player to move: talk, not a move
        if not (1 <= point.x <= view.position.width and 1 <= point.y <= view.position.height):
            return  # "1-0", "0-0": a score, not a point of the board
    await make_move(req, point)


# ---------------------------------------------------------------------------------------------------------------
# Boards


async def show_board(req: Request, view: GameView) -> None:
    """Post the game's board here again (a lobby shows its lobby). In a busy group, where the game's newest board
    went up a moment ago, a line pointing to it takes its place: the group's minute is for the boards themselves."""
    if view.state == "lobby":
        await req.announcer.show_lobby(view, req.place.chat_id, req.place.thread_id, req.lang)
        return
    if not req.place.private and (above := await req.announcer.board_above(view, req.place.chat_id)) is not None:
        req.reply(
            t(req.lang, "board_above", id=view.id, link=above),
            personal=t(req.own_lang, "board_above", id=view.id, link=above),
        )
        return
    req.announcer.post_board(
        view, req.seat(view), reply_to=req.update.message.message_id if req.update.message else None
    )


@command
async def cmd_board(req: Request, args: list[str]) -> None:
    """``/board``, ``/board <game>``."""
    view = await req.find(Want.SHOW, "board", game_id=game_arg(args))
    if view is not None:
        await show_board(req, view)


async def show_zoom(req: Request, view: GameView, point: Point | None = None) -> None:
    """A zoomed picture of the board around ``point`` (else the last move)."""
    game = view.position
    if point is not None and not (1 <= point.x <= game.width and 1 <= point.y <= game.height):
        raise ServiceError(Problem.OFF_BOARD, point=str(point), width=game.width, height=game.height)
    window = window_at(game.width, game.height, *point) if point is not None else default_window(game)
    await req.announcer.zoomed(
        view, req.seat(view), window, reply_to=req.update.message.message_id if req.update.message else None
    )


async def show_hint(req: Request, view: GameView) -> None:
    """The bot's suggestion for the person's move, with a button that plays it (games against the bot and unrated
    games only)."""
    await req.services.opponent.may_hint(view.id, req.person)  # a refusal comes before "typing…"
    await req.typing()
    view, point = await req.services.opponent.hint(view.id, req.person)
    keyboard = InlineKeyboardMarkup(
        [[InlineKeyboardButton(f"▶ {point}", callback_data=cb.Play(view.id, view.ply, point.x, point.y).encode())]]
    )
    text = t(req.own_lang, "hint_text", id=view.id, point=str(point))

    def here() -> object:
        reply_to = req.update.message.message_id if req.update.message else None
        return req.announcer.ask(
            view,
            req.place.chat_id,
            req.place.thread_id,
            text,
            keyboard,
            topic="hint",
            user_id=req.person.id,
            reply_to=reply_to,
        )

    where = req.away()  # a hint is meant for one person: in a busy group it goes to their private chat
    if where is None:
        here()
        return
    away = t(req.own_lang, "answered_privately", where=where, text=text)
    req.or_here(req.announcer.ask(view, req.person.id, 0, away, keyboard, topic="hint", user_id=req.person.id), here)


@command
async def cmd_hint(req: Request, args: list[str]) -> None:
    """``/hint``, ``/hint <game>``: a point the bot would play, in a game against it or an unrated game."""
    view = await req.find(Want.MOVE, "hint", game_id=game_arg(args))
    if view is not None:
        await show_hint(req, view)


@command
async def cmd_zoom(req: Request, args: list[str]) -> None:
    """``/zoom``, ``/zoom x-y``, ``/zoom <game> x-y``: the part of the board around a point, large."""
    game_id, text = split_move(args) if args else (None, "")
    point = None
    if text:
        try:
            point = parse_point(text)
        except IllegalMove:
            if (game_id := game_ref(text)) is None:
                req.say("zoom_usage")
                return
    view = await req.find(Want.SHOW, "zoom", game_id=game_id)
    if view is not None:
        await show_zoom(req, view, point)


# ---------------------------------------------------------------------------------------------------------------
# Buttons


@button(cb.Play)
async def on_play(req: Request, data: cb.Play) -> None:
    """A point pressed on a board (or a game picked for a move typed before)."""
    pick = await _pick(req)
    if pick is None:
        await req.pressed_on("board", game=data.game)
    view = await req.services.play.move(
        data.game, req.person, data.x, data.y, expected_ply=data.ply, update_id=req.update_id
    )
    await req.answer_move(Point(data.x, data.y), view)
    if pick is not None:  # the answer to "which game?": it is settled
        text = t(req.own_lang, "picked_move", point=str(Point(data.x, data.y)), id=view.id)
        req.announcer.settle(req.place.chat_id, pick.message_id, text)
    req.announcer.announce(view)


async def _pick(req: Request, *, only: bool = False) -> MessageRecord | None:
    """The "which game?" question the button is on, if it is one (only who asked may answer it); with ``only``, any
    other message refuses the button."""
    about = await req.pressed()
    if about is None or about.kind != "question" or about.topic not in ("pick", "hint"):
        if only:  # "which game?" questions are always remembered: on anything else the button is forged
            raise ServiceError(Problem.STALE)
        return None
    if about.user_id != req.person.id:
        asker = await req.services.people.player(about.user_id)
        raise ServiceError(Problem.NOT_YOURS, name=asker.name if asker else "?")
    if not about.live:
        raise ServiceError(Problem.STALE)
    if about.topic == "hint" and req.query is not None:  # a hint's button plays in the hint's game only
        data = cb.decode(req.query.data)
        if not isinstance(data, cb.Play) or data.game != about.game_id:
            raise ServiceError(Problem.STALE)
    return about


async def _closer_only(req: Request, game_id: int, ply: int) -> None:
    """The pool buttons of a closing phase are the closer's: anyone else pressing them is told whose they are (on a
    group's board everyone sees them)."""
    view = await req.services.finder.find(req.place, req.person.id, Want.SHOW, game_id=game_id)
    assert isinstance(view, GameView)
    if (
        view.state == "active"
        and view.closing is not None
        and view.ply == ply
        and view.colour_of(req.person.id) != view.closing
    ):
        raise ServiceError(Problem.NOT_YOURS, name=display(view, view.closing))


@button(cb.Close)
async def on_close(req: Request, data: cb.Close) -> None:
    """A pool pressed under a board right after the presser's dot (``0-0``: all of them)."""
    await req.pressed_on("board", game=data.game)
    await _closer_only(req, data.game, data.ply)
    target = None if (data.x, data.y) == (0, 0) else Point(data.x, data.y)
    view = await req.services.play.close(data.game, req.person, target, expected_ply=data.ply, update_id=req.update_id)
    await req.answer("✓")
    req.announcer.announce(view)


@button(cb.Done)
async def on_done(req: Request, data: cb.Done) -> None:
    """Done closing: the turn passes."""
    await req.pressed_on("board", game=data.game)
    await _closer_only(req, data.game, data.ply)
    view = await req.services.play.done(data.game, req.person, expected_ply=data.ply, update_id=req.update_id)
    await req.answer("✓")
    req.announcer.announce(view)


@button(cb.Info)
async def on_info(req: Request, data: cb.Info) -> None:
    """A point that cannot be played: what is there."""
    view = await req.services.finder.find(req.place, req.person.id, Want.SHOW, game_id=data.game)
    assert isinstance(view, GameView)
    game = view.position
    point = str(Point(data.x, data.y))
    if not (1 <= data.x <= game.width and 1 <= data.y <= game.height) or game.is_playable(data.x, data.y):
        await req.answer(t(req.own_lang, "point_busy", point=point))
        return
    dot = game.dot(data.x, data.y)
    if dot is not None:
        captured = game.owner(data.x, data.y) is not None
        dot_text = t(req.own_lang, f"dot_{dot}_captured" if captured else f"dot_{dot}")
        await req.answer(t(req.own_lang, "point_info_dot", point=point, dot=dot_text))
    else:
        await req.answer(t(req.own_lang, "point_info_out", point=point))


@button(cb.Window)
async def on_window(req: Request, data: cb.Window) -> None:
    """Move the window of buttons, or zoom the picture in on it. On a group's board the buttons belong to the
    player to move: the other player's presses change nothing."""
    await req.pressed_on("board", game=data.game)
    view = await req.services.finder.find(req.place, req.person.id, Want.SHOW, game_id=data.game)
    assert isinstance(view, GameView)
    if view.state != "active" or view.to_move is None:
        raise ServiceError(Problem.GAME_OVER)
    if data.ply != view.ply or view.closing is not None:
        raise ServiceError(Problem.STALE)
    colour = view.colour_of(req.person.id)
    if colour is None:
        raise ServiceError(Problem.NOT_A_PLAYER)
    if not req.place.private and colour != view.to_move:
        raise ServiceError(Problem.NOT_YOURS, name=display(view, view.to_move))
    message = req.message
    if message is not None:
        window = window_from_corner(view.position.width, view.position.height, data.x0, data.y0)
        await req.answer_when(req.announcer.redraw(view, req.seat(view), message.message_id, window, data.zoom))


@button(cb.Show)
async def on_show(req: Request, data: cb.Show) -> None:
    """A game picked from ``/games``: its board here (a private game's board only in a private chat)."""
    view = await req.services.finder.find(req.place, req.person.id, Want.SHOW, game_id=data.game)
    assert isinstance(view, GameView)
    await req.answer()
    await show_board(req, view)


@button(cb.Pick)
async def on_pick(req: Request, data: cb.Pick) -> None:
    """The answer to "which game?": the command asked before runs for that game."""
    pick = await _pick(req, only=True)
    view = await req.services.finder.find(req.place, req.person.id, Want.SHOW, game_id=data.game)
    assert isinstance(view, GameView)
    await req.answer()
    if pick is not None:
        req.announcer.settle(req.place.chat_id, pick.message_id, t(req.own_lang, "picked", id=view.id))
    await req.front.actions[data.command](req, view)
