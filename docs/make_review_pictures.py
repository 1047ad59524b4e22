"""Generate the review pictures shown in the docs: the evaluation chart of a real 39x32 game and its biggest
mistake's board (``docs/images/review-chart.png``, ``docs/images/review-mistake.png``).

The record (``tests/data/zagram-352562.sgf``) is reviewed as the bot reviews a game: every move at the review budget
(``REVIEW_NODES``), in this process, on one core (a minute or two).

Run: python docs/make_review_pictures.py [record.sgf] [language]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.review import evaluation_chart, render_mistake  # noqa: E402
from tochki_bot.engine.sgf import parse_sgf  # noqa: E402
from tochki_bot.i18n import LANGUAGES, Language  # noqa: E402
from tochki_bot.services.reviews import REVIEW_NODES, ReviewView  # noqa: E402
from tochki_bot.services.search import read_span, review_span  # noqa: E402
from tochki_bot.wording.reviews import chart_view, done_text, mistake_caption, mistake_view, mistakes  # noqa: E402

OUT = ROOT / "docs" / "images"
RECORD = ROOT / "tests" / "data" / "zagram-352562.sgf"


def main(path: Path, lang: Language) -> None:
    record = parse_sgf(path.read_bytes())
    game = record.game()
    started = time.perf_counter()
    moves = read_span(review_span(game.settings, list(game.moves), 1, game.ply, nodes=REVIEW_NODES))
    seconds = time.perf_counter() - started
    review = ReviewView(
        id=1,
        subject="game",
        ref=12,
        asked_by=0,
        state="done",
        total=game.ply,
        done=game.ply,
        moves=tuple(moves),
        game=game,
        blue_name=record.blue,
        red_name=record.red,
        created_at=0.0,
        finished_at=seconds,
        expected_seconds=None,
    )
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "review-chart.png").write_bytes(evaluation_chart(chart_view(review, lang)))
    worst = sorted(mistakes(review), key=lambda m: (-m.loss, m.ply))
    if worst:
        (OUT / "review-mistake.png").write_bytes(render_mistake(mistake_view(review, worst[0], lang)))
    print(f"{len(moves)} moves judged in {seconds:.0f} s at {REVIEW_NODES} nodes a move")
    print(done_text(review, lang))
    for move in worst:
        print(mistake_caption(review, move, lang))


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else RECORD
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    if language not in LANGUAGES:
        raise SystemExit(f"language: one of {', '.join(LANGUAGES)}")
    main(source, language)
