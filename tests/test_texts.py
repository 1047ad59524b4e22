"""The texts: both languages say the same things with the same placeholders."""

from __future__ import annotations

import string

import pytest

from tochki_bot.texts import COMMANDS, TEXTS, duration, language_for, mention, t


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_every_text_with_the_same_placeholders() -> None:
    assert TEXTS["ru"].keys() == TEXTS["en"].keys()
    for key in TEXTS["en"]:
        assert fields(TEXTS["ru"][key]) == fields(TEXTS["en"][key]), key


def test_every_command_has_a_menu_text() -> None:
    for command in COMMANDS:
        assert t("en", f"cmd_{command}") and t("ru", f"cmd_{command}")


@pytest.mark.parametrize(
    ("seconds", "en", "ru"),
    [
        (30, "1 min", "1 мин"),
        (3600, "1 h", "1 ч"),
        (5 * 3600 + 12 * 60, "5 h 12 min", "5 ч 12 мин"),
        (86400, "24 h", "24 ч"),
        (3 * 86400, "3 d", "3 дн"),
        (2 * 86400 + 3 * 3600, "2 d 3 h", "2 дн 3 ч"),
    ],
)
def test_durations(seconds: int, en: str, ru: str) -> None:
    assert duration("en", seconds) == en and duration("ru", seconds) == ru


def test_languages_and_mentions() -> None:
    assert language_for("ru-RU") == "ru" and language_for("uk") == "en" and language_for("de") == "en"
    assert language_for(None) == "en"
    assert mention(5, "<Bob>") == '<a href="tg://user?id=5">&lt;Bob&gt;</a>'
