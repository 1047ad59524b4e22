"""``tochki-bot check``: what the bot would use (the database, the Bot API, the token, the Mini App), and whether it
would start. Exits with the status the bot would fail to start with (0: it would start)."""

from __future__ import annotations

import argparse
import asyncio
from dataclasses import replace

from ..config import Config
from ..services import FileReport, inspect_database
from ..services.search import compiled_search
from .program import Command, ExitStatus, Failure, version
from .startup import failure


def database_lines(report: FileReport) -> list[tuple[str, str]]:
    """The database's and its games' lines of ``check``."""
    if report.problem is not None:
        games = [] if report.games is None else [("games", f"{report.games} ({report.active} being played)")]
        return [("database", str(report.problem)), *games]
    if not report.exists:
        return [
            ("database", f"{report.path}: not there yet; the bot creates it (schema {report.latest})"),
            ("games", "0"),
        ]
    if report.schema == report.latest:
        schema = f"schema {report.schema}"
    elif not report.schema and report.games is None:
        schema = f"empty; the bot sets it up (schema {report.latest})"
    else:
        schema = f"schema {report.schema}; the bot upgrades it to {report.latest} when it starts"
    count = "0" if report.games is None else f"{report.games} ({report.active} being played)"
    return [("database", f"{report.path}: {schema}"), ("games", count)]


class Findings:
    """``check``'s lines as they are printed, and the first problem that would stop the start."""

    def __init__(self) -> None:
        self.first: Failure | None = None

    def show(self, label: str, text: str) -> None:
        print(f"{label:<9} {text}", flush=True)

    def found(self, problem: Failure) -> None:
        self.first = self.first or problem


async def telegram_lines(config: Config, token_problem: str | None, findings: Findings) -> None:
    """The Bot API's and the token's lines: asks ``getMe`` once (without a token when it is wrong or missing, to
    see whether the Bot API answers at all)."""
    from ..telegram.reach import NotBotApi, TokenRejected, Unreachable, masked, reach

    show = findings.show
    token = "" if token_problem else config.token
    try:
        bot = await reach(replace(config, token=token))
    except Unreachable as exc:
        show("Bot API", f"{config.api_url}: not reachable ({exc.reason})")
        show("token", token_problem or f"{masked(token)}: not checked (the Bot API is not reachable)")
        findings.found(failure(exc))
    except NotBotApi as exc:
        show("Bot API", f"{exc}")
        show("token", token_problem or f"{masked(token)}: not checked (not a Bot API)")
        findings.found(failure(exc))
    except TokenRejected as exc:
        show("Bot API", f"{config.api_url}: reachable")
        show("token", f"{exc}: {exc.hint}")
        findings.found(failure(exc))
    else:
        show("Bot API", f"{config.api_url}: reachable")
        if bot is None:
            show("token", token_problem or "not set")
        else:
            show("token", f"{masked(token)}: accepted, @{bot.username} (id {bot.id})")


async def check() -> int:
    """Print what the bot would use and whether it would start; the status it would fail with (0: it would start).
    Changes nothing: the database is only read, Telegram only asked ``getMe``."""
    config, problems = Config.read()
    findings = Findings()
    show = findings.show
    show("version", f"tochki-bot {version()}")
    token_problem = next((p.message for p in problems if p.variable == "TELEGRAM_BOT_TOKEN"), None)
    for problem in problems:
        findings.found(Failure(ExitStatus.CONFIG, problem.message))
        if problem.variable != "TELEGRAM_BOT_TOKEN":
            show("config", problem.message)
    report = await inspect_database(config.db_path)
    for label, text in database_lines(report):
        show(label, text)
    if report.problem is not None:
        findings.found(failure(report.problem))
    await telegram_lines(config, token_problem, findings)
    show("Mini App", config.webapp_url or "not set (TOCHKI_WEBAPP_URL)")
    show("AI", compiled_search())
    first = findings.first
    if first is None:
        show("result", "ready: the bot would start")
        return ExitStatus.OK
    show("result", f"would not start (exit status {first.status.value}): {first}")
    return first.status


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(check())
    except KeyboardInterrupt:
        return ExitStatus.INTERRUPTED


COMMAND = Command(
    "check",
    "print what the bot would use (database, Bot API, token, Mini App, the AI's search) and exit: 0 if it would start, "
    "else the status it would fail with",
    run,
)
