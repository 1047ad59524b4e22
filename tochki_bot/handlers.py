"""Telegram handlers: read an update, ask the games, tell the players.

Moves arrive as ``/m x-y`` (``/move``), as a reply to a board, as plain ``x-y`` (private chats, and groups where the
bot reads all messages) or as a button. Edited messages are never moves. Every bad input gets a short answer in
the reader's language and changes nothing; every button press is answered at once.
"""

from __future__ import annotations

import contextlib
import html
import logging
from dataclasses import dataclass

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes, MessageHandler, filters

from storage import ChatRecord, GameRecord, UserRecord

from . import callbacks
from .captions import lobby_text
from .engine import IllegalMove, looks_like_point, parse_point
from .games import GameError, Games, Outcome, Person, Place, parse_new_args
from .keyboards import confirm_keyboard, draw_keyboard, lobby_keyboard, window_from_corner
from .messenger import Messenger, Unreachable
from .texts import LANGUAGES, Language, language_for, name, t

log = logging.getLogger(__name__)


@dataclass
class Services:
    """What the handlers need, kept in ``application.bot_data["services"]``."""

    games: Games
    messenger: Messenger
    username: str
    can_read_all: bool
    pruned_at: float = 0.0
    """When the clock job last forgot old processed update ids."""


@dataclass
class Here:
    """One update, understood: who, where, in which language."""

    services: Services
    update: Update
    person: Person
    place: Place
    user: UserRecord
    chat: ChatRecord
    lang: Language

    @property
    def games(self) -> Games:
        return self.services.games

    @property
    def messenger(self) -> Messenger:
        return self.services.messenger

    @property
    def update_id(self) -> int:
        return self.update.update_id

    @property
    def message(self) -> Message | None:
        return self.update.effective_message

    async def say(
        self, text: str, *, keyboard: InlineKeyboardMarkup | None = None, reply: bool = True
    ) -> Message | None:
        """Answer in the chat of the update (a reply to its message when there is one)."""
        message = self.update.effective_message
        try:
            return await self.messenger.send(
                self.place.chat_id,
                text,
                thread_id=self.place.thread_id,
                keyboard=keyboard,
                reply_to=message.message_id if reply and message is not None else None,
            )
        except Unreachable:
            return None


def services_of(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return context.application.bot_data["services"]


async def understand(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Here | None:
    """Who sent the update and where; records them. ``None`` for updates without a user and a chat."""
    sender, chat = update.effective_user, update.effective_chat
    if sender is None or chat is None or sender.is_bot:
        return None
    services = services_of(context)
    message = update.effective_message
    thread = message.message_thread_id if message is not None and message.is_topic_message else 0
    person = Person(sender.id, sender.first_name, sender.last_name, sender.username, sender.language_code)
    place = Place(chat.id, chat.type, chat.title or chat.full_name, thread or 0)
    user = await services.games.person(person)
    chat_record = await services.games.chat(place, first_language=language_for(sender.language_code))
    if place.private:
        lang = user.language if user.language in LANGUAGES else language_for(sender.language_code)
    else:
        lang = chat_record.language if chat_record.language in LANGUAGES else language_for(sender.language_code)
    return Here(services, update, person, place, user, chat_record, lang)  # type: ignore[arg-type]


def error_text(lang: Language, error: GameError) -> str:
    details = {k: html.escape(str(v), quote=False) for k, v in error.details.items()}
    return t(lang, error.code, **details)


# ----------------------------------------------------------------------------------------------------------------
# Help, rules, language


async def cmd_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    payload = context.args[0] if context.args else ""
    if here.place.private and payload.startswith("w") and len(payload) > 1:
        await start_watching(here, payload[1:])
        return
    if here.place.private and payload.startswith("g") and len(payload) > 1:
        try:
            outcome = await here.games.join_by_invite(payload[1:], here.person, here.update_id)
        except GameError as error:
            if error.code != "duplicate":
                await here.say(error_text(here.lang, error))
            return
        await started(here, outcome, None)
        return
    await here.say(t(here.lang, "start"), reply=False)


async def start_watching(here: Here, code: str) -> None:
    """``/start w<code>``, a spectator link: show the game and follow it while it goes on."""
    try:
        record = await here.games.follow(code, here.place.chat_id)
    except GameError as error:
        await here.say(error_text(here.lang, error))
        return
    outcome = await here.games.outcome(record)
    with contextlib.suppress(Unreachable):
        await here.messenger.post_board(outcome, here.place.chat_id, here.lang, buttons=False)
    if record.state == "active":
        keyboard = InlineKeyboardMarkup(
            [[InlineKeyboardButton(t(here.lang, "btn_unwatch"), callback_data=callbacks.single("U", record.id))]]
        )
        await here.say(t(here.lang, "watching", id=record.id), keyboard=keyboard, reply=False)
    else:
        await here.say(t(here.lang, "watching_over", id=record.id), reply=False)


async def cmd_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    privacy = "" if here.place.private else t(here.lang, "privacy_off" if here.services.can_read_all else "privacy_on")
    await here.say(t(here.lang, "help", privacy=privacy, bot=here.services.username))


async def cmd_rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is not None:
        await here.say(t(here.lang, "rules"))


async def cmd_lang(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    choice = (context.args[0].lower() if context.args else "")[:2]
    if choice not in LANGUAGES:
        await here.say(t(here.lang, "lang_usage"))
        return
    if here.place.private:
        await here.games.set_user_language(here.person.id, choice)
    else:
        await here.games.set_chat_language(here.place.chat_id, choice)
    await here.say(t(choice, "lang_set"))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------------------------
# Lobby


def invite_link(services: Services, record: GameRecord) -> str | None:
    if record.kind != "private" or not record.invite:
        return None
    return f"https://t.me/{services.username}?start=g{record.invite}"


async def show_lobby(here: Here, record: GameRecord, *, edit: Message | None = None) -> None:
    creator = await here.games.user(record.creator_id)
    text = lobby_text(here.lang, record, creator, invite_link(here.services, record))
    keyboard = lobby_keyboard(here.lang, record)
    if edit is not None:
        await here.messenger.edit_text(edit, text, keyboard)
    else:
        await here.say(text, keyboard=keyboard, reply=False)


async def cmd_new(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    try:
        record, existing = await here.games.new_game(
            here.place, here.person, parse_new_args(context.args or []), here.update_id
        )
    except GameError as error:
        if error.code != "duplicate":
            await here.say(error_text(here.lang, error))
        return
    if existing:
        await here.say(t(here.lang, "open_game_exists"))
        if record.state == "lobby":
            await show_lobby(here, record)
        else:
            await show_board(here, record)
        return
    await show_lobby(here, record)


async def started(here: Here, outcome: Outcome, lobby_message: Message | None) -> None:
    """A game just started: say so where the lobby was, then show the board to both players."""
    record = outcome.record
    players = await here.messenger.players(record)
    text = t(here.lang, "lobby_started", id=record.id, blue=players.html("blue"), red=players.html("red"))
    if lobby_message is not None:
        await here.messenger.edit_text(lobby_message, text)
    elif record.kind == "private":
        creator_lang = await here.messenger.user_language(record.creator_id)
        with contextlib.suppress(Unreachable):
            await here.messenger.send(
                record.creator_id,
                t(creator_lang, "lobby_started", id=record.id, blue=players.html("blue"), red=players.html("red")),
            )
    await here.messenger.announce(outcome)


async def lobby_button(here: Here, query: CallbackQuery, data: callbacks.Callback) -> None:
    action = data.args[0]
    value = data.args[1] if len(data.args) > 1 else ""
    try:
        if action == "join":
            outcome = await here.games.join(data.game_id, here.person, here.update_id)
            await query.answer(t(here.lang, "joined", id=data.game_id))
            await started(here, outcome, query.message if isinstance(query.message, Message) else None)
            return
        if action == "cancel":
            record = await here.games.cancel(data.game_id, here.person, here.update_id)
            await query.answer()
            if isinstance(query.message, Message):
                await here.messenger.edit_text(query.message, t(here.lang, "lobby_cancelled", id=record.id))
            return
        record = await here.games.change_lobby(data.game_id, here.person, action, value, here.update_id)
    except GameError as error:
        await query.answer(plain(error_text(here.lang, error)), show_alert=False)
        return
    await query.answer()
    if isinstance(query.message, Message):
        await show_lobby(here, record, edit=query.message)


def plain(text: str) -> str:
    """Text for a button answer: no HTML, at most 200 characters."""
    for tag in ("<b>", "</b>", "<code>", "</code>", "<i>", "</i>"):
        text = text.replace(tag, "")
    return html.unescape(text)[:200]


# ----------------------------------------------------------------------------------------------------------------
# Boards and moves


async def show_board(here: Here, record: GameRecord) -> None:
    outcome = await here.games.outcome(record)
    chat_id = here.place.chat_id
    with contextlib.suppress(Unreachable):
        await here.messenger.post_board(outcome, chat_id, here.lang, thread_id=here.place.thread_id)


async def game_here(here: Here) -> GameRecord | None:
    """The game this update is about, or ``None`` after saying there is none."""
    message = here.message
    reply_to = message.reply_to_message.message_id if message is not None and message.reply_to_message else None
    try:
        return await here.games.game_here(here.place, here.person.id, reply_to)
    except GameError as error:
        await here.say(error_text(here.lang, error))
        return None


async def understand_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> tuple[Here, GameRecord] | None:
    """``understand`` the update and find the game it is about (saying so when there is none)."""
    here = await understand(update, context)
    if here is None:
        return None
    record = await game_here(here)
    return (here, record) if record is not None else None


async def cmd_board(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (found := await understand_game(update, context)) is None:
        return
    here, record = found
    if record.state == "lobby":
        await show_lobby(here, record)
    else:
        await show_board(here, record)


async def make_move(here: Here, record: GameRecord, text: str, *, quiet_if_malformed: bool = False) -> None:
    """Play the move written in ``text`` in ``record`` for the sender; answer any problem."""
    try:
        point = parse_point(text)
    except IllegalMove:
        if not quiet_if_malformed:
            await here.say(t(here.lang, "malformed"))
        return
    try:
        outcome = await here.games.play(record.id, here.person, point.x, point.y, update_id=here.update_id)
    except GameError as error:
        if error.code != "duplicate":
            await here.say(error_text(here.lang, error))
        return
    await here.messenger.announce(outcome)


async def cmd_move(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    if not context.args:
        await here.say(t(here.lang, "move_usage"))
        return
    record = await game_here(here)
    if record is not None:
        await make_move(here, record, " ".join(context.args))


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Plain text: a reply to a board, or ``x-y`` where the bot can read it. Other chatter is left alone."""
    here = await understand(update, context)
    message = update.message
    if here is None or message is None or message.text is None:
        return
    text = message.text.strip()
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None and replied.from_user.id == context.bot.id:
        record = await here.games.db.game_by_message(here.place.chat_id, replied.message_id)
        if record is not None:
            if looks_like_point(text):
                await make_move(here, record, text)
            elif any(ch.isdigit() for ch in text):
                await here.say(t(here.lang, "reply_usage"))
            return
    if not looks_like_point(text):
        if here.place.private:
            await here.say(t(here.lang, "malformed" if any(ch.isdigit() for ch in text) else "chatter_private"))
        return
    try:
        record = await here.games.game_here(here.place, here.person.id)
    except GameError as error:
        if here.place.private:
            await here.say(error_text(here.lang, error))
        return
    if not here.place.private and record.colour_of(here.person.id) is None:
        return  # somebody chatting in the group: not a move of theirs
    await make_move(here, record, text)


# ----------------------------------------------------------------------------------------------------------------
# Endings


async def cmd_resign(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (found := await understand_game(update, context)) is None:
        return
    here, record = found
    if record.state != "active" or record.colour_of(here.person.id) is None:
        await here.say(error_text(here.lang, GameError("not_a_player" if record.state == "active" else "game_over")))
        return
    await here.say(
        t(here.lang, "resign_confirm", id=record.id),
        keyboard=confirm_keyboard(here.lang, "R", record, "btn_yes_resign"),
    )


async def cmd_ground(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (found := await understand_game(update, context)) is None:
        return
    here, record = found
    try:
        record, score, winner = await here.games.ground_preview(record.id, here.person)
    except GameError as error:
        await here.say(error_text(here.lang, error))
        return
    players = await here.messenger.players(record)
    outcome = t(here.lang, "outcome_win", winner=players.html(winner)) if winner else t(here.lang, "outcome_draw")
    text = t(here.lang, "ground_confirm", id=record.id, score_blue=score[0], score_red=score[1], outcome=outcome)
    await here.say(text, keyboard=confirm_keyboard(here.lang, "G", record, "btn_ground"))


async def cmd_draw(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (found := await understand_game(update, context)) is None:
        return
    here, record = found
    try:
        outcome, agreed = await here.games.offer_draw(record.id, here.person, here.update_id)
    except GameError as error:
        if error.code != "duplicate":
            await here.say(error_text(here.lang, error))
        return
    if agreed:
        await here.messenger.announce(outcome)
        return
    record = outcome.record
    players = await here.messenger.players(record)
    mine = record.colour_of(here.person.id)
    assert mine is not None
    theirs = "red" if mine == "blue" else "blue"
    text = t(here.lang, "draw_offered", name=players.html(mine), opponent=players.mention(theirs))
    if record.kind == "group":
        await here.say(text, keyboard=draw_keyboard(here.lang, record))
        return
    opponent = record.player(theirs)
    assert opponent is not None
    lang = await here.messenger.user_language(opponent)
    with contextlib.suppress(Unreachable):
        await here.messenger.send(
            opponent,
            t(lang, "draw_offered", name=players.html(mine), opponent=players.mention(theirs)),
            keyboard=draw_keyboard(lang, record),
        )
    await here.say(t(here.lang, "draw_sent", name=players.html(theirs)))


async def cmd_cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    if here.place.private:
        mine = await here.games.db.games_of_user(here.person.id, ("lobby",))
        lobbies = [g for g in mine if g.kind == "private" and g.creator_id == here.person.id]
        record = lobbies[0] if lobbies else await game_here(here)
    else:
        record = await game_here(here)
    if record is None:
        return
    try:
        record = await here.games.cancel(record.id, here.person, here.update_id)
    except GameError as error:
        if error.code != "duplicate":
            await here.say(error_text(here.lang, error))
        return
    await here.say(t(here.lang, "lobby_cancelled", id=record.id))


# ----------------------------------------------------------------------------------------------------------------
# Lists


async def cmd_games(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    records = await here.games.db.games_of_user(here.person.id)
    if not records:
        await here.say(t(here.lang, "games_none"))
        return
    lines = [t(here.lang, "games_title")]
    for record in records:
        chat = await here.games.db.get_chat(record.chat_id)
        if record.kind == "private":
            where = t(here.lang, "games_where_private")
        else:
            where = name(chat.title or "?") if chat else "?"
        mine = record.colour_of(here.person.id)
        if record.state == "lobby" or mine is None:
            opponent, status = "—", t(here.lang, "games_lobby")
        else:
            players = await here.messenger.players(record)
            theirs = "red" if mine == "blue" else "blue"
            opponent = t(here.lang, "games_vs", name=players.html(theirs))
            game = await here.games.engine(record)
            status = (
                t(here.lang, "games_your_move")
                if game.to_move == mine
                else t(here.lang, "games_their_move", name=players.html(theirs))
            )
        lines.append(t(here.lang, "games_line", id=record.id, where=where, opponent=opponent, status=status))
    await here.say("\n".join(lines))


async def cmd_stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    here = await understand(update, context)
    if here is None:
        return
    if here.place.private:
        wins, losses, draws = await here.games.db.user_record(here.person.id)
        await here.say(t(here.lang, "stats_private", wins=wins, losses=losses, draws=draws))
        return
    table = await here.games.db.chat_table(here.place.chat_id)
    if not table:
        await here.say(t(here.lang, "stats_none"))
        return
    lines = [t(here.lang, "stats_title")]
    for n, (user_id, wins, losses, draws) in enumerate(table[:30], 1):
        user = await here.games.user(user_id)
        lines.append(
            t(
                here.lang,
                "stats_line",
                n=n,
                name=name(user.name if user else str(user_id)),
                wins=wins,
                losses=losses,
                draws=draws,
            )
        )
    await here.say("\n".join(lines))


# ----------------------------------------------------------------------------------------------------------------
# Buttons


async def read_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE
) -> tuple[Here, CallbackQuery, callbacks.Callback] | None:
    """``understand`` a button press and decode its data; a press that makes no sense is answered and dropped."""
    query = update.callback_query
    if query is None:
        return None
    here = await understand(update, context)
    data = callbacks.decode(query.data)
    if here is None or data is None:
        await query.answer("⚠️")
        return None
    return here, query, data


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if (pressed := await read_button(update, context)) is None:
        return
    here, query, data = pressed
    if data.kind == "L":
        await lobby_button(here, query, data)
        return
    try:
        record = await here.games.get(data.game_id)
    except GameError as error:
        await query.answer(plain(error_text(here.lang, error)))
        return
    if data.kind == "I":
        await point_info(here, query, record, data)
        return
    if record.state != "active":
        await query.answer(plain(t(here.lang, "game_over" if record.state != "lobby" else "not_started")))
        return
    if data.ply != record.ply:
        await query.answer(plain(t(here.lang, "stale")), show_alert=True)
        return
    if record.colour_of(here.person.id) is None:
        await query.answer(plain(t(here.lang, "not_a_player")))
        return
    message = query.message if isinstance(query.message, Message) else None
    if data.kind == "W":
        x0, y0 = data.ints()
        window = window_from_corner(record.width, record.height, x0, y0)
        await query.answer()
        if message is not None:
            await here.messenger.edit_board(message, await here.games.outcome(record), here.lang, window)
        return
    if data.kind == "M":
        x, y = data.ints()
        try:
            outcome = await here.games.play(
                record.id, here.person, x, y, expected_ply=data.ply, update_id=here.update_id
            )
        except GameError as error:
            if error.code != "duplicate":
                await query.answer(plain(error_text(here.lang, error)))
            else:
                await query.answer()
            return
        await query.answer(f"✓ {x}-{y}")
        await here.messenger.announce(outcome)
        return
    await confirmation(here, query, record, data, message)


async def point_info(here: Here, query: CallbackQuery, record: GameRecord, data: callbacks.Callback) -> None:
    x, y = data.ints()
    game = await here.games.engine(record)
    point = f"{x}-{y}"
    if not game.is_playable(x, y) and 1 <= x <= game.width and 1 <= y <= game.height:
        dot = game.dot(x, y)
        if dot is not None:
            text = t(here.lang, "point_info_dot", point=point, dot=t(here.lang, f"dot_{dot}"))
        else:
            text = t(here.lang, "point_info_out", point=point)
    else:
        text = t(here.lang, "point_busy", point=point)
    await query.answer(plain(text))


async def confirmation(
    here: Here, query: CallbackQuery, record: GameRecord, data: callbacks.Callback, message: Message | None
) -> None:
    """Resign / ground confirmations and draw answers."""
    answer = data.args[0]
    try:
        if data.kind == "D":
            outcome = await here.games.answer_draw(
                record.id, here.person, answer == "a", expected_ply=record.ply, update_id=here.update_id
            )
        elif answer == "n":
            await query.answer(plain(t(here.lang, "cancelled_action")))
            if message is not None:
                await here.messenger.drop_keyboard(message)
            return
        elif data.kind == "R":
            outcome = await here.games.resign(record.id, here.person, expected_ply=data.ply, update_id=here.update_id)
        else:
            outcome = await here.games.ground(record.id, here.person, expected_ply=data.ply, update_id=here.update_id)
    except GameError as error:
        await query.answer(plain(error_text(here.lang, error)) if error.code != "duplicate" else None)
        return
    await query.answer()
    if message is not None:
        await here.messenger.drop_keyboard(message)
    if data.kind == "D" and answer == "r":
        players = await here.messenger.players(outcome.record)
        mine = outcome.record.colour_of(here.person.id)
        assert mine is not None
        text = t(here.lang, "draw_declined", name=players.html(mine))
        if outcome.record.kind == "group":
            await here.say(text, reply=False)
        else:
            for user_id in outcome.record.players:
                lang = await here.messenger.user_language(user_id)
                with contextlib.suppress(Unreachable):
                    await here.messenger.send(user_id, t(lang, "draw_declined", name=players.html(mine)))
        return
    await here.messenger.announce(outcome)


# ----------------------------------------------------------------------------------------------------------------
# Errors


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every error; tell the user something went wrong (moves already stored are safe)."""
    log.error("error while handling an update", exc_info=context.error)
    if not isinstance(update, Update):
        return
    try:
        if update.callback_query is not None:
            await update.callback_query.answer("⚠️")
        chat = update.effective_chat
        if chat is not None:
            lang = language_for(update.effective_user.language_code if update.effective_user else None)
            await context.bot.send_message(chat.id, t(lang, "apology"))
    except Exception:
        log.debug("could not send the apology", exc_info=True)


async def on_migrate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group was upgraded to a supergroup: its games follow it to the new chat id."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    services = services_of(context)
    moved = await services.games.db.migrate_chat(message.chat_id, message.migrate_to_chat_id)
    services.games.forget_chat(message.chat_id)
    log.info("chat %s became %s; %d games moved", message.chat_id, message.migrate_to_chat_id, moved)


def register(application: Application) -> None:  # type: ignore[type-arg]
    """Add every handler. Commands and texts are taken from new messages only, never from edits."""
    new = filters.UpdateType.MESSAGE
    commands = [
        (("start",), cmd_start),
        (("help",), cmd_help),
        (("rules",), cmd_rules),
        (("lang",), cmd_lang),
        (("new",), cmd_new),
        (("m", "move"), cmd_move),
        (("board",), cmd_board),
        (("resign",), cmd_resign),
        (("draw",), cmd_draw),
        (("ground",), cmd_ground),
        (("cancel",), cmd_cancel),
        (("games",), cmd_games),
        (("stats",), cmd_stats),
    ]
    for names, callback in commands:
        application.add_handler(CommandHandler(names, callback, filters=new))
    application.add_handler(MessageHandler(new & filters.TEXT & ~filters.COMMAND, on_text))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migrate))
    application.add_handler(CallbackQueryHandler(on_button))
    application.add_error_handler(on_error)


__all__ = ["Services", "register"]
