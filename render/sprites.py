"""Small anti-aliased pieces (dots, halos, chain segments), drawn once per size and pasted many times.

Each sprite is a palette image whose edge pixels are pre-blended with the background it will sit on, and a mask of
the pixels it covers. Pasting is much faster than drawing, and the picture stays a palette image.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from .palette import LEVELS, PALETTE, RGB, shade

SUPERSAMPLE = 4


class Sprite(NamedTuple):
    """A palette image, its mask, and where its anchor point sits inside it."""

    image: Image.Image
    mask: Image.Image
    ax: int
    ay: int


def _sprite(alpha: Image.Image, fg: RGB, bg: RGB, ax: int, ay: int) -> Sprite:
    """Turn a coverage image (mode ``L``) into a sprite of ``fg`` over ``bg``."""
    lut = [shade(fg, bg, a) for a in range(256)]
    image = Image.frombytes("P", alpha.size, alpha.point(lut).tobytes())
    image.putpalette(PALETTE)
    threshold = 255 // (2 * LEVELS)
    mask = alpha.point([255 if a > threshold else 0 for a in range(256)])
    return Sprite(image, mask, ax, ay)


def _canvas(size_x: int, size_y: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    big = Image.new("L", (size_x * SUPERSAMPLE, size_y * SUPERSAMPLE), 0)
    return big, ImageDraw.Draw(big)


@lru_cache(maxsize=256)
def disc(radius: float, fg: RGB, bg: RGB) -> Sprite:
    """A filled circle of ``radius`` pixels centred on the anchor pixel."""
    pad = int(radius) + 2
    size = 2 * pad + 1
    big, draw = _canvas(size, size)
    c = (pad + 0.5) * SUPERSAMPLE
    r = radius * SUPERSAMPLE
    draw.ellipse((c - r, c - r, c + r, c + r), fill=255)
    return _sprite(big.reduce(SUPERSAMPLE), fg, bg, pad, pad)


@lru_cache(maxsize=256)
def halo(radius: float, width: float, fg: RGB, bg: RGB) -> Sprite:
    """A circle outline of ``radius`` pixels and line ``width`` centred on the anchor pixel."""
    pad = int(radius + width) + 2
    size = 2 * pad + 1
    big, draw = _canvas(size, size)
    c = (pad + 0.5) * SUPERSAMPLE
    r = radius * SUPERSAMPLE
    draw.ellipse((c - r, c - r, c + r, c + r), outline=255, width=max(1, round(width * SUPERSAMPLE)))
    return _sprite(big.reduce(SUPERSAMPLE), fg, bg, pad, pad)


@lru_cache(maxsize=256)
def pill(width: int, height: int, fg: RGB, bg: RGB) -> Sprite:
    """A filled rectangle with round ends, ``width`` by ``height`` pixels, anchored at its top left pixel."""
    big, draw = _canvas(width, height)
    r = min(width, height) * SUPERSAMPLE / 2
    draw.rounded_rectangle((0, 0, width * SUPERSAMPLE - 1, height * SUPERSAMPLE - 1), radius=r, fill=255)
    return _sprite(big.reduce(SUPERSAMPLE), fg, bg, 0, 0)


@lru_cache(maxsize=512)
def segment(cell: int, dx: int, dy: int, width: float, fg: RGB, bg: RGB) -> Sprite:
    """A chain link from the anchor pixel to the one ``(dx, dy)`` cells away (screen axes, ``dx >= 0``).

    The ends are round so that links meet cleanly at the dots.
    """
    pad = int(width) + 2
    sx = abs(dx) * cell + 2 * pad + 1
    sy = abs(dy) * cell + 2 * pad + 1
    ax = pad
    ay = pad if dy >= 0 else pad + abs(dy) * cell
    big, draw = _canvas(sx, sy)
    x0, y0 = (ax + 0.5) * SUPERSAMPLE, (ay + 0.5) * SUPERSAMPLE
    x1, y1 = x0 + dx * cell * SUPERSAMPLE, y0 + dy * cell * SUPERSAMPLE
    w = width * SUPERSAMPLE
    draw.line((x0, y0, x1, y1), fill=255, width=max(1, round(w)))
    h = w / 2
    for x, y in ((x0, y0), (x1, y1)):
        draw.ellipse((x - h, y - h, x + h, y + h), fill=255)
    return _sprite(big.reduce(SUPERSAMPLE), fg, bg, ax, ay)


def _strokes(radius: float, width: float, lines: tuple[tuple[tuple[float, float], ...], ...]) -> Image.Image:
    """Coverage of polylines given in units of ``radius`` around the centre (round caps and joints)."""
    pad = int(radius + width) + 2
    size = 2 * pad + 1
    big, draw = _canvas(size, size)
    c = (pad + 0.5) * SUPERSAMPLE
    r = radius * SUPERSAMPLE
    w = max(1, round(width * SUPERSAMPLE))
    for line in lines:
        points = [(c + x * r, c + y * r) for x, y in line]
        draw.line(points, fill=255, width=w, joint="curve")
        for x, y in points:
            draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=255)
    return big.reduce(SUPERSAMPLE)


@lru_cache(maxsize=128)
def cross(radius: float, width: float, fg: RGB, bg: RGB) -> Sprite:
    """A diagonal cross (✗) whose arms reach ``radius`` pixels from the anchor pixel, lines ``width`` wide."""
    k = 0.7071
    alpha = _strokes(radius, width, (((-k, -k), (k, k)), ((-k, k), (k, -k))))
    pad = int(radius + width) + 2
    return _sprite(alpha, fg, bg, pad, pad)


@lru_cache(maxsize=128)
def tick(radius: float, width: float, fg: RGB, bg: RGB) -> Sprite:
    """A tick (✓) within ``radius`` pixels of the anchor pixel, lines ``width`` wide."""
    alpha = _strokes(radius, width, (((-0.75, 0.0), (-0.2, 0.55), (0.8, -0.6)),))
    pad = int(radius + width) + 2
    return _sprite(alpha, fg, bg, pad, pad)


def paste(target: Image.Image, sprite: Sprite, x: int, y: int) -> None:
    """Paste ``sprite`` with its anchor on pixel ``(x, y)`` of ``target`` (clipped at the edges).

    Straight to Pillow's core: a picture pastes thousands of sprites, and ``Image.paste``'s checks cost more than the
    copying. ``target`` must be a loaded, writable image of mode ``P`` (made by ``Image.new`` or ``copy``).
    """
    x0, y0 = x - sprite.ax, y - sprite.ay
    width, height = sprite.image.size
    target.im.paste(sprite.image.im, (x0, y0, x0 + width, y0 + height), sprite.mask.im)
