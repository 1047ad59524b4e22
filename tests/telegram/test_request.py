"""One update, understood once (``tochki_bot.telegram.request``): who sent it, a clear answer to bad input,
every press answered once, whatever goes wrong after.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import ANNA, BORIS, GROUP, caption, open_group_game, settled, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_bad_game_number_is_refused_not_taken_for_the_game_going_on(bot: Bot) -> None:
    """A finding of the third player trial (games against the bot, rule sets, bad input)."""
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


async def test_an_unexpected_error_during_a_press_is_answered_once_and_the_board_comes_later(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    fake.fail("sendPhoto", 400, "Bad Request: something odd")
    answers = len(fake.sent("answerCallbackQuery"))
    await bot.press(GROUP, board, anna, bot.buttons(GROUP, board)[0][0]["callback_data"])
    assert len(fake.sent("answerCallbackQuery")) == answers + 1  # one answer, not two
    assert (await bot.game(1)).ply == 1
    bot.clock.advance(11)
    await bot.tick()
    assert "Ход 1:" in caption(bot, GROUP)


async def test_a_move_whose_button_answer_fails_is_still_announced(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": every stored move is
    announced at least once); it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    fake.fail("answerCallbackQuery", 400, "Bad Request: query is too old and response timeout expired", times=5)
    await bot.press(GROUP, board, anna, bot.buttons(GROUP, board)[0][0]["callback_data"])
    assert (await bot.game(1)).ply == 1
    assert len(fake.sent("sendPhoto", GROUP)) == 2 and "Ход 1" in fake.last("sendPhoto", GROUP).params["caption"]
    assert not bot.errors


@pytest.mark.slow
async def test_odd_input_gets_a_clear_answer(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": bad input gets an
    answer, not the generic apology); it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.say(ANNA, anna, "/new ²x²")  # a superscript is not a size: the lobby opens with the defaults
    assert "39x32" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, "/sgf ²")
    assert "Извините" not in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, "/m ²-³")
    assert "Ход пишется как" in fake.texts(ANNA)[-1]
    big = b"(;GM[40]SZ[" + b"9" * 5000 + b"];B[aa])"
    await bot.send(fake.document_update(ANNA, anna, "big.sgf", big))
    answer = fake.texts(ANNA)[-1]
    assert "размером" in answer and len(answer) < 300  # the value is quoted short
    long_name = "Я" * 3000
    record = f"(;GM[40]FF[4]SZ[10]PB[{long_name}]PW[{long_name}];B[ee];W[ff])".encode()
    await bot.send(fake.document_update(ANNA, anna, "long.sgf", record))
    shown = fake.last("sendPhoto", ANNA)
    assert len(shown.params["caption"]) <= 1024 and "ЯЯЯ" in shown.params["caption"]
    assert not bot.errors


async def test_an_anonymous_admin_or_a_channel_is_asked_to_write_as_themselves(bot: Bot) -> None:
    """Found by an attack on the bot ("never stall, never go silent, never bend the clock": bad input gets an
    answer, not the generic apology); it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    update = fake.message_update(GROUP, {"id": 1087968824, "is_bot": True, "first_name": "Group"}, "/new")
    update["message"]["sender_chat"] = {"id": GROUP, "type": "supergroup", "title": "Group"}
    await bot.send(update)
    channel = fake.message_update(GROUP, {"id": 136817688, "is_bot": True, "first_name": "Channel"}, "/new")
    channel["message"]["sender_chat"] = {"id": -100777, "type": "channel", "title": "A channel"}
    await bot.send(channel)
    assert await bot.db.games.open_in(GROUP) is None
    asked = [text for text in fake.texts(GROUP) if "write as yourself" in text or "от своего имени" in text]
    assert len(asked) == 2
    await bot.say(GROUP, anna, "/new")  # a person still can
    assert await bot.db.games.open_in(GROUP) is not None
