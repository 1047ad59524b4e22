"""A group chat never goes silent: played against the strict fake Bot API, which answers 429 the way Telegram does
past ~20 messages a minute in a group. The minute is played five times faster (the fake and the bot keep a 12 s
window alike), so a few minutes of a busy group take under a minute here.

What the trial before this found, each asserted below: in a busy group a ``/hint``, an out-of-turn ``/ground`` or a
typo got no answer at all (the busy group's trial: each is answered, privately with a link back to the message when
the group is busy); a refused ``/end`` was never delivered (the trial sends one while its player's draw offer waits);
arrow presses stopped changing the picture (the trial's player to move presses arrows, and
``test_arrow_presses_once_a_second_in_a_busy_group``); and the bot's two budgets let a fresh group take ~40 messages
in its first minute, drew a 429 with ``retry_after`` 36 and then held every answer of the group behind it. And from
real play ("players first": a clean group): answers to bad input must never hold a board back. The audit of issue 20
added: a press's promised wait was 3-4 times the real one (it counted the tidy-ups the press goes before), and no
whole game had been played on the strict fake."""

from __future__ import annotations

import asyncio
import json
import re
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.support import games
from tests.support.busy_group import (
    ANNA,
    BORIS,
    GROUP,
    LINK,
    PRESSES,
    corner_of,
    markup_of,
    open_game,
    play_group,
    strict_bot,
    until,
)
from tests.support.fakebot import FakeTelegram
from tests.support.games import caption, open_group_game, users
from tests.support.harness import Bot
from tochki_bot.config import Config
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram.app import build_application
from tochki_bot.telegram.keyboards import window_from_corner
from tochki_bot.telegram.request import PRESS_WAIT

SCALE = 0.2
MACHINE = 0.25 / SCALE
"""The machine's own share of a message's way (drawing, the database), a quarter of a real second on a loaded
machine, in the group's time, which runs 1 / SCALE times faster here: the latencies' targets (3 s, 30 s) are the
group's time and benchmarks.group measures them at the real pace."""


@pytest.mark.slow
async def test_a_busy_group_answers_everyone_and_draws_no_429(tmp_path: Path) -> None:
    """Two players move every 4 s, a third member sends commands and presses arrows, typos come every fifth move, the
    player to move presses arrows, asks for hints, the other sends ``/ground`` out of turn, a draw offer is declined
    on the board (with a refused ``/end`` meanwhile) and a resignation question is answered No: ten minutes of it (two
    minutes here). The game plays its length; every command is answered within 30 s and every press at once, the
    boards within 3 s (p95), and Telegram never has to refuse a message."""
    seconds, pace = 600.0, 4.0
    bot = await strict_bot(tmp_path / "busy.db", SCALE).start()
    try:
        report = await play_group(bot, seconds=seconds, pace=pace, scale=SCALE)
        print(report.table())
        assert report.refused == 0
        assert report.unanswered == []
        assert report.moves >= 0.9 * seconds / pace, report.moves  # it really played its length
        for kind, (_, _, _, p95, worst, _) in report.by_kind.items():
            if kind == "move":
                # With the whole suite beside it, p95 3.2-3.3 s; alone 1.2-2.3 s. A board held back by the planning
                # waits seconds; a press's edit in the full suite once came at 30.1 s.
                assert p95 <= 3.0 + MACHINE, f"boards: p95 {p95:.1f} s"
            else:
                assert worst <= 30.0 + MACHINE, f"{kind}: at worst {worst:.1f} s"
        kinds = {a.kind for a in report.asked}
        assert {"hint", "ground", "end", "offer", "decline", "confirm", "withdraw", "arrow", "window"} <= kinds
        # Meant for one person in a busy group: privately, with the link back to the message (an answer is only
        # counted as answered privately when it carries that link).
        assert any(a.privately for a in report.asked if a.kind == "hint")
        assert any(a.privately for a in report.asked if a.kind in ("ground", "end"))
        # Every press is answered at once; an edit that must wait is promised, made, and the last window asked for is
        # the one shown.
        wait = 60 * SCALE * PRESS_WAIT
        assert all(a.pressed_answer is not None for a in report.asked if a.kind in PRESSES)
        assert max(a.pressed_answer - a.at for a in report.asked if a.pressed_answer is not None) <= 2 * wait + 0.5
        assert any(a.promised for a in report.asked if a.kind == "arrow")
        assert report.final_windows and all(report.final_windows)
        assert report.messages <= 20 * report.seconds / 60 + 5  # within the group's minute, all along
        assert not bot.errors
    finally:
        await bot.stop()


def callback_answers(bot: Bot) -> dict[str, Any]:
    return {str(c.params["callback_query_id"]): c for c in bot.fake.sent("answerCallbackQuery")}


def newest_board_says(fake: FakeTelegram, caption: str) -> bool:
    """Whether the group's newest board's caption says ``caption``."""
    return caption in str(fake.last("sendPhoto", GROUP).params["caption"])


@pytest.mark.slow
async def test_arrow_presses_once_a_second_in_a_busy_group(tmp_path: Path) -> None:
    """At half Telegram's pace: quick moves spend the group's burst and leave the buttons of the old boards to tidy
    up, then the player to move presses the window's arrows once a second for half a minute. Every press is answered
    at once; a press whose edit must wait says when ("The board changes in N s") and N is at least the real wait and
    at most about twice it (before, the promise counted the tidy-ups the press goes before: 3-4 times too long); the
    window shown in the end is the last one asked for (coalesced: fewer edits than presses, each showing a window
    asked for, never dropped); meanwhile Vera, a member who does not play, presses a dot's button (she may: it says
    what is there) and an arrow (not hers): both are answered at once, at no group message; no 429."""
    scale = 0.5  # a minute in 30 s: the press's answer waits as long a share of it as in a real group
    bot = await strict_bot(tmp_path / "arrows.db", scale).start()
    fake = bot.fake
    try:
        await open_game(bot)
        anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "en")
        # Anna and Boris, quickly: the burst is spent, old boards' buttons wait to go, the group is busy (12 moves do
        # it; on a busy machine the moves come slower and the group has spent less, so a few more: a CI run under
        # load once pressed in a group that was not busy, and no press had to wait).
        moves = 0
        postbox = bot.front.messenger.postbox
        while moves < 12 or postbox.waiting(GROUP) < 3 or not postbox.busy(GROUP):
            assert moves < 30, "the group never had three tidy-ups waiting"
            point = f"{3 + moves % 16}-{9 + moves % 2 + 3 * (moves // 16)}"  # two rows side by side, then two more
            await bot.send(fake.message_update(GROUP, (anna, boris)[moves % 2], f"/m {point}"), settle=False)
            moves += 1
            if moves >= 12:
                assert await until(partial(newest_board_says, fake, f"Move {moves}:"), 30)
        assert bot.front.messenger.postbox.waiting(GROUP) >= 3  # tidy-ups wait for a quieter group
        board = int(fake.last("sendPhoto", GROUP).result["message_id"])
        vera = fake.user(7103, "Vera", "en")
        presses: list[tuple[str, float, tuple[int, int]]] = []
        vera_presses: list[tuple[str, float, str]] = []
        for i in range(30):
            view = await bot.services.game(1)
            if i % 10 == 5:  # Vera, between Anna's presses: a dot's button, then an arrow
                buttons = [button["callback_data"] for row in bot.buttons(GROUP, board) for button in row]
                info = next(data for data in buttons if isinstance(cb.decode(data), cb.Info))
                arrow_data = next(data for data in buttons if isinstance(cb.decode(data), cb.Window))
                for data, expected in ((info, " dot"), (arrow_data, "You are not playing in this game.")):
                    update = fake.callback_update(GROUP, board, vera, data)
                    vera_presses.append((update["callback_query"]["id"], time.monotonic(), expected))
                    await bot.send(update, settle=False)
            arrows = [
                data
                for row in bot.buttons(GROUP, board)
                for button in row
                if isinstance(data := cb.decode(button["callback_data"]), cb.Window)
                and not data.zoom
                and data.ply == view.ply
            ]
            arrow = arrows[i % len(arrows)]
            window = window_from_corner(20, 20, arrow.x0, arrow.y0)
            update = fake.callback_update(GROUP, board, anna, arrow.encode())
            presses.append((update["callback_query"]["id"], time.monotonic(), (window.x0, window.y0)))
            await bot.send(update, settle=False)
            await asyncio.sleep(1.0 * scale)
        await bot.settle()
        assert fake.refused == [] and not bot.errors
        answers = callback_answers(bot)
        edits = [c.at for c in fake.sent("editMessageMedia", GROUP) if int(c.params["message_id"]) == board]
        promised = 0
        for query, at, _ in presses:
            answer = answers[query]
            assert answer.at - at <= 2 * 60 * scale * PRESS_WAIT + 0.5  # at once (or once its edit went)
            found = re.search(r"The board changes in (\d+) s", str(answer.params.get("text") or ""))
            if found is None:
                continue
            promised += 1
            seconds = int(found.group(1))
            actual = min(edit for edit in edits if edit >= at) - at
            assert actual - 1 <= seconds <= 2 * actual + 1, (seconds, actual)
        assert promised >= 5  # the group's budget was exhausted: edits waited, and said so
        shown = corner_of(fake.messages[(GROUP, board)].get("reply_markup") or {})
        assert shown == presses[-1][2]  # the last window asked for
        asked_for = {corner for _, _, corner in presses}
        windows = [
            corner_of(markup_of(c))
            for c in fake.sent("editMessageMedia", GROUP)
            if int(c.params["message_id"]) == board
        ]
        assert len(windows) < len(presses) and set(windows) <= asked_for  # coalesced: only the latest window goes
        for query, at, expected in vera_presses:
            answer = answers[query]
            assert expected in str(answer.params.get("text")) and answer.at - at <= 1.0, (expected, answer.params)
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_a_hint_in_a_busy_group_goes_privately_with_a_link_back(tmp_path: Path) -> None:
    """A hint is meant for one person: in a busy group it goes to their private chat, under the group's name with a
    link back to the ``/hint``, and its ▶ button plays the move from there."""
    bot = await strict_bot(tmp_path / "hint.db", SCALE).start()
    fake = bot.fake
    try:
        await open_game(bot, "20x20", "unrated")  # hints are for unrated games (and games against the bot)
        anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "en")
        for i in range(8):
            await bot.send(fake.message_update(GROUP, (anna, boris)[i % 2], f"/m {5 + i}-{9 + i % 2}"), settle=False)
        assert await until(lambda: "Move 8:" in str(fake.last("sendPhoto", GROUP).params["caption"]), 10)
        hint = fake.message_update(GROUP, anna, "/hint")
        await bot.send(hint, settle=False)
        assert await until(lambda: any("💡" in text for text in fake.texts(ANNA)), 10)
        sent = next(c for c in fake.sent("sendMessage", ANNA) if "💡" in c.params["text"])
        assert f'{LINK}{hint["message"]["message_id"]}"' in sent.params["text"]
        assert not any("💡" in text for text in fake.texts(GROUP))
        message = int(sent.result["message_id"])
        play = bot.buttons(ANNA, message)[0][0]["callback_data"]
        await bot.press(ANNA, message, anna, play)
        view = await bot.services.game(1)
        assert view.ply == 9 and fake.refused == [] and not bot.errors
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_a_busy_groups_private_refusals_are_in_each_persons_language(tmp_path: Path) -> None:
    """In a busy English group a refusal meant for one person goes to their private chat in their own language, not
    the group's: a Polish member who does not play, and a player whose Telegram is in Ukrainian, each refused there
    (with the link back to what they sent), and the group is sent nothing in either language."""
    bot = await strict_bot(tmp_path / "lang.db", SCALE).start()
    fake = bot.fake
    try:
        await open_game(bot, "20x20", "unrated")
        anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Borys", "uk")
        zofia = fake.user(7104, "Zofia", "pl")
        for who in (boris, zofia):  # both have a private chat with the bot
            await bot.send(fake.message_update(who["id"], who, "/start"), settle=False)
        for i in range(8):
            await bot.send(fake.message_update(GROUP, (anna, boris)[i % 2], f"/m {5 + i}-{9 + i % 2}"), settle=False)
        assert await until(lambda: "Move 8:" in str(fake.last("sendPhoto", GROUP).params["caption"]), 10)
        asked = {
            7104: (fake.message_update(GROUP, zofia, "/ground"), "Nie grasz w tej partii."),
            BORIS: (fake.message_update(GROUP, boris, "/m 1-1"), "Зараз не ваш хід"),  # Anna is to move
        }
        for update, _ in asked.values():
            await bot.send(update, settle=False)
        for user_id, (update, refusal) in asked.items():
            link = f'{LINK}{update["message"]["message_id"]}"'
            assert await until(partial(told, fake, user_id, refusal), 30 * SCALE + 2)
            sent = next(c for c in fake.sent("sendMessage", user_id) if refusal in c.params["text"])
            assert link in sent.params["text"]
        group = " ".join(fake.texts(GROUP))
        assert "Nie grasz" not in group and "не ваш хід" not in group and "not playing" not in group
        assert fake.refused == [] and not bot.errors
        assert (await bot.services.game(1)).ply == 8  # nothing changed
    finally:
        await bot.stop()


def told(fake: FakeTelegram, chat_id: int, text: str) -> bool:
    """Whether ``chat_id`` was sent ``text``."""
    return any(text in sent for sent in fake.texts(chat_id))


def group_messages(bot: Bot, since: int = 0) -> list[str]:
    """What the group was sent, in order: each send or edit as its method and the last line of its text."""
    shown = []
    for call in bot.fake.calls[since:]:
        if int(call.params.get("chat_id", 0) or 0) != GROUP or call.result == "failed":
            continue
        if call.method == "editMessageReplyMarkup":
            shown.append("buttons off")
            continue
        if call.method not in ("sendMessage", "sendPhoto", "editMessageMedia", "editMessageText"):
            continue
        params = call.params
        media = params.get("media")
        media = json.loads(media) if isinstance(media, str) else media or {}
        text = str(params.get("text") or params.get("caption") or media.get("caption", ""))
        lines = [re.sub(r"<[^>]+>", "", line) for line in text.splitlines()]
        if call.method in ("sendPhoto", "editMessageMedia") and len(lines) > 1:  # the move, then the last line
            shown.append(f"{call.method}: {lines[1]} … {lines[-1]}")
        else:
            shown.append(f"{call.method}: {lines[-1]}")
    return shown


def question_buttons(bot: Bot, board: int) -> list[str]:
    """The buttons of a question or an offer on a board (a draw, grounding, resignation: its yes and no)."""
    return [
        str(button["callback_data"])
        for row in bot.buttons(GROUP, board)
        for button in row
        if isinstance(cb.decode(button["callback_data"]), (cb.Draw, cb.Ground, cb.Resign))
    ]


@pytest.mark.slow
async def test_a_whole_group_game_on_the_strict_fake(tmp_path: Path) -> None:
    """From the lobby to the final board, with a draw offer declined, a confirmation withdrawn and a resignation, in a
    group on the strict fake: every message the group gets, in order, and no 429."""
    bot = await strict_bot(tmp_path / "game.db", SCALE).start()
    fake = bot.fake
    try:
        anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "en")
        await bot.say(GROUP, anna, "/new 10x10 empty blue")
        lobby = int(fake.last("sendMessage", GROUP).result["message_id"])
        await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))
        for who, point in [(anna, "5-5"), (boris, "6-6"), (anna, "5-6"), (boris, "6-5")]:
            await bot.say(GROUP, who, f"/m {point}")
        await bot.say(GROUP, anna, "/draw")
        board = bot.last_board(GROUP)["message_id"]
        assert bot.button(GROUP, board, "Accept").startswith("D:")  # the offer lives on the latest board
        await bot.press(GROUP, board, boris, bot.button(GROUP, board, "Decline"))
        assert question_buttons(bot, board) == []  # answered: its buttons are gone
        await bot.say(GROUP, anna, "/m 4-4")
        await bot.say(GROUP, boris, "/ground")
        board = bot.last_board(GROUP)["message_id"]
        await bot.press(GROUP, board, boris, bot.button(GROUP, board, "No"))
        assert question_buttons(bot, board) == []
        await bot.say(GROUP, boris, "/resign")
        board = bot.last_board(GROUP)["message_id"]
        await bot.press(GROUP, board, anna, bot.button(GROUP, board, "Yes"))  # not hers: refused, at no cost
        assert fake.answers()[-1] == "Only Boris can press this."
        await bot.press(GROUP, board, boris, bot.button(GROUP, board, "Yes"))
        await bot.settle()
        record = await bot.game(1)
        assert record.state == "finished" and record.reason == "resignation" and record.winner == "blue"
        print("\n".join(group_messages(bot)))
        assert group_messages(bot) == EXPECTED_GAME  # each command answered, in the group, in order
        assert len(fake.answers()) == 5  # each press answered: Join, Decline, No, Anna's Yes, Boris's Yes
        assert fake.refused == [] and not bot.errors
    finally:
        await bot.stop()


EXPECTED_GAME = [
    "sendMessage: Moves here: /m 20-18, a reply to the board or its buttons (in this group I see only commands and "
    "replies to my messages).",
    "sendPhoto: Blue moves first. … Buttons: x 2–9, y 2–9",
    "editMessageText: Game #1 started: 🔵 Anna vs 🔴 Boris.",
    "sendPhoto: Move 1: 5-5 🔵 … Buttons: x 2–9, y 2–9",
    "buttons off",
    "sendPhoto: Move 2: 6-6 🔴 … Buttons: x 3–10, y 3–10",
    "buttons off",
    "sendPhoto: Move 3: 5-6 🔵 … Buttons: x 2–9, y 3–10",
    "buttons off",
    "sendPhoto: Move 4: 6-5 🔴 … Buttons: x 3–10, y 2–9",
    "buttons off",
    "editMessageMedia: Move 4: 6-5 🔴 … Anna offers a draw in game #1. Boris, do you accept?",
    "editMessageMedia: Move 4: 6-5 🔴 … Boris declined the draw in game #1.",
    "sendPhoto: Move 5: 4-4 🔵 … Buttons: x 1–8, y 1–8",
    "buttons off",
    "editMessageMedia: Move 5: 4-4 🔵 … Boris: Declare grounding in game #1? The game will end at once with the score "
    "🔵 2 : 0 🔴 (Anna wins).",
    "editMessageMedia: Move 5: 4-4 🔵 … Grounding withdrawn: game #1 goes on.",
    "editMessageMedia: Move 5: 4-4 🔵 … Boris: Resign game #1?",
    "sendPhoto: Game over. Boris resigned; Anna wins. … Game over. Boris resigned; Anna wins.",
    "buttons off",
]
"""What the group gets in ``test_a_whole_group_game_on_the_strict_fake``: the lobby, its start, a board a move (the
older board's buttons taken off), the offer and its decline on the latest board, a confirmation asked, withdrawn
and asked again there, and the final board."""


async def test_a_fresh_group_gets_its_minute_once_not_twice(tmp_path: Path) -> None:
    """Forty answers asked at once in a fresh group: the bot sends at most 20 in the window, never draws a 429, and
    the rest follow as the window moves on; nobody is left out (a digest names each person)."""
    bot = await strict_bot(tmp_path / "fresh.db", 0.1).start()  # a 6 s minute
    try:
        fake = bot.fake
        people = [fake.user(8000 + i, f"P{i}", "en") for i in range(40)]
        fake.fail(
            "sendMessage",
            403,
            "Forbidden: bot can't initiate conversation with a user",
            match=lambda p: int(p.get("chat_id", 0)) > 0,
            times=10**6,
        )
        updates = [fake.message_update(GROUP, person, "/m 5-5") for person in people]  # no game here: refused
        await bot.send(*updates)
        assert fake.refused == []
        group = [c for c in fake.sent("sendMessage", GROUP)]
        assert 1 <= len(group) <= 20
        told = "".join(c.params["text"] for c in group)
        for person in people:  # each is answered: by a reply of its own, or named in a digest
            assert f"tg://user?id={person['id']}" in told or any(
                c.params.get("reply_parameters")
                and str(updates[people.index(person)]["message"]["message_id"]) in str(c.params["reply_parameters"])
                for c in group
            )
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_a_game_against_the_bot_in_a_group_is_one_message_a_move_pair(tmp_path: Path) -> None:
    """A member plays the bot in a group, a move every 5 s, for 50 move pairs: each pair (the member's dot and the
    bot's reply) is one board with one caption naming both moves, and arrives within the bot's thinking time and 1 s.
    Before, each pair cost two photos and an edit, and after a few quick moves the boards came 3 to 6 s late."""
    bot = await strict_bot(tmp_path / "bot.db", SCALE, ai_seconds=0.1).start()
    try:
        fake = bot.fake
        anna = fake.user(7101, "Anna", "en")
        await bot.say(GROUP, anna, "/new ai easy 20x20 empty red")  # the bot plays blue and begins
        await bot.services.opponent.settle()
        await bot.settle()
        photos = len(fake.sent("sendPhoto", GROUP))
        late: list[float] = []
        for _ in range(50):
            view = await bot.services.game(1)
            if view.state != "active":
                break
            assert view.player_to_move is not None and view.player_to_move.id == 7101
            point = next(iter(view.position.playable_points()))
            sent = len(fake.sent("sendPhoto", GROUP))
            began = time.monotonic()
            await bot.send(fake.message_update(GROUP, anna, f"/m {point}"), settle=False)
            while len(fake.sent("sendPhoto", GROUP)) == sent:
                assert time.monotonic() - began < 10, "no board"
                await asyncio.sleep(0.01)
            late.append(time.monotonic() - began)
            caption = fake.sent("sendPhoto", GROUP)[-1].params["caption"]
            assert f": {point} " in caption and caption.count("Move ") == 2  # the dot and the reply, one board
            await asyncio.sleep(max(0.0, 5 * SCALE - late[-1]))
        pairs = len(late)
        assert pairs >= 40
        assert len(fake.sent("sendPhoto", GROUP)) - photos == pairs  # one message a move pair
        assert max(late) <= 0.1 + 1.0, late
        assert fake.refused == [] and not bot.errors
    finally:
        await bot.stop()


@pytest.mark.slow
async def test_bad_input_in_a_group_never_delays_a_board(tmp_path: Path) -> None:
    """A group takes about 20 messages a minute: a flood of bad input is answered after the board, never before it.
    (Delivery alone: on SQLite only, half a minute of real limits.)

    Exposed by real play ("players first": a clean group); it failed before its fix."""
    db = str(tmp_path / "b.db")
    bot = Bot(db)
    bot.config = Config(token="123:TEST", db_path=db, group_rate=20, overall_rate=10**6)
    bot.app = build_application(bot.config, request=bot.fake, clock=bot.clock)
    await bot.start()
    try:
        fake = bot.fake
        anna, boris, _ = users(fake)
        await open_group_game(bot)  # 1 lobby + 4 edits + 1 board: 6 of the minute's 20
        fake.fail(
            "sendMessage",
            403,
            "Forbidden: bot can't initiate conversation with a user",
            times=10**6,
            match=lambda p: int(p["chat_id"]) == games.BORIS,
        )  # Boris never started the bot: all in the group
        for _ in range(15):
            await bot.send(fake.message_update(games.GROUP, boris, "/m 99-99"), settle=False)
        start = time.monotonic()
        await bot.send(fake.message_update(games.GROUP, anna, "/m 5-5"), settle=False)
        while "Ход 1: 5-5" not in caption(bot, games.GROUP):
            assert time.monotonic() - start < 4.0, "the board waited behind the answers"
            await asyncio.sleep(0.02)
        # Nobody is ignored: the answers follow, due within a third of the minute (short ones share a digest).
        await bot.settle()
        told = "".join(c.params["text"] for c in fake.sent("sendMessage", games.GROUP))
        assert told.count("Сейчас не ваш ход") == 15  # each one answered: alone or in a digest
        assert fake.refused == []
        # Button presses cost no group message at all: a stranger's press is answered privately.
        sent = len([c for c in fake.calls if c.method != "answerCallbackQuery"])
        board = bot.last_board(games.GROUP)["message_id"]
        await bot.press(games.GROUP, board, users(fake)[2], bot.buttons(games.GROUP, board)[0][0]["callback_data"])
        assert len([c for c in fake.calls if c.method != "answerCallbackQuery"]) == sent
    finally:
        await bot.stop()
