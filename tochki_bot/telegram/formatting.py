"""Telegram HTML: escaping what people typed, mentions that notify, and plain text for button answers."""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")
ANSWER_LIMIT = 200
"""Telegram shows at most 200 characters in a button's answer."""
CAPTION_LIMIT = 1024
MESSAGE_LIMIT = 4096
NAME_LIMIT = 64
"""Names are cut to this many characters in texts (Telegram allows 64 for a first name; records may hold more)."""


def name(text: str, limit: int = NAME_LIMIT) -> str:
    """A person's (or chat's, or file's) name, cut to ``limit`` characters and escaped for HTML."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return html.escape(text, quote=False)


def mention(user_id: int, display: str) -> str:
    """A link to a user that notifies them (HTML)."""
    return f'<a href="tg://user?id={int(user_id)}">{name(display)}</a>'


def plain(text: str, limit: int = ANSWER_LIMIT) -> str:
    """HTML text as plain text (for a button's answer, or a text Telegram could not parse), at most ``limit``
    characters."""
    text = html.unescape(_TAG.sub("", text))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def cut(text: str, limit: int) -> str:
    """A text for Telegram cut to ``limit`` characters at a line break (captions 1,024, messages 4,096)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    return (head[: head.rfind("\n")] if "\n" in head else head) + "…"
