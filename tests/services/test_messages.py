"""What the front ends sent about games (``tochki_bot.services.messages``): kept across a restart, so that a
reply to a board still finds its game.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from tests.support.fakebot import FakeTelegram
from tests.support.games import ANNA, private_game, users
from tests.support.harness import Bot, Clock
from tests.support.paths import Where


async def test_a_restart_keeps_which_board_answers_a_reply(where: Where) -> None:
    """Exposed by real play ("players first": a board a phone can read); it failed before its fix."""
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
