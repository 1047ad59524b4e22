"""The review's judgement and speed, measured (issue 21's honest numbers).

``signs``: for each record under ``tests/data`` (the real ones, the territory ones, and the bot's own finished games
listed in ``tests/data/RECORDS.md``), every move of its last fifth is reviewed at the review budget
(``review_span``, as an ai-worker runs it) and the estimate after the move (blue minus red, ``blue_value``) is
compared with the recorded winner: its sign matches a win when it is on the winner's side (``> 0`` for blue), a draw
when it is within a dot of 0 (``|v| < 1``). Printed per record: rules, moves, the recorded winner, positions judged,
the share that match, the final score; then the total over the sports and Polish records, the territory ones and the
bot's games apart (their estimates leave out the territory counted at the end).

``speed``: a 39x32 record (``zagram-352562.sgf``, 244 moves) reviewed whole at the review budget in this process
(one core), then spread over ``--workers`` processes (a ``ProcessPoolExecutor`` given spans of ``SPAN`` moves, as
ai-workers get them): seconds in all and per move, and the ratio. The load average is printed before and after: the
machine's cores may be shared.

``workers``: the same record's review as the bot runs it: asked through the services on a SQLite database (this
process only gathers), its jobs done by one, then by ``--workers`` real ``tochki-bot ai-worker`` processes (one
search each): seconds until the review is done, and the ratio. Both tables end with a control: how much more two
processes of pure computation do than one on this machine (2.0 on two free cores).

Run: python -m benchmarks.review signs [--nodes 2000] [--only NAME]
     python -m benchmarks.review speed [--nodes 2000] [--workers 2] [--record zagram-352562.sgf]
     python -m benchmarks.review workers [--workers 2] [--record zagram-352562.sgf]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.support.program import AiWorker
from tochki_bot.ai.review import REVIEW_NODES, MoveReview
from tochki_bot.engine import Colour, GameSettings, Move
from tochki_bot.engine.sgf import SgfRecord, parse_result, parse_sgf
from tochki_bot.services.reviews import SPAN
from tochki_bot.services.search import read_span, review_span

_ROOT = Path(__file__).resolve().parent.parent
DATA = _ROOT / "tests" / "data"
SPEED_RECORD = "zagram-352562.sgf"
FIFTH = 5
"""The last ``1/FIFTH`` of each game is judged."""


@dataclass(frozen=True)
class Row:
    """One record's line of the ``signs`` table."""

    name: str
    group: str
    rules: str
    moves: int
    winner: Colour | None
    judged: int
    matched: int
    score: tuple[int, int]
    seconds: float
    misses: tuple[MoveReview, ...]


def records() -> list[tuple[str, Path]]:
    """Every record the ``signs`` table covers, with its group: ``real`` (sports and Polish), ``territory``, ``bot``."""
    found: list[tuple[str, Path]] = []
    for path in sorted(DATA.glob("*.sgf")) + sorted((DATA / "territory").glob("*.sgf")):
        record = parse_sgf(path.read_bytes())
        found.append(("territory" if record.settings.rules == "territory" else "real", path))
    found += [("bot", path) for path in sorted((DATA / "bot-games").glob("*.sgf"))]
    return found


def matches(value: float, winner: Colour | None) -> bool:
    """Whether an estimate (blue minus red) agrees with the recorded result: on the winner's side, or within a dot
    of 0 for a draw."""
    if winner is None:
        return abs(value) < 1.0
    return value > 0 if winner == "blue" else value < 0


def last_fifth(count: int) -> int:
    """The first move (1-based) of the last fifth of ``count`` moves."""
    return count - math.ceil(count / FIFTH) + 1


def signs_row(name: str, group: str, record: SgfRecord, nodes: int) -> Row | None:
    """The ``signs`` line of one record (``None`` when it states no result)."""
    result = parse_result(record.result)
    if result is None:
        return None
    moves = record.moves
    first = last_fifth(len(moves))
    start = time.perf_counter()
    judged = read_span(review_span(record.settings, moves, first, len(moves) - first + 1, nodes))
    seconds = time.perf_counter() - start
    misses = tuple(m for m in judged if not matches(m.blue_value(), result.winner))
    return Row(
        name,
        group,
        record.settings.rules,
        len(moves),
        result.winner,
        len(judged),
        len(judged) - len(misses),
        record.game().score,
        seconds,
        misses,
    )


def _share(matched: int, judged: int) -> str:
    return f"{100 * matched / judged:5.1f}%" if judged else "    -"


def signs(nodes: int, only: str | None) -> None:
    """Print the ``signs`` table."""
    print(f"review budget {nodes} nodes; the last 1/{FIFTH} of each record; load {_load()}")
    print(
        f"{'record':<28} {'rules':<9} {'moves':>5} {'winner':<6} {'judged':>6} {'sign ok':>7} {'share':>6} "
        f"{'score b-r':>9} {'seconds':>7}"
    )
    rows: list[Row] = []
    skipped: list[str] = []
    for group, path in records():
        name = path.name if path.parent == DATA else f"{path.parent.name}/{path.name}"
        if only and only not in name:
            continue
        row = signs_row(name, group, parse_sgf(path.read_bytes()), nodes)
        if row is None:
            skipped.append(name)
            continue
        rows.append(row)
        winner = row.winner or "draw"
        print(
            f"{name:<28} {row.rules:<9} {row.moves:>5} {winner:<6} {row.judged:>6} {row.matched:>7} "
            f"{_share(row.matched, row.judged):>6} {row.score[0]:>4}-{row.score[1]:<4} {row.seconds:>7.1f}",
            flush=True,
        )
    print()
    for group, label in (("real", "sports + Polish"), ("territory", "territory"), ("bot", "bot's games")):
        mine = [r for r in rows if r.group == group]
        judged, matched = sum(r.judged for r in mine), sum(r.matched for r in mine)
        print(f"total {label:<22} {len(mine):>3} records {judged:>6} judged {matched:>6} ok {_share(matched, judged)}")
    if skipped:
        print(f"no recorded result (not counted): {', '.join(skipped)}")
    print("\nthe positions whose sign is wrong (ply colour played: estimate blue-red after it, best move and value)")
    for row in rows:
        if row.misses:
            text = ", ".join(
                f"{m.ply}{m.colour[0]} {m.played}:{m.blue_value():+.0f} ({m.best} {m.best_value:+.0f})"
                for m in row.misses
            )
            print(f"  {row.name}: {text}")


def _span(args: tuple[GameSettings, Sequence[Move], int, int, int]) -> list[list[object]]:
    settings, moves, first, count, nodes = args
    return review_span(settings, moves, first, count, nodes)


def _spin(n: int) -> int:
    """Pure computation, the control: what two processes at once get out of this machine."""
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def control(workers: int, n: int = 20_000_000) -> float:
    """How many times the work of one process ``workers`` processes do in the same time on this machine (2.0 on two
    free cores; less where the cores are shared or are threads of one)."""
    start = time.perf_counter()
    _spin(n)
    alone = time.perf_counter() - start
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_spin, [n] * workers))
    return workers * alone / (time.perf_counter() - start)


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min) on {os.cpu_count()} cores"


def speed(nodes: int, workers: int, name: str) -> None:
    """Print the ``speed`` table."""
    record = parse_sgf((DATA / name).read_bytes())
    settings, moves = record.settings, record.moves
    print(f"{name}: {settings.size} {settings.rules}, {len(moves)} moves; review budget {nodes} nodes")
    print(f"load before: {_load()}")
    start = time.perf_counter()
    one = read_span(review_span(settings, moves, 1, len(moves), nodes))
    alone = time.perf_counter() - start
    print(f"load after one core: {_load()}")
    spans = [(settings, moves, first, SPAN, nodes) for first in range(1, len(moves) + 1, SPAN)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        found = [m for part in pool.map(_span, spans) for m in read_span(part)]
    spread = time.perf_counter() - start
    print(f"load after {workers} processes: {_load()}")
    same = found == one
    print(f"{'how':<24} {'judged':>6} {'seconds':>8} {'s/move':>7}")
    print(f"{'one core':<24} {len(one):>6} {alone:>8.1f} {alone / len(one):>7.3f}")
    print(f"{f'{workers} processes, spans {SPAN}':<24} {len(found):>6} {spread:>8.1f} {spread / len(found):>7.3f}")
    print(f"ratio {alone / spread:.2f}x; the same judgements both ways: {same}")
    print(f"control: {workers} processes of pure computation do {control(workers):.2f}x the work of one here")


async def _by_workers(text: str, workers: int, folder: Path) -> tuple[float, int]:
    """Seconds until the record's review is done by ``workers`` ai-worker processes; the moves judged."""
    from tochki_bot.services import Person, Services

    db = folder / f"review-{workers}.db"
    services = await Services.open(db, ai_workers=0)
    try:
        await services.opponent.start()
        import_id = await services.records.keep(1, 1, "Bench", text)
        processes = [AiWorker(str(db)) for _ in range(workers)]
        try:
            for process in processes:  # started (imports, a look at the queue) before the clock runs
                await process.started()
            start = time.perf_counter()
            review = await services.reviews.request("import", import_id, Person(1, "Bench"))
            await services.reviews.settle(timeout=1800.0)
            seconds = time.perf_counter() - start
        finally:
            for process in processes:
                process.stop()
        done = await services.reviews.get(review.id)
        return seconds, len(done.moves)
    finally:
        await services.close()


def by_workers(workers: int, name: str) -> None:
    """Print the ``workers`` table."""
    text = (DATA / name).read_text(encoding="utf-8")
    print(f"{name} reviewed through the services, its jobs done by ai-worker processes (one search each)")
    print(f"load before: {_load()}")
    rows: list[tuple[int, float, int]] = []
    with tempfile.TemporaryDirectory() as folder:
        for count in sorted({1, workers}):
            seconds, judged = asyncio.run(_by_workers(text, count, Path(folder)))
            rows.append((count, seconds, judged))
            print(f"load after {count}: {_load()}")
    print(f"{'ai-workers':<12} {'judged':>6} {'seconds':>8}")
    for count, seconds, judged in rows:
        print(f"{count:<12} {judged:>6} {seconds:>8.1f}")
    print(f"ratio {rows[0][1] / rows[-1][1]:.2f}x")
    print(f"control: {workers} processes of pure computation do {control(workers):.2f}x the work of one here")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("signs", help="the estimate's sign against the recorded winner, the last fifth of each record")
    s.add_argument("--nodes", type=int, default=REVIEW_NODES)
    s.add_argument("--only", help="only the records whose name holds this")
    p = sub.add_parser("speed", help="a whole 39x32 game reviewed on one core and over worker processes")
    p.add_argument("--nodes", type=int, default=REVIEW_NODES)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--record", default=SPEED_RECORD, help="a record under tests/data")
    w = sub.add_parser("workers", help="the review through the services, done by real ai-worker processes")
    w.add_argument("--workers", type=int, default=2)
    w.add_argument("--record", default=SPEED_RECORD, help="a record under tests/data")
    args = parser.parse_args()
    if args.command == "signs":
        signs(args.nodes, args.only)
    elif args.command == "speed":
        speed(args.nodes, args.workers, args.record)
    else:
        by_workers(args.workers, args.record)


if __name__ == "__main__":
    main()
