"""A finished game's review in the Mini App, over HTTP through the real bot (SQLite, its AI job runner) and its Mini
App server: started by a player, followed while it runs, then every move's value, the players' numbers, the
mistakes with the chat's captions and the annotated record; asking again answers at once. A game not finished, a
stranger's request, one review too many at once and forged initData are refused and start nothing.
``tochki_bot/webapp/review.py``, ``api.Api.review``, ``api.Api.start_review``, ``api.Api.review_sgf``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from tests.support.contract import assert_is
from tests.support.games import ANNA, BORIS, GROUP, STRANGER
from tests.support.harness import Bot
from tests.support.paths import Where
from tests.support.webapp import TOKEN, WEBAPP_URL, Site, auth, sign
from tests.support.webapp_reviews import (
    ANNA_PERSON,
    BETTER,
    BLUNDER_MOVES,
    BLUNDERS,
    active_game,
    finished_game,
    realistic_moves,
)
from tochki_bot.webapp import WebAppServer
from tochki_bot.webapp.contract import Refusal, ReviewPage

NODES = 300
"""The review budget in these tests: a few hundred positions a move finds the blunders of ``BLUNDERS``."""


@pytest.fixture
async def site(where: Where) -> AsyncIterator[Site]:
    """The bot (reviewing at ``NODES`` a move) with its Mini App server, and an HTTP client for it."""
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0)
    bot = await Bot(where("bot.db"), webapp_url=WEBAPP_URL, extras=[server]).start()
    bot.services.reviews.nodes = NODES  # each new review's budget (``Services(review_nodes=...)``)
    client = httpx.AsyncClient(base_url=server.base_url, timeout=30.0)
    try:
        yield Site(bot, server, client)
    finally:
        await client.aclose()
        await bot.stop()


async def start(site: Site, game_id: int, user: int, query: str = "") -> httpx.Response:
    return await site.client.post(f"/api/games/{game_id}/review{query}", json={}, headers=auth(user))


async def done_review(site: Site, game_id: int, user: int) -> dict[str, Any]:
    """Ask for the review as the page does (every few moments) until it is done; its last page."""
    deadline = time.monotonic() + 120
    while True:
        got = await site.get(f"/api/games/{game_id}/review", user)
        assert got.status_code == 200, got.text
        page: dict[str, Any] = got.json()
        assert_is(page, ReviewPage)
        if page["state"] == "done":
            return page
        assert time.monotonic() < deadline, page
        await asyncio.sleep(0.1)


def index(x: int, y: int, width: int = 10) -> int:
    return (y - 1) * width + (x - 1)


async def test_a_finished_game_is_reviewed_then_asking_again_answers_at_once(site: Site) -> None:
    game_id = await finished_game(site.bot.services)
    assert (await site.get(f"/api/games/{game_id}/review", ANNA)).json()["error"] == "no_review"
    started = await start(site, game_id, ANNA)
    assert started.status_code == 200, started.text
    first = started.json()
    assert_is(first, ReviewPage)
    assert first["game"] == game_id and first["total"] >= 16
    if first["state"] == "running":
        assert first["progress_text"] and first["sgf"] is None and first["sides"] == [] and first["mistakes"] == []
    page = await done_review(site, game_id, ANNA)
    assert page["done"] == page["total"] and page["expected_seconds"] is None and page["progress_text"] == ""

    # Every dot judged, in order; the three blunders lost 3 dots each, 7-6 the better move each time.
    moves = page["moves"]
    assert [m["ply"] for m in moves] == list(range(1, 17))
    assert [m["colour"] for m in moves] == ["blue", "red"] * 8
    assert moves[0]["played"] == index(4, 5)
    for ply in BLUNDER_MOVES:
        move = moves[ply - 1]
        assert move["grade"] == "blunder" and move["loss"] >= 3, move
        assert move["best"] == index(*BETTER) and move["played"] != move["best"], move
    assert moves[15]["played"] == index(*BETTER) and moves[15]["grade"] == "ok"
    # The graph's values are blue minus red: after red's blunder (move 14) blue is ahead.
    assert moves[13]["value"] >= 3 and moves[12]["value"] < moves[13]["value"]

    # Each player's numbers and the chat's words for them; the mistakes in the game's order with their captions.
    blue, red = page["sides"]
    assert (blue["colour"], red["colour"]) == ("blue", "red")
    assert blue["blunders"] == 2 and red["blunders"] >= 1 and blue["moves"] == 8 and red["moves"] == 8
    assert blue["average_loss"] >= 6 / 8 and "Anna" in blue["text"] and "Boris" in red["text"]
    listed = [m["ply"] for m in page["mistakes"]]
    assert listed == sorted(listed) and set(BLUNDER_MOVES) <= set(listed)
    caption = next(m["caption"] for m in page["mistakes"] if m["ply"] == 15)
    assert "15" in caption and "2-9" in caption and "7-6" in caption, caption

    # The annotated record, with the better move; asked for with initData like every call.
    assert page["sgf"] == f"api/games/{game_id}/review.sgf"
    record = await site.get(f"/api/games/{game_id}/review.sgf", BORIS)
    assert record.status_code == 200 and record.headers["content-type"].startswith("application/x-go-sgf")
    assert "attachment" in record.headers["content-disposition"]
    assert "GM[40]" in record.text and "BM[" in record.text and "C[" in record.text
    assert (await site.client.get(f"/api/games/{game_id}/review.sgf")).status_code == 401

    # Asking again (the other player too): the same review, done at once.
    again = await start(site, game_id, BORIS)
    assert again.status_code == 200 and again.json()["state"] == "done"
    assert again.json()["moves"] == moves


async def test_the_page_is_in_the_viewers_language(site: Site) -> None:
    game_id = await finished_game(site.bot.services)
    assert (await start(site, game_id, ANNA)).status_code == 200
    english = await done_review(site, game_id, ANNA)
    await site.bot.services.people.set_language(ANNA, "ru")
    russian = (await site.get(f"/api/games/{game_id}/review", ANNA)).json()
    assert russian["moves"] == english["moves"]
    assert russian["mistakes"][0]["caption"] != english["mistakes"][0]["caption"]
    assert russian["sides"][0]["text"] != english["sides"][0]["text"]


async def test_refusals_start_nothing(site: Site) -> None:
    services = site.bot.services
    finished = await finished_game(services)
    playing = await active_game(services)

    # A game still being played: 409, and no review.
    refused = await start(site, playing, ANNA)
    assert refused.status_code == 409 and refused.json()["error"] == "review_not_over", refused.text
    assert_is(refused.json(), Refusal)
    assert refused.json()["message"] == f"Game #{playing} is still being played: it can be reviewed once it is over."
    assert "state" not in refused.json()
    assert await services.reviews.of("game", playing) is None

    # A game cancelled before it was played (Anna resigned before her first move): nothing to review.
    cancelled = await active_game(services, moves=(), chat=GROUP - 1)
    await services.play.resign(cancelled, ANNA_PERSON)
    refused = await start(site, cancelled, ANNA)
    assert refused.status_code == 409 and refused.json()["error"] == "review_cancelled", refused.text
    assert f"#{cancelled}" in refused.json()["message"]

    # A stranger learns nothing of a game he may not read: 403, and nothing starts (nor a spectator's GET).
    for method in ("POST", "GET"):
        response = await site.client.request(
            method, f"/api/games/{finished}/review", json={} if method == "POST" else None, headers=auth(STRANGER)
        )
        assert response.status_code == 403 and response.json()["error"] == "forbidden", response.text
    assert (await site.get(f"/api/games/{finished}/review.sgf", STRANGER)).status_code == 403
    assert await services.reviews.of("game", finished) is None

    # No such game; a body that is not JSON; no review yet, so no record.
    assert (await start(site, 999, ANNA)).status_code == 404
    bad = await site.client.post(f"/api/games/{finished}/review", content=b"{", headers=auth(ANNA))
    assert bad.status_code == 400
    assert (await site.get(f"/api/games/{finished}/review.sgf", ANNA)).json()["error"] == "no_review"
    assert await services.reviews.of("game", finished) is None


async def test_one_review_at_a_time(site: Site) -> None:
    """While Anna's review of a long game runs, she cannot start another; Boris can; once hers is done, she can."""
    services = site.bot.services
    long = await finished_game(services, realistic_moves(count=120), size=(20, 20))
    short = await finished_game(services)
    first = await start(site, long, ANNA)
    assert first.status_code == 200 and first.json()["state"] == "running", first.text
    busy = await start(site, short, ANNA)
    assert busy.status_code == 409 and busy.json()["error"] == "review_busy", busy.text
    assert busy.json()["message"].startswith(f"Your review of game #{long} is still running (")
    assert await services.reviews.of("game", short) is None
    assert (await start(site, short, BORIS)).status_code == 200
    await done_review(site, long, ANNA)
    assert (await start(site, short, ANNA)).status_code == 200


async def test_a_spectator_with_the_code_may_review(site: Site) -> None:
    """Whoever may read the game (here: a spectator who has its code, from a group board's link) may review it."""
    services = site.bot.services
    game_id = await finished_game(services)
    view = await services.game(game_id)
    assert view.watch
    without = await start(site, game_id, STRANGER)
    assert without.status_code == 403
    with_code = await start(site, game_id, STRANGER, f"?watch={view.watch}")
    assert with_code.status_code == 200, with_code.text
    page = await done_review(site, game_id, ANNA)
    assert page["state"] == "done"
    record = await site.client.get(f"/api/games/{game_id}/review.sgf?watch={view.watch}", headers=auth(STRANGER))
    assert record.status_code == 200


async def test_forged_init_data_is_refused_and_starts_nothing(site: Site) -> None:
    services = site.bot.services
    game_id = await finished_game(services)
    now = time.time()
    forged: list[dict[str, str]] = [
        {},
        {"Authorization": "tma " + sign(ANNA, token="123:OTHER")},
        {"Authorization": "tma " + sign(ANNA, auth_date=now - 2 * 86400)},
        {"Authorization": "tma " + sign(STRANGER).replace(quote(f'"id": {STRANGER}'), quote(f'"id": {ANNA}'))},
        {"Authorization": "tma " + sign(ANNA)[:-2]},
    ]
    for headers in forged:
        for method, path in (
            ("POST", f"/api/games/{game_id}/review"),
            ("GET", f"/api/games/{game_id}/review"),
            ("GET", f"/api/games/{game_id}/review.sgf"),
        ):
            response = await site.client.request(method, path, headers=headers, json={} if method == "POST" else None)
            assert response.status_code == 401, (headers, path)
            assert response.json()["error"] == "unauthorized"
    assert await services.reviews.of("game", game_id) is None


async def test_local_mode_reviews_a_hot_seat_game(server: WebAppServer) -> None:
    """Local mode (``tochki-bot local``: no Telegram, this computer only) has the same review: a hot-seat game with
    the three blunders, resigned, reviewed by the services' own runner; the annotated record downloads."""
    assert server.api is not None
    server.api.services.reviews.nodes = NODES
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30.0) as client:
        created = await client.post("/api/local/games", json={"mode": "hotseat", "size": "20x20", "start": "empty"})
        game_id = created.json()["id"]
        for ply, (x, y) in enumerate(BLUNDERS):
            moved = await client.post(f"/api/games/{game_id}/moves", json={"x": x, "y": y, "ply": ply})
            assert moved.status_code == 200, moved.text
        resigned = await client.post(f"/api/games/{game_id}/actions", json={"action": "resign", "ply": len(BLUNDERS)})
        assert resigned.json()["state"] == "finished"
        assert (await client.post(f"/api/games/{game_id}/review", json={})).status_code == 200
        deadline = time.monotonic() + 120
        while (page := (await client.get(f"/api/games/{game_id}/review")).json())["state"] != "done":
            assert time.monotonic() < deadline, page
            await asyncio.sleep(0.1)
        assert_is(page, ReviewPage)
        graded = {m["ply"]: m["grade"] for m in page["moves"]}
        assert all(graded[ply] == "blunder" for ply in BLUNDER_MOVES), graded
        assert page["sides"][0]["name"] == "Player" and page["sides"][1]["name"] == "Friend"
        record = await client.get(f"/api/games/{game_id}/review.sgf")
        assert record.status_code == 200 and "GM[40]" in record.text
