"""The command line: ``tochki-bot`` / ``python -m tochki_bot``, one module per command.

- ``tochki-bot``: run the bot with long polling (``bot``).
- ``tochki-bot --webhook https://example.org/tochki --secret-token S [--listen 127.0.0.1 --port 8443]``: webhook mode.
- ``tochki-bot check``: what the bot would use (database, Bot API, token, Mini App), and whether it would start.
- ``tochki-bot backup PATH``: a consistent copy of the live database.
- ``tochki-bot local [--port 8080] [--open]``: play on this computer, no token, no Telegram (``tochki_bot.local``).
- ``tochki-bot ai-worker``: only the AI's job runner on ``TOCHKI_DB`` (more machines, more searches at once).
- ``tochki-bot migrate-db SRC DST``: copy a whole database between SQLite and PostgreSQL, and check the copy.
- ``tochki-bot --version``.

A command that cannot do its work ends with one line on stderr and its own exit status (``ExitStatus``), never a
traceback. Telegram is tried ``TOCHKI_START_RETRIES`` more times (3), ``TOCHKI_START_RETRY_DELAY`` seconds apart
(5), a line on stderr saying so before each wait.
"""

from __future__ import annotations

import argparse

from . import ai_worker, backup, bot, check, local, migrate_db
from .program import Command, ExitStatus, Failure, say, version

__all__ = ["COMMANDS", "ExitStatus", "Failure", "main", "parser"]

COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (check.COMMAND, backup.COMMAND, local.COMMAND, ai_worker.COMMAND, migrate_db.COMMAND)
}
"""The subcommands by name, in the order ``--help`` lists them; without one, ``tochki-bot`` runs the bot."""


def parser() -> argparse.ArgumentParser:
    """The whole command line: the bot's options, then each subcommand's."""
    program = argparse.ArgumentParser(
        prog="tochki-bot",
        description="A Telegram bot for playing Точки (Points) by the sports rules. "
        "Configuration comes from the environment: TELEGRAM_BOT_TOKEN (required, except by local), TOCHKI_DB, "
        "TELEGRAM_API_BASE_URL, TELEGRAM_FILE_BASE_URL, LOG_LEVEL, TOCHKI_START_RETRIES, TOCHKI_START_RETRY_DELAY, "
        "TOCHKI_AI_WORKERS, TOCHKI_AI_SECONDS, TOCHKI_PICTURE_WORKERS, TOCHKI_CLOCK_INTERVAL, TOCHKI_WEBHOOK_SECRET, "
        "TOCHKI_GROUP_RATE, TOCHKI_SEND_RATE; "
        "the Mini App: TOCHKI_WEBAPP_URL, TOCHKI_WEBAPP_LISTEN, TOCHKI_WEBAPP_NAME; local mode: TOCHKI_LOCAL_DB.",
    )
    program.add_argument("--version", action="version", version=f"tochki-bot {version()}")
    bot.COMMAND.arguments(program)
    sub = program.add_subparsers(dest="command")
    for command in COMMANDS.values():
        command.arguments(sub.add_parser(command.name, help=command.help))
    return program


def main(argv: list[str] | None = None) -> int:
    """Run what the command line asks for; returns the exit status."""
    args = parser().parse_args(argv)
    command = COMMANDS.get(args.command) or bot.COMMAND
    try:
        return command.run(args)
    except Failure as problem:
        say(str(problem))
        return problem.status
