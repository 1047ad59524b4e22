"""Which language a person reads: the one they chose in the bot, else their messenger's."""

from __future__ import annotations

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, language_for
from ..services import Player


def known_language(code: str | None) -> Language | None:
    """``code`` if it is one of the bot's languages, else ``None``.

    >>> known_language("ru"), known_language("xx"), known_language(None)
    ('ru', None, None)
    """
    return next((lang for lang in LANGUAGES if lang == code), None)


def player_language(player: Player | None, fallback: str | None = None) -> Language:
    """A person's language: the one they chose (``/lang``), else the one their messenger reports (``fallback`` when
    the bot has not met them yet), else the default."""
    if player is None:
        return language_for(fallback) if fallback else DEFAULT_LANGUAGE
    return known_language(player.language) or language_for(player.telegram_language or fallback)


__all__ = ["known_language", "player_language"]
