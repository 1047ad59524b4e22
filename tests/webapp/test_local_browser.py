"""Local mode in a real browser: headless Chromium (as in ``test_webapp_browser``) on the page ``tochki-bot local``
serves, with no Telegram at all (no stub: ``window.Telegram`` does not exist). At phone size a person starts a game
against the bot from the page's form, plays a few moves by taps and the page's own confirm button, sees the bot
answer, and downloads the game's SGF; at desktop size two people play hot-seat with the mouse. Screenshots go to a
temporary folder, or to ``$TOCHKI_SCREENSHOTS`` (``docs/local`` holds the README's)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.support.browser import PIXEL, Phone, choose, dominant, run, screenshots
from tochki_bot.engine.sgf import parse_sgf
from tochki_bot.webapp import WebAppServer

pytestmark = [pytest.mark.browser, pytest.mark.process]

DESKTOP = (1280, 800)


def colour_at(browser: Phone, x: int, y: int, expected: str, timeout: float = 3.0) -> str:
    """The colour of the dot on ``x-y`` (beside its centre: the last move has a light centre), once it is
    ``expected`` or ``timeout`` has passed (a confirm button that goes away resizes the board a moment later)."""
    deadline = time.monotonic() + timeout
    while True:
        sx, sy = browser.screen(x, y)
        cell = browser.js("return window.tochki.view.cell")
        found = dominant(browser.js(PIXEL, sx + cell * 0.2, sy))
        if found == expected or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def wait_file(folder: Path, suffix: str, timeout: float = 10.0) -> Path:
    deadline = time.monotonic() + timeout
    while True:
        found = [p for p in folder.glob("*" + suffix) if p.stat().st_size > 0]
        if found:
            return found[0]
        if time.monotonic() > deadline:
            raise AssertionError(f"no {suffix} downloaded into {folder}: {list(folder.iterdir())}")
        time.sleep(0.05)


@pytest.mark.slow
async def test_a_game_against_the_bot_by_taps_on_a_phone(server: WebAppServer, tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    phone = await run(Phone, None)
    try:
        await run(
            phone.driver.execute_cdp_cmd,
            "Browser.setDownloadBehavior",
            {"behavior": "allow", "downloadPath": str(downloads)},
        )
        await run(phone.open, server.base_url + "/")
        # No Telegram here: the page's own start screen, the form and an empty list.
        assert await run(phone.js, "return typeof window.Telegram") == "undefined"
        await run(phone.until, "window.tochki.ready && window.tochki.local && document.getElementById('go')")
        assert await run(phone.js, "return document.getElementById('games-none').hidden") is False
        await run(choose, phone, "level", "easy")
        await run(phone.shot, shots / "local-start.png")
        await run(phone.js, "document.getElementById('go').click()")
        await run(phone.until, "window.tochki.state && window.tochki.state.ply === 0 && window.tochki.ready")
        state = await run(phone.js, "return window.tochki.state")
        assert state["width"] == 20 and state["your_colour"] == "blue" and state["can_move"]
        assert state["players"]["red"]["name"] == "🤖 Bot ★"
        assert await run(phone.js, "return document.getElementById('blue-name').textContent") == "Player"
        assert (await run(phone.js, "return location.search")) == f"?game={state['id']}"
        for (x, y), colour in (((10, 11), "blue"), ((10, 10), "red")):  # the start cross, by its pixels
            assert await run(colour_at, phone, x, y, colour) == colour, (x, y)

        # Taps choose a point, the page's own button confirms it; the bot answers each move.
        for number, (x, y) in enumerate([(5, 5), (15, 15), (5, 15)]):
            ply = 2 * number
            await run(phone.until, f"window.tochki.state.ply === {ply} && window.tochki.state.can_move", 20)
            await run(phone.tap, x, y)
            assert await run(phone.until, f"window.tochki.selected === '{x}-{y}' && window.tochki.selected") == (
                f"{x}-{y}"
            )
            button = await run(phone.js, "var b = document.getElementById('confirm'); return [b.hidden, b.textContent]")
            assert button == [False, f"Play {x}-{y}"]
            await run(phone.js, "document.getElementById('confirm').click()")
            await run(phone.until, f"window.tochki.state.ply >= {ply + 1}", 10)
            assert await run(colour_at, phone, x, y, "blue") == "blue", (x, y)  # the board shows the new dot
            await run(phone.until, f"window.tochki.state.ply === {ply + 2}", 30)  # the bot's answer arrives
        state = await run(phone.js, "return window.tochki.state")
        assert len(state["move_dots"]) == 6 and state["can_move"]
        assert await run(phone.js, "return document.getElementById('status-text').textContent") == "Your move"
        await run(phone.tap, 12, 8)
        await run(phone.until, "window.tochki.selected === '12-8'")
        await run(phone.shot, shots / "local-phone-bot.png")

        # The record downloads from the page: the moves, in order, as the page showed them.
        await run(phone.js, "document.getElementById('sgf').click()")
        record = parse_sgf((await run(wait_file, downloads, ".sgf")).read_text(encoding="utf-8"))
        assert [(m.point.x, m.point.y) for m in record.moves if m.point][::2] == [(5, 5), (15, 15), (5, 15)]
        assert len(record.moves) == 6 and record.red == "🤖 Bot ★"
        await run(phone.js, "document.getElementById('png').click()")
        assert (await run(wait_file, downloads, ".png")).read_bytes()[:4] == b"\x89PNG"

        # Resigning ends it (after the page asks): the result, and the replay slider of a finished game.
        assert await run(phone.js, "return document.getElementById('ground').hidden") is False
        await run(phone.js, "window.confirm = function () { return true; }; document.getElementById('resign').click()")
        await run(phone.until, "window.tochki.state.state === 'finished'")
        status = await run(phone.js, "return document.getElementById('status-text').textContent")
        assert status == "Player resigned; 🤖 Bot ★ wins", status
        assert await run(phone.js, "return document.getElementById('resign').hidden")
        assert not await run(phone.js, "return document.getElementById('replay').hidden")

        # Back to the list: the game is there.
        await run(phone.js, "document.getElementById('back').click()")
        await run(phone.until, "document.querySelectorAll('#games-list li').length === 1")
        assert (await run(phone.js, "return location.search")) == ""
    finally:
        await run(phone.quit)


@pytest.mark.slow
async def test_hot_seat_with_the_mouse_on_a_desktop(server: WebAppServer, tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    browser = await run(Phone, None, size=DESKTOP, mobile=False)
    try:
        await run(browser.open, server.base_url + "/")
        await run(browser.until, "window.tochki.ready && document.getElementById('go')")
        await run(choose, browser, "mode", "hotseat")
        assert await run(browser.js, "return document.getElementById('opt-level').hidden")
        await run(choose, browser, "size", "30x30")
        await run(choose, browser, "start", "four-crosses")
        await run(browser.js, "document.getElementById('go').click()")
        await run(browser.until, "window.tochki.state && window.tochki.state.hotseat && window.tochki.ready")
        fit = await run(browser.js, "return window.tochki.view")
        assert fit["cell"] * 30 <= DESKTOP[1] and fit["cell"] > 15  # the whole board on the screen
        # Blue, red, blue, red: the same page plays for whoever is to move.
        plan = [(3, 3), (3, 4), (4, 3), (4, 4), (5, 3)]
        for ply, (x, y) in enumerate(plan):
            colour = "blue" if ply % 2 == 0 else "red"
            shown = f"window.tochki.state.ply === {ply} && window.tochki.state.your_colour === '{colour}'"
            await run(browser.until, shown)
            name = await run(browser.js, f"return document.getElementById('{colour}-name').textContent")
            assert name == ("Player" if colour == "blue" else "Friend")  # no "(you)" here: the names say who is who
            await run(browser.click, x, y)
            await run(browser.until, f"window.tochki.selected === '{x}-{y}'")
            await run(browser.js, "document.getElementById('confirm').click()")
            await run(browser.until, f"window.tochki.state.ply === {ply + 1}")
            assert await run(colour_at, browser, x, y, colour) == colour, (x, y)
        status = await run(browser.js, "return document.getElementById('status-text').textContent")
        assert status == "Friend to move"
        await run(browser.click, 6, 4)
        await run(browser.until, "window.tochki.selected === '6-4'")
        await run(browser.shot, shots / "local-desktop-hotseat.png")
        for name in ("local-desktop-hotseat",):
            assert (shots / f"{name}.png").stat().st_size > 10_000
    finally:
        await run(browser.quit)
