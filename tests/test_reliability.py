"""What an attack on the bot found ("never stall, never go silent, never bend the clock"): each test here failed on
the bot before its fix. The whole path runs: the real Application, a real SQLite file, the fake Bot API."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fakebot import FakeTelegram, as_update
from harness import Bot
from test_bot import ANNA, GROUP, users

from tochki_bot.config import Config
from tochki_bot.telegram.app import build_application


def realistic(bot: Bot, tmp_path: Path, **settings: Any) -> Bot:
    """The bot with Telegram's real limits: 20 messages a minute in a group, 30 a second in all."""
    bot.config = Config(token="123:TEST", db_path=str(tmp_path / "r.db"), **settings)
    bot.app = build_application(bot.config, request=bot.fake, clock=bot.clock)
    return bot


@pytest.fixture
async def bot(tmp_path: Path):
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


# ------------------------------------------------------------------------------------------------------------------
# 1. One flooding group must not stall every chat


async def test_a_flooding_group_does_not_hold_up_another_chat(tmp_path: Path) -> None:
    bot = await realistic(Bot(tmp_path / "r.db"), tmp_path).start()
    try:
        fake = bot.fake
        fake.latency = 0.005
        anna, boris, _ = users(fake)
        flood = [fake.message_update(GROUP, boris, "/rules") for _ in range(300)]
        flood += [fake.message_update(GROUP, boris, f"/stats {n}") for n in range(300)]
        private = fake.message_update(ANNA, anna, "/help")
        for data in [*flood[:200], private, *flood[200:]]:
            await bot.app.update_queue.put(as_update(data, bot.app.bot))
        await asyncio.wait_for(bot.app.update_queue.join(), timeout=60)
        answers = [c for c in fake.sent("sendMessage")]
        first_private = next(i for i, c in enumerate(answers) if int(c.params["chat_id"]) == ANNA)
        assert first_private <= 3  # answered among the first, not after the group's backlog
        group_answers = [c for c in answers if int(c.params["chat_id"]) == GROUP]
        assert len(group_answers) <= 20  # the group's budget: the flood could not spend more than a minute's worth
        processor = bot.app.update_processor
        assert processor.dropped >= 500  # identical /rules answered once; the rest over the sender's rate
    finally:
        await bot.stop()


def _update(fake: FakeTelegram, chat: int, text: str) -> Any:
    return as_update(fake.message_update(chat, fake.user(abs(chat), "U"), text), None)


async def test_a_chat_waits_for_its_turn_before_it_takes_a_worker() -> None:
    """300 updates stuck in one chat hold one worker, not all of them: another chat goes on."""
    from tochki_bot.telegram.processor import ChatOrderedProcessor

    fake = FakeTelegram()
    processor = ChatOrderedProcessor(4, backlog=1000, user_rate=10**6)
    gate = asyncio.Event()
    order: list[tuple[str, int]] = []

    async def stuck(n: int) -> None:
        await gate.wait()
        order.append(("group", n))

    async def quick() -> None:
        order.append(("private", 0))

    group = [
        asyncio.create_task(processor.process_update(_update(fake, GROUP, f"/m {n}-1"), stuck(n))) for n in range(300)
    ]
    await asyncio.sleep(0)
    await asyncio.wait_for(processor.process_update(_update(fake, ANNA, "/help"), quick()), timeout=1)
    assert order == [("private", 0)]
    gate.set()
    await asyncio.gather(*group)
    assert [n for _, n in order[1:]] == list(range(300))  # the group's updates still ran in order
