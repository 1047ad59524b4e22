"""Sending to Telegram (``tochki_bot.telegram.messenger``): a new message that may have reached Telegram is
not sent again blindly, edits are retried, a caption Telegram cannot parse goes as plain text.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from telegram.error import TimedOut

from tests.support.games import ANNA, GROUP, open_group_game, photos, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_board_that_timed_out_after_telegram_posted_it_is_not_posted_again(bot: Bot) -> None:
    """Found by an attack on the bot's edges (a new message is not sent twice: a send that may have reached Telegram
    is not retried blindly; edits are); it failed before its fix."""
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.break_connection("sendPhoto")  # Telegram posts the board; its answer is lost (a read timeout)
    await bot.say(GROUP, anna, "/m 5-5")
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Ход 1: 5-5" in c.params["caption"]]) == 1
    assert (await bot.game(1)).ply == 1  # the move is stored whatever happened to its board


async def test_a_board_whose_connection_could_not_be_made_is_sent_again(bot: Bot) -> None:
    """Found by an attack on the bot's edges (a new message is not sent twice: a send that may have reached Telegram
    is not retried blindly; edits are); it failed before its fix."""
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.break_connection("sendPhoto", httpx.ConnectError, after=False)  # it never reached Telegram
    await bot.say(GROUP, anna, "/m 5-5")
    assert len(photos(fake, GROUP, failed=True)) == 1
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Ход 1: 5-5" in c.params["caption"]]) == 1
    assert await bot.db.outbox.owed(bot.clock() + 1) == []  # delivered: nothing owed
    assert not bot.errors


async def test_a_board_refused_by_a_gateway_is_left_to_the_outbox(bot: Bot) -> None:
    """A 502 may come after Telegram posted the message: not sent again at once; the outbox makes it later.

    Found by an attack on the bot's edges (a new message is not sent twice: a send that may have reached Telegram is
    not retried blindly; edits are); it failed before its fix."""
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.fail("sendPhoto", 502, "Bad Gateway")
    await bot.say(GROUP, anna, "/m 5-5")
    assert len(photos(fake, GROUP, failed=True)) == 1
    assert not [c for c in fake.sent("sendPhoto", GROUP) if "5-5" in c.params["caption"]]
    bot.clock.advance(11)
    await bot.tick()
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Ход 1: 5-5" in c.params["caption"]]) == 1


async def test_a_text_that_timed_out_is_not_sent_again(bot: Bot) -> None:
    """Found by an attack on the bot's edges (a new message is not sent twice: a send that may have reached Telegram
    is not retried blindly; edits are); it failed before its fix."""
    fake = bot.fake
    messenger = bot.front.messenger
    fake.break_connection("sendMessage")
    with pytest.raises(TimedOut):
        await messenger.send_text(ANNA, "hello")
    assert len(fake.sent("sendMessage", ANNA)) == 1


@pytest.mark.slow
async def test_an_edit_that_timed_out_is_retried(bot: Bot) -> None:
    """Found by an attack on the bot's edges (a new message is not sent twice: a send that may have reached Telegram
    is not retried blindly; edits are); it failed before its fix."""
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    boards = len(fake.sent("sendPhoto", GROUP))
    fake.break_connection("editMessageMedia")  # done by Telegram, answer lost: doing it again changes nothing
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "◀"))
    assert len(fake.sent("editMessageMedia", GROUP)) == 2
    assert len(fake.sent("sendPhoto", GROUP)) == boards  # no new board instead
    fake.break_connection("editMessageMedia", httpx.ConnectError, after=False)
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "▶"))
    assert len(fake.sent("editMessageMedia", GROUP)) == 3
    assert not bot.errors


async def test_a_caption_telegram_cannot_parse_goes_as_plain_text(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": nothing grows without
    bound); it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    fake.fail("sendPhoto", 400, "Bad Request: can't parse entities: unsupported start tag at byte offset 3")
    await bot.say(GROUP, anna, "/m 5-5")
    caption = fake.last("sendPhoto", GROUP).params["caption"]
    assert "Ход 1: 5-5" in caption and "<b>" not in caption and "<a href" not in caption
    assert "parse_mode" not in fake.last("sendPhoto", GROUP).params and not bot.errors
