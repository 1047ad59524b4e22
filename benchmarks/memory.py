"""Memory after 10,000 games: does anything in the bot grow with the number of games, chats or people?

Drives the real bot (Application, handlers, storage on a real file, pictures) against the fake Bot API: 10,000
group games in 10,000 chats between 20,000 people, each opened, joined and played for two moves. Prints the
process's resident memory as the games add up, the sizes of the bot's in-memory caches, and the database file.

Run: python -m benchmarks.memory [--games N]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import tempfile
import time
from pathlib import Path
from typing import Any

from telegram.request import RequestData

from tests.support.fakebot import FakeTelegram
from tests.support.harness import Bot
from tochki_bot.telegram.processor import ChatOrderedProcessor


def rss_mb() -> float:
    """The resident memory of this process, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class ForgetfulTelegram(FakeTelegram):
    """The fake Bot API without its record of calls and messages (which would be the test's memory, not the bot's)."""

    def _message(self, chat_id: int, **content: object) -> dict[str, object]:
        message = super()._message(chat_id, **content)
        if len(self.messages) > 200:
            self.messages.pop(next(iter(self.messages)))
        return message

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        result = await super().do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
        if len(self.calls) > 200:
            del self.calls[:100]
        return result


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.db"
        bot = await Bot(path, ForgetfulTelegram()).start()
        fake = bot.fake
        gc.collect()
        print(f"started: {rss_mb():.0f} MB")
        start = time.perf_counter()
        step = max(1, args.games // 5)
        for n in range(args.games):
            chat = -(100_000 + n)
            blue, red = fake.user(1_000_000 + 2 * n, f"Blue {n}"), fake.user(1_000_001 + 2 * n, f"Red {n}")
            await bot.say(chat, blue, "/new 10x10 empty")
            lobby = fake.last("sendMessage", chat).result["message_id"]
            await bot.press(chat, lobby, blue, bot.button(chat, lobby, "I play 🔵"))
            await bot.press(chat, lobby, red, bot.button(chat, lobby, "Join"))
            await bot.say(chat, blue, "/m 5-5")
            await bot.say(chat, red, "/m 6-6")
            if (n + 1) % step == 0:
                gc.collect()
                print(f"{n + 1:>6} games: {rss_mb():.0f} MB ({time.perf_counter() - start:.0f} s)")
        front = bot.front
        core = front.services._core
        processor = bot.app.update_processor
        assert isinstance(processor, ChatOrderedProcessor)
        postbox = front.messenger.postbox
        ledger = postbox.ledger
        sizes = {
            "positions": len(core.positions._cache),
            "users": len(core.people._users),
            "chats": len(core.people._chats),
            "update ids": len(processor._seen),
            "chat lanes": len(processor._lanes),
            "speakers": len(processor._speakers),
            "group windows": len(ledger._groups),
            "group buckets": len(ledger._buckets),
            "private buckets": len(ledger._private),
            "blocked chats": len(ledger._blocked),
            "postbox lines": len(postbox._lines),
            "postbox tasks": len(postbox._tasks),
            "PTB chat_data": len(bot.app.chat_data),
            "PTB user_data": len(bot.app.user_data),
        }
        print("caches: " + ", ".join(f"{what} {n}" for what, n in sizes.items()))
        await bot.stop()
        size = sum(p.stat().st_size for p in Path(folder).iterdir())
        print(f"database: {size / 1e6:.1f} MB for {args.games} games ({size / args.games / 1e3:.1f} KB a game)")


if __name__ == "__main__":
    asyncio.run(main())
