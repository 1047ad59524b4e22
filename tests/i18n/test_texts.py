"""The texts: both Fluent catalogues say the same things with the same variables, every text the code asks for
exists, every text formats without errors, plurals and durations read right."""

from __future__ import annotations

import ast

import pytest
from fluent.syntax import FluentParser
from fluent.syntax.ast import Message, NumberLiteral, VariableReference

from tests.support.catalogues import CATALOGUES, references, samples, selector_kinds
from tests.support.paths import TESTS
from tochki_bot.i18n import LANGUAGES, Language, TextError, duration, language_for, t
from tochki_bot.services import Problem
from tochki_bot.telegram.app import MENU
from tochki_bot.telegram.captions import record_result_text
from tochki_bot.telegram.formatting import mention

SOURCES = TESTS.parent / "tochki_bot"
SLAVIC = {"one", "few", "many", "other"}
NEEDED_CATEGORIES = {"en": {"one", "other"}, "ru": SLAVIC, "pl": SLAVIC, "uk": SLAVIC}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_every_text_with_the_same_variables(lang: Language) -> None:
    en, other = CATALOGUES["en"], CATALOGUES[lang]
    assert sorted(en.keys() - other.keys()) == [] and sorted(other.keys() - en.keys()) == []
    for key in en:
        assert references(en[key]).variables == references(other[key]).variables, key
        assert en[key].value is not None and other[key].value is not None, key


def test_the_consistency_check_sees_variables_in_selectors_variants_and_attributes() -> None:
    source = "m = { $n ->\n    [one] { $a }\n   *[other] x\n}\n    .title = { $b }\n"
    message = FluentParser().parse(source).body[0]
    assert isinstance(message, Message) and references(message).variables == {"n", "a", "b"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_formats_without_errors(lang: Language) -> None:
    """Each variable in turn takes every value that picks a different variant; t() raises on any Fluent error."""
    for key, message in CATALOGUES[lang].items():
        variables = sorted(references(message).variables)
        base = {v: samples(v)[0] for v in variables}
        text = t(lang, key, **base)
        assert text.strip() and "{" not in text and "$" not in text, (key, text)
        for variable in variables:
            for value in samples(variable)[1:]:
                assert t(lang, key, **{**base, variable: value})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_selectors_have_every_form_the_language_needs(lang: Language) -> None:
    numbers, _ = selector_kinds()
    for key, message in CATALOGUES[lang].items():
        for select in references(message).selects:
            assert isinstance(select.selector, VariableReference)
            if select.selector.id.name in numbers:
                keys = {v.key.name for v in select.variants if not isinstance(v.key, NumberLiteral)}
                assert keys >= NEEDED_CATEGORIES[lang], (key, keys)
                assert select.variants[-1].default and select.variants[-1].key.name == "other", key  # type: ignore[union-attr]


def test_a_missing_text_or_value_raises() -> None:
    with pytest.raises(KeyError):
        t("en", "no_such_text")
    with pytest.raises(TextError, match="id"):
        t("ru", "lobby_cancelled")  # the game number is missing
    assert t("de", "lang_set") == t("en", "lang_set")  # type: ignore[arg-type]  # unknown languages fall back


def keys_in_code() -> tuple[set[str], set[str]]:
    """The literal keys the code passes to ``t`` (both branches of ``a if c else b``) or to a request's ``say``,
    and f-string key prefixes."""
    keys: set[str] = set()
    prefixes: set[str] = set()

    def literal(node: ast.expr) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            keys.add(node.value)
        elif isinstance(node, ast.IfExp):
            literal(node.body)
            literal(node.orelse)
        elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            prefixes.add(str(node.values[0].value))

    for path in SOURCES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "t"
                and len(node.args) >= 2
            ):
                # t(lang, key, ...)
                literal(node.args[1])
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "say"
                and node.args
            ):
                # req.say(key, ...): the chat's language, or the person's own
                literal(node.args[0])
    return keys, prefixes


def test_every_key_the_code_uses_exists() -> None:
    keys, prefixes = keys_in_code()
    assert {
        "start",
        "chatter_private",
        "rating_title_chat",
        "rating_title_all",
        "game_over_caption",
    } <= keys  # it finds them
    assert {"cmd_", "start_", "colours_", "dot_", "record_result_"} <= prefixes
    for lang in LANGUAGES:
        assert sorted(keys - CATALOGUES[lang].keys()) == [], lang
        for prefix in prefixes:
            assert any(key.startswith(prefix) for key in CATALOGUES[lang]), (lang, prefix)


def test_every_refusal_the_services_can_give_has_a_text() -> None:
    """Each ``Problem`` (the engine's ``Reason`` values among them) names a text (``Request.text_of``)."""
    codes = {problem.value for problem in Problem}
    codes.discard("duplicate")  # never shown: a repeated update is answered with silence
    for lang in LANGUAGES:
        assert sorted(codes - CATALOGUES[lang].keys()) == [], lang


def test_every_command_has_a_menu_text() -> None:
    for command in MENU:
        assert t("en", f"cmd_{command}") and t("ru", f"cmd_{command}")


@pytest.mark.parametrize(
    ("count", "ru"),
    [
        (0, "0 побед, 0 поражений, 0 ничьих"),
        (1, "1 победа, 1 поражение, 1 ничья"),
        (2, "2 победы, 2 поражения, 2 ничьи"),
        (5, "5 побед, 5 поражений, 5 ничьих"),
        (11, "11 побед, 11 поражений, 11 ничьих"),
        (21, "21 победа, 21 поражение, 21 ничья"),
        (22, "22 победы, 22 поражения, 22 ничьи"),
        (1500, "1500 побед, 1500 поражений, 1500 ничьих"),
    ],
)
def test_russian_plurals(count: int, ru: str) -> None:
    assert t("ru", "stats_private", wins=count, losses=count, draws=count) == f"Ваши результаты: {ru}."


@pytest.mark.parametrize(
    ("count", "moves", "captured", "games"),
    [
        (1, "1 ход", "окружена 1 точка", "1 игра"),
        (2, "2 хода", "окружены 2 точки", "2 игры"),
        (5, "5 ходов", "окружено 5 точек", "5 игр"),
        (11, "11 ходов", "окружено 11 точек", "11 игр"),
        (21, "21 ход", "окружена 21 точка", "21 игра"),
        (22, "22 хода", "окружены 22 точки", "22 игры"),
    ],
)
def test_russian_plurals_of_moves_dots_and_games(count: int, moves: str, captured: str, games: str) -> None:
    assert t("ru", "replay_caption", id=1500, moves=count) == f"Повтор игры №1500: {moves}."
    assert t("ru", "caption_captured", count=count) == captured
    assert t("ru", "rating_line", n=1, name="Анна", rating="<b>1500?</b> ±350", games=count) == (
        f"1. Анна — <b>1500?</b> ±350 · {games}"
    )


def test_english_plurals() -> None:
    assert t("en", "stats_private", wins=1, losses=1, draws=1) == "Your record: 1 win, 1 loss, 1 draw."
    assert t("en", "stats_private", wins=2, losses=0, draws=2) == "Your record: 2 wins, 0 losses, 2 draws."
    assert t("en", "replay_caption", id=1, moves=1) == "Replay of game #1: 1 move."
    assert t("en", "replay_caption", id=1, moves=2) == "Replay of game #1: 2 moves."
    assert t("en", "caption_captured", count=1) == "1 dot captured"
    assert t("en", "caption_captured", count=2) == "2 dots captured"
    me = t(
        "en",
        "me_rating",
        rules="Sports",
        rating="<b>1662?</b> ±290",
        volatility="0.060",
        games=1,
        wins=1,
        losses=0,
        draws=0,
        place=" · #1 of 2",
    )
    assert me == "Sports: <b>1662?</b> ±290 (volatility 0.060) · 1 game (1 win, 0 losses, 0 draws) · #1 of 2"


def test_numbers_are_not_grouped() -> None:
    assert t("en", "lobby_cancelled", id=1500) == "Game #1500 cancelled."
    assert t("ru", "lobby_cancelled", id=1500) == "Игра №1500 отменена."
    assert t("ru", "rating_line", n=1, name="Анна", rating="12345", games=1500) == "1. Анна — 12345 · 1500 игр"


def test_results_read_as_one_sentence() -> None:
    result = t("en", "result_resignation", loser="Boris", winner="Anna")
    assert t("en", "game_over_caption", result=result) == "<b>Game over.</b> Boris resigned; Anna wins."
    result = t("ru", "result_resignation", loser="Борис", winner="Анна")
    assert t("ru", "game_over_caption", result=result) == "<b>Игра окончена.</b> Сдача: Борис — победа: Анна."
    for lang in LANGUAGES:
        for key in ("result_resignation", "result_timeout", "result_grounding", "result_board_full", "result_draw"):
            text = t(lang, key, loser="B", winner="A", declarer="B", outcome=t(lang, "outcome_draw"))
            assert text[0].isupper() and not text.endswith("."), (lang, key, text)


@pytest.mark.parametrize(
    ("stated", "en", "ru"),
    [
        ("B+5", "blue won by 5 points", "победа синих с перевесом в 5 очков"),
        ("W+1", "red won by 1 point", "победа красных с перевесом в 1 очко"),
        ("W+22", "red won by 22 points", "победа красных с перевесом в 22 очка"),
        ("W+2.5", "red won by 2.5 points", "победа красных с перевесом в 2,5 очка"),
        ("W+R", "red won by resignation", "синие сдались, победа красных"),
        ("B+Resign", "blue won by resignation", "красные сдались, победа синих"),
        ("W+T", "red won on time", "победа красных по времени"),
        ("B+F", "blue won by forfeit", "техническая победа синих"),
        ("B+G", "blue won after grounding", "победа синих после заземления"),
        ("W+", "red won", "победа красных"),
        ("0", "a draw", "ничья"),
        ("Draw", "a draw", "ничья"),
        ("", "none", "не указан"),
        ("Void", "Void", "Void"),
        ("B+<x>", "B+&lt;x&gt;", "B+&lt;x&gt;"),
    ],
)
def test_results_stated_in_records(stated: str, en: str, ru: str) -> None:
    assert record_result_text("en", stated) == en and record_result_text("ru", stated) == ru


@pytest.mark.parametrize(
    ("seconds", "en", "ru"),
    [
        (0, "0 s", "0 с"),
        (10, "10 s", "10 с"),
        (59, "59 s", "59 с"),
        (59.6, "1 min", "1 мин"),
        (89, "1 min", "1 мин"),
        (45 * 60, "45 min", "45 мин"),
        (3599.7, "1 h", "1 ч"),
        (3600, "1 h", "1 ч"),
        (2 * 3600 + 35 * 60 - 20, "2 h 35 min", "2 ч 35 мин"),
        (5 * 3600 + 12 * 60, "5 h", "5 ч"),
        (5 * 3600 + 31 * 60, "6 h", "6 ч"),
        (86399.6, "24 h", "24 ч"),
        (86400 - 60, "24 h", "24 ч"),  # a minute after a move with 24 hours: "24 h left", as people say
        (86400, "24 h", "24 ч"),
        (47 * 3600 + 20 * 60, "47 h", "47 ч"),
        (47 * 3600 + 59 * 60, "2 d", "2 дн"),
        (2 * 86400 + 3 * 3600, "2 d 3 h", "2 дн 3 ч"),
        (2 * 86400 + 3 * 3600 + 29 * 60, "2 d 3 h", "2 дн 3 ч"),
        (3 * 86400 - 1, "3 d", "3 дн"),
        (3 * 86400, "3 d", "3 дн"),
        (-5, "0 s", "0 с"),
    ],
)
def test_durations(seconds: float, en: str, ru: str) -> None:
    assert duration("en", seconds) == en and duration("ru", seconds) == ru


def test_languages_and_mentions() -> None:
    assert language_for("ru-RU") == "ru" and language_for("uk") == "uk" and language_for("de") == "en"
    assert language_for(None) == "en"
    assert mention(5, "<Bob>") == '<a href="tg://user?id=5">&lt;Bob&gt;</a>'
