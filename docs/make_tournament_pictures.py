"""Generate the tournament pictures shown in docs/tournaments.md: the final standings of a Swiss of 5 over 3 rounds
(the one worked out by hand in the tests) and the cross table of a round robin of 4, as the bot posts them; and a
rating history as ``/me`` shows it.

Run: python docs/make_tournament_pictures.py
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.chart import ChartView, Series, render_chart_png  # noqa: E402
from render.table import render_table_png  # noqa: E402
from tochki_bot.services import (  # noqa: E402
    LobbyChoice,
    Person,
    Place,
    Services,
    TournamentChoice,
    TournamentFormat,
)
from tochki_bot.services.ratings import START_DEVIATION, START_RATING  # noqa: E402
from tochki_bot.telegram.tournament_views import standings_picture  # noqa: E402

OUT = ROOT / "docs"
GROUP = Place(-1, "supergroup", "Points club")
PEOPLE = [Person(i, name) for i, name in enumerate(["Anna", "Boris", "Vera", "Gleb", "Dasha"], 1)]


async def finish(services: Services, game_id: int, outcome: str) -> None:
    view = await services.game(game_id)
    assert view.blue is not None and view.red is not None
    blue, red = Person(view.blue.id, view.blue.name), Person(view.red.id, view.red.name)
    await services.play.move(game_id, blue, 1, 1)
    await services.play.move(game_id, red, 10, 10)
    if outcome == "draw":
        await services.play.offer_draw(game_id, blue)
        await services.play.answer_draw(game_id, red, True)
    else:
        await services.play.resign(game_id, red if outcome == "blue" else blue)


async def tournament(services: Services, format: TournamentFormat, players: int, plan: dict[int, list[str]]) -> int:
    game = LobbyChoice(width=10, height=10, start="empty", move_seconds=3600)
    chat = Place(GROUP.chat_id - players, "supergroup", "Points club")
    opened = await services.tournaments.open(chat, PEOPLE[0], TournamentChoice(format=format, rounds=3, game=game))
    for person in PEOPLE[1:players]:
        await services.tournaments.join(opened.view.id, person, chat)
    view = await services.tournaments.start(opened.view.id, PEOPLE[0])
    for number in sorted(plan):
        view = await services.tournaments.get(view.id)
        games = [p.game_id for p in view.round_pairings(number) if p.game_id is not None]
        for game_id, outcome in zip(games, plan[number], strict=True):
            assert game_id is not None
            await finish(services, game_id, outcome)
    return view.id


async def main() -> None:
    services = await Services.open(":memory:", ai_workers=0)
    try:
        swiss = await tournament(services, "swiss", 5, {1: ["blue", "draw"], 2: ["blue", "red"], 3: ["draw", "blue"]})
        robin = await tournament(
            services, "round_robin", 4, {1: ["blue", "draw"], 2: ["blue", "blue"], 3: ["blue", "draw"]}
        )
        for tournament_id, name in ((swiss, "tournament-swiss.png"), (robin, "tournament-round-robin.png")):
            view = await services.tournaments.get(tournament_id)
            (OUT / name).write_bytes(render_table_png(standings_picture("en", view)))
        series = []
        for rules in await services.ratings.of(1):
            points = [(START_RATING, START_DEVIATION)]
            points += [(p.rating, p.deviation) for p in await services.ratings.history(1, rules)]
            series.append(Series(rules.capitalize(), tuple(points)))
        (OUT / "rating-history.png").write_bytes(render_chart_png(ChartView("Anna", tuple(series))))
    finally:
        await services.close()


if __name__ == "__main__":
    asyncio.run(main())
