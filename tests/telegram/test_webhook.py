"""Webhook mode (``tochki_bot.telegram.webhook``), the program as a process against a local Bot API server:
the secret and the size are checked from the request's head, before any body is read; it listens on localhost.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import contextlib
import json
import select
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.program import LocalBotApi, free_port, spawn, update

pytestmark = pytest.mark.process

SECRET = "s3cret"
HOOK = "/tochki/hook"
MB = 1 << 20


class Hook:
    """``tochki-bot --webhook`` running as a process, with the default ``--listen``."""

    def __init__(self, tmp: Path) -> None:
        self.api = LocalBotApi()
        self.port = free_port()
        self.proc: subprocess.Popen[str] = spawn(
            ["--webhook", f"https://example.org{HOOK}", "--port", str(self.port), "--secret-token", SECRET],
            {"TELEGRAM_BOT_TOKEN": "1:LOCAL", "TELEGRAM_API_BASE_URL": self.api.url, "TOCHKI_DB": str(tmp / "w.db")},
        )
        try:
            self.api.wait_for("setMyCommands")
            deadline = time.monotonic() + 30
            while True:  # the web server starts just after the command menu is registered
                try:
                    socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
        except BaseException:
            self.proc.kill()
            self.proc.communicate(timeout=60)
            self.api.close()
            raise

    def rss(self) -> int:
        """The process's resident memory, in bytes."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS")

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        out, _ = self.proc.communicate(timeout=60)
        self.api.close()
        assert self.proc.returncode == 0, out
        return out


@pytest.fixture(scope="module")
def hook(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hook]:
    running = Hook(tmp_path_factory.mktemp("hook"))
    yield running
    running.stop()


def head(
    port: int,
    *,
    secret: str | None = SECRET,
    path: str = HOOK,
    method: str = "POST",
    length: int | None = None,
    chunked: bool = False,
    keep_alive: bool = True,
) -> socket.socket:
    """Open a connection and send a request's head only (``keep_alive=False`` asks the server to close after its
    answer; refusals close it anyway)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: application/json"]
    if not keep_alive:
        lines.append("Connection: close")
    if secret is not None:
        lines.append(f"X-Telegram-Bot-Api-Secret-Token: {secret}")
    if length is not None:
        lines.append(f"Content-Length: {length}")
    if chunked:
        lines.append("Transfer-Encoding: chunked")
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    return sock


def response(sock: socket.socket, timeout: float = 5.0) -> tuple[int, bytes]:
    """The status of the answer on ``sock`` and everything read until the server closed the connection."""
    sock.settimeout(timeout)
    data = b""
    with sock, contextlib.suppress(ConnectionResetError):  # the server may close the connection while we read
        while chunk := sock.recv(65536):
            data += chunk
    assert data.startswith(b"HTTP/1.1 "), data[:200]
    return int(data.split(b" ", 2)[1]), data


def post(port: int, body: bytes, *, secret: str = SECRET) -> int:
    """A complete small request; its status."""
    sock = head(port, secret=secret, length=len(body), keep_alive=False)
    sock.sendall(body)
    return response(sock)[0]


def offer(port: int, size: int, *, chunked: bool) -> tuple[int, int]:
    """Send a head announcing ``size`` bytes (or a chunked body), then the body in 64 KB pieces until the server
    answers or closes. Returns the status and how many bytes of body went out."""
    sock = head(port, length=None if chunked else size, chunked=chunked)
    piece = b"x" * (64 * 1024)
    framed = b"%x\r\n" % len(piece) + piece + b"\r\n" if chunked else piece
    sent = 0
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the server refusing half-way is the point
        while sent < size and not select.select([sock], [], [], 0)[0]:
            sock.sendall(framed)
            sent += len(piece)
        if chunked and sent >= size:
            sock.sendall(b"0\r\n\r\n")
    return response(sock)[0], sent


@pytest.mark.slow
def test_a_wrong_or_missing_secret_is_refused_before_the_body(hook: Hook) -> None:
    # The head says 100 MB are coming; none are sent. The answer comes at once, and the connection is closed.
    """Found by an attack on the bot's edges (webhook intake: the secret and the size are checked from the request's
    head, before any body is read); it failed before its fix."""
    for secret in ("wrong", None):
        started = time.monotonic()
        status, data = response(head(hook.port, secret=secret, length=100_000_000))
        assert status == 403
        assert time.monotonic() - started < 2
        assert b"Connection: close" in data
    # Another path, another method: refused from the head too.
    assert response(head(hook.port, path="/other", length=100_000_000))[0] == 404
    assert response(head(hook.port, method="PUT", length=100_000_000))[0] == 405
    assert not [m for m in hook.api.methods() if m == "sendMessage"]


def test_a_body_that_is_not_an_update_gets_400_and_an_update_200(hook: Hook) -> None:
    """Found by an attack on the bot's edges (webhook intake: the secret and the size are checked from the request's
    head, before any body is read); it failed before its fix."""
    assert post(hook.port, b"{not json") == 400
    assert post(hook.port, b"[1, 2]") == 400
    assert post(hook.port, b"") == 400
    assert post(hook.port, json.dumps(update(7, "/help")).encode()) == 200
    sent = hook.api.wait_for("sendMessage")
    assert "How to play" in sent["text"]


def test_an_oversized_body_gets_413_and_is_never_held_in_memory(hook: Hook) -> None:
    # Right secret, over 1 MB: with a Content-Length the head alone is refused; without one (chunked) the body is
    # counted as it comes and refused once past 1 MB. Either way, no 50 MB body ends up in the process.
    """Found by an attack on the bot's edges (webhook intake: the secret and the size are checked from the request's
    head, before any body is read); it failed before its fix."""
    assert offer(hook.port, 50 * MB, chunked=False)[0] == 413  # warm-up: the code paths are loaded
    assert offer(hook.port, 50 * MB, chunked=True)[0] == 413
    before = hook.rss()
    refused_at: list[int] = []
    for _ in range(5):
        status, _sent = offer(hook.port, 50 * MB, chunked=False)
        assert status == 413
        status, sent = offer(hook.port, 50 * MB, chunked=True)
        assert status == 413
        refused_at.append(sent)
    after = hook.rss()
    print(f"webhook RSS before {before / MB:.1f} MB, after 10 x 50 MB offered: {after / MB:.1f} MB")
    assert after - before < 30 * MB, (before, after)
    assert max(refused_at) < 50 * MB  # the chunked bodies were cut off long before their end
    # A body just under the cap is still read (and is not an update).
    assert post(hook.port, b" " * (MB - 10)) == 400


def test_the_webhook_listens_on_localhost_by_default(hook: Hook) -> None:
    """Found by an attack on the bot's edges (webhook intake: the secret and the size are checked from the request's
    head, before any body is read); it failed before its fix."""
    listening = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, port = local.split(":")
            if state == "0A" and int(port, 16) == hook.port:
                listening.append(address)
    assert listening == ["0100007F"]  # 127.0.0.1, and nothing else
    help_text, _ = spawn(["--help"], {}).communicate(timeout=60)
    assert "default 127.0.0.1" in help_text
