"""The configuration a command runs with, and its logging."""

from __future__ import annotations

import logging
from collections.abc import Collection

from ..config import Config
from .program import ExitStatus, Failure

WITHOUT_TELEGRAM = frozenset({"LOG_LEVEL", "TOCHKI_AI_WORKERS", "TOCHKI_AI_SECONDS"})
"""The variables of the commands that run no bot (``local``, ``ai-worker``): no token, no Telegram, no Mini App."""


def configuration(variables: Collection[str] | None = None) -> Config:
    """The configuration from the environment; ``Failure`` (status 2, the first problem's message) when one of
    ``variables`` (default: all) is wrong."""
    config, problems = Config.read()
    problems = [p for p in problems if variables is None or p.variable in variables]
    if problems:
        raise Failure(ExitStatus.CONFIG, problems[0].message)
    return config


def set_up_logging(config: Config) -> None:
    """Log lines with their time, level and source at ``LOG_LEVEL``; the HTTP client's line for every request and
    the scheduler's two lines for every clock pass only at ``DEBUG``."""
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if config.log_level != "DEBUG":
        for chatty in ("httpx", "apscheduler"):
            logging.getLogger(chatty).setLevel(logging.WARNING)
