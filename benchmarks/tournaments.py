"""Tournaments: how long pairing a Swiss round takes (100 and 500 players, every round of a 9-round Swiss with random
results), the standings with their tie-breaks, a knockout's bracket; replaying 10,000 rated games into Glicko-2 (the
migration's work); and a tournament's round advanced through the services (SQLite) in the transaction ending its
last game.

Run: python -m benchmarks.tournaments
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from storage import RatedGame
from tochki_bot.services import LobbyChoice, Person, Place, Services, TournamentChoice
from tochki_bot.services.pairing import elimination_first, entrants_after, swiss, swiss_rounds
from tochki_bot.services.ratings import replay
from tochki_bot.services.standings import Outcome, Result, standings


def swiss_timing(players: int, rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    history: list[tuple[int, int | None, float]] = []
    times = []
    for _ in range(rounds):
        field = entrants_after(history, range(1, players + 1))
        start = time.perf_counter()
        tables = swiss(field)
        times.append(time.perf_counter() - start)
        history += [(a, b, rng.choice((0.0, 0.5, 1.0))) for a, b in tables]
    met = [frozenset((a, b)) for a, b, _ in history if b is not None]
    assert len(met) == len(set(met)), "a repeated pairing"
    return times


async def services_round() -> float:
    """A round robin of 10 through the services: the time of the move ending round 1's last game (which stores
    the result, pairs round 2 and starts its five games in the same transaction)."""
    with tempfile.TemporaryDirectory() as folder:
        services = await Services.open(Path(folder) / "t.db", ai_workers=0)
        try:
            group = Place(-1, "supergroup")
            people = [Person(i, f"P{i}") for i in range(1, 11)]
            game = LobbyChoice(width=10, height=10, start="empty", move_seconds=3600)
            opened = await services.tournaments.open(group, people[0], TournamentChoice("round_robin", game=game))
            for person in people[1:]:
                await services.tournaments.join(opened.view.id, person, group)
            view = await services.tournaments.start(opened.view.id, people[0])
            games = [p.game_id for p in view.round_pairings(1) if p.game_id is not None]
            last = 0.0
            for game_id in games:
                assert game_id is not None
                record = await services.game(game_id)
                assert record.blue is not None and record.red is not None
                blue = Person(record.blue.id, record.blue.name)
                red = Person(record.red.id, record.red.name)
                await services.play.move(game_id, blue, 1, 1)
                await services.play.move(game_id, red, 10, 10)
                start = time.perf_counter()
                await services.play.resign(game_id, red)
                last = time.perf_counter() - start
            view = await services.tournaments.get(view.id)
            assert view.round == 2 and len([p for p in view.round_pairings(2) if p.game_id]) == 5
            return last
        finally:
            await services.close()


def main() -> None:
    for players in (100, 500):
        rounds = swiss_rounds(players) + 2
        all_times = [t for seed in range(3) for t in swiss_timing(players, rounds, seed)]
        print(
            f"Swiss pairing, {players} players, {rounds} rounds x 3 tournaments: "
            f"median {statistics.median(all_times) * 1000:.1f} ms, max {max(all_times) * 1000:.1f} ms a round"
        )
    rng = random.Random(1)
    results: list[Result] = []
    outcomes: tuple[Outcome, ...] = ("blue", "red", "draw")
    for r in range(1, 10):
        ids = list(range(1, 101))
        rng.shuffle(ids)
        results += [Result(r, ids[i], ids[i + 1], rng.choice(outcomes)) for i in range(0, 100, 2)]
    start = time.perf_counter()
    for _ in range(10):
        standings([(p, p) for p in range(1, 101)], results, "swiss")
    print(f"standings of 100 players after 9 rounds: {(time.perf_counter() - start) / 10 * 1000:.1f} ms")
    start = time.perf_counter()
    elimination_first(list(range(1, 101)))
    print(f"knockout bracket of 100: {(time.perf_counter() - start) * 1000:.2f} ms")
    games = [
        RatedGame(i, rng.randrange(1, 500), rng.randrange(500, 1000), "sports", rng.choice(("blue", "red", None)), i)
        for i in range(10_000)
    ]
    start = time.perf_counter()
    replay(games)
    print(f"Glicko-2 replay of 10,000 rated games: {(time.perf_counter() - start) * 1000:.0f} ms")
    print(
        f"the move ending a round robin's round (10 players: result, round 2 paired, 5 games started): "
        f"{asyncio.run(services_round()) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
