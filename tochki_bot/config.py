"""Configuration from the environment."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from .services import default_path

DEFAULT_API_BASE_URL = "https://api.telegram.org/bot"
"""Telegram's Bot API, as python-telegram-bot uses it when ``TELEGRAM_API_BASE_URL`` is not set."""

TOKEN_FORMAT = re.compile(r"[0-9]+:[A-Za-z0-9_-]+")
"""What a token from @BotFather looks like: the bot's id, a colon, the secret."""
TOKEN_HELP = (
    "TELEGRAM_BOT_TOKEN is not set: get a token from @BotFather in Telegram (send /newbot), "
    "then run TELEGRAM_BOT_TOKEN=123456:ABC... tochki-bot"
)
"""What a start without a token says (the ``TELEGRAM_BOT_TOKEN`` problem's message)."""


WEBAPP_LISTEN = "127.0.0.1:8080"
"""Where the Mini App's web server listens unless ``TOCHKI_WEBAPP_LISTEN`` says otherwise."""
WEBAPP_NAME = "play"
"""The Mini App's short name (registered with @BotFather's ``/newapp``) unless ``TOCHKI_WEBAPP_NAME`` says otherwise."""


class ConfigError(Exception):
    """The environment does not describe a runnable bot; the message says what to do."""


@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong with the configuration: the environment ``variable`` it concerns, and ``message``, one
    sentence that names the variable and says what to do. A command that reads only some variables looks only at
    their problems (``tochki-bot local`` needs no token)."""

    variable: str
    message: str

    def __str__(self) -> str:
        return self.message


def parse_listen(value: str) -> tuple[str, int]:
    """``host:port`` (``[::1]:8080`` for IPv6) as a pair; ``ValueError`` if it is not one."""
    host, sep, port = value.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not an address and port: {value!r}")
    return host.strip("[]"), int(port)


DEFAULT_PICTURE_WORKERS = min(2, os.cpu_count() or 1)
"""Processes that draw board pictures unless ``TOCHKI_PICTURE_WORKERS`` says otherwise: two keep up with a few
hundred boards a second, more than Telegram lets a bot send."""


@dataclass(frozen=True)
class Config:
    """How the bot runs.

    ``group_rate`` is Telegram's limit of messages per minute in one group (the delivery plans every group message
    to keep to it);
    ``clock_interval`` is how often, in seconds, the clock job makes its regular pass (lobbies, owed announcements;
    reminders and timeouts are acted on when due, ``deadlines``);
    ``concurrent_updates`` how many updates are handled at once (one per chat at most); ``user_rate`` how many
    commands a person may send a minute. ``start_retries`` is how many more times the start tries to reach Telegram
    after the first failure, ``start_retry_delay`` the seconds between tries. ``webapp_url`` is the Mini App's
    public URL (``TOCHKI_WEBAPP_URL``), when there is one. ``ai_workers`` is how many searches of the bot this
    process runs at once (default: the cores; ``0``: none, ``tochki-bot ai-worker`` processes search), ``ai_seconds``
    its time a move (default: each level's own).
    """

    token: str
    db_path: str = "tochki.db"
    api_base_url: str | None = None
    file_base_url: str | None = None
    log_level: str = "INFO"
    group_rate: int = 20
    group_window: float = 60.0
    """The seconds ``group_rate`` counts over (Telegram's minute; tests play a minute faster)."""
    chat_rate: float = 1.0
    """Messages a second to one private chat, after a short burst (Telegram's "about one a second")."""
    overall_rate: int = 30
    clock_interval: float = 30.0
    deadlines: bool = True
    """Besides the regular pass, wake the clock at each game's next reminder or deadline (tests drive the clock by
    hand instead)."""
    concurrent_updates: int = 256
    user_rate: float = 60
    ai_workers: int | None = None
    ai_seconds: float | None = None
    ai_seed: int | None = None
    """Makes the bot's moves reproducible (tests)."""
    review_nodes: int | None = None
    """The search budget of each move of a new review (default: ``REVIEW_NODES``; tests take a small one)."""
    picture_workers: int = DEFAULT_PICTURE_WORKERS
    """Processes that draw the board pictures (0: threads of the bot's process)."""
    start_retries: int = 3
    start_retry_delay: float = 5.0
    webapp_url: str | None = None
    """The public HTTPS base URL of the Mini App (the bot's web server behind a proxy); ``None``: no Mini App."""
    webapp_listen: str = WEBAPP_LISTEN
    """Where the Mini App's web server listens (``host:port``)."""
    webapp_name: str = WEBAPP_NAME
    """The Mini App's short name, for the direct links ``https://t.me/<bot>/<name>?startapp=...`` in groups."""

    @property
    def api_url(self) -> str:
        """The Bot API base URL the bot talks to (without the token)."""
        return self.api_base_url or DEFAULT_API_BASE_URL

    @classmethod
    def read(cls, env: Mapping[str, str] | None = None) -> tuple[Config, list[ConfigProblem]]:
        """The configuration the environment describes, and what is wrong with it (one problem for each wrong
        variable, in the order of ``SETTINGS``: first the missing token). A wrong value is replaced by its default
        in the configuration returned, except the token's and the Bot API's URLs, which are kept as they are (the
        problem says what is wrong with them; ``check`` still shows what it would reach)."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {"token": "", "db_path": default_path()}
        problems: list[ConfigProblem] = []
        for setting in SETTINGS:
            text = (env.get(setting.variable) or "").strip() or None
            if text is None:
                if setting.missing:
                    problems.append(ConfigProblem(setting.variable, setting.missing))
                continue
            try:
                values[setting.field] = setting.parse(text)
            except Wrong as wrong:
                problems.append(ConfigProblem(setting.variable, f"{setting.variable} {wrong}"))
                if setting.keep_wrong:
                    values[setting.field] = text
        return cls(**values), problems

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read ``TELEGRAM_BOT_TOKEN`` (required), ``TOCHKI_DB``, ``TELEGRAM_API_BASE_URL``,
        ``TELEGRAM_FILE_BASE_URL``, ``LOG_LEVEL``, ``TOCHKI_START_RETRIES``, ``TOCHKI_START_RETRY_DELAY``,
        ``TOCHKI_AI_WORKERS``, ``TOCHKI_AI_SECONDS``, ``TOCHKI_PICTURE_WORKERS``, ``TOCHKI_CLOCK_INTERVAL``,
        ``TOCHKI_GROUP_RATE``, ``TOCHKI_SEND_RATE`` and the Mini App's ``TOCHKI_WEBAPP_URL`` (an ``https://``
        URL), ``TOCHKI_WEBAPP_LISTEN`` (``host:port``) and ``TOCHKI_WEBAPP_NAME``. Raises ``ConfigError`` (saying
        what to do) without a token or with a wrong value."""
        config, problems = cls.read(env)
        if problems:
            raise ConfigError(problems[0].message)
        return config


# ----------------------------------------------------------------------------------------------------------------------
# The variables, one parser each


class Wrong(ValueError):
    """A variable's value cannot be used; the message says what it must be (after the variable's name)."""


@dataclass(frozen=True)
class Setting:
    """How one environment variable sets one field of ``Config``: ``parse`` turns its (stripped, non-empty) text
    into the field's value or raises ``Wrong``. ``missing``: the whole message when it is not set (a required variable);
    ``keep_wrong``: a wrong value is kept (the problem is still said) rather than replaced by the default."""

    variable: str
    field: str
    parse: Callable[[str], object]
    missing: str = ""
    keep_wrong: bool = False


def _token(text: str) -> str:
    if not TOKEN_FORMAT.fullmatch(text):
        raise Wrong(
            "does not look like a bot token (digits, a colon, then letters, digits, - and _, like 123456:ABC-def_1): "
            "copy it again from @BotFather"
        )
    return text


def _http_url(text: str) -> str:
    url = urlparse(text)
    if url.scheme not in ("http", "https") or not url.netloc:
        raise Wrong(f"must be an http:// or https:// URL, not {text!r}")
    return text


def _webapp_url(text: str) -> str | None:
    base = text.rstrip("/") or None
    if base is not None:
        url = urlparse(base)
        if url.scheme != "https" or not url.netloc or url.query or url.fragment:
            raise Wrong(f"must be the public https:// base URL of the Mini App, not {base!r}")
    return base


def _listen(text: str) -> str:
    try:
        parse_listen(text)
    except ValueError:
        raise Wrong(f"must be host:port, e.g. {WEBAPP_LISTEN}, not {text!r}") from None
    return text


def _short_name(text: str) -> str:
    if not (text.replace("_", "").isalnum() and text.isascii()):
        raise Wrong(f"must be the Mini App's short name (letters, digits, _): {text!r}")
    return text


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _log_level(text: str) -> str:
    level = text.upper()
    if level not in LOG_LEVELS:
        raise Wrong(f"must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
    return level


def _whole(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    """A parser of whole numbers (ASCII digits) from ``low`` to ``high``."""

    def parse(text: str) -> int:
        if text.isascii() and text.isdigit() and low <= int(text) <= high:
            return int(text)
        raise Wrong(f"must be {what} from {low:g} to {high:g}, not {text!r}")

    return parse


def _seconds(low: float, high: float) -> Callable[[str], float]:
    """A parser of seconds (any number Python reads) from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            found = float(text)
        except ValueError:
            found = float("nan")
        if low <= found <= high:
            return found
        raise Wrong(f"must be seconds from {low:g} to {high:g}, not {text!r}")

    return parse


SETTINGS = (
    Setting("TELEGRAM_BOT_TOKEN", "token", _token, missing=TOKEN_HELP, keep_wrong=True),
    Setting("TOCHKI_DB", "db_path", str),
    Setting("TELEGRAM_API_BASE_URL", "api_base_url", _http_url, keep_wrong=True),
    Setting("TELEGRAM_FILE_BASE_URL", "file_base_url", _http_url, keep_wrong=True),
    Setting("TOCHKI_WEBAPP_URL", "webapp_url", _webapp_url),
    Setting("TOCHKI_WEBAPP_LISTEN", "webapp_listen", _listen),
    Setting("TOCHKI_WEBAPP_NAME", "webapp_name", _short_name),
    Setting("LOG_LEVEL", "log_level", _log_level),
    Setting("TOCHKI_START_RETRIES", "start_retries", _whole(0, 100)),
    Setting("TOCHKI_START_RETRY_DELAY", "start_retry_delay", _seconds(0, 3600)),
    Setting("TOCHKI_AI_WORKERS", "ai_workers", _whole(0, 64)),
    Setting("TOCHKI_GROUP_RATE", "group_rate", _whole(1, 10**6, "a whole number of messages a minute")),
    Setting("TOCHKI_SEND_RATE", "overall_rate", _whole(1, 10**6, "a whole number of messages a second")),
    Setting("TOCHKI_PICTURE_WORKERS", "picture_workers", _whole(0, 64)),
    Setting("TOCHKI_AI_SECONDS", "ai_seconds", _seconds(0.05, 60)),
    Setting("TOCHKI_CLOCK_INTERVAL", "clock_interval", _seconds(1, 3600)),
)
"""Every variable ``Config.read`` reads, in the order its problems are said."""
