"""The whole bot, end to end: the real Application and handlers, a real SQLite file, real pictures, a fake Bot API."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import httpx
import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.games import ANNA, BORIS, GROUP, STRANGER, open_group_game, png_of, users
from tests.support.harness import Bot, Clock
from tests.support.paths import Where
from tochki_bot.engine import Game
from tochki_bot.services import Person
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_group_game_with_commands_captures_and_resignation(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    lobby = await open_group_game(bot)
    assert "Игра №1 началась" in fake.messages[(GROUP, lobby)]["text"]
    assert "reply_markup" not in fake.messages[(GROUP, lobby)] or not fake.messages[(GROUP, lobby)]["reply_markup"]
    first = fake.last("sendPhoto", GROUP)
    assert png_of(first).size[0] <= 1280
    assert "tg://user?id=11" in first.params["caption"]  # Anna (blue) is called to move

    # Blue surrounds red 5-5: 4-5, 6-5, 5-4, 5-6.
    for mover, move in [
        (anna, "4-5"),
        (boris, "5-5"),
        (anna, "6-5"),
        (boris, "1-20"),
        (anna, "5-4"),
        (boris, "3-20"),
        (anna, "5-6"),
    ]:
        await bot.say(GROUP, mover, f"/m {move}")
    board = fake.last("sendPhoto", GROUP)
    caption = board.params["caption"]
    assert "<b>1 : 0</b>" in caption and "Ход 7: 5-6" in caption and "окружена 1 точка" in caption
    assert "tg://user?id=22" in caption  # Boris to move
    assert len(fake.sent("sendPhoto", GROUP)) == 8  # one picture per move, no storm of edits
    assert not fake.sent("editMessageMedia")

    await bot.say(GROUP, boris, "/resign")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да, сдаюсь"))
    final = fake.last("sendPhoto", GROUP)
    assert "Игра окончена" in final.params["caption"] and "победа: Анна" in final.params["caption"]
    assert [[b["text"] for b in row] for row in final.params["reply_markup"]["inline_keyboard"]] == [
        ["🔁 Реванш"],
        ["🔎 Разбор"],
    ]
    record = await bot.db.games.get(1)
    assert record is not None and record.state == "finished" and record.winner == "blue"
    assert record.reason == "resignation" and record.ply == 8
    assert not bot.errors

    await bot.say(GROUP, anna, "/stats")
    assert "Анна — 1 · 0 · 0" in fake.texts(GROUP)[-1]


async def test_reply_to_the_board_is_a_move(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _stranger = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    await bot.say(GROUP, anna, "7-7", reply_to=board)
    assert "Ход 1: 7-7" in fake.last("sendPhoto", GROUP).params["caption"]
    board = bot.last_board(GROUP)["message_id"]
    await bot.say(GROUP, boris, "nice move!", reply_to=board)  # chatter: left alone
    assert len(fake.sent("sendPhoto", GROUP)) == 2
    await bot.say(GROUP, boris, "7 8 9", reply_to=board)
    assert "Ход пишется как <code>x-y</code>" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, boris, "8 – 8", reply_to=board)
    assert "Ход 2: 8-8" in fake.last("sendPhoto", GROUP).params["caption"]


async def test_plain_text_moves_when_the_bot_reads_all_messages(where: Where) -> None:
    bot = await Bot(where("b.db"), FakeTelegram(can_read_all_group_messages=True)).start()
    try:
        fake = bot.fake
        anna, boris, stranger = users(fake)
        await open_group_game(bot)
        await bot.say(GROUP, anna, "10-10")
        assert "Ход 1: 10-10" in fake.last("sendPhoto", GROUP).params["caption"]
        sent = len(fake.calls)
        await bot.say(GROUP, stranger, "3-3")  # not a player: chatter, ignored
        await bot.say(GROUP, boris, "what a game")
        assert len(fake.calls) == sent
        await bot.say(GROUP, anna, "4-4")  # the player not to move: chatter too, ignored
        await bot.say(GROUP, boris, "3:2")  # the player to move, but not the strict form: a score, not a move
        assert len(fake.calls) == sent
        await bot.say(GROUP, boris, "11-11")
        assert "Ход 2: 11-11" in fake.last("sendPhoto", GROUP).params["caption"]
        await bot.say(GROUP, anna, "/help")
        assert "читаю все сообщения" in fake.texts(GROUP)[-1]
    finally:
        await bot.stop()


async def test_help_explains_privacy_mode(bot: Bot) -> None:
    _anna, boris, _ = users(bot.fake)
    await bot.say(GROUP, boris, "/help")
    assert "privacy mode" in bot.fake.texts(GROUP)[-1] and "/m 20-18" in bot.fake.texts(GROUP)[-1]


async def test_buttons_play_move_the_window_and_refuse_strangers_and_stale_boards(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    rows = bot.buttons(GROUP, board)
    assert len(rows) == 9 and all(len(r) <= 8 for r in rows)
    assert sum(len(r) for r in rows) <= 100
    assert all(len(b["callback_data"].encode()) <= 64 for r in rows for b in r)

    # A stranger pressing a point is refused and nothing changes.
    data = rows[0][0]["callback_data"]
    await bot.press(GROUP, board, stranger, data)
    assert fake.answers()[-1] == "You are not playing in this game."  # a button's answer is in the presser's language
    # Boris is not to move.
    await bot.press(GROUP, board, boris, data)
    assert fake.answers()[-1] == "Not your move: Анна is to move."
    assert len(fake.sent("sendPhoto", GROUP)) == 1

    # Move the window right: the same message gets a new picture and new buttons.
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "▶"))
    edit = fake.last("editMessageMedia")
    assert "x 11–18" in fake.messages[(GROUP, board)]["caption"]
    assert png_of(edit).format == "PNG"

    # Anna plays the top-left point of the window.
    data = bot.buttons(GROUP, board)[0][0]["callback_data"]
    _kind, game_id, _ply, x, y = data.split(":")
    await bot.press(GROUP, board, anna, data)
    assert fake.answers()[-1] == f"✓ {x}-{y}"
    assert f"Ход 1: {x}-{y}" in fake.last("sendPhoto", GROUP).params["caption"]

    # The old board lost its buttons when the new one was posted; a press that was already on its way is stale.
    old_data = rows[1][1]["callback_data"]
    assert bot.buttons(GROUP, board) == []
    await bot.press(GROUP, board, boris, old_data)
    assert fake.answers()[-1] == "This button is out of date: the game has moved on."
    assert len(fake.sent("sendPhoto", GROUP)) == 2

    # Pressing an occupied point only tells what is there.
    new_board = bot.last_board(GROUP)["message_id"]
    await bot.press(GROUP, new_board, boris, cb.Info(int(game_id), 1, int(x), int(y)).encode())
    assert fake.answers()[-1] == f"{x}-{y}: a blue dot"
    assert not bot.errors


async def test_lobby_settings_only_by_the_creator_and_one_game_per_chat(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _stranger = users(fake)
    await bot.say(GROUP, anna, "/new 25x25 empty 1h")
    lobby = fake.last("sendMessage", GROUP).result
    assert "25x25" in lobby["text"] and "пустое поле" in lobby["text"] and "1 ч" in lobby["text"]
    await bot.press(GROUP, lobby["message_id"], boris, bot.button(GROUP, lobby["message_id"], "39x32"))
    assert "Only Анна can change or cancel this game." in fake.answers()[-1]
    await bot.press(GROUP, lobby["message_id"], anna, bot.button(GROUP, lobby["message_id"], "Играть"))
    assert "Это ваша игра" in fake.answers()[-1]
    await bot.say(GROUP, boris, "/new")
    assert fake.texts(GROUP)[-1].startswith("Здесь уже есть игра") and "Новая игра №1" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, boris, "/cancel")
    assert "только Анна" in fake.texts(GROUP)[-1]
    texts = len(fake.texts(GROUP))
    await bot.say(GROUP, anna, "/cancel")
    assert "отменена" in fake.messages[(GROUP, lobby["message_id"])]["text"]  # the lobby says so itself
    assert len(fake.texts(GROUP)) == texts  # and no third "cancelled" below it
    await bot.say(GROUP, boris, "/new")
    assert "Новая игра" in fake.texts(GROUP)[-1]


async def test_forum_topics_have_their_own_games(bot: Bot) -> None:
    await open_group_game(bot, thread_id=5)
    await open_group_game(bot, thread_id=7)
    photos = bot.fake.sent("sendPhoto", GROUP)
    assert {int(p.params["message_thread_id"]) for p in photos} == {5, 7}
    anna, _, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/m 3-3", thread_id=7)
    last = bot.fake.last("sendPhoto", GROUP)
    assert int(last.params["message_thread_id"]) == 7 and "Ход 1: 3-3" in last.params["caption"]


async def test_private_invitation_and_correspondence(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    link = re.search(r"https://t\.me/tochki_test_bot\?start=(g[\w-]+)", lobby["text"])
    assert link is not None
    await bot.say(ANNA, anna, f"/start {link.group(1)}")
    assert "ваше собственное приглашение" in fake.texts(ANNA)[-1]
    await bot.say(BORIS, boris, f"/start {link.group(1)}")
    # Both see the board in their own chat, each in their language.
    anna_board = fake.last("sendPhoto", ANNA)
    boris_board = fake.last("sendPhoto", BORIS)
    assert "<b>№1</b> · соперник: Boris" in anna_board.params["caption"]
    assert "<b>#1</b> · vs Анна" in boris_board.params["caption"]
    record = await bot.db.games.get(1)
    assert record is not None and record.state == "active" and record.kind == "private"
    blue = ANNA if record.blue_id == ANNA else BORIS
    red = BORIS if blue == ANNA else ANNA
    who = {ANNA: anna, BORIS: boris}
    await bot.say(blue, who[blue], "10-10")
    assert "10-10" in fake.last("sendPhoto", red).params["caption"]  # the opponent is told
    assert (
        "our move</b>" in fake.last("sendPhoto", red).params["caption"]
        or "аш ход</b>" in fake.last("sendPhoto", red).params["caption"]
    )
    await bot.say(blue, who[blue], "11-11")
    assert "Not your move" in fake.texts(blue)[-1] or "не ваш ход" in fake.texts(blue)[-1]
    await bot.say(red, who[red], "/m 12-12")
    assert "12-12" in fake.last("sendPhoto", blue).params["caption"]
    await bot.say(STRANGER, stranger, f"/start {link.group(1)}")
    assert "already started" in fake.texts(STRANGER)[-1]
    await bot.say(STRANGER, stranger, "5-5")
    assert "no game in progress" in fake.texts(STRANGER)[-1]
    await bot.say(ANNA, anna, "/games")
    assert "Ваши игры" in fake.texts(ANNA)[-1]
    listed = fake.last("sendMessage", ANNA).result["message_id"]
    assert bot.buttons(ANNA, listed)[0][0]["text"].startswith("№1 · соперник: Boris")
    await bot.say(ANNA, anna, "good luck!")  # chatter gets one line on how to move, not the whole welcome
    chatter = fake.texts(ANNA)[-1]
    assert "Ход пишется как <code>x-y</code>" in chatter and "/help" in chatter and "Привет" not in chatter


async def test_draw_offer_declined_then_accepted(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    messages = len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP))
    await bot.say(GROUP, anna, "/draw")
    # In a group the offer lives on the latest board: a line of its caption and two buttons (one edit).
    offer = bot.last_board(GROUP)["message_id"]
    assert len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP)) == messages
    assert "предлагает ничью" in fake.messages[(GROUP, offer)]["caption"]
    await bot.press(GROUP, offer, anna, bot.button(GROUP, offer, "Принять ничью"))
    assert "соперник" in fake.answers()[-1]
    await bot.press(GROUP, offer, boris, bot.button(GROUP, offer, "Отказаться"))
    caption = fake.messages[(GROUP, offer)]["caption"]
    assert "предлагает ничью" not in caption and "Отказ от ничьей в игре №1: Boris." in caption  # says how it ended
    assert not any("ничью" in b["text"] for row in bot.buttons(GROUP, offer) for b in row)
    assert bot.buttons(GROUP, offer)  # the move buttons stay
    await bot.say(GROUP, anna, "/m 5-5")  # a draw before any move would not count (it is cancelled)
    await bot.say(GROUP, anna, "/draw")
    offer = bot.last_board(GROUP)["message_id"]  # the board of 5-5 shows it
    await bot.press(GROUP, offer, boris, bot.button(GROUP, offer, "Принять ничью"))
    final = fake.last("sendPhoto", GROUP)
    assert "Игра окончена.</b> Ничья по соглашению." in final.params["caption"]
    record = await bot.db.games.get(1)
    assert record is not None and record.reason == "draw" and record.winner is None


async def test_grounding_with_confirmation(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    for mover, move in [(anna, "1-5"), (boris, "10-10"), (anna, "2-6"), (boris, "11-11")]:
        await bot.say(GROUP, mover, f"/m {move}")
    await bot.say(GROUP, boris, "/ground")
    assert "своё" in fake.texts(GROUP)[-1] or "свой ход" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, anna, "/ground")
    confirm = fake.last("sendMessage", GROUP).result
    assert "0 : 1" in confirm["text"]  # 2-6 is only diagonally linked: it would go to red
    await bot.press(GROUP, confirm["message_id"], anna, bot.button(GROUP, confirm["message_id"], "Нет"))
    assert (await bot.db.games.get(1)).state == "active"  # type: ignore[union-attr]
    await bot.say(GROUP, anna, "/ground")
    confirm = fake.last("sendMessage", GROUP).result
    await bot.press(GROUP, confirm["message_id"], anna, bot.button(GROUP, confirm["message_id"], "Заземлиться"))
    final = fake.last("sendPhoto", GROUP)
    assert "Заземление: Анна" in final.params["caption"] and "победа: Boris" in final.params["caption"]
    record = await bot.db.games.get(1)
    assert record is not None and record.reason == "grounding" and (record.score_blue, record.score_red) == (0, 1)


async def test_edited_messages_never_count(bot: Bot) -> None:
    anna, _boris, _ = users(bot.fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 3-3", edited=True)
    assert len(bot.fake.sent("sendPhoto", GROUP)) == 1
    assert (await bot.db.games.get(1)).ply == 0  # type: ignore[union-attr]


async def test_a_duplicate_update_is_applied_once(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    update = fake.message_update(GROUP, anna, "/m 3-3")
    await bot.send(update, update)
    await bot.send(update)
    assert len(fake.sent("sendPhoto", GROUP)) == 2
    assert (await bot.db.games.get(1)).ply == 1  # type: ignore[union-attr]


async def test_simultaneous_presses_give_one_move(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    row = bot.buttons(GROUP, board)[2]
    presses = [fake.callback_update(GROUP, board, anna, row[i]["callback_data"]) for i in range(4)]
    await bot.send(*presses)
    assert (await bot.db.games.get(1)).ply == 1  # type: ignore[union-attr]
    assert len(fake.sent("sendPhoto", GROUP)) == 2
    assert sum(1 for a in fake.answers() if a and "устарела" in a) == 3
    assert not bot.errors


async def test_the_clock_reminds_and_ends_games_on_time(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await bot.say(ANNA, anna, "/start")  # Anna can be written to in private; Boris never started the bot
    fake.fail(
        "sendMessage",
        403,
        "Forbidden: bot can't initiate conversation with a user",
        match=lambda p: int(p["chat_id"]) == BORIS,
        times=10,
    )
    await open_group_game(bot)
    assert await bot.tick() == []
    bot.clock.advance(12 * 3600 + 1)
    events = await bot.tick()
    assert events == ["remind_half"]
    assert "ваш ход в игре №1" in fake.texts(ANNA)[-1]  # in private
    await bot.say(GROUP, anna, "/m 5-5")
    bot.clock.advance(23 * 3600 + 1)
    events = await bot.tick()
    assert events == ["remind_last"]
    assert "tg://user?id=22" in fake.texts(GROUP)[-1]  # Boris cannot be reached in private: in the group
    bot.clock.advance(3600)
    events = await bot.tick()
    assert events == ["timeout"]
    final = fake.last("sendPhoto", GROUP)
    assert "Время на ход вышло: Boris — победа: Анна." in final.params["caption"]
    assert await bot.tick() == []
    record = await bot.db.games.get(1)
    assert record is not None and record.reason == "timeout" and record.winner == "blue"


async def test_a_restart_in_the_middle_of_a_game(where: Where) -> None:
    clock = Clock()
    first = await Bot(where("r.db"), clock=clock).start()
    anna, boris, _ = users(first.fake)
    await open_group_game(first)
    await first.say(GROUP, anna, "/m 5-5")
    await first.say(GROUP, boris, "/m 6-6")
    await first.stop()

    # Telegram's update ids keep growing across restarts.
    second = await Bot(where("r.db"), FakeTelegram(first_update_id=10_000), clock=clock).start()
    await second.say(GROUP, anna, "/board")
    assert "Ход 2: 6-6" in second.fake.last("sendPhoto", GROUP).params["caption"]
    await second.say(GROUP, anna, "/m 7-7")
    assert "Ход 3: 7-7" in second.fake.last("sendPhoto", GROUP).params["caption"]
    await second.stop()

    # Down for two days: the overdue game is decided as the bot starts, before it handles any update.
    clock.advance(2 * 86400)
    third = await Bot(where("r.db"), FakeTelegram(first_update_id=20_000), clock=clock).start()
    record = await third.db.games.get(1)
    assert record is not None and record.winner == "blue" and record.ply == 4
    assert (
        "вышло" in third.fake.last("sendPhoto", GROUP).params["caption"]
        or "Игра окончена" in (third.fake.last("sendPhoto", GROUP).params["caption"])
    )
    assert await third.tick() == []
    await third.stop()


@pytest.mark.slow
async def test_telegram_errors_are_normal_flow(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    # An edit Telegram calls "message is not modified" is fine.
    fake.fail("editMessageMedia", 400, "Bad Request: message is not modified")
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "◀"))
    # The board message was deleted: a new board is posted instead.
    fake.fail("editMessageMedia", 400, "Bad Request: message to edit not found")
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "▶"))
    assert len(fake.sent("sendPhoto", GROUP)) == 2
    # Flood control: the rate limiter waits and tries again; the move is not lost.
    fake.fail("sendPhoto", 429, "Too Many Requests: retry after 1", parameters={"retry_after": 1})
    await bot.say(GROUP, anna, "/m 5-5")
    assert "Ход 1: 5-5" in fake.last("sendPhoto", GROUP).params["caption"]
    # A connection that could not be made is retried too (a send that may have arrived is not: see
    # tests/telegram/test_messenger.py).
    fake.break_connection("sendPhoto", httpx.ConnectError, after=False)
    await bot.say(GROUP, boris, "/m 6-6")
    assert "Ход 2: 6-6" in fake.last("sendPhoto", GROUP).params["caption"]
    assert not bot.errors


async def test_a_failure_after_the_move_is_stored_loses_nothing(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.fail("sendPhoto", 400, "Bad Request: something unexpected", times=1)
    await bot.say(GROUP, anna, "/m 5-5")
    assert (await bot.db.games.get(1)).ply == 1  # type: ignore[union-attr]
    assert await bot.db.outbox.owed(bot.clock() + 1)  # the board is still owed ...
    bot.clock.advance(11)
    await bot.tick()  # ... and the clock's pass posts it
    assert "Ход 1: 5-5" in fake.last("sendPhoto", GROUP).params["caption"]
    assert await bot.db.outbox.owed(bot.clock() + 1) == []


async def test_bad_inputs_get_clear_answers_and_change_nothing(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await bot.say(GROUP, anna, "/m 5-5")
    assert "нет игры" in fake.texts(GROUP)[-1]
    await open_group_game(bot)
    cases = [
        (anna, "/m", "/m 20-18"),
        (anna, "/m hello", "x-y"),
        (anna, "/m 21-5", "за пределами поля"),
        (anna, "/m 0-0", "за пределами поля"),
        (boris, "/m 5-5", "не ваш ход"),
        (stranger, "/m 5-5", "не играете"),
        (stranger, "/resign", "не играете"),
    ]
    for who, text, expected in cases:
        await bot.say(GROUP, who, text)
        assert expected in fake.texts(GROUP)[-1], text
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 5-5")
    assert "уже занят" in fake.texts(GROUP)[-1]
    record = await bot.db.games.get(1)
    assert record is not None and record.ply == 1
    await bot.say(GROUP, boris, "/lang en")
    assert "только её администраторы" in fake.texts(GROUP)[-1]  # a group's language is its admins'
    fake.admins[GROUP] = {BORIS}
    await bot.say(GROUP, boris, "/lang en")
    await bot.say(GROUP, boris, "/m 5-5")
    assert "already taken" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, boris, "/lang xx")
    assert "/lang ru" in fake.texts(GROUP)[-1]


async def test_commands_menu_in_both_languages(bot: Bot) -> None:
    menus = bot.fake.sent("setMyCommands")
    assert {m.params.get("language_code") for m in menus} == {None, "ru", "be", "kk", "ky", "pl", "uk"}  # en: default
    names = [c["command"] for c in menus[0].params["commands"]]
    assert {
        "new",
        "m",
        "move",
        "board",
        "resign",
        "draw",
        "ground",
        "cancel",
        "games",
        "stats",
        "lang",
        "help",
        "rules",
    } <= set(names)


async def test_updates_arrive_through_get_updates_polling(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    assert bot.app.updater is not None
    await bot.app.updater.start_polling(poll_interval=0, timeout=1)
    try:
        fake.queue(fake.message_update(GROUP, anna, "/rules"))
        for _ in range(200):
            if fake.texts(GROUP):
                break
            await __import__("asyncio").sleep(0.01)
        assert "Спортивные точки" in fake.texts(GROUP)[-1]
    finally:
        await bot.app.updater.stop()


async def test_fuzz_random_text_and_buttons_never_break_the_bot(bot: Bot) -> None:
    import random

    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    await bot.say(ANNA, anna, "/new")
    rng = random.Random(20261130)
    people = [anna, boris, stranger]
    chats = [GROUP, ANNA, BORIS, STRANGER, -2002]
    words = [
        "/m",
        "/move",
        "/new",
        "/board",
        "/resign",
        "/draw",
        "/ground",
        "/cancel",
        "/games",
        "/stats",
        "/lang",
        "/help",
        "/rules",
        "/start",
        "/start g",
        "/m 5-5",
        "/start gAAAA",
        "5-5",
        "99-99",
        "-1-3",
        "x-y",
        "20 - 18",
        "🙂",
        "١٢-٣",
        "0-0",
        "1-1",
        "<b>",
        "&amp;",
        "\u202e",
        "'; DROP TABLE games; --",
    ]
    alphabet = "0123456789-– :/xхmgLMIWDRGary@_ \n🙂ё"
    presses = 0
    answered_before = len(fake.answers())
    for _ in range(400):
        who = rng.choice(people)
        chat = rng.choice(chats)
        if chat > 0:
            chat = who["id"]
        roll = rng.random()
        if roll < 0.45:
            text = rng.choice(words) + rng.choice(["", " ", " " + rng.choice(words)])
            if rng.random() < 0.3:
                text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
            boards = [k for k in fake.messages if k[0] == chat]
            reply = rng.choice(boards)[1] if boards and rng.random() < 0.2 else None
            await bot.say(chat, who, text, reply_to=reply, edited=rng.random() < 0.1)
        else:
            messages = [k for k in fake.messages if k[0] in (GROUP, who["id"])]
            if not messages:
                continue
            chat_id, message_id = rng.choice(messages)
            kind = rng.choice("LMIWDRGXQ")
            fields = [rng.choice(["1", "2", "0", "-1", "999", "x", "", "18446744073709551617"]) for _ in range(5)]
            data = ":".join([kind, *fields[: rng.randint(0, 5)]])
            if rng.random() < 0.3:
                data = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 70)))
            await bot.press(chat_id, message_id, who, data)
            presses += 1
    assert not bot.errors, bot.errors[:3]
    assert len(fake.answers()) - answered_before == presses  # every press answered, exactly once
    # Whatever happened, the stored games still replay through the engine.
    for game_id in (1, 2):
        record = await bot.db.games.get(game_id)
        if record is not None:
            moves = await bot.db.games.moves(game_id)
            assert Game.from_settings(record.settings, moves).ply == record.ply


async def test_a_group_upgraded_to_a_supergroup_keeps_its_game(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot, chat=-55)
    await bot.say(-55, anna, "/m 5-5")
    await bot.send(fake.migrate_update(-55, -100555, anna))
    await bot.say(-100555, boris, "/m 6-6")
    assert "Ход 2: 6-6" in fake.last("sendPhoto", -100555).params["caption"]
    record = await bot.db.games.open_in(-100555)
    assert record is not None and record.ply == 2
    assert not bot.errors


async def test_the_clock_forgets_old_update_ids(bot: Bot) -> None:
    anna, _, _ = users(bot.fake)
    update = await bot.say(GROUP, anna, "/new")
    db = bot.db.db
    assert await db.is_processed(update["update_id"])
    bot.clock.advance(8 * 86400)
    await bot.tick()
    assert not await db.is_processed(update["update_id"])


async def test_a_move_made_elsewhere_is_shown_in_the_chat_once(bot: Bot) -> None:
    """A move the Mini App or the AI makes through the services reaches the group as one board, like a chat move."""
    fake = bot.fake
    await open_group_game(bot)
    view = await bot.services.game(1)
    assert view.to_move is not None
    mover = view.player(view.to_move)
    assert mover is not None
    boards = len(fake.sent("sendPhoto"))
    await bot.services.play.move(1, Person(mover.id, mover.name), 5, 5, origin="webapp")
    await bot.services.changes.settle()
    photos = fake.sent("sendPhoto")
    assert len(photos) == boards + 1 and int(photos[-1].params["chat_id"]) == GROUP
    assert "5-5" in photos[-1].params["caption"]
    anna, boris, _ = users(fake)
    await bot.say(GROUP, boris if mover.id == ANNA else anna, "/m 6-6")  # the chat's own move
    await bot.services.changes.settle()
    assert len(fake.sent("sendPhoto")) == boards + 2
