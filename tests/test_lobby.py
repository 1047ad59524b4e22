"""Opening games (``services/lobby.py``, ``/new``): a board or a time out of range is refused with a clear answer, and
no lobby is opened."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from harness import Bot
from test_bot_variants import GROUP, users

from tochki_bot.services import LobbyChoice, Person, Place, Problem, ServiceError


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


@pytest.mark.parametrize("size", ["8x8", "9x20", "40x40", "20x99"])
async def test_new_with_a_board_out_of_range_says_why_and_opens_nothing(bot: Bot, size: str) -> None:
    anna, _ = users(bot.fake)
    await bot.say(GROUP, anna, f"/new {size}")
    answer = bot.fake.texts(GROUP)[-1]
    assert f"{size}" in answer and "10x10" in answer and "39x39" in answer
    assert await bot.db.games.get(1) is None
    await bot.say(GROUP, anna, f"/new ai {size}")
    assert "10x10" in bot.fake.texts(GROUP)[-1] and await bot.db.games.get(1) is None


async def test_new_with_a_time_out_of_range_says_why_and_opens_nothing(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new 20x20 0m")
    answer = bot.fake.texts(GROUP)[-1]
    assert "0m" in answer and "1m" in answer and "30d" in answer
    await bot.say(GROUP, anna, "/new 99d")
    assert "99d" in bot.fake.texts(GROUP)[-1]
    assert await bot.db.games.get(1) is None


async def test_new_in_russian_names_the_range(bot: Bot) -> None:
    anna = bot.fake.user(11, "Анна", "ru")
    await bot.say(GROUP, anna, "/new 8х8")
    assert "от 10x10 до 39x39" in bot.fake.texts(GROUP)[-1]
    assert await bot.db.games.get(1) is None


async def test_the_smallest_and_largest_boards_open(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new 10x10")
    record = await bot.game(1)
    assert (record.width, record.height) == (10, 10)
    await bot.say(GROUP, anna, "/cancel")
    await bot.say(GROUP, anna, "/new 39x39")
    record = await bot.game(2)
    assert (record.width, record.height) == (39, 39)


async def test_the_service_refuses_a_size_out_of_range(bot: Bot) -> None:
    with pytest.raises(ServiceError) as error:
        await bot.services.lobby.open(Place(GROUP, "group", "G"), Person(11, "Anna"), LobbyChoice(8, 8))
    assert error.value.problem is Problem.BAD_SIZE
