"""Rematch and takeback through the real bot and the fake Bot API: 🔁 Rematch under a final board (the question on the
board in a group, one edit; a message of its own in private), the colours swapped, the bot agreeing at once; a
takeback in unrated games only."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.support.fakebot import FakeTelegram
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.services.people import BOT_IDS
from tochki_bot.telegram import callbacks as cb

GROUP = -2001
ANNA, BORIS, STRANGER = 41, 42, 43


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("rematch.db")).start()
    yield started
    await started.stop()


def people(fake: FakeTelegram) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    return fake.user(ANNA, "Anna"), fake.user(BORIS, "Boris"), fake.user(STRANGER, "Mallory")


async def group_game(bot: Bot, *words: str) -> int:
    """Anna opens a 12x12 game with an empty start (she plays blue), Boris joins; the game's number."""
    anna, boris, _ = people(bot.fake)
    await bot.say(GROUP, anna, " ".join(["/new 12x12 empty blue", *words]))
    lobby = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))
    record = await bot.db.games.open_in(GROUP)
    assert record is not None and record.state == "active" and record.blue_id == ANNA
    return record.id


async def resign(bot: Bot, chat: int, user: dict[str, Any]) -> None:
    await bot.say(chat, user, "/resign")
    confirm = bot.last_board(chat)["message_id"]  # on the latest board
    await bot.press(chat, confirm, user, bot.button(chat, confirm, "Yes"))


async def settled(bot: Bot) -> None:
    """Until the bot has made every move it owes and every change was shown."""
    for _ in range(3):
        await bot.services.opponent.settle()
        await bot.services.changes.settle()


def texts_of(rows: list[list[dict[str, Any]]]) -> list[list[str]]:
    return [[b["text"] for b in row] for row in rows]


async def test_a_rematch_in_a_group_is_asked_on_the_final_board_and_swaps_the_colours(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, stranger = people(fake)
    game = await group_game(bot)
    await bot.say(GROUP, anna, "/m 3-3")
    await bot.say(GROUP, boris, "/m 4-4")
    await resign(bot, GROUP, boris)
    final = fake.last("sendPhoto", GROUP).result["message_id"]
    assert texts_of(bot.buttons(GROUP, final)) == [["🔁 Rematch"], ["🔎 Review"]]
    sent = len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP))

    await bot.press(GROUP, final, stranger, cb.Rematch(game).encode())
    assert fake.answers()[-1] == "You are not playing in this game."
    await bot.press(GROUP, final, boris, cb.Rematch(game).encode())
    assert fake.answers()[-1] == "You asked Anna for a rematch."
    # The question is the board's: one edit of its caption and buttons, no new message.
    edit = fake.last("editMessageCaption")
    assert int(edit.params["message_id"]) == final
    caption = fake.messages[(GROUP, final)]["caption"]
    assert "Game over" in caption and "Boris asks for a rematch" in caption and f"tg://user?id={ANNA}" in caption
    assert texts_of(bot.buttons(GROUP, final)) == [["✅ Play the rematch", "Decline"], ["🔎 Review"]]
    assert len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP)) == sent
    # Boris cannot accept his own question.
    await bot.press(GROUP, final, boris, cb.RematchAnswer(game, True).encode())
    assert fake.answers()[-1] == "You asked for this rematch: the other player answers it."

    await bot.press(GROUP, final, anna, cb.RematchAnswer(game, True).encode())
    new = await bot.game(game + 1)
    assert new.state == "active" and (new.blue_id, new.red_id) == (BORIS, ANNA)  # colours swapped
    assert (new.width, new.height, new.start, new.rated) == (12, 12, "empty", True)
    assert (await bot.game(game)).rematch_id == new.id
    assert "The rematch is game #2" in fake.messages[(GROUP, final)]["caption"]
    assert texts_of(bot.buttons(GROUP, final)) == [["🔎 Review"]]  # the game played stays reviewable
    board = fake.last("sendPhoto", GROUP)
    assert board.params["caption"].startswith(f"<b>#{new.id}") and f"tg://user?id={BORIS}" in board.params["caption"]
    # The old board's button, pressed again: the rematch was played.
    await bot.press(GROUP, final, anna, cb.Rematch(game).encode())
    assert fake.answers()[-1] == "The rematch of this game was played already: game #2."
    assert not bot.errors


async def test_a_declined_rematch_can_be_asked_again_and_a_game_here_stops_it(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = people(fake)
    game = await group_game(bot)
    await bot.say(GROUP, anna, "/m 3-3")
    await bot.say(GROUP, boris, "/m 4-4")
    await resign(bot, GROUP, anna)
    final = fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, final, anna, cb.Rematch(game).encode())
    await bot.press(GROUP, final, boris, cb.RematchAnswer(game, False).encode())
    assert "Boris declined the rematch" in fake.messages[(GROUP, final)]["caption"]
    assert texts_of(bot.buttons(GROUP, final)) == [["🔁 Rematch"], ["🔎 Review"]]
    assert (await bot.game(game)).rematch_by is None
    # Meanwhile the group opened another game: the rematch cannot start beside it.
    await bot.say(GROUP, boris, "/new")
    await bot.press(GROUP, final, boris, cb.Rematch(game).encode())
    await bot.press(GROUP, final, anna, cb.RematchAnswer(game, True).encode())
    assert "Game #2 is going on here" in (fake.answers()[-1] or "")
    assert (await bot.game(game)).rematch_id is None and (await bot.game(2)).state == "lobby"
    assert not bot.errors


async def test_a_rematch_in_private_asks_the_other_player_in_their_chat(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = people(fake)
    await bot.say(ANNA, anna, "/new 12x12 empty blue")
    link = re.search(r"start=(g[\w-]+)", fake.last("sendMessage", ANNA).result["text"])
    assert link is not None
    await bot.say(BORIS, boris, f"/start {link.group(1)}")
    await bot.say(ANNA, anna, "/m 3-3")
    await bot.say(BORIS, boris, "/m 4-4")
    await resign(bot, BORIS, boris)
    final = fake.last("sendPhoto", ANNA).result["message_id"]
    assert texts_of(bot.buttons(ANNA, final)) == [["🔁 Rematch"], ["🔎 Review"]]
    await bot.press(ANNA, final, anna, bot.button(ANNA, final, "Rematch"))
    question = fake.last("sendMessage", BORIS)
    assert "Anna asks for a rematch of game #1" in question.params["text"]
    await bot.press(
        BORIS, question.result["message_id"], boris, bot.button(BORIS, question.result["message_id"], "Decline")
    )
    assert "Boris declined the rematch of game #1" in fake.texts(ANNA)[-1]
    await bot.press(ANNA, final, anna, bot.button(ANNA, final, "Rematch"))
    question = fake.last("sendMessage", BORIS)
    await bot.press(
        BORIS, question.result["message_id"], boris, bot.button(BORIS, question.result["message_id"], "Play")
    )
    new = await bot.game(2)
    assert new.kind == "private" and new.state == "active" and (new.blue_id, new.red_id) == (BORIS, ANNA)
    assert "The rematch is game #2" in fake.messages[(BORIS, question.result["message_id"])]["text"]
    assert fake.last("sendPhoto", BORIS).params["caption"].startswith("<b>#2")
    assert fake.last("sendPhoto", ANNA).params["caption"].startswith("<b>#2")
    assert not bot.errors


async def test_the_bot_plays_the_rematch_at_once(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = people(fake)
    await bot.say(ANNA, anna, "/new ai easy 12x12 empty blue")
    await settled(bot)
    await bot.say(ANNA, anna, "/m 3-3")
    await settled(bot)
    await resign(bot, ANNA, anna)
    record = await bot.game(1)
    assert record.state == "finished" and record.red_id in BOT_IDS
    final = fake.last("sendPhoto", ANNA).result["message_id"]
    await bot.press(ANNA, final, anna, bot.button(ANNA, final, "Rematch"))
    new = await bot.game(2)
    assert new.state == "active" and (new.blue_id, new.red_id) == (record.red_id, ANNA) and not new.rated
    assert fake.answers()[-1] == "🔁 The rematch is game #2."
    assert not bot.errors


async def test_a_takeback_in_an_unrated_game_and_none_in_a_rated_one(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = people(fake)
    game = await group_game(bot, "unrated")
    lobby_text = fake.last("editMessageText", GROUP).params["text"]
    assert "started" in lobby_text.lower()
    assert not (await bot.game(game)).rated
    await bot.say(GROUP, anna, "/m 3-3")
    await bot.say(GROUP, boris, "/m 4-4")
    await bot.say(GROUP, anna, "/m 5-5")
    stale = fake.last("sendPhoto", GROUP).result["message_id"]
    # Boris asks to take back his 4-4 (and Anna's 5-5 after it goes too).
    await bot.say(GROUP, boris, "/takeback")
    question = fake.last("sendMessage", GROUP)
    assert "Boris asks to take their last move back in game #1" in question.params["text"]
    # Anna may not withdraw Boris's request for him, but she answers it.
    await bot.press(GROUP, question.result["message_id"], anna, bot.button(GROUP, question.result["message_id"], "Let"))
    view = await bot.services.game(game)
    assert [str(m.point) for m in view.position.moves] == ["3-3"] and view.to_move == "red"
    assert view.ply == 4 and (await bot.game(game)).ply == 4  # the ply only grows: an ``undo`` row
    assert "Boris's last move was taken back" in fake.messages[(GROUP, question.result["message_id"])]["text"]
    board = fake.last("sendPhoto", GROUP)
    assert "Move 1: 3-3" in board.params["caption"] and f"tg://user?id={BORIS}" in board.params["caption"]
    # A button of the board before the takeback (move 3: 4-4 is free again) is stale now.
    await bot.press(GROUP, stale, boris, cb.Play(game, 3, 4, 4).encode())
    assert fake.answers()[-1] == "This button is out of date: the game has moved on."
    assert view.ply == (await bot.game(game)).ply
    await bot.say(GROUP, boris, "/m 6-6")
    assert [str(m.point) for m in (await bot.services.game(game)).position.moves] == ["3-3", "6-6"]
    # Declined: nothing changes; and a request lapses with the next move.
    await bot.say(GROUP, boris, "/takeback")
    question = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, question, anna, bot.button(GROUP, question, "Decline"))
    assert "Anna declined the takeback" in fake.messages[(GROUP, question)]["text"]
    assert len((await bot.services.game(game)).position.moves) == 2
    await bot.say(GROUP, anna, "/takeback")
    question = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.say(GROUP, anna, "/m 7-7")
    assert "Out of date: game #1 went on." in fake.messages[(GROUP, question)]["text"]
    await bot.press(GROUP, question, boris, cb.Takeback(game, 6, True).encode())
    assert len((await bot.services.game(game)).position.moves) == 3
    await resign(bot, GROUP, anna)

    rated = await group_game(bot)
    await bot.say(GROUP, anna, "/m 3-3")
    await bot.say(GROUP, anna, "/takeback")
    assert "cannot be taken back in a rated game" in fake.texts(GROUP)[-1]
    assert len((await bot.services.game(rated)).position.moves) == 1
    assert not bot.errors


async def test_the_bot_lets_a_move_be_taken_back_at_once(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = people(fake)
    await bot.say(ANNA, anna, "/new ai easy 12x12 empty blue")
    await bot.say(ANNA, anna, "/takeback")
    assert "You have no move to take back." in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, "/m 3-3")
    await settled(bot)
    view = await bot.services.game(1)
    assert view.to_move == "blue" and len(view.position.moves) == 2
    await bot.say(ANNA, anna, "/takeback")
    view = await bot.services.game(1)
    assert len(view.position.moves) == 0
    assert view.to_move == "blue" and "Anna's last move was taken back" in fake.texts(ANNA)[-1]
    assert not bot.errors
