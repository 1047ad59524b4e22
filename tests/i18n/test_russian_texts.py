"""What the bot says about games (``tochki_bot/wording``, the catalogues), in Russian: finished events are said
without a tense that would need the player's gender; the bot's name in the reader's language; local mode's start
line in the language asked for."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from tests.support.harness import Bot
from tests.support.program import free_port, spawn_local
from tochki_bot.i18n import t
from tochki_bot.local import picture
from tochki_bot.services import Services
from tochki_bot.webapp.server import WebAppServer

GROUP = -1001
ANNA, BORIS = 11, 22

FINISHED_EVENTS = (
    "result_resignation",
    "result_timeout",
    "result_grounding",
    "result_board_full",
    "result_draw",
    "result_instant_win",
    "result_agreed",
    "result_stop",
    "result_stop_counted",
    "result_cancelled_resignation",
    "result_cancelled_agreed",
    "result_cancelled_resignation_early",
    "result_cancelled_agreed_early",
    "outcome_win",
    "draw_declined",
    "draw_accepted",
    "resign_done",
    "ground_done",
    "stop_done",
    "end_accepted",
    "end_declined",
    "resign_cancelled_done",
    "resign_cancelled_early_done",
    "game_cancelled_by",
    "game_cancelled_by_alone",
    "caption_stop",
    "caption_your_extra",
    "picture_stop",
)
PRESENT = re.compile(
    r"сда[ёе]тся|отказывается|принимает|соглашается|заземляется|объявляет|не успевает|уходит|побеждает|отменяет"
)
"""Verbs of a finished event in the present tense ("Boris сдаётся")."""
GENDERED_PAST = re.compile(r"\b\w+(?:л|ла|лся|лась)\b")
"""A past tense with a gender: сдался, сдалась, объявил, отменила... (сдались, plural, has none)."""
PAST_OF_THINGS = {"вышло", "окончена", "заполнено"}


def sample(key: str) -> str:
    return t(
        "ru",
        key,
        loser="Boris",
        winner="Анна",
        declarer="Boris",
        outcome=t("ru", "outcome_win", winner="Анна"),
        name="Анна",
        other="Boris",
        stopper="Boris",
        mention="Анна",
        id=17,
        margin=15,
        score_blue=12,
        score_red=9,
    )


@pytest.mark.parametrize("key", FINISHED_EVENTS)
def test_finished_events_in_russian_need_no_gender(key: str) -> None:
    text = sample(key)
    assert not PRESENT.search(text), text
    gendered = [w for w in GENDERED_PAST.findall(text) if w not in PAST_OF_THINGS]
    assert not gendered, text


def test_the_russian_results_read_the_chosen_way() -> None:
    assert sample("result_resignation") == "Сдача: Boris — победа: Анна"
    assert sample("result_timeout") == "Время на ход вышло: Boris — победа: Анна"
    assert sample("draw_declined") == "Отказ от ничьей в игре №17: Анна."


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    started = await Bot(tmp_path / "bot.db").start()
    yield started
    await started.stop()


async def test_a_russian_caption_names_the_bot_in_russian(bot: Bot) -> None:
    fake = bot.fake
    anna = fake.user(ANNA, "Анна", "ru")
    await bot.say(GROUP, anna, "/new ai easy 10x10 empty blue")
    await bot.say(GROUP, anna, "/m 5-5")
    await bot.services.changes.settle()
    captions = [c.params["caption"] for c in fake.sent("sendPhoto", GROUP)]
    assert any("🤖 Бот ★" in c for c in captions) and not any("Bot ★" in c for c in captions)
    await bot.say(GROUP, anna, "/resign")
    question = bot.last_board(GROUP)["message_id"]  # on the latest board
    await bot.press(GROUP, question, anna, bot.button(GROUP, question, "Да"))
    assert "🤖 Бот ★" in fake.last("sendPhoto", GROUP).params["caption"]
    english = fake.user(BORIS, "Boris", "en")
    await bot.say(BORIS, english, "/new ai easy 10x10 empty blue")
    assert "🤖 Bot ★" in fake.last("sendPhoto", BORIS).params["caption"]


@pytest.fixture
async def russian_page(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    services = await Services.open(tmp_path / "local.db", ai_workers=1, ai_seconds=0.05, ai_seed=7)
    server = WebAppServer(local=True, port=0, language="ru", pictures=picture, poll_timeout=5.0)
    await server.start(services)
    client = httpx.AsyncClient(base_url=server.base_url, timeout=30.0)
    try:
        yield client
    finally:
        await client.aclose()
        await server.stop()
        await services.changes.settle()
        await services.close()


async def test_the_russian_local_page_names_the_bot_in_russian(russian_page: httpx.AsyncClient) -> None:
    reply = await russian_page.post("/api/local/games", json={"mode": "bot", "level": "hard", "size": "20x20"})
    assert reply.status_code == 200, reply.text
    assert reply.json()["players"]["red"]["name"] == "🤖 Бот ★★★"


@pytest.mark.process
def test_local_mode_says_its_start_line_in_the_language_asked_for(tmp_path: Path) -> None:
    port = free_port()
    proc = spawn_local(["--port", str(port), "--lang", "ru"], {"TOCHKI_LOCAL_DB": str(tmp_path / "x.db")})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        proc.terminate()
        proc.communicate(timeout=60)
    assert line.startswith(f"Точки: играйте на http://127.0.0.1:{port}/ "), line
    assert "Ctrl-C" in line
