"""What every use case stands on (``tochki_bot.services.core``): a commit that cannot be confirmed is said so,
not reported as failed, and read again.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.faults import fail_once
from tests.support.games import GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_commit_that_cannot_be_confirmed_is_said_so_and_read_again(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": a write that may have
    succeeded is never reported as failed); it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    fail_once(bot, monkeypatch, "COMMIT", after=True)
    await bot.say(GROUP, anna, "/m 5-5")
    said = fake.texts(GROUP)[-1]
    assert "Не могу подтвердить, что это сохранилось" in said and "/board 1" in said
    assert "Извините" not in said  # not "it failed": it may well have worked
    await bot.say(GROUP, anna, "/board")
    assert "Ход 1: 5-5" in fake.last("sendPhoto", GROUP).params["caption"]  # it did: read again from the file
    assert not bot.errors
