"""The reviews table and the review jobs in the AI's queue, on each backend: a review and its jobs are added at once
(one per subject, one running per person), the bot's moves and hints are taken before any review job, a done
review job is gathered once (and never pruned before), and the review is done with its last span."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import Storage
from storage.reviews import ReviewPost
from tests.support.paths import Where
from tochki_bot.engine import GameSettings


@pytest.fixture
async def db(where: Where) -> AsyncIterator[Storage]:
    storage = await Storage.open(where("reviews.db"))
    yield storage
    await storage.close()


async def a_game(db: Storage) -> int:
    await db.chats.upsert(-100, "group", "Test")
    await db.users.upsert(1, "Anna")
    game = await db.games.create(chat_id=-100, creator_id=1, settings=GameSettings(10, 10, "empty"))
    return game.id


async def test_a_review_and_its_jobs_one_per_subject_and_one_running_per_person(db: Storage) -> None:
    game_id = await a_game(db)
    review = await db.reviews.add(
        "game", game_id, 1, 23, 300, record=None, game_id=game_id, spans=[(1, 10), (11, 10), (21, 3)], lease=5.0
    )
    assert review is not None and review.state == "running" and (review.total, review.done) == (23, 0)
    jobs = await db.jobs.of_review(review.id)
    assert [(j.kind, j.ply, j.span, j.game_id, j.seconds) for j in jobs] == [
        ("review", 1, 10, game_id, 5.0),
        ("review", 11, 10, game_id, 5.0),
        ("review", 21, 3, game_id, 5.0),
    ]
    again = await db.reviews.add("game", game_id, 3, 23, 300, record=None, game_id=game_id, spans=[(1, 23)], lease=1)
    assert again is None, "one review per subject"
    busy = await db.reviews.add("import", 5, 1, 9, 300, record="(;GM[40]SZ[10])", game_id=None, spans=[(1, 9)], lease=1)
    assert busy is None, "one running review per person"
    assert await db.reviews.running_of(1) == review and await db.reviews.of("game", game_id) == review
    empty = await db.reviews.add("import", 6, 4, 0, 300, record="(;GM[40]SZ[10])", game_id=None, spans=[], lease=1)
    assert empty is not None and empty.state == "done" and empty.finished_at is not None  # nothing to judge
    assert empty.record == "(;GM[40]SZ[10])" and await db.reviews.running() == [review]


async def test_moves_and_hints_are_taken_before_review_jobs(db: Storage) -> None:
    game_id = await a_game(db)
    review = await db.reviews.add(
        "game", game_id, 1, 20, 300, record=None, game_id=game_id, spans=[(1, 10), (11, 10)], lease=5.0
    )
    assert review is not None
    move = await db.jobs.add_move(game_id, 0, "easy", 0.5, None)  # added after the review's jobs
    hint = await db.jobs.add_hint(game_id, 0, "normal", 1.0, None)
    now = db.clock()
    taken = [await db.jobs.take("r", now, 10.0) for _ in range(5)]
    assert [(j.kind, j.id) if j else None for j in taken] == [
        ("move", move.id),
        ("hint", hint),
        ("review", (await db.jobs.of_review(review.id))[0].id),
        ("review", (await db.jobs.of_review(review.id))[1].id),
        None,
    ]
    review_job = taken[2]
    assert review_job is not None and review_job.lease_until == now + 10.0 + 5.0


async def test_a_done_review_job_is_gathered_once_and_never_pruned_before(db: Storage) -> None:
    game_id = await a_game(db)
    review = await db.reviews.add(
        "game", game_id, 1, 12, 300, record=None, game_id=game_id, spans=[(1, 10), (11, 2)], lease=5.0
    )
    assert review is not None
    now = db.clock()
    first = await db.jobs.take("r", now, 10.0)
    assert first is not None and first.review_id == review.id
    await db.jobs.finish(first.id, '{"moves": [], "seconds": 0.5}')
    assert await db.jobs.prune(now + 10 * 86400) == 0  # neither the done nor the pending review job
    assert [j.id for j in await db.jobs.reviewed()] == [first.id]
    moves = [[2, "red", "5-5", "5-5", 0.0, 0.0, 10, 1], [1, "blue", "4-5", "4-5", 0.0, 0.0, 10, 1]]
    done = await db.jobs.get(first.id)
    assert done is not None
    gathered = await db.reviews.absorb(done, moves, 0.5)
    assert gathered is not None and gathered.state == "running" and gathered.done == 10 and gathered.seconds == 0.5
    assert [m[0] for m in gathered.judged()] == [1, 2]  # by ply
    assert await db.reviews.absorb(done, moves, 0.5) is None  # gathered once
    second = await db.jobs.take("r", now, 10.0)
    assert second is not None and second.ply == 11 and second.span == 2
    await db.jobs.finish(second.id, "{}")
    last = await db.reviews.absorb(second, [[11, "blue", "1-1", "2-2", 1.0, 0.0, 10, 1]], 0.25)
    assert last is not None and last.state == "done" and last.done == 12 and last.finished_at is not None
    assert [m[0] for m in last.judged()] == [1, 2, 11] and last.seconds == 0.75
    assert await db.jobs.of_review(review.id) == [] and await db.reviews.running_of(1) is None


async def test_a_running_review_without_jobs_is_ended(db: Storage) -> None:
    game_id = await a_game(db)
    review = await db.reviews.add("game", game_id, 1, 5, 300, record=None, game_id=game_id, spans=[(1, 5)], lease=1.0)
    assert review is not None and await db.reviews.end_orphans() == []
    async with db.transaction():
        await db.db.execute("DELETE FROM ai_jobs WHERE review_id = ?", (review.id,))  # by hand
    ended = await db.reviews.end_orphans()
    assert [(r.id, r.state, r.done) for r in ended] == [(review.id, "done", 5)]
    assert await db.reviews.running_of(1) is None and await db.reviews.end_orphans() == []


async def test_answered_review_messages_are_pruned_and_owed_ones_kept(db: Storage) -> None:
    game_id = await a_game(db)
    review = await db.reviews.add("game", game_id, 1, 3, 300, record=None, game_id=game_id, spans=[(1, 3)], lease=5.0)
    assert review is not None
    for message_id in (10, 11):
        await db.reviews.post(ReviewPost(review.id, -100, message_id, created_at=100.0))
    await db.reviews.post(ReviewPost(review.id, -100, 12, created_at=300.0))
    assert await db.reviews.answered(review.id, -100, 10) and await db.reviews.answered(review.id, -100, 12)
    assert await db.reviews.prune_posts(200.0) == 1  # answered and old; 11 is still owed, 12 is recent
    left = await db.reviews.posts(review.id, answered=None)
    assert [(p.message_id, p.answered) for p in left] == [(11, False), (12, True)]
