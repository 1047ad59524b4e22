"""What the bot says about games (``tochki_bot/wording``, the catalogues), in Russian: finished events are said
without a tense that would need the player's gender; the bot's name in the reader's language; local mode's start
line in the language asked for."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from tests.support.catalogues import CATALOGUES, references, samples
from tests.support.harness import Bot
from tests.support.program import free_port, spawn_local
from tochki_bot.i18n import catalogue, t
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
    "outcome_win",
    "draw_declined",
    "draw_accepted",
    "resign_done",
    "ground_done",
    "stop_done",
    "end_accepted",
    "end_declined",
    "resign_cancelled_done",
    "game_cancelled_by",
    "game_cancelled_by_alone",
    "caption_stop",
    "caption_your_extra",
    "picture_stop",
    "rematch_declined",
    "rematch_declined_private",
    "takeback_declined",
    "takeback_withdrawn",
    "tournament_left_running",
    "tournament_table_forfeit",
    "tournament_final",
    "tournament_left_mark",
    "tournament_stage_winner",
    "tournament_stage_final",
    "tournament_stage_round",
)
PRESENT = re.compile(
    r"сда[ёе]тся|отказывается|принимает|соглашается|заземляется|объявляет|не успевает|уходит|побеждает|отменяет"
    r"|не разрешает|отзывает|выходит|выбывает|проигрывает",
    re.IGNORECASE,
)
"""Verbs of a finished event in the present tense ("Boris сдаётся")."""
RULES_IN_THE_PRESENT = {"rules", "rules_polish", "rules_territory", "puzzle_how_group", "bot_plays_on"}
"""Texts whose present tense is right: what the rules say ("побеждает тот, у кого больше очков"), and the bot's
standing answer ("Бот не соглашается на ничью")."""
GENDERED_PAST = re.compile(r"\b\w+(?:л|ла|лся|лась)\b")
"""A past tense with a gender: сдался, сдалась, объявил, отменила... (сдались, plural, has none)."""
PAST_OF_THINGS = {"вышло", "окончена", "заполнено", "началась", "начался", "изменилась", "продолжилась", "устарела"}
NOT_VERBS = {"правила", "файл", "канала", "стол", "сначала", "вкл", "выкл"}
PAST_OF_NOBODY_IN_PARTICULAR = {
    "rules": {"сдался"},  # кто-то сдался
    "lobby_expired": {"присоединился"},  # никто не...
    "lobby_expired_group": {"присоединился"},
    "invite_expired": {"открыл"},
    "tournament_expired": {"запустил"},
    "no_rematch_asked": {"предлагал"},
    "no_takeback_offer": {"просил"},
    "rules_territory": {"начинал"},  # тот, кто...
    "no_stop": {"объявил"},
    "extra_dots": {"объявил"},  # «соперник»: the noun's gender
    "hint_text": {"сходил"},  # the bot
    "no_hint_now": {"успел"},
    "review_no_mistakes": {"потерял"},  # ход
    "webapp_review_none": {"потерял"},
    "stale": {"ушла"},  # игра
    "puzzle_none_group": {"видела"},  # группа
    "puzzle_press_again": {"была"},  # попытка
    "review_cancelled": {"была", "начала"},  # игра; до начала
    "tournament_remove_pick": {"начала"},  # после начала
}
"""Gendered past forms said of no player: of nobody, of anyone, of a generic noun, of the bot, of things."""


def sample(key: str) -> str:
    known = {
        "loser": "Boris",
        "winner": "Анна",
        "declarer": "Boris",
        "outcome": t("ru", "outcome_win", winner="Анна"),
        "name": "Анна",
        "other": "Boris",
        "stopper": "Boris",
        "mention": "Анна",
        "blue": "Анна",
        "red": "Boris",
        "id": 17,
        "margin": 15,
        "score_blue": 12,
        "score_red": 9,
        "board": 3,
        "round": 2,
    }
    variables = references(CATALOGUES["ru"][key]).variables
    return t("ru", key, **{v: known[v] if v in known else samples(v)[0] for v in variables})


def ru_messages() -> dict[str, str]:
    """Every message of ru.ftl as written, with all its variants, without the comments."""
    found: dict[str, list[str]] = {}
    key = ""
    for line in catalogue("ru").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if start := re.match(r"([a-z][\w-]*) =", line):
            key = start.group(1)
        found.setdefault(key, []).append(line)
    return {key: "\n".join(lines) for key, lines in found.items()}


@pytest.mark.parametrize("key", FINISHED_EVENTS)
def test_finished_events_in_russian_need_no_gender(key: str) -> None:
    text = sample(key)
    assert not PRESENT.search(text), text
    gendered = [w for w in GENDERED_PAST.findall(text) if w.lower() not in PAST_OF_THINGS | NOT_VERBS]
    assert not gendered, text


def test_no_russian_text_needs_a_players_gender_or_tells_a_finished_event_in_the_present() -> None:
    """Every message, also those added after this test: no present tense of a finished event (but the rules'), and
    a gendered past only where it is said of no player."""
    messages = ru_messages()
    assert messages.keys() == CATALOGUES["ru"].keys()
    present = {k: PRESENT.findall(v) for k, v in messages.items() if k not in RULES_IN_THE_PRESENT}
    assert {k: found for k, found in present.items() if found} == {}
    gendered = {}
    for key, text in messages.items():
        allowed = PAST_OF_THINGS | NOT_VERBS | PAST_OF_NOBODY_IN_PARTICULAR.get(key, set())
        if found := [w for w in GENDERED_PAST.findall(text) if w.lower() not in allowed]:
            gendered[key] = found
    assert gendered == {}


def test_the_russian_results_read_the_chosen_way() -> None:
    assert sample("result_resignation") == "Сдача: Boris — победа: Анна"
    assert sample("result_timeout") == "Время на ход вышло: Boris — победа: Анна"
    assert sample("draw_declined") == "Отказ от ничьей в игре №17: Анна."
    assert sample("rematch_declined") == "Отказ от реванша: Анна."
    assert sample("takeback_withdrawn") == "Просьба вернуть ход в игре №17 отозвана: Анна."
    assert sample("tournament_final") == "🏆 <b>Турнир №17</b> окончен: первое место — <b>Анна</b>!"
    assert [t("ru", k, round=2) for k in FINISHED_EVENTS if k.startswith("tournament_stage_")] == [
        "победа в финале",
        "поражение в финале",
        "вылет в туре 2",
    ]


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
    question = fake.last("sendMessage", GROUP).result["message_id"]
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
