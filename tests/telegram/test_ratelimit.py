"""Telegram's limits per chat (``tochki_bot.telegram.ratelimit``): a flood wait stops only the chat it was
given for, a group keeps its rate while other chats go on; a group's minute counts the messages sent and edited
there, not the "typing…" actions shown while the bot thinks.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from telegram.error import RetryAfter

from tests.support.fakebot import as_update
from tests.support.games import ANNA, GROUP, open_group_game, photos, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.telegram.ratelimit import ChatRateLimiter


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


OTHER_GROUP = -1002


@pytest.mark.slow
async def test_a_flood_wait_in_one_group_does_not_hold_up_another_chat(bot: Bot) -> None:
    """Found by an attack on the bot's edges (flood waits are per chat); it failed before its fix."""
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    await open_group_game(bot, chat=OTHER_GROUP)
    fake.fail(
        "sendPhoto",
        429,
        "Too Many Requests: retry after 3",
        match=lambda p: int(p["chat_id"]) == GROUP,
        parameters={"retry_after": 3},
    )
    first = asyncio.create_task(bot.say(GROUP, anna, "/m 5-5"))
    while not photos(fake, GROUP, failed=True):
        await asyncio.sleep(0.01)
    flood_at = photos(fake, GROUP, failed=True)[0].at
    # Meanwhile a move in another group: its board goes out at once.
    boards = len(photos(fake, OTHER_GROUP))
    await bot.app.update_queue.put(as_update(fake.message_update(OTHER_GROUP, anna, "/m 7-7"), bot.app.bot))
    while len(photos(fake, OTHER_GROUP)) == boards:
        await asyncio.sleep(0.01)
    other = photos(fake, OTHER_GROUP)[-1]
    assert "7-7" in other.params["caption"]
    assert other.at - flood_at < 1.0
    assert not [c for c in photos(fake, GROUP) if "5-5" in c.params["caption"]]  # the first group's is still waiting
    # The first group's board arrives after its wait, once.
    await asyncio.wait_for(first, timeout=10)
    board = photos(fake, GROUP)[-1]
    assert "Ход 1: 5-5" in board.params["caption"]
    assert board.at - flood_at >= 3.0
    assert other.at < board.at
    assert len([c for c in photos(fake, GROUP) if "5-5" in c.params["caption"]]) == 1
    assert not bot.errors


@pytest.mark.slow
async def test_a_flood_wait_without_a_chat_still_holds_everything() -> None:
    """Found by an attack on the bot's edges (flood waits are per chat); it failed before its fix."""
    limiter = ChatRateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=1)
    tries: list[tuple[str, float]] = []

    async def call(name: str, fail: bool) -> bool:
        tries.append((name, time.monotonic()))
        if fail and len([n for n, _ in tries if n == name]) == 1:
            raise RetryAfter(1)
        return True

    started = time.monotonic()
    menu = asyncio.create_task(limiter.process_request(call, ("menu", True), {}, "setMyCommands", {}, None))
    await asyncio.sleep(0.05)
    assert await limiter.process_request(call, ("chat", False), {}, "sendMessage", {"chat_id": 5}, None)
    assert await menu
    chat_at = next(at for name, at in tries if name == "chat")
    assert chat_at - started >= 1.0  # a 429 about no chat in particular pauses every request


async def test_a_group_keeps_its_rate_while_other_chats_go_on() -> None:
    """Found by an attack on the bot's edges (flood waits are per chat); it failed before its fix."""
    limiter = ChatRateLimiter(overall_max_rate=30, group_max_rate=2, group_time_period=60)

    async def call() -> bool:
        return True

    def send(chat_id: int) -> asyncio.Task[Any]:
        return asyncio.create_task(limiter.process_request(call, (), {}, "sendMessage", {"chat_id": chat_id}, None))

    group = [send(GROUP) for _ in range(3)]
    await asyncio.sleep(0.2)
    assert [task.done() for task in group] == [True, True, False]  # 2 a minute in that group: the third waits
    assert await asyncio.wait_for(send(OTHER_GROUP), timeout=1)
    assert await asyncio.wait_for(send(ANNA), timeout=1)
    group[2].cancel()


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


async def until(condition: Any, timeout: float) -> float:
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError
        await asyncio.sleep(0.005)
    return time.perf_counter() - start


@pytest.mark.slow
async def test_a_second_sgf_in_a_group_watching_a_game_against_the_bot_comes_at_once(tmp_path: Path) -> None:
    """Found by profiling a second ``/sgf`` that took 2 s in a group watching a game against the bot: each of the
    bot's moves showed "typing…", which took one of the group's 20 places a minute without being a message, so the
    next answer waited for a place to free. (Delivery alone: on SQLite only, half a minute of real limits.)"""
    bot = await Bot(str(tmp_path / "bot.db"), group_rate=20, overall_rate=30).start()
    try:
        await _second_sgf(bot)
    finally:
        await bot.stop()


async def _second_sgf(bot: Bot) -> None:
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
