"""A busy group at Telegram's real pace, against the strict fake Bot API (which answers 429 with ``retry_after`` past
~20 messages a minute in a group, as Telegram does).

Two players move every 4 s (by ``/m x-y``, privacy mode on), every fifth move comes after a typo (``/m 99-99``), and
a third member, who never started the bot (so nothing can reach her privately), sends ``/board``, ``/help``,
``/ground`` (refused: she does not play) or ``/games``, or presses an arrow of the board, every 12 s; for five
minutes. Then a member plays the bot in the same kind of group, a move every 5 s.

Prints, per kind of message, how many were asked and answered and the p50 / p95 time to the answer, the 429s the
bot drew and the group messages it spent. Targets: nothing unanswered, no 429, boards at p95 3 s or less, every
other answer within 30 s; against the bot one group message a move pair, each within the bot's thinking time + 1 s.

Run: python -m benchmarks.group [--minutes 5] [--scale 1.0] (``--scale 0.2`` plays it five times faster, as the
tests do)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from tests.support.busy_group import GROUP, play_group, strict_bot


async def busy(minutes: float, scale: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = await strict_bot(Path(folder) / "group.db", scale).start()
        try:
            report = await play_group(bot, seconds=minutes * 60, pace=4.0, scale=scale)
        finally:
            await bot.stop()
    print(f"## Two players every 4 s and a third member, {minutes:g} min (time scale {scale:g})\n")
    print(report.table())
    print(f"unanswered: {len(report.unanswered)}")


async def against_the_bot(pairs: int, scale: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = await strict_bot(Path(folder) / "bot.db", scale, ai_seconds=0.5).start()
        try:
            fake = bot.fake
            anna = fake.user(7101, "Anna", "en")
            await bot.say(GROUP, anna, "/new ai easy 20x20 empty red")
            await bot.services.opponent.settle()
            await bot.settle()
            before = len(fake.sent("sendPhoto", GROUP))
            late: list[float] = []
            for _ in range(pairs):
                view = await bot.services.game(1)
                if view.state != "active":
                    break
                point = next(iter(view.position.playable_points()))
                sent = len(fake.sent("sendPhoto", GROUP))
                began = time.monotonic()
                await bot.send(fake.message_update(GROUP, anna, f"/m {point}"), settle=False)
                while len(fake.sent("sendPhoto", GROUP)) == sent:
                    await asyncio.sleep(0.005)
                late.append(time.monotonic() - began)
                await asyncio.sleep(max(0.0, 5 * scale - late[-1]))
            await bot.settle()
            boards = len(fake.sent("sendPhoto", GROUP)) - before
            refused = len(fake.refused)
        finally:
            await bot.stop()
    late.sort()
    print(f"\n## A member plays the bot (easy, 0.5 s a move) in a group, a move every {5 * scale:g} s\n")
    print(f"move pairs: {len(late)}, group boards for them: {boards}, 429s: {refused}")
    print(
        f"the bot's reply on the board: p50 {statistics.median(late):.2f} s, "
        f"p95 {late[int(0.95 * (len(late) - 1))]:.2f} s, max {late[-1]:.2f} s (target: 0.5 + 1 s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--scale", type=float, default=1.0, help="seconds of this run per second of Telegram time")
    parser.add_argument("--pairs", type=int, default=50)
    args = parser.parse_args()
    asyncio.run(busy(args.minutes, args.scale))
    asyncio.run(against_the_bot(args.pairs, args.scale))


if __name__ == "__main__":
    main()
