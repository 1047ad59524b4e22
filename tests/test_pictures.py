"""The board pictures (``tochki_bot/pictures.py``) as the chat gets them: whose move the header underlines."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from harness import Bot
from PIL import Image
from test_play import polish_game

from render import palette
from tochki_bot.engine import Game
from tochki_bot.pictures import board_view


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


def underlined(png: bytes) -> str | None:
    """The side whose name the header underlines: a bar of its colour under the name, far longer than the side's
    disc beside the name (the only other thing of that colour in the header's half)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width = image.width
    header = image.crop((0, 0, width, image.height // 8))
    pixels = header.load()
    assert pixels is not None
    longest: dict[str, int] = {}
    for side, (x0, x1) in (("blue", (0, width // 2)), ("red", (width // 2, width))):
        colour = palette.COLOUR[side]
        best = 0
        for y in range(header.height):
            run = 0
            for x in range(x0, x1):
                run = run + 1 if pixels[x, y] == colour else 0
                best = max(best, run)
        longest[side] = best
    blue, red = longest["blue"], longest["red"]
    if blue > 1.5 * red:
        return "blue"
    if red > 1.5 * blue:
        return "red"
    return None


def test_the_underline_detector_reads_the_renderers_pictures() -> None:
    from render import render_png

    game = Game(10, 10)
    game.play(2, 2)
    assert underlined(render_png(board_view(game, blue="Anna", red="Boris"))) == "red"
    game.play(8, 8)
    assert underlined(render_png(board_view(game, blue="Anna", red="Boris"))) == "blue"


async def test_the_closing_board_underlines_the_closer(bot: Bot) -> None:
    await polish_game(bot)  # Anna (blue) walled in 3-3 and closes: her board is the one edited in place
    assert (await bot.game(1)).closing == "blue"
    shown = [c for c in bot.fake.sent() if c.method in ("sendPhoto", "editMessageMedia") and c.files]
    last = shown[-1]
    assert "close your pools" in str(last.params)
    assert underlined(next(iter(last.files.values()))) == "blue"
