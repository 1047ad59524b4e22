"""The outbox (``tochki_bot.services.outbox``), through the bot: a move stored before a crash is announced on
the next start, a seat that failed gets its board later and the others once.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.games import ANNA, BORIS, GROUP, open_group_game, private_game, users
from tests.support.harness import Bot, Clock
from tests.support.paths import Where
from tochki_bot.services import Person


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_move_stored_just_before_a_crash_is_announced_on_start(where: Where) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": every stored move is
    announced at least once); it failed before its fix."""

    clock = Clock()
    first = await Bot(where("c.db"), clock=clock).start()
    await open_group_game(first)
    # The move is stored, and the bot dies before it can post the board (no announcement made).
    await first.services.play.move(1, Person(ANNA, "Анна"), 5, 5)
    await first.stop()
    second = await Bot(where("c.db"), FakeTelegram(first_update_id=9000), clock=clock).start()
    try:
        photo = second.fake.last("sendPhoto", GROUP)
        assert "Ход 1: 5-5" in photo.params["caption"] and "tg://user?id=22" in photo.params["caption"]
        assert await second.db.outbox.owed(clock() + 100) == []
        assert await second.tick() == [] and len(second.fake.sent("sendPhoto", GROUP)) == 1  # once only
    finally:
        await second.stop()


async def test_a_seat_that_failed_gets_its_board_later_and_the_others_once(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": every stored move is
    announced at least once); it failed before its fix."""

    fake = bot.fake
    anna, boris, _ = users(fake)
    game = await private_game(bot, anna, boris)
    fake.fail("sendPhoto", 400, "Bad Request: something odd", match=lambda p: int(p["chat_id"]) == BORIS, times=1)
    await bot.say(ANNA, anna, "5-5")
    assert "5-5" in fake.last("sendPhoto", ANNA).params["caption"]
    boris_boards = len(fake.sent("sendPhoto", BORIS))
    bot.clock.advance(11)
    await bot.tick()
    assert (
        len(fake.sent("sendPhoto", BORIS)) == boris_boards + 1
        and "5-5" in fake.last("sendPhoto", BORIS).params["caption"]
    )
    assert len([c for c in fake.sent("sendPhoto", ANNA) if "5-5" in c.params["caption"]]) == 1
    assert (await bot.game(game)).ply == 1 and not bot.errors
