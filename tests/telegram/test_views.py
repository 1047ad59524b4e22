"""``tochki_bot.telegram.views``: what each chat is shown of a game, as message specs, tested directly on views built
from the engine, with no bot and no fake Bot API (the chat tests see the same specs once sent)."""

from __future__ import annotations

import dataclasses

from render import Window
from storage.records import MessageRecord
from tochki_bot.engine import Game, GameSettings, RuleSet
from tochki_bot.services import GameView, Player
from tochki_bot.telegram.keyboards import MiniApp, default_window
from tochki_bot.telegram.views import (
    Seat,
    app_button,
    board_spec,
    cancelled_text,
    closed_key,
    has_buttons,
    invite_link,
    message_link,
    offer_key,
    offer_line,
    offer_on_board,
    offer_text,
    picture_of,
    question_closed_text,
    reminder_text,
    seat_here,
    window_spec,
    zoom_caption,
)

GROUP = -1001
ANNA, BORIS, STRANGER = Player(11, "Anna"), Player(22, "Boris"), Player(33, "Stranger")
APP = MiniApp("https://app.example", "tochkibot", "play")


def game_of(*points: tuple[int, int], rules: RuleSet = "sports") -> Game:
    game = Game(settings=GameSettings(width=20, height=20, start="empty", rules=rules))
    for x, y in points:
        game.play(x, y)
    return game


def view_of(game: Game) -> GameView:
    """Anna (blue) against Boris (red) in ``GROUP``, game #12."""
    view = GameView.of_position(game, game_id=12)
    return dataclasses.replace(view, blue=ANNA, red=BORIS, creator=ANNA, chat_id=GROUP, watch="w1")


def rows(keyboard: dict[str, object] | None) -> list[list[dict[str, str]]]:
    assert keyboard is not None
    found = keyboard["inline_keyboard"]
    assert isinstance(found, list)
    return found


def texts(keyboard: dict[str, object] | None) -> list[str]:
    return [button["text"] for row in rows(keyboard) for button in row]


def test_who_asks_decides_the_seat() -> None:
    view = view_of(game_of((5, 5)))
    assert seat_here(view, GROUP, 0, "en", ANNA.id) == Seat(GROUP, 0, "en", "group")
    assert seat_here(view, GROUP, 7, "en", ANNA.id).role == "spectator"  # another topic of the group
    assert seat_here(view, -5, 0, "en", ANNA.id).role == "spectator"  # another group
    assert seat_here(view, ANNA.id, 0, "en", ANNA.id) == Seat(ANNA.id, 0, "en", "player", ANNA.id)
    assert seat_here(view, STRANGER.id, 0, "en", STRANGER.id).role == "spectator"
    assert Seat(ANNA.id, 0, "en", "player", ANNA.id).private and not Seat(GROUP, 0, "en", "group").private


def test_a_groups_board_addresses_the_mover_and_carries_the_move_buttons() -> None:
    view = view_of(game_of((5, 5), (6, 6)))
    spec = board_spec(view, Seat(GROUP, 0, "en", "group"), now=0.0)
    assert spec.live and spec.windowed and spec.crop is None
    assert spec.picture.window == default_window(view.position) == Window(3, 3, 10, 10)
    assert "Move 2: 6-6" in spec.caption and f'<a href="tg://user?id={ANNA.id}">Anna</a>, your move' in spec.caption
    grid, nav = rows(spec.keyboard)[:-1], rows(spec.keyboard)[-1]
    assert len(grid) == 8 and all(len(row) == 8 for row in grid)
    assert [b["text"] for b in nav] == ["◀", "▼", "▲", "▶", "🔍"]
    assert grid[0][0]["callback_data"] == "M:12:2:3:10"  # the top row first: y 10, from x 3


def test_a_players_private_board_says_whose_move_it_is_and_a_spectators_has_no_buttons() -> None:
    view = view_of(game_of((5, 5), (6, 6)))
    mine = board_spec(view, seat_here(view, ANNA.id, 0, "en", ANNA.id), now=0.0)
    assert mine.live and "<b>Your move</b>" in mine.caption and "vs Boris" in mine.caption
    theirs = board_spec(view, seat_here(view, BORIS.id, 0, "en", BORIS.id), now=0.0)
    assert theirs.live and "Anna to move" in theirs.caption and "vs Anna" in theirs.caption
    watching = Seat(STRANGER.id, 0, "en", "spectator", STRANGER.id)
    assert not has_buttons(view, watching)
    assert board_spec(view, watching, now=0.0, buttons=False).keyboard is None


def test_nobody_has_buttons_while_the_bot_is_to_move() -> None:
    view = dataclasses.replace(view_of(game_of((5, 5))), red=dataclasses.replace(BORIS, bot="easy"))
    assert not has_buttons(view, Seat(GROUP, 0, "en", "group"))
    spec = board_spec(view, Seat(GROUP, 0, "en", "group"), now=0.0)
    assert not spec.live and not spec.windowed and spec.picture.window is None


def test_only_the_closers_board_offers_their_pools() -> None:
    game = game_of((5, 6), (5, 5), (4, 5), (10, 10), (6, 5), (11, 11), rules="polish")
    game.play(5, 4)  # blue surrounds red's 5-5: a pool to close
    view = dataclasses.replace(view_of(game), closing="blue")
    closer, opponent = (seat_here(view, p.id, 0, "en", p.id) for p in (ANNA, BORIS))
    assert has_buttons(view, closer) and not has_buttons(view, opponent)
    spec = board_spec(view, closer, now=0.0)
    assert spec.live and not spec.windowed
    assert texts(spec.keyboard) == ["⭕ 5-5: 1 dot · area 1", "✅ Done"]
    assert board_spec(view, opponent, now=0.0).keyboard is None


def test_a_finished_games_board_offers_a_rematch_and_a_review_to_its_players() -> None:
    game = game_of((5, 5))
    game.resign("red")
    view = view_of(game)
    final = board_spec(view, Seat(GROUP, 0, "en", "group"), now=0.0)
    assert not final.live and "Boris resigned; Anna wins." in final.caption
    assert texts(final.keyboard) == ["🔁 Rematch", "🔎 Review"]
    watched = board_spec(view, Seat(STRANGER.id, 0, "en", "spectator", STRANGER.id), now=0.0)
    assert texts(watched.keyboard) == ["🔎 Review"]


def test_an_offer_lives_on_the_groups_board() -> None:
    view = dataclasses.replace(view_of(game_of((5, 5))), draw_offer="blue")
    group = Seat(GROUP, 0, "en", "group")
    assert offer_on_board(view, group) and not offer_on_board(view, seat_here(view, BORIS.id, 0, "en", BORIS.id))
    spec = board_spec(view, group, now=0.0, note="A note.")
    line = f'Anna offers a draw in game #12. <a href="tg://user?id={BORIS.id}">Boris</a>, do you accept?'
    assert spec.caption.endswith(line + "\nA note.")
    assert texts(spec.keyboard)[-2:] == ["Accept draw", "Decline"]
    assert offer_line("en", view) == line
    assert offer_text("en", view) == "Anna offers a draw in game #12. Do you accept?"
    end = dataclasses.replace(view, offer_kind="end")
    assert offer_key(end, "draw_offered") == "end_offered" and offer_key(view, "draw_offered") == "draw_offered"
    assert offer_line("en", end).startswith("Anna offers to end game #12 and count the territory.")


def test_a_moved_or_zoomed_window() -> None:
    view = view_of(game_of((5, 5), (6, 6)))
    window = Window(1, 1, 5, 5)
    moved = window_spec(view, Seat(GROUP, 0, "en", "group"), window, False, now=0.0)
    assert moved.live and moved.windowed and moved.crop is None and moved.picture.window == window
    zoomed = window_spec(view, Seat(GROUP, 0, "en", "group"), window, True, now=0.0, miniapp=APP)
    assert zoomed.crop == window
    assert rows(zoomed.keyboard)[-1] == [
        {"text": "🎯 Open the board", "url": "https://t.me/tochkibot/play?startapp=12_w1"}
    ]
    assert zoom_caption("en", view, window) == "#12 · x 1–5, y 1–5"


def test_the_mini_apps_button_fits_the_chat() -> None:
    view = view_of(game_of((5, 5)))
    assert app_button(None, view, Seat(GROUP, 0, "en", "group")) is None
    spectator = app_button(APP, view, Seat(STRANGER.id, 0, "en", "spectator", STRANGER.id))
    assert spectator == {"text": "🎯 Open the board", "web_app": {"url": "https://app.example/?game=12&watch=w1"}}
    player = app_button(APP, view, Seat(ANNA.id, 0, "en", "player", ANNA.id))
    assert player == {"text": "🎯 Open the board", "web_app": {"url": "https://app.example/?game=12"}}


def test_the_picture_names_the_players_as_the_font_can_draw_them() -> None:
    view = dataclasses.replace(view_of(game_of((5, 5))), blue=Player(ANNA.id, "🙂"))
    picture = picture_of(view, "en")
    assert (picture.blue_name, picture.red_name) == ("Blue player", "Boris")
    assert picture.window is None and picture_of(view, "en", Window(1, 1, 5, 5)).window == Window(1, 1, 5, 5)


def test_an_open_question_goes_out_of_date() -> None:
    view = view_of(game_of((5, 5), (6, 6)))
    draw = MessageRecord(ANNA.id, 1, "question", 12, ply=2, topic="draw")
    resign = MessageRecord(ANNA.id, 2, "question", 12, ply=2, topic="resign")
    offered = dataclasses.replace(view, draw_offer="blue")
    assert question_closed_text("en", offered, draw) is None and question_closed_text("en", view, resign) is None
    assert question_closed_text("en", view, draw) == "The draw offer in game #12 lapsed: the game went on."
    later = view_of(game_of((5, 5), (6, 6), (7, 7)))
    assert question_closed_text("en", later, resign) == "Out of date: game #12 went on."


def test_the_short_texts() -> None:
    view = view_of(game_of())
    assert cancelled_text("en", view, ANNA.id) == (
        f'Game #12 was cancelled before its first move by Anna. <a href="tg://user?id={BORIS.id}">Boris</a>, '
        "/new starts another."
    )
    assert cancelled_text("en", view, None) == "Game #12 was cancelled before its first move."
    expired = dataclasses.replace(view, reason="expired")
    assert closed_key(expired) == "lobby_expired_group" and closed_key(view) == "lobby_cancelled"
    assert closed_key(dataclasses.replace(expired, kind="private")) == "lobby_expired"
    private = dataclasses.replace(view, kind="private", invite="abc")
    assert invite_link("tochkibot", private) == "https://t.me/tochkibot?start=gabc"
    assert invite_link("tochkibot", view) is None
    assert message_link(-1001234567890, 42) == "https://t.me/c/1234567890/42" and message_link(GROUP, None) is None
    assert reminder_text("en", view, BORIS, "half", "5 min") == (
        f'⏰ <a href="tg://user?id={BORIS.id}">Boris</a>, your move in game #12: 5 min left.'
    )
