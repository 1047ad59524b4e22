"""/puzzle through the real bot and the fake Bot API: in a private chat (solved and failed, by text, ``/m``, a reply
and the buttons; the rating moves and ``/me`` shows it), in a group (the first right press wins; the others are
told by button answers, not messages), the puzzle of the day, and the privacy setting of private games."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.engine import Point
from tochki_bot.services import PuzzleView
from tochki_bot.services.puzzles import DAY
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram.puzzles import daily_pass

GROUP = -3001
ANNA, BORIS, CAT = 51, 52, 53


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("puzzles.db")).start()
    yield started
    await started.stop()


def users(bot: Bot) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    return bot.fake.user(ANNA, "Anna"), bot.fake.user(BORIS, "Boris"), bot.fake.user(CAT, "Cat", "ru")


async def shown(bot: Bot, chat_id: int) -> tuple[int, PuzzleView]:
    """The puzzle the last photo in ``chat_id`` asks: its message id and the puzzle."""
    photo = bot.fake.last("sendPhoto", chat_id)
    found = re.search(r"(?:#|№)(\d+)", photo.params["caption"])
    assert found is not None, photo.params["caption"]
    return int(photo.result["message_id"]), await bot.services.puzzles.puzzle(int(found.group(1)))


def wrong_point(puzzle: PuzzleView, window: bool = False) -> Point:
    """A free point that is not the solution (within the answer buttons' frame with ``window``)."""
    from tochki_bot.telegram.puzzle_views import window_of

    frame = window_of(puzzle)
    for point in puzzle.position.playable_points():
        inside = frame.x0 <= point.x <= frame.x1 and frame.y0 <= point.y <= frame.y1
        if point != puzzle.solution and (inside or not window):
            return point
    raise AssertionError("no wrong point")


async def test_a_private_puzzle_failed_by_text_then_solved_by_a_button(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(bot)
    await bot.say(ANNA, anna, "/puzzle")
    message_id, puzzle = await shown(bot, ANNA)
    caption = fake.messages[(ANNA, message_id)]["caption"]
    side = "Blue" if puzzle.to_move == "blue" else "Red"
    assert f"Puzzle #{puzzle.id}" in caption and f"{side} to move: find the move that" in caption
    rows = bot.buttons(ANNA, message_id)
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)  # the 8 x 8 frame of answers
    assert any(b["callback_data"] == cb.PuzzleTry(puzzle.id, *puzzle.solution).encode() for r in rows for b in r)

    wrong = wrong_point(puzzle)
    await bot.say(ANNA, anna, str(wrong))
    answer = fake.last("sendPhoto", ANNA)
    assert answer.params["caption"].count("is not it") == 1 and str(puzzle.solution) in answer.params["caption"]
    assert "Your puzzle rating: 1500? →" in answer.params["caption"]
    assert bot.buttons(ANNA, message_id) == []  # the answered puzzle's buttons are gone
    after_fail = await bot.services.puzzles.puzzler(ANNA)
    assert after_fail.failed == 1 and after_fail.rating.rating < 1500
    # The same answer again is no move of a game: nothing is waiting any more, so it is an ordinary text.
    await bot.say(ANNA, anna, "/puzzle")
    second_id, second = await shown(bot, ANNA)
    assert second.id != puzzle.id
    await bot.press(ANNA, second_id, anna, cb.PuzzleTry(second.id, *second.solution).encode())
    assert fake.answers()[-1] == "✅"
    edited = fake.messages[(ANNA, second_id)]
    assert "✅ Right!" in edited["caption"] and "/puzzle gives the next one." in edited["caption"]
    assert bot.buttons(ANNA, second_id) == []
    after = await bot.services.puzzles.puzzler(ANNA)
    assert (after.solved, after.failed) == (1, 1) and after.rating.rating > after_fail.rating.rating
    # A press on the answered puzzle changes nothing.
    await bot.press(ANNA, second_id, anna, cb.PuzzleTry(second.id, *second.solution).encode())
    assert "already" in fake.answers()[-1]
    assert (await bot.services.puzzles.puzzler(ANNA)).solved == 1
    await bot.say(ANNA, anna, "/me")
    assert f"Puzzles: <b>{after.rating.shown}</b>" in fake.texts(ANNA)[-1]
    assert "1 solved, 1 failed" in fake.texts(ANNA)[-1]
    assert not bot.errors


async def test_a_private_puzzle_answered_with_m_and_by_a_reply(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(bot)
    await bot.say(ANNA, anna, "/puzzle")
    _, puzzle = await shown(bot, ANNA)
    await bot.say(ANNA, anna, f"/m {puzzle.solution}")
    assert "✅ Right!" in fake.last("sendPhoto", ANNA).params["caption"]
    await bot.say(ANNA, anna, "/puzzle")
    message_id, second = await shown(bot, ANNA)
    await bot.say(ANNA, anna, "no idea", reply_to=message_id)  # a reply that names no point: how to answer
    assert "x-y" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, str(second.solution), reply_to=message_id)
    assert "✅ Right!" in fake.last("sendPhoto", ANNA).params["caption"]
    assert (await bot.services.puzzles.puzzler(ANNA)).solved == 2
    # Asked for while one waits: the waiting one is skipped (its solution shown), unrated.
    await bot.say(ANNA, anna, "/puzzle")
    waiting_id, waiting = await shown(bot, ANNA)
    await bot.say(ANNA, anna, "/puzzle")
    assert "skipped" in fake.messages[(ANNA, waiting_id)]["caption"]
    assert str(waiting.solution) in fake.messages[(ANNA, waiting_id)]["caption"]
    me = await bot.services.puzzles.puzzler(ANNA)
    assert (me.solved, me.failed) == (2, 0)
    assert not bot.errors


async def test_a_group_puzzle_is_won_by_the_first_right_press_and_the_rest_hear_by_button(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, cat = users(bot)
    await bot.say(GROUP, anna, "/puzzle")
    message_id, puzzle = await shown(bot, GROUP)
    assert "The first right answer wins" in fake.messages[(GROUP, message_id)]["caption"]
    messages = len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP))
    wrong = wrong_point(puzzle, window=True)
    await bot.press(GROUP, message_id, boris, cb.PuzzleTry(puzzle.id, *wrong).encode())
    assert fake.answers()[-1] == f"❌ {wrong} is not it. One try each."
    await bot.press(GROUP, message_id, boris, cb.PuzzleTry(puzzle.id, *puzzle.solution).encode())
    assert fake.answers()[-1] == f"You had your try ({wrong})."
    await bot.press(GROUP, message_id, anna, cb.PuzzleTry(puzzle.id, *puzzle.solution).encode())
    assert fake.answers()[-1] == "✅ Right, and first!"
    caption = fake.messages[(GROUP, message_id)]["caption"]
    assert f"🏆 Anna solved puzzle #{puzzle.id}" in caption and str(puzzle.solution) in caption
    assert bot.buttons(GROUP, message_id) == []
    await bot.press(GROUP, message_id, cat, cb.PuzzleTry(puzzle.id, *puzzle.solution).encode())
    assert fake.answers()[-1] == "Уже решена: Anna."  # in Cat's own language
    # Not one message more in the group: every press was answered by its button's answer.
    assert len(fake.sent("sendMessage", GROUP)) + len(fake.sent("sendPhoto", GROUP)) == messages
    # A forged press (another puzzle's data on this message) is refused.
    await bot.press(GROUP, message_id, cat, cb.PuzzleTry(puzzle.id + 99, 1, 1).encode())
    assert fake.answers()[-1] != ""
    # The next /puzzle here is another one; a reply with the solution to it wins it too.
    await bot.say(GROUP, boris, "/puzzle")
    next_id, second = await shown(bot, GROUP)
    assert second.id != puzzle.id
    await bot.say(GROUP, boris, str(second.solution), reply_to=next_id)
    assert "🏆 Boris solved" in fake.messages[(GROUP, next_id)]["caption"]
    assert (await bot.services.puzzles.puzzler(ANNA)).solved == 0  # a group's race is not rated
    assert not bot.errors


async def test_the_puzzle_of_the_day_and_the_setting_of_private_games(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(bot)
    await bot.say(GROUP, anna, "/puzzle daily")
    assert "a puzzle a day" in fake.texts(GROUP)[-1]
    first = fake.last("sendPhoto", GROUP)
    assert first.params["caption"].startswith("🗓 Puzzle of the day")
    assert await daily_pass(bot.front) == 0  # not due again yet
    bot.clock.advance(DAY)
    assert await daily_pass(bot.front) == 1
    await bot.settle()
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Puzzle of the day" in c.params["caption"]]) == 2
    await bot.say(GROUP, anna, "/puzzle daily off")
    assert "No more puzzles of the day" in fake.texts(GROUP)[-1]
    bot.clock.advance(DAY)
    assert await daily_pass(bot.front) == 0
    await bot.say(ANNA, anna, "/puzzle daily")
    assert "is for groups" in fake.texts(ANNA)[-1]
    # Private games give puzzles only when their players allow it.
    await bot.say(GROUP, anna, "/puzzle share on")
    assert "private chat" in fake.texts(GROUP)[-1]
    await bot.say(ANNA, anna, "/puzzle share on")
    assert "may give puzzles now" in fake.texts(ANNA)[-1]
    assert (await bot.services.puzzles.puzzler(ANNA)).share
    await bot.say(ANNA, anna, "/me")
    assert "/puzzle share off" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, "/puzzle nonsense")
    assert "/puzzle daily" in fake.texts(ANNA)[-1]
    assert not bot.errors


async def test_the_watch_posts_the_puzzle_of_the_day_when_it_is_due(where: Where) -> None:
    bot = await Bot(where("watch.db"), deadlines=True).start()
    try:
        anna, _, _ = users(bot)
        await bot.say(GROUP, anna, "/puzzle daily")
        daily = [c for c in bot.fake.sent("sendPhoto", GROUP) if "Puzzle of the day" in c.params["caption"]]
        assert len(daily) == 1
        bot.clock.advance(DAY)
        watch = bot.app.bot_data["puzzle_watch"]
        watch.wake()
        for _ in range(200):
            await asyncio.sleep(0.02)
            await bot.settle()
            daily = [c for c in bot.fake.sent("sendPhoto", GROUP) if "Puzzle of the day" in c.params["caption"]]
            if len(daily) == 2:
                break
        assert len(daily) == 2
        assert not bot.errors
    finally:
        await bot.stop()


async def test_a_repeated_update_answers_a_puzzle_once(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(bot)
    await bot.say(ANNA, anna, "/puzzle")
    _, puzzle = await shown(bot, ANNA)
    answer = fake.message_update(ANNA, anna, str(puzzle.solution))
    await bot.send(answer)
    photos = len(fake.sent("sendPhoto", ANNA))
    await bot.send(answer)  # Telegram delivers it again
    assert len(fake.sent("sendPhoto", ANNA)) == photos
    assert (await bot.services.puzzles.puzzler(ANNA)).solved == 1
    await bot.say(GROUP, anna, "/puzzle")
    message_id, group_puzzle = await shown(bot, GROUP)
    press = fake.callback_update(
        GROUP, message_id, boris, cb.PuzzleTry(group_puzzle.id, *group_puzzle.solution).encode()
    )
    await bot.send(press)
    assert fake.answers()[-1] == "✅ Right, and first!"
    edits, answers = len(fake.sent("editMessageMedia", GROUP)), fake.answers()
    await bot.send(press)
    assert fake.answers()[len(answers) :] in ([], [""])  # nothing more said
    assert len(fake.sent("editMessageMedia", GROUP)) == edits
    assert not bot.errors


async def test_an_answer_delivered_again_after_a_restart_counts_once(where: Where) -> None:
    bot = await Bot(where("again.db")).start()
    anna, _, _ = users(bot)
    await bot.say(ANNA, anna, "/puzzle")
    _, puzzle = await shown(bot, ANNA)
    wrong = wrong_point(puzzle)
    answer = bot.fake.message_update(ANNA, anna, str(wrong))
    await bot.send(answer)
    await bot.stop()
    again = await Bot(where("again.db"), fake=bot.fake, clock=bot.clock).start()
    try:
        said = len(again.fake.sent("sendPhoto", ANNA)) + len(again.fake.sent("sendMessage", ANNA))
        await again.send(answer)  # the same update, to a bot that does not remember it in memory
        assert len(again.fake.sent("sendPhoto", ANNA)) + len(again.fake.sent("sendMessage", ANNA)) == said
        me = await again.services.puzzles.puzzler(ANNA)
        assert (me.solved, me.failed) == (0, 1)
        assert not again.errors
    finally:
        await again.stop()
