"""Local mode's API as the trial of issue 20 found it wanting, each test failing before its fix:

- its one person got "too many requests" at about a move a second (the Mini App's per-person limit, meant for
  strangers on the internet): local mode has its own limit, still bounded;
- "Declare grounding?" did not say the score it would end with (``/ground`` in the chat does): the page asks the
  services' ``ground_preview`` first (``GET /api/games/<id>/ground``);
- resigning and grounding had an error mapping of their own (no idempotency key, no current state with a 409):
  they are answered as a move is;
- the new-game form offered no rule set and no time per move, and nothing decided a local game on time;
- the status line never said what the last move did (the state's ``last_move_text``, the chat caption's sentence).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tochki_bot.i18n import t
from tochki_bot.local import keep_time
from tochki_bot.services import Person, Services
from tochki_bot.telegram.captions import board_caption
from tochki_bot.webapp import WebAppServer
from tochki_bot.webapp.local import FRIEND, LOCAL_BURST, LOCAL_RATE, ME, local_rate_limit
from tochki_bot.wording import plain


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Local:
    def __init__(self, services: Services, server: WebAppServer, client: httpx.AsyncClient, clock: Clock) -> None:
        self.services, self.server, self.client, self.clock = services, server, client, clock

    async def new(self, **choice: Any) -> dict[str, Any]:
        reply = await self.client.post("/api/local/games", json=choice)
        assert reply.status_code == 200, reply.text
        state: dict[str, Any] = reply.json()
        return state

    async def move(self, game: int, x: int, y: int, ply: int) -> dict[str, Any]:
        reply = await self.client.post(f"/api/games/{game}/moves", json={"x": x, "y": y, "ply": ply})
        assert reply.status_code == 200, reply.text
        state: dict[str, Any] = reply.json()
        return state

    async def play(self, game: int, points: list[tuple[int, int]]) -> dict[str, Any]:
        state: dict[str, Any] = (await self.client.get(f"/api/games/{game}")).json()
        for x, y in points:
            state = await self.move(game, x, y, state["ply"])
        return state


@pytest.fixture
async def local(tmp_path: Path) -> AsyncIterator[Local]:
    clock = Clock()
    services = await Services.open(tmp_path / "local.db", clock=clock, ai_workers=1, ai_seconds=0.05, ai_seed=11)
    server = WebAppServer(local=True, port=0, language="en", poll_timeout=5.0)
    await server.start(services)
    await services.opponent.start()
    client = httpx.AsyncClient(base_url=server.base_url, timeout=30.0)
    try:
        yield Local(services, server, client, clock)
    finally:
        await client.aclose()
        await server.stop()
        await services.changes.settle()
        await services.close()


SURROUND = [(5, 6), (5, 5), (6, 5), (10, 10), (5, 4), (11, 11), (4, 5)]
"""Blue surrounds red's 5-5 (hot-seat: blue, red, blue, ...)."""


# ----------------------------------------------------------------------------------------------------------------------
# Limits


@pytest.mark.slow
async def test_one_person_playing_fast_is_never_told_too_many_requests(local: Local) -> None:
    """200 moves as fast as the page sends them, each with the long poll it ends (400 requests in a few seconds):
    the Mini App's limit (120 at once, then 2 a second) said 429 after about 120."""
    game = (await local.new(mode="hotseat", size="20x20", start="empty"))["id"]
    state = (await local.client.get(f"/api/games/{game}")).json()
    # Vertical stripes, blue and red, row by row from the bottom: no capture, no end.
    for y in range(1, 11):
        for x in range(1, 21):
            moved = await local.client.post(f"/api/games/{game}/moves", json={"x": x, "y": y, "ply": state["ply"]})
            assert moved.status_code == 200, (x, y, moved.status_code, moved.text)
            poll = await local.client.get(f"/api/games/{game}/updates", params={"version": state["version"]})
            assert poll.status_code == 200, poll.text
            state = poll.json()
    assert state["ply"] == 200 and state["state"] == "active"


def test_local_modes_limit_is_still_bounded() -> None:
    """A runaway script on this computer is held back too: ``LOCAL_BURST`` at once, then ``LOCAL_RATE`` a second."""
    clock = Clock(0.0)
    limit = local_rate_limit(clock)
    assert all(limit.take(ME) == 0 for _ in range(int(LOCAL_BURST)))
    assert limit.take(ME) > 0
    clock.now += 1.0
    assert all(limit.take(ME) == 0 for _ in range(int(LOCAL_RATE)))
    assert limit.take(ME) > 0
    assert WebAppServer(local=True).rate.rate == LOCAL_RATE
    assert WebAppServer(token="1:A").rate.rate < LOCAL_RATE  # the Mini App's limit stays the strangers' one


# ----------------------------------------------------------------------------------------------------------------------
# Grounding and resigning


async def test_declaring_grounding_asks_with_the_score_it_would_end_with(local: Local) -> None:
    game = (await local.new(mode="hotseat", size="20x20", start="empty"))["id"]
    await local.play(game, SURROUND)  # red to move, 0:1
    preview = await local.services.play.ground_preview(game, Person(FRIEND, "Friend"))  # what /ground asks with
    blue, red = preview.score
    asked = await local.client.get(f"/api/games/{game}/ground")
    assert asked.status_code == 200
    winner = "Player" if preview.winner == "blue" else "Friend"
    expected = t("en", "ground_confirm", id=game, score_blue=blue, score_red=red, outcome=f"{winner} wins")
    assert asked.json() == {"question": plain(expected), "score": [blue, red], "winner": preview.winner}
    assert f"🔵 {blue} : {red} 🔴" in asked.json()["question"] and (blue, red) != (1, 0)  # more than the score now
    assert (await local.services.game(game)).state == "active"  # asking changes nothing
    done = await local.client.post(f"/api/games/{game}/actions", json={"action": "ground", "ply": 7})
    assert done.status_code == 200
    ended = done.json()
    assert [ended["players"]["blue"]["score"], ended["players"]["red"]["score"]] == [blue, red]
    # No question where there is no grounding: the services' refusal, in words.
    polish = (await local.new(mode="hotseat", rules="polish", size="20x20"))["id"]
    refused = await local.client.get(f"/api/games/{polish}/ground")
    assert refused.status_code == 409 and refused.json()["message"].startswith("No grounding in Polish rules")
    assert (await local.client.get("/api/games/99/ground")).status_code == 404


async def test_resigning_and_grounding_are_answered_as_moves_are(local: Local) -> None:
    game = (await local.new(mode="hotseat", size="20x20"))["id"]
    await local.play(game, [(3, 3), (4, 4)])
    actions = f"/api/games/{game}/actions"
    # A page that is behind gets the game as it is now, as for a move.
    stale = await local.client.post(actions, json={"action": "resign", "ply": 1})
    assert stale.status_code == 409 and stale.json()["error"] == "stale" and stale.json()["state"]["ply"] == 2
    for body in ({"action": "resign"}, {"action": "pass", "ply": 2}, {"action": "resign", "ply": 2, "key": "a b"}):
        assert (await local.client.post(actions, json=body)).status_code == 400, body
    # The same key twice (a retry after no answer) is one resignation, answered with the game both times.
    first = await local.client.post(actions, json={"action": "resign", "ply": 2, "key": "resign-1"})
    again = await local.client.post(actions, json={"action": "resign", "ply": 2, "key": "resign-1"})
    assert first.status_code == again.status_code == 200
    assert first.json()["state"] == again.json()["state"] == "finished"
    # And a game that is over refuses with its state, as a move after the end is.
    over = await local.client.post(actions, json={"action": "ground", "ply": 3})
    assert over.status_code == 409 and over.json()["error"] == "game_over" and over.json()["state"]["id"] == game


# ----------------------------------------------------------------------------------------------------------------------
# The new-game form and the clock


async def test_a_new_game_with_a_rule_set_and_a_time_per_move(local: Local) -> None:
    state = await local.new(mode="hotseat", rules="territory", size="20x20", time="86400")
    assert state["rules"] == "territory" and state["move_seconds"] == 86400 and state["time_left"] == 86400
    assert not state["can_ground"]
    bot = await local.new(mode="bot", level="easy", rules="polish", time="3600")
    assert bot["rules"] == "polish" and bot["move_seconds"] == 3600
    untimed = await local.new(mode="hotseat")
    assert untimed["rules"] == "sports" and untimed["move_seconds"] is None and untimed["can_ground"]
    for body in ({"mode": "hotseat", "rules": "chess"}, {"mode": "hotseat", "time": "60"}, {"mode": "bot", "time": 0}):
        assert (await local.client.post("/api/local/games", json=body)).status_code == 400, body


async def test_the_local_clock_decides_a_game_lost_on_time(local: Local) -> None:
    game = (await local.new(mode="hotseat", size="20x20", time="3600"))["id"]
    await local.play(game, [(3, 3)])
    stop = asyncio.Event()
    ticking = asyncio.create_task(keep_time(local.services, stop, every=0.05))
    try:
        await asyncio.sleep(0.2)
        assert (await local.services.game(game)).state == "active"
        local.clock.now += 3601  # red's hour is over
        for _ in range(100):
            view = await local.services.game(game)
            if view.state == "finished":
                break
            await asyncio.sleep(0.05)
        assert view.result is not None and view.result.reason.value == "timeout" and view.result.winner == "blue"
    finally:
        stop.set()
        await ticking
    state = (await local.client.get(f"/api/games/{game}")).json()
    assert state["status_text"] == "Friend ran out of time; Player wins"


# ----------------------------------------------------------------------------------------------------------------------
# What the last move did


async def test_the_state_says_what_the_last_move_did_as_the_chat_caption_does(local: Local) -> None:
    state = await local.new(mode="hotseat", size="20x20", start="empty")
    game = state["id"]
    assert state["last_move_text"] == "Blue moves first."
    state = await local.play(game, SURROUND[:1])
    assert state["last_move_text"] == "Move 1: 5-6 🔵"
    state = await local.play(game, SURROUND[1:])
    assert state["last_move_text"] == "Move 7: 4-5 🔵 · 1 dot captured"
    # Read again later (the other page's long poll, a page opened now), the move still says what it captured; and it
    # is the chat's own sentence, from the same function.
    again = (await local.client.get(f"/api/games/{game}")).json()
    assert again["last_move_text"] == "Move 7: 4-5 🔵 · 1 dot captured"
    view = await local.services.game(game)
    caption = board_caption("en", view, "group", None, now=local.services.now)
    assert again["last_move_text"] in caption.splitlines()
    # Polish: the closure after the dot counts for the move.
    polish = (await local.new(mode="hotseat", rules="polish", size="20x20", start="empty"))["id"]
    state = await local.play(polish, SURROUND)
    assert state["last_move_text"] == "Move 7: 4-5 🔵" and state["can_close"]
    closed = await local.client.post(f"/api/games/{polish}/close", json={"ply": state["ply"], "all": True})
    assert closed.status_code == 200 and closed.json()["last_move_text"] == "Move 7: 4-5 🔵 · 1 dot captured"


async def test_hot_seat_under_polish_rules_each_side_closes_its_own_pools(local: Local) -> None:
    """The hot-seat state is the one the side to act sees: red's pools too (it was the person's, blue's, whoever
    acted, so red's closing had no buttons)."""
    game = (await local.new(mode="hotseat", rules="polish", size="20x20", start="empty"))["id"]
    # Red surrounds blue's 5-5: blue 15-15, red 5-6, blue 5-5, red 6-5, blue 10-10, red 5-4, blue 11-11, red 4-5.
    state = await local.play(game, [(15, 15), (5, 6), (5, 5), (6, 5), (10, 10), (5, 4), (11, 11), (4, 5)])
    assert state["closing"] == "red" and state["your_colour"] == "red", state["status_text"]
    assert state["can_close"] and state["pools"] == [{"point": 84, "captures": 1, "size": 1}]
    closed = await local.client.post(f"/api/games/{game}/close", json={"ply": state["ply"], "all": True})
    assert closed.status_code == 200, closed.text
    assert closed.json()["players"]["red"]["score"] == 1 and closed.json()["your_colour"] == "blue"
