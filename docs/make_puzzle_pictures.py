"""Generate the puzzle pictures shown in docs/puzzles.md: a puzzle of the shipped set as ``/puzzle`` asks it (the
frame of its answer buttons) and as it is shown once answered (the position after the solution).

Run: python docs/make_puzzle_pictures.py [source]   (default: the shipped set's first puzzle from zagram)
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render import render_png  # noqa: E402
from tochki_bot.services import Services  # noqa: E402
from tochki_bot.telegram.puzzle_views import answered_spec, task_spec  # noqa: E402
from tochki_bot.wording.puzzles import solution  # noqa: E402

OUT = ROOT / "docs" / "images"


async def main(source: str) -> None:
    services = await Services.open(":memory:", ai_workers=0)
    try:
        await services.puzzles.count()
        row = await services._core.storage.db.row("SELECT id FROM puzzles WHERE source = ? ORDER BY ply", (source,))
        assert row is not None, f"no puzzle from {source}"
        puzzle = await services.puzzles.puzzle(int(row[0]))
        asked = task_spec(puzzle, "en", group=False)
        (OUT / "puzzle.png").write_bytes(render_png(asked.picture))
        answered = answered_spec(puzzle, "en", solution(puzzle, "en"))
        (OUT / "puzzle-solved.png").write_bytes(render_png(answered.picture))
        print(asked.caption)
        print(answered.caption)
    finally:
        await services.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "zagram-352562"))
