"""Everything the bot says, in Fluent catalogues beside this module: ``en.ftl``, ``pl.ftl``, ``ru.ftl``, ``uk.ftl``.

``t(lang, key, **values)`` formats the message ``key``. Texts are HTML (Telegram's ``parse_mode="HTML"``), so values
that come from users must be escaped by the caller. Integers and floats become Fluent numbers without digit
grouping (game #1500, rating 1500), so that a message can pick its plural form with a selector::

    caption_captured = { $count ->
        [one] { $count } dot captured
       *[other] { $count } dots captured
    }

Plural categories are CLDR's (Fluent asks Babel for the language's rules): English has ``one`` and ``other``;
Russian and Ukrainian ``one`` (1, 21), ``few`` (2-4, 22), ``many`` (0, 5-20, 25) and ``other`` (fractions); Polish
``one`` (1 only), ``few`` (2-4, 22), ``many`` (0, 5-21, 25) and ``other`` (fractions). Fractions are written the
language's way (``1,5`` in Polish). An unknown key raises ``KeyError``; a message that does not format cleanly (a
missing value, an unknown reference) raises ``TextError``.

This package imports nothing else of the project.

>>> t("en", "replay_caption", id=1500, moves=1)
'Replay of game #1500: 1 move.'
>>> t("ru", "replay_caption", id=7, moves=22)
'Повтор игры №7: 22 хода.'
>>> t("pl", "replay_caption", id=7, moves=21), t("uk", "replay_caption", id=7, moves=21)
('Powtórka partii #7: 21 ruchów.', 'Повтор гри №7: 21 хід.')
>>> duration("en", 86399.6), duration("ru", 10)
('24 h', '10 с')
"""

from __future__ import annotations

import math
from decimal import Decimal
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

from fluent.runtime import FluentBundle
from fluent.runtime.types import FluentType, fluent_number
from fluent.syntax import FluentParser
from fluent.syntax.ast import Junk

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "TextError",
    "catalogue",
    "duration",
    "language_for",
    "t",
    "telegram_codes",
]

Language = Literal["ru", "en", "pl", "uk"]
LANGUAGES: tuple[Language, ...] = ("ru", "en", "pl", "uk")
DEFAULT_LANGUAGE: Language = "en"
_SPOKEN: dict[str, Language] = {"ru": "ru", "be": "ru", "kk": "ru", "ky": "ru", "en": "en", "pl": "pl", "uk": "uk"}
"""The bot's language for each language Telegram reports: its own four, and Russian where people read it best."""


class TextError(ValueError):
    """A message did not format cleanly: Fluent reported errors (a missing value, a bad reference)."""


def language_for(code: str | None) -> Language:
    """The bot's language for a Telegram ``language_code`` (``ru-RU``, ``uk``, ``pl``, ``be``...): Polish,
    Ukrainian, Russian (also for Belarusian, Kazakh and Kyrgyz), else English.

    >>> [language_for(code) for code in ("pl", "uk-UA", "ru", "be", "de", None)]
    ['pl', 'uk', 'ru', 'ru', 'en', 'en']
    """
    return _SPOKEN.get((code or "").split("-")[0].split("_")[0].lower(), DEFAULT_LANGUAGE)


def telegram_codes(lang: Language) -> tuple[str, ...]:
    """The Telegram ``language_code`` values whose people get ``lang`` (the inverse of ``language_for``, but for
    the default language, which is also everyone else's).

    >>> telegram_codes("ru"), telegram_codes("pl")
    (('ru', 'be', 'kk', 'ky'), ('pl',))
    """
    return tuple(code for code, spoken in _SPOKEN.items() if spoken == lang)


def catalogue(lang: Language) -> str:
    """The Fluent source of ``lang``'s catalogue, as shipped with the package."""
    return resources.files(__name__).joinpath(f"{lang}.ftl").read_text(encoding="utf-8")


@cache
def _bundle(lang: Language) -> FluentBundle:
    """The bundle of ``lang``, parsed once. A syntax error in a catalogue fails loudly here, not in a chat."""
    resource = FluentParser().parse(catalogue(lang))
    junk = [entry for entry in resource.body if isinstance(entry, Junk)]
    if junk:
        raise TextError(
            f"{lang}.ftl has syntax errors: " + "; ".join((entry.content or "").strip()[:80] for entry in junk)
        )
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(resource)
    return bundle


def _argument(value: object) -> object:
    """A value as Fluent takes it: numbers without grouping (they still choose plural forms), the rest as text."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float | Decimal):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, str | FluentType):
        return value
    return str(value)


def t(lang: Language, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` with ``values`` filled in.

    An unknown language falls back to English. Raises ``KeyError`` for an unknown key and ``TextError`` when Fluent
    reports an error (say, a value the message needs was not given). Texts are cached: a board's caption asks for
    the same few again and again.
    """
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    try:
        # The types are part of the key: 1, 1.0, True and a Fluent number showing "1.0" are equal, not the same text.
        return _cached(lang, key, tuple(sorted((k, type(v), v) for k, v in values.items())))
    except TypeError:  # a value that cannot be a cache key
        return _format(lang, key, values)


@lru_cache(maxsize=8192)
def _cached(lang: Language, key: str, items: tuple[tuple[str, type, object], ...]) -> str:
    return _format(lang, key, {k: v for k, _, v in items})


def _format(lang: Language, key: str, values: dict[str, object]) -> str:
    bundle = _bundle(lang)
    if not bundle.has_message(key):
        raise KeyError(key)
    message = bundle.get_message(key)
    if message.value is None:
        raise KeyError(key)
    text, errors = bundle.format_pattern(message.value, {k: _argument(v) for k, v in values.items()})
    if errors:
        raise TextError(f"{lang} {key}: " + "; ".join(str(error) for error in errors))
    assert isinstance(text, str)
    return text


def _nearest(value: float) -> int:
    """Round half up (``round`` rounds half to even)."""
    return math.floor(value + 0.5)


def duration(lang: Language, seconds: float) -> str:
    """A duration the way people say it, rounded to its largest units.

    Under a minute: seconds (``10 s``). Under an hour: minutes (``45 min``). Under three hours: hours and minutes
    (``2 h 35 min``). Under two days: hours (``5 h``, ``24 h``). Longer: days and hours (``2 d 3 h``, ``3 d``). Each
    step rounds to the nearest unit it shows, so a 24-hour clock read a few minutes after the move still says ``24 h``.
    """
    seconds = max(0.0, float(seconds))
    if _nearest(seconds) < 60:
        return t(lang, "duration_seconds", s=_nearest(seconds))
    minutes = _nearest(seconds / 60)
    if minutes < 60:
        return t(lang, "duration_minutes", m=minutes)
    if minutes < 3 * 60:
        hours, minutes = divmod(minutes, 60)
        if minutes:
            return t(lang, "duration_hours_minutes", h=hours, m=minutes)
        return t(lang, "duration_hours", h=hours)
    if _nearest(seconds / 3600) < 48:
        return t(lang, "duration_hours", h=_nearest(seconds / 3600))
    days, hours = divmod(_nearest(seconds / 3600), 24)
    return t(lang, "duration_days_hours", d=days, h=hours) if hours else t(lang, "duration_days", d=days)
