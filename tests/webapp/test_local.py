"""Local mode (``tochki-bot local``): the Mini App's page and API on 127.0.0.1 without Telegram, over the bot's own
services on a database of its own; hot-seat and games against the bot; SGF and PNG downloads. Called over HTTP as
the page calls it (no ``Authorization`` at all), and as a real process (the CLI)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.paths import TESTS
from tests.support.program import free_port, spawn_local
from tests.support.webapp import auth, open_site
from tochki_bot.engine.sgf import parse_sgf
from tochki_bot.local import picture
from tochki_bot.services import LobbyChoice, Person, Place, Problem, ServiceError, Services
from tochki_bot.services.lobby import LOBBIES
from tochki_bot.webapp import WebAppServer
from tochki_bot.webapp.api import refused
from tochki_bot.webapp.local import FRIEND, ME, is_loopback, loopback_listen, request_problem
from tochki_bot.webapp.server import page_files

ROOT = TESTS.parent


class Local:
    """The local server over fresh services, and a client on this computer."""

    def __init__(self, services: Services, server: WebAppServer, client: httpx.AsyncClient) -> None:
        self.services, self.server, self.client = services, server, client

    async def new(self, **choice: Any) -> dict[str, Any]:
        reply = await self.client.post("/api/local/games", json=choice)
        assert reply.status_code == 200, reply.text
        state: dict[str, Any] = reply.json()
        return state

    async def move(self, game_id: int, x: int, y: int, ply: int, key: str | None = None) -> httpx.Response:
        body: dict[str, Any] = {"x": x, "y": y, "ply": ply, **({"key": key} if key else {})}
        return await self.client.post(f"/api/games/{game_id}/moves", json=body)

    async def until(self, game_id: int, ply: int, timeout: float = 30.0) -> dict[str, Any]:
        """The game's state once it has at least ``ply`` moves (the page's long poll)."""
        deadline = time.monotonic() + timeout
        state = (await self.client.get(f"/api/games/{game_id}")).json()
        while state["ply"] < ply:
            assert time.monotonic() < deadline, state
            reply = await self.client.get(f"/api/games/{game_id}/updates", params={"version": state["version"]})
            state = reply.json()
        return dict(state)


@pytest.fixture
async def local(tmp_path: Path) -> AsyncIterator[Local]:
    services = await Services.open(tmp_path / "local.db", ai_workers=1, ai_seconds=0.05, ai_seed=7)
    server = WebAppServer(local=True, port=0, language="en", pictures=picture, poll_timeout=5.0)
    await server.start(services)
    await services.opponent.start()
    client = httpx.AsyncClient(base_url=server.base_url, timeout=30.0)
    try:
        yield Local(services, server, client)
    finally:
        await client.aclose()
        await server.stop()
        await services.changes.settle()
        await services.close()


# ----------------------------------------------------------------------------------------------------------------------
# This computer only


async def test_the_page_without_telegram_and_a_session_without_initdata(local: Local) -> None:
    page = await local.client.get("/")
    assert page.status_code == 200
    assert "telegram.org" not in page.text and "{{TELEGRAM_JS}}" not in page.text
    assert '<script type="module" src="app.js"></script>' in page.text
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "telegram" not in policy
    session = (await local.client.get("/api/session")).json()  # no Authorization header at all
    assert session["user"] == {"id": ME, "name": "Player"}
    choices = session["local"]
    options = {o["key"]: ([c["value"] for c in o["choices"]], o["chosen"]) for o in choices["options"]}
    assert options == {
        "mode": (["bot", "hotseat"], "bot"),
        "level": (["easy", "normal", "hard"], "normal"),
        "rules": (["sports", "polish", "territory"], "sports"),
        "size": (["39x32", "30x30", "25x25", "20x20"], "20x20"),
        "start": (["cross", "four-crosses", "empty"], "cross"),
        "time": (["0", "3600", "86400", "259200"], "0"),
        "colour": (["blue", "red", "random"], "blue"),
    }
    assert choices["pictures"] is True
    labels = {o["key"]: {c["value"]: c["label"] for c in o["choices"]} for o in choices["options"]}
    assert labels["mode"]["hotseat"] == "Two players" and labels["start"]["four-crosses"] == "four crosses"
    assert labels["time"]["0"] == "no limit" and labels["rules"]["polish"] == "Polish"
    texts = session["texts"]
    assert texts["games"] == "Games" and texts["play"] == "Play {point}"
    assert texts["resign_confirm"] == "Resign game #{id}?" and texts["resign"] == "Resign"
    served = [page.content] + [(await local.client.get("/" + name)).content for name in page_files("") if name]
    # Every module of the page: no framework, no CDN (the Mini App's budget, which the review's page took past 100 KB).
    assert sum(len(body) for body in served) <= 128 * 1024


@pytest.mark.parametrize(
    "headers",
    [
        {"Host": "evil.example"},
        {"Host": "evil.example:8080"},
        {"Host": "127.0.0.1"},  # the right name, the wrong port
        {"Host": "192.168.1.5:{port}"},
        {"Origin": "https://evil.example"},
        {"Origin": "http://localhost:1"},
        {"Origin": "null"},
    ],
)
async def test_a_forged_host_or_another_origin_is_refused(local: Local, headers: dict[str, str]) -> None:
    headers = {k: v.format(port=local.server.port) for k, v in headers.items()}
    game = await local.new(mode="hotseat", size="20x20")
    for method, path in (("GET", "/"), ("GET", "/app.js"), ("GET", "/api/session"), ("GET", "/api/games")):
        reply = await local.client.request(method, path, headers=headers)
        assert reply.status_code == 403, (path, reply.text)
    move = await local.client.post(f"/api/games/{game['id']}/moves", json={"x": 1, "y": 1, "ply": 0}, headers=headers)
    new = await local.client.post("/api/local/games", json={"mode": "hotseat"}, headers=headers)
    sgf = await local.client.get(f"/api/games/{game['id']}/sgf", headers=headers)
    assert (move.status_code, new.status_code, sgf.status_code) == (403, 403, 403)
    assert (await local.services.game(game["id"])).ply == 0
    assert len((await local.client.get("/api/games")).json()["games"]) == 1


async def test_the_names_this_computer_goes_by_are_let_in(local: Local) -> None:
    port = local.server.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        assert (await local.client.get("/api/session", headers={"Host": host})).status_code == 200, host
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    reply = await local.client.post("/api/local/games", json={"mode": "hotseat"}, headers=origin)
    assert reply.status_code == 200


async def test_a_form_posted_from_another_page_is_refused(local: Local) -> None:
    """A cross-site form can post text/plain without asking first; the API takes JSON only."""
    reply = await local.client.post(
        "/api/local/games", content=b'{"mode": "hotseat"}', headers={"Content-Type": "text/plain"}
    )
    assert reply.status_code == 403
    assert (await local.client.get("/api/games")).json()["games"] == []


def test_a_peer_that_is_not_this_computer_is_refused() -> None:
    """What the server checks of every request's peer address (the socket's, never a header)."""
    for peer in ("127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"):
        assert is_loopback(peer) and request_problem(peer, "127.0.0.1:8080", 8080) is None, peer
    for other in ("192.168.1.5", "10.0.0.1", "0.0.0.0", "::ffff:192.168.1.5", "fe80::1%eth0", "", None, "localhost"):
        assert request_problem(other, "127.0.0.1:8080", 8080) == "not from this computer", other
    assert request_problem("127.0.0.1", "localhost", 80) is None
    assert request_problem("127.0.0.1", None, 8080) == "Host is not this computer"


async def test_the_peer_check_runs_on_every_request(local: Local, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request from another computer (its peer address forged here: the server cannot be reached from one) gets
    403 on the page and the API alike."""
    import tornado.httputil

    real = tornado.httputil.HTTPServerRequest.__init__

    def from_afar(self: Any, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        self.remote_ip = "192.168.1.5"

    monkeypatch.setattr(tornado.httputil.HTTPServerRequest, "__init__", from_afar)
    for path in ("/", "/api/session", "/api/games"):
        reply = await local.client.get(path)
        assert reply.status_code == 403 and "not from this computer" in reply.text, path


def test_local_mode_refuses_to_listen_where_others_reach_it() -> None:
    for listen in ("0.0.0.0", "::", "192.168.1.5", "example.org", ""):
        assert not loopback_listen(listen)
        with pytest.raises(ValueError, match="this computer only"):
            WebAppServer(local=True, listen=listen)
    for listen in ("127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2"):
        assert loopback_listen(listen)
        WebAppServer(local=True, listen=listen)


# ----------------------------------------------------------------------------------------------------------------------
# Playing


async def test_hot_seat_the_page_plays_for_whoever_is_to_move(local: Local) -> None:
    state = await local.new(mode="hotseat", size="20x20", start="cross", colour="blue")
    game_id = state["id"]
    assert state["hotseat"] and state["state"] == "active" and state["width"] == 20
    assert state["your_colour"] == "blue" and state["can_move"] and state["move_seconds"] is None
    assert state["players"]["blue"]["name"] == "Player" and state["players"]["red"]["name"] == "Friend"
    assert state["status_text"] == "Player to move"
    state = (await local.move(game_id, 3, 3, 0)).json()
    assert state["ply"] == 1 and state["your_colour"] == "red" and state["can_move"]
    assert state["status_text"] == "Friend to move"
    state = (await local.move(game_id, 4, 4, 1, key="k2")).json()
    assert state["ply"] == 2 and state["your_colour"] == "blue"
    # The same key again (a retry) is the same move; a stale ply is 409 with the game as it is.
    again = await local.move(game_id, 4, 4, 1, key="k2")
    assert again.status_code == 200 and again.json()["ply"] == 2
    stale = await local.move(game_id, 5, 5, 1)
    assert stale.status_code == 409 and stale.json()["state"]["ply"] == 2
    taken = await local.move(game_id, 3, 3, 2)
    assert taken.status_code == 422
    view = await local.services.game(game_id)
    assert [p.id for p in (view.blue, view.red) if p] == [ME, FRIEND]
    assert [m.colour for m in view.position.moves] == ["blue", "red"]
    listed = (await local.client.get("/api/games")).json()["games"]
    assert [g["id"] for g in listed] == [game_id]


async def test_hot_seat_with_you_playing_red(local: Local) -> None:
    state = await local.new(mode="hotseat", size="30x30", start="empty", colour="red")
    assert state["players"]["red"]["name"] == "Player" and state["players"]["blue"]["name"] == "Friend"
    assert state["width"] == 30 and state["start_dots"] == [] and state["your_colour"] == "blue" and state["can_move"]


async def test_against_the_bot_it_answers(local: Local) -> None:
    state = await local.new(mode="bot", level="easy", size="20x20", start="cross", colour="blue")
    game_id = state["id"]
    assert not state["hotseat"] and state["your_colour"] == "blue" and state["can_move"]
    assert state["players"]["red"]["name"] == "🤖 Bot ★"
    state = (await local.move(game_id, 5, 5, 0)).json()
    assert state["ply"] == 1 and not state["can_move"]
    state = await local.until(game_id, 2)  # the bot's answer reaches the open page
    assert state["ply"] == 2 and state["can_move"] and state["status_text"] == "Your move"
    assert (await local.move(game_id, 6, 6, 2)).status_code == 200


async def test_against_the_bot_as_red_the_bot_begins(local: Local) -> None:
    state = await local.new(mode="bot", level="normal", size="20x20", colour="red")
    assert state["your_colour"] == "red"
    state = await local.until(state["id"], 1)
    assert state["can_move"] and state["to_move"] == "red"


async def test_resigning_and_grounding(local: Local) -> None:
    game = (await local.new(mode="hotseat", size="20x20"))["id"]
    for ply, (x, y) in enumerate([(3, 3), (4, 4)]):
        await local.move(game, x, y, ply)
    act = "/api/games/{}/actions".format
    assert (await local.client.post(act(game), json={"action": "pass", "ply": 2})).status_code == 400
    assert (await local.client.post(act(game), json={"action": "ground", "ply": 1})).status_code == 409
    state = (await local.client.post(act(game), json={"action": "ground", "ply": 2})).json()  # blue, to move
    assert state["state"] == "finished" and state["result"]["reason"] == "grounding"
    assert state["status_text"].startswith("Player declared grounding")
    assert (await local.client.post(act(game), json={"action": "resign", "ply": 3})).status_code == 409

    bot = (await local.new(mode="bot", level="easy", size="20x20"))["id"]
    await local.move(bot, 5, 5, 0)
    await local.until(bot, 2)
    state = (await local.client.post(act(bot), json={"action": "resign", "ply": 2})).json()
    assert state["state"] == "finished" and state["result"] == {"winner": "red", "reason": "resignation"}


@pytest.mark.parametrize(
    "body",
    [
        None,
        [],
        {},
        {"mode": "online"},
        {"mode": "bot", "level": "grandmaster"},
        {"mode": "hotseat", "size": "50x50"},
        {"mode": "hotseat", "start": "four-crosses-random"},
        {"mode": "hotseat", "colour": "green"},
    ],
)
async def test_a_new_game_only_from_the_choices(local: Local, body: Any) -> None:
    reply = await local.client.post(
        "/api/local/games", content=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    assert reply.status_code == 400
    assert (await local.client.get("/api/games")).json()["games"] == []


async def test_a_refused_new_game_is_answered_as_the_api_answers_refusals(local: Local) -> None:
    """The services' refusal of a new game goes through the API's one mapping (``refused``: its status, its code,
    why in words); local mode had a fixed 409 of its own."""
    me = Person(ME, "Player")
    for n in range(LOBBIES):  # the person at this computer has as many lobbies open as anyone may
        await local.services.lobby.open(Place(-100 - n, "group", "G"), me, LobbyChoice(10, 10, "empty", None))
    reply = await local.client.post("/api/local/games", json={"mode": "hotseat"})
    expected = refused("en", ServiceError(Problem.TOO_MANY_LOBBIES, count=LOBBIES))
    assert reply.status_code == expected.status == 409 and reply.json() == expected.body
    assert reply.json()["error"] == "too_many_lobbies" and str(LOBBIES) in reply.json()["message"]


async def test_many_games_at_once(local: Local) -> None:
    ids = [(await local.new(mode="hotseat"))["id"] for _ in range(12)]
    ids.append((await local.new(mode="bot", level="hard"))["id"])
    assert len(set(ids)) == 13
    listed = (await local.client.get("/api/games")).json()["games"]
    assert {g["id"] for g in listed} == set(ids)


# ----------------------------------------------------------------------------------------------------------------------
# Records and pictures


async def test_sgf_and_png_downloads(local: Local) -> None:
    state = await local.new(mode="hotseat", size="20x20", start="cross")
    game_id = state["id"]
    for ply, (x, y) in enumerate([(3, 3), (4, 4), (5, 3)]):
        assert (await local.move(game_id, x, y, ply)).status_code == 200
    sgf = await local.client.get(f"/api/games/{game_id}/sgf")
    assert sgf.status_code == 200
    assert sgf.headers["Content-Type"] == "application/x-go-sgf; charset=utf-8"
    assert sgf.headers["Content-Disposition"] == f'attachment; filename="tochki-{game_id}.sgf"'
    text = sgf.text
    assert "GM[40]" in text and "SZ[20]" in text and "PB[Player]" in text and "PW[Friend]" in text
    record = parse_sgf(text)
    assert [(m.colour, m.point.x, m.point.y) for m in record.moves if m.point] == [
        ("blue", 3, 3),
        ("red", 4, 4),
        ("blue", 5, 3),
    ]
    png = await local.client.get(f"/api/games/{game_id}/png")
    assert png.status_code == 200 and png.headers["Content-Type"] == "image/png"
    assert png.headers["Content-Disposition"] == f'attachment; filename="tochki-{game_id}-3.png"'
    body = png.content
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", body[16:24])
    assert max(width, height) > 1000 and len(body) > 10_000  # the bot's full-resolution picture (/png)
    missing = await local.client.get("/api/games/99/sgf")
    assert missing.status_code == 404


async def test_the_telegram_mini_app_has_no_local_routes(tmp_path: Path) -> None:
    site = await open_site(lambda name="t.db": str(tmp_path / name))
    try:
        assert (await site.client.post("/api/local/games", json={"mode": "hotseat"})).status_code == 401
        reply = await site.client.post("/api/local/games", json={"mode": "hotseat"}, headers=auth(7))
        assert reply.status_code == 404
        assert (await site.client.get("/api/games/1/sgf", headers=auth(7))).status_code == 404
        session = await site.client.get("/api/session", headers=auth(7))
        assert session.json()["local"] is None
        page = await site.client.get("/")
        assert "telegram.org/js/telegram-web-app.js" in page.text
    finally:
        await site.client.aclose()
        await site.bot.stop()


async def test_the_services_owe_nobody_an_announcement(tmp_path: Path) -> None:
    """Nobody is told by message here: what a move owes the chat is marked done at once (the outbox stays empty)."""
    from tochki_bot.local import serve

    db = tmp_path / "local.db"
    stop = asyncio.Event()
    urls: list[str] = []
    task = asyncio.create_task(serve(str(db), port=0, ready=urls.append, stop=stop, ai_workers=1, ai_seconds=0.05))
    while not urls:
        await asyncio.sleep(0.01)
    async with httpx.AsyncClient(base_url=urls[0], timeout=30) as client:
        game = (await client.post("api/local/games", json={"mode": "hotseat"})).json()
        assert (await client.post(f"api/games/{game['id']}/moves", json={"x": 1, "y": 1, "ply": 0})).status_code == 200
    await asyncio.sleep(0.2)
    stop.set()
    await task
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 1
        assert conn.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 0


# ----------------------------------------------------------------------------------------------------------------------
# The command


@pytest.mark.process
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_the_command_serves_the_page_and_stops_cleanly(tmp_path: Path, stop: signal.Signals) -> None:
    db = tmp_path / "mine.db"
    port = free_port()
    proc = spawn_local(["--port", str(port)], {"TOCHKI_LOCAL_DB": str(db), "TOCHKI_AI_SECONDS": "0.05"})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        url = f"http://127.0.0.1:{port}/"
        assert line.startswith(f"Точки: play at {url} (games in {db}"), line
        with httpx.Client(base_url=url, timeout=30) as client:
            assert "app.js" in client.get("/").text
            game = client.post("api/local/games", json={"mode": "bot", "level": "easy", "size": "20x20"}).json()
            assert client.post(f"api/games/{game['id']}/moves", json={"x": 2, "y": 2, "ply": 0}).status_code == 200
            state = client.get(f"api/games/{game['id']}/updates", params={"version": "active.1."}).json()
            assert state["ply"] >= 1
    finally:
        proc.send_signal(stop)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    assert not (tmp_path / "tochki.db").exists()


@pytest.mark.process
@pytest.mark.parametrize("gap", [0.0, 0.05, 0.3])
def test_ctrl_c_twice_still_stops_cleanly(tmp_path: Path, gap: float) -> None:
    proc = spawn_local(["--port", "0"], {"TOCHKI_LOCAL_DB": str(tmp_path / "x.db")})
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("Точки: play at http://127.0.0.1:")
    finally:
        proc.send_signal(signal.SIGINT)
        time.sleep(gap)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "stopped before" not in err


@pytest.mark.process
def test_the_command_refuses_an_address_others_reach(tmp_path: Path) -> None:
    proc = spawn_local(["--listen", "0.0.0.0"], {"TOCHKI_LOCAL_DB": str(tmp_path / "x.db")})
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 8
    assert err.strip().splitlines() == [
        "tochki-bot: local mode serves this computer only: --listen must be 127.0.0.1, ::1 or localhost, not 0.0.0.0"
    ]
    assert not (tmp_path / "x.db").exists()


@pytest.mark.process
def test_the_command_says_when_the_port_is_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = spawn_local(["--port", str(port)], {"TOCHKI_LOCAL_DB": str(tmp_path / "x.db")})
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 7
    lines = [line for line in err.splitlines() if line.startswith("tochki-bot:")]
    assert lines == [
        f"tochki-bot: cannot listen on 127.0.0.1:{port} for local mode: the port is in use by another program: "
        "stop it, or choose another --port"
    ], err
    assert "Traceback" not in err


@pytest.mark.process
def test_the_command_needs_no_telegram_library(tmp_path: Path) -> None:
    """Local mode does not even import python-telegram-bot."""
    code = (
        "import sys, asyncio; from tochki_bot.local import serve; "
        "stop = asyncio.Event(); "
        "asyncio.run(serve(sys.argv[1], port=0, ready=lambda url: stop.set(), stop=stop)); "
        "print(sorted(m for m in sys.modules if m == 'telegram' or m.startswith('telegram.')))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "x.db")], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
