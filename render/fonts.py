"""The fonts shipped with the package (DejaVu Sans, free licence) and text that fits.

No system font is looked up, so every machine draws the same letters. Characters the font has no glyph for (emoji,
for instance) are left out rather than drawn as boxes.

The coordinates use DejaVu Sans Condensed Bold, cut down to printable ASCII (``pyftsubset --unicodes=U+0020-007E``;
the glyphs are unchanged): its digits are narrower, so two-digit labels can be taller and still fit one column.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
DIGITS = FONT_DIR / "DejaVuSansCondensed-Bold-ASCII.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at ``size`` pixels."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@lru_cache(maxsize=64)
def digits_font(size: int) -> ImageFont.FreeTypeFont:
    """The condensed bold font of the coordinates at ``size`` pixels (printable ASCII only)."""
    return ImageFont.truetype(str(DIGITS), size)


@lru_cache(maxsize=1024)
def ink_width(text: str, size: int) -> int:
    """How many pixels wide the ink of ``text`` is in the coordinates' font (advance without side bearings)."""
    box = digits_font(size).getmask(text).getbbox()
    return 0 if box is None else box[2] - box[0]


def _ink(char: str) -> bytes:
    """The pixels of ``char`` drawn alone in the shipped font at 24 pixels (the same for every character the font
    has no glyph for: its "missing" box)."""
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 8), char, fill=255, font=font(24))
    return image.tobytes()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return _ink("\U0010fffd")


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """True when the shipped font can draw ``char`` (spaces and marks count as drawable)."""
    return char.isspace() or _ink(char) != _missing_glyph()


FIGURE_SPACE = "\u2007"
"""A space as wide as a digit: it pads numbers to a fixed width (replay captions do, so that they do not shift)."""
_SPACES = re.compile(r"[^\S\u2007]+")


def drawable(text: str) -> str:
    """``text`` without the characters the font cannot draw and without control characters; spaces collapsed.

    Figure spaces are kept as they are.

    >>> drawable(" a\t\u200b b\u2007 ")
    'a b\u2007'
    """
    kept = "".join(ch for ch in text if (ch.isprintable() or ch == FIGURE_SPACE) and has_glyph(ch))
    return _SPACES.sub(" ", kept).strip(" ")


def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` (made drawable) shortened with an ellipsis so that it is at most ``max_width`` pixels wide."""
    text = drawable(text)
    face = font(size, bold)
    if face.getlength(text) <= max_width:
        return text
    while text and face.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""
