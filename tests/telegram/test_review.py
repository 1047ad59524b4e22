"""The review of a finished game through the real bot and the fake Bot API: 🔎 Review under a final 39x32 board →
one progress message → the evaluation chart with the players' numbers, the mistakes' album and the annotated SGF,
which our own import reads back with its comments; ``/review N`` in a group with privacy on; the refusals (a game
being played, one review at a time, bad input, no such game); asked again, the same progress message or the review
at once; an edited message never starts one; in a busy group the review's messages wait for the budget, none is
refused (no 429) and none is left out. The reviews are judged at a small budget (``NODES``) by one worker."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.busy_group import strict_bot
from tests.support.games import ANNA, BORIS, GROUP, STRANGER, users
from tests.support.harness import Bot
from tests.support.paths import Where
from tests.support.positions import surrounding_game
from tochki_bot.engine.sgf import parse_sgf
from tochki_bot.services import LobbyChoice, Person, Place
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram.reviews import PROGRESS_EVERY_GROUP, PROGRESS_EVERY_PRIVATE, desk_of

NODES = 200
"""A small budget: each move is judged in a few hundredths of a second."""
MOVES = 40
"""Moves of the 39x32 game reviewed."""
SETTINGS: dict[str, Any] = {"review_nodes": NODES, "ai_workers": 1}


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("review.db"), **SETTINGS).start()
    yield started
    await started.stop()


async def finished_game(bot: Bot, *, moves: int = MOVES, size: tuple[int, int] = (39, 32), chat: int = GROUP) -> int:
    """A game of Anna (blue) and Boris in the group ``chat``, played through the services (a dense game of
    captures), then Boris resigns; its id."""
    services = bot.services
    place = Place(chat, "supergroup", "Club")
    anna, boris = Person(ANNA, "Anna"), Person(BORIS, "Boris")
    width, height = size
    opened = await services.lobby.open(place, anna, LobbyChoice(width, height, "cross", None, colours="creator_blue"))
    game_id = opened.view.id
    await services.lobby.join(game_id, boris, place)
    for move in surrounding_game(5, moves, width, height).moves:
        assert move.point is not None
        await services.play.move(game_id, anna if move.colour == "blue" else boris, *move.point)
    await services.play.resign(game_id, boris)
    return game_id


async def final_board(bot: Bot, game_id: int, chat: int = GROUP) -> int:
    """The game's final board posted in ``chat`` (``/board N``); its message id."""
    anna, _, _ = users(bot.fake)
    await bot.say(chat, anna, f"/board {game_id}")
    return int(bot.last_board(chat)["message_id"])


async def reviewed(bot: Bot) -> None:
    """Until every review is done and every message about it has gone."""
    await bot.services.reviews.settle()
    await bot.settle()


def album(bot: Bot, chat: int) -> list[dict[str, Any]]:
    """The pictures of the last album sent to ``chat``."""
    media = bot.fake.last("sendMediaGroup", chat).params["media"]
    return list(json.loads(media) if isinstance(media, str) else media)


def progress_messages(bot: Bot, chat: int) -> list[Any]:
    return [c for c in bot.fake.sent("sendMessage", chat) if "🔎" in c.params["text"] and "…" in c.params["text"]]


async def test_a_final_39x32_board_reviewed_end_to_end(bot: Bot) -> None:
    """The issue's done-when: button → progress → chart, mistakes, annotated SGF our import reads back."""
    fake = bot.fake
    anna, boris, _ = users(fake)
    game_id = await finished_game(bot)
    board = await final_board(bot, game_id)
    rows = [[b["text"] for b in row] for row in bot.buttons(GROUP, board)]
    assert ["🔎 Разбор"] in rows  # the group speaks Russian (Anna's): the button too
    await bot.press(GROUP, board, boris, bot.button(GROUP, board, "🔎"))
    assert fake.answers()[-1] == f"🔎 Game #{game_id}: the review starts, its progress follows in the chat."
    progress = progress_messages(bot, GROUP)
    assert len(progress) == 1 and f"№{game_id}" in progress[0].params["text"]
    assert str(board) in str(progress[0].params.get("reply_parameters"))  # a reply to the board pressed
    progress_id = int(progress[0].result["message_id"])

    await reviewed(bot)
    review = await bot.services.reviews.of("game", game_id)
    assert review is not None and review.state == "done" and review.total == MOVES + 1
    # The progress message, no longer needed, points down at the review.
    assert fake.messages[(GROUP, progress_id)]["text"] == f"🔎 Разбор игры №{game_id}: готово ↓"
    chart = fake.last("sendPhoto", GROUP)
    assert chart.params["caption"].startswith(f"🔎 <b>Разбор игры №{game_id}</b>")
    assert "Анна:" in chart.params["caption"] and "Boris:" in chart.params["caption"]
    shown = album(bot, GROUP)
    mistakes = review.mistakes("blue") + review.mistakes("red")
    assert 2 <= len(shown) == len(mistakes) <= 6
    assert all(item["type"] == "photo" and "Ход " in item["caption"] for item in shown)
    assert {m.ply for m in mistakes} == {int(re.search(r"Ход (\d+)", i["caption"]).group(1)) for i in shown}  # type: ignore[union-attr]
    document = fake.last("sendDocument", GROUP)
    assert document.names["document"] == f"review-{game_id}.sgf"
    sgf = document.files["document"]
    record = parse_sgf(sgf)
    assert sorted(record.comments) == [m.ply for m in review.moves] and len(record.comments) >= MOVES
    # In this order: the chart, the album, the file, after the progress message.
    order = [c.method for c in fake.calls if c.method in ("sendPhoto", "sendMediaGroup", "sendDocument")][-3:]
    assert order == ["sendPhoto", "sendMediaGroup", "sendDocument"]

    # Our own import reads the annotated record back, and it can be reviewed in turn from its viewer.
    await bot.send(fake.document_update(ANNA, anna, f"review-{game_id}.sgf", sgf))
    viewer = fake.last("sendPhoto", ANNA)
    assert viewer.params["caption"].count("39x32") == 1 or "39" in viewer.params["caption"]
    viewer_id = int(viewer.result["message_id"])
    assert any("🔎" in label for label in (b["text"] for row in bot.buttons(ANNA, viewer_id) for b in row))
    kept = await bot.services.records.kept(1)
    assert kept is not None and parse_sgf(kept.sgf).comments == record.comments
    await bot.press(ANNA, viewer_id, anna, bot.button(ANNA, viewer_id, "🔎"))
    await reviewed(bot)
    assert fake.last("sendDocument", ANNA).names["document"] == "review-record-1.sgf"
    again = await bot.services.reviews.of("import", 1)
    assert again is not None and again.state == "done" and len(again.moves) == len(review.moves)
    assert not bot.errors


async def test_asked_again_while_it_runs_and_one_review_at_a_time(where: Where) -> None:
    """No runner in this process (``ai_workers=0``): the reviews wait in the queue, running, all along."""
    bot = await Bot(where("waiting.db"), **(SETTINGS | {"ai_workers": 0})).start()
    try:
        fake = bot.fake
        anna, boris, stranger = users(fake)
        game_id = await finished_game(bot, moves=20, size=(20, 20))
        other = await finished_game(bot, moves=10, size=(20, 20))
        board = await final_board(bot, game_id)
        await bot.press(GROUP, board, anna, bot.button(GROUP, board, "🔎"))
        progress_id = int(progress_messages(bot, GROUP)[0].result["message_id"])
        # Asked again while it runs, by a press and by the command: the same progress message, no second review.
        await bot.press(GROUP, board, stranger, bot.button(GROUP, board, "🔎"))
        assert fake.answers()[-1] == f"🔎 Game #{game_id}: the review is under way already."
        await bot.say(GROUP, boris, f"/review {game_id}")
        referred = fake.sent("sendMessage", GROUP)[-1]
        assert str(progress_id) in str(referred.params.get("reply_parameters"))
        assert referred.params["text"] == f"Игра №{game_id}: разбор уже идёт, его ход — здесь ↑"
        assert len(progress_messages(bot, GROUP)) == 1
        # One review at a time: Anna's other game waits until hers is done (told in her own language).
        other_board = await final_board(bot, other)
        await bot.press(GROUP, other_board, anna, cb.Review("game", other).encode())
        assert f"Ваш разбор игры №{game_id} ещё идёт (0 из 21 хода)" in fake.answers()[-1]
        await bot.say(GROUP, anna, f"/review {other}")
        assert f"Ваш разбор игры №{game_id} ещё идёт" in fake.texts(GROUP)[-1]
        assert await bot.services.reviews.of("game", other) is None
        assert len(progress_messages(bot, GROUP)) == 1
        assert not bot.errors
    finally:
        await bot.stop()


async def test_progress_edits_keep_their_pace_and_only_the_latest_waits(where: Where) -> None:
    """In a private chat the progress message is edited at most every ``PROGRESS_EVERY_PRIVATE`` seconds: steps that
    come quicker replace the edit still waiting, so only the latest state goes (no runner here: the steps are told to
    the desk by hand, as ``services.reviews`` tells it)."""
    bot = await Bot(where("pace.db"), **(SETTINGS | {"ai_workers": 0})).start()
    try:
        fake = bot.fake
        anna, _, _ = users(fake)
        game_id = await finished_game(bot, moves=30, size=(20, 20))
        await bot.say(ANNA, anna, f"/review {game_id}")
        assert len(progress_messages(bot, ANNA)) == 1
        running = await bot.services.reviews.of("game", game_id)
        assert running is not None and running.state == "running"
        desk = desk_of(bot.front)
        for done in (10, 20, 30):
            await desk.on_progress(dataclasses.replace(running, done=done, expected_seconds=40.0 - done))
        assert bot.front.messenger.postbox.waiting(ANNA) == 1  # one edit waits: the latest
        await bot.settle()
        edits = fake.sent("editMessageText", ANNA)
        assert len(edits) == 1 and "30 из 31" in edits[0].params["text"]
        progress = progress_messages(bot, ANNA)[0]
        assert edits[0].at - progress.at >= PROGRESS_EVERY_PRIVATE - 0.5
        assert not bot.errors
    finally:
        await bot.stop()


async def test_a_review_asked_before_a_restart_reaches_its_chat_after_it(where: Where) -> None:
    """Asked of a bot that stops before judging anything (no runner: ``ai_workers=0``): the bot started again on the
    same database judges it and the group that asked gets it, its progress message saying so."""
    db = where("restart.db")
    first = await Bot(db, **(SETTINGS | {"ai_workers": 0})).start()
    fake = first.fake
    anna, _, _ = users(fake)
    try:
        game_id = await finished_game(first, moves=20, size=(20, 20))
        await first.say(GROUP, anna, f"/review {game_id}")
        progress_id = int(progress_messages(first, GROUP)[0].result["message_id"])
    finally:
        await first.stop()
    again = await Bot(db, fake, **SETTINGS).start()
    try:
        await reviewed(again)
        assert fake.messages[(GROUP, progress_id)]["text"].endswith("готово ↓")
        assert fake.last("sendDocument", GROUP).names["document"] == f"review-{game_id}.sgf"
        assert len(fake.sent("sendMediaGroup", GROUP)) + len(fake.sent("sendPhoto", GROUP)) >= 2
        assert not again.errors
    finally:
        await again.stop()


async def test_a_done_review_asked_again_comes_at_once(bot: Bot) -> None:
    fake = bot.fake
    anna, _, stranger = users(fake)
    game_id = await finished_game(bot, moves=20, size=(20, 20))
    await bot.say(GROUP, anna, f"/review {game_id}")
    await reviewed(bot)
    assert len(fake.sent("sendMediaGroup", GROUP)) == 1 and len(fake.sent("sendDocument", GROUP)) == 1
    first = await bot.services.reviews.of("game", game_id)
    # Done: asked again, the review comes at once (the same one: nothing is judged again), no progress message.
    await bot.say(GROUP, stranger, f"/review {game_id}")
    await bot.settle()
    assert len(fake.sent("sendDocument", GROUP)) == 2 and len(fake.sent("sendMediaGroup", GROUP)) == 2
    assert len(progress_messages(bot, GROUP)) == 1
    again = await bot.services.reviews.of("game", game_id)
    assert first is not None and again is not None and again.id == first.id and again.moves == first.moves
    # In private too: Anna's own latest finished game, with /review alone.
    await bot.say(ANNA, anna, "/review")
    await bot.settle()
    assert fake.last("sendDocument", ANNA).names["document"] == f"review-{game_id}.sgf"
    assert not bot.errors


async def test_review_n_in_a_group_with_privacy_on(bot: Bot) -> None:
    """The bot sees only commands there (the fake's default): ``/review N`` is one."""
    fake = bot.fake
    assert not bot.front.can_read_all
    _, boris, _ = users(fake)
    game_id = await finished_game(bot, moves=20, size=(20, 20))
    await bot.say(GROUP, boris, f"/review {game_id}")
    assert len(progress_messages(bot, GROUP)) == 1
    await reviewed(bot)
    assert fake.last("sendDocument", GROUP).names["document"] == f"review-{game_id}.sgf"
    assert fake.last("sendPhoto", GROUP).params["caption"].startswith("🔎 <b>")
    assert not bot.errors


async def test_refusals_are_answered_clearly(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    en = fake.user(77, "Eve", "en")
    # A game being played: not yet.
    services = bot.services
    place = Place(GROUP, "supergroup", "Club")
    choice = LobbyChoice(10, 10, "empty", None, colours="creator_blue")
    opened = await services.lobby.open(place, Person(ANNA, "Anna"), choice)
    await services.lobby.join(opened.view.id, Person(BORIS, "Boris"), place)
    await services.play.move(opened.view.id, Person(ANNA, "Anna"), 5, 5)
    await bot.say(GROUP, en, f"/review {opened.view.id}")
    said = fake.texts(GROUP)[-1]
    assert f"#{opened.view.id} is still being played" in said or f"№{opened.view.id} ещё идёт" in said
    # Bad input: a word, two numbers, a game that does not exist.
    await bot.say(ANNA, anna, "/review abc")
    assert "«abc» — не номер игры" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, "/review 1 2")
    assert "<code>/review 12</code>" in fake.texts(ANNA)[-1]
    await bot.say(ANNA, anna, "/review 99999")
    assert "99999" in fake.texts(ANNA)[-1]
    # Nothing finished to review yet.
    await bot.say(BORIS, boris, "/review")
    assert fake.texts(BORIS)[-1].startswith("You have no finished game here to review.")
    assert await services.reviews.of("game", opened.view.id) is None
    assert not bot.errors


async def test_an_edited_message_never_starts_a_review(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    game_id = await finished_game(bot, moves=10, size=(20, 20))
    await bot.send(fake.message_update(GROUP, anna, f"/review {game_id}", edited=True))
    assert await bot.services.reviews.of("game", game_id) is None
    assert progress_messages(bot, GROUP) == []
    assert not bot.errors


async def test_a_busy_group_gets_the_review_within_its_budget(tmp_path: Path) -> None:
    """On the strict fake (a 6 s minute): a game going on spends the group's budget while the review of another
    game comes (about 25 messages in 10 s, the album counting one per picture: it waits for room); no 429, nothing
    left out, and the progress message's last edit says the review is done (no two edits of it closer than
    ``PROGRESS_EVERY_GROUP`` seconds)."""
    bot = await strict_bot(tmp_path / "busy.db", 0.1, **SETTINGS).start()
    try:
        fake = bot.fake
        anna, boris, _ = users(fake)
        game_id = await finished_game(bot, moves=60)
        board = await final_board(bot, game_id)
        await bot.say(GROUP, anna, "/new 10x10")  # another game, played while the review runs
        lobby = int(fake.last("sendMessage", GROUP).result["message_id"])
        await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Играть"))
        await bot.press(GROUP, board, boris, bot.button(GROUP, board, "🔎"))
        for number in range(6):
            who, point = (anna, f"{2 + number}-2") if number % 2 == 0 else (boris, f"{2 + number}-8")
            await bot.say(GROUP, who, f"/m {point}")
        await reviewed(bot)
        assert fake.refused == []
        shown = album(bot, GROUP)
        assert len(shown) >= 2
        assert fake.last("sendDocument", GROUP).names["document"] == f"review-{game_id}.sgf"
        edits = [c for c in fake.sent("editMessageText", GROUP) if "🔎" in c.params["text"]]
        assert edits and "↓" in edits[-1].params["text"]
        times = [c.at for c in edits[:-1]]
        assert all(b - a >= PROGRESS_EVERY_GROUP - 0.5 for a, b in itertools.pairwise(times))
        assert not bot.errors
    finally:
        await bot.stop()


async def test_a_stranger_cannot_review_a_group_game_from_elsewhere(bot: Bot) -> None:
    fake = bot.fake
    _, _, stranger = users(fake)
    game_id = await finished_game(bot, moves=10, size=(20, 20))
    await bot.say(STRANGER, stranger, f"/review {game_id}")  # a group game: anyone there may; here, not a stranger
    assert str(game_id) in fake.texts(STRANGER)[-1]
    assert await bot.services.reviews.of("game", game_id) is None
    assert not bot.errors
