"""Storage speed: appending a move, loading a 1,000-move game, the due-clock query over 10,000 games.

Run: python -m benchmarks.database            (SQLite: a file in a temporary folder)
     python -m benchmarks.database URL        (PostgreSQL: an empty database, e.g. postgresql://user@host/bench)
     python -m benchmarks.database postgres   (PostgreSQL: a throwaway local server with PostgreSQL's durable defaults)
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from storage import Storage
from tochki_bot.engine import Game, GameSettings


async def main(target: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = await Storage.open(target or Path(folder) / "bench.db")
        print(f"{db.db.dialect.name}: {db.path}")
        await db.chats.upsert(-1, "group", "bench")
        await db.users.upsert(1, "A")
        await db.users.upsert(2, "B")

        # Append: a full game on a big board, one transaction per move.
        record = await db.games.create(chat_id=-1, creator_id=1, settings=GameSettings(39, 32, "cross"))
        record = await db.games.update(record.id, state="active", blue_id=1, red_id=2)
        game = Game.from_settings(record.settings)
        rng = random.Random(1)
        points = [(x, y) for x in range(1, 40) for y in range(1, 33)]
        rng.shuffle(points)
        appends = []
        for x, y in points:
            if game.ply >= 1000:
                break
            if not game.is_playable(x, y):
                continue
            game.play(x, y)
            start = time.perf_counter()
            async with db.transaction(update_id=game.ply):
                await db.games.append_move(
                    record.id,
                    game.ply - 1,
                    game.moves[-1],
                    user_id=1,
                    score=game.score,
                    deadline=time.time() + 86400,
                    alert_at=time.time() + 43200,
                )
            appends.append(time.perf_counter() - start)
        print(
            f"append a move (one transaction, durable): {statistics.median(appends) * 1000:.2f} ms median, "
            f"p99 {sorted(appends)[int(len(appends) * 0.99)] * 1000:.2f} ms"
        )

        loads = []
        for _ in range(20):
            start = time.perf_counter()
            loaded = await db.games.get(record.id)
            assert loaded is not None
            again = Game.from_settings(loaded.settings, await db.games.moves(record.id))
            loads.append(time.perf_counter() - start)
        assert again.ply == game.ply
        print(f"load a {game.ply}-move game (rows + engine replay): {statistics.median(loads) * 1000:.2f} ms median")

        # 10,000 games with clocks, a few hundred of them due.
        now = time.time()
        rows = []
        for i in range(10_000):
            deadline = now + rng.uniform(-3600, 3 * 86400)
            rows.append((i + 1, deadline, deadline - 43200, now, now))
        async with db.transaction():
            await db.db.executemany(
                "INSERT INTO games (chat_id, thread_id, kind, width, height, start, state, creator_id, blue_id, red_id,"
                " ply, deadline, alert_at, created_at, updated_at) "
                "VALUES (-1, ?, 'group', 39, 32, 'cross', 'active', 1, 1, 2, 10, ?, ?, ?, ?)",
                rows,
            )
        queries = []
        for _ in range(50):
            start = time.perf_counter()
            due = await db.games.due(now, limit=100)
            queries.append(time.perf_counter() - start)
        print(
            f"due clocks among 10,000 active games ({len(due)} returned): "
            f"{statistics.median(queries) * 1000:.2f} ms median"
        )
        await db.close()


if __name__ == "__main__":
    where = sys.argv[1] if len(sys.argv) > 1 else None
    if where == "postgres":
        from tests.support.pgserver import Server, binaries

        folder = binaries()
        if folder is None:
            raise SystemExit("no PostgreSQL binaries (set TOCHKI_PG_BIN)")
        server = Server(folder, durable=True).start()  # fsync on, as in production
        try:
            asyncio.run(main(server.fresh()))
        finally:
            server.stop()
    else:
        asyncio.run(main(where))
