"""The AI's searches as jobs: how soon the bot answers a move, and how its capacity grows with ai-worker processes.

1. Latency: a person's move to the bot's answer stored and told in the front end's process (a change of origin
   "ai"), the easy bot on 15x15 (its search ends in milliseconds: what is measured is the way there and back);
   the job runner in the front end's process, then a separate ``tochki-bot ai-worker`` process (the front end
   searches nothing and hears of the move by looking for done jobs).
2. Capacity: GAMES games in which the bot (hard, 0.5 s a move, all of it spent) is to move at once; the time until
   every move is stored with 1 and with 2 ai-worker processes of one search each.

Run: python -m benchmarks.aijobs            (SQLite: a file in a temporary folder)
     python -m benchmarks.aijobs URL        (PostgreSQL: an empty database)
     python -m benchmarks.aijobs --latency  (part 1 only)
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.support.program import AiWorker
from tochki_bot.services import GameView, LobbyChoice, Origin, Person, Place, Services

MOVES = 20
GAMES = 12


async def latency(db: str, *, workers: int, seconds: float) -> list[float]:
    """Seconds from each of MOVES moves of a person to the bot's answer heard in this process."""
    services = await Services.open(db, ai_workers=workers, ai_seconds=seconds, ai_seed=1)
    heard: asyncio.Queue[GameView] = asyncio.Queue()

    async def listen(view: GameView, origin: Origin) -> None:
        if origin == "ai":
            heard.put_nowait(view)

    services.changes.subscribe(listen)
    try:
        await services.opponent.start()
        anna = Person(1, "Anna")
        opened = await services.lobby.open_against_bot(
            Place(1, "private"), anna, "easy", LobbyChoice(15, 15, "empty", None, "creator_blue")
        )
        view = opened.view
        took: list[float] = []
        for _ in range(MOVES):
            point = min(view.position.playable_points(), key=lambda p: (abs(p.x - 8) + abs(p.y - 8), p.y, p.x))
            began = time.perf_counter()
            await services.play.move(view.id, anna, point.x, point.y)
            view = await asyncio.wait_for(heard.get(), 60)
            took.append(time.perf_counter() - began)
            if view.state != "active":
                break
        return took
    finally:
        await services.close()


async def capacity(db: str, workers: int) -> float:
    """Seconds until the bot has moved in GAMES games where it is to move at once, with ``workers`` ai-workers."""
    services = await Services.open(db, ai_workers=0, ai_seconds=0.5)
    try:
        ids = []
        for n in range(GAMES):
            person = Person(1000 * workers + n, f"P{n}")
            opened = await services.lobby.open_against_bot(
                Place(person.id, "private"), person, "hard", LobbyChoice(15, 15, "cross", None, "creator_red")
            )
            ids.append(opened.view.id)
        procs = [await AiWorker(db, TOCHKI_AI_SECONDS="0.5").started() for _ in range(workers)]
        try:
            began = time.perf_counter()
            await services.opponent.start()  # the jobs are added now, every worker ready
            while True:
                plies = [(await services.game(i)).ply for i in ids]
                if all(p >= 1 for p in plies):
                    return time.perf_counter() - began
                await asyncio.sleep(0.02)
        finally:
            for proc in procs:
                proc.stop()
    finally:
        await services.close()


def summary(took: list[float]) -> str:
    ms = sorted(t * 1000 for t in took)
    return f"median {statistics.median(ms):.0f} ms, p90 {ms[int(len(ms) * 0.9) - 1]:.0f} ms, max {ms[-1]:.0f} ms"


async def main(target: str | None, latency_only: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:

        def fresh(name: str) -> str:
            if target is None:
                return str(Path(folder) / name)
            return target

        db = fresh("local.db")
        local = await latency(db, workers=1, seconds=0.1)
        print(f"move to the bot's answer, runner in this process: {summary(local)}")
        if target is not None:
            print("(PostgreSQL: one database for every part; empty it between runs)")
        db = fresh("far.db")
        services = await Services.open(db)  # the schema, before the ai-worker opens it
        await services.close()
        proc = await AiWorker(db, TOCHKI_AI_SECONDS="0.1").started()
        try:
            far = await latency(db, workers=0, seconds=0.1)
        finally:
            proc.stop()
        print(f"move to the bot's answer, a separate ai-worker process: {summary(far)}")
        if latency_only:
            return
        for workers in (1, 2):
            db = fresh(f"cap{workers}.db")
            services = await Services.open(db)
            await services.close()
            seconds = await capacity(db, workers)
            print(f"{GAMES} bot moves of 0.5 s at once, {workers} ai-worker(s) of one search: {seconds:.1f} s")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(main(args[0] if args else None, "--latency" in sys.argv))
