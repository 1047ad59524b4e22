"""Child process for the crash test: append moves to a game forever, printing each ply once it is committed.

Usage: python -m tests.support.crash_writer DB GAME_ID SEED (from the project's root, or with it on PYTHONPATH)
"""

from __future__ import annotations

import asyncio
import random
import sys

from storage import Conflict, Storage
from tochki_bot.engine import Game


async def main(path: str, game_id: int, seed: int) -> None:
    db = await Storage.open(path)
    record = await db.games.get(game_id)
    assert record is not None
    game = Game.from_settings(record.settings, await db.games.moves(game_id))
    rng = random.Random(seed)
    try:
        while not game.is_over:
            point = rng.choice(list(game.playable_points()))
            ply = game.ply
            game.play(*point)
            try:
                await db.games.append_move(game_id, ply, game.moves[-1], user_id=None, score=game.score)
            except Conflict:
                sys.exit(3)
            print(ply + 1, flush=True)
        print("over", flush=True)
    finally:
        await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
