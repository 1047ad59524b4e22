"""Sharing, end to end (``tochki_bot.telegram.sharing``): SGF out and in, full-resolution pictures, replays,
spectators, inline mode, ratings; a grounded record can be continued from the position before the grounding;
``/unwatch`` answers where the user sees it."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from PIL import GifImagePlugin, Image

from tests.support import variant_games
from tests.support.games import ANNA, BORIS, GROUP, STRANGER, open_group_game, users, watch_link
from tests.support.harness import Bot
from tests.support.paths import DATA, Where
from tochki_bot.engine import Game
from tochki_bot.engine.sgf import parse_sgf, write_sgf
from tochki_bot.services import Person


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


async def play(bot: Bot, moves: list[str]) -> None:
    anna, boris, _ = users(bot.fake)
    for i, move in enumerate(moves):
        await bot.say(GROUP, anna if i % 2 == 0 else boris, f"/m {move}")


async def test_sgf_export_reads_back_as_the_same_game(bot: Bot) -> None:
    await open_group_game(bot)
    await play(bot, ["4-5", "5-5", "6-5", "1-20", "5-4", "3-20", "5-6"])
    anna, boris, _ = users(bot.fake)
    await bot.say(GROUP, boris, "/sgf")
    document = bot.fake.last("sendDocument", GROUP)
    text = next(iter(document.files.values())).decode()
    record = parse_sgf(text)
    assert record.blue == "Анна" and record.red == "Boris" and "RE[" not in text
    game = record.game()
    stored = await bot.db.games.moves(1)
    assert game.moves == tuple(stored) and game.score == (1, 0)
    await bot.say(GROUP, boris, "/resign")
    confirm = bot.fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да"))
    await bot.say(GROUP, anna, "/sgf 1")
    text = next(iter(bot.fake.last("sendDocument", GROUP).files.values())).decode()
    result = parse_sgf(text).game().result
    assert "RE[B+R]" in text and result is not None and result.reason == "resignation"
    await bot.say(STRANGER, users(bot.fake)[2], "/sgf 1")
    assert "№1" in bot.fake.texts(STRANGER)[-1] or "#1" in bot.fake.texts(STRANGER)[-1]  # not theirs to see


async def test_importing_a_zagram_record_and_stepping_through_it(bot: Bot) -> None:
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "zagram-352562.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    shown = fake.last("sendPhoto", ANNA)
    caption = shown.params["caption"]
    assert "<b>3 : 60</b>" in caption and "244 хода" in caption
    assert "результат в записи: синие сдались, победа красных" in caption  # RE[W+R], in words
    assert "Митрандир" in caption and "Роман Максимов" in caption
    message = shown.result["message_id"]
    await bot.press(ANNA, message, anna, bot.button(ANNA, message, "◀"))
    assert "243" in fake.messages[(ANNA, message)]["caption"]
    await bot.press(ANNA, message, anna, bot.button(ANNA, message, "⏮"))
    assert "<b>0 : 0</b>" in fake.messages[(ANNA, message)]["caption"]
    assert not bot.errors


async def test_a_record_continued_as_a_new_unrated_game(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.send(fake.document_update(GROUP, anna, "game.sgf", (DATA / "playdots-962686.sgf").read_bytes()))
    shown = fake.last("sendPhoto", GROUP)
    assert "<b>3 : 2</b>" in shown.params["caption"] and "победа синих с перевесом в 1 очко" in shown.params["caption"]
    await bot.press(
        GROUP, shown.result["message_id"], anna, bot.button(GROUP, shown.result["message_id"], "Продолжить")
    )
    lobby = fake.last("sendMessage", GROUP).result
    assert "после хода 25" in lobby["text"]
    assert not any("39x32" in b["text"] for row in bot.buttons(GROUP, lobby["message_id"]) for b in row)
    await bot.press(GROUP, lobby["message_id"], boris, bot.button(GROUP, lobby["message_id"], "Играть"))
    record = await bot.db.games.open_in(GROUP)
    assert record is not None and record.state == "active" and record.ply == 25 and not record.rated
    board = fake.last("sendPhoto", GROUP).params["caption"]
    assert "<b>3 : 2</b>" in board
    game = (await bot.services.game(record.id)).position
    mover = anna if record.player(game.to_move) == ANNA else boris
    await bot.say(GROUP, mover, "/m 1-1")
    assert "Ход 26: 1-1" in fake.last("sendPhoto", GROUP).params["caption"]
    await bot.say(GROUP, mover, "/top")
    assert "ещё не закончено" in fake.texts(GROUP)[-1]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"just some text", "это не файл SGF"),
        (b"(;GM[1]SZ[19];B[pd];W[dd])", "запись другой игры (GM[1]"),
        (b"(;GM[40]SZ[10];B[aa];W[aa])", "ход 2 не по правилам"),
    ],
)
async def test_bad_files_get_a_clear_answer(bot: Bot, content: bytes, says: str) -> None:
    anna, _, _ = users(bot.fake)
    await bot.send(bot.fake.document_update(ANNA, anna, "x.sgf", content))
    assert says in bot.fake.texts(ANNA)[-1] and "не получилось" in bot.fake.texts(ANNA)[-1].lower()
    assert not bot.fake.sent("sendPhoto", ANNA)


async def test_png_is_the_full_resolution_board(bot: Bot) -> None:
    await open_group_game(bot, size="39x32", start="cross")
    await play(bot, ["10-10", "11-11"])
    anna, _, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/png")
    document = bot.fake.last("sendDocument", GROUP)
    picture = Image.open(io.BytesIO(next(iter(document.files.values()))))
    photo = Image.open(io.BytesIO(next(iter(bot.fake.last("sendPhoto", GROUP).files.values()))))
    assert picture.format == "PNG" and 2000 < max(picture.size) <= 2560
    assert picture.size[0] > photo.size[0]


@pytest.mark.slow
async def test_replay_of_a_full_39x32_game_fits_telegram(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, _ = users(fake)
    await open_group_game(bot, size="39x32", start="cross")
    record = await bot.db.games.open_in(GROUP)
    assert record is not None
    services = bot.services
    people = {ANNA: Person(ANNA, "Анна"), BORIS: Person(BORIS, "Boris")}
    # Fill the board through the service (no pictures: faster than through Telegram).
    import random

    rng = random.Random(3)
    points = [(x, y) for x in range(1, 40) for y in range(1, 33)]
    rng.shuffle(points)
    view = await services.game(record.id)
    for x, y in points:
        if view.to_move is None:
            break
        if view.position.is_playable(x, y):
            mover = view.player_to_move
            assert mover is not None
            view = await services.play.move(view.id, people[mover.id], x, y)
    record = await bot.db.games.get(view.id)
    assert record is not None and record.state == "finished" and record.reason == "board_full" and record.ply > 1100
    await bot.say(GROUP, anna, "/replay")
    animation = fake.last("sendAnimation", GROUP)
    data = next(iter(animation.files.values()))
    assert len(data) < 10 * 1024 * 1024
    gif = Image.open(io.BytesIO(data))
    assert isinstance(gif, GifImagePlugin.GifImageFile)
    assert gif.n_frames >= record.ply
    assert any("Рисую повтор" in text for text in fake.texts(GROUP))  # progress was shown while it rendered
    assert not bot.errors


async def test_spectator_link_shows_and_follows_the_game(bot: Bot) -> None:
    fake = bot.fake
    _, boris, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    board = fake.last("sendPhoto", STRANGER)
    assert "reply_markup" not in board.params  # spectators get no move buttons
    assert "follow game #1" in fake.texts(STRANGER)[-1]
    await play(bot, ["3-3"])
    assert "3-3" in fake.last("sendPhoto", STRANGER).params["caption"]
    note = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.press(STRANGER, note, stranger, bot.button(STRANGER, note, "Stop following"))
    before = len(fake.sent("sendPhoto", STRANGER))
    await bot.say(GROUP, boris, "/m 4-4")
    assert len(fake.sent("sendPhoto", STRANGER)) == before
    await bot.say(STRANGER, stranger, "/start wnotacode")
    assert "not valid" in fake.texts(STRANGER)[-1]


async def test_inline_mode_offers_the_users_games_by_file_id(bot: Bot) -> None:
    fake = bot.fake
    anna, _, stranger = users(fake)
    await open_group_game(bot)
    await play(bot, ["3-3"])
    file_id = fake.last("sendPhoto", GROUP).result["photo"][-1]["file_id"]
    await bot.send(fake.inline_update(anna))
    answer = fake.last("answerInlineQuery")
    results = answer.params["results"]
    assert len(results) == 1 and results[0]["photo_file_id"] == file_id and results[0]["type"] == "photo"
    assert "start=w" in results[0]["reply_markup"]["inline_keyboard"][0][0]["url"]
    assert answer.params.get("is_personal") is True
    await bot.send(fake.inline_update(stranger))
    assert fake.last("answerInlineQuery").params["results"] == []


async def test_ratings_count_finished_rated_games_only(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    for _ in range(2):
        await open_group_game(bot)
        await play(bot, ["3-3", "4-4"])  # a resignation before one's first move would not count
        await bot.say(GROUP, boris, "/resign")
        confirm = fake.last("sendMessage", GROUP).result["message_id"]
        await bot.press(GROUP, confirm, boris, bot.button(GROUP, confirm, "Да"))
    await bot.say(GROUP, anna, "/new")  # an unfinished game does not count
    await bot.say(GROUP, anna, "/top")
    top = fake.texts(GROUP)[-1]
    assert top.index("Анна") < top.index("Boris")
    # Glicko-2 from 1500 / 350 / 0.06: 1662.3 / 290.3 after the first win, 1720.32 / 260.49 after the second (the
    # loser the mirror image); a deviation of 110 or more is provisional.
    assert "<b>1720?</b> ±260" in top and "<b>1280?</b> ±260" in top
    assert "Рейтинг в этом чате" in top and "Спортивные" in top and "2 игры" in top
    # In a private chat: the ratings of all players who chose to appear there (nobody yet), and one's own place.
    await bot.say(ANNA, anna, "/top")
    alone = fake.texts(ANNA)[-1]
    assert "1720" in alone and "1-е место из 2" in alone and "в /me можно в него попасть" in alone
    await bot.say(ANNA, anna, "/me")
    me = fake.last("sendPhoto", ANNA)  # the rating's history as a picture, the text as its caption
    assert "<b>1720?</b> ±260" in me.params["caption"] and me.files
    message = me.result["message_id"]
    await bot.press(ANNA, message, anna, bot.button(ANNA, message, "Показывать меня"))
    assert "Вы есть в рейтинге всех игроков" in fake.messages[(ANNA, message)]["caption"]
    await bot.say(ANNA, anna, "/top")
    listed = fake.texts(ANNA)[-1]
    assert "Рейтинг всех игроков" in listed and "<b>1720?</b>" in listed and "Boris" not in listed
    await bot.say(GROUP, boris, "/me")
    caption = fake.last("sendPhoto", GROUP).params["caption"]
    assert "<b>1280?</b> ±260 (волатильность 0.060) · 2 игры (0 побед, 2 поражения, 0 ничьих)" in caption
    assert "В этом чате (Спортивные): 2-е место из 2" in caption


async def test_a_spectators_plain_moves_go_to_their_own_game(bot: Bot) -> None:
    fake = bot.fake
    anna, _boris, stranger = users(fake)
    # Anna invites the stranger to a private game ...
    await bot.say(ANNA, anna, "/new")
    link = re.search(r"start=(g[\w-]+)", fake.last("sendMessage", ANNA).result["text"])
    assert link is not None
    await bot.say(STRANGER, stranger, f"/start {link.group(1)}")
    own = await bot.db.games.get(1)
    assert own is not None and own.state == "active"
    # ... then the stranger also follows a group game, whose board arrives last in their chat.
    await open_group_game(bot)
    watch = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {watch}")
    if own.player("blue") == STRANGER:
        await bot.say(STRANGER, stranger, "7-7")
        assert (await bot.db.games.get(1)).ply == 1  # type: ignore[union-attr]
    else:
        await bot.say(ANNA, anna, "7-7")
        await bot.say(STRANGER, stranger, "8-8")
        assert (await bot.db.games.get(1)).ply == 2  # type: ignore[union-attr]
    assert (await bot.db.games.get(2)).ply == 0  # type: ignore[union-attr]


async def test_unwatch_and_a_second_look_at_a_spectator_link_say_things_once(bot: Bot) -> None:
    """Found in the second player trial: what was confusing; it failed before its fix."""
    fake = bot.fake
    _, _, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    first = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.say(STRANGER, stranger, f"/start {link}")
    second = fake.last("sendMessage", STRANGER).result["message_id"]
    assert second != first and not bot.buttons(STRANGER, first) and bot.buttons(STRANGER, second)
    texts = len(fake.texts(STRANGER))
    await bot.say(STRANGER, stranger, "/unwatch")
    assert fake.messages[(STRANGER, second)]["text"] == "You no longer follow game #1."
    assert len(fake.texts(STRANGER)) == texts  # the note says it: no second line below


async def test_a_press_in_a_forum_topic_is_answered_in_that_topic(bot: Bot) -> None:
    """Found by a second look at the reliability work; it failed (or could fail) before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    update = fake.document_update(GROUP, anna, "game.sgf", (DATA / "playdots-962686.sgf").read_bytes())
    update["message"].update(message_thread_id=7, is_topic_message=True)  # shared in topic 7 of a forum
    await bot.send(update)
    shown = fake.last("sendPhoto", GROUP)
    assert int(shown.params["message_thread_id"]) == 7
    message_id = shown.result["message_id"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Продолжить"))
    lobby = fake.last("sendMessage", GROUP)
    assert int(lobby.params.get("message_thread_id", 0)) == 7  # the lobby opens where the press was, not in General
    record = await bot.db.games.open_in(GROUP, 7)
    assert record is not None and record.state == "lobby"
    assert not bot.errors


async def test_stop_following_edits_the_note(bot: Bot) -> None:
    """Exposed by real play ("players first": a clean group); it failed before its fix."""
    fake = bot.fake
    _, _, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    note = fake.last("sendMessage", STRANGER).result["message_id"]
    await bot.press(STRANGER, note, stranger, bot.button(STRANGER, note, "Stop following"))
    assert fake.messages[(STRANGER, note)]["text"] == "You no longer follow game #1."
    assert bot.buttons(STRANGER, note) == []


async def test_the_record_viewer_jumps(bot: Bot) -> None:
    """Exposed by real play ("players first": a board a phone can read); it failed before its fix."""
    from tests.support.paths import DATA

    fake = bot.fake
    anna, _boris, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "zagram.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    shown = fake.last("sendPhoto", ANNA).result["message_id"]
    labels = [b["text"] for row in bot.buttons(ANNA, shown) for b in row]
    assert {"−50", "−10", "+10", "+50"} <= set(labels)
    await bot.press(ANNA, shown, anna, bot.button(ANNA, shown, "⏮"))
    await bot.press(ANNA, shown, anna, bot.button(ANNA, shown, "+50"))
    await bot.press(ANNA, shown, anna, bot.button(ANNA, shown, "+10"))
    assert "после хода 60 из 244" in fake.messages[(ANNA, shown)]["caption"]
    await bot.say(ANNA, anna, "120", reply_to=shown)
    assert "после хода 120 из 244" in fake.messages[(ANNA, shown)]["caption"]
    await bot.say(ANNA, anna, "somewhere", reply_to=shown)
    assert "номером хода" in fake.texts(ANNA)[-1]


async def test_a_record_viewer_in_a_group_is_the_senders(bot: Bot) -> None:
    """Exposed by real play ("players first": a board a phone can read); it failed before its fix."""
    from tests.support.paths import DATA

    fake = bot.fake
    anna, boris, _ = users(fake)
    await bot.send(fake.document_update(GROUP, anna, "zagram.sgf", (DATA / "zagram-352562.sgf").read_bytes()))
    shown = fake.last("sendPhoto", GROUP).result["message_id"]
    before = fake.messages[(GROUP, shown)]["caption"]
    await bot.press(GROUP, shown, boris, bot.button(GROUP, shown, "⏮"))
    assert fake.answers()[-1] == "Only Анна can press this."
    assert fake.messages[(GROUP, shown)]["caption"] == before


async def test_files_that_are_not_records_get_an_answer_in_private(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, _, _ = users(fake)
    await bot.send(fake.document_update(ANNA, anna, "photo.jpg", b"\xff\xd8\xff", mime="image/jpeg"))
    assert ".sgf" in fake.texts(ANNA)[-1]


async def test_spectators_share_what_they_follow_and_players_do_not_become_spectators(bot: Bot) -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    fake = bot.fake
    anna, _, stranger = users(fake)
    await open_group_game(bot)
    link = await watch_link(bot)
    await bot.say(STRANGER, stranger, f"/start {link}")
    await bot.say(STRANGER, stranger, "/sgf")
    assert fake.last("sendDocument", STRANGER).params["caption"].startswith("Game #1")
    await bot.say(ANNA, anna, f"/start {link}")
    assert await bot.db.follows.of_game(1) == [STRANGER]


# ----------------------------------------------------------------------------------------------------------------------
# A grounded record continued; /unwatch where the spectator sees it.


def button_labels(bot: Bot, chat_id: int, message_id: int) -> list[str]:
    return [b["text"] for row in bot.buttons(chat_id, message_id) for b in row]


def grounded_record() -> bytes:
    game = Game(10, 10, "empty")
    for x, y in [(2, 2), (5, 5), (3, 3), (6, 6), (4, 4), (7, 7)]:
        game.play(x, y)
    game.ground(game.to_move)
    assert game.result is not None and game.result.reason == "grounding"
    return write_sgf(game, blue="Anna", red="Boris").encode()


async def test_a_grounded_record_can_be_continued_from_before_the_grounding(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = variant_games.users(fake)
    await bot.send(fake.document_update(GROUP, anna, "grounded.sgf", grounded_record()))
    shown = fake.last("sendPhoto", GROUP).result["message_id"]
    assert "▶ Continue as a new game" in button_labels(bot, GROUP, shown)
    await bot.press(GROUP, shown, anna, bot.button(GROUP, shown, "Continue"))
    lobby = fake.last("sendMessage", GROUP).result
    assert "after move 6" in lobby["text"]
    await bot.press(GROUP, lobby["message_id"], boris, bot.button(GROUP, lobby["message_id"], "Join"))
    record = await bot.db.games.open_in(GROUP)
    assert record is not None and record.state == "active" and record.ply == 6 and not record.rated


async def test_a_full_board_record_cannot_be_continued(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = variant_games.users(fake)
    game = Game(10, 10, "empty")
    while not game.is_over:
        game.play(*next(iter(game.playable_points())))
    await bot.send(fake.document_update(GROUP, anna, "full.sgf", write_sgf(game).encode()))
    shown = fake.last("sendPhoto", GROUP).result["message_id"]
    assert not any("Continue" in label for label in button_labels(bot, GROUP, shown))


async def follow_game(bot: Bot) -> tuple[dict[str, Any], int]:
    """Anna and Boris play in the group; the stranger follows through the /watch link. Returns the stranger and
    their "you follow" note."""
    _, _, stranger = users(bot.fake)
    await open_group_game(bot)
    await bot.say(STRANGER, stranger, f"/start {await watch_link(bot)}")
    return stranger, bot.fake.last("sendMessage", STRANGER).result["message_id"]


async def test_unwatch_after_new_boards_answers_below_them(bot: Bot) -> None:
    fake = bot.fake
    anna, boris, _ = users(fake)
    spectator, note = await follow_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.say(GROUP, boris, "/m 6-6")
    board = fake.last("sendPhoto", STRANGER).result["message_id"]
    assert board > note  # the note is above the latest board: an edit of it is out of sight
    await bot.say(STRANGER, spectator, "/unwatch")
    last = fake.last("sendMessage", STRANGER)
    assert last.result["message_id"] > board and last.params["text"] == "You no longer follow game #1."
    assert not bot.buttons(STRANGER, note)  # the note's button goes too
    await bot.say(GROUP, anna, "/m 7-7")
    assert fake.last("sendPhoto", STRANGER).result["message_id"] == board  # no more boards


async def test_unwatch_right_below_the_note_edits_it_only(bot: Bot) -> None:
    fake = bot.fake
    spectator, note = await follow_game(bot)
    texts = len(fake.texts(STRANGER))
    await bot.say(STRANGER, spectator, "/unwatch")
    assert fake.messages[(STRANGER, note)]["text"] == "You no longer follow game #1."
    assert len(fake.texts(STRANGER)) == texts
