"""One group floods the bot; how fast do other chats get their answers?

Ten people in one group send 300 commands as fast as they can (help, rules, stats, bad moves, boards) while a game
goes on there. Meanwhile a person in a private chat asks /help every 100 ms and people in ten other groups play
(a move in each in turn, so that no group goes over Telegram's own limit). The bot runs with Telegram's real limits
(20 messages a minute in a group, 30 a second in all, through the rate limiter) against the fake Bot API with 30 ms
of network latency per call.

Prints, for the other chats, the time from an update entering the application to the bot's answer being sent
(p50 / p99 / max), and for the flooding group how long its backlog took and how many messages it cost.
Run: python -m benchmarks.flood [--flood N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.support.fakebot import FakeTelegram, as_update
from tests.support.harness import Bot
from tochki_bot.config import Config
from tochki_bot.telegram.app import build_application
from tochki_bot.telegram.processor import ChatOrderedProcessor

FLOOD_GROUP = -5001
QUIET_GROUPS = [-6000 - n for n in range(10)]
PRIVATE = 7001


class TimedTelegram(FakeTelegram):
    """The fake Bot API, noting when each chat is answered."""

    def __init__(self) -> None:
        super().__init__()
        self.waiters: dict[int, list[asyncio.Future[float]]] = {}

    def _answered(self, params: dict[str, Any]) -> None:
        for waiter in self.waiters.pop(int(params["chat_id"]), []):
            if not waiter.done():
                waiter.set_result(time.perf_counter())

    def api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        result = super().api_sendMessage(params, files)
        self._answered(params)
        return result

    def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        result = super().api_sendPhoto(params, files)
        self._answered(params)
        return result


async def open_game(bot: Bot, chat: int, blue: dict[str, Any], red: dict[str, Any]) -> None:
    fake = bot.fake
    await bot.say(chat, blue, "/new 20x20 empty")
    lobby = fake.last("sendMessage", chat).result["message_id"]
    await bot.press(chat, lobby, blue, bot.button(chat, lobby, "I play 🔵"))
    await bot.press(chat, lobby, red, bot.button(chat, lobby, "Join"))


def summary(name: str, latencies: list[float]) -> str:
    latencies = sorted(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return (
        f"{name}: {len(latencies)} answers, p50 {statistics.median(latencies) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flood", type=int, default=300, help="commands the flooding group sends")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        fake = TimedTelegram()
        bot = Bot(Path(folder) / "flood.db", fake)
        bot.config = Config(token="123:TEST", db_path=str(Path(folder) / "flood.db"), clock_interval=10**6)
        bot.app = build_application(bot.config, request=fake, clock=bot.clock)
        await bot.start()
        people = [fake.user(100 + i, f"Flooder {i}") for i in range(10)]
        quiet = [fake.user(200, "Quiet blue"), fake.user(201, "Quiet red")]
        asker = fake.user(PRIVATE, "Asker")
        await open_game(bot, FLOOD_GROUP, people[0], people[1])
        for group in QUIET_GROUPS:
            await open_game(bot, group, quiet[0], quiet[1])
        await asyncio.sleep(3)  # let the two lobbies' messages leave the groups' budgets alone
        fake.latency = 0.03

        async def ask(chat: int, user: dict[str, Any], text: str) -> float:
            waiter: asyncio.Future[float] = asyncio.get_running_loop().create_future()
            fake.waiters.setdefault(chat, []).append(waiter)
            start = time.perf_counter()
            await bot.app.update_queue.put(as_update(fake.message_update(chat, user, text), bot.app.bot))
            return await asyncio.wait_for(waiter, timeout=120) - start

        commands = ["/rules", "/help", "/stats", "/m 99-99", "/board", "/top", "/games", "/m 5-5"]
        flood_start = time.perf_counter()
        for n in range(args.flood):
            text = commands[n % len(commands)] + ("" if n % 3 else f" {n}")
            update = fake.message_update(FLOOD_GROUP, people[n % len(people)], text)
            await bot.app.update_queue.put(as_update(update, bot.app.bot))
        private_times: list[float] = []
        quiet_times: list[float] = []
        for n in range(20):
            private_times.append(await ask(PRIVATE, asker, "/help"))
            group = QUIET_GROUPS[n % len(QUIET_GROUPS)]
            mover = quiet[n // len(QUIET_GROUPS) % 2]
            quiet_times.append(await ask(group, mover, f"/m {n + 1}-{n + 1}"))
            await asyncio.sleep(0.1)
        await bot.app.update_queue.join()
        drained = time.perf_counter() - flood_start
        processor = bot.app.update_processor
        assert isinstance(processor, ChatOrderedProcessor)
        flood_messages = len([c for c in fake.sent(chat_id=FLOOD_GROUP) if c.method != "answerCallbackQuery"])
        print(f"flood: {args.flood} commands from {len(people)} people in one group, 30 ms per Bot API call")
        print(summary("another person's /help in private", private_times))
        print(summary("a move in another group (update -> board)", quiet_times))
        print(
            f"the flooding group: backlog handled in {drained:.1f} s, {flood_messages} messages sent to it "
            f"(Telegram allows ~20 a minute), {processor.dropped} updates dropped as repeats, over "
            "a sender's rate or beyond a sender's backlog"
        )
        assert not bot.errors, bot.errors[:3]
        await bot.stop()


if __name__ == "__main__":
    asyncio.run(main())
