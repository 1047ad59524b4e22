"""A puzzle in the Mini App, over HTTP through the real bot and its Mini App server: the page gives nothing of the
solution away before the answer; an answer is right or wrong with the chat's sentences, moves the puzzle rating
once, closes the puzzle waiting in the private chat; bad bodies, points that cannot be played and forged initData
change nothing. ``tochki_bot/webapp/puzzle.py``, ``api.Api.answer_puzzle``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.contract import assert_is
from tests.support.games import ANNA, BORIS
from tests.support.paths import Where
from tests.support.webapp import Site, auth, sign
from tochki_bot.engine import Point
from tochki_bot.services import PuzzleView
from tochki_bot.webapp.contract import PuzzlePage


def index(puzzle: PuzzleView, point: Point) -> int:
    return (point.y - 1) * puzzle.position.width + (point.x - 1)


def wrong_point(puzzle: PuzzleView) -> Point:
    return next(p for p in puzzle.position.playable_points() if p != puzzle.solution)


async def answer(site: Site, user: int, puzzle_id: int, body: Any) -> Any:
    return await site.client.post(f"/api/puzzles/{puzzle_id}/answers", json=body, headers=auth(user))


async def test_the_next_puzzle_gives_nothing_away_then_a_wrong_answer_shows_the_solution(site: Site) -> None:
    got = await site.get("/api/puzzles/next", ANNA)
    assert got.status_code == 200, got.text
    page = got.json()
    assert_is(page, PuzzlePage)
    puzzle = await site.bot.services.puzzles.puzzle(page["id"])
    side = "Blue" if puzzle.to_move == "blue" else "Red"
    assert page["title"].startswith(f"Puzzle #{puzzle.id}") and page["task"].startswith(f"{side} to move")
    assert page["answered"] is None and page["board"]["ply"] == puzzle.position.ply
    assert str(puzzle.solution) not in json.dumps({k: v for k, v in page.items() if k != "board"})
    assert len(page["board"]["move_dots"]) == len([m for m in puzzle.position.moves if m.point is not None])

    wrong = wrong_point(puzzle)
    reply = await answer(site, ANNA, puzzle.id, {"x": wrong.x, "y": wrong.y, "key": "k1"})
    assert reply.status_code == 200, reply.text
    done = reply.json()
    assert_is(done, PuzzlePage)
    assert done["answered"]["correct"] is False
    assert done["answered"]["answer"] == index(puzzle, wrong)
    assert done["answered"]["solution"] == index(puzzle, puzzle.solution)
    text = done["answered"]["text"]
    assert f"{wrong} is not it" in text and str(puzzle.solution) in text and "Your puzzle rating:" in text
    assert "/puzzle" not in text  # the page has its own "Next puzzle"
    assert done["board"]["ply"] == puzzle.position.ply + 1  # the position after the solution
    assert done["board"]["move_dots"][-1] in (index(puzzle, puzzle.solution) + 1, -(index(puzzle, puzzle.solution) + 1))
    rated = await site.bot.services.puzzles.puzzler(ANNA)
    assert rated.failed == 1 and rated.solved == 0

    # The same key again (no answer reached the page): the same page, nothing counted twice.
    again = await answer(site, ANNA, puzzle.id, {"x": wrong.x, "y": wrong.y, "key": "k1"})
    assert again.status_code == 200 and again.json()["answered"]["correct"] is False
    # The right point later: it counts once, the page says so.
    later = await answer(site, ANNA, puzzle.id, {"x": puzzle.solution.x, "y": puzzle.solution.y, "key": "k2"})
    assert later.status_code == 200 and "counts once" in later.json()["answered"]["text"]
    assert (await site.bot.services.puzzles.puzzler(ANNA)).failed == 1
    # Read again, the puzzle shows as answered; the next one is another puzzle.
    read = (await site.get(f"/api/puzzles/{puzzle.id}", ANNA)).json()
    assert read["answered"]["answer"] == index(puzzle, wrong)
    following = (await site.get("/api/puzzles/next", ANNA)).json()
    assert following["id"] != puzzle.id and following["answered"] is None


async def test_a_right_answer_moves_the_rating_and_closes_the_puzzle_in_the_private_chat(site: Site) -> None:
    bot = site.bot
    anna = bot.fake.user(ANNA, "Anna")
    await bot.say(ANNA, anna, "/puzzle")
    await bot.settle()  # the puzzle is noted as shown once its message went
    post = await bot.services.puzzles.open_here(ANNA)
    assert post is not None
    # The chat's puzzle has a button that opens it in the Mini App, on the whole board.
    rows = bot.buttons(ANNA, post.message_id)
    opener = rows[-1][0]
    assert opener["web_app"]["url"].endswith(f"/puzzle.html?puzzle={post.puzzle_id}")
    # The Mini App's next puzzle is the one waiting in the chat.
    page = (await site.get("/api/puzzles/next", ANNA)).json()
    assert page["id"] == post.puzzle_id
    puzzle = await bot.services.puzzles.puzzle(post.puzzle_id)
    reply = await answer(site, ANNA, puzzle.id, {"x": puzzle.solution.x, "y": puzzle.solution.y})
    assert reply.status_code == 200, reply.text
    done = reply.json()["answered"]
    assert done["correct"] is True and done["text"].startswith("✅ Right!")
    assert (await bot.services.puzzles.puzzler(ANNA)).solved == 1
    assert await bot.services.puzzles.open_here(ANNA) is None  # answered: nothing waits in the chat any more


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (None, 400),
        ([1, 2], 400),
        ({"x": "5", "y": 5}, 400),
        ({"x": True, "y": 5}, 400),
        ({"x": 5}, 400),
        ({"x": 5, "y": 5, "key": "no spaces"}, 400),
        ({"x": 0, "y": 5}, 422),
        ({"x": 10**9, "y": 5}, 422),
    ],
)
async def test_a_bad_answer_is_refused_and_changes_nothing(site: Site, body: Any, status: int) -> None:
    page = (await site.get("/api/puzzles/next", BORIS)).json()
    reply = await answer(site, BORIS, page["id"], body)
    assert reply.status_code == status, reply.text
    assert reply.json()["message"]
    puzzler = await site.bot.services.puzzles.puzzler(BORIS)
    assert puzzler.solved == 0 and puzzler.failed == 0
    assert (await site.get(f"/api/puzzles/{page['id']}", BORIS)).json()["answered"] is None


async def test_a_dot_already_there_is_no_answer(site: Site) -> None:
    page = (await site.get("/api/puzzles/next", BORIS)).json()
    puzzle = await site.bot.services.puzzles.puzzle(page["id"])
    taken = next(m.point for m in puzzle.position.moves if m.point is not None)
    reply = await answer(site, BORIS, puzzle.id, {"x": taken.x, "y": taken.y})
    assert reply.status_code == 422 and str(taken) in reply.json()["message"]
    assert (await site.bot.services.puzzles.puzzler(BORIS)).failed == 0


async def test_no_such_puzzle_and_forged_init_data(site: Site) -> None:
    missing = await site.get("/api/puzzles/999999", ANNA)
    assert missing.status_code == 404 and "#999999" in missing.json()["message"]
    assert (await answer(site, ANNA, 999999, {"x": 1, "y": 1})).status_code == 404
    page = (await site.get("/api/puzzles/next", ANNA)).json()
    forged = sign(ANNA, token="999:OTHER")  # signed with another bot's token
    for headers in ({}, {"Authorization": "tma " + forged}, {"Authorization": "tma " + sign(ANNA) + "0"}):
        read = await site.client.get(f"/api/puzzles/{page['id']}", headers=headers)
        assert read.status_code == 401 and "board" not in read.json()
        sent = await site.client.post(f"/api/puzzles/{page['id']}/answers", json={"x": 1, "y": 1}, headers=headers)
        assert sent.status_code == 401
    assert (await site.bot.services.puzzles.puzzler(ANNA)).failed == 0


async def test_the_page_and_its_direct_link(site: Site) -> None:
    page = await site.client.get("/puzzle.html")
    assert page.status_code == 200 and 'src="puzzle.js"' in page.text
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]
    linked = await site.client.get("/?tgWebAppStartParam=p12")
    assert linked.status_code == 200 and 'src="puzzle.js"' in linked.text
    assert (await site.client.get("/puzzle.js")).status_code == 200


@pytest.mark.browser
@pytest.mark.process
@pytest.mark.slow
async def test_a_puzzle_solved_by_a_tap_in_a_browser(where: Where, tmp_path: Any) -> None:
    """Headless Chromium at phone size (``tests/support/browser.py``): the puzzle's button from the private chat
    opens it on the whole board; a tap on a wrong point, then on the solution, and the main button answers; the page
    says right, shows the solution's captures, and "Next puzzle" brings another one."""
    from tests.support import browser  # skips this test where Chromium is missing
    from tests.support.harness import Bot
    from tests.support.webapp import TOKEN, WEBAPP_URL
    from tochki_bot.webapp import WebAppServer

    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, telegram_js="telegram-web-app.js")
    bot = await Bot(where("browser.db"), webapp_url=WEBAPP_URL, extras=[server]).start()
    phone = None
    try:
        anna = bot.fake.user(ANNA, "Anna")
        await bot.say(ANNA, anna, "/puzzle")
        await bot.settle()
        post = await bot.services.puzzles.open_here(ANNA)
        assert post is not None
        puzzle = await bot.services.puzzles.puzzle(post.puzzle_id)
        url = bot.buttons(ANNA, post.message_id)[-1][0]["web_app"]["url"]
        phone = await browser.run(browser.Phone, sign(ANNA), browser.LIGHT)
        await browser.run(phone.open, server.base_url + url.removeprefix(WEBAPP_URL))
        await browser.run(phone.until, "window.tochki && window.tochki.ready && window.tochki.view")
        title = await browser.run(phone.js, "return document.getElementById('p-title').textContent")
        assert title.startswith(f"Puzzle #{puzzle.id}")
        await browser.run(phone.shot, browser.screenshots(tmp_path) / "webapp-puzzle.png")
        wrong = wrong_point(puzzle)
        await browser.run(phone.tap, wrong.x, wrong.y)
        await browser.run(phone.until, f"window.tochki.selected === '{wrong}'")
        await browser.run(phone.tap, *puzzle.solution)  # changed her mind before answering
        await browser.run(phone.until, f"window.tochki.selected === '{puzzle.solution}'")
        await browser.run(phone.js, "document.getElementById('tg-main-button').click()")
        await browser.run(phone.until, "window.tochkiPuzzle && window.tochkiPuzzle.answered")
        said = await browser.run(phone.js, "return document.getElementById('message').textContent")
        assert said.startswith("✅ Right!") and str(puzzle.solution) in said
        await browser.run(phone.shot, browser.screenshots(tmp_path) / "webapp-puzzle-solved.png")
        assert (await bot.services.puzzles.puzzler(ANNA)).solved == 1
        await browser.run(phone.js, "document.getElementById('next').click()")
        await browser.run(phone.until, f"window.tochkiPuzzle && window.tochkiPuzzle.id !== {puzzle.id}")
        assert await browser.run(phone.js, "return window.tochkiPuzzle.answered") is None
    finally:
        if phone is not None:
            await browser.run(phone.quit)
        await bot.stop()
