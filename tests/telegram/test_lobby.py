"""Opening games through the bot (``tochki_bot.telegram.lobby``): ``/new`` (``/new ai`` too), the
lobby's buttons, invitations and their links, ``/cancel``; a board or a time out of range is refused with a clear
answer (``tochki_bot.services.lobby``), and no lobby is opened.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from tests.support import variant_games
from tests.support.games import ANNA, BORIS, GROUP, STRANGER, clara, open_group_game, private_game, settled, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.services import LobbyChoice, Person, Place, Problem, ServiceError
from tochki_bot.telegram import callbacks as cb


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_a_group_game_cancelled_from_a_private_chat_is_announced_in_the_group(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    await bot.say(BORIS, boris, "/cancel 1")
    assert fake.texts(BORIS)[-1] == "Game #1 cancelled."
    said = fake.texts(GROUP)[-1]
    assert "Игра №1 отменена до первого хода (отмена: Boris)" in said and "tg://user?id=11" in said
    assert not bot.buttons(GROUP, bot.last_board(GROUP)["message_id"])
    await bot.say(GROUP, anna, "/m 5-5")
    assert fake.texts(GROUP)[-1] == "Игра №1 окончена; новую начинает /new."  # not "there is no game here"
    bot.clock.advance(60)
    await bot.tick()
    assert len([t for t in fake.texts(GROUP) if "отменена до первого хода" in t]) == 1  # said once
    assert not bot.errors


async def test_a_group_game_cancelled_in_the_group_is_said_once(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    _, boris, _ = users(fake)
    await open_group_game(bot)
    before = len(fake.texts(GROUP))
    await bot.say(GROUP, boris, "/cancel")
    assert len(fake.texts(GROUP)) == before + 1 and "(отмена: Boris)" in fake.texts(GROUP)[-1]


async def test_cancel_of_a_started_private_game_says_it_has_started(bot: Bot) -> None:
    """Found in the second player trial; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    await private_game(bot, anna, boris)
    await bot.say(ANNA, anna, "5-5")
    await bot.say(BORIS, boris, "/cancel")
    assert "can no longer be cancelled" in fake.texts(BORIS)[-1]


async def test_new_while_a_game_is_on_says_so_and_leaves_the_board_alone(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    _, _, stranger = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    photos = len(fake.sent("sendPhoto", GROUP))
    await bot.say(GROUP, stranger, "/new")
    assert "уже идёт игра №1" in fake.texts(GROUP)[-1]
    assert len(fake.sent("sendPhoto", GROUP)) == photos and bot.buttons(GROUP, board)


async def test_an_invitation_opened_too_late_closes_its_lobby_message_at_once(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
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
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.say(GROUP, anna, "/new 60x60 empty 5m")  # refused with the range, no lobby (issue 20)
    assert await bot.db.games.get(1) is None
    assert "10x10" in fake.texts(GROUP)[-1] and "39x39" in fake.texts(GROUP)[-1]


async def test_new_ai_with_settings_in_a_group_whose_lobby_is_open_says_so(bot: Bot) -> None:
    """A finding of the third player trial (games against the bot, rule sets, bad input)."""
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
    """A finding of the third player trial (games against the bot, rule sets, bad input)."""
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


async def test_new_ai_with_words_it_cannot_use_starts_nothing(bot: Bot) -> None:
    """A finding of the third player trial (games against the bot, rule sets, bad input)."""
    anna, _, _ = users(bot.fake)
    for command in ("/new ai godlike", "/new ai 5x5", "/new ai 99x99", "/new ai 31d", "/new ai 20x20x20"):
        await bot.say(ANNA, anna, command)
        assert "Игра не начата" in bot.fake.texts(ANNA)[-1], command
    assert await bot.db.games.get(1) is None
    await bot.say(ANNA, anna, "/new ai ai ai easy")  # repeated words it knows are fine
    await settled(bot)
    assert (await bot.game(1)).state == "active"


async def test_lobby_buttons_are_the_creators_and_a_forged_join_of_a_private_game_is_refused(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
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


async def test_one_open_invitation_per_person_and_its_lobby_message_says_when_the_game_starts(bot: Bot) -> None:
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
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
    """Exposed by real play ("players first": bugs that cost players games); it failed before its fix."""
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


async def test_cancel_offers_only_games_that_can_be_cancelled(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    first = await private_game(bot, anna, boris)
    second = await private_game(bot, anna, clara(fake))
    await bot.say(ANNA, anna, f"/m {first} 5-5")
    await bot.say(ANNA, anna, "/cancel")  # one game has a move, so only the other can be cancelled: no question
    assert (await bot.game(second)).state == "cancelled" and (await bot.game(first)).state == "active"


# ----------------------------------------------------------------------------------------------------------------------
# Out of range: a board or a time /new cannot open.


@pytest.mark.parametrize("size", ["8x8", "9x20", "40x40", "20x99"])
async def test_new_with_a_board_out_of_range_says_why_and_opens_nothing(bot: Bot, size: str) -> None:
    anna, _ = variant_games.users(bot.fake)
    await bot.say(GROUP, anna, f"/new {size}")
    answer = bot.fake.texts(GROUP)[-1]
    assert f"{size}" in answer and "10x10" in answer and "39x39" in answer
    assert await bot.db.games.get(1) is None
    await bot.say(GROUP, anna, f"/new ai {size}")
    assert "10x10" in bot.fake.texts(GROUP)[-1] and await bot.db.games.get(1) is None


async def test_new_with_a_time_out_of_range_says_why_and_opens_nothing(bot: Bot) -> None:
    anna, _ = variant_games.users(bot.fake)
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
    anna, _ = variant_games.users(bot.fake)
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
