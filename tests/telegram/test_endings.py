"""Ending a game through the bot (``tochki_bot.telegram.endings``): ``/resign`` and ``/ground`` with a
confirmation that belongs to whoever asked, ``/draw`` and the opponent's answer; the resignation question and its
buttons say the same thing.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support import variant_games
from tests.support.fakebot import Call, FakeTelegram
from tests.support.games import BORIS, GROUP, asked, caption, open_group_game, settled, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


def resign_buttons(bot: Bot, board: int, chat: int = GROUP) -> list[dict[str, str]]:
    """The buttons of a resignation question on a board (its other buttons are the board's own)."""
    return [b for row in bot.buttons(chat, board) for b in row if b["callback_data"].startswith("R:")]


def offers(fake: FakeTelegram) -> list[Call]:
    """The group boards that went out showing a draw offer (a group's offer is a line on its latest board)."""
    return [c for c in fake.sent("editMessageMedia", GROUP) if "предлагает ничью" in str(c.params.get("media", ""))]


@pytest.mark.slow
async def test_a_draw_offer_that_did_not_get_out_is_made_again(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    fake.fail(
        "editMessageMedia", 500, "Internal Server Error", match=lambda p: "ничью" in str(p.get("media", "")), times=3
    )
    await bot.say(GROUP, boris, "/draw")  # a group's offer goes on its latest board: that edit fails (retries too)
    assert (await bot.game(1)).draw_offer == "red"
    assert not offers(fake)
    await bot.say(GROUP, boris, "/draw")  # trying again shows it now
    assert len(offers(fake)) == 1 and bot.buttons(GROUP, bot.last_board(GROUP)["message_id"])
    await bot.say(GROUP, boris, "/draw")  # out there now: a third time is refused
    assert "уже предложили ничью" in fake.texts(GROUP)[-1]
    bot.clock.advance(60)
    await bot.tick()
    assert len(offers(fake)) == 1


@pytest.mark.slow
async def test_a_draw_offer_that_did_not_get_out_is_made_by_the_clock(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")  # before each player has moved, an agreed draw would cancel the game
    fake.fail(
        "editMessageMedia", 500, "Internal Server Error", match=lambda p: "ничью" in str(p.get("media", "")), times=3
    )
    await bot.say(GROUP, boris, "/draw")
    bot.clock.advance(60)
    await bot.tick()
    made = offers(fake)
    assert len(made) == 1 and "tg://user?id=11" in str(made[0].params["media"])
    message_id = bot.last_board(GROUP)["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Принять ничью"))
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "draw"


async def test_a_draw_by_two_offers_says_so_on_the_first_offer(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")  # before each player has moved, an agreed draw would cancel the game
    await bot.say(GROUP, boris, "/draw")
    await bot.say(GROUP, anna, "/draw")
    assert (await bot.game(1)).reason == "draw"
    final = fake.last("sendPhoto", GROUP).params["caption"]  # the offer lived on the board: the next one says it
    assert "Ничья по соглашению" in final


async def test_resigning_before_ones_first_move_says_it_cancels(bot: Bot) -> None:
    """A finding of the third player trial (games against the bot, rule sets, bad input)."""
    _, boris, _ = users(bot.fake)
    await bot.say(BORIS, boris, "/new ai 12x12 red")  # the bot moves first
    await settled(bot)
    await bot.say(BORIS, boris, "/resign")
    message, text = asked(bot, BORIS)  # in private too, the question lives on the latest board
    assert "You have not moved yet" in text
    await bot.press(BORIS, message, boris, bot.button(BORIS, message, "Yes"))
    assert "Boris resigned before making a move, so the game does not count" in caption(bot, BORIS)
    assert (await bot.game(1)).state == "cancelled"


async def test_only_who_asked_can_confirm_a_resignation(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")  # before each player has moved, resigning would cancel the game
    await bot.say(GROUP, anna, "/m 7-7")
    await bot.say(GROUP, anna, "/resign")  # out of turn: a resignation needs no turn
    messages = len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP))
    confirm, text = asked(bot, GROUP)  # on the latest board: a line of its caption and two buttons, one edit
    assert (
        "Сдаться в игре №1?" in text
        and len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP)) == messages
    )
    for other in (boris, stranger):
        for label in ("Да, сдаюсь", "Нет"):
            await bot.press(GROUP, confirm, other, bot.button(GROUP, confirm, label))
            assert fake.answers()[-1] == "Only Анна can press this."  # Boris and the stranger read English
    record = await bot.game(1)
    assert record.state == "active" and record.ply == 3
    assert "Да, сдаюсь" in str(bot.buttons(GROUP, confirm))  # the question still waits for Anna
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Нет"))
    _, text = asked(bot, GROUP)
    assert "Сдаться" not in text and text.endswith("Сдача отменена: игра №1 продолжается.")
    assert not resign_buttons(bot, confirm) and bot.buttons(GROUP, confirm)  # the move buttons stay
    await bot.say(GROUP, anna, "/resign")
    confirm, _ = asked(bot, GROUP)
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Да, сдаюсь"))
    assert "Сдача: Анна" in caption(bot, GROUP)  # the final board says it; the old one loses its buttons
    assert bot.buttons(GROUP, confirm) == []
    record = await bot.game(1)
    assert record.state == "finished" and record.winner == "red"


async def test_a_confirmation_on_the_board_goes_when_the_game_moves_on(bot: Bot) -> None:
    """A question asked on the latest board is out of date once a move is made: the next board does not show it, the
    old board loses its buttons, and its buttons, pressed meanwhile, are refused."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, boris, "/resign")  # out of turn
    confirm, text = asked(bot, GROUP)
    assert "Boris" in text and "Resign game #1?" not in text  # the group reads Russian
    yes = bot.button(GROUP, confirm, "Да, сдаюсь")
    await bot.say(GROUP, anna, "/m 7-7")
    board, text = asked(bot, GROUP)
    assert board != confirm and "Сдаться" not in text and not resign_buttons(bot, board)
    assert bot.buttons(GROUP, confirm) == []
    await bot.press(GROUP, confirm, boris, yes)
    assert (await bot.game(1)).state == "active" and "out of date" in fake.answers()[-1]


async def test_only_who_asked_can_confirm_grounding_and_only_the_opponent_answers_a_draw(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/ground")
    confirm, _ = asked(bot, GROUP)
    await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Заземлиться"))
    assert fake.answers()[-1] == "Only Анна can press this." and (await bot.game(1)).state == "active"
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Нет"))
    assert "Заземление отменено" in asked(bot, GROUP)[1]

    await bot.say(GROUP, anna, "/draw")
    offer = bot.last_board(GROUP)["message_id"]  # a group's offer lives on its latest board
    await bot.press(GROUP, offer, anna, bot.button(GROUP, offer, "Принять"))
    assert "соперник" in fake.answers()[-1]
    await bot.press(GROUP, offer, stranger, bot.button(GROUP, offer, "Принять"))
    assert "not playing" in fake.answers()[-1]
    assert (await bot.game(1)).state == "active"


async def test_a_resignation_before_the_first_move_is_unrated_and_not_a_move(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/resign")  # Boris never moved
    confirm = bot.last_board(GROUP)["message_id"]  # on the latest board
    await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да"))
    record = await bot.game(1)
    assert record.state == "cancelled" and not record.rated and record.reason == "resignation"
    assert "Игра отменена.</b> Сдача до первого хода: Boris" in caption(bot, GROUP)
    await bot.say(GROUP, anna, "/top")
    assert "ещё не закончено" in fake.texts(GROUP)[-1]  # nothing rated
    await bot.say(GROUP, anna, "/stats")
    assert "ещё нет законченных игр" in fake.texts(GROUP)[-1]

    # A resignation after moves counts, and it is not a move: the replay says 2 moves, not 3.
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, anna, "/resign")
    confirm = bot.last_board(GROUP)["message_id"]  # on the latest board
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Да"))
    record = await bot.game(2)
    assert record.state == "finished" and record.rated and record.ply == 3
    await bot.say(GROUP, anna, "/replay 2")
    assert fake.last("sendAnimation", GROUP).params["caption"] == "Повтор игры №2: 2 хода."


# ----------------------------------------------------------------------------------------------------------------------
# The question and its buttons say the same thing: cancel before one's first move, resign after it.


def labels(bot: Bot, message_id: int) -> list[str]:
    """The buttons of the resignation question on a board."""
    return [b["text"] for b in resign_buttons(bot, message_id)]


async def test_resigning_before_ones_first_move_asks_to_cancel_with_a_cancel_button(bot: Bot) -> None:
    anna, _ = variant_games.users(bot.fake)
    await variant_games.open_game(bot, "/new 10x10 empty")
    await bot.say(GROUP, anna, "/resign")
    question, text = asked(bot, GROUP)
    assert "Cancel game #1?" in text
    assert labels(bot, question) == ["Yes, cancel the game", "No"]
    await bot.press(GROUP, question, anna, bot.button(GROUP, question, "Yes"))
    assert (await bot.game(1)).state == "cancelled"


async def test_resigning_after_ones_first_move_asks_to_resign(bot: Bot) -> None:
    anna, boris = variant_games.users(bot.fake)
    await variant_games.open_game(bot, "/new 10x10 empty")
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, anna, "/resign")
    question, text = asked(bot, GROUP)
    assert "Resign game #1?" in text
    assert labels(bot, question) == ["Yes, resign", "No"]


async def test_the_russian_cancel_question_has_a_cancel_button(bot: Bot) -> None:
    anna = bot.fake.user(11, "Анна", "ru")
    boris = bot.fake.user(22, "Борис", "ru")
    await bot.say(GROUP, anna, "/new 10x10 empty blue")
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Играть"))
    await bot.say(GROUP, boris, "/resign")
    question, text = asked(bot, GROUP)
    assert "Отменить игру №1?" in text
    assert labels(bot, question) == ["Да, отменить игру", "Нет"]
