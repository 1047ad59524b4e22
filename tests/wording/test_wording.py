"""``tochki_bot.wording``: the sentences every front end shares, decided once (where a game stands, names, the last
move), tested directly on views, with no chat and no page.

Before this package, the turn sentence was written three times (the chat's captions, the Mini App's state, local
mode's picture) and the copies disagreed: the captions put a closing phase before the extra dots of a STOP, the page
the other way round; local mode's picture left out the rule set the chat's picture shows."""

from __future__ import annotations

import dataclasses

from tochki_bot.engine import Game, GameSettings
from tochki_bot.services import GameView, Player
from tochki_bot.wording import (
    Stage,
    drawn_name,
    last_move_sentence,
    picture_line,
    player_language,
    player_name,
    situation,
    status_sentence,
)

ANNA, BORIS = Player(1, "Anna"), Player(2, "Boris")


def view_of(game: Game, **changes: object) -> GameView:
    view = dataclasses.replace(GameView.of_position(game, game_id=12), blue=ANNA, red=BORIS, creator=ANNA)
    return dataclasses.replace(view, **changes)  # type: ignore[arg-type]


def plain(colour: str) -> str:
    return {"blue": "Anna", "red": "Boris"}[colour]


def test_the_stage_is_decided_once_for_every_reader() -> None:
    game = Game(settings=GameSettings(width=10, height=10, start="empty"))
    assert situation(view_of(game)).stage is Stage.TURN and situation(view_of(game)).first
    game.play(5, 5)
    view = view_of(game)
    assert situation(view, "red") == situation(view, "red")
    assert situation(view, "red").yours and not situation(view, "blue").yours
    assert situation(view_of(game, state="lobby")).stage is Stage.LOBBY
    assert situation(view_of(game, state="cancelled")).stage is Stage.CANCELLED
    bot = dataclasses.replace(BORIS, bot="easy")
    assert situation(view_of(game, red=bot)).stage is Stage.THINKING


def test_a_closing_phase_comes_before_the_extra_dots_of_a_stop() -> None:
    """Closing is part of the move being made, so it is said first, in the picture and on the page alike (the
    page used to say "extra dots" while its own player was still closing pools)."""
    game = Game(settings=GameSettings(width=10, height=10, start="empty", stop_mode="stop_phase"))
    game.play(5, 5)
    game.stop("red")
    view = view_of(game, closing="blue")
    assert situation(view).stage is Stage.CLOSING
    assert status_sentence("en", view, "picture", plain) == "Anna is closing"
    assert status_sentence("en", view, "page", plain, reader="blue").startswith("Close your pools")
    stop = view_of(game)
    assert situation(stop).stage is Stage.EXTRA
    assert status_sentence("en", stop, "picture", plain) == "Boris declared STOP: Anna places extra dots"


def test_each_medium_has_its_words_for_a_turn() -> None:
    game = Game(settings=GameSettings(width=10, height=10, start="empty"))
    game.play(5, 5)
    view = view_of(game)  # red (Boris) to move
    assert status_sentence("en", view, "picture", plain) == "Boris to move"
    assert status_sentence("en", view, "page", plain, reader="red") == "Your move"
    assert status_sentence("en", view, "page", plain, reader="blue") == "Boris to move"
    assert status_sentence("en", view, "caption", plain, address=lambda c: "@boris") == "@boris, your move"
    assert status_sentence("en", view, "caption", plain, reader="red") == "<b>Your move</b>"
    assert status_sentence("ru", view, "page", plain, reader="red") == "Ваш ход"


def test_the_picture_line_is_the_same_for_the_chat_and_local_mode() -> None:
    game = Game(settings=GameSettings(width=10, height=10, start="empty", rules="polish"))
    assert picture_line("en", view_of(game)).endswith("Blue starts")
    game.play(5, 5)
    line = picture_line("en", view_of(game))
    assert line.startswith("#12 · ") and "Move 1 · 5-5" in line and line.endswith("Boris to move")
    assert "Polish" in line or "Kropki" in line


def test_the_last_move_says_what_it_captured() -> None:
    game = Game(settings=GameSettings(width=10, height=10, start="empty"))
    assert last_move_sentence("en", view_of(game)) == "Blue moves first."
    for x, y in ((5, 5), (5, 6), (6, 6), (1, 1), (5, 7), (1, 2)):
        game.play(x, y)
    captured = game.play(4, 6)
    line = last_move_sentence("en", view_of(game, captured=tuple(captured)))
    assert line.startswith("Move 7: 4-6") and line.endswith("1 dot captured")


def test_names_fall_back_to_the_side_and_are_cut() -> None:
    game = Game(settings=GameSettings(width=10, height=10, start="empty"))
    empty = view_of(game, red=None)
    assert player_name("en", empty, "red") == "Red player" and player_name("ru", empty, "red").startswith("Красн")
    long = view_of(game, blue=Player(1, "Alexandra Konstantinopolskaya"))
    assert player_name("en", long, "blue", 10) == "Alexandra…"
    assert drawn_name("en", view_of(game, blue=Player(1, "🙂🙂")), "blue") == "Blue player"


def test_a_persons_language_is_their_choice_then_their_messengers() -> None:
    assert player_language(Player(1, "A", language="ru", telegram_language="en")) == "ru"
    assert player_language(Player(1, "A", telegram_language="ru-RU")) == "ru"
    assert player_language(None, "ru") == "ru" and player_language(None) == "en"
