"""Puzzles through the services, on SQLite and PostgreSQL: the shipped set, answers that move the person's and the
puzzle's Glicko-2 ratings once, the next puzzle nearer the person's new rating, a group's race (first right answer
wins, one try each), the puzzle of the day, and puzzles found in the bot's own finished games (public ones)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from storage import PuzzleRecord
from tests.support.harness import Clock
from tochki_bot.ai.puzzles import REVIEW_NODES
from tochki_bot.engine import Point
from tochki_bot.services import LobbyChoice, Person, Place, Services
from tochki_bot.services.puzzles import DAY, moves_of, moves_text

GROUP = Place(-700, "supergroup", "Club")
ANNA, BORIS, CAT = Person(71, "Anna"), Person(72, "Boris"), Person(73, "Cat")
RING = [(3, 4), (3, 5), (4, 6), (5, 6), (6, 5), (6, 4), (4, 3), (6, 3), (10, 10), (10, 8)]
BLOCK = [(4, 4), (5, 4), (4, 5), (5, 5), (5, 2), (5, 1), (12, 12), (12, 11), (11, 12), (1, 12)]
"""A game's dots, blue's and red's: blue rings four red dots, open at 5-3 (tests/ai/test_puzzle_finder.py)."""


def shipped() -> list[dict[str, object]]:
    text = resources.files("tochki_bot.services").joinpath("puzzles.json").read_text(encoding="utf-8")
    puzzles: list[dict[str, object]] = json.loads(text)["puzzles"]
    return puzzles


async def add(services: Services, source: str, rating: float) -> int:
    """A puzzle of the ring position after 14 dots (blue to move: 5-3 captures four) rated ``rating``; its id."""
    moves = " ".join(f"b{b[0]}-{b[1]} r{r[0]}-{r[1]}" for b, r in zip(RING[:7], BLOCK[:7], strict=True))
    settings = '{"width":12,"height":12,"start":"empty"}'
    record = PuzzleRecord(0, source, 14, settings, moves, "5-3", "capture", 4.0, 0.0, rating, 200.0, 0.06)
    assert await services._core.storage.puzzles.add(record)
    row = await services._core.storage.db.row("SELECT id FROM puzzles WHERE source = ?", (source,))
    return int(row[0])


async def test_the_shipped_set_is_loaded_once_and_each_puzzle_is_sound(services: Services) -> None:
    puzzles = shipped()
    assert puzzles
    assert await services.puzzles.count() == len(puzzles)
    assert await services.puzzles.load_shipped() == 0  # again: nothing more
    assert await services.puzzles.count() == len(puzzles)
    for item in puzzles:
        record = await services._core.storage.puzzles.nearest_unseen(1, float(str(item["rating"])))
        assert record is not None
    first = await services.puzzles.next_for(ANNA.id)
    assert first is not None
    assert first.position.is_playable(*first.solution)
    assert first.margin >= 3 or first.kind == "win"
    assert moves_text(moves_of(moves_text(list(first.position.moves)))) == moves_text(list(first.position.moves))


async def test_an_answer_moves_both_ratings_once(services: Services) -> None:
    puzzle = await services.puzzles.next_for(ANNA.id)
    assert puzzle is not None
    outcome = await services.puzzles.answer(puzzle.id, ANNA.id, puzzle.solution)
    assert outcome.correct and outcome.rated and outcome.before is not None and outcome.after is not None
    assert outcome.after.rating > outcome.before.rating == 1500.0
    assert outcome.after.deviation < outcome.before.deviation
    again = await services.puzzles.puzzle(puzzle.id)
    assert again.rating.rating < puzzle.rating.rating  # the puzzle lost
    me = await services.puzzles.puzzler(ANNA.id)
    assert (me.solved, me.failed, me.rating.rating) == (1, 0, outcome.after.rating)
    # A second answer to the same puzzle changes nothing.
    repeat = await services.puzzles.answer(puzzle.id, ANNA.id, Point(1, 1))
    assert repeat.again and not repeat.rated and not repeat.correct
    assert (await services.puzzles.puzzler(ANNA.id)).rating == me.rating
    # Boris answers it wrong: his rating falls, the puzzle's rises.
    wrong = next(p for p in puzzle.position.playable_points() if p != puzzle.solution)
    failed = await services.puzzles.answer(puzzle.id, BORIS.id, wrong)
    assert not failed.correct and failed.rated and failed.after is not None and failed.after.rating < 1500.0
    assert (await services.puzzles.puzzle(puzzle.id)).rating.rating > again.rating.rating
    boris = await services.puzzles.puzzler(BORIS.id)
    assert (boris.solved, boris.failed) == (0, 1)


async def test_the_next_puzzle_is_harder_after_solves_and_easier_after_failures(services: Services) -> None:
    await services.puzzles.count()  # the shipped set first
    easy, middle, hard = [await add(services, s, r) for s, r in (("easy", 900.0), ("mid", 1500.0), ("hard", 2100.0))]
    shown = []
    for _ in range(3):
        puzzle = await services.puzzles.next_for(ANNA.id)
        assert puzzle is not None
        shown.append(puzzle.rating.rating)
        await services.puzzles.answer(puzzle.id, ANNA.id, puzzle.solution)
    anna = (await services.puzzles.puzzler(ANNA.id)).rating.rating
    assert anna > 1700.0
    nxt = await services.puzzles.next_for(ANNA.id)
    assert nxt is not None and nxt.rating.rating >= 1700.0 > max(shown[:1])  # harder than the first
    unseen = [r for r in (900.0, 1450.0, 1700.0, 2100.0) if r != nxt.rating.rating]
    assert all(abs(nxt.rating.rating - anna) <= abs(r - anna) for r in unseen)  # the nearest to her rating
    for _ in range(3):
        puzzle = await services.puzzles.next_for(BORIS.id)
        assert puzzle is not None
        wrong = next(p for p in puzzle.position.playable_points() if p != puzzle.solution)
        await services.puzzles.answer(puzzle.id, BORIS.id, wrong)
    boris = (await services.puzzles.puzzler(BORIS.id)).rating.rating
    assert boris < 1300.0
    nxt = await services.puzzles.next_for(BORIS.id)
    assert nxt is not None and nxt.rating.rating <= 1200.0  # easier than any he failed
    if nxt.id != easy:  # a shipped puzzle rated between his rating and the easy one added
        assert abs(nxt.rating.rating - boris) <= abs(900.0 - boris)
    assert middle not in (easy, hard)


async def test_a_groups_puzzle_goes_to_the_first_right_answer_and_each_tries_once(services: Services) -> None:
    puzzle = await services.puzzles.for_group(GROUP.chat_id)
    assert puzzle is not None
    await services.puzzles.shown(GROUP.chat_id, 500, puzzle.id)
    post = await services.puzzles.post(GROUP.chat_id, 500)
    assert post is not None and not post.closed
    wrong = next(p for p in puzzle.position.playable_points() if p != puzzle.solution)
    first = await services.puzzles.answer_group(post, BORIS.id, wrong)
    assert not first.correct and first.winner is None
    twice = await services.puzzles.answer_group(post, BORIS.id, puzzle.solution)  # one try each
    assert twice.earlier == str(wrong) and twice.winner is None
    won = await services.puzzles.answer_group(post, ANNA.id, puzzle.solution)
    assert won.correct and won.first and won.winner == ANNA.id and not won.rated
    post = await services.puzzles.post(GROUP.chat_id, 500)
    assert post is not None and post.closed and post.solved_by == ANNA.id
    late = await services.puzzles.answer_group(post, CAT.id, puzzle.solution)
    assert late.correct and not late.first and late.winner == ANNA.id
    assert (await services.puzzles.puzzler(ANNA.id)).rating.rating == 1500.0  # a race is not rated
    other = await services.puzzles.for_group(GROUP.chat_id)
    assert other is None or other.id != puzzle.id  # never the same one twice in a group


async def test_the_puzzle_of_the_day_comes_once_a_day(services: Services, clock: Clock) -> None:
    assert not await services.puzzles.daily(GROUP.chat_id)
    assert not await services.puzzles.set_daily(GROUP.chat_id, 0, True)
    assert await services.puzzles.daily_due() == [(GROUP.chat_id, 0)]
    assert await services.puzzles.daily_due() == []  # taken: once
    assert await services.puzzles.next_daily() == clock.now + DAY
    clock.advance(DAY - 1)
    assert await services.puzzles.daily_due() == []
    clock.advance(1)
    assert await services.puzzles.daily_due() == [(GROUP.chat_id, 0)]
    clock.advance(3 * DAY + 5)  # the bot was down for days: one now, the next a day after the due time
    assert await services.puzzles.daily_due() == [(GROUP.chat_id, 0)]
    assert await services.puzzles.daily_due() == []
    assert await services.puzzles.set_daily(GROUP.chat_id, 0, False)
    assert await services.puzzles.next_daily() is None


async def play_ring_game(services: Services, place: Place, blue: Person, red: Person) -> int:
    """A finished 12x12 game of the ring's dots (red resigns at the end); its number."""
    choice = LobbyChoice(12, 12, "empty", None, "creator_blue")
    if place.private:
        opened = await services.lobby.open(place, blue, choice)
        assert opened.view.invite is not None
        view = await services.lobby.accept_invite(opened.view.invite, red)
    else:
        opened = await services.lobby.open(place, blue, choice)
        view = await services.lobby.join(opened.view.id, red, place)
    for b, r in zip(RING, BLOCK, strict=True):
        view = await services.play.move(view.id, blue, *b)
        view = await services.play.move(view.id, red, *r)
    view = await services.play.resign(view.id, red)
    assert view.state == "finished"
    return view.id


@pytest.mark.slow
async def test_finished_public_games_give_puzzles_and_private_ones_only_when_allowed(services: Services) -> None:
    group_game = await play_ring_game(services, GROUP, ANNA, BORIS)
    private_game = await play_ring_game(services, Place(ANNA.id, "private"), ANNA, BORIS)
    assert not await services.puzzles.public(private_game)
    found = await services.puzzles.mine(limit=5, nodes=REVIEW_NODES, processes=False)
    assert found == 2  # the group game: red's save, then blue's capture, at 5-3
    storage = services._core.storage.puzzles
    assert await storage.count(f"game:{group_game}") == 2
    assert await storage.count(f"game:{private_game}") == 0
    assert await services.puzzles.mine(limit=5, processes=False) == 0  # each game is looked at once
    # Both players of a later private game allow it: it gives its puzzles.
    await services.puzzles.set_share(ANNA.id, True)
    assert not await services.puzzles.public(private_game)  # Boris does not allow it yet
    await services.puzzles.set_share(BORIS.id, True)
    assert await services.puzzles.public(private_game)  # but it was looked at already: it stays without puzzles
    later = await play_ring_game(services, Place(ANNA.id, "private"), ANNA, BORIS)
    assert await services.puzzles.public(later)
    assert await services.puzzles.mine(limit=5, processes=False) == 2
    row = await services._core.storage.db.row(
        "SELECT id FROM puzzles WHERE source = ? AND ply = 14", (f"game:{later}",)
    )
    puzzle = await services.puzzles.puzzle(int(row[0]))
    assert puzzle.solution == Point(5, 3) and puzzle.to_move == "blue" and puzzle.kind == "capture"
    assert puzzle.gain == 4 and puzzle.solved_position().score == (4, 0)
    assert (await services.puzzles.puzzler(ANNA.id)).share
