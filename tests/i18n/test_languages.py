"""Polish and Ukrainian beside Russian and English, and every person in their own language.

The texts: Telegram's language codes, the Slavic plural forms (1, 2, 5, 12, 21, 22, 25, 101, 102, 111, 112, 1.5),
no English left in the new catalogues, no text that needs a player's gender. The pictures: names and captions in
Polish and Ukrainian letters are drawn, not dropped. The bot end to end (the real Application against the fake Bot
API): a group with a Polish and a Ukrainian player shows the group's language on its boards and each player's own in
their button answers and private notifications; a group's language is its admins' choice, else its players' most
common one; only an admin or the creator of the group's first game may choose it. The Mini App and local mode speak
all four.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from html import unescape
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import empty_view
from render.board import render_image
from render.fonts import digits_font, drawable, font
from tests.support.catalogues import CATALOGUES, references, samples
from tests.support.fakebot import FakeTelegram
from tests.support.harness import Bot
from tests.support.paths import ROOT, Where
from tests.support.webapp import auth, open_site
from tochki_bot.cli.local import LOCAL_LANGUAGES
from tochki_bot.i18n import LANGUAGES, Language, catalogue, duration, language_for, t
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram.app import MENU
from tochki_bot.webapp import WebAppServer
from tochki_bot.webapp.local import LocalAuthenticator

GROUP = -2001
PAWEL, OKSANA, MYKOLA, ADMIN, STRANGER = 51, 52, 53, 54, 55
POLISH = "ąęłńóśźżĄĘŁŃÓŚŹŻćĆ"
UKRAINIAN = "ґєіїҐЄІЇ’"


def people(fake: FakeTelegram) -> dict[str, dict[str, Any]]:
    return {
        "pawel": fake.user(PAWEL, "Paweł", "pl"),
        "oksana": fake.user(OKSANA, "Оксана", "uk"),
        "mykola": fake.user(MYKOLA, "Микола", "uk-UA"),
        "admin": fake.user(ADMIN, "Anna", "ru"),
        "stranger": fake.user(STRANGER, "Stranger", "de"),
    }


@pytest.fixture
async def bot(where: Where) -> AsyncIterator[Bot]:
    started = await Bot(where("bot.db")).start()
    yield started
    await started.stop()


# ------------------------------------------------------------------------------------------------------------------
# Texts


def test_telegram_language_codes_pick_the_language() -> None:
    cases = {
        "pl": "pl",
        "pl-PL": "pl",
        "uk": "uk",
        "uk-UA": "uk",
        "ru": "ru",
        "ru-RU": "ru",
        "be": "ru",
        "kk": "ru",
        "ky": "ru",
        "en": "en",
        "en-GB": "en",
        "de": "en",
        "cs": "en",
        "": "en",
        None: "en",
    }
    assert {code: language_for(code) for code in cases} == cases
    assert set(LANGUAGES) == {"en", "pl", "ru", "uk"} == set(LOCAL_LANGUAGES)


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        (
            "pl",
            {
                1: "1 ruch",
                2: "2 ruchy",
                5: "5 ruchów",
                12: "12 ruchów",
                21: "21 ruchów",
                22: "22 ruchy",
                25: "25 ruchów",
                101: "101 ruchów",
                102: "102 ruchy",
                111: "111 ruchów",
                112: "112 ruchów",
                1.5: "1,5 ruchu",
            },
        ),
        (
            "uk",
            {
                1: "1 хід",
                2: "2 ходи",
                5: "5 ходів",
                12: "12 ходів",
                21: "21 хід",
                22: "22 ходи",
                25: "25 ходів",
                101: "101 хід",
                102: "102 ходи",
                111: "111 ходів",
                112: "112 ходів",
                1.5: "1,5 ходу",
            },
        ),
        (
            "ru",
            {
                1: "1 ход",
                2: "2 хода",
                5: "5 ходов",
                12: "12 ходов",
                21: "21 ход",
                22: "22 хода",
                25: "25 ходов",
                101: "101 ход",
                102: "102 хода",
                111: "111 ходов",
                112: "112 ходов",
                1.5: "1,5 хода",
            },
        ),
    ],
)
def test_plural_forms_are_the_cldr_ones(lang: Language, forms: dict[float, str]) -> None:
    for count, form in forms.items():
        assert t(lang, "replay_caption", id=3, moves=count).endswith(f": {form}."), count


def test_polish_and_ukrainian_plurals_in_captions_buttons_and_durations() -> None:
    captured = {n: t("pl", "caption_captured", count=n) for n in (1, 2, 5, 12, 22, 25)}
    assert captured == {
        1: "okrążono 1 kropkę",
        2: "okrążono 2 kropki",
        5: "okrążono 5 kropek",
        12: "okrążono 12 kropek",
        22: "okrążono 22 kropki",
        25: "okrążono 25 kropek",
    }
    assert [t("uk", "caption_captured", count=n) for n in (1, 2, 5, 12, 21, 22, 25)] == [
        "оточено 1 точку",
        "оточено 2 точки",
        "оточено 5 точок",
        "оточено 12 точок",
        "оточено 21 точку",
        "оточено 22 точки",
        "оточено 25 точок",
    ]
    assert t("pl", "btn_pool", point="5-5", dots=1, size=4) == "⭕ 5-5: 1 kropka · pole 4"
    assert t("uk", "btn_pool", point="5-5", dots=12, size=30) == "⭕ 5-5: 12 точок · площа 30"
    assert t("pl", "stats_private", wins=1, losses=22, draws=5) == "Twój bilans: 1 wygrana, 22 przegrane, 5 remisów."
    assert t("uk", "stats_private", wins=21, losses=2, draws=0) == "Ваші результати: 21 перемога, 2 поразки, 0 нічиїх."
    assert [duration("pl", days * 86400) for days in (2, 5, 22)] == ["2 dni", "5 dni", "22 dni"]
    assert [duration("uk", days * 86400) for days in (2, 5, 21)] == ["2 дні", "5 днів", "21 день"]
    assert duration("uk", 2 * 86400 + 5 * 3600) == "2 дні 5 год" and duration("pl", 9000) == "2 h 30 min"


# What may stay as it is in Polish and Ukrainian: names (of sites, programs, formats, the bot's own name), commands
# and what a person types (/lang uk, /new ai hard, on/off), coordinates, symbols.
KEPT_WORDS = {
    "zagram",
    "org",
    "playdots",
    "katagodots",
    "szkrab",
    "net",
    "pl",
    "sgf",
    "png",
    "gm",
    "ru",
    "re",
    "sz",
    "mb",
    "elo",
    "bot",
    "stop",
    "start",
    "x",
    "y",
    "m",
    "d",
    "h",
    "s",
    "on",
    "off",
    "all",
    "auto",
    "ai",
    "easy",
    "normal",
    "hard",
    "polish",
    "territory",
    "mini",
    "app",
    "telegram",
    "telegrama",
    "en",
    "uk",
    "min",
    # Tournaments and ratings: the systems' names (Glicko-2, Buchholz, Sonneborn-Berger), their usual
    # abbreviations, a round's column (R1), an unplayed game's mark (f), the time zone.
    "glicko",
    "buchholz",
    "sonneborn",
    "berger",
    "sb",
    "bh",
    "mbh",
    "r",
    "f",
    "½",
    "utc",
    # Keys on the keyboard, in local mode's start line ("Ctrl-C").
    "ctrl",
    "c",
}
"""Latin words that are not English prose: the test below finds English left in a catalogue by anything else."""


def readable(lang: Language, key: str) -> str:
    """A text as a person reads it, without markup, commands, code, sites and the values filled in."""
    message = CATALOGUES[lang][key]
    names = ("name", "mention", "creator", "link", "bot", "opponent", "stopper", "loser", "winner", "declarer")
    values = {}
    for variable in references(message).variables:
        sample = samples(variable)[0]
        values[variable] = "" if variable in names or (isinstance(sample, str) and "Bob" in sample) else sample
    text = t(lang, key, **values)
    text = re.sub(r"<code>.*?</code>|<[^>]+>", " ", text)
    return re.sub(r"/\w+|@\w+|\b[\w.]+\.(?:org|pl)\b|\[[^\]]*\]|\d+", " ", unescape(text))


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", text.replace("’", "'")))


ENGLISH_WORDS = {w.lower() for key in CATALOGUES["en"] for w in words(readable("en", key))} - (
    KEPT_WORDS
    | {"a", "i", "o", "w", "z", "na", "do", "to", "go", "no", "nie", "tak", "terytorium", "точки"}
    | {"link", "problem", "limit", "lobby", "same"}  # Polish words too
)
"""Every English word the English catalogue uses (that is not a name, a command or a Polish word too)."""


@pytest.mark.parametrize("lang", ["pl", "uk"])
def test_no_english_is_left_but_names_and_coordinates(lang: Language) -> None:
    leftover = {}
    for key in CATALOGUES[lang]:
        found = words(readable(lang, key))
        if lang == "pl":
            english = {w for w in found if w.lower() in ENGLISH_WORDS}
        else:  # Ukrainian is written in Cyrillic: any other Latin word is left over
            english = {w for w in found if re.search("[A-Za-z]", w) and w.lower() not in KEPT_WORDS}
        if english:
            leftover[key] = sorted(english)
    assert leftover == {}


@pytest.mark.parametrize("lang", ["pl", "uk"])
def test_every_text_is_translated(lang: Language) -> None:
    """No text is the English one unless it holds nothing to translate (symbols, numbers, names)."""
    same = sorted(k for k in CATALOGUES["en"] if readable(lang, k) == readable("en", k))
    assert [k for k in same if {w.lower() for w in words(readable(lang, k))} - KEPT_WORDS] == [], same


def test_how_to_add_a_language_names_files_and_names_that_exist() -> None:
    """docs/languages.md: every file it names exists, and each name it sends a translator to is in its file."""
    page = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    paths = set(re.findall(r"`([\w.-]+(?:/[\w.-]+)+/?)`", page))
    assert "tochki_bot/cli/local.py" in paths and [p for p in sorted(paths) if not (ROOT / p).exists()] == []
    for name, path in (
        ("_SPOKEN", "tochki_bot/i18n/__init__.py"),
        ("LOCAL_LANGUAGES", "tochki_bot/cli/local.py"),
        ("NEEDED_CATEGORIES", "tests/i18n/test_texts.py"),
        ("LANGUAGE_WORDS", "tochki_bot/telegram/general.py"),
        ("RULE_WORDS", "tochki_bot/telegram/general.py"),
    ):
        assert f"`{name}`" in page and re.search(rf"^{name}\b", (ROOT / path).read_text(), re.MULTILINE), name


def test_the_game_is_called_as_its_players_call_it() -> None:
    assert "kropki" in t("pl", "rules").lower() and "uziemienie" in t("pl", "rules").lower()
    assert "stopa" in t("pl", "rules_polish") and "państwo" in t("pl", "rules_territory")
    assert "Точки" in t("uk", "rules") and "Заземлення" in t("uk", "rules")
    assert t("pl", "btn_stop") == "STOP" and t("uk", "btn_stop") == "СТОП"
    assert [t(lang, "rules_name_polish") for lang in ("pl", "uk")] == ["Polskie", "Польські"]
    assert [t(lang, "rules_name_territory") for lang in ("pl", "uk")] == ["Na terytorium", "На територію"]


def values_of(lang: Language) -> str:
    """Every message of ``lang``'s catalogue as written (all its variants), without the comments."""
    return "\n".join(line for line in catalogue(lang).splitlines() if not line.lstrip().startswith("#"))


PAST = {
    "pl": re.compile(r"\b\w+ł(?:a|em|eś|am|aś|by|bym|byś|aby|abym|abyś)?\b"),
    "uk": re.compile(r"\b\w+(?:ав|ив|ув|їв|ла|вся|лася)\b"),
}
"""A past tense (it has a gender in the singular), and in Ukrainian some words that look like one."""
PAST_NOT_OF_A_PERSON = {
    # Polish: things (czas, partia, ruch, turniej...), the bot, "nikt", people in general ("ten, kto"), not verbs.
    "pl": {"była", "działa", "minął", "poszła", "skończyła", "toczyła", "stół", "wokół"}
    | {"wygasła", "widziała", "zaczęła", "zmieniła", "została", "został", "zaczął", "stracił", "zagrałby", "zdążył"}
    | {"dołączył", "otworzył", "proponował", "prosił", "uruchomił", "zdecydował", "stawił", "musiałby"},
    # Ukrainian: things, the bot, "ніхто", people in general ("той, хто", "суперник", "автор"), not verbs.
    "uk": {"бачила", "була", "застаріла", "закінчилася", "змінилася", "пішла", "почалася", "продовжилася", "правила"}
    | {"втратив", "відрив", "мав", "минув", "зіграв", "відкрив", "запустив"}
    | {"дозволив", "приєднався", "пропонував", "просив", "скасував", "почався", "явився"},
}


@pytest.mark.parametrize("lang", ["pl", "uk"])
def test_no_text_needs_the_gender_of_a_player_or_the_reader(lang: Language) -> None:
    """The bot does not know it: a past tense is said only of things, the bot, nobody or people in general, and a
    tournament's table says what happened to a player with a noun or the present tense."""
    found = {w for w in PAST[lang].findall(values_of(lang)) if w.lower() not in PAST_NOT_OF_A_PERSON[lang]}
    assert found == set()
    standings = ("tournament_stage_winner", "tournament_stage_final", "tournament_stage_round", "tournament_left_mark")
    assert [t(lang, key, round=2) for key in standings] == {
        "pl": ["wygrana w finale", "przegrana w finale", "odpada w rundzie 2", "(poza turniejem)"],
        "uk": ["перемога у фіналі", "поразка у фіналі", "вибуває в турі 2", "(поза турніром)"],
    }[lang]


def test_ukrainian_writes_one_apostrophe_and_one_word_for_the_board() -> None:
    """The apostrophe is ’ (з’явиться, розв’язано), the board is «поле» (as in docs/languages.md), and a point one
    presses is a «пункт», not a «точка» (a dot)."""
    text = values_of("uk")
    assert re.findall(r"\w+'\w+", text) == []
    assert re.findall(r"\w*дошк\w*", text, re.IGNORECASE) == []
    assert "натисніть пункт у рамці" in t("uk", "puzzle_how_group")
    assert t("uk", "board_above", id=3, link="none") == "Поле гри №3 — останнє вище ↑"


@pytest.mark.parametrize("lang", ["pl", "uk"])
def test_a_game_is_named_so_that_replies_find_it(lang: Language) -> None:
    """The bot finds the game a message is about by ``#12`` or ``№12`` in it (request._NUMBERED, _looks_like)."""
    for key in ("caption_head", "picture_game", "resign_confirm", "draw_offered", "hint_text", "lobby"):
        message = CATALOGUES[lang][key]
        values = {v: samples(v)[0] for v in references(message).variables} | {"id": 12}
        assert re.search(r"(?:#|№)12(?![0-9])", t(lang, key, **values)), key
    assert re.match(r"^(?:<b>)?(?:#|№)12\b", t(lang, "caption_head", id=12, blue="", red="", score_blue=0, score_red=0))


# ------------------------------------------------------------------------------------------------------------------
# Pictures


@pytest.mark.parametrize("bold", [False, True])
def test_the_fonts_have_every_polish_and_ukrainian_letter(bold: bool) -> None:
    """The names and the caption are drawn in DejaVu Sans (regular and bold); a letter it lacked would be drawn as
    its missing-glyph box, or dropped by ``drawable``."""
    face = font(32, bold)
    missing = bytes(face.getmask("\U0010fffd"))
    for letter in POLISH + UKRAINIAN:
        mask = face.getmask(letter)
        assert mask.getbbox() is not None and bytes(mask) != missing, letter
    assert drawable(f"Paweł Żółć {POLISH} Оксана Ґудзь {UKRAINIAN}") == f"Paweł Żółć {POLISH} Оксана Ґудзь {UKRAINIAN}"
    # The coordinates' narrow face is cut down to ASCII: it draws digits only, never a name.
    digits = digits_font(32)
    assert all(bytes(digits.getmask(letter)) == bytes(digits.getmask("\U0010fffd")) for letter in "ąłґї")


def header_of(blue: str, red: str, caption: str) -> Image.Image:
    image = render_image(empty_view(20, 20, blue_name=blue, red_name=red, caption=caption, score=(3, 4)))
    return image.convert("RGB").crop((0, 0, image.width, image.height // 8))


def test_names_and_captions_in_polish_and_ukrainian_letters_are_drawn() -> None:
    """A caption with ąęłńóśźż and ґєії: every letter leaves ink of its own (its diacritic differs from the bare
    letter), and nothing is dropped."""
    drawn = header_of("Łucja Ślęzak", "Ґанна Їжак", "Ruch 3: 10-9 · ąęłńóśźż · ґєії")
    bare = header_of("Lucja Slezak", "Ганна Іжак", "Ruch 3: 10-9 · aelnoszz · геіі")
    dropped = header_of("ucja lzak", "анна жак", "Ruch 3: 10-9 ·  · ")
    assert ImageChops.difference(drawn, bare).getbbox() is not None
    assert ImageChops.difference(drawn, dropped).getbbox() is not None
    # Letter by letter: each one leaves ink (against the caption without it), and the Polish ones differ from their
    # bare letters.
    without = header_of("A", "B", "xx")
    for letter in "ąęłńóśźżґєії":
        assert ImageChops.difference(header_of("A", "B", f"x{letter}x"), without).getbbox() is not None, letter
    for letter, base in zip("ąęłńóśźż", "aelnoszz", strict=True):
        one, other = header_of("A", "B", f"x{letter}x"), header_of("A", "B", f"x{base}x")
        assert ImageChops.difference(one, other).getbbox() is not None, letter


# ------------------------------------------------------------------------------------------------------------------
# The bot: whose language


def answers_since(fake: FakeTelegram, since: int) -> list[str]:
    return [str(c.params.get("text") or "") for c in fake.sent("answerCallbackQuery")[since:]]


async def group_game(bot: Bot, creator: dict[str, Any], joiner: dict[str, Any], *, join: str, blue: str) -> int:
    """``creator`` opens a 20x20 empty game in the group (playing blue), ``joiner`` joins; the lobby message id.
    ``join`` and ``blue`` are the lobby's button labels in the group's language."""
    fake = bot.fake
    await bot.say(GROUP, creator, "/new 20x20 empty")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, creator, bot.button(GROUP, lobby, blue))
    await bot.press(GROUP, lobby, joiner, bot.button(GROUP, lobby, join))
    return int(lobby)


async def press_point(bot: Bot, who: dict[str, Any], game: int, ply: int, x: int, y: int) -> None:
    board = bot.fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, board, who, cb.Play(game, ply, x, y).encode())


async def test_a_group_game_of_a_pole_and_a_ukrainian_in_the_groups_language(bot: Bot) -> None:
    """The group's admin chose English: boards, captions and the lobby are English; each player's button answers
    (joining, a refusal, what is on a point) and private reminders are in their own language."""
    fake = bot.fake
    who = people(fake)
    pawel, oksana = who["pawel"], who["oksana"]
    await bot.say(PAWEL, pawel, "/start")  # both can be written to in private
    await bot.say(OKSANA, oksana, "/start")
    assert "Cześć!" in fake.texts(PAWEL)[-1] and "Привіт!" in fake.texts(OKSANA)[-1]
    fake.admins[GROUP] = {ADMIN}
    await bot.say(GROUP, who["admin"], "/lang en")
    assert fake.texts(GROUP)[-1] == "Language: English."

    before = len(fake.sent("answerCallbackQuery"))
    lobby = await group_game(bot, pawel, oksana, join="Join", blue="I play 🔵")
    assert "Game #1 started: 🔵 Paweł" in fake.messages[(GROUP, lobby)]["text"]
    assert answers_since(fake, before)[-1] == "Ви в грі №1."  # Oksana's press, in Ukrainian
    board = fake.last("sendPhoto", GROUP)
    assert "your move" in board.params["caption"] and "Buttons: x" in board.params["caption"]

    await press_point(bot, pawel, 1, 0, 5, 5)
    assert "Move 1: 5-5" in fake.last("sendPhoto", GROUP).params["caption"]
    before = len(fake.sent("answerCallbackQuery"))
    await press_point(bot, oksana, 1, 1, 5, 5)  # taken
    await press_point(bot, pawel, 1, 1, 6, 6)  # not his move
    board_id = fake.last("sendPhoto", GROUP).result["message_id"]
    await bot.press(GROUP, board_id, oksana, cb.Info(1, 1, 5, 5).encode())
    await bot.press(GROUP, board_id, pawel, cb.Info(1, 1, 5, 5).encode())
    assert answers_since(fake, before) == [
        "Пункт 5-5 уже зайнятий.",
        "To nie twój ruch: teraz gra Оксана.",
        "5-5: синя точка",
        "5-5: niebieska kropka",
    ]
    assert "Оксана, your move" in unescape(re.sub(r"<[^>]+>", "", fake.last("sendPhoto", GROUP).params["caption"]))

    # Private notifications: each reminder in its reader's language; the group's name as the group has it.
    bot.clock.advance(12 * 3600 + 1)
    assert await bot.tick() == ["remind_half"]
    assert re.search(r"ваш хід у грі №1 \(Group -2001\): залишилося 12 год\.$", fake.texts(OKSANA)[-1])
    await press_point(bot, oksana, 1, 1, 6, 6)
    bot.clock.advance(12 * 3600 + 1)
    assert await bot.tick() == ["remind_half"]
    assert re.search(r"twój ruch w partii #1 \(Group -2001\): zostało 12 h\.$", fake.texts(PAWEL)[-1])

    # The end is the group's too.
    await bot.say(GROUP, pawel, "/resign")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, pawel, bot.button(GROUP, confirm, "Yes, resign"))
    caption = fake.last("sendPhoto", GROUP).params["caption"]
    assert "Game over." in caption and "Paweł resigned; Оксана wins" in caption
    assert not bot.errors


async def test_the_groups_language_is_the_one_most_of_its_players_use(bot: Bot) -> None:
    """No admin chose one: a Pole opens the group's first game and a Ukrainian joins (a tie: the language of the
    newest game's creator, Polish); after a game of two Ukrainians, Ukrainian. ``/lang auto`` comes back to it."""
    fake = bot.fake
    who = people(fake)
    pawel, oksana, mykola = who["pawel"], who["oksana"], who["mykola"]
    await bot.say(GROUP, pawel, "/help")  # nobody has played here yet: everyone is answered in their own language
    await bot.say(GROUP, oksana, "/help")
    assert "Jak tu grać" in fake.texts(GROUP)[-2] and "Як грати" in fake.texts(GROUP)[-1]

    lobby = await group_game(bot, pawel, oksana, join="Dołącz", blue="Gram 🔵")
    assert "Partia #1 rozpoczęta: 🔵 Paweł" in fake.messages[(GROUP, lobby)]["text"]
    assert "Paweł</a>, twój ruch" in fake.last("sendPhoto", GROUP).params["caption"]
    await bot.say(GROUP, oksana, "/m 5-5")
    assert "To nie twój ruch" in fake.texts(GROUP)[-1]  # a refusal in the group is the group's
    await bot.say(GROUP, pawel, "/resign")
    confirm = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, confirm, pawel, bot.button(GROUP, confirm, "Tak, anuluj partię"))
    assert "Paweł poddaje się przed pierwszym ruchem" in fake.last("sendPhoto", GROUP).params["caption"]

    await group_game(bot, mykola, oksana, join="Dołącz", blue="Gram 🔵")  # the lobby was still Polish
    caption = fake.last("sendPhoto", GROUP).params["caption"]
    assert "Микола</a>, ваш хід" in caption and "Кнопки: x" in caption  # two Ukrainians and a Pole: Ukrainian
    await bot.say(GROUP, mykola, "/m 5-5")
    assert "Хід 1: 5-5" in fake.last("sendPhoto", GROUP).params["caption"]

    # The creator of the group's first game may choose its language (not an admin here); and go back.
    await bot.say(GROUP, pawel, "/lang pl")
    assert fake.texts(GROUP)[-1] == "Język: polski."
    await bot.say(GROUP, oksana, "/m 6-6")
    assert "Ruch 2: 6-6" in fake.last("sendPhoto", GROUP).params["caption"]
    await bot.say(GROUP, pawel, "/lang auto")
    assert fake.texts(GROUP)[-1] == "Тепер ця група говорить мовою більшості своїх гравців. Мова: українська."
    await bot.say(GROUP, mykola, "/m 7-7")
    assert "Хід 3: 7-7" in fake.last("sendPhoto", GROUP).params["caption"]
    assert not bot.errors


async def test_only_admins_and_the_first_games_creator_choose_a_groups_language(bot: Bot) -> None:
    """Issue 20 §3: ``/lang`` in a group was changed by any of its players. Now: its admins, and the creator of its
    first game; when Telegram cannot say who the admins are, that creator only."""
    fake = bot.fake
    who = people(fake)
    pawel, oksana, admin = who["pawel"], who["oksana"], who["admin"]
    fake.admins[GROUP] = {ADMIN}
    await group_game(bot, pawel, oksana, join="Dołącz", blue="Gram 🔵")
    await bot.say(GROUP, oksana, "/lang uk")  # a player, not an admin, not the creator
    assert fake.texts(GROUP)[-1].startswith("Język grupy mogą zmieniać tylko jej administratorzy")
    await bot.say(GROUP, who["stranger"], "/lang en")
    assert fake.texts(GROUP)[-1].startswith("Język grupy mogą zmieniać tylko jej administratorzy")
    fake.fail("getChatMember", 400, "Bad Request: member list is inaccessible", times=5)
    await bot.say(GROUP, oksana, "/lang uk")  # Telegram cannot say: a player is not enough
    assert fake.texts(GROUP)[-1].startswith("Język grupy mogą zmieniać tylko jej administratorzy")
    await bot.say(GROUP, admin, "/lang ru")  # nor can an admin be told apart then
    assert fake.texts(GROUP)[-1].startswith("Język grupy mogą zmieniać tylko jej administratorzy")
    await bot.say(GROUP, pawel, "/lang uk")  # the first game's creator can
    assert fake.texts(GROUP)[-1] == "Мова: українська."
    fake.failures.clear()
    await bot.say(GROUP, admin, "/lang en")
    assert fake.texts(GROUP)[-1] == "Language: English."
    chat = await bot.db.chats.get(GROUP)
    assert chat is not None and chat.language == "en"
    assert not bot.errors


async def test_a_hint_in_a_group_is_in_its_readers_language(bot: Bot) -> None:
    """A game against the bot, watched by an English group: the Polish player's hint is in Polish."""
    fake = bot.fake
    who = people(fake)
    fake.admins[GROUP] = {ADMIN}
    await bot.say(GROUP, who["admin"], "/lang en")
    await bot.say(GROUP, who["pawel"], "/new ai easy 20x20 empty blue")
    assert "your move" in fake.last("sendPhoto", GROUP).params["caption"]
    await bot.say(GROUP, who["pawel"], "/hint")
    assert re.match(r"💡 Partia #1: bot zagrałby <b>\d+-\d+</b>\.$", fake.texts(GROUP)[-1])
    assert not bot.errors


async def test_the_commands_menu_in_all_four_languages(bot: Bot) -> None:
    """Registered for each Telegram language the bot speaks: Belarusian, Kazakh and Kyrgyz users, who read Russian
    texts, get the Russian menu; English is the menu of every other language."""
    sent = bot.fake.sent("setMyCommands")
    menus = {m.params.get("language_code"): m.params["commands"] for m in sent}
    assert len(sent) == len(menus) == 7
    spoken = {None: "en", "ru": "ru", "be": "ru", "kk": "ru", "ky": "ru", "pl": "pl", "uk": "uk"}
    assert set(menus) == set(spoken)
    for code, lang in spoken.items():
        commands = json.loads(menus[code]) if isinstance(menus[code], str) else menus[code]
        assert [c["command"] for c in commands] == list(MENU)
        assert [c["description"] for c in commands] == [t(lang, f"cmd_{c}") for c in MENU]  # type: ignore[arg-type]
        assert code is None or language_for(code) == lang
    assert len({str(commands) for commands in menus.values()}) == 4  # four different menus


# ------------------------------------------------------------------------------------------------------------------
# The Mini App and local mode


async def test_the_mini_app_follows_telegrams_language_code(where: Where) -> None:
    """A person the bot has not met yet gets the page in initData's language; one who chose a language in the bot
    gets that one."""
    site = await open_site(where)
    try:
        cases = (("pl", "pl", "Stawiam {point}"), ("uk-UA", "uk", "Поставити {point}"), ("be", "ru", "Сходить {point}"))
        for n, (code, lang, play) in enumerate(cases):
            user = json.dumps({"id": 70 + n, "first_name": "X", "language_code": code})
            session = (await site.client.get("/api/session", headers=auth(70 + n, extra={"user": user}))).json()
            assert (session["lang"], session["texts"]["play"]) == (lang, play)
            assert session["texts"]["games"] == t(lang, "webapp_games")  # type: ignore[arg-type]
        await site.bot.say(PAWEL, people(site.bot.fake)["pawel"], "/start")
        user = json.dumps({"id": PAWEL, "first_name": "Paweł", "language_code": "pl"})
        session = (await site.client.get("/api/session", headers=auth(PAWEL, extra={"user": user}))).json()
        assert session["lang"] == "pl" and session["texts"]["games"] == "Twoje partie"
        await site.bot.say(PAWEL, people(site.bot.fake)["pawel"], "/lang uk")  # chosen in the bot: it wins
        session = (await site.client.get("/api/session", headers=auth(PAWEL, extra={"user": user}))).json()
        assert session["lang"] == "uk" and session["texts"]["games"] == "Ваші ігри"
    finally:
        await site.client.aclose()
        await site.bot.stop()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pl", ("Dwie osoby", "cztery krzyże", "Poddać partię #{id}?")),
        ("uk", ("Удвох", "чотири хрести", "Здатися в грі №{id}?")),
    ],
)
async def test_local_mode_in_polish_and_ukrainian(tmp_path: Any, language: str, expected: tuple[str, str, str]) -> None:
    from tochki_bot.services import Services

    services = await Services.open(tmp_path / "local.db", ai_workers=0)
    server = WebAppServer(local=True, port=0, language=language)
    await server.start(services)
    try:
        import httpx

        async with httpx.AsyncClient(base_url=server.base_url, timeout=10.0) as client:
            session = (await client.get("/api/session")).json()
        texts = session["texts"]
        assert session["lang"] == language
        labels = {(o["key"], c["value"]): c["label"] for o in session["local"]["options"] for c in o["choices"]}
        shown = (labels[("mode", "hotseat")], labels[("start", "four-crosses")], texts["resign_confirm"])
        assert shown == expected
        assert session["user"]["name"] == t(language, "local_you")  # type: ignore[arg-type]
    finally:
        await server.stop()
        await services.close()
    assert LocalAuthenticator("pl_PL").language == "pl" and LocalAuthenticator("uk").language == "uk"
