"""Command line entry point: ``tochki-bot`` / ``python -m tochki_bot``.

- ``tochki-bot``: run the bot with long polling.
- ``tochki-bot --webhook https://example.org/tochki --secret-token S [--listen 127.0.0.1 --port 8443]``: webhook mode.
- ``tochki-bot check``: what the bot would use (database, Bot API, token, Mini App), and whether it would start.
- ``tochki-bot backup PATH``: a consistent copy of the live database.
- ``tochki-bot local [--port 8080] [--open]``: play on this computer, no token, no Telegram (``tochki_bot.local``).
- ``tochki-bot ai-worker``: only the AI's job runner on ``TOCHKI_DB`` (more machines, more searches at once).
- ``tochki-bot --version``.

Before the bot starts, the database, the webhook's port and the Bot API are checked, in that order, and a start
that cannot succeed ends with one line on stderr and its own exit status (``ExitStatus``), never a traceback.
Telegram is tried ``TOCHKI_START_RETRIES`` more times (3), ``TOCHKI_START_RETRY_DELAY`` seconds apart (5), a line
on stderr saying so before each wait.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import signal
import sys
import threading
from dataclasses import replace
from enum import IntEnum
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as metadata_version
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from . import __version__
from .config import Config
from .services import CannotOpen, FileReport, SchemaTooNew, inspect_database

if TYPE_CHECKING:
    from .telegram.reach import BotIdentity


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
    """The program stops with ``status`` after saying ``str()`` on one line."""

    def __init__(self, status: ExitStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


def version() -> str:
    """The installed package's version (the source's, when it runs from a checkout that is not installed)."""
    try:
        return metadata_version("tochki-bot")
    except PackageNotFoundError:
        return __version__


LOCAL_LANGUAGES = ("en", "pl", "ru", "uk")
"""The languages of ``local --lang``: ``i18n.LANGUAGES`` (spelled out, so that reading the command line does not load
the catalogues; a test checks they are the same)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tochki-bot",
        description="A Telegram bot for playing Точки (Points) by the sports rules. "
        "Configuration comes from the environment: TELEGRAM_BOT_TOKEN (required, except by local), TOCHKI_DB, "
        "TELEGRAM_API_BASE_URL, TELEGRAM_FILE_BASE_URL, LOG_LEVEL, TOCHKI_START_RETRIES, TOCHKI_START_RETRY_DELAY, "
        "TOCHKI_AI_WORKERS, TOCHKI_AI_SECONDS, TOCHKI_PICTURE_WORKERS, TOCHKI_CLOCK_INTERVAL, TOCHKI_WEBHOOK_SECRET, "
        "TOCHKI_GROUP_RATE, TOCHKI_SEND_RATE; "
        "the Mini App: TOCHKI_WEBAPP_URL, TOCHKI_WEBAPP_LISTEN, TOCHKI_WEBAPP_NAME; local mode: TOCHKI_LOCAL_DB.",
    )
    parser.add_argument("--version", action="version", version=f"tochki-bot {version()}")
    parser.add_argument(
        "--webhook", metavar="URL", help="run with a webhook at this public HTTPS URL instead of polling"
    )
    parser.add_argument(
        "--listen",
        default="127.0.0.1",
        help="webhook: address to listen on (default 127.0.0.1, behind a reverse proxy; 0.0.0.0 for every interface)",
    )
    parser.add_argument("--port", type=int, default=8443, help="webhook: port to listen on (default 8443)")
    parser.add_argument(
        "--secret-token",
        default=os.environ.get("TOCHKI_WEBHOOK_SECRET") or None,
        help="webhook: secret Telegram sends with each update (default: $TOCHKI_WEBHOOK_SECRET, else random)",
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser(
        "check",
        help="print what the bot would use (database, Bot API, token, Mini App) and exit: 0 if it would start, "
        "else the status it would fail with",
    )
    backup = sub.add_parser(
        "backup", help="write a consistent copy of the database to PATH (an SQLite file, from PostgreSQL too)"
    )
    backup.add_argument("path")
    local = sub.add_parser(
        "local",
        help="play on this computer, no token, no Telegram: hot-seat or against the bot, in a browser at "
        "http://127.0.0.1:8080/ (games in ./tochki-local.db, or TOCHKI_LOCAL_DB)",
    )
    local.add_argument("--port", dest="local_port", type=int, default=8080, help="port to serve on (default 8080)")
    local.add_argument(
        "--listen",
        dest="local_listen",
        default="127.0.0.1",
        help="address to serve on: 127.0.0.1 (the default), ::1 or localhost; nothing other computers reach",
    )
    local.add_argument("--open", action="store_true", help="open the page in this computer's browser")
    local.add_argument("--lang", choices=LOCAL_LANGUAGES, help="the page's language (default: from LANG)")
    sub.add_parser(
        "ai-worker",
        help="only search for the bot: take the AI's jobs from the database (TOCHKI_DB) and make the bot's moves, "
        "TOCHKI_AI_WORKERS searches at once (default: the cores); no token, no Telegram. On PostgreSQL it may run "
        "on another machine: each ai-worker adds its cores to the bot's",
    )
    migrate = sub.add_parser(
        "migrate-db",
        help="copy the whole database SRC into the empty database DST (each a path, an sqlite:/// URL or a "
        "postgresql:// URL), then replay every game on both sides to check the copy",
    )
    migrate.add_argument("source", metavar="SRC")
    migrate.add_argument("target", metavar="DST")
    return parser


def say(message: str) -> None:
    """One line on stderr, at once."""
    print(f"tochki-bot: {message}", file=sys.stderr, flush=True)


def failure(exc: BaseException) -> Failure:
    """The ``Failure`` a problem found while starting stands for: its status, and its message with what to do."""
    from .telegram.reach import NotBotApi, StartupProblem, TokenRejected, Unreachable
    from .telegram.webhook import CannotListen

    if isinstance(exc, Failure):
        return exc
    if isinstance(exc, (CannotOpen, SchemaTooNew)):
        return Failure(ExitStatus.DATABASE, str(exc))
    if isinstance(exc, CannotListen):
        return Failure(ExitStatus.PORT_IN_USE, str(exc))
    if isinstance(exc, StartupProblem):
        status = {
            Unreachable: ExitStatus.UNREACHABLE,
            TokenRejected: ExitStatus.TOKEN_REJECTED,
            NotBotApi: ExitStatus.NOT_BOT_API,
        }.get(type(exc), ExitStatus.FAILED)
        return Failure(status, f"{exc}: {exc.hint}" if exc.hint else str(exc))
    raise exc


# ----------------------------------------------------------------------------------------------------------------------
# Starting


async def reach_telegram(config: Config) -> BotIdentity | None:
    """``getMe`` at the configured Bot API, tried ``config.start_retries`` more times while it is unreachable, with
    a line on stderr before each wait. The last ``Unreachable`` becomes a ``Failure`` that says how often it was
    tried."""
    from .telegram.reach import Unreachable, reach

    tries = config.start_retries + 1
    for attempt in range(1, tries + 1):
        try:
            return await reach(config)
        except Unreachable as exc:
            if attempt == tries:
                after = f"; gave up after {tries} tries" if tries > 1 else ""
                raise Failure(ExitStatus.UNREACHABLE, f"{exc}{after}: {exc.hint}") from None
            delay = config.start_retry_delay
            say(f"{exc}; trying again in {delay:g} s ({attempt} of {config.start_retries})")
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover


async def preflight(config: Config, *, webhook: str | None, listen: str, port: int) -> None:
    """What must hold for the bot to start, cheapest first: the database can be opened for writing, the webhook's
    and the Mini App's ports are free, the Bot API answers and knows the token. Raises the first problem."""
    from .config import parse_listen
    from .telegram.webhook import check_port

    report = await inspect_database(config.db_path)
    if report.problem is not None:
        raise report.problem
    if webhook:
        check_port(listen, port)
    if config.webapp_url:
        check_port(*parse_listen(config.webapp_listen), what="the Mini App (TOCHKI_WEBAPP_LISTEN)")
    bot = await reach_telegram(config)
    if bot is not None:
        logging.getLogger("tochki_bot").info("Telegram reached at %s: @%s", config.api_url, bot.username)


def start(args: argparse.Namespace) -> int:
    """Run the bot; an exit status when it cannot start (or 0 when it stopped)."""
    config, problems = Config.read()
    if problems:
        say(problems[0])
        return ExitStatus.CONFIG
    if args.webhook:
        url = urlparse(args.webhook)
        if url.scheme != "https" or not url.netloc:
            say("--webhook needs a public https:// URL")
            return ExitStatus.CONFIG
    set_up_logging(config)
    try:
        asyncio.run(preflight(config, webhook=args.webhook, listen=args.listen, port=args.port))
        from .telegram.app import Extra, run

        extras: list[Extra] = []
        if config.webapp_url:
            from .config import parse_listen
            from .webapp import WebAppServer

            host, webapp_port = parse_listen(config.webapp_listen)
            extras.append(WebAppServer(token=config.token, listen=host, port=webapp_port))
        if args.webhook:
            run(
                config,
                webhook=args.webhook,
                listen=args.listen,
                port=args.port,
                secret_token=args.secret_token,
                extras=extras,
            )
        else:
            run(config, extras=extras)
    except KeyboardInterrupt:
        say("stopped before the bot started")
        return ExitStatus.INTERRUPTED
    except Exception as exc:
        problem = failure(exc)  # anything that is not a known start-up problem is raised again: a bug
        say(str(problem))
        return problem.status
    return ExitStatus.OK


# ----------------------------------------------------------------------------------------------------------------------
# check


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


async def check() -> int:
    """Print what the bot would use and whether it would start; the status it would fail with (0: it would start).
    Changes nothing: the database is only read, Telegram only asked ``getMe``."""
    from .telegram.reach import NotBotApi, TokenRejected, Unreachable, masked, reach

    config, problems = Config.read()
    first: Failure | None = None

    def show(label: str, text: str) -> None:
        print(f"{label:<9} {text}", flush=True)

    def found(problem: Failure) -> None:
        nonlocal first
        first = first or problem

    show("version", f"tochki-bot {version()}")
    token_problem = next((p for p in problems if "TELEGRAM_BOT_TOKEN" in p), None)
    for problem in problems:
        found(Failure(ExitStatus.CONFIG, problem))
        if problem is not token_problem:
            show("config", problem)
    report = await inspect_database(config.db_path)
    for label, text in database_lines(report):
        show(label, text)
    if report.problem is not None:
        found(failure(report.problem))
    token = "" if token_problem else config.token
    try:
        bot = await reach(replace(config, token=token))
    except Unreachable as exc:
        show("Bot API", f"{config.api_url}: not reachable ({exc.reason})")
        show("token", token_problem or f"{masked(token)}: not checked (the Bot API is not reachable)")
        found(failure(exc))
    except NotBotApi as exc:
        show("Bot API", f"{exc}")
        show("token", token_problem or f"{masked(token)}: not checked (not a Bot API)")
        found(failure(exc))
    except TokenRejected as exc:
        show("Bot API", f"{config.api_url}: reachable")
        show("token", f"{exc}: {exc.hint}")
        found(failure(exc))
    else:
        show("Bot API", f"{config.api_url}: reachable")
        if bot is None:
            show("token", token_problem or "not set")
        else:
            show("token", f"{masked(token)}: accepted, @{bot.username} (id {bot.id})")
    show("Mini App", config.webapp_url or "not set (TOCHKI_WEBAPP_URL)")
    if first is None:
        show("result", "ready: the bot would start")
        return ExitStatus.OK
    show("result", f"would not start (exit status {first.status.value}): {first}")
    return first.status


# ----------------------------------------------------------------------------------------------------------------------
# backup


async def _backup(db_path: str, target: str) -> None:
    from .services import Services

    services = await Services.open(db_path)
    try:
        await services.backup(target)
    finally:
        await services.close()


def backup(target: str) -> int:
    """Copy the live database to ``target``; the exit status."""
    from .services import default_path, is_postgres

    source = default_path()
    # Opening a missing file would create an empty database: there is nothing to back up.
    if not is_postgres(source) and not os.path.isfile(source.removeprefix("sqlite:///")):
        say(f"backup failed: no database at {source} (TOCHKI_DB)")
        return ExitStatus.FAILED
    try:
        asyncio.run(_backup(source, target))
    except (CannotOpen, SchemaTooNew) as exc:
        say(f"backup failed: {exc}")
        return ExitStatus.DATABASE
    except OSError as exc:
        say(f"backup failed: {exc}")
        return ExitStatus.FAILED
    print(f"backup written to {target}")
    return ExitStatus.OK


# ----------------------------------------------------------------------------------------------------------------------
# local


def cannot_listen(listen: str, port: int, error: OSError) -> str:
    """Why local mode cannot listen on ``listen:port``, and what to do (the webhook's wording)."""
    if error.errno == errno.EADDRINUSE:
        why = "the port is in use by another program: stop it, or choose another --port"
    elif error.errno == errno.EACCES:
        why = "this user may not listen on that port (below 1024): choose another --port"
    else:
        why = f"{error.strerror or error}: check --listen and --port"
    return f"cannot listen on {listen}:{port} for local mode: {why}"


def local(args: argparse.Namespace) -> int:
    """Serve local games until SIGINT / SIGTERM; the exit status."""
    from .local import CannotListen, local_path, open_browser, serve
    from .webapp.local import loopback_listen

    config, problems = Config.read()
    problems = [p for p in problems if p.startswith(("TOCHKI_AI_", "LOG_LEVEL"))]  # no token, no Telegram here
    if problems:
        say(problems[0])
        return ExitStatus.CONFIG
    listen, port = args.local_listen, args.local_port
    if not loopback_listen(listen):
        say(f"local mode serves this computer only: --listen must be 127.0.0.1, ::1 or localhost, not {listen}")
        return ExitStatus.NOT_LOOPBACK
    if not 0 <= port < 65536:
        say(f"--port must be a port number from 1 to 65535, not {port}")
        return ExitStatus.CONFIG
    set_up_logging(config)
    path = local_path()
    language = args.lang or os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG")

    served: list[str] = []

    def ready(url: str) -> None:
        served.append(url)
        print(f"Точки: play at {url} (games in {os.path.abspath(path)}; Ctrl-C stops)", flush=True)
        if args.open:

            def browse() -> None:
                if not open_browser(url):
                    say(f"no browser to open here: open {url} yourself")

            threading.Thread(target=browse, daemon=True).start()

    async def run() -> None:
        report = await inspect_database(path)
        if report.problem is not None:
            raise report.problem
        await serve(
            path,
            listen=listen,
            port=port,
            language=(language or "en")[:2].lower(),
            ai_workers=config.ai_workers or None,  # local mode has no ai-workers: it always searches itself
            ai_seconds=config.ai_seconds,
            ready=ready,
        )

    def done() -> None:
        """Stopping: another Ctrl-C (or SIGTERM) while the program ends changes nothing."""
        if served:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)

    try:
        try:
            asyncio.run(run())
        finally:
            done()
    except KeyboardInterrupt:
        done()
        if served:  # the moves are committed as they are made: nothing is lost
            return ExitStatus.OK
        say("stopped before the page was served")
        return ExitStatus.INTERRUPTED
    except (CannotOpen, SchemaTooNew) as exc:
        say(str(exc))
        return ExitStatus.DATABASE
    except CannotListen as exc:
        say(cannot_listen(listen, port, exc.error))
        return ExitStatus.PORT_IN_USE
    return ExitStatus.OK


# ----------------------------------------------------------------------------------------------------------------------
# ai-worker


def ai_worker() -> int:
    """Take the AI's jobs from the database until SIGINT / SIGTERM; the exit status."""
    from .services import Services, default_path, is_postgres

    config, problems = Config.read()
    problems = [p for p in problems if p.startswith(("TOCHKI_AI_", "LOG_LEVEL"))]  # no token, no Telegram here
    if problems:
        say(problems[0])
        return ExitStatus.CONFIG
    if config.ai_workers == 0:
        say("an ai-worker that searches nothing does nothing: set TOCHKI_AI_WORKERS to 1 or more (default: the cores)")
        return ExitStatus.CONFIG
    path = default_path()
    if not is_postgres(path) and not os.path.isfile(path.removeprefix("sqlite:///")):
        say(f"no database at {path} (TOCHKI_DB): point it at the bot's database")
        return ExitStatus.DATABASE
    set_up_logging(config)

    async def run() -> None:
        report = await inspect_database(path)
        if report.problem is not None:
            raise report.problem
        services = await Services.open(path, ai_workers=config.ai_workers, ai_seconds=config.ai_seconds)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        try:
            due = await services.opponent.start(front=False)
            print(
                f"tochki-bot ai-worker: {services.opponent.workers} searches at once on {report.path}; "
                f"the bot is to move in {due} games (Ctrl-C stops)",
                flush=True,
            )
            await stop.wait()
        finally:
            await services.close()  # the searches under way are given back to the queue

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return ExitStatus.INTERRUPTED
    except (CannotOpen, SchemaTooNew) as exc:
        say(str(exc))
        return ExitStatus.DATABASE
    return ExitStatus.OK


# ----------------------------------------------------------------------------------------------------------------------
# migrate-db


def migrate_db(source: str, target: str) -> int:
    """Copy the database ``source`` into the empty ``target`` and check the copy; the exit status."""
    from .services import Migrated, NotEmpty, NotTheSame, is_postgres, migrate

    plain = source.removeprefix("sqlite:///")
    if not is_postgres(source) and not os.path.isfile(plain):  # opening it would create an empty database
        say(f"migrate-db failed: no database at {source}")
        return ExitStatus.FAILED
    try:
        done: Migrated = asyncio.run(migrate(source, target))
    except (CannotOpen, SchemaTooNew) as exc:
        say(f"migrate-db failed: {exc}")
        return ExitStatus.DATABASE
    except (NotEmpty, NotTheSame, OSError) as exc:
        say(f"migrate-db failed: {exc}")
        return ExitStatus.FAILED
    print("copied: " + ", ".join(f"{table} {count}" for table, count in done.counts.items()))
    unplayable = f" ({done.unplayable} whose stored moves the engine refuses, alike on both)" if done.unplayable else ""
    print(f"checked: {done.replayed} games replayed on both sides, same moves, score and result{unplayable}")
    return ExitStatus.OK


def set_up_logging(config: Config) -> None:
    """Log lines with their time, level and source at ``LOG_LEVEL``; the HTTP client's line for every request and
    the scheduler's two lines for every clock pass only at ``DEBUG``."""
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if config.log_level != "DEBUG":
        for chatty in ("httpx", "apscheduler"):
            logging.getLogger(chatty).setLevel(logging.WARNING)


def main(argv: list[str] | None = None) -> int:
    """Run what the command line asks for; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "backup":
        return backup(args.path)
    if args.command == "local":
        return local(args)
    if args.command == "ai-worker":
        return ai_worker()
    if args.command == "migrate-db":
        return migrate_db(args.source, args.target)
    if args.command == "check":
        try:
            return asyncio.run(check())
        except KeyboardInterrupt:
            return ExitStatus.INTERRUPTED
    return start(args)


if __name__ == "__main__":
    sys.exit(main())
