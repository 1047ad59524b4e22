"""The fonts shipped with the package (DejaVu Sans, free licence) and text that fits.

No system font is looked up, so every machine draws the same letters. Characters the font has no glyph for (emoji,
for instance) are left out rather than drawn as boxes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at ``size`` pixels."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(font(24).getmask("\U0010fffd"))


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """True when the shipped font can draw ``char`` (spaces and marks count as drawable)."""
    if char.isspace():
        return True
    mask = font(24).getmask(char)
    return bytes(mask) != _missing_glyph() or mask.size == (0, 0)


def drawable(text: str) -> str:
    """``text`` without the characters the font cannot draw and without control characters; spaces collapsed."""
    kept = "".join(ch for ch in text if ch.isprintable() and has_glyph(ch))
    return " ".join(kept.split())


def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` (made drawable) shortened with an ellipsis so that it is at most ``max_width`` pixels wide."""
    text = drawable(text)
    face = font(size, bold)
    if face.getlength(text) <= max_width:
        return text
    while text and face.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""
