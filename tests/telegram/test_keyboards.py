"""Inline keyboards (``tochki_bot.telegram.keyboards``) as players get them: the window of move buttons.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.games import GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_the_window_of_buttons_belongs_to_the_player_to_move_and_hides_arrows_at_the_edges(bot: Bot) -> None:
    """Exposed by real play ("players first": a board a phone can read); it failed before its fix."""
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
