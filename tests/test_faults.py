"""What an attack on the bot's edges found: each test here failed on the bot before its fix.

1. Webhook intake: the secret and the size are checked from the request's head, before any body is read (the
   program as a process, against a local Bot API server).
2. Flood waits are per chat: a 429 in one group does not hold up another chat's board.
3. A new message is not sent twice: a send that may have reached Telegram is not retried blindly; edits are.
"""

from __future__ import annotations

import asyncio
import json
import select
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from telegram.error import RetryAfter, TimedOut

from tests.support.fakebot import FakeTelegram, as_update
from tests.support.games import ANNA, GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tests.support.program import LocalBotApi, free_port, spawn, update
from tochki_bot.telegram.ratelimit import ChatRateLimiter

SECRET = "s3cret"
HOOK = "/tochki/hook"
MB = 1 << 20


# ------------------------------------------------------------------------------------------------------------------
# 1. Webhook intake


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
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    finally:
        sock.close()
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
    try:
        while sent < size and not select.select([sock], [], [], 0)[0]:
            sock.sendall(framed)
            sent += len(piece)
        if chunked and sent >= size:
            sock.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    return response(sock)[0], sent


def test_a_wrong_or_missing_secret_is_refused_before_the_body(hook: Hook) -> None:
    # The head says 100 MB are coming; none are sent. The answer comes at once, and the connection is closed.
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
    assert post(hook.port, b"{not json") == 400
    assert post(hook.port, b"[1, 2]") == 400
    assert post(hook.port, b"") == 400
    assert post(hook.port, json.dumps(update(7, "/help")).encode()) == 200
    sent = hook.api.wait_for("sendMessage")
    assert "How to play" in sent["text"]


def test_an_oversized_body_gets_413_and_is_never_held_in_memory(hook: Hook) -> None:
    # Right secret, over 1 MB: with a Content-Length the head alone is refused; without one (chunked) the body is
    # counted as it comes and refused once past 1 MB. Either way, no 50 MB body ends up in the process.
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


# ------------------------------------------------------------------------------------------------------------------
# 2. Flood waits are per chat

OTHER_GROUP = -1002


@pytest.fixture
async def bot(where: Where):
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


def photos(fake: FakeTelegram, chat_id: int, *, failed: bool = False) -> list[Any]:
    return [
        c
        for c in fake.calls
        if c.method == "sendPhoto" and int(c.params["chat_id"]) == chat_id and (c.result == "failed") == failed
    ]


async def test_a_flood_wait_in_one_group_does_not_hold_up_another_chat(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    await open_group_game(bot, chat=OTHER_GROUP)
    fake.fail(
        "sendPhoto",
        429,
        "Too Many Requests: retry after 3",
        match=lambda p: int(p["chat_id"]) == GROUP,
        parameters={"retry_after": 3},
    )
    first = asyncio.create_task(bot.say(GROUP, anna, "/m 5-5"))
    while not photos(fake, GROUP, failed=True):
        await asyncio.sleep(0.01)
    flood_at = photos(fake, GROUP, failed=True)[0].at
    # Meanwhile a move in another group: its board goes out at once.
    boards = len(photos(fake, OTHER_GROUP))
    await bot.app.update_queue.put(as_update(fake.message_update(OTHER_GROUP, anna, "/m 7-7"), bot.app.bot))
    while len(photos(fake, OTHER_GROUP)) == boards:
        await asyncio.sleep(0.01)
    other = photos(fake, OTHER_GROUP)[-1]
    assert "7-7" in other.params["caption"]
    assert other.at - flood_at < 1.0
    assert not [c for c in photos(fake, GROUP) if "5-5" in c.params["caption"]]  # the first group's is still waiting
    # The first group's board arrives after its wait, once.
    await asyncio.wait_for(first, timeout=10)
    board = photos(fake, GROUP)[-1]
    assert "Ход 1: 5-5" in board.params["caption"]
    assert board.at - flood_at >= 3.0
    assert other.at < board.at
    assert len([c for c in photos(fake, GROUP) if "5-5" in c.params["caption"]]) == 1
    assert not bot.errors


async def test_a_flood_wait_without_a_chat_still_holds_everything() -> None:
    limiter = ChatRateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=1)
    tries: list[tuple[str, float]] = []

    async def call(name: str, fail: bool) -> bool:
        tries.append((name, time.monotonic()))
        if fail and len([n for n, _ in tries if n == name]) == 1:
            raise RetryAfter(1)
        return True

    started = time.monotonic()
    menu = asyncio.create_task(limiter.process_request(call, ("menu", True), {}, "setMyCommands", {}, None))
    await asyncio.sleep(0.05)
    assert await limiter.process_request(call, ("chat", False), {}, "sendMessage", {"chat_id": 5}, None)
    assert await menu
    chat_at = next(at for name, at in tries if name == "chat")
    assert chat_at - started >= 1.0  # a 429 about no chat in particular pauses every request


async def test_a_group_keeps_its_rate_while_other_chats_go_on() -> None:
    limiter = ChatRateLimiter(overall_max_rate=30, group_max_rate=2, group_time_period=60)

    async def call() -> bool:
        return True

    def send(chat_id: int) -> asyncio.Task[Any]:
        return asyncio.create_task(limiter.process_request(call, (), {}, "sendMessage", {"chat_id": chat_id}, None))

    group = [send(GROUP) for _ in range(3)]
    await asyncio.sleep(0.2)
    assert [task.done() for task in group] == [True, True, False]  # 2 a minute in that group: the third waits
    assert await asyncio.wait_for(send(OTHER_GROUP), timeout=1)
    assert await asyncio.wait_for(send(ANNA), timeout=1)
    group[2].cancel()


# ------------------------------------------------------------------------------------------------------------------
# 3. A new message is not sent twice


async def test_a_board_that_timed_out_after_telegram_posted_it_is_not_posted_again(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.break_connection("sendPhoto")  # Telegram posts the board; its answer is lost (a read timeout)
    await bot.say(GROUP, anna, "/m 5-5")
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Ход 1: 5-5" in c.params["caption"]]) == 1
    assert (await bot.game(1)).ply == 1  # the move is stored whatever happened to its board


async def test_a_board_whose_connection_could_not_be_made_is_sent_again(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.break_connection("sendPhoto", httpx.ConnectError, after=False)  # it never reached Telegram
    await bot.say(GROUP, anna, "/m 5-5")
    assert len(photos(fake, GROUP, failed=True)) == 1
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Ход 1: 5-5" in c.params["caption"]]) == 1
    assert await bot.db.outbox.owed(bot.clock() + 1) == []  # delivered: nothing owed
    assert not bot.errors


async def test_a_board_refused_by_a_gateway_is_left_to_the_outbox(bot: Bot) -> None:
    """A 502 may come after Telegram posted the message: not sent again at once; the outbox makes it later."""
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    fake.fail("sendPhoto", 502, "Bad Gateway")
    await bot.say(GROUP, anna, "/m 5-5")
    assert len(photos(fake, GROUP, failed=True)) == 1
    assert not [c for c in fake.sent("sendPhoto", GROUP) if "5-5" in c.params["caption"]]
    bot.clock.advance(11)
    await bot.tick()
    assert len([c for c in fake.sent("sendPhoto", GROUP) if "Ход 1: 5-5" in c.params["caption"]]) == 1


async def test_a_text_that_timed_out_is_not_sent_again(bot: Bot) -> None:
    fake = bot.fake
    messenger = bot.front.messenger
    fake.break_connection("sendMessage")
    with pytest.raises(TimedOut):
        await messenger.send_text(ANNA, "hello")
    assert len(fake.sent("sendMessage", ANNA)) == 1


async def test_an_edit_that_timed_out_is_retried(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot)
    board = bot.last_board(GROUP)["message_id"]
    boards = len(fake.sent("sendPhoto", GROUP))
    fake.break_connection("editMessageMedia")  # done by Telegram, answer lost: doing it again changes nothing
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "◀"))
    assert len(fake.sent("editMessageMedia", GROUP)) == 2
    assert len(fake.sent("sendPhoto", GROUP)) == boards  # no new board instead
    fake.break_connection("editMessageMedia", httpx.ConnectError, after=False)
    await bot.press(GROUP, board, anna, bot.button(GROUP, board, "▶"))
    assert len(fake.sent("editMessageMedia", GROUP)) == 3
    assert not bot.errors
