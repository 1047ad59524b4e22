"""Playing under the manual rule sets (``services/play.py``) through the whole bot: when a dot opens the closing
phase and when it passes the turn at once; pools left open stay closable on later turns."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.harness import Bot
from tests.support.variant_games import GROUP, open_game, polish_game, users


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


def pool_labels(bot: Bot) -> list[str]:
    message_id = bot.fake.last("sendPhoto", GROUP).result["message_id"]
    return [b["text"] for row in bot.buttons(GROUP, message_id) for b in row if b["text"].startswith("⭕")]


async def test_a_dot_that_makes_no_new_pool_passes_the_turn_after_a_pool_was_left_open(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await polish_game(bot)
    assert (await bot.game(1)).closing == "blue"
    message_id = fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Done"))  # 3-3 is left open
    await bot.say(GROUP, boris, "/m 8-8")
    await bot.say(GROUP, anna, "/m 6-6")  # far from everything: nothing new to close
    record = await bot.game(1)
    assert record.closing is None
    assert "close your pools" not in fake.last("sendPhoto", GROUP).params["caption"]
    assert pool_labels(bot) == []
    # Boris is to move, and his move is taken.
    await bot.say(GROUP, boris, "/m 8-7")
    assert (await bot.game(1)).ply == record.ply + 1
    assert "not your move" not in fake.texts(GROUP)[-1].lower()
    # The pool left open stays closable on a later turn: with the dot ...
    await bot.say(GROUP, anna, "/m 6-5 close 3-3")
    record = await bot.game(1)
    assert (record.score_blue, record.score_red) == (1, 0) and record.closing is None


async def test_a_dot_that_makes_a_new_pool_offers_it_with_the_pools_left_open(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await polish_game(bot)
    message_id = fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Done"))  # 3-3 is left open
    # Red 7-7 gets walled in by blue 6-7, 7-6, 8-7 and 7-8.
    for who, move in [("boris", "7-7"), ("anna", "6-7"), ("boris", "1-9"), ("anna", "7-6"), ("boris", "1-8")]:
        await bot.say(GROUP, anna if who == "anna" else boris, f"/m {move}")
        assert (await bot.game(1)).closing is None, move
    await bot.say(GROUP, anna, "/m 8-7")
    await bot.say(GROUP, boris, "/m 1-7")
    await bot.say(GROUP, anna, "/m 7-8")  # closes the ring round 7-7: a new pool
    assert (await bot.game(1)).closing == "blue"
    assert sorted(pool_labels(bot)) == ["⭕ 3-3: 1 dot · area 1", "⭕ 7-7: 1 dot · area 1", "⭕ All (2)"]
    message_id = fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "7-7"))
    record = await bot.game(1)
    assert record.closing == "blue" and record.score_blue == 1  # 3-3 is still hers to close, or leave
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "3-3"))
    record = await bot.game(1)
    assert record.closing is None and record.score_blue == 2


async def test_a_dot_that_changes_an_open_pool_asks_again(bot: Bot) -> None:
    """A dot of the closer's inside a pool left open changes what closing it would make (the pool is split)."""
    fake = bot.fake
    anna, boris = users(fake)
    anna_moves = ["2-3", "2-4", "3-5", "4-4", "4-3", "3-2"]  # a ring round 3-3 and 3-4
    boris_moves = ["3-3", "9-9", "9-8", "9-7", "9-6"]
    await bot.say(GROUP, anna, "/new 10x10 empty polish blue")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))
    for i, move in enumerate(anna_moves):
        await bot.say(GROUP, anna, f"/m {move}")
        if i < len(boris_moves):
            await bot.say(GROUP, boris, f"/m {boris_moves[i]}")
    assert pool_labels(bot) == ["⭕ 3-3: 1 dot · area 2"]
    message_id = fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Done"))
    await bot.say(GROUP, boris, "/m 9-5")
    await bot.say(GROUP, anna, "/m 3-4")  # inside her own open pool: the pool is now 3-3 alone
    assert (await bot.game(1)).closing == "blue"
    assert pool_labels(bot) == ["⭕ 3-3: 1 dot · area 1"]


# ----------------------------------------------------------------------------------------------------------------------
# Games ended before they were played do not count: a resignation or an agreed draw before each player has made a
# move cancels the game (issue 20: a draw after one move was rated, a resignation then was not; one rule for both).


async def agree_draw(bot: Bot) -> None:
    anna, boris = users(bot.fake)
    await bot.say(GROUP, anna, "/draw")
    offer = bot.last_board(GROUP)["message_id"]  # a group's offer lives on its latest board
    await bot.press(GROUP, offer, boris, bot.button(GROUP, offer, "Accept draw"))


async def test_a_draw_agreed_before_any_move_is_cancelled_and_not_rated(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await open_game(bot, "/new 10x10 empty")
    await agree_draw(bot)
    record = await bot.game(1)
    assert record.state == "cancelled" and not record.rated and record.reason == "draw"
    assert "Game cancelled." in bot.fake.last("sendPhoto", GROUP).params["caption"]
    assert "does not count" in bot.fake.last("sendPhoto", GROUP).params["caption"]
    await bot.say(GROUP, anna, "/top")
    assert "No rated games" in bot.fake.texts(GROUP)[-1]
    await bot.say(GROUP, anna, "/stats")
    assert "no finished games" in bot.fake.texts(GROUP)[-1].lower()


async def test_a_draw_agreed_after_one_players_move_is_cancelled_and_not_rated(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await open_game(bot, "/new 10x10 empty")
    await bot.say(GROUP, anna, "/m 5-5")
    await agree_draw(bot)
    record = await bot.game(1)
    assert record.state == "cancelled" and not record.rated and record.reason == "draw"
    final = bot.fake.last("sendPhoto", GROUP).params["caption"]
    assert "Game cancelled.</b> The players agreed to end it before the second player's first move" in final


async def test_a_resignation_after_ones_own_move_but_before_the_opponents_cancels_the_game(bot: Bot) -> None:
    """The same rule as a draw's: Anna moved, Boris had not; her resignation cancels the game, and the question says
    so before she confirms."""
    anna, _ = users(bot.fake)
    await open_game(bot, "/new 10x10 empty")
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, anna, "/resign")
    board = bot.last_board(GROUP)["message_id"]  # the question lives on the latest board
    caption = bot.fake.messages[(GROUP, board)]["caption"]
    assert "Your opponent has not moved yet in game #1: resigning now cancels it" in caption
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "Yes, cancel the game"))
    record = await bot.game(1)
    assert record.state == "cancelled" and not record.rated and record.reason == "resignation"
    final = bot.fake.last("sendPhoto", GROUP).params["caption"]
    assert "Game cancelled.</b> Anna resigned before the opponent's first move, so the game does not count" in final


async def test_a_draw_agreed_after_both_moved_is_rated(bot: Bot) -> None:
    anna, boris = users(bot.fake)
    await open_game(bot, "/new 10x10 empty")
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    await agree_draw(bot)
    record = await bot.game(1)
    assert record.state == "finished" and record.rated and record.reason == "draw"
    assert "Drawn by agreement" in bot.fake.last("sendPhoto", GROUP).params["caption"]
    await bot.say(GROUP, anna, "/top")
    assert "Anna" in bot.fake.texts(GROUP)[-1] and "1500" in bot.fake.texts(GROUP)[-1]
