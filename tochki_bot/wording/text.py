"""The catalogues' texts are HTML (Telegram's ``parse_mode="HTML"``): the same text as plain text, for the places
that show no HTML (a button's answer, the Mini App, a text Telegram could not parse)."""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")


def plain(text: str, limit: int | None = None) -> str:
    """HTML text as plain text (tags dropped, entities read), at most ``limit`` characters (an ellipsis marks a cut).

    >>> plain("<b>Your move</b> &amp; more", 9)
    'Your mov…'
    """
    text = html.unescape(_TAG.sub("", text))
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


__all__ = ["plain"]
