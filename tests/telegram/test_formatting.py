"""Telegram HTML (``tochki_bot.telegram.formatting``): what people and groups are called is escaped.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import ANNA, BORIS, GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_group_title_with_html_still_gets_its_reminders(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": bad input gets an
    answer, not the generic apology); it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    fake.chats[GROUP] = {"id": GROUP, "type": "supergroup", "title": "I <3 Points & <b>"}
    await bot.say(ANNA, anna, "/start")
    await bot.say(BORIS, boris, "/start")
    await open_group_game(bot)
    bot.clock.advance(12 * 3600 + 1)
    await bot.tick()
    reminder = fake.texts(ANNA)[-1]
    assert "I &lt;3 Points &amp; &lt;b&gt;" in reminder
