"""Sharing games: SGF records out and in (stepping through a record, continuing it), full-resolution pictures,
animated replays, spectator links, inline mode."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from concurrent.futures import ThreadPoolExecutor

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResultCachedPhoto, Update
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from render import HD, render_png
from render.replay import MAX_BYTES, render_gif

from ..engine import Game, format_point
from ..engine.sgf import SgfError, SgfRecord, parse_sgf
from ..i18n import Language, t
from ..pictures import board_view, replay_views
from ..services import MAX_SGF_BYTES, GameView, MessageRecord, Person, Problem, ServiceError, Want, continuation
from ..wording import drawn_name, picture_line, player_language
from . import callbacks as cb
from .captions import display, record_result_text
from .delivery.postbox import Kind, Ticket
from .formatting import name
from .keyboards import record_keyboard, unfollow_keyboard
from .messenger import Unreachable
from .request import Request, button, command, front_of, game_arg, message

log = logging.getLogger(__name__)
REPLAY_SECONDS = 45.0
"""A replay lasts about this long, whatever the number of moves (within 40-400 ms a move)."""
PROGRESS_AFTER = 2.0
"""Show progress for replays that take longer than this many seconds."""
_REPLAY_THREADS: list[ThreadPoolExecutor] = []


def _replays() -> ThreadPoolExecutor:
    """The one thread replays are drawn in, one after another: a replay takes seconds, and boards (drawn in the
    default threads) must not wait behind several of them."""
    if not _REPLAY_THREADS:
        _REPLAY_THREADS.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay"))
    return _REPLAY_THREADS[0]


async def _send_file(req: Request, kind: str, data: bytes, filename: str, caption: str) -> None:
    with contextlib.suppress(Unreachable):
        await req.messenger.send_file(kind, req.place.chat_id, data, filename, caption, thread_id=req.place.thread_id)


# ---------------------------------------------------------------------------------------------------------------
# Files out: SGF, PNG, replay


async def send_sgf(req: Request, view: GameView) -> None:
    """The game as an SGF record."""
    try:
        text = req.services.records.sgf(view)
    except ValueError as exc:
        req.reply(name(str(exc), 200))
        return
    caption = t(req.lang, "sgf_caption", id=view.id)
    await _send_file(req, "document", text.encode(), f"tochki-{view.id}.sgf", caption)


@command
async def cmd_sgf(req: Request, args: list[str]) -> None:
    view = await req.find(Want.SHOW, "sgf", game_id=game_arg(args))
    if view is not None:
        await send_sgf(req, view)


async def send_png(req: Request, view: GameView) -> None:
    """The board as a full-resolution PNG file."""
    picture = req.announcer.picture_of(view, req.lang)
    png = await req.announcer.painter.png(picture, max_side=HD, compress_level=6)
    caption = t(req.lang, "png_caption", id=view.id, ply=view.position.move_count)
    await _send_file(req, "document", png, f"tochki-{view.id}-{view.ply}.png", caption)


@command
async def cmd_png(req: Request, args: list[str]) -> None:
    view = await req.find(Want.SHOW, "png", game_id=game_arg(args))
    if view is not None:
        await send_png(req, view)


def replay_gif(view: GameView, lang: Language, progress: list[int]) -> bytes:
    """The animated replay of a game (runs in a worker thread; ``progress[0]`` counts frames done)."""
    moves = list(view.position.moves)
    delay = int(min(400, max(40, REPLAY_SECONDS * 1000 / max(1, len(moves)))))
    last_caption = picture_line(lang, view)
    # Numbers padded with figure spaces (as wide as a digit) keep the caption still: only changed digits repaint.
    figure = "\u2007"
    ply_width = len(str(len(moves)))
    coord_width = len(str(max(view.position.width, view.position.height)))

    def caption(position: Game) -> str:
        """Each frame says which move it shows ("Move 17 · 5-6"); the first and the last say what the board does."""
        last = position.last_move
        if position.ply == len(moves):
            return last_caption
        if last is not None and last.point is not None:
            ply = str(position.ply).rjust(ply_width, figure)
            return t(lang, "picture_move", ply=ply, point=format_point(last.point, digits=coord_width))
        return f"{t(lang, 'picture_game', id=view.id)} · {t(lang, 'picture_start')}"

    def tick(done: int) -> None:
        progress[0] = done

    blue, red = drawn_name(lang, view, "blue"), drawn_name(lang, view, "red")  # names the font can draw
    for max_side in (1000, 720, 520):  # smaller frames if a long game would not fit Telegram's limit
        views = replay_views(view.settings, moves, blue=blue, red=red, caption=caption)
        data = render_gif(views, delay_ms=delay, max_side=max_side, progress=tick)
        if len(data) <= MAX_BYTES:
            break
    return data


async def send_replay(req: Request, view: GameView) -> None:
    """An animated replay; a progress note counts up while a long one renders."""
    if view.ply == 0:
        req.say("replay_empty")
        return
    progress = [0]
    frames = view.ply + 1
    task = asyncio.get_running_loop().run_in_executor(_replays(), replay_gif, view, req.lang, progress)
    note: int | None = None
    started = time.monotonic()
    while not task.done():
        await asyncio.wait({task}, timeout=PROGRESS_AFTER)
        if task.done():
            break
        text = t(req.lang, "replay_progress", id=view.id, percent=min(99, 100 * progress[0] // frames))
        if note is None:
            note = await req.replied(text)
        else:
            await req.messenger.edit_text(req.place.chat_id, note, text, kind=Kind.TIDY)
    data = task.result()
    log.info("replay of game %s: %d frames, %d bytes, %.1f s", view.id, frames, len(data), time.monotonic() - started)
    caption = t(req.lang, "replay_caption", id=view.id, moves=view.position.move_count)
    await _send_file(req, "animation", data, f"tochki-{view.id}.gif", caption)
    if note is not None:
        await req.messenger.delete(req.place.chat_id, note)


@command
async def cmd_replay(req: Request, args: list[str]) -> None:
    view = await req.find(Want.SHOW, "replay", game_id=game_arg(args))
    if view is not None:
        await send_replay(req, view)


# ---------------------------------------------------------------------------------------------------------------
# Records in


def _show_record(source: str | bytes, ply: int | None) -> tuple[SgfRecord, Game, bytes, bool]:
    """Read a record, replay it to move ``ply`` (``None``: the end) and draw that position.

    Returns the record, the position, its PNG, and whether the game can be continued (from its last dot: not if the
    board filled up). Runs in a worker thread; raises ``SgfError`` for a bad record.
    """
    record = parse_sgf(source)
    record.game()  # replayed once by its rules: an illegal move is an ``SgfError``
    total = len(record.moves)
    ply = total if ply is None else min(ply, total)
    game = Game.from_settings(record.settings, record.moves[:ply])
    view = board_view(game, blue=record.blue or "Blue", red=record.red or "Red", caption=f"{game.ply} / {total}")
    return record, game, render_png(view), continuation(record) is not None


def _record_caption(lang: Language, record: SgfRecord, file_name: str, game: Game) -> str:
    return t(
        lang,
        "import_caption",
        name=name(file_name, 120),
        blue=name(record.blue or "Blue"),
        red=name(record.red or "Red"),
        score_blue=game.score[0],
        score_red=game.score[1],
        size=record.settings.size,
        moves=len(record.moves),
        result=record_result_text(lang, record.result),
        ply=game.ply,
    )


@message
async def on_other_document(req: Request) -> None:
    """A file that is not a record: in a private chat, say what files the bot reads."""
    if req.place.private:
        req.say("document_unknown")


@message
async def on_document(req: Request) -> None:
    """A player sent a file: if it is an SGF record of a Points game, show it and offer to step through it."""
    document = req.update.message.document if req.update.message else None
    if document is None:
        return
    if document.file_size is not None and document.file_size > MAX_SGF_BYTES:
        req.say("import_too_big")
        return
    await req.services.records.room(req.person.id, document.file_size or 0)  # the quota, before any download
    data = bytes(await (await document.get_file()).download_as_bytearray())
    if len(data) > MAX_SGF_BYTES:
        req.say("import_too_big")
        return
    try:
        record, game, png, can_continue = await asyncio.to_thread(_show_record, data, None)
    except SgfError as exc:
        details = {k: name(v) if isinstance(v, str) else v for k, v in exc.details.items()}
        req.reply(t(req.lang, "import_bad", reason=t(req.lang, f"sgf_{exc.code}", **details)))
        return
    text = data.decode("utf-8-sig", errors="replace")
    file_name = document.file_name or "record.sgf"
    import_id = await req.services.records.keep(req.place.chat_id, req.person.id, file_name, text)
    caption = _record_caption(req.lang, record, file_name, game)
    keyboard = record_keyboard(req.lang, import_id, game.ply, len(record.moves), can_continue)
    with contextlib.suppress(Unreachable):
        message_id = await req.messenger.send_photo(
            req.place.chat_id, png, caption, keyboard=keyboard, thread_id=req.place.thread_id
        )
        if message_id is not None:
            await req.services.messages.sent(
                MessageRecord(req.place.chat_id, message_id, "record", import_id=import_id, user_id=req.person.id)
            )


async def _kept(req: Request, import_id: int) -> tuple[str, str]:
    """A record's ``(file name, text)``: its buttons work where it was sent, for whoever sent it."""
    kept = await req.services.records.kept(import_id)
    if kept is None or kept.chat_id != req.place.chat_id:
        raise ServiceError(Problem.NO_SUCH_GAME, id=import_id)
    if kept.user_id != req.person.id:
        sender = await req.services.people.player(kept.user_id)
        raise ServiceError(Problem.NOT_YOURS, name=sender.name if sender else "?")
    return kept.name or "record.sgf", kept.sgf


async def _step(req: Request, import_id: int, message_id: int, ply: int) -> Ticket[bool] | None:
    """Show move ``ply`` of a record on its message (the latest step asked for replaces one still waiting)."""
    file_name, text = await _kept(req, import_id)
    try:
        record, game, png, can_continue = await asyncio.to_thread(_show_record, text, ply)
    except SgfError:
        return None  # it was read once already: it cannot turn bad
    caption = _record_caption(req.lang, record, file_name, game)
    keyboard = record_keyboard(req.lang, import_id, game.ply, len(record.moves), can_continue)
    return req.messenger.edit_photo(req.place.chat_id, message_id, png, caption, keyboard)


@button(cb.Step)
async def on_step(req: Request, data: cb.Step) -> None:
    """Step through an imported record."""
    await req.pressed_on("record", record=data.record)
    await _kept(req, data.record)
    if req.message is not None and (step := await _step(req, data.record, req.message.message_id, data.ply)):
        await req.answer_when(step)


async def jump_in_record(req: Request, import_id: int, message_id: int, text: str) -> None:
    """A reply to a record with a move number: show that move."""
    number = text.strip().lstrip("#№")
    if not (number.isascii() and number.isdigit() and len(number) < 7):
        req.say("record_jump_usage")
        return
    await _step(req, import_id, message_id, int(number))


@button(cb.Continue)
async def on_continue(req: Request, data: cb.Continue) -> None:
    """Continue an imported record as a new (unrated) game: its lobby."""
    await req.pressed_on("record", record=data.record)
    _, text = await _kept(req, data.record)
    try:
        record = parse_sgf(text)
    except SgfError:
        raise ServiceError(Problem.RECORD_OVER) from None
    opened = await req.services.lobby.open_from_record(req.place, req.person, record, req.update_id)
    await req.answer()
    intro = None
    if opened.existing:
        intro = t(req.lang, "open_invitation" if req.place.private else "open_game_exists")
    await req.announcer.show_lobby(opened.view, req.place.chat_id, req.place.thread_id, req.lang, intro=intro)


# ---------------------------------------------------------------------------------------------------------------
# Spectators


def watch_link(username: str, code: str) -> str:
    return f"https://t.me/{username}?start=w{code}"


async def send_watch(req: Request, view: GameView) -> None:
    """The game's spectator link."""
    code = await req.services.records.watch_code(view.id)
    req.reply(t(req.lang, "watch_link", id=view.id, link=watch_link(req.front.username, code)))


@command
async def cmd_watch(req: Request, args: list[str]) -> None:
    view = await req.find(Want.SHOW, "watch", game_id=game_arg(args))
    if view is not None:
        await send_watch(req, view)


async def start_watching(req: Request, code: str) -> None:
    """``/start w<code>``, a spectator link: show the game and follow it while it goes on."""
    view = await req.services.records.follow(code, req.place.chat_id)
    with contextlib.suppress(Unreachable):
        req.announcer.post_board(view, req.seat(view), buttons=False)
    if view.state != "active":
        req.reply(t(req.lang, "watching_over", id=view.id), quote=False)
        return
    earlier = await req.services.messages.live(view.id, chat_id=req.place.chat_id, kind="follow")
    note = await req.replied(
        t(req.lang, "watching", id=view.id), keyboard=unfollow_keyboard(req.lang, view.id), quote=False
    )
    if note is not None:
        await req.services.messages.sent(MessageRecord(req.place.chat_id, note, "follow", game_id=view.id))
        for old in earlier:  # the link opened again: one note with the button is enough
            if await req.messenger.edit_keyboard(req.place.chat_id, old.message_id, None):
                await req.services.messages.retired(req.place.chat_id, old.message_id)


@command
async def cmd_unwatch(req: Request, args: list[str]) -> None:
    """Stop following every game this chat follows; their notes say so."""
    followed = await req.services.records.followed(req.place.chat_id)
    if not followed:
        req.say("not_following")
        return
    untold = [game_id for game_id in followed if not await _stop_following(req, game_id)]
    if untold:  # a game whose note, in sight, now says so needs no second line
        req.reply("\n".join(t(req.lang, "unwatched", id=game_id) for game_id in untold))


async def _stop_following(req: Request, game_id: int) -> bool:
    """Stop following ``game_id`` here; whether a note here now says so where it is seen: below the game's latest
    board in this chat (a note above it is edited all the same, losing its button, but out of sight)."""
    chat_id = req.place.chat_id
    await req.services.records.unfollow(game_id, chat_id)
    notes = await req.services.messages.live(game_id, chat_id=chat_id, kind="follow")
    for note in notes:
        req.announcer.answered(note, t(req.lang, "unwatched", id=game_id))
    board = await req.services.messages.latest_board(game_id, chat_id)
    return any(board is None or note.message_id > board.message_id for note in notes)


@button(cb.Unfollow)
async def on_unfollow(req: Request, data: cb.Unfollow) -> None:
    """The "Stop following" button: the note that offered it says it is done."""
    note = await req.pressed_on("follow", game=data.game)
    try:
        await _stop_following(req, data.game)
    except ServiceError as error:
        if error.problem is not Problem.NOT_FOLLOWING:
            raise
    await req.answer(t(req.own_lang, "unwatched", id=data.game))
    if note is not None:
        req.announcer.settle(req.place.chat_id, note.message_id, t(req.lang, "unwatched", id=data.game))


# ---------------------------------------------------------------------------------------------------------------
# Inline mode


async def on_inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``@bot`` in any chat: the user's games, each a snapshot of its board (by ``file_id``) and a link to it."""
    query = update.inline_query
    if query is None:
        return
    front = front_of(context)
    services = front.services
    who = query.from_user
    player = await services.people.meet(Person(who.id, who.first_name, who.last_name, who.username, who.language_code))
    lang = player_language(player)
    results = []
    for view in await services.finder.recent_of(player.id, limit=20):
        file_id = await services.messages.picture(view.id, view.ply)
        if file_id is None:
            continue
        colour = view.to_move
        status = (
            t(lang, "inline_status_over") if colour is None else t(lang, "inline_status_on", name=display(view, colour))
        )
        link = watch_link(front.username, await services.records.watch_code(view.id))
        score_blue, score_red = view.position.score
        results.append(
            InlineQueryResultCachedPhoto(
                id=str(view.id),
                photo_file_id=file_id,
                title=t(
                    lang,
                    "inline_title",
                    id=view.id,
                    blue=display(view, "blue"),
                    red=display(view, "red"),
                    score_blue=score_blue,
                    score_red=score_red,
                ),
                description=t(lang, "inline_description", ply=view.position.move_count, status=status),
                caption=t(
                    lang,
                    "caption_head",
                    id=view.id,
                    blue=name(display(view, "blue")),
                    red=name(display(view, "red")),
                    score_blue=score_blue,
                    score_red=score_red,
                ),
                parse_mode=ParseMode.HTML,
                reply_markup=InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "inline_open"), url=link)]]),
            )
        )
    with contextlib.suppress(TelegramError):
        await query.answer(results, cache_time=5, is_personal=True)
