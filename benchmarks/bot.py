"""The whole bot under load: 50 concurrent group games on 39x32 boards, through the real Application, handlers,
storage (a real SQLite file) and rendering, against the fake Bot API of the tests (network excluded).

Two measurements:
- saturation: every game's player moves as soon as the previous board arrives (50 moves in flight all the time);
- steady load: moves arrive at a fixed rate spread over the 50 games, as players in chats would send them.

For each: moves per second and the time from an update entering the application to its board photo being sent
(p50 / p99). Run: python -m benchmarks.bot [--moves N] [--rate R] [--painters N] (pictures drawn in N processes, as
the bot draws them by default; 0: in threads)
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.support.fakebot import FakeTelegram, as_update
from tests.support.harness import Bot
from tests.support.positions import surrounding_game
from tochki_bot.config import DEFAULT_PICTURE_WORKERS
from tochki_bot.engine import Game, Point
from tochki_bot.services import Person

GAMES = 50


class TimedTelegram(FakeTelegram):
    """The fake Bot API, noting when each chat's board photo is sent."""

    def __init__(self) -> None:
        super().__init__()
        self.waiters: dict[int, asyncio.Future[float]] = {}

    def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        result = super().api_sendPhoto(params, files)
        waiter = self.waiters.pop(int(params["chat_id"]), None)
        if waiter is not None and not waiter.done():
            waiter.set_result(time.perf_counter())
        return result


async def setup(bot: Bot, premoves: int) -> list[tuple[int, Game, dict[int, Any]]]:
    """50 games: in chat -(i+1), user 2i+1 (blue) against 2i+2 (red), each already ``premoves`` moves into a dense
    mid-game (captures included), so the pictures are as heavy as real ones."""
    fake = bot.fake
    games = []
    for i in range(GAMES):
        chat = -(i + 1)
        blue, red = fake.user(2 * i + 1, f"Blue {i}"), fake.user(2 * i + 2, f"Red {i}")
        await bot.say(chat, blue, "/new")
        lobby = fake.last("sendMessage", chat).result["message_id"]
        await bot.press(chat, lobby, blue, bot.button(chat, lobby, "I play 🔵"))
        await bot.press(chat, lobby, red, bot.button(chat, lobby, "Join"))
        record = await bot.db.games.open_in(chat)
        assert record is not None
        people = {0: blue, 1: red}
        position = surrounding_game(i, premoves)
        game = Game(39, 32, "cross")
        for m in position.moves:
            who = people[game.ply % 2]
            assert m.point is not None
            await bot.services.play.move(record.id, Person(who["id"], who["first_name"]), *m.point)
            game.play(*m.point)
        games.append((chat, game, people))
    return games


async def move(
    bot: Bot, fake: TimedTelegram, chat: int, game: Game, people: dict[int, Any], rng: random.Random
) -> float:
    """Send the next move of ``game`` as ``/m x-y``; returns seconds until its board was sent."""
    while True:  # a random point, cheaply: the driver must not eat the bot's time
        x, y = rng.randint(1, game.width), rng.randint(1, game.height)
        if game.is_playable(x, y):
            break
    point = Point(x, y)
    who = people[game.ply % 2]
    game.play(*point)
    waiter: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    fake.waiters[chat] = waiter
    start = time.perf_counter()
    await bot.app.update_queue.put(as_update(fake.message_update(chat, who, f"/m {point.x}-{point.y}"), bot.app.bot))
    return await waiter - start


def report(title: str, latencies: list[float], elapsed: float) -> None:
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{title}: {len(latencies)} moves in {elapsed:.1f} s = {len(latencies) / elapsed:.0f} moves/s; "
        f"update -> photo p50 {statistics.median(latencies) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=20, help="moves per game in the saturation run")
    parser.add_argument("--rate", type=float, default=100.0, help="moves per second in the steady run")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the steady run")
    parser.add_argument(
        "--painters", type=int, default=DEFAULT_PICTURE_WORKERS, help="processes drawing pictures (0: threads)"
    )
    parser.add_argument("--premoves", type=int, default=300, help="moves already played in each game")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        fake = TimedTelegram()
        bot = await Bot(Path(folder) / "bench.db", fake, picture_workers=args.painters).start()
        start = time.perf_counter()
        games = await setup(bot, args.premoves)
        areas = sum(len(g.areas) for _, g, _ in games) / GAMES
        print(
            f"set up {GAMES} games of {args.premoves} moves ({areas:.0f} areas each) in "
            f"{time.perf_counter() - start:.0f} s"
        )

        async def player(chat: int, game: Game, people: dict[int, Any], count: int) -> list[float]:
            return [await move(bot, fake, chat, game, people, rng) for _ in range(count)]

        start = time.perf_counter()
        results = await asyncio.gather(*(player(c, g, p, args.moves) for c, g, p in games))
        report(
            f"saturation ({GAMES} games, {GAMES} moves in flight)",
            [x for r in results for x in r],
            time.perf_counter() - start,
        )

        latencies: list[float] = []
        tasks = []
        busy: set[int] = set()
        start = time.perf_counter()
        sent = 0
        while time.perf_counter() - start < args.seconds:
            due = start + sent / args.rate
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            free = [g for g in games if g[0] not in busy]
            if not free:
                continue
            chat, game, people = rng.choice(free)
            busy.add(chat)

            async def one(chat: int = chat, game: Game = game, people: dict[int, Any] = people) -> None:
                latencies.append(await move(bot, fake, chat, game, people, rng))
                busy.discard(chat)

            tasks.append(asyncio.create_task(one()))
            sent += 1
        await asyncio.gather(*tasks)
        report(
            f"steady load (offered {args.rate:.0f} moves/s over {GAMES} games)", latencies, time.perf_counter() - start
        )
        assert not bot.errors, bot.errors[:3]
        await bot.stop()


if __name__ == "__main__":
    asyncio.run(main())
