"""Before the bot starts: can Telegram's Bot API be reached at the configured URL, and does it take the token?

``reach`` asks ``getMe`` once, over the same HTTP client the bot uses, and reads the raw answer itself, so that each
way of failing gets its own exception with one sentence an operator can act on:

- ``Unreachable``: no connection (a name that does not resolve, a refused or timed-out connection, TLS), or the
  server is there but says it is unavailable (HTTP 429, 5xx). Worth trying again.
- ``TokenRejected``: the Bot API answered, in its JSON, 401 or 404: Telegram's answers for a token that is not a
  bot's (404 for one that is malformed).
- ``NotBotApi``: something answered that is not a Bot API (an HTML page, a 404 from a web server...): a wrong
  ``TELEGRAM_API_BASE_URL``.

The messages name the URL without the token.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from http import HTTPStatus

import httpx
from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError, TimedOut
from telegram.request import HTTPXRequest

from ..config import Config

TIMEOUT = 10.0
"""Seconds to wait for a connection, and for the answer."""
BUSY = (
    HTTPStatus.TOO_MANY_REQUESTS,
    HTTPStatus.BAD_GATEWAY,
    HTTPStatus.SERVICE_UNAVAILABLE,
    HTTPStatus.GATEWAY_TIMEOUT,
)
"""Statuses a proxy or the Bot API gives while it cannot serve: the server is not reachable for now."""
TOKEN_HINTS = ("{token}", "{TOKEN}", "{bot_token}", "{BOT_TOKEN}", "{bot-token}", "{BOT-TOKEN}")
"""Where python-telegram-bot puts the token in a base URL that names its place (else it is appended)."""


class StartupProblem(Exception):
    """Why the bot cannot start talking to Telegram: ``str()`` is what happened, ``hint`` what to do."""

    hint = ""

    def __init__(self, message: str, url: str) -> None:
        super().__init__(message)
        self.url = url


class Unreachable(StartupProblem):
    """No answer from the Bot API (or only "unavailable"): the network, a firewall or proxy, or the URL's host."""

    hint = "check the network, a firewall or proxy, and TELEGRAM_API_BASE_URL"

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"Telegram not reachable at {url} ({reason})", url)
        self.reason = reason


class TokenRejected(StartupProblem):
    """The Bot API does not know the token."""

    hint = "copy the token again from @BotFather (/mybots, API Token), or get a new one there with /newbot"

    def __init__(self, url: str, token: str, description: str) -> None:
        super().__init__(f"Telegram rejected the token {masked(token)} at {url} ({description})", url)


class NotBotApi(StartupProblem):
    """Something answered at the URL, not a Bot API."""

    hint = (
        "TELEGRAM_API_BASE_URL must be a Bot API server's address ending in /bot, "
        "like https://api.telegram.org/bot or http://localhost:8081/bot"
    )

    def __init__(self, url: str, answer: str) -> None:
        super().__init__(f"{url} answered, but not as Telegram's Bot API ({answer})", url)


class Refused(StartupProblem):
    """The Bot API answered a call the start makes with an error (``setWebhook`` refusing the URL, say)."""

    def __init__(self, url: str, description: str) -> None:
        super().__init__(f"Telegram refused to start the bot ({description})", url)


def start_problem(config: Config, exc: TelegramError) -> StartupProblem:
    """The ``StartupProblem`` a Telegram error raised while the bot starts stands for."""
    if isinstance(exc, InvalidToken):  # its message quotes the token: not shown
        return TokenRejected(config.api_url, config.token, "getMe refused")
    if isinstance(exc, BadRequest) or not isinstance(exc, NetworkError):
        return Refused(config.api_url, exc.message)
    return Unreachable(config.api_url, network_reason(exc))


@dataclass(frozen=True)
class BotIdentity:
    """Who the token belongs to (``getMe``)."""

    id: int
    username: str


def masked(token: str) -> str:
    """The token with its secret part hidden: ``123456:***`` (the number before the colon is the bot's id)."""
    number, colon, _ = token.partition(":")
    return f"{number}:***" if colon and number.isdigit() else "***"


def method_url(base: str, token: str, method: str) -> str:
    """The URL of a Bot API method, built from the base URL as python-telegram-bot builds it."""
    for hint in TOKEN_HINTS:
        if hint in base:
            return f"{base.replace(hint, token)}/{method}"
    return f"{base}{token}/{method}"


def network_reason(exc: BaseException, timeout: float = TIMEOUT) -> str:
    """What went wrong with the connection, in the words of the operating system where it has them (``Name or
    service not known``, ``Connection refused``), without python-telegram-bot's and httpx's wrappers."""
    if isinstance(exc, TimedOut):
        return f"no answer within {timeout:g} s"
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError) and seen.strerror:
            if isinstance(seen.errno, int) and seen.errno > 0 and not isinstance(seen, socket.gaierror):
                return os.strerror(seen.errno)  # asyncio says "Connect call failed ('127.0.0.1', 9)"
            return seen.strerror
        seen = seen.__cause__ or seen.__context__
    cause = exc.__cause__
    text = str(cause) if cause is not None and str(cause) else str(exc)
    if text.startswith("[Errno ") and "] " in text:  # "[Errno -2] Name or service not known"
        text = text.split("] ", 1)[1]
    return text or type(cause or exc).__name__


def describe(code: int, payload: bytes) -> str:
    """A short description of an answer that is not the Bot API's JSON: its status and first words."""
    try:
        status = f"HTTP {code} {HTTPStatus(code).phrase}"
    except ValueError:
        status = f"HTTP {code}"
    text = " ".join(payload[:300].decode("utf-8", "replace").split())
    return f"{status}: {text[:60]!r}" if text else f"{status}, empty"


def read_answer(base: str, token: str, code: int, payload: bytes) -> BotIdentity | None:
    """Judge the Bot API's answer to ``getMe`` (see ``reach``)."""
    try:
        data = json.loads(payload)
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("ok"), bool):
        if code in BUSY:  # a proxy in front of a Bot API that is down, say
            raise Unreachable(base, describe(code, payload))
        raise NotBotApi(base, describe(code, payload))
    if not data["ok"]:
        description = str(data.get("description") or describe(code, payload))
        error = data.get("error_code", code)
        if error in (HTTPStatus.UNAUTHORIZED, HTTPStatus.NOT_FOUND):
            if not token:
                return None  # a Bot API, asked without a token
            raise TokenRejected(base, token, description)
        if error in BUSY or (isinstance(error, int) and error >= 500):
            raise Unreachable(base, f"it answered {error} {description}")
        raise NotBotApi(base, f"getMe answered {error} {description}")
    result = data.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("id"), int):
        raise NotBotApi(base, "getMe answered without a bot")
    return BotIdentity(id=result["id"], username=str(result.get("username") or ""))


async def reach(config: Config, *, timeout: float = TIMEOUT) -> BotIdentity | None:
    """Ask the Bot API at ``config.api_url`` who the token belongs to, over the HTTP client the bot uses. Without
    a token, only whether a Bot API answers there (it answers 404 to a request without one): ``None``. Raises
    ``Unreachable``, ``TokenRejected`` or ``NotBotApi``."""
    base = config.api_url
    request = HTTPXRequest(connection_pool_size=1, connect_timeout=timeout, read_timeout=timeout)
    await request.initialize()
    try:
        code, payload = await request.do_request(method_url(base, config.token, "getMe"), "POST")
    except (NetworkError, TimedOut) as exc:
        raise Unreachable(base, network_reason(exc, timeout)) from None
    except httpx.InvalidURL as exc:
        raise NotBotApi(base, f"not a URL: {exc}") from None
    finally:
        await request.shutdown()
    return read_answer(base, config.token, code, payload)
