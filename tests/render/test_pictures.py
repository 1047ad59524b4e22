"""Board pictures of games (``tochki_bot.pictures``): what the engine knows, turned into the renderer's view; as the
chat gets them, whose move the header underlines.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from render import palette
from tests.support.harness import Bot
from tests.support.paths import Where
from tests.support.variant_games import polish_game
from tochki_bot.engine import Game
from tochki_bot.pictures import board_view


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def test_the_final_board_after_a_resignation_marks_the_last_dot() -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    game = Game(10, 10, "empty")
    game.play(5, 5)
    game.play(6, 6)
    game.resign("blue")
    assert board_view(game).last_move == (6, 6)


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
