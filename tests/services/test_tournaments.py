"""Tournaments through the services, on SQLite and PostgreSQL: the lobby, rounds that advance in the transaction
ending their last game, byes, forfeits, knockout replays, the clock's start, restarts, and the owed announcements."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.support.harness import Clock
from tochki_bot.services import (
    LobbyChoice,
    Person,
    Place,
    Problem,
    ServiceError,
    Services,
    TournamentChoice,
    TournamentView,
)

GROUP = Place(-500, "supergroup", "Club")
P = [Person(100 + i, name) for i, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], 1)]


async def lobby(services: Services, players: int, **choice: Any) -> TournamentView:
    game = LobbyChoice(width=10, height=10, start="empty", move_seconds=3600)
    opened = await services.tournaments.open(GROUP, P[0], TournamentChoice(game=game, **choice))
    assert not opened.existing
    for person in P[1:players]:
        await services.tournaments.join(opened.view.id, person, GROUP)
    return await services.tournaments.get(opened.view.id)


async def finish(services: Services, game_id: int, outcome: str) -> None:
    """End a game: ``blue``/``red`` win (the loser resigns after a move each), or ``draw`` (agreed)."""
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


def tables(view: TournamentView, number: int) -> list[tuple[int, int | None]]:
    return [(p.blue.id - 100, p.red.id - 100 if p.red else None) for p in view.round_pairings(number)]


async def test_a_swiss_of_five_over_three_rounds(services: Services) -> None:
    """The Swiss worked out by hand in tests/services/test_pairing.py, played through the services: each round
    starts in the transaction that ends the last game of the one before."""
    view = await lobby(services, 5, format="swiss", rounds=3)
    assert [e.player.id for e in view.entries] == [101, 102, 103, 104, 105]
    with pytest.raises(ServiceError) as error:
        await services.tournaments.start(view.id, P[1])
    assert error.value.problem is Problem.ONLY_CREATOR
    view = await services.tournaments.start(view.id, P[0])
    assert view.state == "running" and view.rounds == 3 and view.round == 1
    # Everyone's rating is the same (1500): the seeds follow the order they joined.
    assert [e.seed for e in view.entries] == [1, 2, 3, 4, 5]
    assert tables(view, 1) == [(1, 3), (4, 2), (5, None)]
    results = {1: ["blue", "draw"], 2: ["blue", "red"], 3: ["draw", "blue"]}
    expected = {2: [(2, 1), (5, 4), (3, None)], 3: [(2, 5), (3, 4), (1, None)]}
    for number in (1, 2, 3):
        games = [p.game_id for p in view.round_pairings(number) if p.game_id is not None]
        for n, (game_id, outcome) in enumerate(zip(games, results[number], strict=True)):
            await finish(services, game_id, outcome)
            view = await services.tournaments.get(view.id)
            if n < len(games) - 1:
                assert view.round == number  # the round waits for its last game
        if number < 3:
            assert view.round == number + 1 and tables(view, number + 1) == expected[number + 1]
    assert view.state == "finished" and view.winner is not None and view.winner.id == 101
    line = [(ln.player - 100, ln.points, ln.buchholz, ln.median_buchholz) for ln in view.standings]
    assert line == [(1, 2.0, 6.0, 2.0), (3, 2.0, 5.5, 2.0), (2, 2.0, 5.0, 1.5), (4, 1.5, 5.5, 2.0), (5, 1.5, 5.0, 1.5)]
    owed = [(n.round, n.kind) for n, _ in await services.tournaments.owed(grace=0)]
    assert owed == [(1, "round"), (1, "standings"), (2, "round"), (2, "standings"), (3, "round"), (3, "finished")]
    played = await services.tournaments.games(view.id)
    assert len(played) == 6 and all(g.table is not None and g.rated for g in played)
    sgf = await services.tournaments.sgf(view.id)
    assert sgf.count("(;") == 6 and "EV[Tournament #1]" in sgf and "RO[3 (table 2)]" in sgf


async def test_a_round_robin_of_four_by_berger_tables(services: Services) -> None:
    view = await lobby(services, 4, format="round_robin", rated=False)
    view = await services.tournaments.start(view.id, P[0])
    assert view.rounds == 3 and tables(view, 1) == [(1, 4), (2, 3)]
    plan = {1: ["blue", "draw"], 2: ["blue", "blue"], 3: ["blue", "draw"]}
    for number in (1, 2, 3):
        for pairing, outcome in zip(view.round_pairings(number), plan[number], strict=True):
            assert pairing.game_id is not None
            await finish(services, pairing.game_id, outcome)
        view = await services.tournaments.get(view.id)
    assert tables(view, 2) == [(4, 3), (1, 2)] and tables(view, 3) == [(2, 4), (3, 1)]
    assert view.state == "finished"
    lines = [(ln.player - 100, ln.points, ln.sonneborn_berger) for ln in view.standings]
    assert lines == [(1, 2.5, 3.0), (2, 1.5, 1.5), (3, 1.0, 2.0), (4, 1.0, 1.0)]
    assert await services.ratings.of(101) == {}  # the creator said: unrated


async def test_a_player_who_leaves_loses_the_game_and_forfeits_the_rest(services: Services) -> None:
    view = await lobby(services, 4, format="round_robin")
    view = await services.tournaments.start(view.id, P[0])
    dan_game = next(p.game_id for p in view.round_pairings(1) if p.red and p.red.id == 104)
    assert dan_game is not None
    left = await services.tournaments.leave(view.id, P[3])  # Dan leaves in round 1
    assert left.ended is not None and left.ended.result is not None and left.ended.result.winner == "blue"
    view = left.view
    dan = view.entry(104)
    assert dan is not None and not dan.active
    other = next(p.game_id for p in view.round_pairings(1) if p.game_id != dan_game)
    assert other is not None
    await finish(services, other, "blue")
    view = await services.tournaments.get(view.id)
    # Round 2: Dan's table is forfeited (Cat wins it unplayed), the other is played.
    forfeited = [p for p in view.round_pairings(2) if p.forfeit]
    assert len(forfeited) == 1 and forfeited[0].game_id is None and forfeited[0].result == "red"
    with pytest.raises(ServiceError) as error:
        await services.tournaments.leave(view.id, P[3])
    assert error.value.problem is Problem.NOT_IN_TOURNAMENT


async def test_a_knockout_replays_a_draw_and_plays_for_third_place(services: Services) -> None:
    view = await lobby(services, 5, format="elimination")
    view = await services.tournaments.start(view.id, P[0])
    assert view.rounds == 3 and tables(view, 1) == [(1, None), (4, 5), (2, None), (3, None)]
    game = view.round_pairings(1)[1].game_id
    assert game is not None
    await finish(services, game, "draw")  # replayed, colours swapped
    view = await services.tournaments.get(view.id)
    replay = view.round_pairings(1)[1]
    assert replay.red is not None and replay.replays == 1 and replay.game_id != game
    assert (replay.blue.id, replay.red.id) == (105, 104)
    assert replay.game_id is not None
    await finish(services, replay.game_id, "blue")  # Eve goes through
    view = await services.tournaments.get(view.id)
    # The winners of tables 1 and 2 meet (Ann had a bye, Eve played blue last: Ann blue), and of 3 and 4.
    assert view.round == 2 and tables(view, 2) == [(1, 5), (3, 2)]
    for pairing in view.round_pairings(2):
        assert pairing.game_id is not None
        await finish(services, pairing.game_id, "blue")
    view = await services.tournaments.get(view.id)
    assert view.round == 3 and len(view.round_pairings(3)) == 2  # the final and the third-place game
    for pairing in view.round_pairings(3):
        assert pairing.game_id is not None
        await finish(services, pairing.game_id, "red")
    view = await services.tournaments.get(view.id)
    assert view.state == "finished"
    final = view.round_pairings(3)[0]
    assert final.red is not None and view.winner == final.red and view.standings[0].player == final.red.id
    assert view.standings[1].player == final.blue.id


async def test_the_clock_starts_a_tournament_at_its_time_or_closes_it(services: Services, clock: Clock) -> None:
    view = await lobby(services, 3, format="swiss", starts_in=3600)
    assert view.starts_at == pytest.approx(clock.now + 3600)
    found = await services.clock.tick()
    assert not found.tournaments
    clock.advance(3601)
    found = await services.clock.tick()
    assert found.tournaments == [view.id]
    view = await services.tournaments.get(view.id)
    assert view.state == "running" and view.round == 1
    # The tournament's games run on the clock like any other: one lost on time is a loss.
    game = next(p.game_id for p in view.round_pairings(1) if p.game_id is not None)
    assert game is not None
    clock.advance(3601)
    found = await services.clock.tick()
    assert [g.id for g in found.timeouts] == [game]
    assert (await services.tournaments.get(view.id)).round_pairings(1)[0].result == "red"


async def test_a_lobby_without_enough_players_at_its_start_is_cancelled(services: Services, clock: Clock) -> None:
    view = await lobby(services, 2, format="swiss", starts_in=3600)
    with pytest.raises(ServiceError) as error:
        await services.tournaments.start(view.id, P[0])
    assert error.value.problem is Problem.TOO_FEW_PLAYERS
    clock.advance(3601)
    await services.clock.tick()
    view = await services.tournaments.get(view.id)
    assert view.state == "cancelled" and view.reason == "few"
    assert [(n.kind) for n, _ in await services.tournaments.owed(grace=0)] == ["cancelled"]
    # A new tournament may open now.
    assert not (await services.tournaments.open(GROUP, P[1])).existing


async def test_the_lobby_refuses_what_does_not_fit(services: Services) -> None:
    view = await lobby(services, 2, format="swiss")
    again = await services.tournaments.open(GROUP, P[2])
    assert again.existing and again.view.id == view.id  # one open tournament a group
    with pytest.raises(ServiceError) as error:
        await services.tournaments.join(view.id, P[1], GROUP)
    assert error.value.problem is Problem.JOINED_ALREADY
    with pytest.raises(ServiceError) as error:
        await services.tournaments.leave(view.id, P[0])
    assert error.value.problem is Problem.CREATOR_STAYS
    with pytest.raises(ServiceError) as error:
        await services.tournaments.change(view.id, P[1], "format", "round_robin")
    assert error.value.problem is Problem.ONLY_CREATOR
    with pytest.raises(ServiceError) as error:
        await services.tournaments.change(view.id, P[0], "size", "99x99")
    assert error.value.problem is Problem.STALE
    with pytest.raises(ServiceError) as error:
        await services.tournaments.open(Place(5, "private"), P[0])
    assert error.value.problem is Problem.GROUPS_ONLY
    view = await services.tournaments.change(view.id, P[0], "rounds", "4")
    assert view.rounds == 4
    view = await services.tournaments.change(view.id, P[0], "format", "round_robin")
    assert view.format == "round_robin" and view.rounds == 0
    removed = await services.tournaments.remove(view.id, P[0], P[1].id)
    assert [e.player.id for e in removed.view.entries] == [101]
    view = await services.tournaments.cancel(view.id, P[0])
    assert view.state == "cancelled"
    with pytest.raises(ServiceError) as error:
        await services.tournaments.join(view.id, P[1], GROUP)
    assert error.value.problem is Problem.TOURNAMENT_OVER


async def test_a_tournament_lives_through_a_restart(where: Any) -> None:
    clock = Clock()
    services = await Services.open(where(), clock=clock, ai_workers=0)
    view = await lobby(services, 3, format="round_robin")
    view = await services.tournaments.start(view.id, P[0])
    first = [p.game_id for p in view.round_pairings(1) if p.game_id is not None]
    await services.close()
    services = await Services.open(where(), clock=clock, ai_workers=0)
    try:
        for game_id in first:
            assert game_id is not None
            await finish(services, game_id, "blue")
        view = await services.tournaments.get(view.id)
        assert view.round == 2 and view.state == "running"
        # A tournament's game is never cancelled; resigning it before a move loses it.
        game = next(p.game_id for p in view.round_pairings(2) if p.game_id is not None)
        assert game is not None
        game_view = await services.game(game)
        assert game_view.blue is not None
        with pytest.raises(ServiceError) as error:
            await services.lobby.cancel(game, Person(game_view.blue.id, game_view.blue.name))
        assert error.value.problem is Problem.TOURNAMENT_GAME
        ended = await services.play.resign(game, Person(game_view.blue.id, game_view.blue.name))
        assert ended.state == "finished" and ended.result is not None and ended.result.winner == "red"
    finally:
        await services.close()


async def test_two_workers_ending_a_rounds_last_games_at_once_start_the_next_round_once(where: Any) -> None:
    """Two processes on one database (two ``Services``): the round's two games end at the same moment, one in each;
    the tournament's row lock makes them take turns, and round 2 is paired once."""
    clock = Clock()
    first = await Services.open(where(), clock=clock, ai_workers=0)
    second = await Services.open(where(), clock=clock, ai_workers=0)
    try:
        view = await lobby(first, 4, format="swiss", rounds=3)
        view = await first.tournaments.start(view.id, P[0])
        games = [p.game_id for p in view.round_pairings(1) if p.game_id is not None]
        assert len(games) == 2
        for services, game_id in zip((first, second), games, strict=True):
            assert game_id is not None
            record = await services.game(game_id)
            assert record.blue is not None and record.red is not None
            await services.play.move(game_id, Person(record.blue.id, record.blue.name), 1, 1)
            await services.play.move(game_id, Person(record.red.id, record.red.name), 10, 10)
        losers = []
        for game_id in games:
            assert game_id is not None
            record = await first.game(game_id)
            assert record.red is not None
            losers.append(Person(record.red.id, record.red.name))
        await asyncio.gather(
            first.play.resign(games[0], losers[0]),
            second.play.resign(games[1], losers[1]),
        )
        view = await first.tournaments.get(view.id)
        assert view.round == 2 and len(view.round_pairings(2)) == 2
        assert len(await first.tournaments.games(view.id)) == 4
    finally:
        await first.close()
        await second.close()


async def test_leaving_is_one_transaction_a_failure_leaves_the_player_in_and_the_game_running(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit: leaving marked the player out in one transaction and resigned their game in a second, so a failure
    between left a game running for a player who was out (and the round waiting on it). Now the game's resignation
    and the player's withdrawal are stored together: a failure in the middle (here: storing the game's result for
    the tournament, after the player was marked out in the same transaction) leaves both as they were."""
    view = await lobby(services, 4, format="swiss", rounds=3)
    view = await services.tournaments.start(view.id, P[0])
    dan_game = next(p.game_id for p in view.round_pairings(1) if 104 in (p.blue.id, p.red.id if p.red else 0))
    assert dan_game is not None
    storage = services._core.storage.tournaments
    set_result = storage.set_result

    async def broken(*args: Any) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(storage, "set_result", broken)
    with pytest.raises(RuntimeError):
        await services.tournaments.leave(view.id, P[3])
    view = await services.tournaments.get(view.id)
    dan = view.entry(104)
    assert dan is not None and dan.active  # still in...
    game = await services.game(dan_game)
    assert game.state == "active" and game.result is None  # ...and still playing
    monkeypatch.setattr(storage, "set_result", set_result)
    left = await services.tournaments.leave(view.id, P[3])
    assert left.ended is not None and left.ended.id == dan_game and left.ended.state == "finished"
    dan = left.view.entry(104)
    assert dan is not None and not dan.active
    assert next(p for p in left.view.round_pairings(1) if p.game_id == dan_game).result is not None


async def test_leaving_after_the_game_was_lost_on_time_only_marks_the_player_out(
    services: Services, clock: Clock
) -> None:
    """A player past their deadline leaves: the game is decided on time first (on its own), then they are out; the
    round goes on without them."""
    view = await lobby(services, 4, format="swiss", rounds=3)
    view = await services.tournaments.start(view.id, P[0])
    pairing = view.round_pairings(1)[0]
    assert pairing.game_id is not None and pairing.red is not None
    blue = next(p for p in P if p.id == pairing.blue.id)
    clock.advance(3601)  # blue, to move, has run out of time
    left = await services.tournaments.leave(view.id, blue)
    assert left.ended is not None and left.ended.result is not None
    assert left.ended.result.winner == "red" and left.ended.result.reason.value == "timeout"
    entry = left.view.entry(blue.id)
    assert entry is not None and not entry.active
    assert left.view.round_pairings(1)[0].result == "red"
