"""The use cases on their own, on a real SQLite file: no Telegram, no pictures."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from tests.support.harness import Clock
from tests.support.paths import Where
from tochki_bot.services import (
    Choice,
    GameView,
    LobbyChoice,
    Person,
    Place,
    Problem,
    ServiceError,
    Services,
    TimeIsUp,
    Want,
)

GROUP = Place(-100, "supergroup", "Club")
ANNA, BORIS, CLARA, DAN = Person(1, "Anna"), Person(2, "Boris"), Person(3, "Clara"), Person(4, "Dan")


def private(person: Person) -> Place:
    return Place(person.id, "private", person.first_name)


@pytest.fixture
async def services(where: Where) -> AsyncIterator[Services]:
    clock = Clock()
    opened = await Services.open(where("s.db"), clock=clock, rng=random.Random(7))
    opened.test_clock = clock  # type: ignore[attr-defined]
    yield opened
    await opened.close()


def problem(error: pytest.ExceptionInfo[ServiceError]) -> Problem:
    return error.value.problem


async def group_game(services: Services, size: int = 10, move_seconds: str | int | None = "unset") -> GameView:
    """Anna (blue) against Boris in the group."""
    choice = LobbyChoice(size, size, "empty", move_seconds)  # type: ignore[arg-type]
    lobby = (await services.lobby.open(GROUP, ANNA, choice)).view
    await services.lobby.change(lobby.id, ANNA, "colours", "creator_blue")
    return await services.lobby.join(lobby.id, BORIS, GROUP)


async def invited(services: Services, host: Person, guest: Person) -> GameView:
    lobby = (await services.lobby.open(private(host), host, LobbyChoice(10, 10, "empty"))).view
    await services.lobby.change(lobby.id, host, "colours", "creator_blue")
    assert lobby.invite is not None
    return await services.lobby.accept_invite(lobby.invite, guest)


# ------------------------------------------------------------------------------------------------------------------
# Lobby


async def test_a_group_has_one_open_game_and_its_settings_are_the_creators(services: Services) -> None:
    opened = await services.lobby.open(GROUP, ANNA, LobbyChoice(20, 20, "cross", 3600))
    assert not opened.existing and opened.view.settings.size == "20x20" and opened.view.move_seconds == 3600
    again = await services.lobby.open(GROUP, BORIS)
    assert again.existing and again.view.id == opened.view.id
    with pytest.raises(ServiceError) as error:
        await services.lobby.change(opened.view.id, BORIS, "size", "39x32")
    assert problem(error) is Problem.ONLY_CREATOR and error.value.details == {"creator": "Anna"}
    with pytest.raises(ServiceError) as error:
        await services.lobby.change(opened.view.id, ANNA, "size", "7x7")
    assert problem(error) is Problem.STALE
    view = await services.lobby.change(opened.view.id, ANNA, "size", "39x32")
    assert view.settings.size == "39x32" and view.position.width == 39  # the position follows the settings
    with pytest.raises(ServiceError) as error:
        await services.lobby.join(view.id, ANNA, GROUP)
    assert problem(error) is Problem.OWN_GAME
    started = await services.lobby.join(view.id, BORIS, GROUP)
    assert started.state == "active" and {p.id for p in started.players} == {1, 2} and started.deadline is not None
    # The next lobby in this group starts from the last game's settings.
    await services.lobby.cancel(started.id, ANNA)
    assert (await services.lobby.open(GROUP, BORIS)).view.settings.size == "39x32"


async def test_one_invitation_a_person_and_only_through_its_link(services: Services) -> None:
    first = await services.lobby.open(private(ANNA), ANNA)
    second = await services.lobby.open(private(ANNA), ANNA, LobbyChoice(25, 25))
    assert second.existing and second.view.id == first.view.id
    with pytest.raises(ServiceError) as error:
        await services.lobby.join(first.view.id, BORIS, private(BORIS))
    assert problem(error) is Problem.INVITE_NEEDED
    with pytest.raises(ServiceError) as error:
        await services.lobby.accept_invite("nonsense", BORIS)
    assert problem(error) is Problem.INVITE_UNKNOWN
    assert first.view.invite is not None
    await services.lobby.cancel(first.view.id, ANNA)
    with pytest.raises(ServiceError) as error:
        await services.lobby.accept_invite(first.view.invite, BORIS)
    assert problem(error) is Problem.INVITE_CANCELLED


async def test_lobbies_expire_after_a_week(services: Services) -> None:
    clock: Clock = services.test_clock  # type: ignore[attr-defined]
    lobby = (await services.lobby.open(private(ANNA), ANNA)).view
    group = (await services.lobby.open(GROUP, BORIS)).view
    clock.advance(6 * 86400)
    assert (await services.clock.tick()).expired == []
    clock.advance(86400 + 1)
    found = await services.clock.tick()
    assert sorted(v.id for v in found.expired) == sorted([lobby.id, group.id])
    assert all(v.state == "cancelled" and v.reason == "expired" for v in found.expired)
    assert lobby.invite is not None
    with pytest.raises(ServiceError) as error:
        await services.lobby.accept_invite(lobby.invite, BORIS)
    assert problem(error) is Problem.INVITE_EXPIRED
    assert not (await services.lobby.open(private(ANNA), ANNA)).existing  # a new invitation may be made


# ------------------------------------------------------------------------------------------------------------------
# Play


async def test_moves_are_checked_against_players_turn_and_rules(services: Services) -> None:
    view = await group_game(services)
    cases = [
        (CLARA, 5, 5, Problem.NOT_A_PLAYER),
        (BORIS, 5, 5, Problem.NOT_YOUR_TURN),
        (ANNA, 11, 5, Problem.OFF_BOARD),
    ]
    for who, x, y, expected in cases:
        with pytest.raises(ServiceError) as error:
            await services.play.move(view.id, who, x, y)
        assert problem(error) is expected
    view = await services.play.move(view.id, ANNA, 5, 5)
    with pytest.raises(ServiceError) as error:
        await services.play.move(view.id, BORIS, 5, 5)
    assert problem(error) is Problem.OCCUPIED and error.value.details["point"] == "5-5"
    with pytest.raises(ServiceError) as error:
        await services.play.move(view.id, BORIS, 6, 6, expected_ply=0)  # an old board's button
    assert problem(error) is Problem.STALE
    assert (await services.game(view.id)).ply == 1


async def test_listeners_hear_every_change_with_its_origin(services: Services) -> None:
    heard: list[tuple[int, int, str, str]] = []

    async def listener(view: GameView, origin: str) -> None:
        heard.append((view.id, view.ply, view.state, origin))

    stop = services.changes.subscribe(listener)
    view = await group_game(services)
    await services.play.move(view.id, ANNA, 5, 5, origin="webapp")
    await services.play.move(view.id, BORIS, 6, 6)
    with pytest.raises(ServiceError):
        await services.play.move(view.id, BORIS, 7, 7, origin="ai")  # refused: nothing to hear
    await services.play.resign(view.id, ANNA, origin="ai")
    await services.changes.settle()
    assert heard == [
        (view.id, 0, "active", "chat"),  # the start
        (view.id, 1, "active", "webapp"),
        (view.id, 2, "active", "chat"),
        (view.id, 3, "finished", "ai"),
    ]
    stop()
    await services.play.move((await group_game(services)).id, ANNA, 5, 5)
    await services.changes.settle()
    assert len(heard) == 4


async def test_a_view_is_a_snapshot_later_moves_do_not_change(services: Services) -> None:
    view = await group_game(services)
    first = await services.play.move(view.id, ANNA, 5, 5)
    second = await services.play.move(view.id, BORIS, 6, 6)
    assert first.ply == 1 and first.position.dot(6, 6) is None and first.to_move == "red"
    assert second.ply == 2 and second.position.dot(6, 6) == "red"


async def test_captures_are_in_the_view(services: Services) -> None:
    view = await group_game(services)
    moves = [(ANNA, 4, 5), (BORIS, 5, 5), (ANNA, 6, 5), (BORIS, 1, 10), (ANNA, 5, 4), (BORIS, 3, 10)]
    for who, x, y in moves:
        await services.play.move(view.id, who, x, y)
    view = await services.play.move(view.id, ANNA, 5, 6)
    assert view.position.score == (1, 0) and [len(a.captured) for a in view.captured] == [1]


async def test_a_resignation_before_ones_first_move_cancels_the_game(services: Services) -> None:
    view = await group_game(services)
    await services.play.move(view.id, ANNA, 5, 5)
    ended = await services.play.resign(view.id, BORIS)
    assert ended.state == "cancelled" and not ended.rated and ended.cancelled_by_resignation
    assert ended.result is not None and ended.result.winner == "blue"
    with pytest.raises(ServiceError) as error:
        await services.play.move(view.id, BORIS, 6, 6)
    assert problem(error) is Problem.GAME_OVER
    assert await services.ratings.of(ANNA.id) == {} and await services.ratings.of(BORIS.id) == {}

    # Anna moved and Boris did not: her resignation cancels the game too (until each player has moved).
    view = await group_game(services)
    await services.play.move(view.id, ANNA, 5, 5)
    ended = await services.play.resign(view.id, ANNA)
    assert ended.state == "cancelled" and not ended.rated and ended.cancelled_by_resignation

    view = await group_game(services)
    await services.play.move(view.id, ANNA, 5, 5)
    await services.play.move(view.id, BORIS, 6, 6)
    ended = await services.play.resign(view.id, BORIS)
    assert ended.state == "finished" and ended.rated and ended.position.move_count == 2 and ended.ply == 3
    assert (await services.ratings.of(ANNA.id))["sports"].wins == 1
    assert (await services.ratings.of(BORIS.id))["sports"].losses == 1


async def test_cancel_only_before_the_first_move(services: Services) -> None:
    view = await group_game(services)
    with pytest.raises(ServiceError) as error:
        await services.lobby.cancel(view.id, CLARA)
    assert problem(error) is Problem.NOT_A_PLAYER
    await services.play.move(view.id, ANNA, 5, 5)
    with pytest.raises(ServiceError) as error:
        await services.lobby.cancel(view.id, BORIS)
    assert problem(error) is Problem.CANCEL_STARTED


async def test_draws_grounding_and_the_preview_that_changes_nothing(services: Services) -> None:
    view = await group_game(services)
    offer = await services.play.offer_draw(view.id, ANNA)
    assert not offer.agreed and offer.view.draw_offer == "blue"
    again = await services.play.offer_draw(view.id, ANNA)  # offered again: nothing changes, the front end decides
    assert again.again and not again.agreed and again.view.draw_offer == "blue"
    with pytest.raises(ServiceError) as error:
        await services.play.answer_draw(view.id, ANNA, True)
    assert problem(error) is Problem.OWN_DRAW_OFFER
    declined = await services.play.answer_draw(view.id, BORIS, False)
    assert declined.draw_offer is None and declined.state == "active"
    # Before each player has moved, an agreed draw cancels the game instead.
    await services.play.move(view.id, ANNA, 1, 5)
    await services.play.move(view.id, BORIS, 2, 5)
    await services.play.offer_draw(view.id, BORIS)
    agreed = await services.play.offer_draw(view.id, ANNA)  # both offered: agreed
    assert agreed.agreed and agreed.view.state == "finished" and agreed.view.result is not None

    view = await group_game(services)
    await services.play.move(view.id, ANNA, 1, 5)
    await services.play.move(view.id, BORIS, 5, 5)
    preview = await services.play.ground_preview(view.id, ANNA)
    assert preview.score == (0, 0) and preview.winner is None and preview.view.ply == 2
    with pytest.raises(ServiceError) as error:
        await services.play.ground_preview(view.id, BORIS)
    assert problem(error) is Problem.GROUND_ON_TURN
    assert (await services.game(view.id)).state == "active"
    ended = await services.play.ground(view.id, ANNA)
    assert ended.state == "finished" and ended.result is not None and ended.result.reason == "grounding"


async def test_a_move_after_the_deadline_is_refused_and_the_game_lost_on_time(services: Services) -> None:
    clock: Clock = services.test_clock  # type: ignore[attr-defined]
    view = await group_game(services, move_seconds=3600)
    view = await services.play.move(view.id, ANNA, 5, 5)
    clock.advance(3600 + 1.1)
    with pytest.raises(TimeIsUp) as error:
        await services.play.move(view.id, BORIS, 6, 6)
    ended = error.value.view
    assert ended.state == "finished" and ended.result is not None
    assert ended.result.reason == "timeout" and ended.result.winner == "blue"
    assert (await services.game(view.id)).ply == 2  # the timeout, not Boris's dot


# ------------------------------------------------------------------------------------------------------------------
# Finding the game of a request


async def test_finding_games_in_private_asks_when_several_fit(services: Services) -> None:
    with_boris = await invited(services, ANNA, BORIS)
    with_clara = await invited(services, ANNA, CLARA)
    here = private(ANNA)
    found = await services.finder.find(here, ANNA.id, Want.MOVE)
    assert isinstance(found, Choice) and {v.id for v in found.views} == {with_boris.id, with_clara.id}
    await services.play.move(with_clara.id, ANNA, 5, 5)
    found = await services.finder.find(here, ANNA.id, Want.MOVE)
    assert isinstance(found, GameView) and found.id == with_boris.id  # the only game where it is Anna's move
    await services.play.move(with_boris.id, ANNA, 5, 5)
    with pytest.raises(ServiceError) as error:
        await services.finder.find(here, ANNA.id, Want.MOVE)
    assert problem(error) is Problem.NO_TURN_ANYWHERE
    found = await services.finder.find(here, ANNA.id, Want.PLAY)
    assert isinstance(found, Choice)
    found = await services.finder.find(here, ANNA.id, Want.PLAY, game_id=with_clara.id)
    assert isinstance(found, GameView) and found.id == with_clara.id
    # Somebody else's game by number: not theirs to see.
    with pytest.raises(ServiceError) as error:
        await services.finder.find(private(DAN), DAN.id, Want.SHOW, game_id=with_clara.id)
    assert problem(error) is Problem.NO_SUCH_GAME
    with pytest.raises(ServiceError) as error:
        await services.finder.find(private(DAN), DAN.id, Want.MOVE)
    assert problem(error) is Problem.NO_GAME_PRIVATE


async def test_finding_games_in_a_group_and_by_reply(services: Services) -> None:
    from tochki_bot.services import MessageRecord

    with pytest.raises(ServiceError) as error:
        await services.finder.find(GROUP, ANNA.id, Want.MOVE)
    assert problem(error) is Problem.NO_GAME
    view = await group_game(services)
    found = await services.finder.find(GROUP, CLARA.id, Want.SHOW)
    assert isinstance(found, GameView) and found.id == view.id
    other = await invited(services, ANNA, BORIS)
    await services.messages.sent(MessageRecord(ANNA.id, 77, "board", game_id=other.id, ply=0))
    found = await services.finder.find(private(ANNA), ANNA.id, Want.MOVE, reply_to=77)
    assert isinstance(found, GameView) and found.id == other.id


# ------------------------------------------------------------------------------------------------------------------
# The clock and the rest


@pytest.mark.slow
async def test_the_clock_drains_every_due_game(services: Services) -> None:
    clock: Clock = services.test_clock  # type: ignore[attr-defined]
    ids = []
    for n in range(130):
        place = Place(-1000 - n, "group", f"G{n}")
        lobby = (await services.lobby.open(place, ANNA, LobbyChoice(10, 10, "empty", 3600))).view
        ids.append((await services.lobby.join(lobby.id, BORIS, place)).id)
    clock.advance(1801)
    found = await services.clock.tick()
    assert len(found.reminders) == 130 and {r.stage for r in found.reminders} == {"half"}
    clock.advance(1800 - 359)
    assert {r.stage for r in (await services.clock.tick()).reminders} == {"last"}
    clock.advance(400)
    found = await services.clock.tick()
    assert len(found.timeouts) == 130 and all(v.state == "finished" for v in found.timeouts)
    assert len(await services.clock.tick()) == 0


async def test_a_group_that_became_a_supergroup_keeps_its_game(services: Services) -> None:
    old = Place(-55, "group", "Old")
    lobby = (await services.lobby.open(old, ANNA, LobbyChoice(10, 10, "empty"))).view
    game = await services.lobby.join(lobby.id, BORIS, old)
    mover = game.player_to_move
    assert mover is not None
    await services.play.move(game.id, Person(mover.id, mover.name), 5, 5)
    new = Place(-100555, "supergroup", "New")
    stray = (await services.lobby.open(new, CLARA)).view  # somebody opened a lobby there first
    assert await services.migrate_chat(-55, -100555) == 1
    found = await services.finder.find(new, ANNA.id, Want.SHOW)
    assert isinstance(found, GameView) and found.id == game.id and found.ply == 1
    assert (await services.game(stray.id)).state == "cancelled"
    assert await services.migrate_chat(-55, -100555) == 0


async def test_duplicates_change_nothing(services: Services) -> None:
    view = await group_game(services)
    await services.play.move(view.id, ANNA, 5, 5, update_id=900)
    with pytest.raises(ServiceError) as error:
        await services.play.move(view.id, BORIS, 6, 6, update_id=900)
    assert problem(error) is Problem.DUPLICATE
    assert (await services.game(view.id)).ply == 1


async def test_services_that_announce_nothing_owe_nothing(where: Where) -> None:
    """Local mode tells nobody by message: its services owe no announcement (it used to drain and throw away the
    outbox on every change); the bot's services owe each one."""
    for announcing in (False, True):
        services = await Services.open(where(f"quiet-{announcing}.db"), ai_workers=0, announcing=announcing)
        try:
            view = await group_game(services)
            await services.play.move(view.id, ANNA, 5, 5)
            assert bool(await services.outbox.owed(grace=0.0)) == announcing
        finally:
            await services.close()
