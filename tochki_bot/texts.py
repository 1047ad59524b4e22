"""What the bot says: ``t`` and the rest come from the Fluent catalogues in ``tochki_bot.i18n``.

This module keeps what is not a translation: escaping names, mentions and the command menu. Texts are HTML
(Telegram's ``parse_mode="HTML"``), so values that come from users must be escaped with ``html.escape`` by the
caller (``name()`` does it for names).
"""

from __future__ import annotations

import html

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, duration, language_for, t

__all__ = ["COMMANDS", "DEFAULT_LANGUAGE", "LANGUAGES", "Language", "duration", "language_for", "mention", "name", "t"]

COMMANDS = (
    *("new", "m", "move", "board", "resign", "draw", "ground", "cancel", "games", "stats", "top", "me"),
    *("sgf", "png", "replay", "watch", "unwatch", "lang", "help", "rules"),
)
"""The command menu, in order; each command's description is the text ``cmd_<command>``."""


def name(text: str) -> str:
    """A user's name, escaped for HTML."""
    return html.escape(text, quote=False)


def mention(user_id: int, display: str) -> str:
    """A link to a user that notifies them (HTML)."""
    return f'<a href="tg://user?id={int(user_id)}">{name(display)}</a>'
