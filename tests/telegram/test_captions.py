"""What the bot writes about a game (``tochki_bot.telegram.captions``), as players read it.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import ANNA, GROUP, caption, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_times_read_as_a_person_expects(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.say(ANNA, anna, "/start")
    await bot.say(GROUP, anna, "/new 20x20 empty 1h")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Играть"))
    bot.clock.advance(0.4)
    first = await bot.game(1)
    mover, other = (anna, boris) if first.blue_id == ANNA else (boris, anna)
    await bot.say(GROUP, mover, "/m 5-5")
    assert "осталось 1 ч" in caption(bot, GROUP)  # not "59 min"
    await bot.say(GROUP, other, "/m 6-6")
    bot.clock.advance(3600 - 10)
    await bot.tick()
    reminders = [text for text in fake.texts() if "⏰" in text]
    assert reminders and ("10 s left" in reminders[-1] or "осталось всего 10 с!" in reminders[-1])
