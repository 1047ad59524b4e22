"""Lists through the bot (``tochki_bot.telegram.lists``): ``/me`` and its button, ``/games`` in a group.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import BORIS, GROUP, STRANGER, open_group_game, private_game, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_the_me_button_changes_the_text_too(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    _, boris, _ = users(fake)
    await bot.say(BORIS, boris, "/me")
    message = fake.last("sendMessage", BORIS).result["message_id"]
    assert "do not appear" in fake.messages[(BORIS, message)]["text"]
    await bot.press(BORIS, message, boris, bot.button(BORIS, message, "Show me"))
    text = fake.messages[(BORIS, message)]["text"]
    assert "You appear in the ratings of all players" in text and "do not appear" not in text
    assert "Hide me" in bot.buttons(BORIS, message)[0][0]["text"]
    await bot.press(BORIS, message, fake.user(STRANGER, "Mallory"), cb.Listed(BORIS, False).encode())
    assert "Boris" in fake.answers()[-1]  # "only Boris can press this", not "only ?"


async def test_games_in_a_group_lists_only_that_groups_games(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await private_game(bot, anna, boris)
    await bot.say(GROUP, anna, "/games")
    assert "Здесь у вас нет текущих игр" in fake.texts(GROUP)[-1]
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/games")
    listing = fake.last("sendMessage", GROUP).result["message_id"]
    assert len(bot.buttons(GROUP, listing)) == 1 and "№2" in bot.buttons(GROUP, listing)[0][0]["text"]
    await bot.press(GROUP, listing, anna, cb.Show(1).encode())  # forged: the private game's board is not shown here
    assert not any(int(c.params["chat_id"]) == GROUP and "№1" in c.params["caption"] for c in fake.sent("sendPhoto"))
