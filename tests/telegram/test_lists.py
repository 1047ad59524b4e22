"""Lists through the bot (``tochki_bot.telegram.lists``): ``/me`` and its button, ``/games`` in a group.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from render.chart import ChartView, render_chart_png
from storage import RatingChange, RatingRecord
from tests.support.games import ANNA, BORIS, GROUP, STRANGER, open_group_game, private_game, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.engine import GameSettings
from tochki_bot.services import ratings
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram import lists


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_the_me_button_changes_the_text_too(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    _, boris, _ = users(fake)
    await bot.say(BORIS, boris, "/me")
    message = fake.last("sendMessage", BORIS).result["message_id"]
    assert "do not appear" in fake.messages[(BORIS, message)]["text"]
    await bot.press(BORIS, message, boris, bot.button(BORIS, message, "Show me"))
    text = fake.messages[(BORIS, message)]["text"]
    assert "You appear in the ratings of all players" in text and "do not appear" not in text
    assert "Hide me" in bot.buttons(BORIS, message)[0][0]["text"]
    await bot.press(BORIS, message, fake.user(STRANGER, "Mallory"), cb.Listed(BORIS, False).encode())
    assert "Boris" in fake.answers()[-1]  # "only Boris can press this", not "only ?"


async def test_games_in_a_group_lists_only_that_groups_games(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
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


async def test_the_rating_history_begins_at_the_start_only_when_it_holds_every_game(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit: /me's picture began every line at 1500 / 350, also when the history was cut to the last
    ``HISTORY`` games, so a strong player's line fell from 1500 to their 500th-last rating. Now a line cut short
    begins at the first game it holds. (``HISTORY`` made 3 here: 5 sports games are cut, 2 Polish ones are not.)"""
    fake = bot.fake
    anna, _, _ = users(fake)
    monkeypatch.setattr(ratings, "HISTORY", 3)
    drawn: list[ChartView] = []

    def draw(view: ChartView) -> bytes:
        drawn.append(view)
        return render_chart_png(view)

    monkeypatch.setattr(lists, "render_chart_png", draw)
    await bot.say(ANNA, anna, "/start")
    played = {"sports": 5, "polish": 2}
    changes = []
    for rules, count in played.items():
        for n in range(1, count + 1):
            game = await bot.db.games.create(chat_id=ANNA, kind="private", creator_id=ANNA, settings=GameSettings())
            rating, deviation = 1500.0 + 100 * n, 350.0 - 40 * n
            changes.append(
                RatingChange(game.id, ANNA, rules, 1.0, rating - 100, deviation + 40, rating, deviation, 0.06, n)
            )
    records = [
        RatingRecord(ANNA, rules, 1500.0 + 100 * count, 350.0 - 40 * count, 0.06, games=count, wins=count)
        for rules, count in played.items()
    ]
    await bot.db.ratings.replace_all(records, changes)
    await bot.say(ANNA, anna, "/me")
    assert fake.last("sendPhoto", ANNA).files
    (view,) = drawn
    lines = {series.label: series.points for series in view.series}
    assert lines == {
        "Спортивные": ((1800.0, 230.0), (1900.0, 190.0), (2000.0, 150.0)),  # games 3-5 of 5: no start
        "Польские": ((1500.0, 350.0), (1600.0, 310.0), (1700.0, 270.0)),  # both games: from the start
    }
