"""Generate the README's pictures of the other rule sets (docs/rules-*.png).

Run: python docs/make_variant_pictures.py

A Polish game in progress (closed areas, open pools drawn dashed, the instant-win margin in the header), a
territory game ended by agreement (every pool closed, the territory counted in the result), both 15x15 from an
empty board, and a sports game with STOP during the opponent's extra dots (15x15 from a cross), all played by a
seeded random player that stays near the dots already placed.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from render import render_png  # noqa: E402
from tochki_bot.engine import Game, GameSettings, Point  # noqa: E402
from tochki_bot.pictures import board_view  # noqa: E402
from tochki_bot.services import GameView  # noqa: E402
from tochki_bot.telegram.captions import picture_caption  # noqa: E402

OUT = ROOT / "docs"


def played(rules: str, moves: int, seed: int, close_every: int, settings: GameSettings | None = None) -> Game:
    """A game of ``moves`` dots by a random player near the last dots; every ``close_every``-th dot closes all."""
    rng = random.Random(seed)
    if settings is None:
        settings = GameSettings(15, 15, "empty", rules=rules, own_dot_penalty=rules == "polish")  # type: ignore[arg-type]
    game = Game(settings=settings)
    for n in range(moves):
        if game.is_over:
            break
        points = list(game.playable_points())
        near = [p for p in points if 4 <= p.x <= 12 and 4 <= p.y <= 12] or points
        point = rng.choice(near)
        game.play(point.x, point.y)
        if settings.manual and n % close_every == 0:
            game.close_all()
    return game


def picture(game: Game, name: str, game_id: int) -> None:
    view = GameView.of_position(game, blue="Anna", red="Boris", game_id=game_id)
    caption = picture_caption("en", view)
    (OUT / name).write_bytes(render_png(board_view(game, blue="Anna", red="Boris", caption=caption), compress_level=9))


def main() -> None:
    polish = next(
        game
        for seed in range(200)
        if len((game := played("polish", 130, seed, 4)).areas) >= 2
        and not game.is_over
        and len(game.pools("blue")) + len(game.pools("red")) >= 2
    )
    picture(polish, "rules-polish.png", 21)
    territory = played("territory", 110, 3, 4)
    territory.agree_end(territory.to_move)
    picture(territory, "rules-territory.png", 22)
    stop = played("sports", 60, 5, 1, GameSettings(15, 15, "cross", stop_mode="stop_phase"))
    stop.stop(stop.to_move)  # Anna (blue) declares STOP on her move: Boris places extra dots
    for _ in range(2):  # two extra dots of his, each capturing what it can
        gains = [(p, _gain(stop, p)) for p in stop.playable_points()]
        point = max(gains, key=lambda g: g[1])[0]
        stop.play(point.x, point.y)
    picture(stop, "rules-stop.png", 23)


def _gain(game: Game, point: Point) -> int:
    trial = game.copy()
    trial.play(point.x, point.y)
    return sum(trial.score) - sum(game.score)


if __name__ == "__main__":
    main()
