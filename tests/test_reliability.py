"""What an attack on the bot found ("never stall, never go silent, never bend the clock"): each test here failed on
the bot before its fix. The whole path runs: the real Application, a real SQLite file, the fake Bot API."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.support.fakebot import FakeTelegram, as_update
from tests.support.games import ANNA, BORIS, CLARA, GROUP, open_group_game, realistic, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where):
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


# ------------------------------------------------------------------------------------------------------------------
# 1. One flooding group must not stall every chat


async def test_a_flooding_group_does_not_hold_up_another_chat(where: Where) -> None:
    bot = await realistic(Bot(where("r.db")), where).start()
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
    processor = ChatOrderedProcessor(4, backlog=1000, sender_backlog=1000, user_rate=10**6)
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


async def test_a_flood_by_some_people_does_not_silence_the_player_to_move(where: Where) -> None:
    """A player trial: five people each sent 60 moves (each within the rate of 60 a minute) and filled the group's
    backlog, so the move of the player whose turn it was, sent in the middle, was dropped and nobody answered."""
    bot = await realistic(Bot(where("r.db")), where).start()
    try:
        fake = bot.fake
        anna, _, _ = users(fake)
        await open_group_game(bot)
        fake.latency = 0.005
        flooders = [fake.user(100 + n, f"Flooder {n}") for n in range(5)]
        flood = [fake.message_update(GROUP, flooders[n % 5], f"/m {n % 50 + 1}-{n % 7 + 30}") for n in range(300)]
        move = fake.message_update(GROUP, anna, "/m 5-5")
        for data in [*flood[:150], move, *flood[150:]]:
            await bot.app.update_queue.put(as_update(data, bot.app.bot))
        await asyncio.wait_for(bot.app.update_queue.join(), timeout=60)
        assert (await bot.game(1)).ply == 1
        assert any("Ход 1: 5-5" in c.params["caption"] for c in fake.sent("sendPhoto", GROUP))
        assert bot.app.update_processor.dropped >= 200  # each flooder was heard up to their own backlog only
        assert not bot.errors
    finally:
        await bot.stop()


async def test_one_senders_excess_is_dropped_and_another_senders_update_in_the_chat_kept() -> None:
    """A person's own backlog in a chat is bounded: their updates beyond it are dropped, somebody else's are not."""
    from tochki_bot.telegram.processor import ChatOrderedProcessor

    fake = FakeTelegram()
    processor = ChatOrderedProcessor(4, sender_backlog=20, user_rate=10**6)
    gate = asyncio.Event()
    order: list[tuple[str, int]] = []

    async def stuck(who: str, n: int) -> None:
        await gate.wait()
        order.append((who, n))

    flooder, player = fake.user(100, "Flooder"), fake.user(ANNA, "Anna")

    def send(user: dict[str, Any], text: str, who: str, n: int) -> asyncio.Task[None]:
        update = as_update(fake.message_update(GROUP, user, text), None)
        return asyncio.create_task(processor.process_update(update, stuck(who, n)))

    tasks = [send(flooder, f"/m {n}-1", "flooder", n) for n in range(50)]
    tasks.append(send(player, "/m 5-5", "player", 0))
    tasks += [send(flooder, f"/m {n}-2", "flooder", n) for n in range(50, 60)]
    await asyncio.sleep(0)
    assert all(task.done() for task in tasks[20:50] + tasks[51:])  # dropped at once, holding nothing
    gate.set()
    await asyncio.gather(*tasks)
    assert order == [("flooder", n) for n in range(20)] + [("player", 0)]
    assert processor.dropped == 40


async def test_a_full_chat_makes_room_by_dropping_the_busiest_senders_newest_update() -> None:
    """The chat's own bound is a memory guard; when it is reached, a person with few updates waiting still gets in,
    in place of the newest waiting update of the person with the most."""
    from tochki_bot.telegram.processor import ChatOrderedProcessor

    fake = FakeTelegram()
    processor = ChatOrderedProcessor(4, backlog=10, sender_backlog=20, user_rate=10**6)
    gate = asyncio.Event()
    order: list[tuple[str, int]] = []

    async def stuck(who: str, n: int) -> None:
        await gate.wait()
        order.append((who, n))

    def send(user: dict[str, Any], text: str, who: str, n: int) -> asyncio.Task[None]:
        update = as_update(fake.message_update(GROUP, user, text), None)
        return asyncio.create_task(processor.process_update(update, stuck(who, n)))

    busy, quiet, player = fake.user(100, "Busy"), fake.user(101, "Quiet"), fake.user(ANNA, "Anna")
    tasks = [send(busy, f"/m {n}-1", "busy", n) for n in range(8)]
    tasks += [send(quiet, f"/m {n}-2", "quiet", n) for n in range(2)]  # the chat is full: 8 + 2
    await asyncio.sleep(0)
    tasks.append(send(player, "/m 5-5", "player", 0))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert tasks[7].done()  # the busy person's newest update gave way, and its task ended at once
    tasks.append(send(busy, "/m 9-9", "busy", 9))  # the busiest sender's new update: no room for it
    await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(*tasks)
    assert order == [("busy", n) for n in range(7)] + [("quiet", 0), ("quiet", 1), ("player", 0)]
    assert processor.dropped == 2


async def test_an_update_cancelled_in_a_chats_line_does_not_stall_the_chat() -> None:
    """A chat's line is the processor's own: an update cancelled while it waits or while it runs passes its turn on."""
    from tochki_bot.telegram.processor import ChatOrderedProcessor

    fake = FakeTelegram()
    processor = ChatOrderedProcessor(4, user_rate=10**6)
    gate = asyncio.Event()
    order: list[int] = []

    async def stuck(n: int) -> None:
        await gate.wait()
        order.append(n)

    tasks = [
        asyncio.create_task(processor.process_update(_update(fake, GROUP, f"/m {n}-1"), stuck(n))) for n in range(4)
    ]
    await asyncio.sleep(0)
    tasks[2].cancel()  # waiting
    tasks[0].cancel()  # running
    await asyncio.sleep(0)
    gate.set()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=1)
    assert order == [1, 3]
    assert processor._lanes == {}  # nothing left behind


# ------------------------------------------------------------------------------------------------------------------
# 2. Every stored move is announced at least once


async def test_a_move_whose_button_answer_fails_is_still_announced(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    fake.fail("answerCallbackQuery", 400, "Bad Request: query is too old and response timeout expired", times=5)
    await bot.press(GROUP, board, anna, bot.buttons(GROUP, board)[0][0]["callback_data"])
    assert (await bot.game(1)).ply == 1
    assert len(fake.sent("sendPhoto", GROUP)) == 2 and "Ход 1" in fake.last("sendPhoto", GROUP).params["caption"]
    assert not bot.errors


async def test_a_move_stored_just_before_a_crash_is_announced_on_start(where: Where) -> None:
    from tests.support.harness import Clock
    from tochki_bot.services import Person

    clock = Clock()
    first = await Bot(where("c.db"), clock=clock).start()
    await open_group_game(first)
    # The move is stored, and the bot dies before it can post the board (no announcement made).
    await first.services.play.move(1, Person(ANNA, "Анна"), 5, 5)
    await first.stop()
    second = await Bot(where("c.db"), FakeTelegram(first_update_id=9000), clock=clock).start()
    try:
        photo = second.fake.last("sendPhoto", GROUP)
        assert "Ход 1: 5-5" in photo.params["caption"] and "tg://user?id=22" in photo.params["caption"]
        assert await second.db.outbox.owed(clock() + 100) == []
        assert await second.tick() == [] and len(second.fake.sent("sendPhoto", GROUP)) == 1  # once only
    finally:
        await second.stop()


async def test_a_seat_that_failed_gets_its_board_later_and_the_others_once(bot: Bot) -> None:
    from tests.support.games import private_game

    fake = bot.fake
    anna, boris, _ = users(fake)
    game = await private_game(bot, anna, boris)
    fake.fail("sendPhoto", 400, "Bad Request: something odd", match=lambda p: int(p["chat_id"]) == BORIS, times=1)
    await bot.say(ANNA, anna, "5-5")
    assert "5-5" in fake.last("sendPhoto", ANNA).params["caption"]
    boris_boards = len(fake.sent("sendPhoto", BORIS))
    bot.clock.advance(11)
    await bot.tick()
    assert (
        len(fake.sent("sendPhoto", BORIS)) == boris_boards + 1
        and "5-5" in fake.last("sendPhoto", BORIS).params["caption"]
    )
    assert len([c for c in fake.sent("sendPhoto", ANNA) if "5-5" in c.params["caption"]]) == 1
    assert (await bot.game(game)).ply == 1 and not bot.errors


# ------------------------------------------------------------------------------------------------------------------
# 9. A repeated update is recognised before anything else


async def test_an_update_another_process_handled_says_nothing(where: Where) -> None:
    first = await Bot(where("d.db")).start()
    second = await Bot(where("d.db"), FakeTelegram()).start()
    try:
        anna, _, _ = users(first.fake)
        await open_group_game(first)
        update = first.fake.message_update(GROUP, anna, "/m 5-5")
        await first.send(update)
        second.fake.messages.update(first.fake.messages)
        await second.send(update)  # the same update, delivered to the second process too
        assert second.fake.sent() == [] or all(c.method in ("setMyCommands", "getMe") for c in second.fake.sent())
        assert (await first.game(1)).ply == 1
    finally:
        await second.stop()
        await first.stop()


# ------------------------------------------------------------------------------------------------------------------
# 7. A write that may have succeeded is never reported as failed


def fail_once(bot: Bot, monkeypatch: pytest.MonkeyPatch, sql_start: str, *, after: bool) -> None:
    """Make the database fail once, for the statement starting with ``sql_start``: after running it (the write
    reached the database, but the driver says it failed) or instead of running it. SQLite reports a disk I/O error;
    PostgreSQL a connection lost in the middle of the statement."""
    db = bot.db.db
    state = {"done": False}
    if db.dialect.name == "sqlite":
        import sqlite3

        conn = db.conn  # type: ignore[attr-defined]
        real = conn.execute

        async def execute(sql: str, parameters: Any = None) -> Any:
            if not state["done"] and sql.startswith(sql_start):
                state["done"] = True
                if after:
                    await real(sql, parameters) if parameters is not None else await real(sql)
                raise sqlite3.OperationalError("disk I/O error")
            return await (real(sql, parameters) if parameters is not None else real(sql))

        monkeypatch.setattr(conn, "execute", execute)
        return

    from asyncpg.exceptions import ConnectionDoesNotExistError

    for name in ("_control", "execute"):
        real_method = getattr(db, name)

        def failing(real_method: Any = real_method) -> Any:
            async def run(sql: str, *args: Any) -> Any:
                if not state["done"] and sql.startswith(sql_start):
                    state["done"] = True
                    if after:
                        await real_method(sql, *args)
                    raise ConnectionDoesNotExistError("connection was closed in the middle of operation")
                return await real_method(sql, *args)

            return run

        monkeypatch.setattr(db, name, failing())


async def test_a_commit_that_cannot_be_confirmed_is_said_so_and_read_again(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    fail_once(bot, monkeypatch, "COMMIT", after=True)
    await bot.say(GROUP, anna, "/m 5-5")
    said = fake.texts(GROUP)[-1]
    assert "Не могу подтвердить, что это сохранилось" in said and "/board 1" in said
    assert "Извините" not in said  # not "it failed": it may well have worked
    await bot.say(GROUP, anna, "/board")
    assert "Ход 1: 5-5" in fake.last("sendPhoto", GROUP).params["caption"]  # it did: read again from the file
    assert not bot.errors


async def test_a_reply_to_a_board_the_bot_could_not_remember_still_finds_its_game(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import re

    from tests.support.games import clara, private_game

    fake = bot.fake
    anna, boris, _ = users(fake)
    first = await private_game(bot, anna, boris)
    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    await bot.press(ANNA, lobby["message_id"], anna, bot.button(ANNA, lobby["message_id"], "Я 🔵"))
    link = re.search(r"start=(g[\w-]+)", fake.messages[(ANNA, lobby["message_id"])]["text"])
    assert link is not None
    fail_once(bot, monkeypatch, "INSERT INTO messages", after=False)
    await bot.say(CLARA, clara(fake), f"/start {link.group(1)}")  # the first boards of game 2 are not remembered
    second = first + 1
    board = fake.last("sendPhoto", ANNA).result["message_id"]
    assert await bot.db.messages.get(ANNA, board) is None
    await bot.say(ANNA, anna, "6-6", reply_to=board)  # two games wait for Anna: the reply says which
    assert (await bot.game(second)).ply == 1 and (await bot.game(first)).ply == 0


# ------------------------------------------------------------------------------------------------------------------
# 5. Bad input gets an answer, not the generic apology


async def test_odd_input_gets_a_clear_answer(bot: Bot) -> None:
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


async def test_a_group_title_with_html_still_gets_its_reminders(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    fake.chats[GROUP] = {"id": GROUP, "type": "supergroup", "title": "I <3 Points & <b>"}
    await bot.say(ANNA, anna, "/start")
    await bot.say(BORIS, boris, "/start")
    await open_group_game(bot)
    bot.clock.advance(12 * 3600 + 1)
    await bot.tick()
    reminder = fake.texts(ANNA)[-1]
    assert "I &lt;3 Points &amp; &lt;b&gt;" in reminder


# ------------------------------------------------------------------------------------------------------------------
# 10. Nothing grows without bound


async def test_quotas_on_records_and_lobbies(bot: Bot) -> None:
    from tests.support.paths import DATA

    fake = bot.fake
    anna, _, _ = users(fake)
    record = (DATA / "zagram-352562.sgf").read_bytes()
    for n in range(20):
        await bot.send(fake.document_update(ANNA, anna, f"r{n}.sgf", record))
    await bot.send(fake.document_update(ANNA, anna, "one-more.sgf", record))
    assert "больше за день нельзя" in fake.texts(ANNA)[-1]
    bot.clock.advance(86401)
    await bot.send(fake.document_update(ANNA, anna, "tomorrow.sgf", record))
    assert fake.last("sendPhoto", ANNA).params["caption"].startswith("<b>tomorrow.sgf</b>")
    for n in range(10):
        await bot.say(-7000 - n, anna, "/new")
    await bot.say(-7100, anna, "/new")
    assert "уже 10 игр ждут соперников" in fake.texts(-7100)[-1]
    assert await bot.db.games.open_in(-7100) is None


async def test_old_messages_records_and_update_ids_are_forgotten(bot: Bot) -> None:
    from tests.support.paths import DATA

    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "z.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    await open_group_game(bot)
    for mover, move in [(anna, "5-5"), (boris, "6-6"), (anna, "7-7")]:
        await bot.say(GROUP, mover, f"/m {move}")
    count = await bot.db.db.row("SELECT COUNT(*) FROM messages")
    assert count[0] >= 6
    bot.clock.advance(31 * 86400)
    await bot.tick()
    left = [tuple(r) for r in await bot.db.db.rows("SELECT kind, ply FROM messages ORDER BY created_at")]
    # The lobby, the record, the old boards went; the board that was live stays (the clock's pass then ended the
    # game on time, and that final board is the game's latest, kept to share its picture).
    assert left == [("board", 3), ("board", 4)]
    assert (await bot.db.db.row("SELECT COUNT(*) FROM imports"))[0] == 0
    assert (await bot.db.db.row("SELECT COUNT(*) FROM processed_updates"))[0] == 0


async def test_a_caption_telegram_cannot_parse_goes_as_plain_text(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    fake.fail("sendPhoto", 400, "Bad Request: can't parse entities: unsupported start tag at byte offset 3")
    await bot.say(GROUP, anna, "/m 5-5")
    caption = fake.last("sendPhoto", GROUP).params["caption"]
    assert "Ход 1: 5-5" in caption and "<b>" not in caption and "<a href" not in caption
    assert "parse_mode" not in fake.last("sendPhoto", GROUP).params and not bot.errors
