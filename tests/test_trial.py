"""What the second player trial found: each test here failed on the bot before its fix. The whole path runs: the
real Application, a real SQLite file, the fake Bot API."""

from __future__ import annotations

import pytest

from tests.support.games import ANNA, BORIS, GROUP, open_group_game, private_game, users, watch_link
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where):
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_group_game_cancelled_from_a_private_chat_is_announced_in_the_group(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(BORIS, boris, "/cancel 1")
    assert fake.texts(BORIS)[-1] == "Game #1 cancelled."
    said = fake.texts(GROUP)[-1]
    assert "Игра №1 отменена до первого хода: её отменяет Boris" in said and "tg://user?id=11" in said
    assert not bot.buttons(GROUP, bot.last_board(GROUP)["message_id"])
    await bot.say(GROUP, anna, "/m 5-5")
    assert fake.texts(GROUP)[-1] == "Игра №1 окончена; новую начинает /new."  # not "there is no game here"
    bot.clock.advance(60)
    await bot.tick()
    assert len([t for t in fake.texts(GROUP) if "отменена до первого хода" in t]) == 1  # said once
    assert not bot.errors


async def test_a_group_game_cancelled_in_the_group_is_said_once(bot: Bot) -> None:
    fake = bot.fake
    _, boris, _ = users(fake)
    await open_group_game(bot)
    before = len(fake.texts(GROUP))
    await bot.say(GROUP, boris, "/cancel")
    assert len(fake.texts(GROUP)) == before + 1 and "её отменяет Boris" in fake.texts(GROUP)[-1]


async def test_cancel_of_a_started_private_game_says_it_has_started(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await private_game(bot, anna, boris)
    await bot.say(ANNA, anna, "5-5")
    await bot.say(BORIS, boris, "/cancel")
    assert "can no longer be cancelled" in fake.texts(BORIS)[-1]


async def test_a_draw_offer_that_did_not_get_out_is_made_again(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    fake.fail("sendMessage", 500, "Internal Server Error", match=lambda p: "ничью" in p.get("text", ""))
    await bot.say(GROUP, boris, "/draw")
    assert (await bot.game(1)).draw_offer == "red"
    assert not any("ничью" in t for t in fake.texts(GROUP))
    await bot.say(GROUP, boris, "/draw")  # told "something went wrong, try again": trying again asks now
    offers = [c for c in fake.sent("sendMessage", GROUP) if "предлагает ничью" in c.params["text"]]
    assert len(offers) == 1 and bot.buttons(GROUP, offers[0].result["message_id"])
    await bot.say(GROUP, boris, "/draw")  # out there now: a third time is refused
    assert "уже предложили ничью" in fake.texts(GROUP)[-1]
    bot.clock.advance(60)
    await bot.tick()
    assert len([c for c in fake.sent("sendMessage", GROUP) if "предлагает ничью" in c.params["text"]]) == 1


async def test_a_draw_offer_that_did_not_get_out_is_made_by_the_clock(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    fake.fail("sendMessage", 500, "Internal Server Error", match=lambda p: "ничью" in p.get("text", ""))
    await bot.say(GROUP, boris, "/draw")
    bot.clock.advance(60)
    await bot.tick()
    offers = [c for c in fake.sent("sendMessage", GROUP) if "предлагает ничью" in c.params["text"]]
    assert len(offers) == 1 and "tg://user?id=11" in offers[0].params["text"]
    message_id = offers[0].result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Принять ничью"))
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "draw"


async def test_a_forged_button_on_a_message_that_is_not_its_board_is_refused(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    game = await private_game(bot, anna, boris)
    await bot.say(GROUP, anna, "/help")
    help_message = fake.last("sendMessage", GROUP).result["message_id"]
    for data in (cb.Play(game, 0, 3, 3), cb.Window(game, 0, 1, 1, 1), cb.Pick("board", game)):
        await bot.press(GROUP, help_message, anna, data.encode())
        assert "out of date" in fake.answers()[-1] or "устарела" in fake.answers()[-1]
    assert (await bot.game(game)).ply == 0
    assert not fake.sent("editMessageMedia") and not fake.sent("sendPhoto", GROUP)


async def test_buttons_left_on_old_boards_are_taken_off_by_the_clock(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    # Taking the buttons off the older boards fails for a while (in a fast game, a group's budget goes to boards).
    fake.fail("editMessageReplyMarkup", 400, "Bad Request: something odd", times=100)
    for n in range(6):
        await bot.say(GROUP, (anna, boris)[n % 2], f"/m {3 + n}-3")
    boards = [c.result["message_id"] for c in fake.sent("sendPhoto", GROUP)]
    assert sum(1 for b in boards if bot.buttons(GROUP, b)) > 1
    fake.failures.clear()
    bot.clock.advance(60)
    await bot.tick()
    assert [b for b in boards if bot.buttons(GROUP, b)] == boards[-1:]
    assert await bot.services.messages.superseded() == []


# ------------------------------------------------------------------------------------------------------------------
# What was confusing


async def test_the_me_button_changes_the_text_too(bot: Bot) -> None:
    fake = bot.fake
    _, boris, _ = users(fake)
    await bot.say(BORIS, boris, "/me")
    message = fake.last("sendMessage", BORIS).result["message_id"]
    assert "do not appear" in fake.messages[(BORIS, message)]["text"]
    await bot.press(BORIS, message, boris, bot.button(BORIS, message, "Show me"))
    text = fake.messages[(BORIS, message)]["text"]
    assert "You appear in the ratings of all players" in text and "do not appear" not in text
    assert "Hide me" in bot.buttons(BORIS, message)[0][0]["text"]
    await bot.press(BORIS, message, fake.user(STRANGER_ID, "Mallory"), cb.Listed(BORIS, False).encode())
    assert "Boris" in fake.answers()[-1]  # "only Boris can press this", not "only ?"


STRANGER_ID = 33


async def test_start_in_a_group_talks_about_the_group(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.say(GROUP, anna, "/start")
    text = fake.texts(GROUP)[-1]
    assert "Здесь: /new открывает игру" in text and "ссылку-приглашение для друга" not in text


async def test_new_while_a_game_is_on_says_so_and_leaves_the_board_alone(bot: Bot) -> None:
    fake = bot.fake
    _, _, stranger = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    photos = len(fake.sent("sendPhoto", GROUP))
    await bot.say(GROUP, stranger, "/new")
    assert "уже идёт игра №1" in fake.texts(GROUP)[-1]
    assert len(fake.sent("sendPhoto", GROUP)) == photos and bot.buttons(GROUP, board)


async def test_unwatch_and_a_second_look_at_a_spectator_link_say_things_once(bot: Bot) -> None:

    fake = bot.fake
    _, _, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER_ID, stranger, f"/start {link}")
    first = fake.last("sendMessage", STRANGER_ID).result["message_id"]
    await bot.say(STRANGER_ID, stranger, f"/start {link}")
    second = fake.last("sendMessage", STRANGER_ID).result["message_id"]
    assert second != first and not bot.buttons(STRANGER_ID, first) and bot.buttons(STRANGER_ID, second)
    texts = len(fake.texts(STRANGER_ID))
    await bot.say(STRANGER_ID, stranger, "/unwatch")
    assert fake.messages[(STRANGER_ID, second)]["text"] == "You no longer follow game #1."
    assert len(fake.texts(STRANGER_ID)) == texts  # the note says it: no second line below


async def test_a_draw_by_two_offers_says_so_on_the_first_offer(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/draw")
    offer = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.say(GROUP, anna, "/draw")
    assert (await bot.game(1)).reason == "draw"
    assert "Ничья по соглашению в игре №1" in fake.messages[(GROUP, offer)]["text"]


async def test_an_invitation_opened_too_late_closes_its_lobby_message_at_once(bot: Bot) -> None:
    import re

    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    link = re.search(r"start=(g[\w-]+)", lobby["text"])
    assert link is not None
    bot.clock.advance(7 * 86400 + 5)  # the clock has not passed yet
    await bot.say(BORIS, boris, f"/start {link.group(1)}")
    assert "expired" in fake.texts(BORIS)[-1]
    assert "за 7 дней никто не присоединился" in fake.messages[(ANNA, lobby["message_id"])]["text"]
    assert bot.buttons(ANNA, lobby["message_id"]) == []


async def test_new_with_a_board_no_phone_can_read_keeps_to_the_choices(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.say(GROUP, anna, "/new 60x60 empty 5m")
    record = await bot.game(1)
    assert (record.width, record.height) == (39, 32) and record.move_seconds == 300
    assert "39x32" in fake.texts(GROUP)[-1]


async def test_lang_takes_whole_words_and_not_prefixes(bot: Bot) -> None:
    fake = bot.fake
    _, boris, _ = users(fake)
    await bot.say(BORIS, boris, "/lang ruru")
    assert "/lang" in fake.texts(BORIS)[-1]  # the usage, not a change
    await bot.say(BORIS, boris, "/lang русский")
    assert fake.texts(BORIS)[-1] == "Язык: русский."
