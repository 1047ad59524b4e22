"""The clock's punctuality: how late reminders and losses on time come, through the real bot (Application, clock job,
deadline watch, storage, announcements) on the fake Bot API, in real time.

``GAMES`` group games with ``--seconds`` a move (60 by default, as ``/new 1m``) get their first move at random
moments over half a minute; nobody answers, so each player to move is reminded at half time and shortly before the
end (a tenth of the time, or an hour) and loses on time. For each kind of event: how many came (of how many the
README promises) and how late they were (p50 / max, seconds after their due time). ``--poll`` runs the bot as it was
before the deadline watch: a clock pass every ``--interval`` seconds and nothing else.

Timing on a loaded machine is noisy: the counts do not depend on load, the latencies do.

Run: python -m benchmarks.clock [--games N] [--seconds S] [--poll] [--interval 30]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

from tests.support.games import timed_game
from tests.support.harness import Bot, RealClock
from tochki_bot.services import Person
from tochki_bot.services.clock import LAST_CALL

ANNA = Person(11, "Anna")  # blue in tests.support.games.timed_game


def summary(late: list[float]) -> str:
    if not late:
        return "-"
    return f"p50 {statistics.median(late):6.2f} s, max {max(late):6.2f} s"


async def run(games: int, seconds: int, poll: bool, interval: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = Bot(Path(folder) / "clock.db", clock=RealClock(), clock_interval=interval, deadlines=not poll)
        await bot.start()
        services, storage = bot.services, bot.db
        try:
            ids = []
            for n in range(games):
                ids.append(await timed_game(services, seconds, chat=-1000 - n))
            rng = random.Random(1)
            start = time.time()
            offsets = sorted((rng.uniform(0, 30), game_id) for game_id in ids)
            deadlines: dict[int, float] = {}
            for offset, game_id in offsets:
                await asyncio.sleep(max(0.0, start + offset - time.time()))
                await services.play.move(game_id, ANNA, 5, 5)
                record = await storage.games.get(game_id)
                assert record is not None and record.deadline is not None
                deadlines[game_id] = record.deadline
            limit = max(deadlines.values()) + 2 * interval + 5
            while time.time() < limit:
                left = [g for g in ids if (r := await storage.games.get(g)) is not None and r.state == "active"]
                if not left:
                    break
                await asyncio.sleep(0.2)
            await services.changes.settle()
            offset = time.time() - time.monotonic()
            last_call = min(LAST_CALL, seconds * 0.1)
            half, last, ended, shown = [], [], [], []
            for game_id, deadline in deadlines.items():
                chat = -1000 - (game_id - ids[0])
                told = [  # in the player's private chat (or the group when that fails)
                    c.at + offset
                    for c in bot.fake.sent("sendMessage")
                    if "⏰" in c.params["text"] and re.search(rf"#{game_id}\b", c.params["text"])
                ]
                if told:
                    half.append(told[0] - (deadline - seconds / 2))
                if len(told) > 1:
                    last.append(told[1] - (deadline - last_call))
                record = await storage.games.get(game_id)
                if record is not None and record.state == "finished" and record.finished_at is not None:
                    ended.append(record.finished_at - deadline)
                boards = [
                    c.at + offset for c in bot.fake.sent("sendPhoto", chat) if "ran out of time" in c.params["caption"]
                ]
                if boards:
                    shown.append(boards[0] - deadline)
            mode = f"a pass every {interval:g} s only" if poll else f"deadline watch (+ a pass every {interval:g} s)"
            print(f"{games} games, {seconds} s a move, {mode}:")
            print(f"  half-time reminders   {len(half):3d} of {games}   {summary(half)}")
            print(f"  last-call reminders   {len(last):3d} of {games}   {summary(last)}")
            print(f"  games lost on time    {len(ended):3d} of {games}   {summary(ended)}")
            print(f"  loss on time shown    {len(shown):3d} of {games}   {summary(shown)}")
        finally:
            await bot.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--poll", action="store_true", help="no deadline watch: a pass every --interval seconds")
    parser.add_argument("--interval", type=float, default=30.0)
    args = parser.parse_args()
    asyncio.run(run(args.games, args.seconds, args.poll, args.interval))


if __name__ == "__main__":
    main()
