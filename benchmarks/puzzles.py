"""Make the puzzle set shipped with the bot (``tochki_bot/services/puzzles.json``) from the real records under
``tests/data`` and the bot's own games under ``tests/data/bot-games`` (``benchmarks/bot_games.py`` plays them), and
print what it found: positions looked at, puzzles, time.

Every position after the 8th dot of each record is judged by ``tochki_bot.ai.puzzles.judge`` at the review budget
(a unique solution: at least 3 dots more than any other move, or a grounding that wins) and each unique one verified
again at 4x the budget. Records of the manual rule sets (polish, territory) are replayed under the sports rules as
far as those allow (the same dots; captures are then automatic).

Run: python -m benchmarks.puzzles [--nodes 2000] [--check]   (--check: compare with the shipped set, write nothing)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tochki_bot.ai.puzzles import FIRST_PLY, REVIEW_NODES, VERIFY, Tally, find_puzzles
from tochki_bot.engine import MoveKind
from tochki_bot.engine.sgf import parse_sgf
from tochki_bot.services.puzzles import initial_rating, moves_text

_ROOT = Path(__file__).resolve().parent.parent
DATA = _ROOT / "tests" / "data"
TARGET = _ROOT / "tochki_bot" / "services" / "puzzles.json"


def records() -> list[Path]:
    """The real records shipped as test data, then the bot's own games, in a fixed order."""
    folders = ("territory", "bot-games")
    return sorted(DATA.glob("*.sgf")) + [p for folder in folders for p in sorted((DATA / folder).glob("*.sgf"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=REVIEW_NODES, help="the review budget (positions a judgement)")
    parser.add_argument("--check", action="store_true", help="compare with the shipped set; write nothing")
    args = parser.parse_args()
    puzzles: list[dict[str, object]] = []
    print(f"review budget {args.nodes} nodes, verified at {VERIFY}x; positions after dot {FIRST_PLY}")
    print(
        f"{'record':<28} {'rules':<10} {'dots':>5} {'judged':>7} {'unique':>7} {'repeat':>7} {'verified':>8} "
        f"{'seconds':>8}"
    )
    started = time.perf_counter()
    total = Tally()
    for path in records():
        record = parse_sgf(path.read_text(encoding="utf-8"))
        dots = sum(1 for m in record.moves if m.kind is MoveKind.DOT)
        source = path.stem if path.parent == DATA else f"{path.parent.name}/{path.stem}"
        start = time.perf_counter()
        tally = Tally()
        for found in find_puzzles(record.settings, record.moves, nodes=args.nodes, convert=True, tally=tally):
            v = found.verdict
            puzzles.append(
                {
                    "source": source,
                    "ply": found.ply,
                    "settings": found.position.settings.to_dict(),
                    "moves": moves_text(list(found.position.moves)),
                    "to_move": found.position.to_move,
                    "solution": str(v.best),
                    "kind": v.kind,
                    "value": v.value,
                    "runner_up": v.runner_up,
                    "found_at": v.found_at,
                    "capture": v.capture,
                    "rating": initial_rating(v),
                }
            )
        seconds = time.perf_counter() - start
        for name in ("judged", "unique", "verified", "repeated"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        print(
            f"{source:<28} {record.settings.rules:<10} {dots:>5} {tally.judged:>7} {tally.unique:>7} "
            f"{tally.repeated:>7} {tally.verified:>8} {seconds:>8.1f}",
            flush=True,
        )
    elapsed = time.perf_counter() - started
    print(
        f"{'total':<28} {'':<10} {'':>5} {total.judged:>7} {total.unique:>7} {total.repeated:>7} "
        f"{total.verified:>8} {elapsed:>8.1f}"
    )
    for p in puzzles:
        print(
            f"  {p['source']} after {p['ply']} dots: {p['to_move']} {p['solution']} ({p['kind']}, "
            f"{p['value']:+.0f} against {p['runner_up']:+.0f}, found at {p['found_at']} plies, "
            f"rating {p['rating']:.0f})"
        )
    body = {"nodes": args.nodes, "verify": VERIFY, "puzzles": puzzles}
    if args.check:
        shipped = json.loads(TARGET.read_text(encoding="utf-8"))
        same = shipped["puzzles"] == puzzles
        print("the shipped set is " + ("the same" if same else "DIFFERENT"))
        sys.exit(0 if same else 1)
    lines = ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in puzzles)
    head = json.dumps({k: v for k, v in body.items() if k != "puzzles"})[:-1]
    TARGET.write_text(f'{head}, "puzzles": [\n{lines}\n]}}\n', encoding="utf-8")
    print(f"wrote {len(puzzles)} puzzles to {TARGET.relative_to(_ROOT)}")


if __name__ == "__main__":
    main()
