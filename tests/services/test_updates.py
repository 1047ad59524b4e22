"""Updates handled once (``tochki_bot.services.updates``) however many processes get them, through the bot.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import asyncio

from tests.support.fakebot import FakeTelegram
from tests.support.games import GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where


async def test_the_same_update_in_two_processes_at_once_is_one_move(where: Where) -> None:
    """Found by a second look at the reliability work; it failed (or could fail) before its fix."""
    first = await Bot(where("d.db")).start()
    second = await Bot(where("d.db"), FakeTelegram()).start()
    try:
        anna, _, _ = users(first.fake)
        await open_group_game(first)
        second.fake.messages.update(first.fake.messages)
        update = first.fake.message_update(GROUP, anna, "/m 5-5")
        await asyncio.gather(first.send(update), second.send(update))
        photos = first.fake.sent("sendPhoto", GROUP) + second.fake.sent("sendPhoto", GROUP)
        assert len([c for c in photos if "Ход 1: 5-5" in c.params["caption"]]) == 1
        texts = first.fake.texts(GROUP) + second.fake.texts(GROUP)
        assert not any("5-5" in text for text in texts), texts  # no "that point is taken" to the mover
        assert (await first.game(1)).ply == 1
    finally:
        await second.stop()
        await first.stop()


async def test_an_update_another_process_handled_says_nothing(where: Where) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": a repeated update is
    recognised before anything else); it failed before its fix."""
    first = await Bot(where("d.db")).start()
    second = await Bot(where("d.db"), FakeTelegram()).start()
    try:
        anna, _, _ = users(first.fake)
        await open_group_game(first)
        update = first.fake.message_update(GROUP, anna, "/m 5-5")
        await first.send(update)
        second.fake.messages.update(first.fake.messages)
        await second.send(update)  # the same update, delivered to the second process too
        assert second.fake.sent() == [] or all(c.method in ("setMyCommands", "getMe") for c in second.fake.sent())
        assert (await first.game(1)).ply == 1
    finally:
        await second.stop()
        await first.stop()
