"""The Mini App's server and API, end to end: the real bot (Application, handlers, SQLite, pictures) against the fake
Bot API, with the Mini App's web server listening on 127.0.0.1 beside it, called over HTTP as the page calls it.

initData is signed here, independently of the code under test (``sign``), and every endpoint is tried with forged,
missing, stale and borrowed data: each gets 401 and changes nothing.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import time
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlparse

import httpx
import pytest

from tests.support.games import ANNA, BORIS, GROUP, STRANGER, open_group_game, private_game, users, watch_link
from tests.support.harness import Bot
from tests.support.paths import Where
from tests.support.positions import surrounding_game
from tests.support.webapp import NAMES, TOKEN, WEBAPP_URL, Site, auth, open_site, sign
from tochki_bot.config import Config, ConfigError
from tochki_bot.engine import Game
from tochki_bot.services import GameView
from tochki_bot.webapp import InitDataAuthenticator, RateLimit, WebAppServer, sign_init_data, update_id_of
from tochki_bot.webapp.server import page_files
from tochki_bot.webapp.state import game_state


def keyboard(call: Any) -> dict[str, Any]:
    """A sent message's keyboard (as the Bot API got it)."""
    markup = call.params.get("reply_markup") or {}
    return json.loads(markup) if isinstance(markup, str) else markup


# ------------------------------------------------------------------------------------------------------------------
# initData


def test_the_test_signature_is_the_one_the_code_makes_and_checks() -> None:
    ours = {k: v[0] for k, v in parse_qs(sign(ANNA, auth_date=1800000000)).items()}
    given = ours.pop("hash")
    theirs = {k: v[0] for k, v in parse_qs(sign_init_data(TOKEN, ours)).items()}
    assert theirs["hash"] == given
    viewer = InitDataAuthenticator(TOKEN, clock=lambda: 1800000100.0).authenticate("tma " + sign_init_data(TOKEN, ours))
    assert viewer is not None and viewer.id == ANNA and viewer.first_name == "Анна"


def test_initdata_vectors() -> None:
    now = time.time()
    check = InitDataAuthenticator(TOKEN).authenticate
    good = sign(ANNA)
    assert (viewer := check("tma " + good)) is not None and viewer.id == ANNA and viewer.first_name == "Анна"
    assert check("TMA " + good) is not None  # the scheme is case-insensitive
    # A field changed after signing: another user, a later date, a start parameter added.
    tampered_user = good.replace(quote(f'"id": {ANNA}'), quote(f'"id": {BORIS}'))
    assert tampered_user != good and check("tma " + tampered_user) is None
    fields = parse_qs(good)
    later = {k: v[0] for k, v in fields.items()}
    later["auth_date"] = str(int(now) + 5)
    assert check("tma " + urlencode(later, quote_via=quote)) is None
    assert check("tma " + good + "&start_param=7") is None
    # Signed with another bot's token, stale, from the future, without a hash, a repeated field, no user.
    assert check("tma " + sign(ANNA, token="123:OTHER")) is None
    assert check("tma " + sign(ANNA, auth_date=now - 86400 - 60)) is None
    assert check("tma " + sign(ANNA, auth_date=now - 86400 + 60)) is not None  # just under a day old
    assert check("tma " + sign(ANNA, auth_date=now + 3600)) is None
    assert check("tma " + good.split("&hash=")[0]) is None
    assert check("tma " + good + "&user=" + quote('{"id": 22}')) is None
    no_user = {"auth_date": str(int(now))}
    assert check("tma " + sign_init_data(TOKEN, no_user)) is None
    # The wrong scheme, nothing at all, garbage, too much.
    for header in (None, "", "Bearer " + good, good, "tma", "tma %%%", "tma " + "a=b&" * 5000):
        assert check(header) is None, header
    # A hash of the right length that differs in its last digit.
    last = good[-1]
    assert check("tma " + good[:-1] + ("0" if last != "0" else "1")) is None


async def test_every_endpoint_refuses_bad_initdata_and_changes_nothing(site: Site) -> None:
    bot = site.bot
    await open_group_game(bot)
    before = await bot.game(1)
    photos = len(bot.fake.sent("sendPhoto"))
    now = time.time()
    forged = [
        {},
        {"Authorization": "tma " + sign(ANNA, token="123:OTHER")},
        {"Authorization": "tma " + sign(ANNA, auth_date=now - 2 * 86400)},
        {"Authorization": "tma " + sign(BORIS).replace(quote(f'"id": {BORIS}'), quote(f'"id": {ANNA}'))},
        {"Authorization": "Bearer " + sign(ANNA)},
        {"Authorization": "tma " + sign(ANNA)[:-2]},
    ]
    client = site.client
    for headers in forged:
        for method, path in (
            ("GET", "/api/session"),
            ("GET", "/api/games"),
            ("GET", "/api/games/1"),
            ("GET", "/api/games/1/updates?version=x"),
            ("GET", "/api/nothing"),
            ("POST", "/api/games/1/moves"),
        ):
            body = {"x": 5, "y": 5, "ply": 0, "key": "k1"} if method == "POST" else None
            response = await client.request(method, path, headers=headers, json=body)
            assert response.status_code == 401, (headers, path)
            assert response.json()["error"] == "unauthorized" and "state" not in response.json()
    after = await bot.game(1)
    assert (after.ply, after.state) == (before.ply, before.state)
    assert len(bot.fake.sent("sendPhoto")) == photos


# ------------------------------------------------------------------------------------------------------------------
# Reading and moving


async def test_the_contract_a_move_through_the_api_is_one_board_in_the_chat(site: Site) -> None:
    bot, fake = site.bot, site.bot.fake
    _, boris, _ = users(fake)
    await open_group_game(bot)
    response = await site.get("/api/games/1", ANNA)
    assert response.status_code == 200
    state = response.json()
    assert state["ply"] == 0 and state["to_move"] == "blue" and state["your_colour"] == "blue" and state["can_move"]
    assert state["width"] == 20 and state["height"] == 20 and state["players"]["red"]["name"] == "Boris"
    photos = len(fake.sent("sendPhoto"))
    moved = await site.move(1, ANNA, 5, 6, ply=0, key="first-move")
    assert moved.status_code == 200
    new = moved.json()
    assert new["ply"] == 1 and new["to_move"] == "red" and new["move_dots"] == [(6 - 1) * 20 + (5 - 1) + 1]
    assert not new["can_move"] and new["status_text"] == "ходит Boris"  # Anna reads Russian
    await bot.services.changes.settle()
    boards = fake.sent("sendPhoto")[photos:]
    assert len(boards) == 1 and int(boards[0].params["chat_id"]) == GROUP
    assert "5-6" in boards[0].params["caption"]
    # The chat's own move: the API sees it, and the group still gets one board.
    await bot.say(GROUP, boris, "/m 6-6")
    await bot.services.changes.settle()
    assert len(fake.sent("sendPhoto")) == photos + 2
    state = (await site.get("/api/games/1", ANNA)).json()
    assert state["ply"] == 2 and state["can_move"] and state["move_dots"][-1] == -((6 - 1) * 20 + 6)
    assert (await bot.game(1)).ply == 2


async def test_who_may_move_and_why_not(site: Site) -> None:
    bot = site.bot
    await open_group_game(bot)
    assert (await site.move(1, ANNA, 5, 5, ply=0)).status_code == 200
    # Not your move (Anna again), stale ply, a stranger, an occupied point, off the board, captured ground.
    wrong_turn = await site.move(1, ANNA, 6, 6, ply=1)
    assert wrong_turn.status_code == 403 and wrong_turn.json()["error"] == "not_your_turn"
    stale = await site.move(1, BORIS, 6, 6, ply=0)
    assert stale.status_code == 409 and stale.json()["error"] == "stale" and stale.json()["state"]["ply"] == 1
    stranger = await site.move(1, STRANGER, 6, 6, ply=1)
    assert stranger.status_code == 403 and "state" not in stranger.json()
    occupied = await site.move(1, BORIS, 5, 5, ply=1)
    assert occupied.status_code == 422 and occupied.json()["error"] == "occupied"
    assert occupied.json()["message"] == "5-5 is already taken."
    off = await site.move(1, BORIS, 21, 5, ply=1)
    assert off.status_code == 422 and off.json()["error"] == "off_board"
    for body in ({"x": "6", "y": 6, "ply": 1}, {"x": 6, "y": 6}, {"x": True, "y": 6, "ply": 1}, [1, 2], None):
        bad = await site.client.post("/api/games/1/moves", json=body, headers=auth(BORIS))
        assert bad.status_code == 400, body
    bad_key = await site.client.post(
        "/api/games/1/moves", json={"x": 6, "y": 6, "ply": 1, "key": "no spaces"}, headers=auth(BORIS)
    )
    assert bad_key.status_code == 400
    not_json = await site.client.post("/api/games/1/moves", content=b"{x", headers=auth(BORIS))
    assert not_json.status_code == 400
    assert (await site.move(99, BORIS, 6, 6, ply=1)).status_code == 404
    assert (await bot.game(1)).ply == 1
    assert (await site.move(1, BORIS, 6, 6, ply=1)).status_code == 200
    # A captured point: red surrounds... simpler: a finished game refuses every move with 409.
    await bot.services.changes.settle()  # the group's board of the move made in the Mini App
    await bot.settle()
    await bot.say(GROUP, users(bot.fake)[0], "/resign")
    confirm = bot.last_board(GROUP)["message_id"]  # on the latest board
    await bot.press(GROUP, confirm, users(bot.fake)[0], bot.button(GROUP, confirm, "Да, сдаюсь"))
    over = await site.move(1, ANNA, 7, 7, ply=3)
    assert over.status_code == 409 and over.json()["error"] == "game_over"


async def test_a_point_inside_an_area_is_refused(site: Site) -> None:
    bot = site.bot
    await open_group_game(bot)
    # Blue surrounds 5-5 with red's dot inside: 5-6, 6-5, 5-4, 4-5 around red's 5-5.
    moves = [(ANNA, 5, 6), (BORIS, 5, 5), (ANNA, 6, 5), (BORIS, 10, 10), (ANNA, 5, 4), (BORIS, 11, 11), (ANNA, 4, 5)]
    for ply, (who, x, y) in enumerate(moves):
        assert (await site.move(1, who, x, y, ply=ply)).status_code == 200
    state = (await site.get("/api/games/1", BORIS)).json()
    assert state["players"]["blue"]["score"] == 1 and len(state["areas"]) == 1
    area = state["areas"][0]
    assert area["owner"] == "blue" and area["ply"] == 7 and area["captured"] == [(5 - 1) * 20 + 4]
    assert state["owners"][(5 - 1) * 20 + 4] == "b"
    captured = await site.move(1, BORIS, 5, 5, ply=7)
    assert captured.status_code == 422 and captured.json()["error"] in ("occupied", "captured")


async def test_a_double_tap_or_a_retry_is_one_move(site: Site) -> None:
    bot, fake = site.bot, site.bot.fake
    await open_group_game(bot)
    photos = len(fake.sent("sendPhoto"))
    first, again = await asyncio.gather(
        site.move(1, ANNA, 5, 5, ply=0, key="tap-1"), site.move(1, ANNA, 5, 5, ply=0, key="tap-1")
    )
    assert first.status_code == again.status_code == 200
    assert first.json()["ply"] == again.json()["ply"] == 1
    retry = await site.move(1, ANNA, 5, 5, ply=0, key="tap-1")  # the answer was lost; the page sends it again
    assert retry.status_code == 200 and retry.json()["ply"] == 1
    # Each move's board is out before the next move (else a board a later move supersedes is rightly not sent, and
    # the count below would depend on timing).
    await bot.services.changes.settle()
    # The same key from someone else is their own: it does not hide their move.
    again = await site.move(1, BORIS, 6, 6, ply=1, key="tap-1")
    assert again.status_code == 200 and again.json()["ply"] == 2
    await bot.services.changes.settle()
    # Without a key the ply guard keeps it one move: the second is stale.
    assert (await site.move(1, ANNA, 7, 7, ply=2)).status_code == 200
    assert (await site.move(1, ANNA, 7, 7, ply=2)).status_code == 409
    await bot.services.changes.settle()
    assert (await bot.game(1)).ply == 3
    assert len(fake.sent("sendPhoto")) == photos + 3
    assert update_id_of(ANNA, "tap-1") < 0 and update_id_of(ANNA, "tap-1") != update_id_of(BORIS, "tap-1")


async def test_the_idempotency_key_can_come_as_a_header(site: Site) -> None:
    await open_group_game(site.bot)
    headers = {**auth(ANNA), "Idempotency-Key": "hdr-1"}
    for _ in range(2):
        response = await site.client.post("/api/games/1/moves", json={"x": 5, "y": 5, "ply": 0}, headers=headers)
        assert response.status_code == 200 and response.json()["ply"] == 1


async def test_private_games_are_for_their_players_and_followers(site: Site) -> None:
    bot, fake = site.bot, site.bot.fake
    anna, boris, stranger = users(fake)
    game_id = await private_game(bot, anna, boris)
    view = await bot.services.game(game_id)
    for user in (ANNA, BORIS):
        assert (await site.get(f"/api/games/{game_id}", user)).status_code == 200
    refused = await site.get(f"/api/games/{game_id}", STRANGER)
    assert refused.status_code == 403 and set(refused.json()) == {"error", "message"}
    assert (await site.get(f"/api/games/{game_id}/updates?version=x", STRANGER)).status_code == 403
    assert (await site.move(game_id, STRANGER, 5, 5, ply=0)).status_code == 403
    # A wrong spectator code, or the right code for another game, opens nothing.
    assert (await site.get(f"/api/games/{game_id}?watch=nope", STRANGER)).status_code == 403
    assert (
        await site.get(f"/api/games/{game_id}", STRANGER, start_param=f"{game_id + 1}_{view.watch}")
    ).status_code == 403
    # The stranger's own list does not show it.
    assert (await site.get("/api/games", STRANGER)).json() == {"games": []}
    # The /watch link makes the stranger a follower: read-only.
    await bot.say(ANNA, anna, f"/watch {game_id}")
    import re

    code = re.search(r"start=(w[\w-]+)", fake.texts(ANNA)[-1])
    assert code is not None
    await bot.say(STRANGER, stranger, f"/start {code.group(1)}")
    seen = await site.get(f"/api/games/{game_id}", STRANGER)
    assert seen.status_code == 200 and seen.json()["your_colour"] is None and not seen.json()["can_move"]
    assert (await site.move(game_id, STRANGER, 5, 5, ply=0)).status_code == 403
    assert (await bot.game(game_id)).ply == 0
    # The spectator code itself (what a spectator's button carries) reads the game too, in any state.
    clara = 44
    assert (await site.get(f"/api/games/{game_id}?watch={view.watch}", clara)).status_code == 200


async def test_group_games_open_with_the_groups_link(site: Site) -> None:
    bot = site.bot
    await open_group_game(bot)
    view = await bot.services.game(1)
    assert view.watch
    assert (await site.get("/api/games/1", STRANGER)).status_code == 403
    assert (await site.get("/api/games/1", STRANGER, start_param="1")).status_code == 403
    seen = await site.get("/api/games/1", STRANGER, start_param=f"1_{view.watch}")
    assert seen.status_code == 200 and seen.json()["your_colour"] is None
    session = (await site.get("/api/session", STRANGER, start_param=f"1_{view.watch}")).json()
    assert session["linked_game"] == {"id": 1, "watch": view.watch} and session["texts"]["play"] == "Play {point}"
    assert (await site.move(1, STRANGER, 5, 5, ply=0)).status_code == 403
    # The group's board carries that link.
    board = bot.fake.last("sendPhoto", GROUP)
    rows = keyboard(board)["inline_keyboard"]
    link = rows[-1][0]["url"]
    assert link == f"https://t.me/{bot.app.bot.username}/play?startapp=1_{view.watch}"
    assert "web_app" not in rows[-1][0]


async def test_every_board_opens_the_mini_app(site: Site) -> None:
    bot, fake = site.bot, site.bot.fake
    anna, boris, stranger = users(fake)
    game_id = await private_game(bot, anna, boris)
    await bot.say(ANNA, anna, "/m 5-5")
    for chat in (ANNA, BORIS):
        rows = keyboard(fake.last("sendPhoto", chat))["inline_keyboard"]
        assert rows[-1] == [{"text": rows[-1][0]["text"], "web_app": {"url": f"{WEBAPP_URL}/?game={game_id}"}}]
    assert "Открыть" in keyboard(fake.last("sendPhoto", ANNA))["inline_keyboard"][-1][0]["text"]
    # A spectator's board opens the game with its spectator code; a finished game's board too.
    code = await watch_link(bot, ANNA)
    await bot.say(STRANGER, stranger, f"/start {code}")
    rows = keyboard(fake.last("sendPhoto", STRANGER))["inline_keyboard"]
    url = urlparse(rows[-1][0]["web_app"]["url"])
    assert parse_qs(url.query) == {"game": [str(game_id)], "watch": [(await bot.services.game(game_id)).watch]}
    # The menu button opens the list of games.
    menu = fake.sent("setChatMenuButton")[-1].params["menu_button"]
    menu = json.loads(menu) if isinstance(menu, str) else menu
    assert menu["type"] == "web_app" and menu["web_app"] == {"url": WEBAPP_URL + "/"} and menu["text"] == "Games"


async def test_without_the_setting_there_is_no_mini_app(where: Where) -> None:
    bot = await Bot(where("bot.db")).start()
    try:
        await open_group_game(bot)
        markup = bot.fake.last("sendPhoto", GROUP).params["reply_markup"]
        assert "startapp" not in markup and "web_app" not in markup
        assert not bot.fake.sent("setChatMenuButton")
    finally:
        await bot.stop()


async def test_the_games_list(site: Site) -> None:
    bot, fake = site.bot, site.bot.fake
    anna, boris, _ = users(fake)
    await open_group_game(bot)
    game_id = await private_game(bot, anna, boris)
    await bot.say(ANNA, anna, f"/m {game_id} 3-3")
    games = (await site.get("/api/games", BORIS)).json()["games"]
    assert [g["id"] for g in games] == [game_id, 1]  # Boris's move first
    assert games[0]["your_move"] and games[0]["your_colour"] == "red" and games[0]["blue_name"] == "Анна"
    assert not games[1]["your_move"] and games[1]["kind"] == "group"


async def test_the_page_updates_itself_when_the_other_player_moves(site: Site) -> None:
    bot = site.bot
    anna, _, _ = users(bot.fake)
    await open_group_game(bot)
    version = (await site.get("/api/games/1", BORIS)).json()["version"]
    # An old version answers at once.
    quick = await site.get("/api/games/1/updates?version=stale", BORIS)
    assert quick.status_code == 200 and quick.json()["version"] == version
    waiting = asyncio.create_task(site.get(f"/api/games/1/updates?version={version}", BORIS))
    await asyncio.sleep(0.2)
    assert not waiting.done()
    started = time.monotonic()
    await bot.say(GROUP, anna, "/m 5-5")
    answer = await asyncio.wait_for(waiting, 5)
    assert time.monotonic() - started < 1.0
    assert answer.status_code == 200 and answer.json()["ply"] == 1 and answer.json()["can_move"]


async def test_the_page_hears_a_draw_offered_and_declined_at_once(site: Site) -> None:
    bot = site.bot
    anna, boris, _ = users(bot.fake)
    await open_group_game(bot)
    await bot.say(GROUP, anna, "/m 5-5")
    for who, command, offer in ((anna, "/draw", "blue"), (boris, "decline", None)):
        version = (await site.get("/api/games/1", BORIS)).json()["version"]
        waiting = asyncio.create_task(site.get(f"/api/games/1/updates?version={version}", BORIS))
        await asyncio.sleep(0.2)
        assert not waiting.done()
        started = time.monotonic()
        if command == "/draw":
            await bot.say(GROUP, who, command)
        else:
            question = bot.last_board(GROUP)["message_id"]  # the offer, with its buttons, is on the latest board
            await bot.press(GROUP, question, who, bot.button(GROUP, question, "Отказаться"))
        answer = await asyncio.wait_for(waiting, 5)
        assert time.monotonic() - started < 1.0  # not the poll's timeout
        assert answer.json()["draw_offer"] == offer
        assert ("offers a draw: answer in the chat" in answer.json()["status_text"]) == (offer is not None)


async def test_a_long_poll_ends_by_its_timeout_and_when_the_server_stops(where: Where) -> None:
    site = await open_site(where, poll_timeout=0.3)
    try:
        await open_group_game(site.bot)
        version = (await site.get("/api/games/1", ANNA)).json()["version"]
        answer = await site.get(f"/api/games/1/updates?version={version}", ANNA)
        assert answer.status_code == 200 and answer.json()["version"] == version
        api = site.server.api
        assert api is not None and api.waiters.waiting == 0 and api.waiters.per_user == {}
        # More long polls than a person may hold at once.
        polls = [asyncio.create_task(site.get(f"/api/games/1/updates?version={version}", ANNA)) for _ in range(6)]
        answers = await asyncio.gather(*polls)
        assert sorted(a.status_code for a in answers) == [200, 200, 200, 200, 429, 429]
    finally:
        await site.client.aclose()
        await site.bot.stop()


async def test_each_person_has_a_rate_limit(where: Where) -> None:
    site = await open_site(where, rate=RateLimit(rate=0.001, burst=3))
    try:
        for _ in range(3):
            assert (await site.get("/api/session", ANNA)).status_code == 200
        limited = await site.get("/api/session", ANNA)
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
        assert (await site.get("/api/session", BORIS)).status_code == 200  # others are not held back
    finally:
        await site.client.aclose()
        await site.bot.stop()


def test_the_rate_limit_refills_and_forgets() -> None:
    now = [0.0]
    rate = RateLimit(rate=1.0, burst=2, clock=lambda: now[0], size=4)
    assert rate.take(1) == 0 and rate.take(1) == 0 and rate.take(1) > 0
    now[0] += 1.0
    assert rate.take(1) == 0
    for user in range(2, 20):
        rate.take(user)
    assert len(rate._buckets) <= 4


# ------------------------------------------------------------------------------------------------------------------
# The page and its sizes


async def test_the_page_is_served_with_its_script_and_styles(site: Site) -> None:
    page = await site.client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "https://telegram.org/js/telegram-web-app.js" in page.text and "app.js" in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self' https://telegram.org" in policy and "connect-src 'self'" in policy
    for name, kind in (("app.js", "javascript"), ("app.css", "css")):
        response = await site.client.get("/" + name)
        assert response.status_code == 200 and kind in response.headers["content-type"]
    assert (await site.client.get("/../pyproject.toml")).status_code == 404
    assert (await site.client.get("/static/app.js")).status_code == 404
    assert (await site.get("/api/nothing", ANNA)).status_code == 404
    files = page_files("https://telegram.org/js/telegram-web-app.js").values()
    total = sum(len(body) for body, _ in files)
    sent = sum(len(gzip.compress(body, 6)) for body, _ in files)
    # 100 KB until a finished game's review (issue 21: its graph, list and board marks) took it past that.
    assert total <= 128 * 1024 and sent <= 48 * 1024, (total, sent)
    # Nothing but Telegram's script comes from elsewhere.
    for body, _ in page_files("https://telegram.org/js/telegram-web-app.js").values():
        text = body.decode()
        assert "cdn" not in text.lower() and text.count("https://") <= 1


def full_game(seed: int = 3) -> Game:
    """A random 39x32 game played until the board is full."""
    rng = random.Random(seed)
    game = Game(39, 32, "cross")
    while not game.is_over:
        points = list(game.playable_points())
        if not points:
            break
        game.play(*rng.choice(points))
    return game


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["random", "surrounding"])
def test_the_state_of_a_full_39x32_game_is_under_16_kb_as_sent(kind: str) -> None:
    """The page gets every state compressed (the server gzips its answers for every browser): at most 16 KB for a
    full 39x32 game, its 1248 point names and hundreds of areas included (11.7 KB for the surrounding game, 8.8 KB
    for the random one; 48 KB uncompressed at most)."""
    game = full_game() if kind == "random" else surrounding_game(5, 39 * 32)
    view = GameView.of_position(game, blue="Анна Каренина", red="Boris")
    state = game_state(view, -1, "ru", 0.0)
    body = json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode()
    assert game.move_count > 1000 and len(game.areas) > 30
    assert len(gzip.compress(body, compresslevel=6)) <= 16 * 1024, len(gzip.compress(body))
    assert len(body) <= 48 * 1024, len(body)
    # The page rebuilds the position from it: dots from the moves, captured dots from the areas.
    assert len(state["move_dots"]) == game.move_count and len(state["owners"]) == 39 * 32
    assert sum(len(area["captured"]) for area in state["areas"]) >= sum(game.score)
    assert len(state["point_labels"]) == 39 * 32 and state["point_labels"][39 * 31 + 38] == "39-32"


def test_the_mini_app_settings() -> None:
    env = {"TELEGRAM_BOT_TOKEN": "1:A"}
    assert Config.from_env(env).webapp_url is None
    config = Config.from_env(
        {**env, "TOCHKI_WEBAPP_URL": "https://example.org/tochki/", "TOCHKI_WEBAPP_LISTEN": "[::1]:9000"}
    )
    assert config.webapp_url == "https://example.org/tochki" and config.webapp_listen == "[::1]:9000"
    assert config.webapp_name == "play"
    for bad in (
        {"TOCHKI_WEBAPP_URL": "http://example.org"},
        {"TOCHKI_WEBAPP_URL": "example.org"},
        {"TOCHKI_WEBAPP_LISTEN": "8080"},
        {"TOCHKI_WEBAPP_LISTEN": "host:99999"},
        {"TOCHKI_WEBAPP_NAME": "my app"},
    ):
        with pytest.raises(ConfigError):
            Config.from_env({**env, **bad})


async def test_a_move_after_the_deadline_loses_on_time_and_the_chat_hears_of_it(site: Site) -> None:
    bot, fake = site.bot, site.bot.fake
    await open_group_game(bot)  # 24 hours a move
    assert (await site.move(1, ANNA, 5, 5, ply=0)).status_code == 200
    state = (await site.get("/api/games/1", BORIS)).json()
    assert state["time_left"] == 86400 and state["time_left_text"] == "24 h left"
    bot.clock.advance(86400 + 1)
    await bot.services.changes.settle()
    photos = len(fake.sent("sendPhoto", GROUP))
    late = await site.move(1, BORIS, 6, 6, ply=1)
    assert late.status_code == 409 and late.json()["error"] == "time_is_up"
    assert late.json()["state"]["state"] == "finished" and late.json()["state"]["result"]["winner"] == "blue"
    await bot.services.changes.settle()
    assert len(fake.sent("sendPhoto", GROUP)) == photos + 1  # the final board, once
    assert (await bot.game(1)).reason == "timeout"


def test_the_command_line_runs_the_mini_app_beside_the_bot(monkeypatch: pytest.MonkeyPatch, where: Where) -> None:
    from tests.support.program import LocalBotApi
    from tochki_bot import cli
    from tochki_bot.telegram import app

    api = LocalBotApi()  # the start's checks reach a Bot API that knows the token
    monkeypatch.setenv("TELEGRAM_API_BASE_URL", api.url)
    monkeypatch.setenv("TOCHKI_DB", str(where("t.db")))
    runs: list[dict[str, Any]] = []
    monkeypatch.setattr(app, "run", lambda config, **kwargs: runs.append({"config": config, **kwargs}))
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "1:A")
    monkeypatch.delenv("TOCHKI_WEBAPP_URL", raising=False)
    assert cli.main([]) == 0 and runs[-1]["extras"] == []
    monkeypatch.setenv("TOCHKI_WEBAPP_URL", "https://example.org/tochki")
    monkeypatch.setenv("TOCHKI_WEBAPP_LISTEN", "0.0.0.0:9090")
    assert cli.main(["--webhook", "https://example.org/hook"]) == 0
    (server,) = runs[-1]["extras"]
    assert isinstance(server, WebAppServer) and (server.listen, server.port) == ("0.0.0.0", 9090)
    assert runs[-1]["webhook"] == "https://example.org/hook"
    api.close()


async def test_a_game_against_the_bot_played_from_the_mini_app(site: Site) -> None:
    """A tap in the Mini App is answered by the bot like a chat move: both boards reach the chat, the page sees both."""
    bot = site.bot
    anna, _, _ = users(bot.fake)
    await bot.say(ANNA, anna, "/new ai 12x12 empty blue")
    state = (await site.get("/api/games/1", ANNA)).json()
    assert state["ply"] == 0 and state["to_move"] == "blue"
    response = await site.move(1, ANNA, 6, 6, ply=0, key="tap-1")
    assert response.status_code == 200
    for _ in range(3):
        await bot.services.opponent.settle()
        await bot.services.changes.settle()
    state = (await site.get("/api/games/1", ANNA)).json()
    assert state["ply"] == 2 and state["to_move"] == "blue"  # the bot answered
    captions = [c.params["caption"] for c in bot.fake.sent("sendPhoto", ANNA)]
    assert len(captions) == 3 and "6-6" in captions[1]  # the start, Anna's tap, the bot's move: one board each
    assert (await site.move(1, ANNA, 6, 6, ply=0, key="tap-1")).status_code == 200  # a retried tap: still one move
    assert (await site.get("/api/games/1", ANNA)).json()["ply"] == 2
    assert (await site.move(1, ANNA, 1, 1, ply=1)).status_code == 409  # an old ply: stale


async def _variant_game(site: Site, choice: Any) -> int:
    """A group game between Anna (blue) and Boris made through the services, with the opening where Anna walls in
    Boris's 3-3 (her 3-4 then leaves a pool to close)."""
    from tochki_bot.services import Person, Place

    services = site.bot.services
    place = Place(GROUP, "supergroup", "Group")
    anna, boris = Person(ANNA, NAMES[ANNA]), Person(BORIS, "Boris")
    view = (await services.lobby.open(place, anna, choice)).view
    view = await services.lobby.join(view.id, boris, place)
    for who, (x, y) in [(anna, (2, 3)), (boris, (3, 3)), (anna, (3, 2)), (boris, (9, 9)), (anna, (4, 3))]:
        view = await services.play.move(view.id, who, x, y)
    return view.id


async def step(site: Site, game_id: int, user_id: int, action: str, body: dict[str, Any]) -> httpx.Response:
    return await site.client.post(f"/api/games/{game_id}/{action}", json=body, headers=auth(user_id))


async def test_closing_pools_from_the_mini_app(site: Site) -> None:
    from tochki_bot.services import LobbyChoice

    game_id = await _variant_game(site, LobbyChoice(10, 10, "empty", None, "creator_blue", "polish"))
    assert (await site.move(game_id, BORIS, 8, 8, ply=5)).status_code == 200
    moved = await site.move(game_id, ANNA, 3, 4, ply=6)
    assert moved.status_code == 200
    state = moved.json()
    assert state["closing"] == "blue" and state["can_close"] and not state["can_move"]
    assert state["pools"] == [{"point": (3 - 1) * 10 + (3 - 1), "captures": 1, "size": 1}]
    assert state["button_labels"]["done"] == "✅ Done"
    boris_view = (await site.get(f"/api/games/{game_id}", BORIS)).json()
    assert not boris_view["can_close"] and boris_view["pools"] == [] and "closing" in boris_view["status_text"]
    # Not Boris's to close (403), a stale ply (409 with the state), a point with no pool (422), a bad body (400).
    refused = await step(site, game_id, BORIS, "close", {"ply": 7, "all": True})
    assert refused.status_code == 403 and refused.json()["error"] == "nothing_to_close"
    stale = await step(site, game_id, ANNA, "close", {"ply": 6, "x": 3, "y": 3})
    assert stale.status_code == 409 and stale.json()["state"]["ply"] == 7
    nothing = await step(site, game_id, ANNA, "close", {"ply": 7, "x": 9, "y": 9})
    assert nothing.status_code == 422
    assert (await step(site, game_id, ANNA, "close", {"ply": 7, "x": "3"})).status_code == 400
    stranger = await step(site, game_id, STRANGER, "done", {"ply": 7})
    assert stranger.status_code == 403 and "state" not in stranger.json()
    # Closing it, twice with the same key: once.
    closed = await step(site, game_id, ANNA, "close", {"ply": 7, "x": 3, "y": 3, "key": "close-3-3"})
    assert closed.status_code == 200
    state = closed.json()
    assert state["ply"] == 8 and state["players"]["blue"]["score"] == 1 and state["closing"] is None
    again = await step(site, game_id, ANNA, "close", {"ply": 7, "x": 3, "y": 3, "key": "close-3-3"})
    assert again.status_code == 200 and again.json()["ply"] == 8
    assert state["to_move"] == "red" and (await site.bot.game(game_id)).ply == 8
    # Done after a dot that left pools, from the page too.
    assert (await site.move(game_id, BORIS, 7, 7, ply=8)).status_code == 200
    # Anna walls in 7-7 with three dots, and her fourth leaves the pool open: Done from the page passes the turn.
    for x, y in [(6, 7), (8, 7), (7, 6)]:
        assert (await site.move(game_id, ANNA, x, y, ply=(await site.bot.game(game_id)).ply)).status_code == 200
        assert (await site.move(game_id, BORIS, x, 10, ply=(await site.bot.game(game_id)).ply)).status_code == 200
    ply = (await site.bot.game(game_id)).ply
    assert (await site.move(game_id, ANNA, 7, 8, ply=ply)).json()["pools"] != []
    done = await step(site, game_id, ANNA, "done", {"ply": ply + 1})
    assert done.status_code == 200 and done.json()["to_move"] == "red" and done.json()["closing"] is None


async def test_finishing_the_extra_dots_from_the_mini_app(site: Site) -> None:
    from tochki_bot.services import LobbyChoice, Person

    choice = LobbyChoice(10, 10, "empty", None, "creator_blue", stop_mode="stop_phase")
    game_id = await _variant_game(site, choice)
    assert (await site.move(game_id, BORIS, 8, 8, ply=5)).status_code == 200
    assert (await site.move(game_id, ANNA, 1, 1, ply=6)).status_code == 200
    await site.bot.services.play.stop(game_id, Person(BORIS, "Boris"))
    state = (await site.get(f"/api/games/{game_id}", ANNA)).json()
    assert state["stopped_by"] == "red" and state["can_finish"] and state["can_move"]
    boris = (await site.get(f"/api/games/{game_id}", BORIS)).json()
    assert not boris["can_finish"] and not boris["can_move"]
    refused = await step(site, game_id, BORIS, "finish", {"ply": 8})
    assert refused.status_code == 403 and refused.json()["error"] == "no_stop"
    assert (await site.move(game_id, ANNA, 3, 4, ply=8)).status_code == 200
    finished = await step(site, game_id, ANNA, "finish", {"ply": 9, "auto": True})
    assert finished.status_code == 200
    state = finished.json()
    assert state["state"] == "finished" and state["result"]["reason"] == "grounding"
    assert state["players"]["blue"]["score"] == 3 and "STOP" in state["status_text"]  # 3-3, 9-9 and 8-8 counted
    assert (await step(site, game_id, ANNA, "nonsense", {"ply": 10})).status_code == 404
