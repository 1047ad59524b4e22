"""Configuration from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from .services import default_path

TOKEN_HELP = (
    "TELEGRAM_BOT_TOKEN is not set.\n"
    "Get a token from @BotFather in Telegram (send /newbot, choose a name), then run:\n"
    "  TELEGRAM_BOT_TOKEN=123456:ABC... tochki-bot"
)


class ConfigError(Exception):
    """The environment does not describe a runnable bot; the message says what to do."""


@dataclass(frozen=True)
class Config:
    """How the bot runs.

    ``group_rate`` is Telegram's limit of messages per minute in one group (the rate limiter keeps to it);
    ``clock_interval`` is how often, in seconds, the clock job looks for reminders and timeouts;
    ``concurrent_updates`` how many updates are handled at once (one per chat at most); ``user_rate`` how many
    commands a person may send a minute; ``ai_workers`` how many searches of the bot may run at once (default: the
    cores) and ``ai_seconds`` its time a move (default: each level's own).
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
    ai_workers: int | None = None
    ai_seconds: float | None = None
    ai_seed: int | None = None
    """Makes the bot's moves reproducible (tests)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read ``TELEGRAM_BOT_TOKEN`` (required), ``TOCHKI_DB``, ``TELEGRAM_API_BASE_URL``,
        ``TELEGRAM_FILE_BASE_URL``, ``LOG_LEVEL``, ``TOCHKI_AI_WORKERS`` and ``TOCHKI_AI_SECONDS``. Raises
        ``ConfigError`` without a token or with a value it cannot use."""
        env = os.environ if env is None else env
        token = (env.get("TELEGRAM_BOT_TOKEN") or "").strip()
        if not token:
            raise ConfigError(TOKEN_HELP)
        level = (env.get("LOG_LEVEL") or "INFO").strip().upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
        workers = (env.get("TOCHKI_AI_WORKERS") or "").strip()
        if workers and not (workers.isascii() and workers.isdigit() and 1 <= int(workers) <= 64):
            raise ConfigError(f"TOCHKI_AI_WORKERS must be a whole number from 1 to 64, not {workers!r}")
        seconds = (env.get("TOCHKI_AI_SECONDS") or "").strip()
        try:
            ai_seconds = float(seconds) if seconds else None
        except ValueError:
            ai_seconds = -1.0
        if ai_seconds is not None and not (0.05 <= ai_seconds <= 60):
            raise ConfigError(f"TOCHKI_AI_SECONDS must be a number of seconds from 0.05 to 60, not {seconds!r}")
        return cls(
            token=token,
            db_path=(env.get("TOCHKI_DB") or "").strip() or default_path(),
            api_base_url=(env.get("TELEGRAM_API_BASE_URL") or "").strip() or None,
            file_base_url=(env.get("TELEGRAM_FILE_BASE_URL") or "").strip() or None,
            log_level=level,
            ai_workers=int(workers) if workers else None,
            ai_seconds=ai_seconds,
        )
