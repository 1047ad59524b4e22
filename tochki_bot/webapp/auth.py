"""Who is calling the Mini App's API: Telegram's signed ``initData``, checked the way Telegram specifies.

Telegram opens the Mini App with ``Telegram.WebApp.initData``, a query string (``query_id``, ``user``, ``auth_date``,
``chat_instance``, ``start_param``, ``signature``, ``hash``...). The page sends it with every call as
``Authorization: tma <initData>``. It is genuine when ``hash`` is the hex HMAC-SHA256 of the *data-check-string*
(every other field as ``key=value``, URL-decoded, sorted by key, joined by ``\\n``) under the secret key
``HMAC_SHA256(key="WebAppData", msg=bot_token)``; the comparison is constant-time. Data older than a day
(``auth_date``) is refused, and so is data that repeats a field, has no user, or is dated in the future.

The user id the API acts for comes from the verified ``user`` field only. Authentication is one pluggable step
(``Authenticator``): a later local mode on 127.0.0.1 can put its own in place of ``InitDataAuthenticator``.

>>> token = "123:ABC"
>>> data = sign_init_data(token, {"user": '{"id": 7, "first_name": "Anna"}', "auth_date": "1800000000"})
>>> InitDataAuthenticator(token, clock=lambda: 1800000100.0).authenticate("tma " + data).id
7
>>> InitDataAuthenticator("123:OTHER", clock=lambda: 1800000100.0).authenticate("tma " + data) is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import parse_qsl, urlencode

MAX_AGE = 86400.0
"""``initData`` older than this many seconds is refused."""
FUTURE_SLACK = 300.0
"""``auth_date`` may be this far ahead of our clock (clocks differ a little), no further."""
MAX_INIT_DATA = 8192
"""Longer ``initData`` is refused before any work is done on it (Telegram's is well under 2 KB)."""
SCHEME = "tma"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who makes a request, as verified: their Telegram id and what the signed data says of them."""

    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None
    start_param: str | None = None
    """What the direct link ``t.me/<bot>/<app>?startapp=...`` carried, if the app was opened through one."""


class Authenticator(Protocol):
    """Turns a request's ``Authorization`` header into the viewer it proves, or ``None`` (the API answers 401)."""

    def authenticate(self, authorization: str | None) -> Viewer | None: ...


def secret_key(token: str) -> bytes:
    """The key ``initData`` is signed with: ``HMAC_SHA256(key="WebAppData", msg=bot_token)``."""
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def data_check_string(fields: Mapping[str, str]) -> str:
    """Every field but ``hash``, as ``key=value``, sorted by key, one a line."""
    return "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")


def sign_init_data(token: str, fields: Mapping[str, str]) -> str:
    """``fields`` as Telegram would send them for the bot with ``token``: URL-encoded, with their ``hash``.
    (Tests, benchmarks and a local mode use it; Telegram signs the real ones.)"""
    digest = hmac.new(secret_key(token), data_check_string(fields).encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def verify_init_data(init_data: str, token: str, now: float, max_age: float = MAX_AGE) -> Viewer | None:
    """The viewer ``init_data`` proves for the bot with ``token`` at time ``now``, or ``None`` when it is forged,
    malformed, stale, repeats a field or names no user."""
    if not init_data or len(init_data) > MAX_INIT_DATA:
        return None
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True, errors="strict")
    except (ValueError, UnicodeDecodeError):
        return None
    fields = dict(pairs)
    if len(fields) != len(pairs):  # a repeated field: which one would count?
        return None
    given = fields.get("hash", "")
    expected = hmac.new(secret_key(token), data_check_string(fields).encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(given.encode(), expected.encode()):
        return None
    try:
        auth_date = int(fields["auth_date"])
        user = json.loads(fields["user"])
    except (KeyError, ValueError):
        return None
    if not now - max_age <= auth_date <= now + FUTURE_SLACK:
        return None
    if not isinstance(user, dict):
        return None
    user_id = user.get("id")
    if not isinstance(user_id, int) or isinstance(user_id, bool) or user_id <= 0:
        return None

    def text(key: str) -> str | None:
        value = user.get(key)
        return value[:256] if isinstance(value, str) and value else None

    return Viewer(
        id=user_id,
        first_name=text("first_name") or str(user_id),
        last_name=text("last_name"),
        username=text("username"),
        language_code=text("language_code"),
        start_param=fields.get("start_param") or None,
    )


class InitDataAuthenticator:
    """``Authorization: tma <initData>`` signed for the bot with ``token``, no older than ``max_age`` seconds."""

    def __init__(self, token: str, *, max_age: float = MAX_AGE, clock: Callable[[], float] = time.time) -> None:
        self._token = token
        self._max_age = max_age
        self._clock = clock

    def authenticate(self, authorization: str | None) -> Viewer | None:
        if not authorization:
            return None
        scheme, _, init_data = authorization.strip().partition(" ")
        if scheme.lower() != SCHEME:
            return None
        return verify_init_data(init_data.strip(), self._token, self._clock(), self._max_age)


__all__ = [
    "MAX_AGE",
    "Authenticator",
    "InitDataAuthenticator",
    "Viewer",
    "data_check_string",
    "secret_key",
    "sign_init_data",
    "verify_init_data",
]
