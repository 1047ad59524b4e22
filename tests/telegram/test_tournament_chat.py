"""Tournaments played to the end through the real bot and the fake Bot API: a Swiss of 5 over 3 rounds and a round
robin of 4 (games finished by moves, resignations, agreed draws and a timeout; byes and a rest), the standings and
tie-breaks checked against values worked out by hand; a knockout in a forum group (a topic per game, a drawn game
replayed); the lobby as one message; a round's pairings as one message; a restart in the middle."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from PIL import Image

from render.table import MIN_WIDTH, Cell
from tests.support.fakebot import FakeTelegram
from tests.support.harness import Bot, Clock
from tests.support.paths import Where
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram.tournament_views import standings_picture
from tochki_bot.wording import plain

GROUP = -3001
FORUM = -3002
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
IDS = [51, 52, 53, 54, 55]


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("tournament.db")).start()
    yield started
    await started.stop()


def people(fake: FakeTelegram) -> list[dict[str, Any]]:
    return [fake.user(i, n) for i, n in zip(IDS, NAMES, strict=True)]


async def settled(bot: Bot) -> None:
    for _ in range(3):
        await bot.services.changes.settle()


def group_sends(fake: FakeTelegram, chat: int) -> int:
    """Messages the bot sent to the group (edits not counted)."""
    return sum(len(fake.sent(m, chat)) for m in ("sendMessage", "sendPhoto", "sendDocument"))


async def open_tournament(bot: Bot, chat: int, words: str, players: int) -> tuple[int, int]:
    """Ann opens the tournament, the others join with the lobby's button; the tournament's number and its lobby."""
    fake = bot.fake
    users = people(fake)
    await bot.say(chat, users[0], f"/tournament {words}")
    lobby = fake.last("sendMessage", chat)
    match = re.search(r"Tournament #(\d+)", lobby.params["text"])
    assert match is not None
    tid, message = int(match.group(1)), lobby.result["message_id"]
    for user in users[1:players]:
        await bot.press(chat, message, user, cb.TJoin(tid, True).encode())
    return tid, message


async def game_of(bot: Bot, tid: int, round: int, board: int) -> int:
    view = await bot.services.tournaments.get(tid)
    pairing = view.round_pairings(round)[board - 1]
    assert pairing.game_id is not None
    return pairing.game_id


def user_of(bot: Bot, user_id: int) -> dict[str, Any]:
    return bot.fake.user(user_id, NAMES[IDS.index(user_id)])


async def players_of(bot: Bot, game: int) -> tuple[dict[str, Any], dict[str, Any]]:
    record = await bot.game(game)
    assert record.blue_id is not None and record.red_id is not None
    return user_of(bot, record.blue_id), user_of(bot, record.red_id)


async def win_by_moves(bot: Bot, chat: int, game: int, winner: str, thread: int | None = None) -> None:
    """Polish rules to +1: the winner surrounds a dot of the other's and closes it (the first capture wins)."""
    blue, red = await players_of(bot, game)
    if winner == "blue":
        plan = [(blue, "5-4"), (red, "5-5"), (blue, "4-5"), (red, "1-1"), (blue, "6-5"), (red, "1-2")]
        last = (blue, "5-6 close 5-5")
    else:
        plan = [(blue, "5-5"), (red, "5-4"), (blue, "1-1"), (red, "4-5"), (blue, "1-2"), (red, "6-5"), (blue, "1-3")]
        last = (red, "5-6 close 5-5")
    for user, point in [*plan, last]:
        await bot.say(chat, user, f"/m {game} {point}", thread_id=thread)
    record = await bot.game(game)
    assert record.state == "finished" and record.winner == winner and record.reason == "instant_win", record


async def draw(bot: Bot, chat: int, game: int, thread: int | None = None) -> None:
    blue, red = await players_of(bot, game)
    await bot.say(chat, blue, f"/m {game} 3-3", thread_id=thread)
    await bot.say(chat, red, f"/m {game} 8-8", thread_id=thread)
    await bot.say(chat, blue, f"/draw {game}", thread_id=thread)
    await bot.say(chat, red, f"/draw {game}", thread_id=thread)  # two offers make a draw
    record = await bot.game(game)
    assert record.state == "finished" and record.winner is None, record


async def resign(bot: Bot, chat: int, game: int, loser: str, thread: int | None = None) -> None:
    blue, red = await players_of(bot, game)
    await bot.say(chat, blue, f"/m {game} 3-3", thread_id=thread)
    await bot.say(chat, red, f"/m {game} 8-8", thread_id=thread)
    who = blue if loser == "blue" else red
    await bot.say(chat, who, f"/resign {game}", thread_id=thread)
    question = bot.fake.last("sendMessage", chat).result["message_id"]
    await bot.press(chat, question, who, bot.button(chat, question, "Yes"))
    record = await bot.game(game)
    assert record.state == "finished" and record.reason == "resignation" and record.winner != loser, record


async def time_out(bot: Bot, chat: int, game: int, loser: str) -> None:
    """The loser never moves: the clock decides the game on time."""
    blue, _ = await players_of(bot, game)
    if loser == "red":
        await bot.say(chat, blue, f"/m {game} 3-3")
    bot.clock.advance(3601)
    assert "timeout" in await bot.tick()
    record = await bot.game(game)
    assert record.state == "finished" and record.reason == "timeout" and record.winner != loser, record


async def test_a_swiss_of_five_over_three_rounds_played_through_the_chat(bot: Bot) -> None:
    fake = bot.fake
    tid, lobby = await open_tournament(bot, GROUP, "swiss 3r 10x10 empty 1h polish 1", 5)
    # The lobby is one message, edited as people join.
    assert len(fake.sent("sendMessage", GROUP)) == 1
    text = fake.messages[(GROUP, lobby)]["text"]
    assert "Swiss, 3 rounds" in text and "Polish, instant win at 1" in text and "board 10x10" in text
    assert "Players (5 of at most 100): Ann, Bob, Cat, Dan, Eve" in text
    await bot.press(GROUP, lobby, people(fake)[1], cb.TAct(tid, "start").encode())
    assert "Only Ann" in (fake.answers()[-1] or "")
    before = group_sends(fake, GROUP)
    await bot.press(GROUP, lobby, people(fake)[0], cb.TAct(tid, "start").encode())
    await settled(bot)
    assert "has started" in fake.messages[(GROUP, lobby)]["text"]
    # Round 1: one message of pairings (every player mentioned), then the two games' first boards. Eve has the bye.
    pairings = plain(fake.sent("sendMessage", GROUP)[-1].params["text"])
    mentions = fake.sent("sendMessage", GROUP)[-1].params["text"]
    assert "round 1 of 3" in pairings and "Table 1: 🔵" in pairings and "Bye: Eve (1 point)" in pairings
    assert all(f"tg://user?id={i}" in mentions for i in IDS)
    assert group_sends(fake, GROUP) - before == 3
    board = fake.last("sendPhoto", GROUP).params["caption"]
    assert "Tournament #1 · round 1 · table 2" in board

    # Round 1: Ann beats Cat by moves; Dan and Bob draw.
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 1, 1), "blue")
    await settled(bot)
    assert (await bot.services.tournaments.get(tid)).round == 1  # the round waits for its last game
    game = await game_of(bot, tid, 1, 2)
    blue, red = await players_of(bot, game)
    await bot.say(GROUP, blue, f"/m {game} 3-3")
    await bot.say(GROUP, red, f"/m {game} 8-8")
    await bot.say(GROUP, blue, f"/draw {game}")
    before = group_sends(fake, GROUP)
    await bot.say(GROUP, red, f"/draw {game}")  # agreed: the round's last game ends
    await settled(bot)
    # The round's end: its final board, the standings (one picture with the text), the next round's pairings (one
    # message), its two boards.
    photos = fake.sent("sendPhoto", GROUP)
    standings = next(p.params["caption"] for p in reversed(photos) if "standings after round 1" in p.params["caption"])
    # Eve's bye counts as an opponent with her own point; Ann's beaten opponent has none.
    assert "1. Eve — <b>1</b> (0 games) · Bh 1" in standings and "2. Ann — <b>1</b> (1 game) · Bh 0" in standings
    assert "3. Bob — <b>½</b>" in standings and "3. Dan — <b>½</b>" in standings  # equal on everything: shared
    pairings = plain(fake.sent("sendMessage", GROUP)[-1].params["text"])
    assert "round 2 of 3" in pairings and "Bye: Cat (1 point)" in pairings
    assert group_sends(fake, GROUP) - before == 1 + 1 + 1 + 2
    # Round 2: Bob beats Ann (Ann resigns), Dan beats Eve on time.
    await resign(bot, GROUP, await game_of(bot, tid, 2, 1), "red")
    await settled(bot)
    await time_out(bot, GROUP, await game_of(bot, tid, 2, 2), "blue")
    await settled(bot)
    pairings = plain(fake.sent("sendMessage", GROUP)[-1].params["text"])
    assert "round 3 of 3" in pairings and "Bye: Ann (1 point)" in pairings
    view = await bot.services.tournaments.get(tid)
    assert [(p.blue.name, p.red.name if p.red else None) for p in view.round_pairings(3)] == [
        ("Bob", "Eve"),
        ("Cat", "Dan"),
        ("Ann", None),
    ]
    # Round 3: Bob and Eve draw; Cat beats Dan by moves.
    await draw(bot, GROUP, await game_of(bot, tid, 3, 1))
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 3, 2), "blue")
    await settled(bot)

    # The end, worked out by hand (tests/services/test_pairing.py): Ann 2 (Bh 6, mBh 2), Cat 2 (5½, 2),
    # Bob 2 (5, 1½), Dan 1½ (5½, 2), Eve 1½ (5, 1½).
    final = fake.last("sendPhoto", GROUP)
    caption = final.params["caption"]
    assert "Tournament #1</b> is over: <b>Ann</b> wins!" in caption
    lines = [line for line in caption.split("\n") if re.match(r"\d\. ", line)]
    assert lines == [
        "1. Ann — <b>2</b> (2 games) · Bh 6 · mBh 2",
        "2. Cat — <b>2</b> (2 games) · Bh 5½ · mBh 2",
        "3. Bob — <b>2</b> (3 games) · Bh 5 · mBh 1½",
        "4. Dan — <b>1½</b> (3 games) · Bh 5½ · mBh 2",
        "5. Eve — <b>1½</b> (2 games) · Bh 5 · mBh 1½",
    ]
    assert final.files  # the picture
    # The games as one SGF collection, from the final standings' button.
    await bot.press(
        GROUP, final.result["message_id"], people(fake)[3], bot.button(GROUP, final.result["message_id"], "SGF")
    )
    document = fake.last("sendDocument", GROUP)
    sgf = next(iter(document.files.values())).decode()
    assert sgf.count("(;") == 6 and "EV[Tournament #1]" in sgf and "6 games" in document.params["caption"]
    # Rated: the games changed the ratings.
    assert (await bot.services.ratings.of(IDS[0]))["polish"].games == 2  # two games and a bye
    await bot.say(GROUP, people(fake)[4], "/standings")
    assert "is over" in fake.last("sendPhoto", GROUP).params["caption"]
    assert not bot.errors


async def test_a_round_robin_of_four_played_through_the_chat(bot: Bot) -> None:
    fake = bot.fake
    users = people(fake)
    tid, lobby = await open_tournament(bot, GROUP, "rr 10x10 empty 1h polish 1 unrated", 4)
    await bot.press(GROUP, lobby, users[0], cb.TAct(tid, "start").encode())
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    assert view.rounds == 3 and not view.rated
    a, b, c, d = (user_of(bot, p) for p in IDS[:4])
    assert [(p.blue.id, p.red.id if p.red else None) for p in view.round_pairings(1)] == [
        (IDS[0], IDS[3]),
        (IDS[1], IDS[2]),
    ]
    # Round 1: A beats D by moves; B and C draw.
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 1, 1), "blue")
    await draw(bot, GROUP, await game_of(bot, tid, 1, 2))
    await settled(bot)
    # Round 2 (D-C, A-B): D beats C (C resigns), A beats B on time.
    await resign(bot, GROUP, await game_of(bot, tid, 2, 1), "red")
    await time_out(bot, GROUP, await game_of(bot, tid, 2, 2), "red")
    await settled(bot)
    # Round 3 (B-D, C-A): B beats D by moves; C and A draw.
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 3, 1), "blue")
    await draw(bot, GROUP, await game_of(bot, tid, 3, 2))
    await settled(bot)
    del a, b, c, d
    # By hand: A 2½ (SB 3), B 1½ (SB 1½), C 1 (SB 2), D 1 (SB 1).
    caption = fake.last("sendPhoto", GROUP).params["caption"]
    assert "is over: <b>Ann</b> wins!" in caption
    lines = [line for line in caption.split("\n") if re.match(r"\d\. ", line)]
    assert lines == [
        "1. Ann — <b>2½</b> (3 games) · SB 3",
        "2. Bob — <b>1½</b> (3 games) · SB 1½",
        "3. Cat — <b>1</b> (3 games) · SB 2",
        "4. Dan — <b>1</b> (3 games) · SB 1",
    ]
    assert await bot.services.ratings.of(IDS[0]) == {}  # unrated
    assert not bot.errors


async def test_a_knockout_in_a_forum_plays_each_game_in_its_topic_and_replays_a_draw(bot: Bot) -> None:
    fake = bot.fake
    fake.chat(FORUM)["is_forum"] = True
    users = people(fake)
    tid, lobby = await open_tournament(bot, FORUM, "knockout 10x10 empty 1h polish 1", 3)
    await bot.press(FORUM, lobby, users[0], cb.TAct(tid, "start").encode())
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    assert view.forum and view.rounds == 2
    # Seeds 1 (Ann, a bye) and 2-3 (Bob, Cat) on the second table.
    game = await game_of(bot, tid, 1, 2)
    record = await bot.game(game)
    assert record.thread_id in fake.topics[FORUM]  # its own topic
    board = fake.last("sendPhoto", FORUM)
    assert int(board.params["message_thread_id"]) == record.thread_id
    await draw(bot, FORUM, game, thread=record.thread_id)
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    pairing = view.round_pairings(1)[1]
    assert pairing.replays == 1 and pairing.game_id != game
    assert pairing.game_id is not None
    replay = await bot.game(pairing.game_id)
    assert (replay.blue_id, replay.red_id) == (record.red_id, record.blue_id)  # colours swapped
    assert replay.thread_id == record.thread_id  # the replay is played in the game's topic
    assert int(fake.last("sendPhoto", FORUM).params["message_thread_id"]) == replay.thread_id
    assert FORUM not in fake.closed_topics  # the drawn game's topic stays open for its replay
    await win_by_moves(bot, FORUM, replay.id, "red", thread=replay.thread_id)
    await settled(bot)
    # The replay's final board is out, then its topic is closed.
    assert fake.closed_topics[FORUM] == [record.thread_id]
    boards = [
        n
        for n, c in enumerate(fake.calls)
        if c.method == "sendPhoto" and c.params.get("caption", "").startswith(f"<b>#{replay.id}")
    ]
    closed = next(n for n, c in enumerate(fake.calls) if c.method == "closeForumTopic")
    assert "Game over" in fake.calls[boards[-1]].params["caption"] and boards[-1] < closed
    final = await game_of(bot, tid, 2, 1)
    final_record = await bot.game(final)
    assert final_record.thread_id in fake.topics[FORUM] and final_record.thread_id != record.thread_id
    await resign(bot, FORUM, final, "red", thread=final_record.thread_id)
    await settled(bot)
    assert fake.closed_topics[FORUM] == [record.thread_id, final_record.thread_id]
    view = await bot.services.tournaments.get(tid)
    assert view.state == "finished" and view.winner is not None
    caption = fake.last("sendPhoto", FORUM).params["caption"]
    assert f"<b>{view.winner.name}</b> wins!" in caption and "won the final" in caption
    assert not bot.errors


async def test_the_lobby_its_settings_and_a_no_show_removed(bot: Bot) -> None:
    fake = bot.fake
    users = people(fake)
    tid, lobby = await open_tournament(bot, GROUP, "swiss 20x20", 3)
    await bot.press(GROUP, lobby, users[1], cb.TSet(tid, "format", "round_robin").encode())
    assert "Only Ann" in (fake.answers()[-1] or "")
    await bot.press(GROUP, lobby, users[0], cb.TSet(tid, "format", "round_robin").encode())
    await bot.press(GROUP, lobby, users[0], cb.TSet(tid, "time", "300").encode())
    text = fake.messages[(GROUP, lobby)]["text"]
    assert "Round robin" in text and "5 min a move" in text
    await bot.press(GROUP, lobby, users[1], cb.TJoin(tid, True).encode())
    assert "already" in (fake.answers()[-1] or "")
    # Ann removes Cat, who did not show up: the lobby shows the list, then the lobby again.
    await bot.press(GROUP, lobby, users[0], cb.TAct(tid, "remove").encode())
    assert any("Cat" in b["text"] for row in bot.buttons(GROUP, lobby) for b in row)
    await bot.press(GROUP, lobby, users[0], bot.button(GROUP, lobby, "Cat"))
    text = fake.messages[(GROUP, lobby)]["text"]
    assert "Players (2 of at most 10): Ann, Bob" in text
    await bot.press(GROUP, lobby, users[0], cb.TAct(tid, "start").encode())
    assert "at least" in (fake.answers()[-1] or "")
    # A start on the clock: an hour from now.
    await bot.press(GROUP, lobby, users[0], cb.TSet(tid, "starts", "3600").encode())
    assert "Starts at" in fake.messages[(GROUP, lobby)]["text"]
    await bot.press(GROUP, lobby, users[2], cb.TJoin(tid, True).encode())
    bot.clock.advance(3601)
    await bot.tick()
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    assert view.state == "running" and "has started" in fake.messages[(GROUP, lobby)]["text"]
    # /tournament in private: groups only; a second /tournament here shows this one.
    await bot.say(IDS[0], users[0], "/tournament")
    assert "played in groups" in fake.texts(IDS[0])[-1]
    await bot.say(GROUP, users[3], "/tournament")
    assert "This group's tournament" in fake.last("sendPhoto", GROUP).params["caption"]
    # Leaving a running tournament asks first; then the game being played is lost.
    await bot.say(GROUP, users[1], "/tournament leave")
    question = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, question, users[0], cb.TLeave(tid, IDS[1], True).encode())
    assert "Bob" in (fake.answers()[-1] or "")  # only Bob answers it
    await bot.press(GROUP, question, users[1], bot.button(GROUP, question, "Yes, leave"))
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    entry = view.entry(IDS[1])
    assert entry is not None and not entry.active
    assert "left tournament #1" in fake.messages[(GROUP, question)]["text"]
    assert not bot.errors


async def test_a_round_owed_when_the_bot_stops_is_announced_when_it_is_back(where: Where) -> None:
    fake = FakeTelegram()
    clock = Clock()
    bot = await Bot(where("restart.db"), fake, clock).start()
    users = people(fake)
    tid, lobby = await open_tournament(bot, GROUP, "rr 10x10 empty 1h polish 1", 3)
    await bot.press(GROUP, lobby, users[0], cb.TAct(tid, "start").encode())
    await settled(bot)
    game = await game_of(bot, tid, 1, 1)
    # The round's pairings cannot be sent now (a flood wait that outlasts the retries): round 2 stays owed.
    fake.fail("sendMessage", 500, "Internal Server Error", match=lambda p: "round 2" in p.get("text", ""), times=1)
    await resign(bot, GROUP, game, "blue")
    await settled(bot)
    assert (await bot.services.tournaments.notice(tid, 2, "round")) is not None
    await bot.stop()
    bot = await Bot(where("restart.db"), fake, clock).start()
    try:
        await settled(bot)
        assert (await bot.services.tournaments.notice(tid, 2, "round")) is None
        pairings = [c.params["text"] for c in fake.sent("sendMessage", GROUP) if "round 2 of 3" in c.params["text"]]
        assert len(pairings) == 1  # once
        assert not bot.errors
    finally:
        await bot.stop()


def texts_of(rows: list[list[dict[str, Any]]]) -> list[list[str]]:
    return [[b["text"] for b in row] for row in rows]


def standing_lines(caption: str) -> list[str]:
    return [line for line in caption.split("\n") if re.match(r"\d\. ", line)]


async def test_the_creator_removes_a_no_show_from_a_running_swiss(bot: Bot) -> None:
    """👤 Remove… under a running tournament (and ``/tournament remove``): the player removed mid-round loses the game
    they play, a Swiss pairs them no more, the standings count the game lost."""
    fake = bot.fake
    users = people(fake)
    ann, bob, _, dan, eve = users
    tid, lobby = await open_tournament(bot, GROUP, "swiss 3r 10x10 empty 1h polish 1", 5)
    await bot.press(GROUP, lobby, ann, cb.TAct(tid, "start").encode())
    await settled(bot)
    # The started lobby's buttons: the standings, the games, leaving and the creator's remove picker.
    assert texts_of(bot.buttons(GROUP, lobby)) == [["📊 Standings", "📥 Games (SGF)"], ["🚪 Leave", "👤 Remove…"]]
    await bot.press(GROUP, lobby, bob, cb.TAct(tid, "remove").encode())
    assert "Only Ann" in (fake.answers()[-1] or "")
    # Round 1: Ann-Cat, Dan-Bob, Eve's bye. Dan and Bob have moved; then Ann removes Dan.
    game = await game_of(bot, tid, 1, 2)
    assert await players_of(bot, game) == (dan, bob)
    await bot.say(GROUP, dan, f"/m {game} 3-3")
    await bot.say(GROUP, bob, f"/m {game} 8-8")
    await bot.press(GROUP, lobby, ann, cb.TAct(tid, "remove").encode())
    picker = fake.last("sendMessage", GROUP)
    assert "Who is out of tournament #1?" in picker.params["text"]
    picker_id = picker.result["message_id"]
    assert texts_of(bot.buttons(GROUP, picker_id)) == [["✖ Bob", "✖ Cat"], ["✖ Dan", "✖ Eve"], ["◀ Back"]]
    await bot.press(GROUP, picker_id, bob, bot.button(GROUP, picker_id, "Dan"))
    assert "Only Ann" in (fake.answers()[-1] or "")
    await bot.press(GROUP, picker_id, ann, bot.button(GROUP, picker_id, "Dan"))
    await settled(bot)
    assert fake.answers()[-1] == "Dan is out of tournament #1."
    assert fake.messages[(GROUP, picker_id)]["text"] == "Dan is out of tournament #1."
    assert not bot.buttons(GROUP, picker_id)
    # Dan's game is lost (Bob wins it) and has its final board; the round waits for Ann and Cat.
    record = await bot.game(game)
    assert record.state == "finished" and record.winner == "red" and record.reason == "resignation"
    assert fake.last("sendPhoto", GROUP).params["caption"].startswith(f"<b>#{game}")
    view = await bot.services.tournaments.get(tid)
    dan_entry = view.entry(IDS[3])
    assert view.round == 1 and dan_entry is not None and not dan_entry.active
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 1, 1), "blue")
    await settled(bot)
    standings = next(
        p.params["caption"] for p in reversed(fake.sent("sendPhoto", GROUP)) if "after round 1" in p.params["caption"]
    )
    assert standing_lines(standings) == [
        "1. Eve — <b>1</b> (0 games) · Bh 1 · mBh 1",  # the bye counts as an opponent with her own point
        "2. Ann — <b>1</b> (1 game) · Bh 0 · mBh 0",
        "2. Bob — <b>1</b> (1 game) · Bh 0 · mBh 0",  # Dan's lost game counts: he has no points
        "4. Cat — <b>0</b> (1 game) · Bh 1 · mBh 1",
        "4. Dan (left) — <b>0</b> (1 game) · Bh 1 · mBh 1",
    ]
    # Round 2 pairs the four still in: no bye, no Dan.
    view = await bot.services.tournaments.get(tid)
    assert [(p.blue.name, p.red.name if p.red else None) for p in view.round_pairings(2)] == [
        ("Bob", "Ann"),
        ("Cat", "Eve"),
    ]
    assert "Dan" not in plain(fake.sent("sendMessage", GROUP)[-1].params["text"])
    # /tournament remove: the creator's picker as a message (anyone else is refused); ◀ Back removes nobody.
    await bot.say(GROUP, eve, "/tournament remove")
    assert "Only Ann" in fake.texts(GROUP)[-1]
    await bot.say(GROUP, ann, "/tournament remove")
    picker_id = fake.last("sendMessage", GROUP).result["message_id"]
    assert texts_of(bot.buttons(GROUP, picker_id)) == [["✖ Bob", "✖ Cat"], ["✖ Eve"], ["◀ Back"]]
    await bot.press(GROUP, picker_id, ann, bot.button(GROUP, picker_id, "Back"))
    await settled(bot)
    assert fake.messages[(GROUP, picker_id)]["text"] == "Nobody was removed from tournament #1."
    assert all(e.active for e in (await bot.services.tournaments.get(tid)).entries if e.player.id != IDS[3])
    # Round 2: Bob beats Ann (she resigns), Cat and Eve draw.
    await resign(bot, GROUP, await game_of(bot, tid, 2, 1), "red")
    await draw(bot, GROUP, await game_of(bot, tid, 2, 2))
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    assert [(p.blue.name, p.red.name if p.red else None) for p in view.round_pairings(3)] == [
        ("Cat", "Bob"),
        ("Eve", "Ann"),
    ]
    # Round 3: Bob beats Cat by moves, Eve and Ann draw.
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 3, 1), "red")
    await draw(bot, GROUP, await game_of(bot, tid, 3, 2))
    await settled(bot)
    # By hand: Bob 3 (Dan 0 + Ann 1½ + Cat ½ = Bh 2, mBh ½), Eve 2 (the bye as her own 2 + Cat ½ + Ann 1½ = 4, 1½),
    # Ann 1½ (Cat ½ + Bob 3 + Eve 2 = 5½, 2), Cat ½ (1½ + 2 + 3 = 6½, 2), Dan 0 (Bob 3, and his own 0 for the two
    # rounds after he was removed: 3, 0).
    final = fake.last("sendPhoto", GROUP).params["caption"]
    assert "is over: <b>Bob</b> wins!" in final
    assert standing_lines(final) == [
        "1. Bob — <b>3</b> (3 games) · Bh 2 · mBh ½",
        "2. Eve — <b>2</b> (2 games) · Bh 4 · mBh 1½",
        "3. Ann — <b>1½</b> (3 games) · Bh 5½ · mBh 2",
        "4. Cat — <b>½</b> (3 games) · Bh 6½ · mBh 2",
        "5. Dan (left) — <b>0</b> (1 game) · Bh 3 · mBh 0",
    ]
    # The picture: each mark coloured by its result, the colour played a dot; Dan marked as out, his later rounds
    # empty.
    picture = standings_picture("en", await bot.services.tournaments.get(tid))
    assert picture.rows[0][1:5] == (
        Cell("Bob"),
        Cell("+5", tone="win", dot="red"),
        Cell("+3", tone="win", dot="blue"),
        Cell("+4", tone="win", dot="red"),
    )
    assert picture.rows[4][1:5] == (
        Cell("Dan (left)", tone="out"),
        Cell("−1", tone="loss", dot="blue"),
        Cell(""),
        Cell(""),
    )
    assert picture.rows[1][2:5] == (
        Cell("+", tone="win"),
        Cell("=4", tone="draw", dot="red"),
        Cell("=3", tone="draw", dot="blue"),
    )
    width, _ = Image.open(io.BytesIO(next(iter(fake.last("sendPhoto", GROUP).files.values())))).size
    assert MIN_WIDTH <= width < 900  # as wide as its columns
    # The finished tournament's buttons: nothing to leave or remove any more.
    assert texts_of(bot.buttons(GROUP, fake.last("sendPhoto", GROUP).result["message_id"])) == [
        ["📊 Standings", "📥 Games (SGF)"]
    ]
    assert not bot.errors


async def test_the_lobby_offers_the_start_positions_of_a_game(bot: Bot) -> None:
    """The lobby's row of start positions (the ones a game's lobby offers): the creator's choice is the games'."""
    fake = bot.fake
    ann, bob, *_ = people(fake)
    tid, lobby = await open_tournament(bot, GROUP, "rr 20x20 1h", 3)
    rows = texts_of(bot.buttons(GROUP, lobby))
    assert ["✓ cross", "four crosses", "empty"] in rows
    assert "start: cross" in fake.messages[(GROUP, lobby)]["text"]
    await bot.press(GROUP, lobby, bob, cb.TSet(tid, "start", "empty").encode())
    assert "Only Ann" in (fake.answers()[-1] or "")
    await bot.press(GROUP, lobby, ann, bot.button(GROUP, lobby, "four crosses"))
    assert "start: four crosses" in fake.messages[(GROUP, lobby)]["text"]
    assert ["cross", "✓ four crosses", "empty"] in texts_of(bot.buttons(GROUP, lobby))
    # A start the lobby does not offer (a forged button) changes nothing.
    await bot.press(GROUP, lobby, ann, cb.TSet(tid, "start", "custom").encode())
    assert (await bot.services.tournaments.get(tid)).settings.start == "four-crosses"
    await bot.press(GROUP, lobby, ann, cb.TAct(tid, "start").encode())
    await settled(bot)
    game = await bot.game(await game_of(bot, tid, 1, 1))
    assert game.start == "four-crosses" and (game.width, game.height) == (20, 20)
    assert not bot.errors


async def test_no_takeback_in_a_tournaments_game_rated_or_not(bot: Bot) -> None:
    """Takebacks are for unrated games outside tournaments: a tournament's game refuses one whether the tournament
    is rated or not (the check of the tournament comes first), and the game goes on unchanged."""
    fake = bot.fake
    ann = people(fake)[0]
    for chat, words in ((GROUP, "rr 10x10 empty 1h"), (GROUP - 1, "rr 10x10 empty 1h unrated")):
        tid, lobby = await open_tournament(bot, chat, words, 3)
        await bot.press(chat, lobby, ann, cb.TAct(tid, "start").encode())
        await settled(bot)
        game = await game_of(bot, tid, 1, 1)
        blue, red = await players_of(bot, game)
        assert (await bot.game(game)).rated == ("unrated" not in words)
        await bot.say(chat, blue, f"/m {game} 3-3")
        await bot.say(chat, red, f"/m {game} 8-8")
        asked = len(fake.sent("sendMessage", chat))
        await bot.say(chat, red, f"/takeback {game}")
        assert fake.texts(chat)[-1] == "Moves cannot be taken back in a tournament's game."
        assert len(fake.sent("sendMessage", chat)) == asked + 1  # the refusal, no question to the opponent
        record = await bot.game(game)
        assert record.takeback is None and record.state == "active"
        assert [str(m.point) for m in (await bot.services.game(game)).position.moves] == ["3-3", "8-8"]
        await bot.say(chat, blue, f"/m {game} 4-4")  # the game goes on
        assert len((await bot.services.game(game)).position.moves) == 3
    assert not bot.errors


async def test_a_player_leaving_a_swiss_is_paired_no_more(bot: Bot) -> None:
    """🚪 Leave in a running Swiss: the game being played is lost, the later rounds pair the others (a bye now that
    they are odd), and the standings count the one who left with no more games."""
    fake = bot.fake
    ann, _, cat, _, _ = people(fake)
    tid, lobby = await open_tournament(bot, GROUP, "swiss 3r 10x10 empty 1h polish 1", 4)
    await bot.press(GROUP, lobby, ann, cb.TAct(tid, "start").encode())
    await settled(bot)
    # Round 1: Ann-Cat, Dan-Bob. Dan beats Bob; then Cat leaves with the button under the started lobby.
    assert await players_of(bot, await game_of(bot, tid, 1, 1)) == (ann, cat)
    await win_by_moves(bot, GROUP, await game_of(bot, tid, 1, 2), "blue")
    await settled(bot)
    await bot.press(GROUP, lobby, cat, bot.button(GROUP, lobby, "Leave"))
    question = fake.last("sendMessage", GROUP)
    assert "tournament #1" in question.params["text"]
    await bot.press(GROUP, question.result["message_id"], cat, bot.button(GROUP, question.result["message_id"], "Yes"))
    await settled(bot)
    record = await bot.game(await game_of(bot, tid, 1, 1))
    assert record.state == "finished" and record.winner == "blue" and record.reason == "resignation"
    assert "Cat left tournament #1" in fake.messages[(GROUP, question.result["message_id"])]["text"]
    # Round 2: three still in, so a bye: to Bob (the lowest score); Cat is not paired.
    view = await bot.services.tournaments.get(tid)
    assert view.round == 2
    assert [(p.blue.name, p.red.name if p.red else None) for p in view.round_pairings(2)] == [
        ("Dan", "Ann"),
        ("Bob", None),
    ]
    pairings = plain(fake.sent("sendMessage", GROUP)[-1].params["text"])
    assert "Bye: Bob (1 point)" in pairings and "Cat" not in pairings
    await draw(bot, GROUP, await game_of(bot, tid, 2, 1))
    await settled(bot)
    # Round 3: Ann and Dan have met, Bob had his bye: Dan rests, Ann plays Bob (who wins).
    view = await bot.services.tournaments.get(tid)
    assert [(p.blue.name, p.red.name if p.red else None) for p in view.round_pairings(3)] == [
        ("Bob", "Ann"),
        ("Dan", None),
    ]
    await resign(bot, GROUP, await game_of(bot, tid, 3, 1), "red")
    await settled(bot)
    # By hand: Dan 2½ (Bob 2 + Ann 1½ + his bye as his own 2½ = Bh 6, mBh 2), Bob 2 (Dan 2½ + his bye as 2 + Ann
    # 1½ = 6, 2), Ann 1½ (Cat 0 + Dan 2½ + Bob 2 = 4½, 2), Cat 0 (Ann 1½ and her own 0 twice: 1½, 0).
    final = fake.last("sendPhoto", GROUP).params["caption"]
    assert "is over: <b>Dan</b> wins!" in final
    assert standing_lines(final) == [
        "1. Dan — <b>2½</b> (2 games) · Bh 6 · mBh 2",
        "2. Bob — <b>2</b> (2 games) · Bh 6 · mBh 2",
        "3. Ann — <b>1½</b> (3 games) · Bh 4½ · mBh 2",
        "4. Cat (left) — <b>0</b> (1 game) · Bh 1½ · mBh 0",
    ]
    assert not bot.errors


async def test_a_forum_where_topics_cannot_be_made_plays_in_the_tournaments_topic(bot: Bot) -> None:
    """A forum group where the bot may not make topics (createForumTopic refused): the game is played in the
    tournament's own topic, its board posted there; the next game gets a topic of its own once the bot may."""
    fake = bot.fake
    fake.chat(FORUM)["is_forum"] = True
    users = people(fake)
    tid, lobby = await open_tournament(bot, FORUM, "knockout 10x10 empty 1h polish 1", 3)
    fake.fail("createForumTopic", 400, "Bad Request: not enough rights to create a topic", times=1)
    await bot.press(FORUM, lobby, users[0], cb.TAct(tid, "start").encode())
    await settled(bot)
    view = await bot.services.tournaments.get(tid)
    assert view.forum
    assert [c.result for c in fake.calls if c.method == "createForumTopic"] == ["failed"]
    game = await game_of(bot, tid, 1, 2)
    record = await bot.game(game)
    assert record.thread_id == view.thread_id and record.thread_id not in fake.topics.get(FORUM, [])
    board = fake.last("sendPhoto", FORUM)
    assert board.params["caption"].startswith(f"<b>#{game}")
    assert board.params.get("message_thread_id") in (None, view.thread_id)
    await win_by_moves(bot, FORUM, game, "blue")
    await settled(bot)
    assert FORUM not in fake.closed_topics  # the tournament's own topic is never closed
    final = await bot.game(await game_of(bot, tid, 2, 1))
    assert final.thread_id in fake.topics[FORUM]  # the bot may make topics again: the final has its own
    assert not bot.errors
