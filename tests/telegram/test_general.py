"""``/start``, ``/lang`` and a group that became a supergroup, through the bot
(``tochki_bot.telegram.general``).

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import BORIS, GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_start_in_a_group_talks_about_the_group(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.say(GROUP, anna, "/start")
    text = fake.texts(GROUP)[-1]
    assert "Здесь: /new открывает игру" in text and "ссылку-приглашение для друга" not in text


async def test_lang_takes_whole_words_and_not_prefixes(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    _, boris, _ = users(fake)
    await bot.say(BORIS, boris, "/lang ruru")
    assert "/lang" in fake.texts(BORIS)[-1]  # the usage, not a change
    await bot.say(BORIS, boris, "/lang русский")
    assert fake.texts(BORIS)[-1] == "Язык: русский."


async def test_a_migrated_group_keeps_its_game_and_a_lobby_in_the_new_chat_gives_way(bot: Bot) -> None:
    """Found by a second look at the reliability work; it failed (or could fail) before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot, chat=-55)
    await bot.say(-55, anna, "/m 5-5")
    await bot.say(-100555, boris, "/new")  # the new chat already has a lobby in the same place
    lobby = fake.last("sendMessage", -100555).result["message_id"]
    assert bot.buttons(-100555, lobby)
    await bot.send(fake.migrate_update(-55, -100555, anna))
    assert (await bot.game(2)).state == "cancelled"
    bot.clock.advance(60)
    await bot.tick()  # the outbox tells the lobby's chat it is closed
    assert not bot.buttons(-100555, lobby)
    await bot.say(-100555, boris, "/m 6-6")
    assert "Move 2: 6-6" in fake.last("sendPhoto", -100555).params["caption"]
    assert not bot.errors
