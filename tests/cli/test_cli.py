"""The ``tochki-bot`` program as a real process: configuration, polling through a local Bot API server (as
``TELEGRAM_API_BASE_URL`` allows), webhook mode, clean stops on SIGTERM and SIGINT, and the backup subcommand."""

from __future__ import annotations

import json
import signal
import sqlite3
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import TESTS
from tests.support.program import LocalBotApi, free_port, spawn, update

ROOT = TESTS.parent


@pytest.fixture
def api() -> Iterator[LocalBotApi]:
    server = LocalBotApi()
    yield server
    server.close()


@pytest.mark.process
def test_without_a_token_it_says_how_to_get_one_and_exits_2(tmp_path: Path) -> None:
    proc = spawn([], {"TOCHKI_DB": str(tmp_path / "x.db")})
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "TELEGRAM_BOT_TOKEN" in out and "@BotFather" in out


@pytest.mark.process
def test_help_lists_the_configuration() -> None:
    proc = spawn(["--help"], {})
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "TELEGRAM_API_BASE_URL" in out and "backup" in out


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_polling_through_a_local_bot_api_server_and_a_clean_stop(
    api: LocalBotApi, tmp_path: Path, stop: signal.Signals
) -> None:
    db = tmp_path / "bot.db"
    proc = spawn([], {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": str(db)})
    try:
        api.wait_for("setMyCommands")
        api.updates.append(update(1, "/rules"))
        sent = api.wait_for("sendMessage")
        assert "sports rules" in sent["text"]
    finally:
        proc.send_signal(stop)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out
    assert db.exists()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM chats WHERE id = -5").fetchone()[0] == 1


@pytest.mark.process
@pytest.mark.slow
def test_webhook_mode_checks_the_secret(api: LocalBotApi, tmp_path: Path) -> None:
    port = free_port()
    proc = spawn(
        [
            "--webhook",
            "https://example.org/tochki/hook",
            "--listen",
            "127.0.0.1",
            "--port",
            str(port),
            "--secret-token",
            "s3cret",
        ],
        {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": api.url, "TOCHKI_DB": str(tmp_path / "w.db")},
    )
    try:
        hook = api.wait_for("setWebhook")
        assert hook["url"] == "https://example.org/tochki/hook"
        assert hook["secret_token"] == "s3cret"
        api.wait_for("setMyCommands")

        def post(secret: str, body: dict[str, Any]) -> int:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/tochki/hook",
                data=json.dumps(body).encode(),
                method="POST",
                headers={"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return int(response.status)
            except urllib.error.HTTPError as exc:
                return exc.code

        for _ in range(100):  # the web server may still be starting
            try:
                status = post("wrong", update(1, "/help"))
                break
            except OSError:
                time.sleep(0.1)
        assert status == 403
        assert post("s3cret", update(2, "/help")) == 200
        sent = api.wait_for("sendMessage")
        assert "How to play" in sent["text"]
        assert len([m for m in api.methods() if m == "sendMessage"]) == 1  # the forged update did nothing
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out


@pytest.mark.process
def test_webhook_needs_https() -> None:
    proc = spawn(["--webhook", "http://example.org/hook"], {"TELEGRAM_BOT_TOKEN": "1:X"})
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "https" in out


@pytest.mark.process
def test_backup_subcommand(tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE t (x)")
    proc = spawn(["backup", str(tmp_path / "copy.db")], {"TOCHKI_DB": str(db)})
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out
    with sqlite3.connect(tmp_path / "copy.db") as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 1
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    proc = spawn(["backup", str(tmp_path / "copy.db")], {"TOCHKI_DB": str(db)})
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 1 and "exists" in out


@pytest.mark.slow
def test_a_stop_that_cuts_the_start_short_still_closes_the_database(tmp_path: Path) -> None:
    """python-telegram-bot stopped half-way by a signal during its start (it then raises "Event loop stopped before
    Future completed" and skips its shutdown): ours still runs, so the database's thread ends and the process can
    exit."""
    import asyncio

    from tests.support.fakebot import FakeTelegram
    from tochki_bot.config import Config
    from tochki_bot.telegram.app import _run, build_application, startup

    fake = FakeTelegram()
    application = build_application(Config(token="123:TEST", db_path=str(tmp_path / "t.db")), request=fake)
    before = {t.ident for t in threading.enumerate()}

    async def begin() -> None:
        await application.initialize()
        await startup(application)

    asyncio.run(begin())
    assert application.bot_data.get("front") is not None

    def cut_short(**_: Any) -> None:
        raise RuntimeError("Event loop stopped before Future completed.")

    application.run_polling = cut_short  # type: ignore[method-assign,assignment]  # stands for python-telegram-bot's half-way stop
    # In a thread of its own, so that a shutdown that never ends fails this test rather than hanging the suite.
    failed: list[BaseException] = []

    def stop() -> None:
        try:
            _run(application, webhook=None, listen="127.0.0.1", port=0, secret_token=None)
        except BaseException as exc:
            failed.append(exc)

    stopping = threading.Thread(target=stop, daemon=True)
    stopping.start()
    stopping.join(timeout=60)
    assert not stopping.is_alive(), "our shutdown did not end within 60 s"
    assert failed == []
    assert application.bot_data.get("front") is None  # our shutdown ran
    deadline = time.monotonic() + 10  # the drawing workers may still be starting: they are stopped when they have
    while (left := [t for t in threading.enumerate() if t.ident not in before and not t.daemon]) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert not left, left  # nothing left that would keep the process alive
