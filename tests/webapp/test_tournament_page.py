"""The Mini App's tournament page: the bot with its web server against the fake Bot API, called over HTTP as the page
calls it. The round's message in the group links to the page; the page's API answers the tournament's players, its
creator and whoever holds its code (the group's link), nobody else; forged initData gets 401."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from tests.support.harness import Bot
from tests.support.paths import Where
from tests.support.webapp import TOKEN, sign
from tochki_bot.telegram import callbacks as cb
from tochki_bot.webapp import WebAppServer

GROUP = -4001
PLAYERS = {61: "Ann", 62: "Bob", 63: "Cat"}
STRANGER = 69


@pytest.fixture
async def site(where: Where) -> AsyncIterator[tuple[Bot, httpx.AsyncClient]]:
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0)
    bot = await Bot(where("page.db"), webapp_url="https://tochki.example.org/app", extras=[server]).start()
    client = httpx.AsyncClient(base_url=server.base_url, timeout=10.0)
    yield bot, client
    await client.aclose()
    await bot.stop()


async def get(client: httpx.AsyncClient, path: str, user_id: int, **kwargs: Any) -> httpx.Response:
    return await client.get(path, headers={"Authorization": "tma " + sign(user_id, **kwargs)})


async def test_the_tournament_page_for_its_players_and_its_link_only(site: tuple[Bot, httpx.AsyncClient]) -> None:
    bot, client = site
    fake = bot.fake
    users = [fake.user(i, n) for i, n in PLAYERS.items()]
    await bot.say(GROUP, users[0], "/tournament rr 10x10 empty 1h")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    for user in users[1:]:
        await bot.press(GROUP, lobby, user, cb.TJoin(1, True).encode())
    await bot.press(GROUP, lobby, users[0], cb.TAct(1, "start").encode())
    await bot.services.changes.settle()
    pairings = next(c for c in reversed(fake.sent("sendMessage", GROUP)) if "round 1 of 3" in c.params["text"])
    markup = pairings.params["reply_markup"]
    markup = json.loads(markup) if isinstance(markup, str) else markup
    link = markup["inline_keyboard"][0][0]["url"]
    assert link.startswith("https://t.me/tochki_test_bot/play?startapp=t1_")
    start = parse_qs(urlparse(link).query)["startapp"][0]
    code = start.split("_", 1)[1]

    # A player reads it without the code; a stranger needs the group's link (its code), and nothing else does.
    answer = await get(client, "/api/tournaments/1", 62)
    assert answer.status_code == 200
    state = answer.json()
    assert state["title"] == "🏆 Tournament #1 · Round robin, 3 rounds" and state["round"] == 1
    assert [line["name"] for line in state["standings"]] == ["Ann", "Bob", "Cat"]
    assert [line["me"] for line in state["standings"]] == [False, True, False]
    tables = state["rounds"][0]["tables"]
    assert len(tables) == 2 and sum(1 for t in tables if t["game"]) == 1 and any("Rests" in t["text"] for t in tables)
    assert (await get(client, "/api/tournaments/1", STRANGER)).status_code == 403
    assert (await get(client, "/api/tournaments/1?watch=wrong", STRANGER)).status_code == 403
    assert (await get(client, "/api/tournaments/1", STRANGER, start_param="t1_wrong")).status_code == 403
    assert (await get(client, "/api/tournaments/2", STRANGER, start_param=start)).status_code == 404
    opened = await get(client, "/api/tournaments/1", STRANGER, start_param=start)
    assert opened.status_code == 200
    assert [(line["name"], line["me"]) for line in opened.json()["standings"]] == [
        ("Ann", False),
        ("Bob", False),
        ("Cat", False),
    ]
    assert (await get(client, f"/api/tournaments/1?watch={code}", STRANGER)).status_code == 200
    # Its games open with the codes the page got (a spectator's view of a group game).
    game = next(t for t in tables if t["game"])
    board = await get(client, f"/api/games/{game['game']}?watch={game['watch']}", STRANGER)
    assert board.status_code == 200 and board.json()["your_colour"] is None
    # Forged, or another bot's signature: 401.
    forged = await client.get("/api/tournaments/1", headers={"Authorization": "tma " + sign(62, token="9:OTHER")})
    assert forged.status_code == 401
    assert (await client.get("/api/tournaments/1")).status_code == 401
    # The page itself: a direct link to a tournament gets the tournament's page, with its script.
    page = await client.get("/", params={"tgWebAppStartParam": start})
    assert (
        page.status_code == 200
        and "tournament.js" in page.text
        and "script-src" in page.headers["Content-Security-Policy"]
    )
    assert "tournament.js" not in (await client.get("/")).text
    script = await client.get("/tournament.js")
    assert script.status_code == 200 and "api/tournaments/" in script.text
    assert not bot.errors


@pytest.mark.browser
@pytest.mark.process
async def test_the_tournament_page_in_a_browser_opens_a_game(where: Where, tmp_path: Any) -> None:
    """Headless Chromium (``tests/support/browser.py``, as the Mini App's browser tests drive it): a stranger opens
    the tournament's link from the group, sees the standings and the round's tables, taps the game and gets its
    board."""
    from tests.support import browser  # skips this test where Chromium is missing

    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, telegram_js="telegram-web-app.js")
    bot = await Bot(where("browser.db"), webapp_url="https://tochki.example.org/app", extras=[server]).start()
    phone = None
    try:
        fake = bot.fake
        users = [fake.user(i, n) for i, n in PLAYERS.items()]
        await bot.say(GROUP, users[0], "/tournament swiss 10x10 empty 1h")
        lobby = fake.last("sendMessage", GROUP).result["message_id"]
        for user in users[1:]:
            await bot.press(GROUP, lobby, user, cb.TJoin(1, True).encode())
        await bot.press(GROUP, lobby, users[0], cb.TAct(1, "start").encode())
        await bot.services.changes.settle()
        view = await bot.services.tournaments.get(1)
        start = f"t1_{view.watch}"
        phone = await browser.run(browser.Phone, sign(STRANGER, start_param=start), browser.LIGHT)
        await browser.run(phone.open, f"{server.base_url}/?tgWebAppStartParam={start}")
        await browser.run(phone.until, "window.tochkiTournament")
        rows = await browser.run(phone.js, "return document.querySelectorAll('#t-standings tbody tr').length")
        assert rows == 3
        title = await browser.run(phone.js, "return document.getElementById('t-title').textContent")
        assert title == "🏆 Tournament #1 · Swiss, 3 rounds"
        await browser.run(phone.shot, browser.screenshots(tmp_path) / "webapp-tournament.png")
        game = view.round_pairings(1)[0].game_id
        await browser.run(phone.js, "document.querySelector('button.t-table').click()")
        await browser.run(phone.until, f"window.tochki && window.tochki.state && window.tochki.state.id === {game}")
    finally:
        if phone is not None:
            await browser.run(phone.quit)
        await bot.stop()
