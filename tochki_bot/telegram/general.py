"""Help, rules, language, deep links, a group that became a supergroup, and errors."""

from __future__ import annotations

import contextlib
import logging

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from ..i18n import LANGUAGES, Language, language_for, t
from ..services import GameView, ServiceError, Want
from ..wording import known_language, player_language
from .lobby import accept_invitation
from .privacy import reads_all
from .request import Request, command, front_of
from .sharing import start_watching

log = logging.getLogger(__name__)


@command
async def cmd_start(req: Request, args: list[str]) -> None:
    """``/start``, and the deep links: ``g<code>`` an invitation, ``w<code>`` a spectator link."""
    payload = args[0] if args else ""
    if req.place.private and payload.startswith("w") and len(payload) > 1:
        await start_watching(req, payload[1:])
    elif req.place.private and payload.startswith("g") and len(payload) > 1:
        await accept_invitation(req, payload[1:])
    else:
        req.reply(t(req.lang, "start" if req.place.private else "start_group"), quote=False)


@command
async def cmd_help(req: Request, args: list[str]) -> None:
    """How to play here; in a group, whether plain ``x-y`` works (Telegram's privacy mode, or the bot an admin)."""
    privacy = ""
    if not req.place.private:
        sees = await reads_all(req.services, req.update.get_bot(), req.place.chat_id, req.front.can_read_all)
        privacy = t(req.lang, "privacy_off" if sees else "privacy_on")
    req.reply(t(req.lang, "help", privacy=privacy, bot=req.front.username))


RULE_WORDS = {
    "sports": "sports",
    "спортивные": "sports",
    "polish": "polish",
    "польские": "polish",
    "territory": "territory",
    "территория": "territory",
    "sportowe": "sports",
    "polskie": "polish",
    "terytorium": "territory",
    "спортивні": "sports",
    "польські": "polish",
    "територія": "territory",
}


@command
async def cmd_rules(req: Request, args: list[str]) -> None:
    """The rules in short: those of the game played here (or of ``/rules polish``, ``/rules territory``)."""
    rules = RULE_WORDS.get(args[0].strip().lower()) if args else None
    if rules is None and not args:
        try:
            found = await req.services.finder.find(req.place, req.person.id, Want.SHOW, reply_to=req.reply_to)
        except ServiceError:
            found = None
        if isinstance(found, GameView):
            rules = found.settings.rules
    req.reply(t(req.lang, "rules" if rules in (None, "sports") else f"rules_{rules}"))


async def may_set_language(req: Request) -> bool:
    """A group's language is for its admins to choose, and for whoever opened the group's first game (the one who
    brought the game there). When Telegram cannot say who the admins are, for that person only."""
    if await req.services.finder.opened_first(req.place.chat_id, req.person.id):
        return True
    try:
        member = await req.update.get_bot().get_chat_member(req.place.chat_id, req.person.id)
    except TelegramError:
        return False
    return member.status in ("creator", "administrator")


LANGUAGE_WORDS: dict[str, Language | None] = {
    "english": "en",
    "eng": "en",
    "английский": "en",
    "angielski": "en",
    "англійська": "en",
    "polski": "pl",
    "polish": "pl",
    "польский": "pl",
    "польська": "pl",
    "русский": "ru",
    "russian": "ru",
    "рус": "ru",
    "rosyjski": "ru",
    "російська": "ru",
    "українська": "uk",
    "ukrainian": "uk",
    "укр": "uk",
    "украинский": "uk",
    "ukraiński": "uk",
    "auto": None,
    "авто": None,
}
"""Whole words for the languages, besides their codes ``en``, ``pl``, ``ru``, ``uk``; ``auto``: no choice of one's
own (a person's messenger's language; a group's most common one)."""


@command
async def cmd_lang(req: Request, args: list[str]) -> None:
    """``/lang en|pl|ru|uk|auto``: a private chat's language is its user's; a group has its own, set by its admins
    (``auto``: the language most of its players use)."""
    word = args[0].lower() if args else ""
    known: dict[str, Language | None] = {**dict(zip(LANGUAGES, LANGUAGES, strict=True)), **LANGUAGE_WORDS}
    if word not in known:
        req.say("lang_usage")
        return
    choice = known[word]
    if not req.place.private and not await may_set_language(req):
        req.say("lang_admins")
        return
    if req.place.private:
        await req.services.people.set_language(req.person.id, choice)
        text = t(player_language(await req.services.people.player(req.person.id)), "lang_set")
    else:
        await req.services.people.set_chat_language(req.place.chat_id, choice)
        spoken = await req.services.people.group_language(req.place.chat_id, player_language)
        lang = known_language(spoken) or req.own_lang
        text = t(lang, "lang_set") if choice else t(lang, "lang_set_auto", language=t(lang, "lang_set"))
    await req.messenger.send_text(req.place.chat_id, text, thread_id=req.place.thread_id)


async def on_migrate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group was upgraded to a supergroup: its games follow it to the new chat id."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    moved = await front_of(context).services.migrate_chat(message.chat_id, message.migrate_to_chat_id)
    log.info("chat %s became %s; %d games moved", message.chat_id, message.migrate_to_chat_id, moved)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every error; tell the person something went wrong (moves already stored are safe)."""
    log.error("error while handling an update", exc_info=context.error)
    if not isinstance(update, Update):
        return
    lang = language_for(update.effective_user.language_code if update.effective_user else None)
    chat = update.effective_chat  # a button press was answered already (the button wrapper did)
    if chat is not None and update.callback_query is None:
        with contextlib.suppress(Exception):
            front = front_of(context)
            people = front.services.people
            if chat.type != "private":  # the group's language, as everything the group reads
                lang = known_language(await people.group_language(chat.id, player_language)) or lang
            elif (player := await people.player(chat.id)) is not None:
                lang = player_language(player)
            front.messenger.send_text(chat.id, t(lang, "apology"))
