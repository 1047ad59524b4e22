"""Records and replays: SGF parsing (games per second) and the animated replay of a full 39x32 game.

Run: python -m benchmarks.records
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks.engine import random_game
from tests.support.paths import DATA
from tochki_bot.engine import Game
from tochki_bot.engine.sgf import parse_sgf, write_sgf
from tochki_bot.services import GameView
from tochki_bot.telegram.sharing import replay_gif

ZAGRAM = (DATA / "zagram-352562.sgf").read_text()


def main() -> None:
    games = []
    for seed in range(20):
        game = Game(39, 32, "cross")
        for x, y in random_game(seed):
            game.play(x, y)
        games.append(game)
    texts = [write_sgf(g, blue="Blue", red="Red") for g in games]
    moves = sum(g.ply for g in games) / len(games)

    start = time.perf_counter()
    rounds = 5
    for _ in range(rounds):
        for text in texts:
            parse_sgf(text)
    elapsed = time.perf_counter() - start
    print(f"SGF parsing, full 39x32 games ({moves:.0f} moves): {rounds * len(texts) / elapsed:.0f} games/s")
    start = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            parse_sgf(text).game()
    elapsed = time.perf_counter() - start
    print(f"SGF parsing and replay through the engine: {rounds * len(texts) / elapsed:.0f} games/s")
    start = time.perf_counter()
    for _ in range(200):
        parse_sgf(ZAGRAM).game()
    print(f"the zagram.org record (244 moves, rings): {200 / (time.perf_counter() - start):.0f} games/s")

    times, sizes = [], []
    for game in random.Random(1).sample(games, 3):
        start = time.perf_counter()
        data = replay_gif(GameView.of_position(game), "en", [0])
        times.append(time.perf_counter() - start)
        sizes.append(len(data))
    print(
        f"replay GIF of a full 39x32 game ({moves:.0f} frames): {statistics.median(times):.1f} s, "
        f"{statistics.median(sizes) / 1e6:.2f} MB (median of 3; Telegram takes up to 10 MB)"
    )
    real = parse_sgf(ZAGRAM).game()
    start = time.perf_counter()
    data = replay_gif(GameView.of_position(real), "en", [0])
    print(
        f"replay GIF of the zagram.org game ({real.ply} moves of real play): "
        f"{time.perf_counter() - start:.1f} s, {len(data) / 1e3:.0f} KB"
    )


if __name__ == "__main__":
    main()
