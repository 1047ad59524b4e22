"""Generate the sample board pictures shown in the README (docs/*.png).

Run: python docs/make_pictures.py

Besides the README pictures it writes a before/after pair at phone size (a chat shows a photo about 400 pixels wide):
``phone-after.png`` is today's 39x32 picture scaled to 400 pixels wide, and ``phone-before.png`` the same position
drawn by the renderer of commit ``BEFORE`` (taken from git, drawn in a subprocess), scaled the same way. Without git
or that commit, ``phone-before.png`` is left as it is.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# With TOCHKI_RENDER set, that folder's ``render`` package draws (an older one, for the "before" picture).
sys.path[:0] = [p for p in (os.environ.get("TOCHKI_RENDER"), str(ROOT)) if p]

from PIL import Image  # noqa: E402

from render import Window, render_png  # noqa: E402
from tests.support.positions import surrounding_game  # noqa: E402
from tochki_bot.pictures import board_view  # noqa: E402
from tochki_bot.services import GameView  # noqa: E402
from tochki_bot.telegram.captions import picture_caption  # noqa: E402

OUT = ROOT / "docs"
BEFORE = "44ab5fd"
"""The last commit before the pictures were made readable at phone size."""
PHONE = 400
"""How wide a phone shows a photo in a chat."""
WINDOW = Window(15, 12, 22, 19)
ZOOM_SIDE = 800
"""Long side of the zoomed window picture."""


def sports_board() -> bytes:
    """The README's 39x32 picture: a dense mid-game, Russian and English names, the move buttons' window marked."""
    game = surrounding_game(1, 450)
    caption = picture_caption("ru", GameView.of_position(game, blue="Алиса", red="Bob", game_id=12))
    view = board_view(game, blue="Алиса", red="Bob", caption=caption, window=WINDOW)
    return render_png(view, compress_level=9)


def bot_board() -> bytes:
    """A game against the bot (★★★) on 15x15, 60 moves in: Anna's side played by the easy level."""
    from tochki_bot.ai import choose_move
    from tochki_bot.engine import Game

    game = Game(15, 15, "cross")
    for ply in range(60):
        level = "hard" if game.to_move == "red" else "easy"
        game.play(*choose_move(game, level, seconds=0.2, seed=ply))
    names = {"blue": "Anna", "red": "🤖 Bot ★★★"}
    caption = picture_caption("en", GameView.of_position(game, game_id=3, **names))
    return render_png(board_view(game, caption=caption, **names), max_side=900, compress_level=9)


def phone(png: bytes) -> bytes:
    """``png`` as a phone shows it in a chat: 400 pixels wide (a small palette PNG)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.resize((PHONE, round(image.height * PHONE / image.width)), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    palette = image.quantize(colors=128, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
    palette.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def before() -> bytes | None:
    """The sports board drawn by the renderer of commit ``BEFORE``, or ``None`` when git cannot give it."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "render"], capture_output=True, check=False)
    if archive.returncode != 0:
        return None
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        env = {**os.environ, "TOCHKI_RENDER": folder}
        drawn = subprocess.run(
            [sys.executable, __file__, "--sports-board"], env=env, capture_output=True, check=True, cwd=ROOT
        )
    return drawn.stdout


def main() -> None:
    if sys.argv[1:] == ["--sports-board"]:
        sys.stdout.buffer.write(sports_board())
        return
    board = sports_board()
    (OUT / "board-39x32.png").write_bytes(board)
    (OUT / "phone-after.png").write_bytes(phone(board))
    old = before()
    if old is not None:
        (OUT / "phone-before.png").write_bytes(phone(old))
    else:
        print(f"no git or no commit {BEFORE}: docs/phone-before.png left as it is")

    game = surrounding_game(1, 450)
    caption = picture_caption("ru", GameView.of_position(game, blue="Алиса", red="Bob", game_id=12))
    zoom = board_view(game, blue="Алиса", red="Bob", caption=caption)
    picture = render_png(zoom, crop=WINDOW, max_side=ZOOM_SIDE, compress_level=9)
    (OUT / "board-window.png").write_bytes(picture)

    final = surrounding_game(5, 160, 20, 20, "cross")
    final.ground("red")
    caption = picture_caption("en", GameView.of_position(final, blue="Anna", red="Борис", game_id=7))
    view = board_view(final, blue="Anna", red="Борис", caption=caption)
    (OUT / "board-20x20-grounded.png").write_bytes(render_png(view, max_side=900, compress_level=9))
    (OUT / "board-vs-bot.png").write_bytes(bot_board())
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(ROOT), path.stat().st_size // 1024, "KB")


if __name__ == "__main__":
    main()
