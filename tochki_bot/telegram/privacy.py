"""What the bot sees in a group, known per group: Telegram's privacy mode (``getMe().can_read_all_group_messages``,
read once at start-up) shows a bot only commands, replies to its messages and button presses, unless the bot is an
administrator of the group, which sees everything whatever the setting. The bot's status in each group comes with
Telegram's ``my_chat_member`` updates (added, made an admin, demoted, removed) and is kept per chat through the
services; a group the bot joined before it kept them is asked once (``getChatMember``)."""

from __future__ import annotations

import logging

from telegram import Bot, Update
from telegram.ext import ContextTypes

from ..services import Place, Services

log = logging.getLogger(__name__)


async def reads_all(services: Services, bot: Bot, chat_id: int, privacy_off: bool) -> bool | None:
    """Whether the bot sees every message of the chat (``None``: it cannot tell, a group Telegram did not answer
    for). ``privacy_off``: the bot's own privacy mode is off."""
    chat = await services.people.chat(chat_id)
    if chat is None:
        return True if privacy_off or chat_id > 0 else None
    known = chat.reads_all(privacy_off)
    if known is not None:
        return known
    try:  # never told in this group (the bot was there before it kept its status): ask once
        member = await bot.get_chat_member(chat_id, bot.id)
    except Exception as exc:  # best-effort: an answer Telegram (or a proxy) garbled costs the sentence, not /help
        log.info("could not ask Telegram for the bot's status in %s: %s", chat_id, exc)
        return None
    chat = await services.people.set_bot_status(Place(chat.id, chat.type, chat.title), str(member.status))
    return chat.reads_all(privacy_off)


async def on_my_status(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``my_chat_member``: the bot's own status in a chat changed; kept for that chat."""
    changed = update.my_chat_member
    if changed is None:
        return
    chat = changed.chat
    status = str(changed.new_chat_member.status)
    place = Place(chat.id, chat.type, chat.title or chat.full_name)
    services: Services = context.application.bot_data["front"].services  # the Front (request.py imports this module)
    await services.people.set_bot_status(place, status)
    log.info("the bot's status in chat %s is now %s", chat.id, status)


__all__ = ["on_my_status", "reads_all"]
