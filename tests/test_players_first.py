"""What real play exposed ("players first"): each test here failed on the bot before the fix it names.

The whole path runs: the real Application and handlers, a real SQLite file, real pictures, the fake Bot API.
"""

from __future__ import annotations

import re

import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.games import (
    ANNA,
    BORIS,
    CLARA,
    GROUP,
    STRANGER,
    caption,
    clara,
    open_group_game,
    private_game,
    users,
    watch_link,
)
from tests.support.harness import Bot, Clock
from tests.support.paths import Where
from tochki_bot.config import Config
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where):
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


# ------------------------------------------------------------------------------------------------------------------
# 1. Bugs that cost players games


async def test_only_who_asked_can_confirm_a_resignation(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, anna, "/resign")  # out of turn: a resignation needs no turn
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    for other in (boris, stranger):
        for label in ("Да, сдаюсь", "Нет"):
            await bot.press(GROUP, confirm, other, bot.button(GROUP, confirm, label))
            assert fake.answers()[-1] == "Only Анна can press this."  # Boris and the stranger read English
    record = await bot.game(1)
    assert record.state == "active" and record.ply == 1
    assert bot.buttons(GROUP, confirm)  # the question still waits for Anna
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Нет"))
    assert fake.messages[(GROUP, confirm)]["text"] == "Сдача отменена: игра №1 продолжается."
    assert bot.buttons(GROUP, confirm) == []
    await bot.say(GROUP, anna, "/resign")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Да, сдаюсь"))
    assert fake.messages[(GROUP, confirm)]["text"] == "Анна сдаётся в игре №1."
    record = await bot.game(1)
    assert record.state == "finished" and record.winner == "red"


async def test_only_who_asked_can_confirm_grounding_and_only_the_opponent_answers_a_draw(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/ground")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Заземлиться"))
    assert fake.answers()[-1] == "Only Анна can press this." and (await bot.game(1)).state == "active"
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Нет"))
    assert "Заземление отменено" in fake.messages[(GROUP, confirm)]["text"]

    await bot.say(GROUP, anna, "/draw")
    offer = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, offer, anna, bot.button(GROUP, offer, "Принять"))
    assert "соперник" in fake.answers()[-1]
    await bot.press(GROUP, offer, stranger, bot.button(GROUP, offer, "Принять"))
    assert "not playing" in fake.answers()[-1]
    assert (await bot.game(1)).state == "active"


async def test_lobby_buttons_are_the_creators_and_a_forged_join_of_a_private_game_is_refused(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await bot.say(GROUP, anna, "/new")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Отмена"))
    assert "Only Анна can change or cancel" in fake.answers()[-1] and (await bot.game(1)).state == "lobby"
    # A private invitation has no Join button; forged data naming it is refused: the link is needed.
    await bot.say(ANNA, anna, "/new")
    private = fake.last("sendMessage", ANNA).result["message_id"]
    assert not any("Join" in b["text"] or "Играть" in b["text"] for row in bot.buttons(ANNA, private) for b in row)
    await bot.say(STRANGER, stranger, "/start")
    note = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.press(STRANGER, note, stranger, cb.Join(2).encode())
    assert "out of date" in fake.answers()[-1]  # a Join button can only be on a lobby message of that game
    assert (await bot.game(2)).state == "lobby"


async def test_two_correspondence_games_are_named_addressed_and_asked_about(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    carla = clara(fake)
    first = await private_game(bot, anna, boris)  # Anna blue: her move
    second = await private_game(bot, anna, carla)  # Anna blue: her move there too
    # Every board names its game and the opponent.
    assert f"<b>№{first}</b> · соперник: Boris" in fake.sent("sendPhoto", ANNA)[0].params["caption"]
    assert f"<b>№{second}</b> · соперник: Clara" in caption(bot, ANNA)
    assert f"<b>#{second}</b> · vs Анна" in caption(bot, CLARA)

    # A plain move is ambiguous: Anna is asked which game, one button a game, and nothing is played yet.
    await bot.say(ANNA, anna, "6-6")
    question = fake.last("sendMessage", ANNA).result
    assert "В какой из них сходить 6-6?" in question["text"]
    labels = [row[0]["text"] for row in bot.buttons(ANNA, question["message_id"])]
    assert (
        len(labels) == 2 and any("соперник: Boris" in x for x in labels) and any("соперник: Clara" in x for x in labels)
    )
    assert (await bot.game(first)).ply == 0 and (await bot.game(second)).ply == 0
    await bot.press(ANNA, question["message_id"], anna, bot.button(ANNA, question["message_id"], "соперник: Clara"))
    assert (await bot.game(second)).ply == 1 and (await bot.game(first)).ply == 0
    assert fake.messages[(ANNA, question["message_id"])]["text"] == f"6-6 — в игре №{second}."
    assert "Move 1: 6-6" in caption(bot, CLARA)

    # Now only the game with Boris waits for Anna: a plain move goes there without asking.
    await bot.say(ANNA, anna, "7-7")
    assert (await bot.game(first)).ply == 1 and "7-7" in caption(bot, BORIS)

    # /m with a game number, /board with a number, a reply to a board: each addresses its game.
    await bot.say(CLARA, carla, "8-8")
    await bot.say(BORIS, boris, "9-9")
    await bot.say(ANNA, anna, f"/m {first} 10-10")
    assert (await bot.game(first)).ply == 3 and (await bot.game(second)).ply == 2
    await bot.say(ANNA, anna, f"/board {second}")
    assert f"<b>№{second}</b>" in caption(bot, ANNA) and "Ваш ход" in caption(bot, ANNA)
    board_with_clara = fake.last("sendPhoto", ANNA).result["message_id"]
    await bot.say(ANNA, anna, "11-11", reply_to=board_with_clara)
    assert (await bot.game(second)).ply == 3

    # /resign with two open games asks which; /resign 12 asks to confirm for that game only.
    await bot.say(ANNA, anna, "/resign")
    assert "Какая игра?" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, f"/resign {first}")
    assert f"Сдаться в игре №{first}?" in fake.texts(ANNA)[-1]

    # /games lists both, with a button that shows each board.
    await bot.say(ANNA, anna, "/games")
    listing = fake.last("sendMessage", ANNA).result["message_id"]
    buttons = [row[0] for row in bot.buttons(ANNA, listing)]
    assert len(buttons) == 2
    shown = len(fake.sent("sendPhoto", ANNA))
    await bot.press(ANNA, listing, anna, next(b["callback_data"] for b in buttons if "Boris" in b["text"]))
    assert len(fake.sent("sendPhoto", ANNA)) == shown + 1 and f"<b>№{first}</b>" in caption(bot, ANNA)
    assert not bot.errors


async def test_group_chatter_is_never_a_move(where: Where) -> None:
    bot = await Bot(where("b.db"), FakeTelegram(can_read_all_group_messages=True)).start()
    try:
        fake = bot.fake
        anna, boris, _ = users(fake)
        await open_group_game(bot)
        sent = len(fake.calls)
        for chatter in ("3:2", "2, 3", "1.5", "20x18", "3 : 2", "gg 3-3", "100-1"):
            await bot.say(GROUP, anna, chatter)  # Anna is to move, but none of these is a move
        await bot.say(GROUP, boris, "4-4")  # out of turn: silence, not "not your move"
        assert len(fake.calls) == sent and (await bot.game(1)).ply == 0
        await bot.say(GROUP, anna, "3 - 2")
        assert (await bot.game(1)).ply == 1
        await bot.say(GROUP, boris, "5 6")
        assert (await bot.game(1)).ply == 2
    finally:
        await bot.stop()


async def test_one_open_invitation_per_person_and_its_lobby_message_says_when_the_game_starts(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    await bot.say(ANNA, anna, "/new 25x25")
    again = fake.last("sendMessage", ANNA).result
    assert again["text"].startswith("У вас уже есть открытое приглашение")  # one message: the note and the lobby
    assert "№1" in again["text"] and any(
        "Отмена" in b["text"] for row in bot.buttons(ANNA, again["message_id"]) for b in row
    )
    assert len(await bot.db.games.lobbies_of(ANNA)) == 1
    await bot.say(ANNA, anna, "/board")  # no forgotten lobby in the way: the one invitation is shown
    assert "Новая игра №1" in fake.texts(ANNA)[-1]
    link = re.search(r"start=(g[\w-]+)", lobby["text"])
    assert link is not None
    await bot.say(BORIS, boris, f"/start {link.group(1)}")
    # Both lobby messages in Anna's chat now say the game started, without buttons.
    for message_id in (lobby["message_id"], again["message_id"]):
        assert fake.messages[(ANNA, message_id)]["text"].startswith("Игра №1 началась")
        assert bot.buttons(ANNA, message_id) == []


async def test_a_cancelled_invitation_says_cancelled_and_an_old_one_expires(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    link = re.search(r"start=(g[\w-]+)", lobby["text"])
    assert link is not None
    await bot.press(ANNA, lobby["message_id"], anna, bot.button(ANNA, lobby["message_id"], "Отмена"))
    assert fake.messages[(ANNA, lobby["message_id"])]["text"] == "Игра №1 отменена."
    await bot.say(BORIS, boris, f"/start {link.group(1)}")
    assert fake.texts(BORIS)[-1] == "This game was cancelled by its creator."

    await bot.say(ANNA, anna, "/new")
    lobby = fake.last("sendMessage", ANNA).result
    link = re.search(r"start=(g[\w-]+)", lobby["text"])
    assert link is not None
    bot.clock.advance(7 * 86400 + 60)
    assert await bot.tick() == ["expired"]
    assert "за 7 дней никто не присоединился" in fake.messages[(ANNA, lobby["message_id"])]["text"]
    assert bot.buttons(ANNA, lobby["message_id"]) == []
    await bot.say(STRANGER, stranger, f"/start {link.group(1)}")
    assert "expired" in fake.texts(STRANGER)[-1]
    assert (await bot.game(2)).state == "cancelled" and (await bot.game(2)).reason == "expired"


async def test_a_resignation_before_the_first_move_is_unrated_and_not_a_move(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/resign")  # Boris never moved
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да"))
    record = await bot.game(1)
    assert record.state == "cancelled" and not record.rated and record.reason == "resignation"
    assert "Игра отменена.</b> Boris сдаётся, не сделав ни одного хода" in caption(bot, GROUP)
    await bot.say(GROUP, anna, "/top")
    assert "ещё не закончено" in fake.texts(GROUP)[-1]  # nothing rated
    await bot.say(GROUP, anna, "/stats")
    assert "ещё нет законченных игр" in fake.texts(GROUP)[-1]

    # A resignation after moves counts, and it is not a move: the replay says 2 moves, not 3.
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, anna, "/resign")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Да"))
    record = await bot.game(2)
    assert record.state == "finished" and record.rated and record.ply == 3
    await bot.say(GROUP, anna, "/replay 2")
    assert fake.last("sendAnimation", GROUP).params["caption"] == "Повтор игры №2: 2 хода."


async def test_times_read_as_a_person_expects(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.say(ANNA, anna, "/start")
    await bot.say(GROUP, anna, "/new 20x20 empty 1h")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Играть"))
    bot.clock.advance(0.4)
    first = await bot.game(1)
    mover, other = (anna, boris) if first.blue_id == ANNA else (boris, anna)
    await bot.say(GROUP, mover, "/m 5-5")
    assert "осталось 1 ч" in caption(bot, GROUP)  # not "59 min"
    await bot.say(GROUP, other, "/m 6-6")
    bot.clock.advance(3600 - 10)
    await bot.tick()
    reminders = [text for text in fake.texts() if "⏰" in text]
    assert reminders and ("10 s left" in reminders[-1] or "осталось всего 10 с!" in reminders[-1])


# ------------------------------------------------------------------------------------------------------------------
# 2. A clean group


async def test_the_previous_board_loses_its_buttons_and_answered_questions_say_so(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    boards = []
    for mover, move in [(anna, "5-5"), (boris, "6-6"), (anna, "7-7")]:
        await bot.say(GROUP, mover, f"/m {move}")
        boards.append(bot.last_board(GROUP)["message_id"])
    photos = fake.sent("sendPhoto", GROUP)
    assert len(photos) == 4  # exactly one new message per move (and the first board)
    live = [
        m
        for (chat, m), message in fake.messages.items()
        if chat == GROUP and message.get("photo") and message.get("reply_markup")
    ]
    assert live == [boards[-1]]  # only the newest board has buttons

    # A draw offer stands through the offerer's own move, and lapses when the opponent moves instead of answering;
    # the offer then says so and its buttons go.
    await bot.say(GROUP, boris, "/draw")
    offer = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.say(GROUP, boris, "/m 8-8")
    assert bot.buttons(GROUP, offer) and (await bot.game(1)).draw_offer == "red"
    await bot.say(GROUP, anna, "/m 9-9")
    assert "снято" in fake.messages[(GROUP, offer)]["text"] and bot.buttons(GROUP, offer) == []
    assert (await bot.game(1)).draw_offer is None
    # A confirmation outstanding when the game ends loses its buttons too.
    await bot.say(GROUP, anna, "/resign")
    dangling = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.say(GROUP, boris, "/resign")
    mine = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, mine, boris, bot.button(GROUP, mine, "Да"))
    assert fake.messages[(GROUP, dangling)]["text"] == "Игра №1 окончена." and bot.buttons(GROUP, dangling) == []
    assert not any(
        message.get("reply_markup") for (chat, _), message in fake.messages.items() if chat == GROUP
    )  # a finished game leaves no buttons behind


async def test_bad_input_in_a_group_never_delays_a_board(where: Where) -> None:
    """A group takes about 20 messages a minute: answers to bad input stop well before that, boards always go."""
    bot = Bot(where("b.db"))
    bot.config = Config(token="123:TEST", db_path=str(where("b.db")), group_rate=20, overall_rate=10**6)
    from tochki_bot.telegram.app import build_application

    bot.app = build_application(bot.config, request=bot.fake, clock=bot.clock)
    await bot.start()
    try:
        fake = bot.fake
        anna, boris, _ = users(fake)
        await open_group_game(bot)  # 1 lobby + 4 edits + 1 board: 6 of the minute's 20
        before = len(fake.texts(GROUP))
        for _ in range(15):
            await bot.say(GROUP, boris, "/m 99-99")
        answered = len(fake.texts(GROUP)) - before
        assert 0 < answered < 15  # some answers, then silence: the rest of the budget is the board's
        import time

        start = time.monotonic()
        await bot.say(GROUP, anna, "/m 5-5")
        assert time.monotonic() - start < 2.0 and "Ход 1: 5-5" in caption(bot, GROUP)
        # Button presses cost no group message at all: a stranger's press is answered privately.
        sent = len([c for c in fake.calls if c.method != "answerCallbackQuery"])
        board = bot.last_board(GROUP)["message_id"]
        await bot.press(GROUP, board, users(fake)[2], bot.buttons(GROUP, board)[0][0]["callback_data"])
        assert len([c for c in fake.calls if c.method != "answerCallbackQuery"]) == sent
    finally:
        await bot.stop()


async def test_stop_following_edits_the_note(bot: Bot) -> None:
    fake = bot.fake
    _, _, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    note = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.press(STRANGER, note, stranger, bot.button(STRANGER, note, "Stop following"))
    assert fake.messages[(STRANGER, note)]["text"] == "You no longer follow game #1."
    assert bot.buttons(STRANGER, note) == []


async def test_a_followed_game_that_ends_tells_the_spectator(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    note = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.say(GROUP, anna, "/resign")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, anna, bot.button(GROUP, confirm, "Да"))
    assert "Game over" in caption(bot, STRANGER)
    assert fake.messages[(STRANGER, note)]["text"] == "Game #1 is over; you no longer follow it."
    assert await bot.db.follows.of_game(1) == []


# ------------------------------------------------------------------------------------------------------------------
# 3. A board a phone can read


async def test_the_window_of_buttons_belongs_to_the_player_to_move_and_hides_arrows_at_the_edges(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 1-1")  # the window sits in the corner
    board = bot.last_board(GROUP)["message_id"]
    arrows = [b["text"] for b in bot.buttons(GROUP, board)[-1]]
    assert "◀" not in arrows and "▼" not in arrows and "▲" in arrows and "▶" in arrows
    # Anna (not to move) presses an arrow: refused, the window stays Boris's.
    before = fake.messages[(GROUP, board)]["caption"]
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "▶"))
    assert fake.answers()[-1] == "Нажать может только Boris."
    assert fake.messages[(GROUP, board)]["caption"] == before
    await bot.press(GROUP, board, boris, bot.button(GROUP, board, "▶"))
    assert "x 5–12" in fake.messages[(GROUP, board)]["caption"]


async def test_zoom_shows_the_window_large_on_the_board_and_on_demand(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot, size="39x32")
    await bot.say(GROUP, anna, "/m 20-18")
    board = bot.last_board(GROUP)["message_id"]
    await bot.press(GROUP, board, users(fake)[1], bot.button(GROUP, board, "🔍"))
    zoomed = fake.last("editMessageMedia")
    from tests.support.games import png_of

    picture = png_of(zoomed)
    assert picture.size[0] <= 800 and picture.size[1] <= 800  # the 8x8 window drawn large, not the whole board
    assert any(b["text"] == "🗺" for b in bot.buttons(GROUP, board)[-1])
    await bot.press(GROUP, board, users(fake)[1], bot.button(GROUP, board, "🗺"))
    assert max(png_of(fake.last("editMessageMedia")).size) > 1000
    await bot.say(GROUP, anna, "/zoom 3-3")
    sent = fake.last("sendPhoto", GROUP)
    assert "x 1–8, y 1–8" in sent.params["caption"] and max(png_of(sent).size) <= 800
    await bot.say(GROUP, anna, "/zoom 99-99")
    assert "за пределами поля" in fake.texts(GROUP)[-1]


async def test_the_record_viewer_jumps(bot: Bot) -> None:
    from tests.support.paths import DATA

    fake = bot.fake
    anna, _boris, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "zagram.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    shown = fake.last("sendPhoto", ANNA).result["message_id"]
    labels = [b["text"] for row in bot.buttons(ANNA, shown) for b in row]
    assert {"−50", "−10", "+10", "+50"} <= set(labels)
    await bot.press(ANNA, shown, anna, bot.button(ANNA, shown, "⏮"))
    await bot.press(ANNA, shown, anna, bot.button(ANNA, shown, "+50"))
    await bot.press(ANNA, shown, anna, bot.button(ANNA, shown, "+10"))
    assert "после хода 60 из 244" in fake.messages[(ANNA, shown)]["caption"]
    await bot.say(ANNA, anna, "120", reply_to=shown)
    assert "после хода 120 из 244" in fake.messages[(ANNA, shown)]["caption"]
    await bot.say(ANNA, anna, "somewhere", reply_to=shown)
    assert "номером хода" in fake.texts(ANNA)[-1]


async def test_a_record_viewer_in_a_group_is_the_senders(bot: Bot) -> None:
    from tests.support.paths import DATA

    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.send(fake.document_update(GROUP, anna, "zagram.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    shown = fake.last("sendPhoto", GROUP).result["message_id"]
    before = fake.messages[(GROUP, shown)]["caption"]
    await bot.press(GROUP, shown, boris, bot.button(GROUP, shown, "⏮"))
    assert fake.answers()[-1] == "Only Анна can press this."
    assert fake.messages[(GROUP, shown)]["caption"] == before


async def test_a_restart_keeps_which_board_answers_a_reply(where: Where) -> None:
    clock = Clock()
    first = await Bot(where("r.db"), clock=clock).start()
    anna, boris, _ = users(first.fake)
    await private_game(first, anna, boris)
    board = first.last_board(ANNA)["message_id"]
    await first.stop()
    second = await Bot(where("r.db"), FakeTelegram(first_update_id=5000), clock=clock).start()
    second.fake.messages.update(first.fake.messages)
    await second.say(ANNA, anna, "4-4", reply_to=board)
    assert (await second.game(1)).ply == 1
    await second.stop()


# ------------------------------------------------------------------------------------------------------------------
# What a player's trial of the new bot found


async def test_a_refusal_after_which_game_is_said(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    first = await private_game(bot, anna, boris)
    await private_game(bot, anna, clara(fake))
    await bot.say(ANNA, anna, f"/m {first} 5-5")
    await bot.say(ANNA, anna, "/ground")
    question = fake.last("sendMessage", ANNA).result["message_id"]
    await bot.press(ANNA, question, anna, bot.button(ANNA, question, "Boris"))  # not her move there
    assert "только в свой ход" in fake.texts(ANNA)[-1]


async def test_buttons_whose_data_names_something_else_than_their_message_are_refused(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.say(ANNA, anna, "/new")  # game 1: Anna's private invitation
    await open_group_game(bot)  # game 2, in the group
    await bot.say(GROUP, anna, "/m 5-5")
    board = bot.last_board(GROUP)["message_id"]
    before = dict(fake.messages[(GROUP, board)])
    for forged in (
        cb.Unfollow(2).encode(),
        cb.Pick("resign", 2).encode(),
        cb.Set(1, "size", "20x20").encode(),
        cb.Resign(2, 1, ANNA, True).encode(),
        cb.Draw(2, 1, True).encode(),
        cb.Join(1).encode(),
    ):
        await bot.press(GROUP, board, anna, forged)
        assert fake.answers()[-1] == "Эта кнопка устарела: игра ушла вперёд.", forged
    assert fake.messages[(GROUP, board)] == before  # the board was not turned into anything else
    assert (await bot.game(2)).state == "active" and (await bot.game(1)).settings.size == "39x32"
    # A confirmation pressed again after it was answered changes nothing.
    await bot.say(GROUP, boris, "/resign")
    question = fake.last("sendMessage", GROUP).result["message_id"]
    yes = bot.button(GROUP, question, "Да")
    await bot.press(GROUP, question, boris, bot.button(GROUP, question, "Нет"))
    await bot.press(GROUP, question, boris, yes)
    assert (await bot.game(2)).state == "active"


async def test_an_unexpected_error_during_a_press_is_answered_once_and_the_board_comes_later(bot: Bot) -> None:
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


async def test_a_reply_to_an_old_games_board_plays_in_the_game_going_on(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await open_group_game(bot)
    old_board = bot.last_board(GROUP)["message_id"]
    await bot.say(GROUP, anna, "/cancel")
    await open_group_game(bot)
    await bot.say(GROUP, anna, "5-5", reply_to=old_board)
    assert (await bot.game(2)).ply == 1


async def test_group_scores_are_not_moves(where: Where) -> None:
    bot = await Bot(where("b.db"), FakeTelegram(can_read_all_group_messages=True)).start()
    try:
        anna, _, _ = users(bot.fake)
        await open_group_game(bot)
        sent = len(bot.fake.calls)
        for score in ("1-0", "0-0", "21-0", "0 3"):
            await bot.say(GROUP, anna, score)
        assert len(bot.fake.calls) == sent and (await bot.game(1)).ply == 0
    finally:
        await bot.stop()


async def test_games_in_a_group_lists_only_that_groups_games(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await private_game(bot, anna, boris)
    await bot.say(GROUP, anna, "/games")
    assert "Здесь у вас нет текущих игр" in fake.texts(GROUP)[-1]
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/games")
    listing = fake.last("sendMessage", GROUP).result["message_id"]
    assert len(bot.buttons(GROUP, listing)) == 1 and "№2" in bot.buttons(GROUP, listing)[0][0]["text"]
    await bot.press(GROUP, listing, anna, cb.Show(1).encode())  # forged: the private game's board is not shown here
    assert not any(int(c.params["chat_id"]) == GROUP and "№1" in c.params["caption"] for c in fake.sent("sendPhoto"))


async def test_points_say_what_is_there_a_captured_dot_too(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    for who, move in [(anna, "4-5"), (boris, "5-5"), (anna, "6-5"), (boris, "1-20"), (anna, "5-4"), (boris, "3-20")]:
        await bot.say(GROUP, who, f"/m {move}")
    await bot.say(GROUP, anna, "/m 5-6")
    board = bot.last_board(GROUP)["message_id"]
    await bot.press(GROUP, board, anna, cb.Info(1, 7, 5, 5).encode())
    assert fake.answers()[-1] == "5-5: красная точка, окружена"


async def test_the_final_board_after_a_resignation_marks_the_last_dot() -> None:
    from tochki_bot.engine import Game
    from tochki_bot.pictures import board_view

    game = Game(10, 10, "empty")
    game.play(5, 5)
    game.play(6, 6)
    game.resign("blue")
    assert board_view(game).last_move == (6, 6)


async def test_files_that_are_not_records_get_an_answer_in_private(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "photo.jpg", b"\xff\xd8\xff", mime="image/jpeg"))
    assert ".sgf" in fake.texts(ANNA)[-1]


async def test_spectators_share_what_they_follow_and_players_do_not_become_spectators(bot: Bot) -> None:
    fake = bot.fake
    anna, _, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    await bot.say(STRANGER, stranger, "/sgf")
    assert fake.last("sendDocument", STRANGER).params["caption"].startswith("Game #1")
    await bot.say(ANNA, anna, f"/start {link}")
    assert await bot.db.follows.of_game(1) == [STRANGER]


async def test_cancel_offers_only_games_that_can_be_cancelled(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    first = await private_game(bot, anna, boris)
    second = await private_game(bot, anna, clara(fake))
    await bot.say(ANNA, anna, f"/m {first} 5-5")
    await bot.say(ANNA, anna, "/cancel")  # one game has a move, so only the other can be cancelled: no question
    assert (await bot.game(second)).state == "cancelled" and (await bot.game(first)).state == "active"
