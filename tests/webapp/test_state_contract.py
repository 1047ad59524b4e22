"""The JSON the page gets is what ``tochki_bot/webapp/contract.py`` says, key for key, and the page's JSDoc
(``static/contract.js``) names the same types with the same keys.

The answers are the servers' own, over HTTP: local mode's (hot-seat and the bot, a capture, Polish pools to close, a
grounded end, a refusal with the game as it is now, the grounding question) and the Telegram Mini App's (a session
opened by a group board's link, a spectator's state, the games list). Every key must be there, no other key may be,
and every value must have its type. Before the contract was written down the page read keys such as ``o``, ``p``,
``r``, ``c``, ``g`` and built every point's name itself."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, is_typeddict

import httpx
import pytest

from tests.support.contract import assert_is, problems
from tests.support.games import ANNA, BORIS, STRANGER, open_group_game
from tests.support.webapp import auth, open_site
from tochki_bot.services import Services
from tochki_bot.webapp import WebAppServer, contract
from tochki_bot.webapp.contract import GameLine, GamesList, GameState, GroundQuestion, Refusal, Session

CONTRACT_JS = Path(contract.__file__).parent / "static" / "contract.js"


def test_the_checker_finds_what_is_wrong() -> None:
    """The checker itself: a missing key, an extra key, a wrong type inside a list, a bad literal."""
    assert problems({"games": []}, GamesList) == []
    line: dict[str, Any] = {
        "id": 1,
        "kind": "group",
        "state": "active",
        "chat_title": None,
        "board_size": "20x20",
        "blue_name": "A",
        "red_name": "B",
        "score": [0, 0],
        "your_colour": "blue",
        "your_move": True,
        "moves_made": 0,
        "status_text": "",
    }
    assert problems({"games": [line]}, GamesList) == []
    assert problems({"games": [{**line, "kind": "secret"}]}, GamesList) != []
    assert problems({"games": [{**line, "score": ["0", 0]}]}, GamesList) != []
    assert problems({"games": [{**line, "you": "blue"}]}, GamesList) == [
        "$.games[0]: a key the contract does not name: 'you'"
    ]
    missing = dict(line)
    del missing["moves_made"]
    assert problems(missing, GameLine) == ["$: no key 'moves_made'"]
    assert problems({"error": "stale", "message": "x"}, Refusal) == []


# ----------------------------------------------------------------------------------------------------------------------
# The page's side: contract.js


def jsdoc_typedefs() -> dict[str, tuple[set[str], set[str]]]:
    """Each object typedef of contract.js: its required keys and its optional ones (``[name]``)."""
    found: dict[str, tuple[set[str], set[str]]] = {}
    for block in re.findall(r"/\*\*(.*?)\*/", CONTRACT_JS.read_text(encoding="utf-8"), re.S):
        named = re.search(r"@typedef \{Object\} (\w+)", block)
        if named is None:
            continue
        keys = re.findall(r"@property \{[^}]*\} (\[?\w+\]?)", block)
        required = {k for k in keys if not k.startswith("[")}
        optional = {k.strip("[]") for k in keys if k.startswith("[")}
        found[named.group(1)] = (required, optional)
    return found


def test_the_jsdoc_names_the_same_types_with_the_same_keys() -> None:
    typedefs = jsdoc_typedefs()
    python = {name: getattr(contract, name) for name in contract.__all__ if is_typeddict(getattr(contract, name))}
    assert set(typedefs) == set(python), set(typedefs) ^ set(python)
    for name, kind in python.items():
        required, optional = typedefs[name]
        assert required == set(kind.__required_keys__), (name, required ^ set(kind.__required_keys__))
        assert optional == set(kind.__optional_keys__), (name, optional ^ set(kind.__optional_keys__))


def test_the_page_reads_no_key_the_contract_does_not_name() -> None:
    """The page's modules read the state only through the keys the contract names: none of the old one-letter keys,
    and no point name is built in the page (``'-'`` between a column and a row)."""
    static = CONTRACT_JS.parent
    keys = {
        key
        for name in contract.__all__
        if is_typeddict(kind := getattr(contract, name))
        for key in kind.__annotations__
    }
    for script in static.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert "+ '-' +" not in text, script.name
        code = re.sub(r"/\*.*?\*/|//[^\n]*|'[^'\n]*'", "", text, flags=re.S)  # no comments, no strings
        for read in re.findall(r"\bstate\.(\w+)", code):
            assert read in keys, (script.name, read)
        old = re.findall(r"\b(?:a|area|pool)\.(?:o|p|r|c|g|s)\b", code)
        assert not old, (script.name, old)
        for read in re.findall(r"\b(?:area|pool|game|side|choice|option)\.(\w+)", code):
            assert read in keys, (script.name, read)


# ----------------------------------------------------------------------------------------------------------------------
# The server's side, over HTTP


@pytest.fixture
async def local(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    services = await Services.open(tmp_path / "local.db", ai_workers=1, ai_seconds=0.05, ai_seed=5)
    server = WebAppServer(local=True, port=0, language="en", poll_timeout=5.0)
    await server.start(services)
    await services.opponent.start()
    client = httpx.AsyncClient(base_url=server.base_url, timeout=30.0)
    try:
        yield client
    finally:
        await client.aclose()
        await server.stop()
        await services.changes.settle()
        await services.close()


async def new_game(client: httpx.AsyncClient, **choice: str) -> dict[str, Any]:
    reply = await client.post("/api/local/games", json=choice)
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    assert_is(state, GameState)
    return state


async def move(client: httpx.AsyncClient, game: int, x: int, y: int, ply: int) -> dict[str, Any]:
    reply = await client.post(f"/api/games/{game}/moves", json={"x": x, "y": y, "ply": ply})
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    assert_is(state, GameState)
    return state


async def test_local_modes_answers_match_the_contract(local: httpx.AsyncClient) -> None:
    session = (await local.get("/api/session")).json()
    assert_is(session, Session)
    assert session["local"] is not None and session["linked_game"] is None

    # Hot-seat, sports: blue surrounds red's 5-5; the capture, its area, the names of points.
    game = (await new_game(local, mode="hotseat", size="20x20", start="empty"))["id"]
    plan = [(5, 6), (5, 5), (6, 5), (10, 10), (5, 4), (11, 11), (4, 5)]
    for ply, (x, y) in enumerate(plan):
        state = await move(local, game, x, y, ply)
    assert state["areas"] == [
        {"owner": "blue", "ply": 7, "ring": state["areas"][0]["ring"], "captured": [84], "grounding": False}
    ]
    assert state["point_labels"][84] == "5-5" and state["last_move_text"] == "Move 7: 4-5 🔵 · 1 dot captured"
    assert state["hotseat"] and state["your_colour"] == "red" and state["can_ground"]
    question = await local.get(f"/api/games/{game}/ground")
    assert question.status_code == 200
    assert_is(question.json(), GroundQuestion)
    # A refusal carries the game as it is now.
    stale = await local.post(f"/api/games/{game}/moves", json={"x": 1, "y": 1, "ply": 3})
    assert stale.status_code == 409
    assert_is(stale.json(), Refusal)
    assert_is(stale.json()["state"], GameState)
    grounded = await local.post(f"/api/games/{game}/actions", json={"action": "ground", "ply": 7})
    assert grounded.status_code == 200 and grounded.json()["result"] == {"winner": "blue", "reason": "grounding"}
    assert_is(grounded.json(), GameState)
    assert any(area["grounding"] for area in grounded.json()["areas"])

    # Polish: a pool to close after the dot.
    polish = (await new_game(local, mode="hotseat", rules="polish", size="20x20", start="empty"))["id"]
    for ply, (x, y) in enumerate([(5, 6), (5, 5), (6, 5), (10, 10), (5, 4), (11, 11), (4, 5)]):
        state = await move(local, polish, x, y, ply)
    assert state["can_close"] and state["pools"] == [{"point": 84, "captures": 1, "size": 1}]
    assert not state["can_ground"]

    # Against the bot, with a clock; the list.
    bot = await new_game(local, mode="bot", level="easy", time="3600")
    assert bot["move_seconds"] == 3600 and bot["time_left_text"] is not None
    listed = (await local.get("/api/games")).json()
    assert_is(listed, GamesList)
    assert {line["id"] for line in listed["games"]} == {game, polish, bot["id"]}


async def test_the_mini_apps_answers_match_the_contract(tmp_path: Path) -> None:
    site = await open_site(lambda name="bot.db": str(tmp_path / name))
    try:
        await open_group_game(site.bot)
        view = await site.bot.services.game(1)
        link = f"1_{view.watch}"
        session = await site.client.get("/api/session", headers=auth(STRANGER, start_param=link))
        assert_is(session.json(), Session)
        assert session.json()["linked_game"] == {"id": 1, "watch": view.watch} and session.json()["local"] is None
        assert (await site.move(1, ANNA, 5, 5, ply=0)).status_code == 200
        seen = await site.client.get("/api/games/1", headers=auth(STRANGER, start_param=link))
        assert_is(seen.json(), GameState)
        assert seen.json()["your_colour"] is None and seen.json()["last_move_text"] == "Move 1: 5-5 🔵"
        boris = (await site.get("/api/games/1", BORIS)).json()
        assert_is(boris, GameState)
        assert boris["can_move"] and boris["can_ground"]  # on his move, under the sports rules
        assert_is((await site.get("/api/games", BORIS)).json(), GamesList)
        refused = await site.move(1, ANNA, 6, 6, ply=1)
        assert refused.status_code == 403
        assert_is(refused.json(), Refusal)
    finally:
        await site.client.aclose()
        await site.bot.stop()
