"""Animated replays: a GIF with one frame per position, small enough for Telegram even for a full 39x32 game.

Pillow's own GIF writer keeps every frame in memory (hundreds of megabytes for a game of 1,200 moves). This writer
keeps only the previous frame: each new frame is compared with it and only the rectangle around the changed pixels is
written, with Pillow's C encoder doing the LZW compression. Inside that rectangle the pixels that did not change are
written as the palette's reserved transparent index, so the previous frame shows through them (disposal 1) and their
long runs compress well. Not to nothing: LZW needs about sqrt(2n) codes for a run of n equal pixels, so a frame whose
caption (at the top) and last move (anywhere) both change still pays some hundreds of bytes for the rectangle between
them. All frames share the fixed palette of the board pictures.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Iterable

import numpy as np
from PIL import GifImagePlugin, Image

from .board import STANDARD, render_image
from .palette import PALETTE, TRANSPARENT
from .view import BoardView

MAX_BYTES = 10 * 1024 * 1024
"""Telegram turns animations up to this size into videos."""


MIN_DELAY_MS = 20
"""Shorter delays are not shown as such by every player (some treat them as 100 ms): none is written."""


def _changes(previous: np.ndarray, current: np.ndarray) -> tuple[Image.Image, tuple[int, int]] | None:
    """The rectangle of ``current`` around its changes from ``previous``, unchanged pixels made transparent."""
    changed = previous != current
    rows = np.flatnonzero(changed.any(axis=1))
    if rows.size == 0:
        return None
    cols = np.flatnonzero(changed.any(axis=0))
    y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    region = np.where(changed[y0:y1, x0:x1], current[y0:y1, x0:x1], np.uint8(TRANSPARENT))
    frame = Image.frombytes("P", (x1 - x0, y1 - y0), np.ascontiguousarray(region).tobytes())
    frame.putpalette(PALETTE)
    return frame, (x0, y0)


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

    Delays are at least ``MIN_DELAY_MS``. ``progress`` is called with the number of frames done after each frame.
    """
    delay_ms, last_delay_ms = max(MIN_DELAY_MS, delay_ms), max(MIN_DELAY_MS, last_delay_ms)
    out = io.BytesIO()
    previous: np.ndarray | None = None  # the only frame kept
    pending: tuple[Image.Image, tuple[int, int] | None] | None = None  # no offset: the first, whole frame
    hold = delay_ms  # how long the pending frame is shown: longer when the next positions look the same

    def flush(delay: int) -> None:
        assert pending is not None
        region, offset = pending
        # Disposal 1: leave the frame in place; the next one only paints what changed, the rest is transparent.
        params: dict[str, int] = {"duration": delay, "disposal": 1}
        if offset is not None:
            params["transparency"] = TRANSPARENT
        GifImagePlugin._write_frame_data(out, region, offset or (0, 0), params)

    for frames, view in enumerate(views, 1):
        image = render_image(view, max_side=max_side)
        current = np.asarray(image)
        if previous is None:
            out.write(_header(*image.size))
            pending = (image, None)
        else:
            if current.shape != previous.shape:
                raise ValueError("all views of a replay must be of one board")
            changes = _changes(previous, current)
            if changes is None:
                hold += delay_ms  # an unchanged position just lasts longer: nothing is written for it
            else:
                flush(hold)
                pending, hold = changes, delay_ms
        previous = current
        if progress is not None:
            progress(frames)
    if pending is None:
        raise ValueError("a replay needs at least one view")
    flush(hold - delay_ms + last_delay_ms)
    out.write(b"\x3b")
    return out.getvalue()
