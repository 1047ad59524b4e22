"""The rule sets through the whole bot (fake Bot API): the lobby's rules row, manual closures with buttons and text,
the closing phase, the agreed end of a territory game, STOP-free manual games against the bot, SGF in and out."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.harness import Bot
from tests.support.variant_games import ANNA, BORIS, GROUP, SURROUND, board, open_game, users
from tochki_bot.engine import Game, GameSettings, Point
from tochki_bot.engine.sgf import parse_sgf, write_sgf
from tochki_bot.services import LobbyChoice, Person, Place, Problem, ServiceError
from tochki_bot.services.opponent import search


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


async def play(bot: Bot, moves: list[tuple[str, str]]) -> None:
    anna, boris = users(bot.fake)
    for who, move in moves:
        await bot.say(GROUP, anna if who == "anna" else boris, f"/m {move}")


async def test_lobby_has_the_rules_row_and_new_reads_rules_and_margin(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await bot.say(GROUP, anna, "/new 30x30 polish 30")
    lobby = bot.fake.last("sendMessage", GROUP)
    assert "Polish, instant win at 30" in lobby.params["text"]
    message_id = lobby.result["message_id"]
    labels = [b["text"] for row in bot.buttons(GROUP, message_id) for b in row]
    assert "✓ Polish" in labels and "✓ 🏁 30" in labels and "✓ 30x30" in labels
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Territory"))
    text = bot.fake.messages[(GROUP, message_id)]["text"]
    assert "Rules: Territory" in text
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "🏁 15"))
    record = await bot.game(1)
    assert record.settings.rules == "territory" and record.settings.instant_win == 15
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Sports"))
    record = await bot.game(1)
    assert record.settings == GameSettings(30, 30, "cross")


async def test_polish_game_with_pool_buttons_done_and_instant_win(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await open_game(bot, "/new 10x10 empty polish 1")
    await play(bot, SURROUND)
    await bot.say(GROUP, anna, "/m 3-4")
    message_id, params = board(bot)
    assert "close your pools" in params["caption"]
    labels = [b["text"] for row in bot.buttons(GROUP, message_id) for b in row]
    assert labels == ["⭕ 3-3: 1 dot · area 1", "✅ Done"]
    # Boris may not move while Anna closes; nor press her buttons.
    await bot.say(GROUP, boris, "/m 8-8")
    assert "not your move" in fake.texts(GROUP)[-1].lower() or "anna" in fake.texts(GROUP)[-1].lower()
    await bot.press(GROUP, message_id, boris, bot.button(GROUP, message_id, "3-3"))
    assert (await bot.game(1)).ply == 7
    assert fake.answers()[-1] == "Only Anna can press this."
    await bot.press(GROUP, message_id, boris, bot.button(GROUP, message_id, "Done"))
    assert fake.answers()[-1] == "Only Anna can press this."
    # Anna cannot place a second dot either.
    await bot.say(GROUP, anna, "/m 8-8")
    assert "First close your pools" in fake.texts(GROUP)[-1]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "3-3"))
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "instant_win" and record.winner == "blue"
    assert (record.score_blue, record.score_red) == (1, 0)
    _, params = board(bot)
    assert "wins at once" in params["caption"]


async def test_polish_done_passes_the_turn_and_old_pool_buttons_go_stale(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await open_game(bot, "/new 10x10 empty polish")
    await play(bot, SURROUND)
    await bot.say(GROUP, anna, "/m 3-4")
    message_id, _ = board(bot)
    pool = bot.button(GROUP, message_id, "3-3")
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Done"))
    record = await bot.game(1)
    assert record.closing is None and record.ply == 8
    _, params = board(bot)
    assert "Boris" in params["caption"]
    await bot.press(GROUP, message_id, anna, pool)  # the old board's button: refused, nothing changes
    assert (await bot.game(1)).ply == 8
    # Boris moves; Anna's chance to close is gone until her next dot, which offers the pool again.
    await bot.say(GROUP, boris, "/m 9-7")
    await bot.say(GROUP, anna, "/close 3-3")
    assert "nothing for you to close" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, anna, "/m 1-1 close 3-3")
    record = await bot.game(1)
    assert (record.score_blue, record.score_red) == (1, 0) and record.closing is None
    game = await bot.services.game(1)
    assert game.position.owner(3, 3) == "blue" and game.to_move == "red"
    # Replayed from the stored rows (close and done rows joined to their dots), the position is the same.
    bot.services._core.positions.forget(1)
    again = await bot.services.game(1)
    assert again.position.moves == game.position.moves and again.ply == game.ply == record.ply
    moves = await bot.db.games.moves(1)
    assert [m.closures for m in moves if m.closures] == [game.position.moves[-1].closures]


async def test_autoclose_closes_every_pool_after_the_dot(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = users(fake)
    await bot.say(ANNA, anna, "/autoclose on")
    assert "on" in fake.texts(ANNA)[-1]
    await open_game(bot, "/new 10x10 empty polish")
    await play(bot, [*SURROUND, ("anna", "3-4")])
    record = await bot.game(1)
    assert record.closing is None and record.score_blue == 1 and record.ply == 7


def offer_board(bot: Bot) -> tuple[int, str]:
    """The group's latest board (where an offer is shown), as it is now: its message id and caption."""
    message_id = bot.last_board(GROUP)["message_id"]
    return message_id, bot.fake.messages[(GROUP, message_id)]["caption"]


async def test_territory_game_to_an_agreed_end(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await open_game(bot, "/new 10x10 empty territory")
    await play(bot, SURROUND)
    await bot.say(GROUP, anna, "/m 3-4")
    await bot.say(GROUP, anna, "/done")
    assert (await bot.game(1)).closing is None
    await bot.say(GROUP, boris, "/end")
    asked, caption = offer_board(bot)
    assert "offers to end game #1" in caption
    await bot.press(GROUP, asked, anna, bot.button(GROUP, asked, "end"))
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "agreed" and record.winner == "blue"
    view = await bot.services.game(1)
    assert view.result is not None and (record.score_blue, record.score_red) == view.result.score
    _, params = board(bot)
    assert "territory counted" in params["caption"]
    # The record keeps the rule set and the closures.
    await bot.say(GROUP, anna, "/sgf")
    sgf = fake.last("sendDocument", GROUP)
    text = next(iter(sgf.files.values())).decode()
    again = parse_sgf(text)
    assert again.settings.rules == "territory"


async def test_rules_explains_the_games_rule_set(bot: Bot) -> None:
    fake = bot.fake
    await open_game(bot, "/new 10x10 empty polish")
    anna, _ = users(fake)
    await bot.say(GROUP, anna, "/rules")
    assert "Polish rules" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, anna, "/rules territory")
    assert "Territory rules" in fake.texts(GROUP)[-1]


async def test_a_sent_polish_record_continues_with_its_rules(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = users(fake)
    game = Game(settings=GameSettings(10, 10, "empty", rules="polish"))
    for x, y in [(2, 3), (3, 3), (3, 2), (9, 9), (4, 3), (9, 8)]:
        game.play(x, y)
    game.play(3, 4, closures=[Point(3, 3)])
    await bot.send(fake.document_update(ANNA, anna, "polish.sgf", write_sgf(game).encode()))
    record_message = fake.last("sendPhoto", ANNA).result["message_id"]
    await bot.press(ANNA, record_message, anna, bot.button(ANNA, record_message, "Continue"))
    opened = await bot.game(1)
    assert opened.settings.rules == "polish" and opened.ply == 7
    view = await bot.services.game(1)
    assert view.position.score == (1, 0)


@pytest.mark.parametrize("rules", ["polish", "territory"])
def test_the_ai_plays_manual_rules_legally(rules: str) -> None:
    game = Game(settings=GameSettings(10, 10, "cross", rules=rules))  # type: ignore[arg-type]
    while not game.is_over and game.ply < 40:
        point = search(game.settings, game.moves, "easy", 0.05, 1, False)
        assert isinstance(point, Point) and game.is_playable(point.x, point.y)
        game.play(point.x, point.y)
        game.close_all()
        assert not game.pools(game.moves[-1].colour) or game.is_over


@pytest.mark.slow
async def test_the_bot_closes_its_pools_at_once(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = users(fake)
    await bot.say(ANNA, anna, "/new ai easy 10x10 territory blue")
    await bot.services.opponent.settle()
    view = await bot.services.game(1)
    assert view.settings.rules == "territory" and view.bot is not None
    for _ in range(6):
        if view.to_move != "blue":
            break
        point = next(iter(view.position.playable_points()))
        view = await bot.services.play.move(1, Person(ANNA, "Anna"), point.x, point.y)
        if view.closing is not None:
            view = await bot.services.play.done(1, Person(ANNA, "Anna"))
        await bot.services.opponent.settle()
        view = await bot.services.game(1)
        assert view.closing is None  # the bot never leaves its closing open


async def test_the_bot_accepts_a_territory_end_it_does_not_lose_and_declines_one_it_loses(bot: Bot) -> None:
    anna = Person(ANNA, "Anna")
    opened = await bot.services.lobby.open_against_bot(
        bot_place(), anna, "easy", LobbyChoice(10, 10, "empty", None, "creator_blue", "territory")
    )
    view = opened.view
    # Anna walls in a pool of 4 empty points in a corner: she would win the count; the bot declines.
    for point in [(1, 3), (2, 3), (3, 2), (3, 1)]:
        view = await bot.services.play.move(view.id, anna, *point)
        await bot.services.opponent.settle()
        view = await bot.services.game(view.id)
    expected = view.position.copy().agree_end("red")
    if expected.winner == "blue":  # the bot would lose the count: it plays on
        with pytest.raises(ServiceError) as refused:
            await bot.services.play.offer_draw(view.id, anna, end=True)
        assert refused.value.problem is Problem.BOT_PLAYS_ON
    else:
        offer = await bot.services.play.offer_draw(view.id, anna, end=True)
        assert offer.agreed and offer.view.result == expected
    # From the start the bot (red, second to fill) never loses an even count: it accepts.
    fresh = await bot.services.lobby.open_against_bot(
        Place(BORIS, "private"),
        Person(BORIS, "Boris"),
        "easy",
        LobbyChoice(10, 10, "empty", None, "creator_red", "territory"),
    )
    await bot.services.opponent.settle()
    fresh_view = await bot.services.game(fresh.view.id)
    if fresh_view.position.copy().agree_end("blue").winner != "red":
        offer = await bot.services.play.offer_draw(fresh_view.id, Person(BORIS, "Boris"), end=True)
        assert offer.agreed and offer.view.reason == "agreed"


def bot_place() -> Place:
    return Place(ANNA, "private")


def test_migration_7_keeps_the_moves_of_a_schema_6_file() -> None:
    import sqlite3

    from storage.database import split_sql
    from storage.schema import MIGRATIONS, Migration

    def sqlite(migration: str | Migration) -> str:
        return migration.sqlite if isinstance(migration, Migration) else migration

    conn = sqlite3.connect(":memory:")
    conn.execute("PRAGMA foreign_keys = ON")
    for migration in MIGRATIONS[:6]:
        for statement in split_sql(sqlite(migration)):
            conn.execute(statement)
    conn.execute("INSERT INTO chats (id, type, created_at, updated_at) VALUES (1, 'group', 0, 0)")
    conn.execute("INSERT INTO users (id, first_name, created_at, updated_at) VALUES (5, 'A', 0, 0)")
    conn.execute(
        "INSERT INTO games (chat_id, kind, width, height, start, state, creator_id, created_at, updated_at, ply) "
        "VALUES (1, 'group', 20, 20, 'cross', 'active', 5, 0, 0, 1)"
    )
    conn.execute("INSERT INTO moves VALUES (1, 1, 'blue', 'dot', 3, 4, 5, 0)")
    for statement in split_sql(sqlite(MIGRATIONS[6])):
        conn.execute(statement)
    assert conn.execute("SELECT * FROM moves").fetchall() == [(1, 1, "blue", "dot", 3, 4, 5, 0.0, None)]
    assert conn.execute("SELECT rules, options, closing FROM games").fetchall() == [("sports", None, None)]
    conn.execute("INSERT INTO moves VALUES (1, 2, 'blue', 'close', NULL, NULL, 5, 0, '1-1 2-2')")
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


async def test_closing_in_a_group_costs_one_new_board_per_move(bot: Bot) -> None:
    """A dot that leaves pools to close, and each closure, edit the group's board in place; the board that passes
    the turn is the move's one new message (and it notifies the next player)."""
    fake = bot.fake
    anna, boris = users(fake)
    await open_game(bot, "/new 10x10 empty polish")
    await play(bot, SURROUND)
    before_id, _ = board(bot)
    photos, edits = len(fake.sent("sendPhoto", GROUP)), len(fake.sent("editMessageMedia", GROUP))
    await bot.say(GROUP, anna, "/m 3-4")  # a pool to close (3-3): the dot shows on the board Anna moved on
    assert len(fake.sent("sendPhoto", GROUP)) == photos and len(fake.sent("editMessageMedia", GROUP)) == edits + 1
    message_id, params = board(bot)
    assert message_id == before_id and "close your pools" in params["caption"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "3-3"))
    # The pool was the last one: the turn passes, with a new board for Boris.
    assert len(fake.sent("sendPhoto", GROUP)) == photos + 1 and len(fake.sent("editMessageMedia", GROUP)) == edits + 1
    new_id, params = board(bot)
    assert new_id != message_id and "Boris" in params["caption"] and "Move 7: 3-4" in params["caption"]
    assert not bot.buttons(GROUP, message_id)  # the edited board's buttons went
    await bot.say(GROUP, boris, "/m 8-8")
    await bot.say(GROUP, anna, "/m 7-7")  # no pool: a new board as for any move
    assert len(fake.sent("sendPhoto", GROUP)) == photos + 3


async def test_a_closing_step_that_failed_is_shown_later(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = users(fake)
    await open_game(bot, "/new 10x10 empty polish")
    await play(bot, SURROUND)
    message_id, _ = board(bot)
    fake.fail("editMessageMedia", 400, "Bad Request: something odd", times=1)
    await bot.say(GROUP, anna, "/m 3-4")
    assert (await bot.game(1)).closing == "blue"
    assert "close your pools" not in fake.messages[(GROUP, message_id)]["caption"]
    bot.clock.advance(11)
    await bot.tick()  # the owed announcement is made: the same board, edited now
    _, params = board(bot)
    assert "close your pools" in params["caption"]
    await bot.press(GROUP, message_id, anna, bot.button(GROUP, message_id, "Done"))
    record = await bot.game(1)
    assert record.closing is None and record.ply == 8 and not bot.errors


async def open_private_game(bot: Bot, new: str, boris_lang: str = "en") -> None:
    """Anna opens a private game with ``new`` (blue for her); Boris joins by her link."""
    anna, boris = bot.fake.user(ANNA, "Anna", "en"), bot.fake.user(BORIS, "Boris", boris_lang)
    await bot.say(ANNA, anna, new)
    lobby = bot.fake.last("sendMessage", ANNA).result["message_id"]
    await bot.press(ANNA, lobby, anna, bot.button(ANNA, lobby, "🔵"))
    found = re.search(r"start=(g[\w-]+)", bot.fake.messages[(ANNA, lobby)]["text"])
    assert found is not None
    await bot.say(BORIS, boris, f"/start {found.group(1)}")


async def test_private_pool_buttons_are_on_the_closers_board_only(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await open_private_game(bot, "/new 10x10 empty polish")
    for who, move in SURROUND:
        await bot.say(ANNA if who == "anna" else BORIS, anna if who == "anna" else boris, move)
    await bot.say(ANNA, anna, "3-4")
    assert (await bot.game(1)).closing == "blue"
    anna_board = fake.last("sendPhoto", ANNA).result["message_id"]
    boris_board = fake.last("sendPhoto", BORIS).result["message_id"]
    labels = [b["text"] for row in bot.buttons(ANNA, anna_board) for b in row]
    assert labels[:2] == ["⭕ 3-3: 1 dot · area 1", "✅ Done"]
    boris_labels = [b["text"] for row in bot.buttons(BORIS, boris_board) for b in row]
    assert not any("⭕" in label or "Done" in label for label in boris_labels)
    assert "Anna is closing pools" in fake.messages[(BORIS, boris_board)]["caption"]
    # Anna's closure still passes the turn and Boris gets his move buttons on a new board.
    await bot.press(ANNA, anna_board, anna, bot.button(ANNA, anna_board, "3-3"))
    record = await bot.game(1)
    assert record.closing is None and record.score_blue == 1


async def territory_after_closing(bot: Bot) -> None:
    """A territory game in the group where Anna (blue) has closed 3-3 and is done: Boris to move."""
    anna, _ = users(bot.fake)
    await open_game(bot, "/new 10x10 empty territory")
    await play(bot, SURROUND)
    await bot.say(GROUP, anna, "/m 3-4")
    await bot.say(GROUP, anna, "/close all")
    await bot.say(GROUP, anna, "/done")


async def test_territory_draw_is_a_plain_draw_and_end_is_the_territory_end(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = users(fake)
    await territory_after_closing(bot)
    # /draw: a plain draw offer, declined with the draw's words.
    await bot.say(GROUP, boris, "/draw")
    asked, caption = offer_board(bot)  # a group's offer lives on its latest board
    assert "offers a draw in game #1" in caption
    assert [b["text"] for b in bot.buttons(GROUP, asked)[-1]] == ["Accept draw", "Decline"]
    await bot.press(GROUP, asked, anna, bot.button(GROUP, asked, "Decline"))
    assert offer_board(bot)[1].endswith("\nAnna declined the draw in game #1.")
    # /end: the territory end; declining it says so.
    await bot.say(GROUP, boris, "/end")
    asked, caption = offer_board(bot)
    assert "offers to end game #1" in caption
    await bot.press(GROUP, asked, anna, bot.button(GROUP, asked, "Decline"))
    assert offer_board(bot)[1].endswith("\nAnna declined to end game #1.")
    # With an end offer pending, /draw by the other player does not end the game with the territory counted.
    await bot.say(GROUP, boris, "/end")
    await bot.say(GROUP, anna, "/draw")
    assert fake.texts(GROUP)[-1] == "Boris has offered to end the game: answer that offer first."
    assert (await bot.game(1)).state == "active"
    # An accepted draw is a draw, not a count.
    await bot.say(GROUP, boris, "/m 8-8")  # Boris moves on: his own offer stands, on the new board too
    assert "offers to end game #1" in offer_board(bot)[1]
    await bot.say(GROUP, anna, "/m 7-7")  # Anna moves instead of answering: it lapses
    assert (await bot.game(1)).draw_offer is None
    assert "offers" not in offer_board(bot)[1]
    await bot.say(GROUP, boris, "/draw")
    asked, _ = offer_board(bot)
    await bot.press(GROUP, asked, anna, bot.button(GROUP, asked, "Accept"))
    record = await bot.game(1)
    assert record.state == "finished" and record.reason == "draw" and record.winner is None


async def test_territory_end_declined_in_private_in_russian(bot: Bot) -> None:
    fake = bot.fake
    anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "ru")
    await open_private_game(bot, "/new 10x10 empty territory", "ru")
    await bot.say(ANNA, anna, "2-3")
    await bot.say(ANNA, anna, "/end")
    asked = fake.last("sendMessage", BORIS)
    assert "предлагает закончить игру №1" in asked.params["text"]
    labels = [b["text"] for row in bot.buttons(BORIS, asked.result["message_id"]) for b in row]
    assert labels[0] == "Закончить игру"
    await bot.press(
        BORIS, asked.result["message_id"], boris, bot.button(BORIS, asked.result["message_id"], "Отказаться")
    )
    assert fake.messages[(BORIS, asked.result["message_id"])]["text"] == "Отказ заканчивать игру №1: Boris."
    assert fake.texts(ANNA)[-1] == "Boris declined to end game #1."


async def test_no_grounding_in_polish_rules_says_what_to_do_instead(bot: Bot) -> None:
    fake = bot.fake
    _, boris = users(fake)
    await open_game(bot, "/new 10x10 empty polish")
    await bot.say(GROUP, boris, "/ground")  # not his move: the rules say it first
    assert fake.texts(GROUP)[-1] == "No grounding in Polish rules: play on, /draw or /resign."


async def test_no_grounding_in_territory_rules_even_while_closing(bot: Bot) -> None:
    fake = bot.fake
    anna, _ = users(fake)
    await open_game(bot, "/new 10x10 empty territory")
    await play(bot, SURROUND)
    await bot.say(GROUP, anna, "/m 3-4")
    assert (await bot.game(1)).closing == "blue"
    await bot.say(GROUP, anna, "/ground")
    assert fake.texts(GROUP)[-1] == "No grounding in territory rules: play on, /end, /draw or /resign."


async def test_the_caption_counts_the_captures_of_every_closure_of_the_move(bot: Bot) -> None:
    anna, _ = users(bot.fake)
    await open_game(bot, "/new 10x10 empty polish")
    # Blue's 3-4 closes two pools at once: red 3-3 and red 3-5.
    moves = [("anna", "2-3"), ("boris", "3-3"), ("anna", "3-2"), ("boris", "3-5"), ("anna", "4-3")]
    moves += [("boris", "9-9"), ("anna", "2-5"), ("boris", "9-8"), ("anna", "4-5"), ("boris", "9-7")]
    await play(bot, [*moves, ("anna", "3-6"), ("boris", "8-9"), ("anna", "3-4")])
    await bot.say(GROUP, anna, "/close 3-3")
    _, params = board(bot)
    assert "3-4 🔵 · 1 dot captured" in params["caption"]
    await bot.say(GROUP, anna, "/close 3-5")
    record = await bot.game(1)
    assert record.closing is None and record.score_blue == 2
    _, params = board(bot)
    assert "3-4 🔵 · 2 dots captured" in params["caption"]
