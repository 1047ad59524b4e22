"""Ending a game (``telegram/endings.py``): the resignation question and its buttons say the same thing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from harness import Bot
from test_bot_variants import GROUP, users
from test_play import start_game


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


def labels(bot: Bot, message_id: int) -> list[str]:
    return [b["text"] for row in bot.buttons(GROUP, message_id) for b in row]


async def test_resigning_before_ones_first_move_asks_to_cancel_with_a_cancel_button(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await start_game(bot)
    await bot.say(GROUP, anna, "/resign")
    question = bot.fake.last("sendMessage", GROUP)
    assert "Cancel game #1?" in question.params["text"]
    assert labels(bot, question.result["message_id"]) == ["Yes, cancel the game", "No"]
    await bot.press(GROUP, question.result["message_id"], anna, bot.button(GROUP, question.result["message_id"], "Yes"))
    assert (await bot.game(1)).state == "cancelled"


async def test_resigning_after_ones_first_move_asks_to_resign(bot: Bot) -> None:
    anna, boris = users(bot.fake)
    await start_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, anna, "/resign")
    question = bot.fake.last("sendMessage", GROUP)
    assert "Resign game #1?" in question.params["text"]
    assert labels(bot, question.result["message_id"]) == ["Yes, resign", "No"]


async def test_the_russian_cancel_question_has_a_cancel_button(bot: Bot) -> None:
    anna = bot.fake.user(11, "Анна", "ru")
    boris = bot.fake.user(22, "Борис", "ru")
    await bot.say(GROUP, anna, "/new 10x10 empty blue")
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Играть"))
    await bot.say(GROUP, boris, "/resign")
    question = bot.fake.last("sendMessage", GROUP)
    assert "Отменить игру №1?" in question.params["text"]
    assert labels(bot, question.result["message_id"]) == ["Да, отменить игру", "Нет"]
