"""What a second look at the reliability work found: each test here failed (or could fail) before its fix. The
whole path runs: the real Application, a real SQLite file, the fake Bot API."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.games import ANNA, BORIS, GROUP, open_group_game, private_game, realistic, users
from tests.support.harness import Bot, Clock
from tests.support.paths import DATA, Where
from tochki_bot.services import Person


@pytest.fixture
async def bot(where: Where):
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_broken_game_stops_neither_the_start_nor_the_clock_of_the_others(where: Where) -> None:
    clock = Clock()
    first = await Bot(where("b.db"), clock=clock).start()
    anna, _, _ = users(first.fake)
    await open_group_game(first, thread_id=5)
    await open_group_game(first, thread_id=7)
    await first.say(GROUP, anna, "/m 5-5", thread_id=5)
    await first.say(GROUP, anna, "/m 5-5", thread_id=7)
    # Game 1 can no longer be replayed (its stored move is off the board), and the bot is down for two days.
    async with first.db.transaction():
        await first.db.db.execute("UPDATE moves SET x = 99 WHERE game_id = 1")
    await first.stop()
    clock.advance(2 * 86400)
    second = await Bot(where("b.db"), FakeTelegram(first_update_id=9000), clock=clock).start()
    try:
        record = await second.game(2)
        assert record.state == "finished" and record.reason == "timeout"  # decided on start, despite game 1
        assert any(int(c.params.get("message_thread_id", 0)) == 7 for c in second.fake.sent("sendPhoto", GROUP))
        assert (await second.game(1)).state == "active"  # left alone, for a person to look at
        clock.advance(3600)
        await second.tick()  # and the clock keeps going
    finally:
        await second.stop()


async def test_two_announcements_of_one_game_end_with_the_newer_board_live(bot: Bot) -> None:
    fake = bot.fake
    await open_group_game(bot)
    fake.latency = 0.01
    one = await bot.services.play.move(1, Person(ANNA, "Анна"), 5, 5)
    two = await bot.services.play.move(1, Person(BORIS, "Boris"), 6, 6)
    presenter = bot.front.presenter
    await asyncio.gather(presenter.announce(two), presenter.announce(one))  # the older one arrives last
    boards = [c for c in fake.sent("sendPhoto", GROUP) if "Ход" in c.params["caption"]]
    newest = boards[-1]
    assert "Ход 2: 6-6" in newest.params["caption"]  # the older position is not posted after the newer
    last_id = newest.result["message_id"]
    assert bot.buttons(GROUP, last_id)  # the newest board keeps its buttons
    for board in boards[:-1]:
        assert not bot.buttons(GROUP, board.result["message_id"]), "an older board still has buttons"


async def test_a_press_in_a_forum_topic_is_answered_in_that_topic(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    update = fake.document_update(GROUP, anna, "game.sgf", (DATA / "playdots-962686.sgf").read_bytes())
    update["message"].update(message_thread_id=7, is_topic_message=True)  # shared in topic 7 of a forum
    await bot.send(update)
    shown = fake.last("sendPhoto", GROUP)
    assert int(shown.params["message_thread_id"]) == 7
    message_id = shown.result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Продолжить"))
    lobby = fake.last("sendMessage", GROUP)
    assert int(lobby.params.get("message_thread_id", 0)) == 7  # the lobby opens where the press was, not in General
    record = await bot.db.games.open_in(GROUP, 7)
    assert record is not None and record.state == "lobby"
    assert not bot.errors


async def test_the_same_question_from_two_people_gets_two_answers(where: Where) -> None:
    bot = await realistic(Bot(where("r.db")), where).start()
    try:
        fake = bot.fake
        fake.latency = 0.005
        anna, boris, _ = users(fake)
        await bot.send(
            fake.message_update(GROUP, anna, "/rules"),  # keeps the group busy while the rest wait together
            fake.message_update(GROUP, anna, "/me"),
            fake.message_update(GROUP, boris, "/me"),
            fake.message_update(GROUP, anna, "/me"),  # Anna's repeat: one answer is enough for her
        )
        answers = fake.sent("sendMessage", GROUP)
        assert len(answers) == 3  # /rules, Anna's /me, Boris's /me: Boris's is not taken for Anna's repeat
        asked = {int(c.params["reply_parameters"]["message_id"]) for c in answers[1:]}
        assert len(asked) == 2
    finally:
        await bot.stop()


async def test_the_same_update_in_two_processes_at_once_is_one_move(where: Where) -> None:
    first = await Bot(where("d.db")).start()
    second = await Bot(where("d.db"), FakeTelegram()).start()
    try:
        anna, _, _ = users(first.fake)
        await open_group_game(first)
        second.fake.messages.update(first.fake.messages)
        update = first.fake.message_update(GROUP, anna, "/m 5-5")
        await asyncio.gather(first.send(update), second.send(update))
        photos = first.fake.sent("sendPhoto", GROUP) + second.fake.sent("sendPhoto", GROUP)
        assert len([c for c in photos if "Ход 1: 5-5" in c.params["caption"]]) == 1
        texts = first.fake.texts(GROUP) + second.fake.texts(GROUP)
        assert not any("5-5" in text for text in texts), texts  # no "that point is taken" to the mover
        assert (await first.game(1)).ply == 1
    finally:
        await second.stop()
        await first.stop()


async def test_a_private_game_cannot_be_shown_in_a_group(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    game = await private_game(bot, anna, boris)
    photos = len(fake.sent("sendPhoto", GROUP))
    for text in (f"/board {game}", f"/sgf {game}", f"/png {game}"):
        await bot.say(GROUP, anna, text)
    assert len(fake.sent("sendPhoto", GROUP)) == photos
    assert not fake.sent("sendDocument", GROUP)
    assert fake.texts(GROUP) == [f"Игра №{game} здесь недоступна."] * 3


async def test_a_migrated_group_keeps_its_game_and_a_lobby_in_the_new_chat_gives_way(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot, chat=-55)
    await bot.say(-55, anna, "/m 5-5")
    await bot.say(-100555, boris, "/new")  # the new chat already has a lobby in the same place
    lobby = fake.last("sendMessage", -100555).result["message_id"]
    assert bot.buttons(-100555, lobby)
    await bot.send(fake.migrate_update(-55, -100555, anna))
    assert (await bot.game(2)).state == "cancelled"
    bot.clock.advance(60)
    await bot.tick()  # the outbox tells the lobby's chat it is closed
    assert not bot.buttons(-100555, lobby)
    await bot.say(-100555, boris, "/m 6-6")
    assert "Move 2: 6-6" in fake.last("sendPhoto", -100555).params["caption"]
    assert not bot.errors
