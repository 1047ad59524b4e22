"""A finished game's review in a real browser (headless Chromium at phone size, ``tests/support/browser.py``) against
the real bot and its Mini App server: Anna opens her finished 39x32 game, presses Review, sees the progress, then
the evaluation graph, both players' numbers and the mistakes; tapping a mistake (then a dot on the graph) takes the
replay to the position before that move with the move played and the better one marked on the board.

The phone-size screenshot goes to a temporary folder, or to ``$TOCHKI_SCREENSHOTS`` (``docs/images`` holds the
docs')."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import DARK, LIGHT, PIXEL, Phone, dominant, run, screenshots
from tests.support.games import ANNA
from tests.support.harness import Bot
from tests.support.webapp import TOKEN, WEBAPP_URL, sign
from tests.support.webapp_reviews import finished_game, sparring_moves
from tochki_bot.webapp import WebAppServer

pytestmark = [pytest.mark.browser, pytest.mark.process, pytest.mark.slow]

NODES = 300
"""The review budget here: the page is under test, not the AI."""

GRAPH_PIXEL = (
    "var c = document.getElementById('review-graph'), d = window.devicePixelRatio;"
    "var p = c.getContext('2d').getImageData(Math.round(arguments[0] * d), Math.round(arguments[1] * d), 1, 1).data;"
    "return [p[0], p[1], p[2], p[3]];"
)


def greenish(rgb: list[int]) -> bool:
    """The board's "better move" colour (green), light theme or dark."""
    r, g, b = rgb[:3]
    return g > r + 60 and g > b + 40


def click(phone: Phone, x: float, y: float) -> None:
    """A mouse click at ``x``, ``y`` (CSS pixels of the page)."""
    for kind in ("mousePressed", "mouseReleased"):
        phone.driver.execute_cdp_cmd(
            "Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
        )


async def test_the_review_graph_and_a_mistake_on_the_board(tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, telegram_js="telegram-web-app.js")
    bot = await Bot(tmp_path / "bot.db", webapp_url=WEBAPP_URL, extras=[server]).start()
    bot.services.reviews.nodes = NODES  # each new review's budget (``Services(review_nodes=...)``)
    phone: Phone | None = None
    try:
        game_id = await finished_game(bot.services, sparring_moves(), size=(39, 32), start="cross")
        phone = await run(Phone, sign(ANNA), LIGHT)
        await run(phone.open, f"{server.base_url}/?game={game_id}")
        await run(phone.until, "window.tochki.ready && window.tochki.state.state === 'finished'")
        # A finished game offers its review; nobody asked for one yet.
        await run(phone.until, "!document.getElementById('review-start').hidden")
        label = await run(phone.js, "return document.getElementById('review-start').textContent")
        assert "Review" in label
        assert await run(phone.js, "return window.tochki.review") is None

        await run(phone.js, "document.getElementById('review-start').click()")
        review = await run(phone.until, "window.tochki.review", 10)
        if review["state"] == "running":
            shown = await run(phone.js, "return document.getElementById('review-progress-text').textContent")
            assert shown.startswith(f"🔎 Reviewing game #{game_id}…"), shown
            await run(phone.shot, shots / "webapp-review-progress.png")
        await run(phone.until, "window.tochki.review && window.tochki.review.state === 'done'", 120)
        await run(phone.until, "window.tochki.review.dots.length > 0", 5)
        review = await run(phone.js, "return window.tochki.review")
        page: dict[str, Any] = await run(
            phone.js,
            "return fetch('api/games/' + arguments[0] + '/review', {headers: {Authorization: 'tma ' + "
            "Telegram.WebApp.initData}}).then(r => r.json())",
            game_id,
        )
        assert review["mistakes"] == len(page["mistakes"]) > 0
        assert len(review["dots"]) == review["mistakes"]

        # The graph: blue's tint above the zero line where blue is ahead, red's below where red is.
        size = await run(
            phone.js,
            "var r = document.getElementById('review-graph').getBoundingClientRect(); return [r.width, r.height]",
        )
        assert size[0] > 300 and size[1] >= 60
        sides = await run(phone.js, "return [...document.querySelectorAll('.review-side')].map(e => e.textContent)")
        assert len(sides) == 2 and all(sides), sides
        dots = review["dots"]
        alone = [d for d in dots if all(abs(d["x"] - e["x"]) + abs(d["y"] - e["y"]) > 10 for e in dots if e is not d)]
        assert alone, dots
        for dot in alone:  # each mistake's dot is in its mover's colour (those no other dot covers)
            move = next(m for m in page["moves"] if m["ply"] == dot["ply"])
            rgb = await run(phone.js, GRAPH_PIXEL, dot["x"], dot["y"])
            assert dominant(rgb[:3]) == move["colour"], (dot, rgb)

        # Tap the biggest mistake in the list: the replay goes to the position before it, both moves marked.
        biggest = max(page["mistakes"], key=lambda m: next(x["loss"] for x in page["moves"] if x["ply"] == m["ply"]))
        move = next(m for m in page["moves"] if m["ply"] == biggest["ply"])
        await run(
            phone.js,
            f"document.querySelector('#review-mistakes button[data-ply=\"{move['ply']}\"]').click()",
        )
        await run(phone.until, f"window.tochki.replayAt === {move['ply'] - 1}")
        assert await run(phone.js, "return +document.getElementById('slider').value") == move["ply"] - 1
        marks = await run(phone.js, "return window.tochki.marks")
        state = await run(phone.js, "return window.tochki.state")
        labels = state["point_labels"]
        assert marks["at"] == move["ply"] - 1
        assert marks["played"] == (labels[move["played"]] if move["played"] is not None else None)
        assert marks["best"] == (labels[move["best"]] if move["best"] is not None else None)
        said = await run(phone.js, "return document.getElementById('last-move').textContent")
        assert said == biggest["caption"]
        # The marks are on the board: the better point in green, the point played in the mover's colour.
        if move["best"] is not None:
            x, y = (int(n) for n in labels[move["best"]].split("-"))
            rgb = await run(phone.js, PIXEL, *(await run(phone.screen, x, y)))
            assert greenish(rgb), rgb
        if move["played"] is not None:
            x, y = (int(n) for n in labels[move["played"]].split("-"))
            rgb = await run(phone.js, PIXEL, *(await run(phone.screen, x, y)))
            assert dominant(rgb) == move["colour"], rgb
        await run(phone.shot, shots / "webapp-review.png")

        # A dot on the graph: the same for its move.
        other = next(d for d in review["dots"] if d["ply"] != move["ply"])
        rect = await run(
            phone.js, "var r = document.getElementById('review-graph').getBoundingClientRect(); return [r.left, r.top]"
        )
        await run(click, phone, rect[0] + other["x"], rect[1] + other["y"])
        await run(phone.until, f"window.tochki.replayAt === {other['ply'] - 1}")
        assert (await run(phone.js, "return window.tochki.review.chosen")) == other["ply"]
        # The slider moved by hand: the marks go (they belong to the position before the move).
        await run(
            phone.js,
            "var s = document.getElementById('slider'); s.value = String(+s.value + 1);"
            "s.dispatchEvent(new Event('input'));",
        )
        assert await run(phone.js, "return window.tochki.marks") is None

        # In the dark theme, the same page at once (the review is kept).
        await run(phone.quit)
        phone = await run(Phone, sign(ANNA), DARK)
        await run(phone.open, f"{server.base_url}/?game={game_id}")
        await run(phone.until, "window.tochki.review && window.tochki.review.state === 'done'", 10)
        assert await run(phone.js, "return document.getElementById('review-start').hidden")
        await run(phone.shot, shots / "webapp-review-dark.png")
    finally:
        if phone is not None:
            await run(phone.quit)
        await bot.stop()
