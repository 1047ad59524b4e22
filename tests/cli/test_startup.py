"""The first five minutes of an operator: a start that cannot succeed ends with one clear line on stderr and its own
exit status (``ExitStatus``), never a traceback; ``tochki-bot check`` says what the bot would use; ``--version``.

Every case runs the program as a process, against a host that does not resolve, a closed port, small HTTP servers
answering as Telegram does to a bad token or as a web server that is not a Bot API, databases it cannot use, and a
port already taken."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from storage import latest_version
from tests.support.paths import TESTS
from tests.support.program import LocalBotApi, free_port
from tochki_bot.cli import ExitStatus
from tochki_bot.config import Config
from tochki_bot.services import Person, Place, Services
from tochki_bot.telegram.reach import (
    NotBotApi,
    Refused,
    TokenRejected,
    Unreachable,
    masked,
    method_url,
    read_answer,
    start_problem,
)

ROOT = TESTS.parent
TOKEN = "123456:SECRET-part_of_the_token"


class Result:
    """What a finished run printed and how it ended."""

    def __init__(self, status: int, out: str, err: str) -> None:
        self.status, self.out, self.err = status, out, err

    @property
    def last(self) -> str:
        """The last line on stderr."""
        lines = self.err.strip().splitlines()
        return lines[-1] if lines else ""

    def clean(self) -> None:
        """No traceback, and the token's secret never shown."""
        assert "Traceback" not in self.out + self.err, self.out + self.err
        assert "SECRET" not in self.out + self.err


def cli(args: list[str], env: dict[str, str], timeout: float = 60) -> Result:
    """``python -m tochki_bot ARGS`` with only ``env`` of our variables set (retries quick unless ``env`` says)."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TOCHKI_")) and k != "LOG_LEVEL"}
    full.update({"TOCHKI_START_RETRIES": "0", "TOCHKI_START_RETRY_DELAY": "0.1", "PYTHONPATH": str(ROOT)})
    full.update(env)
    proc = subprocess.run(
        [sys.executable, "-m", "tochki_bot", *args], env=full, capture_output=True, text=True, timeout=timeout
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)


class Canned:
    """An HTTP server that gives every request the same answer, counting the requests (``first``: the answers to
    the first requests, before that one)."""

    def __init__(
        self, status: int, body: str, content_type: str = "application/json", first: tuple[str, ...] = ()
    ) -> None:
        self.requests = 0
        canned = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                """Quiet."""

            def answer(self) -> None:
                canned.requests += 1
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                early = canned.requests <= len(first)
                data = (first[canned.requests - 1] if early else body).encode()
                self.send_response(200 if early else status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path: str = "/bot") -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextlib.contextmanager
def canned(status: int, body: str, content_type: str = "application/json") -> Iterator[Canned]:
    server = Canned(status, body, content_type)
    try:
        yield server
    finally:
        server.close()


UNAUTHORIZED = json.dumps({"ok": False, "error_code": 401, "description": "Unauthorized"})
NOT_FOUND = json.dumps({"ok": False, "error_code": 404, "description": "Not Found"})
HTML = "<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body>It works</body></html>"


@pytest.fixture
def api() -> Iterator[LocalBotApi]:
    server = LocalBotApi()
    yield server
    server.close()


def newer_database(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {latest_version() + 1}")
    return path


# ----------------------------------------------------------------------------------------------------------------------
# Telegram out of reach, a token it does not know, a URL that is not a Bot API


@pytest.mark.process
@pytest.mark.slow
def test_an_unresolvable_host_is_tried_again_with_a_countdown_then_exits_3(tmp_path: Path) -> None:
    env = {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": "http://no-such-host.invalid/bot",
        "TOCHKI_DB": str(tmp_path / "t.db"),
        "TOCHKI_START_RETRIES": "2",
    }
    run = cli([], env)
    run.clean()
    assert run.status == ExitStatus.UNREACHABLE.value == 3
    lines = run.err.strip().splitlines()
    assert len(lines) == 3, run.err
    for n, line in enumerate(lines[:2], 1):
        assert line.startswith("tochki-bot: Telegram not reachable at http://no-such-host.invalid/bot (")
        assert line.endswith(f"trying again in 0.1 s ({n} of 2)")
    assert "no-such-host.invalid" in run.last and "gave up after 3 tries" in run.last
    assert "firewall" in run.last
    assert not (tmp_path / "t.db").exists()  # nothing was created for a bot that did not start


@pytest.mark.process
def test_a_closed_port_says_connection_refused_and_exits_3(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}/bot"
    run = cli([], {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": url, "TOCHKI_DB": str(tmp_path / "t.db")})
    run.clean()
    assert run.status == ExitStatus.UNREACHABLE
    assert run.err.count("\n") == 1
    assert run.last == (
        f"tochki-bot: Telegram not reachable at {url} (Connection refused): "
        "check the network, a firewall or proxy, and TELEGRAM_API_BASE_URL"
    )


@pytest.mark.process
@pytest.mark.slow
def test_the_bot_starts_when_telegram_comes_back_while_it_waits(tmp_path: Path) -> None:
    port = free_port()
    env = {
        "TELEGRAM_BOT_TOKEN": "1:LOCAL",
        "TELEGRAM_API_BASE_URL": f"http://127.0.0.1:{port}/bot",
        "TOCHKI_DB": str(tmp_path / "t.db"),
        "TOCHKI_START_RETRIES": "50",
        "TOCHKI_START_RETRY_DELAY": "0.2",
    }
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TOCHKI_"))}
    full.update(env, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tochki_bot"], env=full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    api: LocalBotApi | None = None
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert "Connection refused" in first and "of 50)" in first
        api = LocalBotApi(port)
        api.wait_for("setMyCommands")
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
        if api is not None:
            api.close()
    assert proc.returncode == 0, err
    assert "Traceback" not in err


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.parametrize("answer", [UNAUTHORIZED, NOT_FOUND], ids=["401", "404"])
def test_a_token_telegram_rejects_exits_4_and_says_where_to_get_one(tmp_path: Path, answer: str) -> None:
    with canned(json.loads(answer)["error_code"], answer) as server:
        run = cli(
            [],
            {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": server.url(), "TOCHKI_DB": str(tmp_path / "t.db")},
        )
        assert server.requests == 1  # not tried again: Telegram answered
    run.clean()
    assert run.status == ExitStatus.TOKEN_REJECTED.value == 4
    assert run.err.count("\n") == 1
    assert run.last.startswith(f"tochki-bot: Telegram rejected the token 123456:*** at {server.url()} (")
    assert "@BotFather" in run.last


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.parametrize(
    ("status", "body", "kind"),
    [(200, HTML, "text/html"), (404, HTML, "text/html"), (200, "", "text/plain"), (200, '{"a": 1}', "text/json")],
    ids=["html-200", "html-404", "empty", "other-json"],
)
def test_a_url_that_answers_but_is_not_a_bot_api_exits_5(tmp_path: Path, status: int, body: str, kind: str) -> None:
    with canned(status, body, kind) as server:
        url = server.url("/")
        run = cli([], {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": url, "TOCHKI_DB": str(tmp_path / "t.db")})
    run.clean()
    assert run.status == ExitStatus.NOT_BOT_API.value == 5
    assert run.err.count("\n") == 1
    assert run.last.startswith(f"tochki-bot: {url} answered, but not as Telegram's Bot API (HTTP {status}")
    assert "TELEGRAM_API_BASE_URL must be" in run.last


@pytest.mark.process
@pytest.mark.slow
def test_a_token_revoked_between_the_check_and_the_start_is_still_one_line(tmp_path: Path) -> None:
    me = {"ok": True, "result": {"id": 7, "is_bot": True, "first_name": "T", "username": "t_bot"}}
    server = Canned(401, UNAUTHORIZED, first=(json.dumps(me),))
    try:
        env = {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": server.url(), "TOCHKI_DB": str(tmp_path / "t.db")}
        run = cli([], env)
    finally:
        server.close()
    run.clean()
    assert server.requests == 2  # the check, then python-telegram-bot's own getMe
    assert run.status == ExitStatus.TOKEN_REJECTED
    assert run.last.startswith("tochki-bot: Telegram rejected the token 123456:*** ") and "@BotFather" in run.last


@pytest.mark.process
@pytest.mark.slow
def test_a_proxy_answering_bad_gateway_counts_as_unreachable(tmp_path: Path) -> None:
    with canned(502, "<html>502 Bad Gateway</html>", "text/html") as server:
        env = {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": server.url(), "TOCHKI_START_RETRIES": "1"}
        run = cli([], {**env, "TOCHKI_DB": str(tmp_path / "t.db")})
        assert server.requests == 2
    run.clean()
    assert run.status == ExitStatus.UNREACHABLE
    assert "HTTP 502 Bad Gateway" in run.last


# ----------------------------------------------------------------------------------------------------------------------
# The configuration


@pytest.mark.process
def test_without_a_token_one_line_and_status_2(tmp_path: Path) -> None:
    run = cli([], {"TOCHKI_DB": str(tmp_path / "t.db")})
    run.clean()
    assert run.status == ExitStatus.CONFIG.value == 2
    assert run.err.count("\n") == 1 and "TELEGRAM_BOT_TOKEN is not set" in run.last and "@BotFather" in run.last


@pytest.mark.process
@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("TELEGRAM_BOT_TOKEN", "not a token", "does not look like a bot token"),
        ("TELEGRAM_API_BASE_URL", "localhost:8081/bot", "must be an http:// or https:// URL"),
        ("TOCHKI_START_RETRIES", "many", "TOCHKI_START_RETRIES"),
        ("LOG_LEVEL", "loud", "LOG_LEVEL"),
        ("TOCHKI_AI_WORKERS", "²", "TOCHKI_AI_WORKERS must be a whole number from 0 to 64"),
        ("TOCHKI_AI_SECONDS", "600", "TOCHKI_AI_SECONDS must be seconds from 0.05 to 60"),
        ("TOCHKI_GROUP_RATE", "0", "TOCHKI_GROUP_RATE must be a whole number of messages a minute from 1 to"),
        ("TOCHKI_SEND_RATE", "fast", "TOCHKI_SEND_RATE must be a whole number of messages a second from 1 to"),
        ("TOCHKI_PICTURE_WORKERS", "-1", "TOCHKI_PICTURE_WORKERS must be a whole number from 0 to 64"),
    ],
)
def test_a_wrong_setting_is_one_line_and_status_2(tmp_path: Path, name: str, value: str, said: str) -> None:
    run = cli([], {"TELEGRAM_BOT_TOKEN": TOKEN, "TOCHKI_DB": str(tmp_path / "t.db"), name: value})
    run.clean()
    assert run.status == ExitStatus.CONFIG
    assert run.err.count("\n") == 1 and said in run.last
    assert "not a token" not in run.err  # a wrong token is not repeated either


# ----------------------------------------------------------------------------------------------------------------------
# The database


@pytest.mark.process
@pytest.mark.slow
def test_a_database_from_a_newer_version_exits_6_before_telegram_is_asked(api: LocalBotApi, tmp_path: Path) -> None:
    db = newer_database(tmp_path / "new.db")
    run = cli([], {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": str(db)})
    run.clean()
    assert run.status == ExitStatus.DATABASE.value == 6
    assert run.err.count("\n") == 1
    assert f"{db} was written by a newer version of tochki-bot (schema {latest_version() + 1})" in run.last
    assert api.methods() == []


@pytest.mark.process
@pytest.mark.parametrize("where", ["missing-folder", "a-folder", "not-a-database"])
def test_a_database_path_the_bot_cannot_use_exits_6(tmp_path: Path, where: str) -> None:
    if where == "missing-folder":
        db = tmp_path / "nowhere" / "t.db"
        said = f"the folder {tmp_path / 'nowhere'} does not exist"
    elif where == "a-folder":
        db = tmp_path
        said = "is a folder"
    else:
        db = tmp_path / "notes.txt"
        db.write_text("shopping list\n" * 100)
        said = "not an SQLite database"
    run = cli([], {"TELEGRAM_BOT_TOKEN": TOKEN, "TOCHKI_DB": str(db)})
    run.clean()
    assert run.status == ExitStatus.DATABASE
    assert run.err.count("\n") == 1 and said in run.last, run.err


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` read-only for this process: by its mode, or for root (whom modes do not stop) immutable."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("running as root where chattr +i does not work: no way to make a folder read-only")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.parametrize("exists", [False, True], ids=["new-file", "existing-file"])
def test_a_database_in_a_read_only_folder_exits_6(tmp_path: Path, exists: bool) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "t.db"
    if exists:
        asyncio.run(make_games(db))
    with read_only(folder):
        run = cli([], {"TELEGRAM_BOT_TOKEN": TOKEN, "TOCHKI_DB": str(db)})
        check = cli(["check"], {"TELEGRAM_BOT_TOKEN": TOKEN, "TOCHKI_DB": str(db)})
    run.clean()
    assert run.status == ExitStatus.DATABASE
    assert run.err.count("\n") == 1 and str(folder) in run.last and "cannot" in run.last, run.err
    assert check.status == ExitStatus.DATABASE and "cannot" in check.out


# ----------------------------------------------------------------------------------------------------------------------
# The webhook's port


@pytest.mark.process
def test_a_webhook_port_in_use_exits_7_before_telegram_is_told(api: LocalBotApi, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = cli(
            ["--webhook", "https://example.org/hook", "--port", str(port)],
            {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": str(tmp_path / "t.db")},
        )
    run.clean()
    assert run.status == ExitStatus.PORT_IN_USE.value == 7
    assert run.err.count("\n") == 1
    assert run.last == (
        f"tochki-bot: cannot listen on 127.0.0.1:{port} for the webhook: "
        "the port is in use by another program: stop it, or choose another --port"
    )
    assert "setWebhook" not in api.methods()


@pytest.mark.process
@pytest.mark.slow
def test_a_mini_app_port_in_use_exits_7_before_telegram_is_asked(api: LocalBotApi, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = cli(
            [],
            {
                "TELEGRAM_BOT_TOKEN": "1:LOCAL",
                "TELEGRAM_API_BASE_URL": api.url,
                "TOCHKI_DB": str(tmp_path / "t.db"),
                "TOCHKI_WEBAPP_URL": "https://example.org/tochki",
                "TOCHKI_WEBAPP_LISTEN": f"127.0.0.1:{port}",
            },
        )
    run.clean()
    assert run.status == ExitStatus.PORT_IN_USE
    assert run.last == (
        f"tochki-bot: cannot listen on 127.0.0.1:{port} for the Mini App (TOCHKI_WEBAPP_LISTEN): "
        "the port is in use by another program: stop it, or choose another port"
    )
    assert api.methods() == []


# ----------------------------------------------------------------------------------------------------------------------
# --version and check


@pytest.mark.process
def test_version() -> None:
    run = cli(["--version"], {})
    assert run.status == 0 and run.out == f"tochki-bot {version('tochki-bot')}\n"


async def make_games(path: Path | str) -> None:
    """A database with two games: one being played, one lobby."""
    services = await Services.open(path)
    group = Place(-100, "supergroup", "Club")
    anna, boris = Person(1, "Anna"), Person(2, "Boris")
    lobby = (await services.lobby.open(group, anna)).view
    await services.lobby.join(lobby.id, boris, group)
    await services.lobby.open(Place(-200, "supergroup", "Other"), anna)
    await services.close()


def lines(out: str) -> dict[str, str]:
    """``check``'s lines by their label."""
    return {line[:9].strip(): line[10:] for line in out.splitlines()}


@pytest.mark.process
@pytest.mark.slow
def test_check_when_all_is_well(api: LocalBotApi, tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    asyncio.run(make_games(db))
    env = {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": str(db)}
    run = cli(["check"], env)
    run.clean()
    assert run.status == 0, run.out + run.err
    shown = lines(run.out)
    assert shown == {
        "version": f"tochki-bot {version('tochki-bot')}",
        "database": f"{db}: schema {latest_version()}",
        "games": "2 (1 being played)",
        "Bot API": f"{api.url}: reachable",
        "token": "1:***: accepted, @t_bot (id 777)",
        "Mini App": "not set (TOCHKI_WEBAPP_URL)",
        "AI": shown["AI"],
        "result": "ready: the bot would start",
    }
    assert shown["AI"].startswith("hard's compiled search is ready (")
    assert api.methods() == ["getMe"]
    run = cli(["check"], {**env, "TOCHKI_AI_COMPILED": "0"})
    assert run.status == 0 and lines(run.out)["AI"] == (
        "hard searches in pure Python, about 8 times slower (TOCHKI_AI_COMPILED=0)"
    )
    run = cli(["check"], {**env, "TOCHKI_WEBAPP_URL": "https://example.org/tochki/app"})
    assert lines(run.out)["Mini App"] == "https://example.org/tochki/app"


@pytest.mark.process
def test_check_on_postgresql(api: LocalBotApi, pg_server: Any) -> None:
    """``check`` against a PostgreSQL URL: the schema and the games, the password never shown; a database not yet
    set up is said to be set up by the bot; a server that is not there is status 6."""
    url = pg_server.fresh()
    asyncio.run(make_games(url))
    env = {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": url}
    run = cli(["check"], env)
    run.clean()
    assert run.status == 0, run.out + run.err
    shown = lines(run.out)
    assert shown["database"].endswith(f": schema {latest_version()}") and shown["games"] == "2 (1 being played)"
    password = password_of(url)
    assert "postgresql://" in shown["database"] and (password is None or password not in run.out)
    assert shown["result"] == "ready: the bot would start"
    fresh = pg_server.fresh()
    run = cli(["check"], {**env, "TOCHKI_DB": fresh})
    said = lines(run.out)["database"]
    assert run.status == 0 and said.endswith(f"empty; the bot sets it up (schema {latest_version()})"), run.out
    gone = f"postgresql://nobody@127.0.0.1:{free_port()}/none"
    run = cli(["check"], {**env, "TOCHKI_DB": gone})
    assert run.status == ExitStatus.DATABASE, run.out + run.err


def password_of(url: str) -> str | None:
    from urllib.parse import urlparse

    return urlparse(url).password


@pytest.mark.process
@pytest.mark.slow
def test_check_changes_nothing_and_says_what_the_bot_would_do(api: LocalBotApi, tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    env = {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": str(db)}
    run = cli(["check"], env)
    assert run.status == 0
    assert lines(run.out)["database"] == f"{db}: not there yet; the bot creates it (schema {latest_version()})"
    assert not db.exists()
    with sqlite3.connect(db) as conn:  # an older file: upgraded when the bot starts, not by check
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, state TEXT)")
        conn.execute("PRAGMA user_version = 1")
    run = cli(["check"], env)
    assert lines(run.out)["database"] == f"{db}: schema 1; the bot upgrades it to {latest_version()} when it starts"
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1


@pytest.mark.process
def test_check_prints_every_line_and_exits_with_the_first_problem(tmp_path: Path) -> None:
    db = newer_database(tmp_path / "new.db")
    url = f"http://127.0.0.1:{free_port()}/bot"
    run = cli(["check"], {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": url, "TOCHKI_DB": str(db)})
    run.clean()
    assert run.status == ExitStatus.DATABASE
    shown = lines(run.out)
    assert "newer version" in shown["database"]
    assert shown["Bot API"] == f"{url}: not reachable (Connection refused)"
    assert shown["token"] == "123456:***: not checked (the Bot API is not reachable)"
    assert shown["Mini App"] == "not set (TOCHKI_WEBAPP_URL)"
    assert shown["result"].startswith("would not start (exit status 6): ")


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.parametrize(
    ("answer", "status", "token_line"),
    [
        ((401, UNAUTHORIZED, "application/json"), ExitStatus.TOKEN_REJECTED, "Telegram rejected the token 123456:***"),
        ((200, HTML, "text/html"), ExitStatus.NOT_BOT_API, "123456:***: not checked (not a Bot API)"),
    ],
)
def test_check_names_the_token_or_url_problem(
    tmp_path: Path, answer: tuple[int, str, str], status: ExitStatus, token_line: str
) -> None:
    with canned(*answer) as server:
        env = {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": server.url(), "TOCHKI_DB": str(tmp_path / "t.db")}
        run = cli(["check"], env)
    run.clean()
    assert run.status == status
    assert lines(run.out)["token"].startswith(token_line)


@pytest.mark.process
@pytest.mark.slow
def test_check_without_a_token_still_asks_whether_the_bot_api_answers(api: LocalBotApi, tmp_path: Path) -> None:
    with canned(404, NOT_FOUND) as server:
        run = cli(["check"], {"TELEGRAM_API_BASE_URL": server.url(), "TOCHKI_DB": str(tmp_path / "t.db")})
    run.clean()
    assert run.status == ExitStatus.CONFIG
    shown = lines(run.out)
    assert shown["Bot API"] == f"{server.url()}: reachable"
    assert shown["token"].startswith("TELEGRAM_BOT_TOKEN is not set")


# ----------------------------------------------------------------------------------------------------------------------
# The pieces


def test_answers_of_the_bot_api_are_told_apart() -> None:
    base = "http://h/bot"
    ok = {"ok": True, "result": {"id": 7, "is_bot": True, "first_name": "T", "username": "t_bot"}}
    assert read_answer(base, "7:X", 200, json.dumps(ok).encode()).username == "t_bot"  # type: ignore[union-attr]
    assert read_answer(base, "", 404, NOT_FOUND.encode()) is None
    with pytest.raises(TokenRejected):
        read_answer(base, "7:X", 401, UNAUTHORIZED.encode())
    with pytest.raises(Unreachable):
        read_answer(base, "7:X", 429, b'{"ok": false, "error_code": 429, "description": "Too Many Requests"}')
    with pytest.raises(NotBotApi):
        read_answer(base, "7:X", 200, b'{"ok": true, "result": true}')
    with pytest.raises(NotBotApi, match="HTTP 418"):
        read_answer(base, "7:X", 418, b"I'm a teapot")


def test_the_token_goes_where_the_base_url_says() -> None:
    assert method_url("https://api.telegram.org/bot", "1:A", "getMe") == "https://api.telegram.org/bot1:A/getMe"
    assert method_url("http://h/x/{token}/y", "1:A", "getMe") == "http://h/x/1:A/y/getMe"
    assert masked("123:abc") == "123:***" and masked("abc") == "***"


def test_telegram_errors_while_starting_become_problems_with_their_status() -> None:
    from telegram.error import BadRequest, InvalidToken, NetworkError, TimedOut

    config = Config(token="1:A")
    assert isinstance(start_problem(config, InvalidToken("Unauthorized")), TokenRejected)
    assert isinstance(start_problem(config, TimedOut()), Unreachable)
    assert isinstance(start_problem(config, NetworkError("httpx.ConnectError: x")), Unreachable)
    assert isinstance(start_problem(config, BadRequest("Bad webhook: an HTTPS URL must be provided")), Refused)


def test_retries_and_their_delay_come_from_the_environment() -> None:
    config = Config.from_env(
        {"TELEGRAM_BOT_TOKEN": "1:A", "TOCHKI_START_RETRIES": "0", "TOCHKI_START_RETRY_DELAY": "2.5"}
    )
    assert (config.start_retries, config.start_retry_delay) == (0, 2.5)
    assert (Config(token="1:A").start_retries, Config(token="1:A").start_retry_delay) == (3, 5.0)


def test_a_slow_telegram_is_waited_for_only_so_long() -> None:
    """Keeps the check honest about timeouts: a server that accepts and never answers is 'not reachable'."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/bot"
        from tochki_bot.telegram.reach import reach

        started = time.monotonic()
        with pytest.raises(Unreachable, match=r"no answer within 0\.5 s"):
            asyncio.run(reach(Config(token="1:A", api_base_url=url), timeout=0.5))
        assert time.monotonic() - started < 5
