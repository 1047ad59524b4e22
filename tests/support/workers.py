"""Several real bot processes (``python -m tochki_bot --webhook ...``) on one PostgreSQL database, talking to one fake
Bot API over HTTP: what ``tests/telegram/test_workers.py`` and ``benchmarks/workers.py`` run.

``HttpTelegram`` is the in-memory fake of ``fakebot.py`` served over HTTP (``TELEGRAM_API_BASE_URL`` points the
workers at it), in a thread of its own. ``Cluster`` starts N workers on free ports with the same webhook secret and
posts updates to them as Telegram (or a reverse proxy in front of them) would: with the secret header, to the worker
the caller chooses, trying the next one when a worker does not answer.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import tornado.httpserver
import tornado.httputil
import tornado.web

from storage import Storage
from tests.support.fakebot import ApiError, Call, FakeTelegram
from tochki_bot.services import Person, Place, Services

ROOT = Path(__file__).resolve().parents[2]
SECRET = "workers-secret"
HOOK = "/tochki/hook"
TOKEN = "123:TEST"


_TLS = ssl.create_default_context()
"""Made once: a new client would otherwise load the system's certificates for every post (about 10 ms of CPU), and
the workers' benchmark would measure that (the posts are plain HTTP to the workers anyway)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _value(raw: bytes) -> Any:
    """A form value as PTB sends it: objects and lists as JSON, everything else as its text."""
    text = raw.decode("utf-8")
    if text[:1] in ("{", "["):
        return json.loads(text)
    return text


class HttpTelegram(FakeTelegram):
    """The fake Bot API over HTTP (``/bot<token>/<method>``), for bots in other processes."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()
        self.on_call: Callable[[Call], None] | None = None
        """Told of each call done (in the server's thread)."""
        self.port = free_port()
        self._loop = asyncio.new_event_loop()
        self._server: tornado.httpserver.HTTPServer | None = None
        started = threading.Event()
        threading.Thread(target=self._serve, args=(started,), daemon=True).start()
        started.wait(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    def _serve(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        fake = self

        class Handler(tornado.web.RequestHandler):
            def post(self, method: str) -> None:
                args: dict[str, list[bytes]] = {}
                files: dict[str, list[tornado.httputil.HTTPFile]] = {}
                tornado.httputil.parse_body_arguments(
                    self.request.headers.get("Content-Type", ""), self.request.body, args, files, self.request.headers
                )
                params = {k: _value(v[0]) for k, v in args.items()}
                uploads = {k: v[0].body for k, v in files.items()}
                status, body = fake.answer(method, params, uploads)
                self.set_status(status)
                self.set_header("Content-Type", "application/json")
                self.finish(body)

        app = tornado.web.Application([(r"/bot[^/]+/(\w+)", Handler)])

        async def listen() -> None:
            self._server = tornado.httpserver.HTTPServer(app)
            self._server.listen(self.port, address="127.0.0.1")
            started.set()

        self._loop.run_until_complete(listen())
        self._loop.run_forever()

    def answer(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> tuple[int, bytes]:
        """One Bot API call: the fake's answer, recorded in ``calls``."""
        with self.lock:
            handler = getattr(self, "api_" + method, None)
            if handler is None:
                return 404, json.dumps({"ok": False, "error_code": 404, "description": "Not Found"}).encode()
            try:
                result = handler(params, files)
            except ApiError as exc:
                self.calls.append(Call(method, params, files, "failed"))
                return exc.status, json.dumps(
                    {"ok": False, "error_code": exc.status, "description": exc.description}
                ).encode()
            call = Call(method, params, files, result)
            self.calls.append(call)
        if self.on_call is not None:
            self.on_call(call)
        return 200, json.dumps({"ok": True, "result": result}).encode()

    def api_setWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    def photos(self, chat_id: int) -> list[Call]:
        """The boards sent to a chat (a copy: the server's thread keeps adding)."""
        with self.lock:
            return [
                c
                for c in self.calls
                if c.method == "sendPhoto" and c.result != "failed" and int(c.params["chat_id"]) == chat_id
            ]

    def count(self, method: str, chat_id: int | None = None) -> int:
        with self.lock:
            return len(self.sent(method, chat_id))

    def close(self) -> None:
        async def stop() -> None:
            if self._server is not None:
                self._server.stop()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)


class Worker:
    """One ``tochki-bot --webhook`` process; its log in ``log``."""

    def __init__(self, index: int, db_url: str, api: HttpTelegram, folder: Path, extra_env: dict[str, str]) -> None:
        self.index = index
        self.port = free_port()
        self.log = folder / f"worker{index}.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TOCHKI_"))}
        env.update(
            {
                "TELEGRAM_BOT_TOKEN": TOKEN,
                "TELEGRAM_API_BASE_URL": api.url,
                "TOCHKI_DB": db_url,
                "TOCHKI_START_RETRIES": "0",
                "TOCHKI_CLOCK_INTERVAL": "1",
                "TOCHKI_WEBHOOK_SECRET": SECRET,
                "PYTHONPATH": str(ROOT),
                **extra_env,
            }
        )
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tochki_bot",
                    "--webhook",
                    f"https://example.org{HOOK}",
                    "--port",
                    str(self.port),
                ],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=folder,
            )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{HOOK}"

    def alive(self) -> bool:
        return self.proc.poll() is None

    def wait_listening(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while True:
            if not self.alive():
                raise AssertionError(f"worker {self.index} ended: {self.log.read_text()[-3000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"worker {self.index} does not listen: {self.log.read_text()[-3000:]}"
                    ) from None
                time.sleep(0.05)

    def kill(self) -> None:
        """``kill -9``."""
        self.proc.kill()
        self.proc.wait(30)

    def stop(self) -> int:
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        return self.proc.returncode

    def problems(self) -> list[str]:
        """Lines of its log at ERROR or above, and tracebacks."""
        text = self.log.read_text()
        return [line for line in text.splitlines() if " ERROR " in line or " CRITICAL " in line or "Traceback" in line]


class Cluster:
    """``n`` workers on the database at ``db_url`` behind one fake Bot API."""

    def __init__(self, n: int, db_url: str, folder: Path, extra_env: dict[str, str] | None = None) -> None:
        self.api = HttpTelegram()
        self.db_url = db_url
        self.workers = [Worker(i, db_url, self.api, folder, extra_env or {}) for i in range(n)]
        self._next = 0
        try:
            for worker in self.workers:
                worker.wait_listening()
        except BaseException:
            self.close()
            raise

    async def post(self, update: dict[str, Any], worker: int | None = None, *, only: bool = False) -> tuple[int, int]:
        """Post an update as Telegram does, to ``worker`` (by default the next one, round robin); a worker that does
        not answer is skipped, as a reverse proxy would, and Telegram tries again (``only``: again at ``worker``, for
        a test that needs that worker to have taken it, even when a loaded machine makes it slow to answer). Returns
        ``(status, worker)``."""
        if worker is None:
            worker = self._next % len(self.workers)
            self._next += 1
        for attempt in range(3 * len(self.workers)):
            chosen = self.workers[worker if only else (worker + attempt) % len(self.workers)]
            if not chosen.alive() and attempt < 3 * len(self.workers) - 1:
                continue
            try:
                async with httpx.AsyncClient(timeout=30, verify=_TLS) as client:
                    response = await client.post(
                        chosen.url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}
                    )
            except httpx.TransportError:
                await asyncio.sleep(0.05)
                continue
            if response.status_code == 200:
                return 200, chosen.index
            await asyncio.sleep(0.05)  # Telegram sends it again later
        raise AssertionError(f"no worker took update {update['update_id']}")

    def close(self) -> dict[int, int]:
        """Stop every worker (SIGTERM); their exit statuses."""
        codes = {w.index: w.stop() for w in self.workers}
        self.api.close()
        return codes


# ---------------------------------------------------------------------------------------------------------------------
# Games played on a cluster, and the database as the tests read it

Check = Callable[[], Awaitable[bool]]


async def until(check: Check, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.05)


class Table:
    """Games set up in groups through the services (as a worker would), and the database as the tests read it."""

    def __init__(self, db: Storage) -> None:
        self.db = db

    async def count(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        row = await self.db.db.row(sql, params)
        return int(row[0]) if row else 0

    async def settled(self) -> bool:
        """Every accepted update handled, every announcement made."""
        waiting = await self.count("SELECT COUNT(*) FROM inbox WHERE body IS NOT NULL")
        return waiting == 0 and await self.count("SELECT COUNT(*) FROM outbox") == 0

    async def settle(self, timeout: float = 30.0) -> None:
        await until(self.settled, "every update handled and every announcement made", timeout)

    async def handled(self, *update_ids: int) -> bool:
        marks = ", ".join("?" for _ in update_ids)
        found = await self.count(
            f"SELECT COUNT(*) FROM inbox WHERE body IS NULL AND update_id IN ({marks})", tuple(update_ids)
        )
        return found == len(update_ids)

    async def ply(self, game_id: int) -> int:
        record = await self.db.games.get(game_id)
        assert record is not None
        return record.ply

    async def whole(self, game_id: int) -> None:
        """The game's row and its moves agree."""
        moves = await self.count("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,))
        assert moves == await self.ply(game_id)


class Game:
    """A game in a group of its own between two English-speaking players."""

    def __init__(self, game_id: int, chat_id: int, blue: dict[str, Any], red: dict[str, Any]) -> None:
        self.id = game_id
        self.chat_id = chat_id
        self.blue = blue
        self.red = red

    def mover(self, ply: int) -> dict[str, Any]:
        return self.blue if ply % 2 == 0 else self.red

    @staticmethod
    def point(ply: int) -> str:
        """A point far from everything else on the 39x32 board: blue along row 2, red along row 30."""
        return f"{2 + ply // 2}-{2 if ply % 2 == 0 else 30}"


async def open_games(url: str, cluster: Cluster, count: int, first_chat: int) -> list[Game]:
    """``count`` games, each started in a group of its own (their start is announced by the workers: the services
    that started them are closed, and the workers take over what they owed)."""
    services = await Services.open(url)
    games = []
    try:
        for i in range(count):
            chat_id = first_chat - i
            anna_id, boris_id = 10 * abs(chat_id) + 1, 10 * abs(chat_id) + 2
            anna, boris = Person(anna_id, "Anna", language_code="en"), Person(boris_id, "Boris", language_code="en")
            place = Place(chat_id, "supergroup", f"Group {chat_id}")
            cluster.api.chat(chat_id)
            opened = await services.lobby.open(place, anna)
            view = await services.lobby.join(opened.view.id, boris, place)
            users = {p.id: cluster.api.user(p.id, p.first_name, "en") for p in (anna, boris)}
            blue = anna if view.colour_of(anna.id) == "blue" else boris
            red = boris if blue is anna else anna
            games.append(Game(view.id, chat_id, users[blue.id], users[red.id]))
    finally:
        await services.close()
    return games
