"""Configuration from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlparse

from .services import default_path

TOKEN_HELP = (
    "TELEGRAM_BOT_TOKEN is not set.\n"
    "Get a token from @BotFather in Telegram (send /newbot, choose a name), then run:\n"
    "  TELEGRAM_BOT_TOKEN=123456:ABC... tochki-bot"
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


@dataclass(frozen=True)
class Config:
    """How the bot runs.

    ``group_rate`` is Telegram's limit of messages per minute in one group (the rate limiter keeps to it);
    ``clock_interval`` is how often, in seconds, the clock job looks for reminders and timeouts;
    ``concurrent_updates`` how many updates are handled at once (one per chat at most); ``user_rate`` how many
    commands a person may send a minute.
    """

    token: str
    db_path: str = "tochki.db"
    api_base_url: str | None = None
    file_base_url: str | None = None
    log_level: str = "INFO"
    group_rate: int = 20
    overall_rate: int = 30
    clock_interval: float = 30.0
    concurrent_updates: int = 256
    user_rate: float = 60
    webapp_url: str | None = None
    """The public HTTPS base URL of the Mini App (the bot's web server behind a proxy); ``None``: no Mini App."""
    webapp_listen: str = WEBAPP_LISTEN
    """Where the Mini App's web server listens (``host:port``)."""
    webapp_name: str = WEBAPP_NAME
    """The Mini App's short name, for the direct links ``https://t.me/<bot>/<name>?startapp=...`` in groups."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read ``TELEGRAM_BOT_TOKEN`` (required), ``TOCHKI_DB``, ``TELEGRAM_API_BASE_URL``,
        ``TELEGRAM_FILE_BASE_URL``, ``LOG_LEVEL`` and the Mini App's ``TOCHKI_WEBAPP_URL`` (an ``https://`` URL),
        ``TOCHKI_WEBAPP_LISTEN`` (``host:port``) and ``TOCHKI_WEBAPP_NAME``. Raises ``ConfigError`` without a token
        or with a value it cannot use."""
        env = os.environ if env is None else env
        token = (env.get("TELEGRAM_BOT_TOKEN") or "").strip()
        if not token:
            raise ConfigError(TOKEN_HELP)
        level = (env.get("LOG_LEVEL") or "INFO").strip().upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
        webapp_url = (env.get("TOCHKI_WEBAPP_URL") or "").strip().rstrip("/") or None
        if webapp_url is not None:
            parsed = urlparse(webapp_url)
            if parsed.scheme != "https" or not parsed.netloc or parsed.query or parsed.fragment:
                raise ConfigError(
                    f"TOCHKI_WEBAPP_URL must be the public https:// base URL of the Mini App, not {webapp_url!r}"
                )
        listen = (env.get("TOCHKI_WEBAPP_LISTEN") or "").strip() or WEBAPP_LISTEN
        try:
            parse_listen(listen)
        except ValueError:
            raise ConfigError(f"TOCHKI_WEBAPP_LISTEN must be host:port, e.g. {WEBAPP_LISTEN}, not {listen!r}") from None
        name = (env.get("TOCHKI_WEBAPP_NAME") or "").strip() or WEBAPP_NAME
        if not name.replace("_", "").isalnum() or not name.isascii():
            raise ConfigError(f"TOCHKI_WEBAPP_NAME must be the Mini App's short name (letters, digits, _): {name!r}")
        return cls(
            token=token,
            db_path=(env.get("TOCHKI_DB") or "").strip() or default_path(),
            api_base_url=(env.get("TELEGRAM_API_BASE_URL") or "").strip() or None,
            file_base_url=(env.get("TELEGRAM_FILE_BASE_URL") or "").strip() or None,
            log_level=level,
            webapp_url=webapp_url,
            webapp_listen=listen,
            webapp_name=name,
        )
