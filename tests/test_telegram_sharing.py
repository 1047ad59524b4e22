"""Records in and spectators (``telegram/sharing.py``): a grounded record can be continued from the position before
the grounding; ``/unwatch`` answers where the user sees it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from harness import Bot
from test_bot_variants import GROUP, users

from tochki_bot.engine import Game
from tochki_bot.engine.sgf import write_sgf


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


def labels(bot: Bot, chat_id: int, message_id: int) -> list[str]:
    return [b["text"] for row in bot.buttons(chat_id, message_id) for b in row]


def grounded_record() -> bytes:
    game = Game(10, 10, "empty")
    for x, y in [(2, 2), (5, 5), (3, 3), (6, 6), (4, 4), (7, 7)]:
        game.play(x, y)
    game.ground(game.to_move)
    assert game.result is not None and game.result.reason == "grounding"
    return write_sgf(game, blue="Anna", red="Boris").encode()


async def test_a_grounded_record_can_be_continued_from_before_the_grounding(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await bot.send(fake.document_update(GROUP, anna, "grounded.sgf", grounded_record()))
    shown = fake.last("sendPhoto", GROUP).result["message_id"]
    assert "▶ Continue as a new game" in labels(bot, GROUP, shown)
    await bot.press(GROUP, shown, anna, bot.button(GROUP, shown, "Continue"))
    lobby = fake.last("sendMessage", GROUP).result
    assert "after move 6" in lobby["text"]
    await bot.press(GROUP, lobby["message_id"], boris, bot.button(GROUP, lobby["message_id"], "Join"))
    record = await bot.db.games.open_in(GROUP)
    assert record is not None and record.state == "active" and record.ply == 6 and not record.rated


async def test_a_full_board_record_cannot_be_continued(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = users(fake)
    game = Game(10, 10, "empty")
    while not game.is_over:
        game.play(*next(iter(game.playable_points())))
    await bot.send(fake.document_update(GROUP, anna, "full.sgf", write_sgf(game).encode()))
    shown = fake.last("sendPhoto", GROUP).result["message_id"]
    assert not any("Continue" in label for label in labels(bot, GROUP, shown))


SPECTATOR = 33


async def follow_game(bot: Bot) -> tuple[dict[str, object], int]:
    """Anna and Boris play in the group; a spectator follows through the /watch link. Returns the spectator and
    their "you follow" note."""
    import re

    fake = bot.fake
    anna, boris = users(fake)
    spectator = fake.user(SPECTATOR, "Sam", "en")
    await bot.say(GROUP, anna, "/new 10x10 empty blue")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))
    await bot.say(GROUP, anna, "/watch")
    found = re.search(r"start=(w[\w-]+)", fake.texts(GROUP)[-1])
    assert found is not None
    await bot.say(SPECTATOR, spectator, f"/start {found.group(1)}")
    note = fake.last("sendMessage", SPECTATOR).result["message_id"]
    return spectator, note


async def test_unwatch_after_new_boards_answers_below_them(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    spectator, note = await follow_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    board = fake.last("sendPhoto", SPECTATOR).result["message_id"]
    assert board > note  # the note is above the latest board: an edit of it is out of sight
    await bot.say(SPECTATOR, spectator, "/unwatch")
    last = fake.last("sendMessage", SPECTATOR)
    assert last.result["message_id"] > board and last.params["text"] == "You no longer follow game #1."
    assert not bot.buttons(SPECTATOR, note)  # the note's button goes too
    await bot.say(GROUP, anna, "/m 7-7")
    assert fake.last("sendPhoto", SPECTATOR).result["message_id"] == board  # no more boards


async def test_unwatch_right_below_the_note_edits_it_only(bot: Bot) -> None:
    fake = bot.fake
    spectator, note = await follow_game(bot)
    texts = len(fake.texts(SPECTATOR))
    await bot.say(SPECTATOR, spectator, "/unwatch")
    assert fake.messages[(SPECTATOR, note)]["text"] == "You no longer follow game #1."
    assert len(fake.texts(SPECTATOR)) == texts
