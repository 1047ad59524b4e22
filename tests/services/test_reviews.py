"""Reviews of finished games through the services: the jobs on a real database of each backend, judged by the
in-process runner (and an ai-worker process), gathered into the review; one review per person; asked again, the same
review at once; a restart in the middle finishes it; the annotated SGF reads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.games import ANNA, BORIS, GROUP, STRANGER
from tests.support.harness import Clock
from tests.support.paths import DATA, Where
from tests.support.program import AiWorker
from tochki_bot.engine.sgf import parse_sgf
from tochki_bot.services import LobbyChoice, Person, Place, Problem, ReviewView, ServiceError, Services
from tochki_bot.services.runner import MAX_ATTEMPTS
from tochki_bot.services.search import review_span

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
        assert seventh in review.mistakes("blue") and review.summary("blue").mistakes >= 1
        assert (7, seventh.blue_value()) in review.evaluation() and len(review.evaluation()) == len(review.moves)
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
        behind = await services.reviews.request("game", other, BORIS_P)
        assert behind.asked_by == BORIS and behind.total < running.total  # Boris's own
        assert behind.expected_seconds and running.expected_seconds
        jobs = services._core.storage.jobs  # Anna's review is ahead of his in the queue: its moves count for his wait
        assert await jobs.review_moves_before(behind.id) == running.total
        assert await jobs.review_moves_before(running.id) == 0
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


async def test_an_import_is_reviewed_by_its_sender_and_the_annotated_sgf_reads_back(where: Where) -> None:
    services = await opened(where)
    try:
        game_id = await finished_game(services)
        game = await services.reviews.request("game", game_id, ANNA_P)
        await services.reviews.settle()
        game = await services.reviews.get(game.id)
        sent = services.records.sgf(await services.game(game_id))
        import_id = await services.records.keep(BORIS, BORIS, "game.sgf", sent)
        with pytest.raises(ServiceError) as refused:
            await services.reviews.request("import", import_id, ANNA_P)  # not hers
        assert refused.value.problem is Problem.NO_SUCH_RECORD
        started = await services.reviews.request("import", import_id, BORIS_P)
        assert started.subject == "import" and started.blue_name == "Anna" and started.total == game.total
        await services.reviews.settle()
        review = await services.reviews.get(started.id)
        assert review.state == "done" and review.moves == game.moves  # the same moves at the same budget
        annotated = services.reviews.sgf(review)
        record = parse_sgf(annotated)
        assert record.properties["GM"] == ["40"] and record.moves == list(review.game.moves[:-1])  # RE: the resignation
        assert record.game().moves == review.game.moves
        assert sorted(record.comments) == [m.ply for m in review.moves]
        seventh = review.move(7)
        assert seventh is not None and record.comments[7].endswith(f"this move lost {seventh.loss:.1f}")
        assert "BM[1]C[" in annotated or "BM[2]C[" in annotated
        assert "(;B[eg]C[Better: 5-4 (+1.0)])" in annotated  # the capture, as a variation beside the mistake
        assert ";W[eg]TE[1]C[" in annotated  # red saves its dot at once: the best move, after blue's mistake
        assert (await services.records.kept(await services.records.keep(BORIS, BORIS, "r.sgf", annotated))) is not None
    finally:
        await services.close()


async def test_a_restart_in_the_middle_finishes_the_review(where: Where, clock: Clock) -> None:
    db = where("restart.db")
    first = await Services.open(db, clock=clock, ai_workers=0, review_nodes=NODES)
    try:
        game_id = await finished_game(first, [*MOVES, (7, 7), (3, 3), (7, 3), (3, 7), (6, 8), (4, 2), (8, 6), (1, 5)])
        started = await first.reviews.request("game", game_id, ANNA_P)
        jobs = first._core.storage.jobs
        spans = await jobs.of_review(started.id)
        assert [j.ply for j in spans] == [1, 11, 21]
        # A runner judged the first span; another took the second and died with it (its lease runs on).
        judged = await jobs.take("judged", clock(), 10.0)
        assert judged is not None and judged.ply == 1
        game = (await first.game(game_id)).position
        found = review_span(game.settings, list(game.moves), 1, 10, NODES)
        await jobs.finish(judged.id, json.dumps({"moves": found, "seconds": 1.0}))
        assert await first.reviews.gather() == 1
        died = await jobs.take("died", clock(), 10.0)
        assert died is not None and died.ply == 11
        middle = await first.reviews.get(started.id)
        assert middle.state == "running" and middle.done == 10 and len(middle.moves) == 10
    finally:
        await first.close()
    clock.advance(3600.0)  # the dead runner's lease has run out
    second = await opened_with(db, clock)
    try:
        await second.reviews.settle()
        review = await second.reviews.get(started.id)
        assert review.state == "done" and review.done == review.total == 22
        assert [m.ply for m in review.moves] == list(range(1, 22))
        assert review.moves[:10] == middle.moves
    finally:
        await second.close()


async def opened_with(db: str, clock: Clock) -> Services:
    services = await Services.open(db, clock=clock, ai_workers=1, review_nodes=NODES)
    await services.opponent.start()
    return services


async def test_a_span_taken_too_often_is_left_unjudged_and_the_review_ends(where: Where) -> None:
    db = where("attempts.db")
    first = await Services.open(db, ai_workers=0, review_nodes=NODES)
    try:
        game_id = await finished_game(first)
        started = await first.reviews.request("game", game_id, ANNA_P)
        storage = first._core.storage
        poisoned = (await storage.jobs.of_review(started.id))[0]
        async with storage.transaction():
            await storage.db.execute("UPDATE ai_jobs SET attempts = ? WHERE id = ?", (MAX_ATTEMPTS, poisoned.id))
    finally:
        await first.close()
    second = await opened(where, "attempts.db")
    try:
        await second.reviews.settle()
        review = await second.reviews.get(started.id)
        assert review.state == "done" and review.done == review.total
        assert [m.ply for m in review.moves] == list(range(11, len(MOVES) + 1))  # the first span: not judged
    finally:
        await second.close()


@pytest.mark.process
@pytest.mark.slow
async def test_an_ai_worker_process_judges_the_review(where: Where) -> None:
    db = where("worker.db")
    services = await opened(where, "worker.db", workers=0)  # this process searches nothing: it gathers
    try:
        game_id = await finished_game(services)
        worker = AiWorker(db)
        try:
            await worker.started()
            started = await services.reviews.request("game", game_id, ANNA_P)
            await services.reviews.settle(timeout=180.0)
        finally:
            assert worker.stop() == 0, "".join(worker.lines)
        review = await services.reviews.get(started.id)
        assert review.state == "done" and [m.ply for m in review.moves] == list(range(1, len(MOVES) + 1))
        seventh = review.move(7)
        assert seventh is not None and seventh.best == "5-4"
    finally:
        await services.close()


async def test_the_messages_showing_a_review_are_kept_until_answered(where: Where) -> None:
    db = where("posts.db")
    services = await Services.open(db, ai_workers=0, review_nodes=NODES)
    try:
        game_id = await finished_game(services)
        started = await services.reviews.request("game", game_id, ANNA_P, place=PLACE)
        await services.reviews.posted(started.id, GROUP, 500, thread_id=3, user_id=ANNA, language="ru")
        await services.reviews.posted(started.id, ANNA, 77, user_id=ANNA)
        posts = await services.reviews.posts(started.id)
        assert [(p.chat_id, p.message_id, p.thread_id, p.language) for p in posts] == [
            (GROUP, 500, 3, "ru"),
            (ANNA, 77, 0, None),
        ]
        await services.reviews.edited(posts[0], at=123.0)
        assert await services.reviews.unanswered() == []  # the review is still running
    finally:
        await services.close()
    services = await opened_with(db, Clock())  # a restart: the review finishes, the answers are still owed
    try:
        await services.reviews.settle()
        owed = await services.reviews.unanswered()
        assert [(p.chat_id, p.message_id, p.edited_at) for p in owed] == [
            (GROUP, 500, 123.0),
            (ANNA, 77, owed[1].edited_at),
        ]
        assert await services.reviews.answered(owed[0]) and not await services.reviews.answered(owed[0])  # once
        assert [p.chat_id for p in await services.reviews.unanswered()] == [ANNA]
        assert [p.answered for p in await services.reviews.posts(started.id, answered=None)] == [True, False]
    finally:
        await services.close()


@pytest.mark.slow
async def test_a_real_39x32_record_with_a_stop_is_reviewed_and_annotated(tmp_path: Path) -> None:
    """zagram's record (the STOP rules, 245 moves, blue resigned): every dot is judged (at a small budget), and the
    annotated record reads back as the same game, its comments on every judged move."""
    services = await Services.open(tmp_path / "zagram.db", ai_workers=1, review_nodes=100)
    await services.opponent.start()
    try:
        text = (DATA / "zagram-352562.sgf").read_text()
        import_id = await services.records.keep(ANNA, ANNA, "zagram.sgf", text)
        started = await services.reviews.request("import", import_id, ANNA_P)
        assert started.total == 245 and started.blue_name == "Митрандир"
        await services.reviews.settle(timeout=600.0)
        review = await services.reviews.get(started.id)
        assert review.state == "done" and len(review.moves) == 244  # every dot; not the resignation
        assert all(m.best_value >= m.played_value for m in review.moves)
        record = parse_sgf(services.reviews.sgf(review))
        assert record.game().moves == review.game.moves and record.game().score == (3, 60)
        assert sorted(record.comments) == [m.ply for m in review.moves]
    finally:
        await services.close()
