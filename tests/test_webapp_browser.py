"""The Mini App in a real browser: headless Chromium (Debian's ``chromium``, driven through ``chromium-driver`` by
Selenium) at phone size, against the real bot and its Mini App server on 127.0.0.1.

Telegram's ``telegram-web-app.js`` is replaced by a stub (``webapp/telegram-stub.js``, injected before the page's
scripts run) that carries initData signed here for each player, a theme and a main button. Anna plays a short game
by tapping the board; Boris plays by chat commands with his page open; both see every move. Screenshots go to a
temporary folder, or to ``$TOCHKI_SCREENSHOTS`` (``docs/webapp`` holds the README's).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import Bot
from test_bot import ANNA, BORIS, GROUP, open_group_game, users
from test_webapp import TOKEN, WEBAPP_URL, sign

from tochki_bot.webapp import WebAppServer

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
STUB = Path(__file__).parent / "webapp" / "telegram-stub.js"
PHONE = (390, 844)
LIGHT = {
    "scheme": "light",
    "bg_color": "#ffffff",
    "text_color": "#000000",
    "hint_color": "#999999",
    "link_color": "#2481cc",
    "button_color": "#2481cc",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#efeff3",
}
DARK = {
    "scheme": "dark",
    "bg_color": "#212121",
    "text_color": "#ffffff",
    "hint_color": "#aaaaaa",
    "link_color": "#8774e1",
    "button_color": "#8774e1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#181818",
}

if CHROMIUM is None or DRIVER is None:
    if os.environ.get("CI"):
        raise RuntimeError("the browser test needs Debian's chromium and chromium-driver (the README says how)")
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TOCHKI_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Phone:
    """One headless Chromium at phone size with Telegram's script stubbed for one person. Its methods block: call
    them through ``asyncio.to_thread`` (the server runs in the test's event loop).

    Without ``init_data`` there is no stub (local mode: no Telegram); ``size`` and ``mobile=False`` make it a
    desktop browser with a mouse instead."""

    def __init__(
        self,
        init_data: str | None,
        theme: dict[str, str] | None = None,
        *,
        size: tuple[int, int] = PHONE,
        mobile: bool = True,
    ) -> None:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM  # type: ignore[assignment]
        for flag in (
            "--headless=new",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--window-size={size[0]},{size[1]}",
            # Nothing leaves this machine: every name but the loopback fails to resolve.
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        ):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
        cdp = self.driver.execute_cdp_cmd
        cdp(
            "Emulation.setDeviceMetricsOverride",
            {"width": size[0], "height": size[1], "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile},
        )
        if mobile:
            cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        if init_data is not None:
            stub = STUB.read_text().replace("__INIT_DATA__", json.dumps(init_data))
            cdp("Page.addScriptToEvaluateOnNewDocument", {"source": stub.replace("__THEME__", json.dumps(theme))})

    def open(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def until(self, script: str, timeout: float = 10.0) -> Any:
        """Wait until ``script`` (an expression) is truthy in the page; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js("return " + script)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {script}: {self.js('return window.tochki')}")
            time.sleep(0.02)

    def screen(self, x: int, y: int) -> tuple[float, float]:
        """Where point ``x-y`` is on the screen (CSS pixels)."""
        return tuple(
            self.js(
                "var v = window.tochki.view, s = window.tochki.state, r = document.getElementById('board')"
                ".getBoundingClientRect();"
                "return [r.left + v.ox + (arguments[0] - 0.5) * v.cell,"
                " r.top + v.oy + (s.height - arguments[1] + 0.5) * v.cell];",
                x,
                y,
            )
        )

    def touch(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]},
        )

    def tap(self, x: int, y: int) -> None:
        at = self.screen(x, y)
        self.touch("touchStart", [at])
        self.touch("touchEnd", [])

    def click(self, x: int, y: int) -> None:
        """A mouse click on point ``x-y``."""
        at_x, at_y = self.screen(x, y)
        for kind in ("mousePressed", "mouseReleased"):
            self.driver.execute_cdp_cmd(
                "Input.dispatchMouseEvent", {"type": kind, "x": at_x, "y": at_y, "button": "left", "clickCount": 1}
            )

    def pinch(self, centre: tuple[float, float], start: float, end: float, steps: int = 8) -> None:
        """Two fingers ``start`` px apart move to ``end`` px apart around ``centre``."""
        cx, cy = centre
        self.touch("touchStart", [(cx - start / 2, cy), (cx + start / 2, cy)])
        for step in range(1, steps + 1):
            half = (start + (end - start) * step / steps) / 2
            self.touch("touchMove", [(cx - half, cy), (cx + half, cy)])
        self.touch("touchEnd", [])

    def zoom_to(self, x: int, y: int) -> None:
        """Back to the whole board, then two fingers zoom in on ``x-y``."""
        while self.js("return window.tochki.view.zoom") > 1:
            self.js("document.getElementById('zoom-out').click()")
        self.pinch(self.screen(x, y), 40, 100)

    def main_button(self) -> Any:
        return self.driver.find_element(By.ID, "tg-main-button")

    def shot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def quit(self) -> None:
        self.driver.quit()


async def run(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return await asyncio.to_thread(function, *args, **kwargs)


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
        await bot.say(GROUP, boris, "/resign")
        confirm = fake.last("sendMessage", GROUP).result["message_id"]
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


PIXEL = (
    "var c = document.getElementById('board'), r = c.getBoundingClientRect(), d = window.devicePixelRatio;"
    "var p = c.getContext('2d').getImageData(Math.round((arguments[0] - r.left) * d),"
    " Math.round((arguments[1] - r.top) * d), 1, 1).data; return [p[0], p[1], p[2]];"
)


def dominant(rgb: list[int]) -> str:
    r, g, b = rgb
    if b > r + 60 and b > g:
        return "blue"
    if r > b + 60 and r > g + 60:
        return "red"
    return f"neither {rgb}"


async def wait_for(read: Callable[[], Any], ok: Callable[[Any], bool], timeout: float = 5.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = await read()
        if ok(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out: {value}")
        await asyncio.sleep(0.005)
