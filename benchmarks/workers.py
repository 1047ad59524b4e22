"""Several workers: moves per second through 1, 2 and 4 real bot processes (``python -m tochki_bot --webhook``) on one
PostgreSQL database, against one process on SQLite, everything else equal.

Each run starts its own database (a throwaway local PostgreSQL 15 with its durable defaults, fsync on; or a fresh SQLite
file), its workers, and the fake Bot API of the tests served over HTTP (``tests/support/workers.py``). ``--games`` group
games are started through the services, then every game's players move as soon as their last board is out (moves sent
round robin to the workers, as a reverse proxy would), until ``--moves`` moves in all. Reported: moves shown per second,
and how long a move took from its POST to its board being sent (p50 / p99).

Everything runs on this machine: the workers, PostgreSQL, the fake Bot API and this driver share its cores, so past
the number of cores more workers add contention, not throughput. Run: python -m benchmarks.workers [--moves N]
[--games G] [--counts 1,2,4]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from storage import Storage
from tests.support.fakebot import Call
from tests.support.pgserver import Server, binaries
from tests.support.workers import Cluster, Game, Table, open_games

UNLIMITED = {"TOCHKI_GROUP_RATE": "1000000", "TOCHKI_SEND_RATE": "1000000"}
"""Telegram's sending limits lifted (each worker keeps to its own copy of them): this measures what the workers and
the database carry, not the 30 messages a second Telegram allows a bot."""


async def drive(cluster: Cluster, games: list[Game], moves: int) -> tuple[float, list[float]]:
    """Play ``moves`` moves in all over ``games``, each player moving when the board of the last move is out; the
    seconds it took and each move's time from its POST to its board."""
    db = await Storage.open(cluster.db_url)
    await Table(db).settle(timeout=120)
    plies = {g.chat_id: await Table(db).ply(g.id) for g in games}
    await db.close()
    loop = asyncio.get_running_loop()
    shown: dict[int, asyncio.Event] = {g.chat_id: asyncio.Event() for g in games}
    wanted: dict[int, str] = {}

    def told(call: Call) -> None:  # in the fake's thread
        if call.method == "sendPhoto":
            chat_id = int(call.params["chat_id"])
            if chat_id in wanted and wanted[chat_id] in call.params.get("caption", ""):
                loop.call_soon_threadsafe(shown[chat_id].set)

    cluster.api.on_call = told
    latencies: list[float] = []
    left = moves

    async def play(game: Game) -> None:
        nonlocal left
        ply = plies[game.chat_id]
        while left > 0:
            left -= 1
            update = cluster.api.message_update(game.chat_id, game.mover(ply), f"/m {Game.point(ply)}")
            shown[game.chat_id].clear()
            wanted[game.chat_id] = f"Move {ply + 1}:"
            sent = time.perf_counter()
            await cluster.post(update)
            await asyncio.wait_for(shown[game.chat_id].wait(), 120)
            latencies.append(time.perf_counter() - sent)
            ply += 1

    start = time.perf_counter()
    await asyncio.gather(*(play(g) for g in games))
    elapsed = time.perf_counter() - start
    cluster.api.on_call = None
    return elapsed, latencies


def run(label: str, workers: int, url: str, folder: Path, games: int, moves: int) -> str:
    cluster = Cluster(workers, url, folder, UNLIMITED)
    try:
        started = asyncio.run(open_games(url, cluster, games, -10_000))
        elapsed, latencies = asyncio.run(drive(cluster, started, moves))
    finally:
        cluster.close()
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
    return f"{label:<28} {len(latencies) / elapsed:7.1f} moves/s   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=400, help="moves in all, per run (default 400)")
    parser.add_argument("--games", type=int, default=40, help="concurrent group games (default 40)")
    parser.add_argument("--counts", default="1,2,4", help="worker counts on PostgreSQL (default 1,2,4)")
    args = parser.parse_args()
    folder = binaries()
    if folder is None:
        raise SystemExit("no PostgreSQL binaries (set TOCHKI_PG_BIN)")
    print(f"{os.cpu_count()} cores; {args.games} games, {args.moves} moves a run; each move waits for the last")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "sqlite").mkdir()
        print(run("SQLite, 1 process", 1, str(root / "sqlite" / "bench.db"), root / "sqlite", args.games, args.moves))
        server = Server(folder, durable=True).start()
        try:
            for count in (int(c) for c in args.counts.split(",")):
                where = root / f"pg{count}"
                where.mkdir()
                label = f"PostgreSQL, {count} worker{'s' if count > 1 else ''}"
                print(run(label, count, server.fresh(), where, args.games, args.moves), flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
