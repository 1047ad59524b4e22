"""A real browser for the tests: headless Chromium (Debian's ``chromium``, driven through ``chromium-driver`` by
Selenium), at phone size with Telegram's script stubbed (``tests/webapp/telegram-stub.js``) or as a desktop browser.

Importing this module skips the importing test module when Chromium or its driver is missing (and fails it under
``CI``: the README says how to install them)."""

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

from tests.support.paths import TESTS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
STUB = TESTS / "webapp" / "telegram-stub.js"
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


def choose(browser: Phone, key: str, value: str) -> None:
    """Pick ``value`` for ``key`` in local mode's new-game form."""
    browser.js(f"document.querySelector('#opt-{key} [data-value=\"{value}\"]').click()")
