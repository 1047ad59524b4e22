"""Generate the sample board pictures shown in the README (docs/*.png).

Run: python docs/make_pictures.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.positions import surrounding_game  # noqa: E402
from render import Window, render_png  # noqa: E402
from storage import UserRecord  # noqa: E402
from tochki_bot.captions import Players, picture_caption  # noqa: E402
from tochki_bot.pictures import board_view  # noqa: E402

OUT = ROOT / "docs"


def main() -> None:
    game = surrounding_game(1, 450)
    players = Players(UserRecord(1, "Алиса"), UserRecord(2, "Bob"))
    caption = picture_caption("ru", game, players)
    view = board_view(game, blue="Алиса", red="Bob", caption=caption, window=Window(15, 12, 22, 19))
    (OUT / "board-39x32.png").write_bytes(render_png(view, compress_level=9))
    zoom = board_view(game, blue="Алиса", red="Bob", caption=caption)
    picture = render_png(zoom, crop=Window(15, 12, 22, 19), max_side=720, compress_level=9)
    (OUT / "board-window.png").write_bytes(picture)

    final = surrounding_game(5, 160, 20, 20, "cross")
    final.ground("red")
    players = Players(UserRecord(3, "Anna"), UserRecord(4, "Борис"))
    view = board_view(final, blue="Anna", red="Борис", caption=picture_caption("en", final, players))
    (OUT / "board-20x20-grounded.png").write_bytes(render_png(view, max_side=900, compress_level=9))
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(ROOT), path.stat().st_size // 1024, "KB")


if __name__ == "__main__":
    main()
