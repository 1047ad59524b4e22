"""Animated replays: a GIF with one frame per position, small enough for Telegram even for a full 39x32 game.

Pillow's own GIF writer keeps every frame in memory (hundreds of megabytes for a game of 1,200 moves). This writer
keeps only the previous frame: each new frame is compared with it and only the changed rectangle is written, with
Pillow's C encoder doing the LZW compression. All frames share the fixed palette of the board pictures.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Iterable

from PIL import GifImagePlugin, Image, ImageChops

from .board import STANDARD, render_image
from .palette import PALETTE
from .view import BoardView

MAX_BYTES = 10 * 1024 * 1024
"""Telegram turns animations up to this size into videos."""


def _as_l(image: Image.Image) -> Image.Image:
    """The palette indices of a ``P`` image as an ``L`` image (so that differences can be measured in C)."""
    return Image.frombytes("L", image.size, image.tobytes())


def _header(width: int, height: int) -> bytes:
    screen = struct.pack("<HHBBB", width, height, 0xF7, 0, 0)  # global colour table of 256 entries
    loop = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"  # play forever
    return b"GIF89a" + screen + bytes(PALETTE[: 256 * 3]) + loop


def render_gif(
    views: Iterable[BoardView],
    *,
    delay_ms: int = 100,
    last_delay_ms: int = 3000,
    max_side: int = STANDARD,
    progress: Callable[[int], None] | None = None,
) -> bytes:
    """An animated GIF of ``views`` in order (all of one board size): ``delay_ms`` per frame, the last one held.

    ``progress`` is called with the number of frames done after each frame.
    """
    out = io.BytesIO()
    previous: Image.Image | None = None
    pending: tuple[Image.Image, tuple[int, int]] | None = None
    hold = delay_ms  # how long the pending frame is shown: longer when the next positions look the same

    def flush(delay: int) -> None:
        assert pending is not None
        region, offset = pending
        # Disposal 1: leave the frame in place; the next one only paints what changed.
        GifImagePlugin._write_frame_data(out, region, offset, {"duration": delay, "disposal": 1})

    for frames, view in enumerate(views, 1):
        image = render_image(view, max_side=max_side)
        if previous is None:
            out.write(_header(*image.size))
            pending = (image, (0, 0))
        else:
            if image.size != previous.size:
                raise ValueError("all views of a replay must be of one board")
            box = ImageChops.difference(_as_l(previous), _as_l(image)).getbbox()
            if box is None:
                hold += delay_ms  # an unchanged position just lasts longer: nothing is written for it
            else:
                flush(hold)
                pending, hold = (image.crop(box), (box[0], box[1])), delay_ms
        previous = image
        if progress is not None:
            progress(frames)
    if pending is None:
        raise ValueError("a replay needs at least one view")
    flush(hold - delay_ms + last_delay_ms)
    out.write(b"\x3b")
    return out.getvalue()
