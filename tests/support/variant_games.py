"""The people, chat and game openings of the rule-set tests: Anna and Boris (both English) in ``GROUP``."""

from __future__ import annotations

from typing import Any

from tests.support.fakebot import FakeTelegram
from tests.support.harness import Bot

GROUP = -1001
ANNA = 11
BORIS = 22

# Blue walls in red 3-3 on an empty 10x10 board: 2-3, 3-2, 4-3 and last 3-4; red plays far away.
SURROUND = [("anna", "2-3"), ("boris", "3-3"), ("anna", "3-2"), ("boris", "9-9"), ("anna", "4-3"), ("boris", "9-8")]


def users(fake: FakeTelegram) -> tuple[dict[str, Any], dict[str, Any]]:
    return fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "en")


async def open_game(bot: Bot, new: str) -> None:
    """Anna opens a lobby with ``new`` (blue for her), Boris joins."""
    anna, boris = users(bot.fake)
    await bot.say(GROUP, anna, new + " blue")
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))


def board(bot: Bot) -> tuple[int, dict[str, Any]]:
    """The group's newest board as it is now (a step of the closing phase edits it in place)."""
    message_id = bot.fake.last("sendPhoto", GROUP).result["message_id"]
    return message_id, bot.fake.messages[(GROUP, message_id)]


async def polish_game(bot: Bot) -> None:
    """Anna (blue) and Boris play Polish on 10x10; Anna walls in 3-3 and is asked to close it."""
    anna, boris = users(bot.fake)
    await open_game(bot, "/new 10x10 empty polish")
    for who, move in [*SURROUND, ("anna", "3-4")]:
        await bot.say(GROUP, anna if who == "anna" else boris, f"/m {move}")
