"""The Mini App in a real browser: headless Chromium (Debian's ``chromium``, driven through ``chromium-driver`` by
Selenium) at phone size, against the real bot and its Mini App server on 127.0.0.1.

Telegram's ``telegram-web-app.js`` is replaced by a stub (``webapp/telegram-stub.js``, injected before the page's
scripts run) that carries initData signed here for each player, a theme and a main button. Anna plays a short game
by tapping the board; Boris plays by chat commands with his page open; both see every move. Screenshots go to a
temporary folder, or to ``$TOCHKI_SCREENSHOTS`` (``docs/webapp`` holds the README's).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import DARK, LIGHT, PHONE, PIXEL, Phone, dominant, run, screenshots
from tests.support.games import ANNA, BORIS, GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.webapp import TOKEN, WEBAPP_URL, sign
from tochki_bot.webapp import WebAppServer

pytestmark = [pytest.mark.browser, pytest.mark.process]


@pytest.mark.slow
async def test_a_short_game_in_the_mini_app_against_chat_commands(tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, telegram_js="telegram-web-app.js")
    bot = await Bot(tmp_path / "bot.db", webapp_url=WEBAPP_URL, extras=[server]).start()
    phones: list[Phone] = []
    try:
        fake = bot.fake
        _, boris, _ = users(fake)
        await open_group_game(bot, size="39x32", start="cross")
        view = await bot.services.game(1)
        assert view.colour_of(ANNA) == "blue" and view.colour_of(BORIS) == "red"
        # Both open the game from the group board's link (t.me/<bot>/play?startapp=1_<code>).
        link = f"1_{view.watch}"
        anna_phone = await run(Phone, sign(ANNA, start_param=link), LIGHT)
        phones.append(anna_phone)
        boris_phone = await run(Phone, sign(BORIS, start_param=link), DARK)
        phones.append(boris_phone)
        for phone in (anna_phone, boris_phone):
            await run(phone.open, server.base_url + "/")
            await run(phone.until, "window.tochki.ready && window.tochki.state.ply === 0")

        # The whole board fits the phone at first; the start cross is drawn.
        fit = await run(anna_phone.js, "return window.tochki.view")
        assert fit["zoom"] == 1 and fit["cell"] * 39 <= PHONE[0] and fit["cell"] >= 8
        for (x, y), colour in (((20, 17), "blue"), ((20, 16), "red")):
            sx, sy = await run(anna_phone.screen, x, y)
            rgb = await run(anna_phone.js, PIXEL, sx, sy)
            assert dominant(rgb) == colour, (x, y, rgb)
        status = await run(anna_phone.js, "return document.getElementById('status-text').textContent")
        assert status.startswith("Ваш ход"), status
        await run(anna_phone.shot, shots / "webapp-start.png")

        # Two fingers zoom in around the centre of the board.
        centre = await run(anna_phone.screen, 20, 17)
        await run(anna_phone.pinch, centre, 60, 220)
        zoomed = await run(anna_phone.js, "return window.tochki.view")
        assert zoomed["zoom"] > 2.5, zoomed
        assert abs((await run(anna_phone.screen, 20, 17))[0] - centre[0]) < 30  # the point under the fingers stays

        # A tap on a free point selects it; a tap on a dot does nothing; a tap elsewhere moves the selection.
        await run(anna_phone.tap, 21, 18)
        assert await run(anna_phone.until, "window.tochki.selected") == "21-18"
        await run(anna_phone.tap, 20, 17)  # Anna's own start dot
        assert await run(anna_phone.js, "return window.tochki.selected") == "21-18"
        await run(anna_phone.tap, 19, 18)
        assert await run(anna_phone.until, "window.tochki.selected === '19-18' && window.tochki.selected") == "19-18"
        assert await run(anna_phone.js, "return document.getElementById('pick').textContent") == "19-18"
        button = await run(anna_phone.main_button)
        assert button.text == "Сходить 19-18"
        await run(anna_phone.shot, shots / "webapp-selected.png")
        # Boris cannot select anything: it is not his move.
        await run(boris_phone.tap, 10, 10)
        assert await run(boris_phone.js, "return window.tochki.selected") in (None, False)

        # Confirm: the game has the move, the group gets one board, Boris's open page follows by itself.
        boards = len(fake.sent("sendPhoto", GROUP))
        await run(button.click)
        await wait_for(lambda: bot.game(1), lambda record: record.ply == 1)
        stored = time.monotonic()
        await run(boris_phone.until, "window.tochki.state.ply === 1", 5)
        latency = time.monotonic() - stored
        print(f"the other page heard of the move {latency * 1000:.0f} ms after it was stored")
        assert latency < 1.0, latency
        assert (await bot.game(1)).ply == 1
        await bot.services.changes.settle()
        group_boards = fake.sent("sendPhoto", GROUP)[boards:]
        assert len(group_boards) == 1 and "19-18" in group_boards[0].params["caption"]
        assert await run(anna_phone.js, "return window.tochki.selected") is None
        assert not (await run(anna_phone.main_button)).is_displayed()

        # The rest of a short game: Anna taps, Boris types; Anna surrounds Boris's first dot and he resigns.
        plan = [("boris", 10, 10), ("anna", 10, 11), ("boris", 30, 30), ("anna", 11, 10), ("boris", 30, 28)]
        plan += [("anna", 10, 9), ("boris", 28, 28), ("anna", 9, 10)]
        for ply, (who, x, y) in enumerate(plan, start=2):
            if who == "boris":
                await bot.say(GROUP, boris, f"/m {x}-{y}")
            else:
                await run(anna_phone.until, f"window.tochki.state.ply === {ply - 1} && window.tochki.state.can_move")
                await run(anna_phone.zoom_to, x, y)
                await run(anna_phone.tap, x, y)
                await run(anna_phone.until, f"window.tochki.selected === '{x}-{y}'")
                await run((await run(anna_phone.main_button)).click)
            # Both pages show every move.
            for phone in (anna_phone, boris_phone):
                await run(phone.until, f"window.tochki.state.ply === {ply}", 5)
        state = await run(boris_phone.js, "return window.tochki.state")
        assert state["players"]["blue"]["score"] == 1 and len(state["areas"]) == 1
        assert state["areas"][0]["captured"] == [9 * 39 + 9]
        await run(anna_phone.zoom_to, 10, 10)
        await run(anna_phone.shot, shots / "webapp-capture.png")
        await run(boris_phone.shot, shots / "webapp-dark.png")
        await bot.services.changes.settle()  # the group's boards of the moves made in the Mini App
        await bot.settle()
        await bot.say(GROUP, boris, "/resign")
        confirm = bot.last_board(GROUP)["message_id"]  # on the latest board
        await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да, сдаюсь"))
        assert (await bot.game(1)).state == "finished"

        # The finished game is a replay: the slider goes back to any move.
        await run(anna_phone.until, "window.tochki.state.state === 'finished'", 5)
        assert await run(anna_phone.js, "return !document.getElementById('replay').hidden")
        assert "Сдача: Boris" in await run(anna_phone.js, "return document.getElementById('status-text').textContent")
        await run(
            anna_phone.js,
            "var s = document.getElementById('slider'); s.value = 3; s.dispatchEvent(new Event('input'));",
        )
        assert await run(anna_phone.js, "return window.tochki.replayAt") == 3
        assert await run(anna_phone.js, "return document.getElementById('replay-text').textContent") == "Ход 3 из 9"
        await run(anna_phone.shot, shots / "webapp-replay.png")
        for name in ("start", "selected", "capture", "dark", "replay"):
            assert (shots / f"webapp-{name}.png").stat().st_size > 10_000
        # Every move reached the chat: ten boards in the group after the start, one each.
        await bot.services.changes.settle()
        captions = [c.params["caption"] for c in fake.sent("sendPhoto", GROUP)[boards:]]
        assert len(captions) == 10  # nine moves and the final board
        assert not bot.errors
    finally:
        for phone in phones:
            await run(phone.quit)
        await bot.stop()


@pytest.mark.slow
async def test_the_games_list_opens_a_game(tmp_path: Path) -> None:
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, telegram_js="telegram-web-app.js")
    bot = await Bot(tmp_path / "bot.db", webapp_url=WEBAPP_URL, extras=[server]).start()
    phone = None
    try:
        await open_group_game(bot)
        phone = await run(Phone, sign(BORIS), LIGHT)
        await run(phone.open, server.base_url + "/")  # the menu button: no game named
        await run(phone.until, "document.querySelectorAll('#games-list li').length === 1")
        assert "#1" in await run(phone.js, "return document.querySelector('#games-list li').textContent")
        await run(phone.shot, screenshots(tmp_path) / "webapp-list.png")
        await run(phone.js, "document.querySelector('#games-list li').click()")
        await run(phone.until, "window.tochki.state && window.tochki.state.id === 1 && window.tochki.ready")
        assert await run(phone.js, "return window.tochki.state.your_colour") == "red"
    finally:
        if phone is not None:
            await run(phone.quit)
        await bot.stop()


async def wait_for(read: Callable[[], Any], ok: Callable[[Any], bool], timeout: float = 5.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = await read()
        if ok(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out: {value}")
        await asyncio.sleep(0.005)
