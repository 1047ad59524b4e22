"""Configuration from the environment."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
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


WEBAPP_LISTEN = "127.0.0.1:8080"
"""Where the Mini App's web server listens unless ``TOCHKI_WEBAPP_LISTEN`` says otherwise."""
WEBAPP_NAME = "play"
"""The Mini App's short name (registered with @BotFather's ``/newapp``) unless ``TOCHKI_WEBAPP_NAME`` says otherwise."""


class ConfigError(Exception):
    """The environment does not describe a runnable bot; the message says what to do."""


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

    ``group_rate`` is Telegram's limit of messages per minute in one group (the rate limiter keeps to it);
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
    def read(cls, env: Mapping[str, str] | None = None) -> tuple[Config, list[str]]:
        """The configuration the environment describes, and what is wrong with it (one sentence each, first the
        missing token). A value that is wrong is replaced by its default in the configuration returned."""
        env = os.environ if env is None else env
        problems: list[str] = []

        def value(name: str) -> str | None:
            return (env.get(name) or "").strip() or None

        token = value("TELEGRAM_BOT_TOKEN") or ""
        if not token:
            problems.append(TOKEN_HELP)
        config = cls(
            token=token,
            db_path=value("TOCHKI_DB") or default_path(),
            api_base_url=value("TELEGRAM_API_BASE_URL"),
            file_base_url=value("TELEGRAM_FILE_BASE_URL"),
            webapp_url=(value("TOCHKI_WEBAPP_URL") or "").rstrip("/") or None,
        )
        if not TOKEN_FORMAT.fullmatch(token) and token:
            problems.append(
                "TELEGRAM_BOT_TOKEN does not look like a bot token (digits, a colon, then letters, digits, - and _, "
                "like 123456:ABC-def_1): copy it again from @BotFather"
            )
        for name in ("TELEGRAM_API_BASE_URL", "TELEGRAM_FILE_BASE_URL"):
            url = value(name)
            if url is not None and not (urlparse(url).scheme in ("http", "https") and urlparse(url).netloc):
                problems.append(f"{name} must be an http:// or https:// URL, not {url!r}")
        if config.webapp_url is not None:
            parsed = urlparse(config.webapp_url)
            if parsed.scheme != "https" or not parsed.netloc or parsed.query or parsed.fragment:
                problems.append(
                    f"TOCHKI_WEBAPP_URL must be the public https:// base URL of the Mini App, not {config.webapp_url!r}"
                )
                config = replace(config, webapp_url=None)
        listen = value("TOCHKI_WEBAPP_LISTEN")
        if listen is not None:
            try:
                parse_listen(listen)
                config = replace(config, webapp_listen=listen)
            except ValueError:
                problems.append(f"TOCHKI_WEBAPP_LISTEN must be host:port, e.g. {WEBAPP_LISTEN}, not {listen!r}")
        short = value("TOCHKI_WEBAPP_NAME")
        if short is not None:
            if short.replace("_", "").isalnum() and short.isascii():
                config = replace(config, webapp_name=short)
            else:
                problems.append(f"TOCHKI_WEBAPP_NAME must be the Mini App's short name (letters, digits, _): {short!r}")
        level = (value("LOG_LEVEL") or "INFO").upper()
        if level in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            config = replace(config, log_level=level)
        else:
            problems.append(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")

        def number(name: str, low: float, high: float, whole: bool, what: str) -> float | None:
            """The variable ``name`` as a number from ``low`` to ``high`` (``None`` when unset or wrong: said)."""
            text = value(name)
            if text is None:
                return None
            try:
                found = int(text) if whole and text.isascii() and text.isdigit() else float("nan" if whole else text)
            except ValueError:
                found = float("nan")
            if low <= found <= high:
                return found
            problems.append(f"{name} must be {what} from {low:g} to {high:g}, not {text!r}")
            return None

        if (retries := number("TOCHKI_START_RETRIES", 0, 100, True, "a whole number")) is not None:
            config = replace(config, start_retries=int(retries))
        if (delay := number("TOCHKI_START_RETRY_DELAY", 0, 3600, False, "seconds")) is not None:
            config = replace(config, start_retry_delay=delay)
        if (workers := number("TOCHKI_AI_WORKERS", 0, 64, True, "a whole number")) is not None:
            config = replace(config, ai_workers=int(workers))
        if (group := number("TOCHKI_GROUP_RATE", 1, 10**6, True, "a whole number of messages a minute")) is not None:
            config = replace(config, group_rate=int(group))
        if (overall := number("TOCHKI_SEND_RATE", 1, 10**6, True, "a whole number of messages a second")) is not None:
            config = replace(config, overall_rate=int(overall))
        if (painters := number("TOCHKI_PICTURE_WORKERS", 0, 64, True, "a whole number")) is not None:
            config = replace(config, picture_workers=int(painters))
        if (budget := number("TOCHKI_AI_SECONDS", 0.05, 60, False, "seconds")) is not None:
            config = replace(config, ai_seconds=budget)
        if (interval := number("TOCHKI_CLOCK_INTERVAL", 1, 3600, False, "seconds")) is not None:
            config = replace(config, clock_interval=interval)
        return config, problems

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
            raise ConfigError(problems[0])
        return config
