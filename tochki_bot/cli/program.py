"""What every command of ``tochki-bot`` shares: how it ends (``ExitStatus``, ``Failure``, one line on stderr), what a
command is (``Command``, the table's entries), the program's version."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as metadata_version

from .. import __version__


class ExitStatus(IntEnum):
    """How ``tochki-bot`` ends: the one list of exit statuses (a table in docs/operating.md). ``check`` exits with
    the status the bot would fail to start with."""

    OK = 0
    FAILED = 1
    """Something else failed: a backup, or Telegram refused a call the start makes (the webhook URL, say)."""
    CONFIG = 2
    """The configuration: no token or one that cannot be a token, a wrong variable, wrong arguments."""
    UNREACHABLE = 3
    """The Bot API could not be reached (after the retries)."""
    TOKEN_REJECTED = 4
    """Telegram does not know the token."""
    NOT_BOT_API = 5
    """Something answered at ``TELEGRAM_API_BASE_URL``, not a Bot API."""
    DATABASE = 6
    """The database cannot be opened for writing, or a newer version of the bot wrote it."""
    PORT_IN_USE = 7
    """The webhook's port is in use (or the address cannot be listened on)."""
    NOT_LOOPBACK = 8
    """``local`` was asked to listen on an address other computers reach: it serves this computer only."""
    INTERRUPTED = 130
    """Stopped with Ctrl-C before the bot started."""


class Failure(Exception):
    """The program stops with ``status`` after saying ``str()`` on one line (``main`` says it)."""

    def __init__(self, status: ExitStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


def say(message: str) -> None:
    """One line on stderr, at once."""
    print(f"tochki-bot: {message}", file=sys.stderr, flush=True)


def version() -> str:
    """The installed package's version (the source's, when it runs from a checkout that is not installed)."""
    try:
        return metadata_version("tochki-bot")
    except PackageNotFoundError:
        return __version__


@dataclass(frozen=True)
class Command:
    """One subcommand: its ``name`` on the command line, its ``help``, ``arguments`` (adds its own to its parser)
    and ``run`` (does it; the exit status, or raises ``Failure``)."""

    name: str
    help: str
    run: Callable[[argparse.Namespace], int]
    arguments: Callable[[argparse.ArgumentParser], None] = lambda parser: None
