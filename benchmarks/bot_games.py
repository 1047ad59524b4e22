"""Play the bot's own games for puzzles: seeded games between its levels, each written as an SGF record under
``tests/data/bot-games/`` (``benchmarks/puzzles.py`` then finds puzzles in them, as in the real records).

Weaker play leaves more positions where exactly one move wins clearly (a capture missed, a ring left open), which
is what a puzzle is. Each game starts from the cross with a few random dots (seeded), then the two levels move in
turn, ``--seconds`` a move, until the board is full, a side grounds, or ``--moves`` dots. The moves depend on the
machine's speed (the search is timed): the records are the data, kept in the repository; run this only to make
more of them.

Run: python -m benchmarks.bot_games [--games 12] [--size 20] [--seconds 0.05] [--first 1]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from tochki_bot.ai import choose_action
from tochki_bot.engine import Game
from tochki_bot.engine.sgf import write_sgf

_ROOT = Path(__file__).resolve().parent.parent
FOLDER = _ROOT / "tests" / "data" / "bot-games"
PAIRS = (("normal", "easy"), ("easy", "normal"), ("normal", "normal"), ("hard", "easy"))
"""Who plays blue and red, game after game."""
OPENING = 6
"""Random dots (seeded) after the cross, so that no two games are alike."""


def play(number: int, size: int, seconds: float, limit: int) -> tuple[Game, str, str]:
    """Game ``number``: its levels from ``PAIRS`` in turn, its opening from its number."""
    blue, red = PAIRS[number % len(PAIRS)]
    rng = random.Random(number)
    game = Game(size, size, "cross")
    while len(game.moves) < OPENING and not game.is_over:
        x, y = rng.randint(size // 2 - 4, size // 2 + 5), rng.randint(size // 2 - 4, size // 2 + 5)
        if game.is_playable(x, y):
            game.play(x, y)
    while not game.is_over and len(game.moves) < limit:
        level = blue if game.to_move == "blue" else red
        action = choose_action(game, level, seconds=seconds, seed=number * 1000 + len(game.moves))
        if action == "ground":
            game.ground(game.to_move)
        else:
            game.play(*action)
    return game, blue, red


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--first", type=int, default=1, help="the number of the first game (its seed)")
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.05, help="each side's thinking time a move")
    parser.add_argument("--moves", type=int, default=220, help="dots at most")
    args = parser.parse_args()
    FOLDER.mkdir(parents=True, exist_ok=True)
    for number in range(args.first, args.first + args.games):
        start = time.perf_counter()
        game, blue, red = play(number, args.size, args.seconds, args.moves)
        name = f"bot-{args.size}-{number:03d}.sgf"
        text = write_sgf(game, blue=f"tochki-bot {blue}", red=f"tochki-bot {red}", app="tochki-bot bot_games")
        (FOLDER / name).write_text(text, encoding="utf-8")
        blue_score, red_score = game.score
        print(
            f"{name}: {blue} (blue) {blue_score} - {red_score} {red} (red), {len(game.moves)} moves, "
            f"{time.perf_counter() - start:.1f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
