"""A group's message budget (``tochki_bot.telegram.budget``): answers to bad input stop before a board
would have to wait.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from tests.support.games import GROUP, caption, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.config import Config
from tochki_bot.telegram.app import build_application


async def test_bad_input_in_a_group_never_delays_a_board(where: Where) -> None:
    """A group takes about 20 messages a minute: answers to bad input stop well before that, boards always go.

    Exposed by real play ("players first": a clean group); it failed before its fix."""
    bot = Bot(where("b.db"))
    bot.config = Config(token="123:TEST", db_path=str(where("b.db")), group_rate=20, overall_rate=10**6)

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
