"""Local mode's page in a real browser (headless Chromium, no Telegram), as the trial of issue 20 found it:

- the new-game form offered no rule set and no time per move: it offers what the bot's lobby does;
- the status line never said what the last move did: under it, the chat caption's sentence ("Move 7: 4-5 🔵 · 1 dot
  captured");
- "Declare grounding?" did not say the score the game would end with: the question is the chat's ``/ground`` one;
- the − zoom button covered the right ruler's numbers: the zoom buttons go where they cover no ruler, whatever the
  window's size and the zoom.

Screenshots go to a temporary folder, or ``$TOCHKI_SCREENSHOTS`` (``docs/local``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import Phone, choose, run, screenshots
from tochki_bot.webapp import WebAppServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SURROUND = [(5, 6), (5, 5), (6, 5), (10, 10), (5, 4), (11, 11), (4, 5)]
"""Blue surrounds red's 5-5 (hot-seat: blue, red, blue, ...)."""


def element(browser: Phone, selector: str, what: str) -> Any:
    return browser.js(f"var e = document.querySelector({selector!r}); return e && e.{what};")


def play(browser: Phone, points: list[tuple[int, int]], *, mouse: bool = False) -> None:
    """Tap (or click) each point and confirm it with the page's own button, waiting for the move to be there."""
    for x, y in points:
        ply = browser.js("return window.tochki.state.ply")
        for attempt in range(3):
            # A tap right after a move can land while the page is still laying the board out anew (the status line
            # grew): like a person, tap again when the point was not chosen.
            if mouse:
                browser.click(x, y)
            else:
                browser.tap(x, y)
            try:
                browser.until(f"window.tochki.selected === '{x}-{y}'", timeout=3.0)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        browser.js("document.getElementById('confirm').click()")
        browser.until(f"window.tochki.state.ply === {ply + 1}")


async def test_a_game_from_the_form_with_rules_and_a_clock_and_grounding_with_its_score(
    server: WebAppServer,
    tmp_path: Path,
) -> None:
    shots = screenshots(tmp_path)
    phone = await run(Phone, None)
    try:
        await run(phone.open, server.base_url + "/")
        await run(phone.until, "window.tochki.ready && document.getElementById('go')")
        # The form: the rule sets and the times per move of the bot's lobby, in words.
        rules = await run(phone.js, "return [...document.querySelectorAll('#opt-rules .chip')].map(c => c.textContent)")
        assert rules == ["Sports", "Polish", "Territory"]
        times = await run(phone.js, "return [...document.querySelectorAll('#opt-time .chip')].map(c => c.textContent)")
        assert times == ["no limit", "1 h", "24 h", "3 d"]
        assert await run(element, phone, "#opt-time .label", "textContent") == "Time per move"
        assert await run(element, phone, "#opt-level", "hidden") is False  # against the bot, at first
        await run(choose, phone, "mode", "hotseat")
        assert await run(element, phone, "#opt-level", "hidden") is True
        await run(choose, phone, "start", "empty")
        await run(choose, phone, "time", "3600")
        assert await run(element, phone, "#opt-time .chip.on", "textContent") == "1 h"
        await run(phone.shot, shots / "local-new-game.png")
        await run(phone.js, "document.getElementById('go').click()")
        await run(phone.until, "window.tochki.state && window.tochki.state.hotseat && window.tochki.ready")
        state = await run(phone.js, "return window.tochki.state")
        assert state["move_seconds"] == 3600 and state["rules"] == "sports"
        assert (await run(element, phone, "#clock", "textContent")).startswith("· ")
        assert await run(element, phone, "#last-move", "textContent") == "Blue moves first."

        # The status line says what each move did.
        await run(play, phone, SURROUND[:1])
        assert await run(element, phone, "#last-move", "textContent") == "Move 1: 5-6 🔵"
        await run(play, phone, SURROUND[1:])
        assert await run(element, phone, "#last-move", "textContent") == "Move 7: 4-5 🔵 · 1 dot captured"
        assert await run(element, phone, "#status-text", "textContent") == "Friend to move"
        await run(phone.shot, shots / "local-phone-capture.png")

        # Declaring grounding asks first, with the score it would end with: no, and nothing happens; yes, and it ends.
        assert await run(element, phone, "#ground", "hidden") is False
        ask = "window.asked = []; window.confirm = function (q) { window.asked.push(q); return %s; };"
        await run(phone.js, ask % "false" + "document.getElementById('ground').click()")
        await run(phone.until, "window.asked.length === 1")
        question = await run(phone.js, "return window.asked[0]")
        assert question.startswith(f"Declare grounding in game #{state['id']}?"), question
        assert "with the score 🔵 3 : 0 🔴 (Player wins)" in question, question  # red's 10-10 and 11-11 go to blue
        assert await run(phone.js, "return window.tochki.state.state") == "active"
        await run(phone.js, ask % "true" + "document.getElementById('ground').click()")
        await run(phone.until, "window.tochki.state.state === 'finished'")
        state = await run(phone.js, "return window.tochki.state")
        assert [state["players"]["blue"]["score"], state["players"]["red"]["score"]] == [3, 0]
        assert await run(element, phone, "#status-text", "textContent") == "Friend declared grounding; Player wins"
        await run(phone.shot, shots / "local-grounded.png")

        # Polish rules have no grounding: no button for it.
        await run(phone.js, "document.getElementById('back').click()")
        await run(phone.until, "document.getElementById('go') && document.querySelectorAll('#games-list li').length")
        await run(choose, phone, "mode", "hotseat")
        await run(choose, phone, "rules", "polish")
        await run(phone.js, "document.getElementById('go').click()")
        await run(phone.until, "window.tochki.ready && window.tochki.state && window.tochki.state.rules === 'polish'")
        assert await run(element, phone, "#ground", "hidden") is True
        assert await run(element, phone, "#resign", "hidden") is False
    finally:
        await run(phone.quit)


SIZES = [((390, 844), True), ((500, 600), False), ((480, 560), False), ((420, 520), False), ((600, 500), False)]
SIZES += [((844, 390), True), ((1280, 800), False)]

OVERLAP = """
var box = document.getElementById('board').getBoundingClientRect(), r = window.tochki.rulers, w = r.width;
var strips = {  // where each ruler's numbers are, on the screen
  right: [r.right, r.top + w, r.right + w, r.bottom], left: [r.left, r.top + w, r.left + w, r.bottom],
  bottom: [r.left + w, r.bottom, r.right, r.bottom + w], top: [r.left + w, r.top, r.right, r.top + w]};
var found = [];
['zoom-in', 'zoom-out'].forEach(function (id) {
  var b = document.getElementById(id).getBoundingClientRect();
  Object.keys(strips).forEach(function (name) {
    var s = strips[name];
    if (b.left < box.left + s[2] && b.right > box.left + s[0] && b.top < box.top + s[3] && b.bottom > box.top + s[1])
      found.push(id + ' covers the ' + name + ' ruler');
  });
  if (b.left < box.left || b.top < box.top || b.right > box.right || b.bottom > box.bottom)
    found.push(id + ' is off the board');
  // The corner points on the screen are not under it.
  var v = window.tochki.view, st = window.tochki.state;
  [[1, 1], [st.width, 1], [1, st.height], [st.width, st.height]].forEach(function (p) {
    var x = box.left + v.ox + (p[0] - 0.5) * v.cell, y = box.top + v.oy + (st.height - p[1] + 0.5) * v.cell;
    var seen = x > box.left && x < box.right && y > box.top && y < box.bottom;
    if (seen && x > b.left && x < b.right && y > b.top && y < b.bottom) found.push(id + ' covers ' + p.join('-'));
  });
});
return found;
"""


def drag(browser: Phone, dx: float, dy: float) -> None:
    """The mouse drags the board by (dx, dy) from its middle."""
    x, y = browser.js(
        "var r = document.getElementById('board').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];"
    )
    send = browser.driver.execute_cdp_cmd
    send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1})
    for step in range(1, 6):
        point = {"x": x + dx * step / 5, "y": y + dy * step / 5}
        send("Input.dispatchMouseEvent", {"type": "mouseMoved", **point, "button": "left", "buttons": 1})
    send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x + dx, "y": y + dy, "button": "left"})


async def test_the_zoom_buttons_cover_no_ruler(server: WebAppServer, tmp_path: Path) -> None:
    """At phone and window sizes, with the whole board shown and zoomed in (dragged to each corner): neither zoom
    button is over a ruler's numbers or a corner point (before, − covered the right ruler at 420x520 to 500x600 and
    the bottom one on a zoomed phone, and the corner point 20-1 there)."""
    browser = await run(Phone, None, size=(500, 600), mobile=False)
    try:
        await run(browser.open, server.base_url + "/")
        await run(browser.until, "window.tochki.ready && document.getElementById('go')")
        await run(choose, browser, "mode", "hotseat")
        await run(browser.js, "document.getElementById('go').click()")
        await run(browser.until, "window.tochki.state && window.tochki.ready")
        await run(play, browser, [(20, 1), (19, 1)], mouse=True)  # numbers to mark in the bottom-right corner
        for (width, height), mobile in SIZES:
            await run(
                browser.driver.execute_cdp_cmd,
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile},
            )
            await run(browser.until, f"document.getElementById('board').getBoundingClientRect().width === {width}")
            await run(browser.js, "window.dispatchEvent(new Event('resize'))")
            await asyncio.sleep(0.2)  # the page's ResizeObserver has drawn the board again
            for zoom in range(4):  # the whole board, then each press of +, the board dragged to each corner
                await run(browser.until, "window.tochki.rulers && window.tochki.view")
                found = await run(browser.js, OVERLAP)
                assert found == [], ((width, height), zoom, found)
                if zoom:
                    for dx, dy in ((-3000, -3000), (3000, 3000), (-3000, 3000), (3000, -3000)):
                        await run(drag, browser, dx, dy)
                        found = await run(browser.js, OVERLAP)
                        assert found == [], ((width, height), zoom, (dx, dy), found)
                await run(browser.js, "document.getElementById('zoom-in').click()")
            while await run(browser.js, "return window.tochki.view.zoom") > 1:
                await run(browser.js, "document.getElementById('zoom-out').click()")
    finally:
        await run(browser.quit)
