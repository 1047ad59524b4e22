"""Animated replays: every frame carries its move number and the last move's mark, and a full game stays small."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from PIL import GifImagePlugin, Image

from render import layout, render_gif, render_image
from render import palette as pal
from render.board import last_ring
from render.replay import MAX_BYTES, MIN_DELAY_MS
from tochki_bot.engine import Game, parse_point
from tochki_bot.pictures import replay_views
from tochki_bot.services import GameView
from tochki_bot.telegram.sharing import replay_gif

MOVES = "4-5 5-5 6-5 1-10 5-4 3-10 5-6 9-9 8-8".split()


def small_game() -> Game:
    game = Game(10, 10, "empty")
    for move in MOVES:
        game.play(*parse_point(move))
    return game


def frames(data: bytes) -> list[np.ndarray]:
    """Every frame of a GIF as shown (Pillow composes transparency and disposal), as RGB arrays."""
    gif = Image.open(io.BytesIO(data))
    assert isinstance(gif, GifImagePlugin.GifImageFile)
    shown = []
    for index in range(gif.n_frames):
        gif.seek(index)
        shown.append(np.asarray(gif.convert("RGB")))
    return shown


def test_every_frame_shows_its_move_number_and_marks_its_move() -> None:
    game = small_game()
    views = list(replay_views(game.settings, list(game.moves), blue="Алиса", red="Bob", caption=lambda g: f"№{g.ply}"))
    assert [v.caption for v in views] == [f"№{n}" for n in range(len(MOVES) + 1)]
    data = render_gif(iter(views), delay_ms=50, max_side=600)
    shown = frames(data)
    assert len(shown) == len(MOVES) + 1
    lay = layout(10, 10, None, 600)
    outer, width = last_ring(lay)
    for number, (frame, view) in enumerate(zip(shown, views, strict=True)):
        # The GIF shows exactly the picture of that position.
        assert (frame == np.asarray(render_image(view, max_side=600).convert("RGB"))).all(), number
        if number:
            # The header differs from the previous frame's (the caption), and the move has its ring.
            assert (frame[: lay.header] != shown[number - 1][: lay.header]).any(), number
            cx, cy = lay.px(*parse_point(MOVES[number - 1]))
            assert tuple(frame[round(cy - outer + width / 2), cx]) == pal.RING, number


def controls(data: bytes) -> list[tuple[int, int, int | None, tuple[int, int, int, int]]]:
    """Each image of a GIF: (disposal, delay in ms, transparent index or None, rectangle x, y, width, height)."""
    assert data[:6] == b"GIF89a"
    pos = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    images: list[tuple[int, int, int | None, tuple[int, int, int, int]]] = []
    control: tuple[int, int, int | None] = (0, 0, None)
    while data[pos] != 0x3B:
        if data[pos] == 0x21:  # an extension: skip its sub-blocks, reading the graphic control one
            label, pos = data[pos + 1], pos + 2
            if label == 0xF9:
                flags, delay, index = data[pos + 1], int.from_bytes(data[pos + 2 : pos + 4], "little"), data[pos + 4]
                control = ((flags >> 2) & 7, delay * 10, index if flags & 1 else None)
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
        else:
            assert data[pos] == 0x2C
            x, y, w, h = (int.from_bytes(data[pos + i : pos + i + 2], "little") for i in (1, 3, 5, 7))
            rect = (x, y, w, h)
            flags, pos = data[pos + 9], pos + 10
            if flags & 0x80:
                pos += 3 << ((flags & 7) + 1)
            pos += 1  # LZW code size
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
            images.append((*control, rect))
            control = (0, 0, None)
    return images


def test_frames_write_only_changes_as_transparent_pixels() -> None:
    game = small_game()
    views = replay_views(game.settings, list(game.moves), blue="A", red="B", caption=lambda g: f"Move {g.ply}")
    data = render_gif(views, delay_ms=5, last_delay_ms=1000, max_side=600)
    images = controls(data)
    assert len(images) == len(MOVES) + 1
    assert all(disposal == 1 for disposal, _, _, _ in images)
    delays = [delay for _, delay, _, _ in images]
    assert min(delays) >= MIN_DELAY_MS and delays[-1] == 1000  # never 0: some players would not wait
    # The first image is the whole picture; the others are only the rectangle of changes, unchanged pixels in it
    # transparent (the reserved index, which no picture draws with).
    width, height = Image.open(io.BytesIO(data)).size
    assert images[0][2] is None and images[0][3] == (0, 0, width, height)
    assert all(index == pal.TRANSPARENT for _, _, index, _ in images[1:])
    assert all(w * h < width * height for _, _, _, (_, _, w, h) in images[1:])
    assert len(pal.COLOURS) <= pal.TRANSPARENT


def full_game(seed: int = 3) -> Game:
    rng = random.Random(seed)
    game = Game(39, 32, "cross")
    points = [(x, y) for x in range(1, 40) for y in range(1, 33)]
    rng.shuffle(points)
    for x, y in points:
        if game.is_playable(x, y):
            game.play(x, y)
    return game


@pytest.mark.slow
def test_replay_of_a_full_game_is_small() -> None:
    game = full_game()
    progress = [0]
    data = replay_gif(GameView.of_position(game), "en", progress)
    assert progress[0] == game.ply + 1
    # Random play jumps all over the board, the worst case for the changed rectangles: about 2.1 MB at 1000 pixels.
    assert len(data) < 3_000_000 < MAX_BYTES
    gif = Image.open(io.BytesIO(data))
    assert isinstance(gif, GifImagePlugin.GifImageFile)
    assert gif.n_frames == game.ply + 1 and 900 < max(gif.size) <= 1000
