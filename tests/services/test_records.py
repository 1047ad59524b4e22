"""Records and lobbies have quotas (``tochki_bot.services.records``, ``tochki_bot.services.lobby``), through the
bot.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import ANNA, users
from tests.support.harness import Bot
from tests.support.paths import DATA, Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


@pytest.mark.slow
async def test_quotas_on_records_and_lobbies(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": nothing grows without
    bound); it failed before its fix."""

    fake = bot.fake
    anna, _, _ = users(fake)
    record = (DATA / "zagram-352562.sgf").read_bytes()
    for n in range(20):
        await bot.send(fake.document_update(ANNA, anna, f"r{n}.sgf", record))
    await bot.send(fake.document_update(ANNA, anna, "one-more.sgf", record))
    assert "больше за день нельзя" in fake.texts(ANNA)[-1]
    bot.clock.advance(86401)
    await bot.send(fake.document_update(ANNA, anna, "tomorrow.sgf", record))
    assert fake.last("sendPhoto", ANNA).params["caption"].startswith("<b>tomorrow.sgf</b>")
    for n in range(10):
        await bot.say(-7000 - n, anna, "/new")
    await bot.say(-7100, anna, "/new")
    assert "уже 10 игр ждут соперников" in fake.texts(-7100)[-1]
    assert await bot.db.games.open_in(-7100) is None
