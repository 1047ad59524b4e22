"""The Mini App's numbers: the page's size, the state's size, and how soon an open page hears of a move.

- page: ``/`` with its script and styles, as served (and gzipped, as the server sends them to browsers);
- state: the JSON of a full random 39x32 game (every point played or captured) and of a 450-move mid-game;
- review: the JSON of a done review (``ReviewPage``) of a 250-move 39x32 game, and how long it takes to work out
  (every mistake's caption replays the game to it; a done review's page is then kept, ``webapp.review.ReviewPages``);
- update latency: the real services on a SQLite file and the Mini App server on 127.0.0.1; the second player's page
  long-polls ``/api/games/<id>/updates`` (over HTTP, with signed initData) while the first player moves, either
  through the services as a chat command does or through ``POST /api/games/<id>/moves`` as the Mini App does. The
  time runs from the move being stored (the services returned it) to the long poll's answer being read.

Run: python -m benchmarks.webapp [moves]
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tests.support.positions import dense_midgame, surrounding_game
from tochki_bot.engine import Game
from tochki_bot.services import GameView, Person, Place, ReviewView, Services
from tochki_bot.services.search import read_span, review_span
from tochki_bot.webapp import RateLimit, WebAppServer, sign_init_data
from tochki_bot.webapp.review import review_page
from tochki_bot.webapp.server import TELEGRAM_JS, page_files
from tochki_bot.webapp.state import game_state

TOKEN = "123:BENCH"


def size(data: bytes) -> str:
    return f"{len(data) / 1024:.1f} KB ({len(gzip.compress(data, 6)) / 1024:.1f} KB gzipped)"


def state_bytes(game: Game) -> bytes:
    view = GameView.of_position(game, blue="Анна Каренина", red="Boris")
    return json.dumps(game_state(view, -1, "ru", 0.0), ensure_ascii=False, separators=(",", ":")).encode()


def random_game(rng: random.Random, moves: int | None) -> Game:
    game = Game(39, 32, "cross")
    while not game.is_over and (moves is None or game.ply < moves):
        points = list(game.playable_points())
        if not points:
            break
        game.play(*rng.choice(points))
    return game


def sizes() -> None:
    files = page_files(TELEGRAM_JS)
    page = b"".join(body for body, _ in files.values())
    parts = ", ".join(f"{name or 'index.html'} {len(body) / 1024:.1f} KB" for name, (body, _) in files.items())
    print(f"page: {size(page)}: {parts}")
    for name, game in (
        ("full random 39x32 game", random_game(random.Random(7), None)),
        ("full 39x32 game of surrounding players", surrounding_game(5, 39 * 32)),
        ("dense 39x32 mid-game", dense_midgame()),
    ):
        print(f"state, {name} ({game.move_count} moves, {len(game.areas)} areas): {size(state_bytes(game))}")


def review_sizes(nodes: int = 300) -> None:
    """A done review's page: its size and the time to work it out (the review itself at ``nodes`` a move)."""
    game = surrounding_game(5, 250)
    moves = tuple(read_span(review_span(game.settings, list(game.moves), 1, len(game.moves), nodes)))
    now = time.time()
    review = ReviewView(
        1, "game", 12, 1, "done", len(game.moves), len(game.moves), moves, game, "Анна", "Boris", now, now, None, nodes
    )
    times = []
    for _ in range(5):
        start = time.perf_counter()
        page = review_page(review, "ru")
        times.append(time.perf_counter() - start)
    data = json.dumps(page, ensure_ascii=False, separators=(",", ":")).encode()
    print(
        f"review page, 250-move 39x32 game ({len(page['mistakes'])} mistakes listed): {size(data)}, "
        f"worked out in {statistics.median(times) * 1000:.0f} ms"
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def latency(moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        services = await Services.open(Path(folder) / "bench.db")
        server = WebAppServer(token=TOKEN, port=0, rate=RateLimit(rate=1000, burst=1000))
        await server.start(services)
        anna, boris = Person(1, "Anna"), Person(2, "Boris")
        group = Place(-100, "supergroup", "bench")
        lobby = (await services.lobby.open(group, anna)).view
        view = await services.lobby.join(lobby.id, boris, group)
        people = {"blue": anna if view.colour_of(anna.id) == "blue" else boris}
        people["red"] = boris if people["blue"] is anna else anna
        now = str(int(time.time()))
        headers = {}
        for p in (anna, boris):
            user = json.dumps({"id": p.id, "first_name": p.first_name})
            headers[p.id] = {"Authorization": "tma " + sign_init_data(TOKEN, {"user": user, "auth_date": now})}
        rng = random.Random(3)
        points = [(x, y) for x in range(1, 40) for y in range(1, 33)]
        rng.shuffle(points)
        results: dict[str, list[float]] = {"chat": [], "webapp": []}
        round_trips: list[float] = []
        async with httpx.AsyncClient(base_url=server.base_url, timeout=30.0) as client:
            for n in range(moves):
                view = await services.game(view.id)
                if view.to_move is None:
                    break
                mover = people[view.to_move]
                watcher = anna if mover is boris else boris
                version = (await client.get(f"/api/games/{view.id}", headers=headers[watcher.id])).json()["version"]
                poll = asyncio.create_task(
                    client.get(f"/api/games/{view.id}/updates?version={version}", headers=headers[watcher.id])
                )
                await asyncio.sleep(0.01)  # the long poll is waiting
                while True:
                    x, y = points.pop()
                    if view.position.is_playable(x, y):
                        break
                how = "webapp" if n % 2 else "chat"
                if how == "chat":
                    await services.play.move(view.id, mover, x, y, expected_ply=view.ply)
                    stored = time.perf_counter()
                else:
                    sent = time.perf_counter()
                    answer = await client.post(
                        f"/api/games/{view.id}/moves",
                        json={"x": x, "y": y, "ply": view.ply, "key": f"k{n}"},
                        headers=headers[mover.id],
                    )
                    stored = time.perf_counter()
                    assert answer.status_code == 200, answer.text
                    round_trips.append(stored - sent)
                response = await poll
                heard = time.perf_counter()
                assert response.json()["ply"] == view.ply + 1
                # A move through the API: from the request sent (its answer may come after the other page's).
                results[how].append(heard - (stored if how == "chat" else sent))
        await server.stop()
        await services.close()
    for how, values in results.items():
        ms = [v * 1000 for v in values]
        since = "the move stored" if how == "chat" else "the POST sent"
        print(
            f"update latency, a {how} move, from {since} to the other page's answer: "
            f"p50 {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms "
            f"({len(ms)} moves)"
        )
    trips = [v * 1000 for v in round_trips]
    print(f"POST /moves round trip: p50 {statistics.median(trips):.1f} ms, p99 {percentile(trips, 0.99):.1f} ms")


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    sizes()
    review_sizes()
    asyncio.run(latency(moves))


if __name__ == "__main__":
    main()
