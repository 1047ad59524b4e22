"""The ``tochki-bot`` program as a process (``spawn``; ``spawn_local`` for ``tochki-bot local``), and a tiny Bot
API over HTTP for it to talk to (``LocalBotApi``, as ``TELEGRAM_API_BASE_URL`` allows)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from tests.support.paths import ROOT


def decode(value: str) -> Any:
    """Form values are JSON, except plain strings."""
    try:
        return json.loads(value)
    except ValueError:
        return value


class LocalBotApi:
    """A tiny Bot API over HTTP: enough for the bot to start, poll, answer and stop."""

    def __init__(self, port: int = 0) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.updates: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                """Keep the test output quiet."""

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8", "replace")
                params: dict[str, Any] = {}
                if "x-www-form-urlencoded" in (self.headers.get("Content-Type") or ""):
                    params = {k: decode(v[0]) for k, v in parse_qs(body).items()}
                method = self.path.rsplit("/", 1)[-1]
                result = api.answer(method, params)
                data = json.dumps({"ok": True, "result": result}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/bot"

    def answer(self, method: str, params: dict[str, Any]) -> Any:
        with self.lock:
            self.calls.append((method, params))
        if method == "getMe":
            return {
                "id": 777,
                "is_bot": True,
                "first_name": "T",
                "username": "t_bot",
                "can_join_groups": True,
                "can_read_all_group_messages": False,
                "supports_inline_queries": False,
            }
        if method == "getUpdates":
            offset = int(params.get("offset") or 0)
            with self.lock:
                batch = [u for u in self.updates if u["update_id"] >= offset]
            if not batch:
                time.sleep(0.05)
            return batch
        if method == "sendMessage":
            return {
                "message_id": len(self.calls),
                "date": 0,
                "chat": {"id": params["chat_id"], "type": "supergroup"},
                "text": params.get("text", ""),
            }
        return True

    def methods(self) -> list[str]:
        with self.lock:
            return [m for m, _ in self.calls]

    def wait_for(self, method: str, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                found = [p for m, p in self.calls if m == method]
            if found:
                return found[-1]
            time.sleep(0.05)
        raise AssertionError(f"no {method} within {timeout} s; calls: {self.methods()}")

    def close(self) -> None:
        self.server.shutdown()


def update(update_id: int, text: str) -> dict[str, Any]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": int(time.time()),
            "chat": {"id": -5, "type": "supergroup", "title": "G"},
            "from": {"id": 5, "is_bot": False, "first_name": "P", "language_code": "en"},
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}],
        },
    }


def spawn(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BOT_TOKEN", "TOCHKI_DB")}
    full.update(env)
    full["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen(
        [sys.executable, "-m", "tochki_bot", *args],
        env=full,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def spawn_local(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """``tochki-bot local`` with ``args``, in an environment with no ``TELEGRAM_*`` or ``TOCHKI_*`` of the caller's
    but ``env``; its output and errors apart."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "TOCHKI_"))}
    full.update(env)
    full["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen(
        [sys.executable, "-m", "tochki_bot", "local", *args],
        env=full,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class AiWorker:
    """``python -m tochki_bot ai-worker`` as a process of its own (its own process group: its search workers are
    killed with it)."""

    def __init__(self, db: str, **env: str) -> None:
        full = {k: v for k, v in os.environ.items() if not k.startswith(("TOCHKI_", "TELEGRAM_"))}
        full.update({"TOCHKI_DB": db, "PYTHONPATH": str(ROOT), "TOCHKI_AI_WORKERS": "1"} | env)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tochki_bot", "ai-worker"],
            env=full,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            if "ai-worker:" in line and "searches at once" in line:
                self.ready.set()

    async def started(self, timeout: float = 60.0) -> AiWorker:
        began = time.monotonic()
        while not self.ready.is_set():
            if self.proc.poll() is not None or time.monotonic() - began > timeout:
                raise AssertionError("the ai-worker did not start:\n" + "".join(self.lines))
            await asyncio.sleep(0.05)
        return self

    def kill(self) -> None:
        """SIGKILL to the worker and its search processes: no chance to give anything back."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> int:
        """SIGTERM, as systemd stops it; its exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
