"""Help in a group (``telegram/general.py``, ``telegram/privacy.py``): what the bot sees there, known per group. Its
privacy mode (read once at start-up) hides plain messages, except in a group where the bot is an administrator
(Telegram's ``my_chat_member`` updates say so); ``/help`` and the lobby say the truth for each group."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.fakebot import BOT_ID, BOT_USERNAME, FakeTelegram
from tests.support.harness import Bot

GROUP, OTHER = -1001, -1002
ANNA, BORIS = 11, 22
COMMANDS_ONLY = "In groups I see only commands"
READS_ALL = "I can read all messages in this group"


def my_status(fake: FakeTelegram, chat_id: int, old: str, new: str) -> dict[str, Any]:
    """The ``my_chat_member`` update Telegram sends when the bot's status in a group changes (the fake's
    ``getChatMember`` then says the same)."""
    me = {"id": BOT_ID, "is_bot": True, "first_name": "Tochki", "username": BOT_USERNAME}

    def member(status: str) -> dict[str, Any]:
        admins = fake.admins.setdefault(chat_id, set())
        if status == "administrator":
            admins.add(BOT_ID)
        else:
            admins.discard(BOT_ID)
        return {**fake.api_getChatMember({"chat_id": chat_id, "user_id": BOT_ID}, {}), "user": me, "status": status}

    old_member = member(old)
    return {
        "update_id": fake.next_update_id(),
        "my_chat_member": {
            "chat": fake.chat(chat_id),
            "from": fake.user(ANNA, "Anna"),
            "date": int(time.time()),
            "old_chat_member": old_member,
            "new_chat_member": member(new),
        },
    }


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


async def help_text(bot: Bot, chat_id: int = GROUP) -> str:
    await bot.say(chat_id, bot.fake.user(ANNA, "Anna"), "/help")
    return bot.fake.texts(chat_id)[-1]


async def test_help_says_the_bot_reads_everything_once_it_is_made_an_admin(bot: Bot) -> None:
    fake = bot.fake
    await bot.send(my_status(fake, GROUP, "left", "member"))  # added to the group
    assert COMMANDS_ONLY in await help_text(bot)
    await bot.send(my_status(fake, GROUP, "member", "administrator"))
    assert READS_ALL in await help_text(bot)
    await bot.send(my_status(fake, GROUP, "administrator", "member"))
    assert COMMANDS_ONLY in await help_text(bot)


async def test_the_lobby_says_how_to_move_in_that_group(bot: Bot) -> None:
    fake = bot.fake
    anna = fake.user(ANNA, "Anna")
    await bot.send(my_status(fake, GROUP, "left", "administrator"))
    await bot.say(GROUP, anna, "/new 20x20 empty blue")
    lobby = fake.last("sendMessage", GROUP).params["text"]
    assert "Moves here: plain <code>20-18</code>" in lobby
    lobby_id = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby_id, fake.user(BORIS, "Boris"), bot.button(GROUP, lobby_id, "Join"))
    await bot.say(GROUP, anna, "10-10")  # plain text, which an admin bot is shown
    assert (await bot.game(1)).ply == 1
    await bot.send(my_status(fake, OTHER, "left", "member"))
    await bot.say(OTHER, anna, "/new 20x20")
    assert "in this group I see only commands" in fake.last("sendMessage", OTHER).params["text"]


async def test_a_group_joined_before_the_bot_kept_its_status_is_asked_once(bot: Bot) -> None:
    fake = bot.fake
    fake.admins[GROUP] = {BOT_ID}
    assert READS_ALL in await help_text(bot)
    asked = len(fake.sent("getChatMember"))
    assert asked == 1
    assert READS_ALL in await help_text(bot)
    assert len(fake.sent("getChatMember")) == asked  # known now: kept for the group
    fake.admins[OTHER] = set()
    assert COMMANDS_ONLY in await help_text(bot, OTHER)


async def test_with_privacy_off_every_group_reads_everything(tmp_path: Path) -> None:
    started = await Bot(tmp_path / "bot.db", FakeTelegram(can_read_all_group_messages=True)).start()
    try:
        assert READS_ALL in await help_text(started)
        assert not started.fake.sent("getChatMember")
    finally:
        await started.stop()


async def test_the_status_is_kept_across_a_restart(tmp_path: Path) -> None:
    first = await Bot(tmp_path / "bot.db").start()
    await first.send(my_status(first.fake, GROUP, "member", "administrator"))
    await first.stop()
    again = await Bot(tmp_path / "bot.db").start()
    try:
        assert READS_ALL in await help_text(again)
        assert not again.fake.sent("getChatMember")
    finally:
        await again.stop()
