"""Sharing games: SGF records out and in, full-resolution pictures, animated replays, spectator links, inline mode,
ratings."""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import time
from datetime import UTC, datetime

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultCachedPhoto,
    InputMediaPhoto,
    Message,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from render import HD, render_png
from render.replay import MAX_BYTES, render_gif
from storage import GameRecord

from . import callbacks
from .captions import Players, picture_caption, record_result_text, result_text
from .engine import EndReason, Game
from .engine.sgf import SgfError, SgfRecord, parse_sgf, write_sgf
from .games import GameError, Person
from .handlers import Here, error_text, read_button, services_of, show_lobby, understand
from .messenger import Unreachable
from .pictures import board_view, replay_views
from .ratings import leaderboard
from .texts import Language, name, t

log = logging.getLogger(__name__)
MAX_SGF_BYTES = 512 * 1024
REPLAY_SECONDS = 45.0
"""A replay lasts about this long, whatever the number of moves (within 40-400 ms a move)."""
PROGRESS_AFTER = 2.0
"""Show progress for replays that take longer than this many seconds."""


def _game_id(args: list[str] | None) -> int | None:
    if not args:
        return None
    text = args[0].lstrip("#№")
    return int(text) if text.isdigit() and len(text) < 12 else None


async def _shared(here: Here, args: list[str] | None) -> GameRecord | None:
    try:
        return await here.games.shared(here.place, here.person.id, _game_id(args))
    except GameError as error:
        await here.say(error_text(here.lang, error))
        return None


async def _send_here(here: Here, kind: str, data: bytes, filename: str, caption: str) -> None:
    """Send a file (``document`` or ``animation``) where the command was given."""
    with contextlib.suppress(Unreachable):
        await here.messenger.send_file(
            kind, here.place.chat_id, data, filename, caption, thread_id=here.place.thread_id
        )


def _date(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d")


# ----------------------------------------------------------------------------------------------------------------
# Files out: SGF, PNG, replay


async def cmd_sgf(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None or (record := await _shared(here, context.args)) is None:
        return
    game = await here.games.engine(record)
    players = await here.messenger.players(record)
    try:
        text = write_sgf(game, blue=players.display("blue"), red=players.display("red"), date=_date(record.created_at))
    except ValueError as exc:
        await here.say(html.escape(str(exc)))
        return
    caption = t(here.lang, "sgf_caption", id=record.id)
    await _send_here(here, "document", text.encode(), f"tochki-{record.id}.sgf", caption)


async def cmd_png(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None or (record := await _shared(here, context.args)) is None:
        return
    game = await here.games.engine(record)
    players = await here.messenger.players(record)
    view = board_view(
        game,
        blue=players.display("blue"),
        red=players.display("red"),
        caption=picture_caption(here.lang, game, players),
    )
    png = await asyncio.to_thread(render_png, view, max_side=HD, compress_level=6)
    await _send_here(
        here,
        "document",
        png,
        f"tochki-{record.id}-{game.ply}.png",
        t(here.lang, "png_caption", id=record.id, ply=game.ply),
    )


def replay_gif(game: Game, players: Players, lang: Language, progress: list[int]) -> bytes:
    """The animated replay of ``game`` (runs in a worker thread; ``progress[0]`` counts frames done)."""
    moves = list(game.moves)
    delay = int(min(400, max(40, REPLAY_SECONDS * 1000 / max(1, len(moves)))))

    # Numbers padded with figure spaces (as wide as a digit) keep the caption still: only changed digits repaint.
    figure = "\u2007"
    ply_width, coord_width = len(str(len(moves))), len(str(max(game.width, game.height)))

    def caption(position: Game) -> str:
        """Each frame says which move it shows ("Move 17 · 5-6"); the first and the last say what the board does."""
        last = position.last_move
        if 0 < position.ply < len(moves) and last is not None and last.point is not None:
            x, y = last.point
            ply = str(position.ply).rjust(ply_width, figure)
            point = f"{str(x).rjust(coord_width, figure)}-{str(y).ljust(coord_width, figure)}"
            return t(lang, "picture_move", ply=ply, point=point)
        return picture_caption(lang, position, players)

    def tick(done: int) -> None:
        progress[0] = done

    for max_side in (1000, 720, 520):  # smaller frames if a long game would not fit Telegram's limit
        views = replay_views(
            game.settings, moves, blue=players.display("blue"), red=players.display("red"), caption=caption
        )
        data = render_gif(views, delay_ms=delay, max_side=max_side, progress=tick)
        if len(data) <= MAX_BYTES:
            break
    return data


async def cmd_replay(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None or (record := await _shared(here, context.args)) is None:
        return
    game = await here.games.engine(record)
    if game.ply == 0:
        await here.say(t(here.lang, "replay_empty"))
        return
    players = await here.messenger.players(record)
    progress = [0]
    frames = game.ply + 1
    task = asyncio.ensure_future(asyncio.to_thread(replay_gif, game, players, here.lang, progress))
    note: Message | None = None
    started = time.monotonic()
    while not task.done():
        await asyncio.wait({task}, timeout=PROGRESS_AFTER)
        if task.done():
            break
        text = t(here.lang, "replay_progress", id=record.id, percent=min(99, 100 * progress[0] // frames))
        if note is None:
            note = await here.say(text)
        else:
            await here.messenger.edit_text(note, text)
    data = task.result()
    log.info("replay of game %s: %d frames, %d bytes, %.1f s", record.id, frames, len(data), time.monotonic() - started)
    await _send_here(
        here, "animation", data, f"tochki-{record.id}.gif", t(here.lang, "replay_caption", id=record.id, moves=game.ply)
    )
    if note is not None:
        with contextlib.suppress(BadRequest):
            await note.delete()


# ----------------------------------------------------------------------------------------------------------------
# Records in


def _show_record(source: str | bytes, ply: int | None) -> tuple[SgfRecord, Game, bytes, bool, Game]:
    """Read a record, replay it to move ``ply`` (``None``: the end) and draw that position.

    Returns the record, the position, its PNG, whether the game can be continued from its end (not if the board
    filled up or someone grounded), and the whole game with the ending the record states. Runs in a worker thread;
    raises ``SgfError`` for a bad record.
    """
    record = parse_sgf(source)
    final = record.game()
    total = len(record.moves)
    ply = total if ply is None else min(ply, total)
    game = Game.from_settings(record.settings, record.moves[:ply])
    ended = final.result is not None and final.result.reason in (EndReason.GROUNDING, EndReason.BOARD_FULL)
    view = board_view(game, blue=record.blue or "Blue", red=record.red or "Red", caption=f"{game.ply} / {total}")
    return record, game, render_png(view), not ended, final


def _record_caption(lang: Language, record: SgfRecord, name_: str, game: Game) -> str:
    return t(
        lang,
        "import_caption",
        name=html.escape(name_, quote=False),
        blue=name(record.blue or "Blue"),
        red=name(record.red or "Red"),
        score_blue=game.score[0],
        score_red=game.score[1],
        size=record.settings.size,
        moves=len(record.moves),
        result=record_result_text(lang, record.result),
        ply=game.ply,
    )


def _record_keyboard(lang: Language, import_id: int, ply: int, total: int, can_continue: bool) -> InlineKeyboardMarkup:
    steps = [("⏮", 0), ("◀", max(0, ply - 1)), ("▶", min(total, ply + 1)), ("⏭", total)]
    rows = [[InlineKeyboardButton(label, callback_data=callbacks.step(import_id, target)) for label, target in steps]]
    if can_continue:
        rows.append([InlineKeyboardButton(t(lang, "btn_continue"), callback_data=callbacks.single("N", import_id))])
    return InlineKeyboardMarkup(rows)


async def on_document(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A player sent a file: if it is an SGF record of a Points game, show it and offer to step through it."""
    here = await understand(update, context)
    message = update.message
    if here is None or message is None or message.document is None:
        return
    document = message.document
    if document.file_size is not None and document.file_size > MAX_SGF_BYTES:
        await here.say(t(here.lang, "import_too_big"))
        return
    data = bytes(await (await document.get_file()).download_as_bytearray())
    if len(data) > MAX_SGF_BYTES:
        await here.say(t(here.lang, "import_too_big"))
        return
    try:
        record, game, png, can_continue, final = await asyncio.to_thread(_show_record, data, None)
    except SgfError as exc:
        await here.say(t(here.lang, "import_bad", reason=html.escape(str(exc), quote=False)))
        return
    text = data.decode("utf-8-sig", errors="replace")
    file_name = document.file_name or "record.sgf"
    import_id = await here.games.db.save_import(here.place.chat_id, here.person.id, file_name, text)
    caption = _record_caption(here.lang, record, file_name, game)
    if final.result is not None:
        caption += "\n" + result_text(here.lang, final, Players(None, None))
    keyboard = _record_keyboard(here.lang, import_id, game.ply, len(record.moves), can_continue)
    with contextlib.suppress(Unreachable):
        await here.messenger.call(
            here.place.chat_id,
            lambda: context.bot.send_photo(
                here.place.chat_id,
                png,
                caption=caption,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard,
                message_thread_id=here.place.thread_id or None,
            ),
        )


async def record_button(here: Here, update: Update, data: callbacks.Callback) -> None:
    """Step through an imported record (``V``) or continue it as a new game (``N``)."""
    query = update.callback_query
    assert query is not None
    stored = await here.games.db.get_import(data.game_id)
    if stored is None:
        await query.answer("⚠️")
        return
    chat_id, _user, file_name, text = stored
    if chat_id != here.place.chat_id:  # a record's buttons work where it was sent
        await query.answer("⚠️")
        return
    if data.kind == "N":
        try:
            record = parse_sgf(text)
        except SgfError:
            await query.answer("⚠️")
            return
        try:
            lobby, existing = await here.games.new_game_from_record(here.place, here.person, record, here.update_id)
        except GameError as error:
            await query.answer(error_text(here.lang, error)[:200] if error.code != "duplicate" else None)
            return
        await query.answer()
        if existing:
            await here.say(t(here.lang, "open_game_exists"))
        await show_lobby(here, lobby)
        return
    await query.answer()
    try:
        record, game, png, can_continue, _final = await asyncio.to_thread(_show_record, text, data.ply or 0)
    except SgfError:
        return  # it was read once already: it cannot turn bad
    caption = _record_caption(here.lang, record, file_name or "record.sgf", game)
    keyboard = _record_keyboard(here.lang, data.game_id, game.ply, len(record.moves), can_continue)
    message = query.message
    if isinstance(message, Message):
        with contextlib.suppress(BadRequest, Unreachable):
            await here.messenger.call(
                message.chat_id,
                lambda: message.edit_media(
                    InputMediaPhoto(png, caption=caption, parse_mode=ParseMode.HTML), reply_markup=keyboard
                ),
            )


# ----------------------------------------------------------------------------------------------------------------
# Spectators


def watch_link(username: str, code: str) -> str:
    return f"https://t.me/{username}?start=w{code}"


async def cmd_watch(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None or (record := await _shared(here, context.args)) is None:
        return
    code = await here.games.watch_code(record)
    await here.say(t(here.lang, "watch_link", id=record.id, link=watch_link(here.services.username, code)))


async def cmd_unwatch(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    followed = await here.games.db.followed(here.place.chat_id)
    if not followed:
        await here.say(t(here.lang, "not_following"))
        return
    for game_id in followed:
        await here.games.db.follow(game_id, here.place.chat_id, on=False)
    await here.say("\n".join(t(here.lang, "unwatched", id=game_id) for game_id in followed))


async def unwatch_button(here: Here, update: Update, data: callbacks.Callback) -> None:
    query = update.callback_query
    assert query is not None
    await here.games.db.follow(data.game_id, here.place.chat_id, on=False)
    await query.answer(t(here.lang, "unwatched", id=data.game_id))
    if isinstance(query.message, Message):
        await here.messenger.drop_keyboard(query.message)


# ----------------------------------------------------------------------------------------------------------------
# Inline mode


async def on_inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``@bot`` in any chat: the user's games, each a snapshot of its board (by ``file_id``) and a link to it."""
    query = update.inline_query
    if query is None:
        return
    services = services_of(context)
    who = query.from_user
    user = await services.games.person(Person(who.id, who.first_name, who.last_name, who.username, who.language_code))
    lang = await services.messenger.user_language(user.id)
    results = []
    for record in await services.games.db.games_of_user(user.id, ("active", "finished"), limit=20):
        file_id = await services.games.db.picture_of(record.id, record.ply)
        if file_id is None:
            continue
        players = await services.messenger.players(record)
        game = await services.games.engine(record)
        status = (
            t(lang, "inline_status_over")
            if game.is_over
            else t(lang, "inline_status_on", name=players.display(game.to_move))
        )
        link = watch_link(services.username, await services.games.watch_code(record))
        results.append(
            InlineQueryResultCachedPhoto(
                id=str(record.id),
                photo_file_id=file_id,
                title=t(
                    lang,
                    "inline_title",
                    id=record.id,
                    blue=players.display("blue"),
                    red=players.display("red"),
                    score_blue=game.score[0],
                    score_red=game.score[1],
                ),
                description=t(lang, "inline_description", ply=game.ply, status=status),
                caption=t(
                    lang,
                    "caption_score",
                    blue=players.html("blue"),
                    red=players.html("red"),
                    score_blue=game.score[0],
                    score_red=game.score[1],
                ),
                parse_mode=ParseMode.HTML,
                reply_markup=InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "inline_open"), url=link)]]),
            )
        )
    await query.answer(results, cache_time=5, is_personal=True)


# ----------------------------------------------------------------------------------------------------------------
# Ratings


async def cmd_top(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    table = leaderboard(await here.games.ratings(None if here.place.private else here.place.chat_id))
    if not table:
        await here.say(t(here.lang, "top_none"))
        return
    lines = [t(here.lang, "top_title_all" if here.place.private else "top_title")]
    for n, (user_id, rating) in enumerate(table[:20], 1):
        user = await here.games.user(user_id)
        lines.append(
            t(
                here.lang,
                "top_line",
                n=n,
                name=name(user.name if user else str(user_id)),
                rating=round(rating.rating),
                games=rating.games,
            )
        )
    await here.say("\n".join(lines))


async def cmd_me(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    mine = (await here.games.ratings()).get(here.person.id)
    if mine is None:
        await here.say(t(here.lang, "me_none"))
        return
    lines = [
        t(
            here.lang,
            "me_text",
            name=name(here.user.name),
            rating=round(mine.rating),
            games=mine.games,
            wins=mine.wins,
            losses=mine.losses,
            draws=mine.draws,
        )
    ]
    if not here.place.private:
        here_rating = (await here.games.ratings(here.place.chat_id)).get(here.person.id)
        if here_rating is not None:
            lines.append(t(here.lang, "me_chat", rating=round(here_rating.rating), games=here_rating.games))
    await here.say("\n".join(lines))


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Buttons of imported records (``V``, ``N``) and of spectators (``U``)."""
    if (pressed := await read_button(update, context)) is None:
        return
    here, _query, data = pressed
    if data.kind == "U":
        await unwatch_button(here, update, data)
    else:
        await record_button(here, update, data)


def register(application: Application) -> None:  # type: ignore[type-arg]
    """Add the sharing handlers (before the general button handler, which takes every other button)."""
    new = filters.UpdateType.MESSAGE
    application.add_handler(CallbackQueryHandler(on_button, pattern=r"^[VNU]:"))
    for names, callback in [
        (("sgf",), cmd_sgf),
        (("png",), cmd_png),
        (("replay",), cmd_replay),
        (("watch",), cmd_watch),
        (("unwatch",), cmd_unwatch),
        (("top",), cmd_top),
        (("me",), cmd_me),
    ]:
        application.add_handler(CommandHandler(names, callback, filters=new))
    application.add_handler(MessageHandler(new & filters.Document.FileExtension("sgf"), on_document))
    application.add_handler(InlineQueryHandler(on_inline))
