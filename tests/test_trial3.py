"""The third player trial (games against the bot, rule sets, bad input): each finding, through the fake Bot API."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.games import ANNA, BORIS, GROUP, users
from tests.support.harness import Bot


@pytest.fixture
async def bot(tmp_path: Path):
    started = await Bot(tmp_path / "t.db").start()
    yield started
    await started.stop()


async def settled(bot: Bot) -> None:
    for _ in range(3):
        await bot.services.opponent.settle()
        await bot.services.changes.settle()


async def test_new_ai_with_settings_in_a_group_whose_lobby_is_open_says_so(bot: Bot) -> None:
    anna, _, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new 20x20 polish")
    await bot.say(GROUP, anna, "/new ai hard territory 12x12")  # settings the open lobby does not have
    assert "открыта игра №1" in bot.fake.texts(GROUP)[-1] and "🤖" in bot.fake.texts(GROUP)[-1]
    assert (await bot.game(1)).state == "lobby"
    await bot.say(GROUP, anna, "/new ai hard")  # no settings of its own: the lobby's are played
    await settled(bot)
    record = await bot.game(1)
    assert record.state == "active" and (record.width, record.rules) == (20, "polish")


async def test_a_cancelled_game_against_the_bot_mentions_nobody(bot: Bot) -> None:
    anna, _, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new 15x15 blue")
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, anna, bot.button(GROUP, lobby, "Бот ★"))
    await bot.say(GROUP, anna, "/cancel")
    said = [c.params["text"] for c in bot.fake.sent("sendMessage", GROUP)] + [
        c.params["text"] for c in bot.fake.sent("editMessageText", GROUP)
    ]
    assert any("отменена до первого хода" in text for text in said)
    assert not any("tg://user?id=-" in text for text in said)
    assert (await bot.game(1)).state == "cancelled"


async def test_a_bad_game_number_is_refused_not_taken_for_the_game_going_on(bot: Bot) -> None:
    _, boris, _ = users(bot.fake)
    await bot.say(BORIS, boris, "/new ai 12x12 blue")
    await settled(bot)
    for command in ("/hint abc", "/hint -1", "/sgf 99999999999999999999999", "/board x", "/resign 1.5"):
        before = len(bot.fake.sent(None, BORIS))
        await bot.say(BORIS, boris, command)
        assert "is not a game's number" in bot.fake.texts(BORIS)[-1], command
        assert len(bot.fake.sent(None, BORIS)) == before + 1  # one short answer, nothing else
    assert not bot.fake.sent("sendDocument", BORIS)
    assert (await bot.game(1)).ply == 0


async def test_new_ai_with_words_it_cannot_use_starts_nothing(bot: Bot) -> None:
    anna, _, _ = users(bot.fake)
    for command in ("/new ai godlike", "/new ai 5x5", "/new ai 99x99", "/new ai 31d", "/new ai 20x20x20"):
        await bot.say(ANNA, anna, command)
        assert "Игра не начата" in bot.fake.texts(ANNA)[-1], command
    assert await bot.db.games.get(1) is None
    await bot.say(ANNA, anna, "/new ai ai ai easy")  # repeated words it knows are fine
    await settled(bot)
    assert (await bot.game(1)).state == "active"


async def test_resigning_before_ones_first_move_says_it_cancels(bot: Bot) -> None:
    _, boris, _ = users(bot.fake)
    await bot.say(BORIS, boris, "/new ai 12x12 red")  # the bot moves first
    await settled(bot)
    await bot.say(BORIS, boris, "/resign")
    question = bot.fake.last("sendMessage", BORIS)
    assert "You have not moved yet" in question.params["text"]
    message = question.result["message_id"]
    await bot.press(BORIS, message, boris, bot.button(BORIS, message, "Yes"))
    assert bot.fake.messages[(BORIS, message)]["text"].startswith("Game #1 cancelled: Boris resigned before")
    assert (await bot.game(1)).state == "cancelled"
