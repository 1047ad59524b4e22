"""Telegram's limits (``telegram/ratelimit.py``): a group's minute counts the messages sent and edited there, not the
"typing…" actions shown while the bot thinks. (Found by profiling a second ``/sgf`` that took 2 s in a group watching
a game against the bot: each of the bot's moves showed "typing…", which took one of the group's 20 places a minute
without being a message, so the next answer waited for a place to free.)"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from harness import Bot

from tochki_bot.telegram.ratelimit import ChatRateLimiter

GROUP = -1001


async def _ok(*args: Any, **kwargs: Any) -> bool:
    return True


async def _call(limiter: ChatRateLimiter, endpoint: str, chat_id: int = GROUP) -> None:
    await limiter.process_request(_ok, (), {}, endpoint, {"chat_id": chat_id}, None)


async def test_chat_actions_do_not_take_a_groups_message_places() -> None:
    limiter = ChatRateLimiter(overall_max_rate=0, group_max_rate=2, group_time_period=60)
    for _ in range(10):
        await asyncio.wait_for(_call(limiter, "sendChatAction"), 0.5)
    await asyncio.wait_for(_call(limiter, "sendMessage"), 0.5)
    await asyncio.wait_for(_call(limiter, "editMessageText"), 0.5)
    with pytest.raises(TimeoutError):  # the group's two places this minute are taken: messages wait
        await asyncio.wait_for(_call(limiter, "sendDocument"), 0.5)
    await asyncio.wait_for(_call(limiter, "sendChatAction"), 0.5)  # still shown at once


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db", group_rate=20, overall_rate=30).start()
    yield started
    await started.stop()


async def until(condition: Any, timeout: float) -> float:
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError
        await asyncio.sleep(0.005)
    return time.perf_counter() - start


@pytest.mark.slow
async def test_a_second_sgf_in_a_group_watching_a_game_against_the_bot_comes_at_once(bot: Bot) -> None:
    fake = bot.fake
    anna = fake.user(11, "Anna", "en")
    await bot.say(GROUP, anna, "/new ai easy 39x32 blue")
    await until(lambda: fake.sent("sendPhoto", GROUP), 10)
    for i in range(5):  # five move pairs: five boards (each names both moves), five "typing…"
        boards = len(fake.sent("sendPhoto", GROUP))
        await bot.say(GROUP, anna, f"/m {i + 1}-1")
        await until(lambda n=boards: len(fake.sent("sendPhoto", GROUP)) >= n + 1, 10)
        assert (await bot.services.game(1)).position.ply == 2 * (i + 1)  # the board came with the bot's reply
    assert len(fake.sent("sendChatAction", GROUP)) >= 5
    for _ in range(2):
        sent = len(fake.sent("sendDocument", GROUP))
        start = time.perf_counter()
        await bot.say(GROUP, anna, "/sgf")
        await until(lambda n=sent: len(fake.sent("sendDocument", GROUP)) > n, 10)
        assert time.perf_counter() - start < 0.5
