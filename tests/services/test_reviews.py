"""Reviews of finished games through the services: the jobs on a real database of each backend, judged by the
in-process runner (and an ai-worker process), gathered into the review; one review per person; asked again, the same
review at once; a restart in the middle finishes it; the annotated SGF reads back."""

from __future__ import annotations

import pytest

from tests.support.games import ANNA, BORIS, GROUP, STRANGER
from tests.support.paths import Where
from tochki_bot.services import LobbyChoice, Person, Place, Problem, ReviewView, ServiceError, Services

NODES = 300
"""A small budget: the tests' reviews take a fraction of a second a move."""
ANNA_P, BORIS_P, STRANGER_P = Person(ANNA, "Anna"), Person(BORIS, "Boris"), Person(STRANGER, "Stranger")
PLACE = Place(GROUP, "group", "G")
# Blue surrounds 5-5 on three sides; red's 9-9 and 9-1 are elsewhere: at move 7 blue captures with 5-4 and plays
# 1-1 instead (a mistake of a dot); red then saves it with 5-4; the rest is filler; blue resigns.
MOVES = [(4, 5), (5, 5), (6, 5), (9, 9), (5, 6), (9, 1), (1, 1), (5, 4), (2, 9), (8, 8), (2, 2), (8, 2), (3, 8)]


async def finished_game(services: Services, moves: list[tuple[int, int]] = MOVES, *, chat: int = GROUP) -> int:
    """A 10x10 group game of Anna (blue) and Boris played through ``moves``, then Anna resigns; its id."""
    place = Place(chat, "group", "G")
    opened = await services.lobby.open(place, ANNA_P, LobbyChoice(10, 10, "empty", None, colours="creator_blue"))
    game_id = opened.view.id
    await services.lobby.join(game_id, BORIS_P, place)
    for number, (x, y) in enumerate(moves):
        await services.play.move(game_id, ANNA_P if number % 2 == 0 else BORIS_P, x, y)
    await services.play.resign(game_id, ANNA_P)
    return game_id


async def opened(where: Where, name: str = "r.db", workers: int = 1) -> Services:
    services = await Services.open(where(name), ai_workers=workers, review_nodes=NODES)
    await services.opponent.start()
    return services


async def test_a_finished_game_is_reviewed_and_kept(where: Where) -> None:
    services = await opened(where)
    told: list[ReviewView] = []

    async def listen(view: ReviewView) -> None:
        told.append(view)

    services.reviews.on_progress(listen)
    try:
        game_id = await finished_game(services)
        first = await services.reviews.request("game", game_id, BORIS_P)
        assert first.state == "running" and first.total == len(MOVES) + 1 and first.done == 0
        assert first.asked_by == BORIS and first.blue_name == "Anna" and first.red_name == "Boris"
        assert first.expected_seconds is not None and first.expected_seconds > 0
        await services.reviews.settle()
        review = await services.reviews.get(first.id)
        assert review.state == "done" and review.done == review.total and review.finished_at is not None
        assert review.expected_seconds is None
        assert [m.ply for m in review.moves] == list(range(1, len(MOVES) + 1))  # every dot; not the resignation
        seventh = review.move(7)
        assert seventh is not None and seventh.best == "5-4" and seventh.played == "1-1" and seventh.loss >= 1.0
        assert seventh in review.mistakes("blue")
        assert told and told[-1].state == "done" and told[-1].moves == review.moves
        assert [v.done for v in told] == sorted(v.done for v in told)
        again = await services.reviews.request("game", game_id, STRANGER_P, place=PLACE)  # anyone in the group
        assert again.id == review.id and again.moves == review.moves and again.state == "done"
        assert await services.reviews.of("game", game_id) == again
        assert await services._core.storage.jobs.of_review(review.id) == []  # gathered and gone
    finally:
        await services.close()


async def test_who_may_ask_and_one_review_at_a_time(where: Where) -> None:
    services = await opened(where, workers=0)  # nothing judges: the reviews stay running
    try:
        game_id = await finished_game(services)
        other = await finished_game(services, MOVES[:4])
        with pytest.raises(ServiceError) as refused:
            await services.reviews.request("game", game_id, STRANGER_P)  # a stranger in their private chat
        assert refused.value.problem is Problem.NO_SUCH_GAME
        with pytest.raises(ServiceError) as refused:
            await services.reviews.request("game", 999, ANNA_P)
        assert refused.value.problem is Problem.NO_SUCH_GAME
        running = await services.reviews.request("game", game_id, ANNA_P)
        with pytest.raises(ServiceError) as refused:
            await services.reviews.request("game", other, ANNA_P)
        assert refused.value.problem is Problem.REVIEW_BUSY and refused.value.details == {
            "subject": "game",
            "id": game_id,
        }
        same = await services.reviews.request("game", game_id, BORIS_P)  # the running one, with its progress
        assert same.id == running.id and same.asked_by == ANNA and same.state == "running"
        assert (await services.reviews.request("game", other, BORIS_P)).asked_by == BORIS  # Boris's own
        lobby = await services.lobby.open(Place(-5, "group", "H"), ANNA_P, LobbyChoice(10, 10, "empty", None))
        with pytest.raises(ServiceError) as refused:
            await services.reviews.request("game", lobby.view.id, ANNA_P)
        assert refused.value.problem is Problem.REVIEW_NOT_OVER
        await services.lobby.cancel(lobby.view.id, ANNA_P)
        with pytest.raises(ServiceError) as refused:
            await services.reviews.request("game", lobby.view.id, ANNA_P)
        assert refused.value.problem is Problem.REVIEW_CANCELLED
    finally:
        await services.close()
