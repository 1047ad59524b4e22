"""Render speed: median milliseconds per PNG (drawing and encoding) for a dense 39x32 mid-game, and the size.

Also what a phone shows (a photo about 400 pixels wide in a chat): the cell and the coordinates' digits in pixels.

Run: python -m benchmarks.boards
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from render import HD, STANDARD, Window, layout, render_png
from render.board import _digit_height
from tests.support.positions import dense_midgame
from tochki_bot.pictures import board_view


def timed(repeat: int, fn: Callable[[], bytes]) -> tuple[float, bytes]:
    times, data = [], b""
    for _ in range(repeat):
        start = time.perf_counter()
        data = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, data


def main() -> None:
    game = dense_midgame()
    view = board_view(
        game,
        blue="Алиса Селезнёва",
        red="Bob",
        caption=f"Move {game.ply} · {game.last_move} · Bob to move",
        window=Window(15, 12, 22, 19),
    )
    print(f"position: 39x32, {game.ply} moves, {len(game.areas)} areas, score {game.score}")
    render_png(view)  # warm the caches (fonts, field, sprites) as a running bot has them
    ms, data = timed(50, lambda: render_png(view))
    print(f"standard (<= 1280 px): {ms:.1f} ms median, {len(data) / 1024:.1f} KB")
    ms, data = timed(10, lambda: render_png(view, max_side=HD, compress_level=6))
    print(f"HD file (<= 2560 px): {ms:.1f} ms median, {len(data) / 1024:.1f} KB")
    ms, data = timed(50, lambda: render_png(view, crop=Window(15, 12, 22, 19), max_side=800))
    print(f"zoomed 8x8 window (<= 800 px): {ms:.1f} ms median, {len(data) / 1024:.1f} KB")
    for size in [(39, 32), (30, 30), (25, 25), (20, 20)]:
        lay = layout(*size, None, STANDARD)
        phone = 400 / lay.width
        print(
            f"{size[0]}x{size[1]} at 400 px wide: cell {lay.cell * phone:.1f} px, "
            f"coordinates {_digit_height(lay.label) * phone:.1f} px tall (font {lay.label} px at {lay.width} wide)"
        )
    start = time.perf_counter()
    board_view(game)
    print(f"engine game -> view: {(time.perf_counter() - start) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
