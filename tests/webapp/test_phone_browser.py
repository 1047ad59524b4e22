"""The Mini App on a phone, as the trial of issue 20 found it (headless Chromium at 390x844, Telegram's script stubbed:
``tests/webapp/telegram-stub.js`` records every call the page makes of the phone's features):

- a vertical drag on the board could close the app: the page calls ``disableVerticalSwipes``;
- a chosen move was lost when the app closed: closing asks first (``enableClosingConfirmation``) while a move is
  chosen, and no longer once it is played;
- no haptic feedback when a dot was placed or a capture happened: ``impactOccurred`` for a dot (firmer for the
  player's own), ``notificationOccurred`` for a capture (success for the capturer, a warning for the captured);
- the replay and the games list had no way back but the page's own ‹: Telegram's BackButton goes from a replayed
  move to the game as it ended, and from a game to the list.

Screenshots go to a temporary folder, or ``$TOCHKI_SCREENSHOTS`` (``docs/webapp``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import LIGHT, Phone, run, screenshots
from tests.support.games import ANNA, BORIS, GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.webapp import TOKEN, WEBAPP_URL, sign
from tochki_bot.webapp import WebAppServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def calls(phone: Phone) -> list[str]:
    return list(phone.js("return window.Telegram.WebApp.calls.slice()"))


def since(phone: Phone, mark: int) -> list[str]:
    return calls(phone)[mark:]


def wait_call(phone: Phone, mark: int, call: str) -> list[str]:
    """The calls since ``mark`` once ``call`` is among them."""
    phone.until(f"window.Telegram.WebApp.calls.slice({mark}).indexOf({call!r}) >= 0", 5)
    return since(phone, mark)


async def test_a_phone_feels_the_moves_asks_before_closing_and_goes_back(tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, telegram_js="telegram-web-app.js")
    bot = await Bot(tmp_path / "bot.db", webapp_url=WEBAPP_URL, extras=[server]).start()
    phones: list[Phone] = []
    try:
        anna, boris, _ = users(bot.fake)
        await open_group_game(bot)
        view = await bot.services.game(1)
        link = f"1_{view.watch}"
        anna_phone: Phone = await run(Phone, sign(ANNA, start_param=link), LIGHT)
        phones.append(anna_phone)
        boris_phone: Phone = await run(Phone, sign(BORIS, start_param=link), LIGHT)
        phones.append(boris_phone)
        for phone in phones:
            await run(phone.open, server.base_url + "/")
            await run(phone.until, "window.tochki.ready && window.tochki.state.ply === 0")

        # At once: vertical swipes no longer close the app; Telegram's back button leads to the list (not the
        # page's own ‹, which is for local mode).
        started = await run(calls, anna_phone)
        assert "disableVerticalSwipes" in started and "BackButton.show" in started
        assert await run(anna_phone.js, "return window.Telegram.WebApp.isVerticalSwipesEnabled") is False
        assert await run(anna_phone.js, "return window.Telegram.WebApp.BackButton.isVisible")
        assert await run(anna_phone.js, "return document.getElementById('back').hidden")
        assert "enableClosingConfirmation" not in started

        # A chosen move: closing asks first (once, however often the choice changes); played: it no longer does.
        mark = len(await run(calls, anna_phone))
        await run(anna_phone.tap, 11, 11)
        await run(anna_phone.until, "window.tochki.selected === '11-11'")
        await run(anna_phone.tap, 10, 11)
        await run(anna_phone.until, "window.tochki.selected === '10-11'")
        chosen = await run(since, anna_phone, mark)
        assert chosen.count("enableClosingConfirmation") == 1 and chosen.count("HapticFeedback.selectionChanged") == 2
        assert await run(anna_phone.js, "return window.Telegram.WebApp.isClosingConfirmationEnabled")
        await run(anna_phone.shot, shots / "webapp-phone-chosen.png")
        mark = len(await run(calls, anna_phone))
        await run((await run(anna_phone.main_button)).click)
        played = await run(wait_call, anna_phone, mark, "HapticFeedback.impactOccurred medium")
        assert "disableClosingConfirmation" in played
        assert not await run(anna_phone.js, "return window.Telegram.WebApp.isClosingConfirmationEnabled")
        # Boris's page feels Anna's dot lightly.
        await run(boris_phone.until, "window.tochki.state.ply === 1")
        assert "HapticFeedback.impactOccurred light" in await run(calls, boris_phone)

        # Anna surrounds Boris's 10-10 (moves by chat): her phone feels the capture as a success, his as a warning.
        plan: list[tuple[Any, str]] = [(boris, "10-10"), (anna, "10-9"), (boris, "15-15"), (anna, "9-10")]
        plan += [(boris, "16-16")]
        for who, point in plan:
            await bot.say(GROUP, who, f"/m {point}")
        await run(anna_phone.until, "window.tochki.state.ply === 6")
        anna_mark, boris_mark = len(await run(calls, anna_phone)), len(await run(calls, boris_phone))
        await bot.say(GROUP, anna, "/m 11-10")
        anna_felt = await run(wait_call, anna_phone, anna_mark, "HapticFeedback.notificationOccurred success")
        boris_felt = await run(wait_call, boris_phone, boris_mark, "HapticFeedback.notificationOccurred warning")
        assert not any("impactOccurred" in call for call in anna_felt + boris_felt)  # a capture is felt as one
        assert await run(anna_phone.js, "return window.tochki.state.players.blue.score") == 1
        status = await run(anna_phone.js, "return document.getElementById('last-move').textContent")
        assert status == "Ход 7: 11-10 🔵 · окружена 1 точка", status  # what the chat's caption says
        await run(anna_phone.shot, shots / "webapp-phone-capture.png")

        # The end, and the replay: the back button goes from a replayed move to the game as it ended, then to the list.
        await bot.say(GROUP, boris, "/resign")
        confirm = bot.last_board(GROUP)["message_id"]  # on the latest board
        await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да, сдаюсь"))
        await run(anna_phone.until, "window.tochki.state.state === 'finished'", 5)
        await run(
            anna_phone.js,
            "var s = document.getElementById('slider'); s.value = 3; s.dispatchEvent(new Event('input'));",
        )
        assert await run(anna_phone.js, "return window.tochki.replayAt") == 3
        await run(anna_phone.shot, shots / "webapp-phone-replay.png")
        await run(anna_phone.js, "window.Telegram.WebApp.BackButton.press()")
        assert await run(anna_phone.js, "return window.tochki.replayAt") is None
        assert await run(anna_phone.js, "return document.getElementById('slider').value") == "8"
        assert not await run(anna_phone.js, "return document.getElementById('game').hidden")
        mark = len(await run(calls, anna_phone))
        await run(anna_phone.js, "window.Telegram.WebApp.BackButton.press()")
        await run(anna_phone.until, "document.querySelectorAll('#games-list li').length === 1")
        assert await run(anna_phone.js, "return document.getElementById('game').hidden")
        assert "BackButton.hide" in await run(since, anna_phone, mark)
        assert not await run(anna_phone.js, "return window.Telegram.WebApp.BackButton.isVisible")
        # From the list, a game again: the back button is there again.
        await run(anna_phone.js, "document.querySelector('#games-list li').click()")
        await run(anna_phone.until, "window.tochki.ready && window.tochki.state && window.tochki.state.id === 1")
        assert await run(anna_phone.js, "return window.Telegram.WebApp.BackButton.isVisible")
        assert not bot.errors
    finally:
        for phone in phones:
            await run(phone.quit)
        await bot.stop()
