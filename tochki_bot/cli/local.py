"""``tochki-bot local [--port 8080] [--listen 127.0.0.1] [--open] [--lang en]``: play on this computer, no token, no
Telegram (``tochki_bot.local`` serves the page)."""

from __future__ import annotations

import argparse
import asyncio
import errno
import os
import signal
import threading
from collections.abc import Callable

from .configuration import WITHOUT_TELEGRAM, configuration, set_up_logging
from .database import checked, usable
from .program import Command, ExitStatus, Failure, say


def cannot_listen(listen: str, port: int, error: OSError) -> str:
    """Why local mode cannot listen on ``listen:port``, and what to do (the webhook's wording)."""
    if error.errno == errno.EADDRINUSE:
        why = "the port is in use by another program: stop it, or choose another --port"
    elif error.errno == errno.EACCES:
        why = "this user may not listen on that port (below 1024): choose another --port"
    else:
        why = f"{error.strerror or error}: check --listen and --port"
    return f"cannot listen on {listen}:{port} for local mode: {why}"


LOCAL_LANGUAGES = ("en", "pl", "ru", "uk")
"""The languages of ``local --lang``: ``i18n.LANGUAGES`` (spelled out, so that reading the command line does not load
the catalogues; a test checks they are the same)."""


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", dest="local_port", type=int, default=8080, help="port to serve on (default 8080)")
    parser.add_argument(
        "--listen",
        dest="local_listen",
        default="127.0.0.1",
        help="address to serve on: 127.0.0.1 (the default), ::1 or localhost; nothing other computers reach",
    )
    parser.add_argument("--open", action="store_true", help="open the page in this computer's browser")
    parser.add_argument("--lang", choices=LOCAL_LANGUAGES, help="the page's language (default: from LANG)")


def announcer(path: str, served: list[str], browse: bool, language: str | None = None) -> Callable[[str], None]:
    """What to do once the page is served at a URL: say where (and where the games are) in the page's ``language``,
    open a browser if asked; ``served`` gets the URL (the page was served: a Ctrl-C from then on is a normal stop)."""
    from ..local import open_browser, ready_line

    def ready(url: str) -> None:
        served.append(url)
        print(ready_line(language, url, os.path.abspath(path)), flush=True)
        if browse:

            def open_it() -> None:
                if not open_browser(url):
                    say(f"no browser to open here: open {url} yourself")

            threading.Thread(target=open_it, daemon=True).start()

    return ready


def run(args: argparse.Namespace) -> int:
    """Serve local games until SIGINT / SIGTERM; the exit status."""
    from ..local import CannotListen, local_path, serve
    from ..webapp.local import loopback_listen

    config = configuration(WITHOUT_TELEGRAM)
    listen, port = args.local_listen, args.local_port
    if not loopback_listen(listen):
        raise Failure(
            ExitStatus.NOT_LOOPBACK,
            f"local mode serves this computer only: --listen must be 127.0.0.1, ::1 or localhost, not {listen}",
        )
    if not 0 <= port < 65536:
        raise Failure(ExitStatus.CONFIG, f"--port must be a port number from 1 to 65535, not {port}")
    set_up_logging(config)
    path = local_path()
    language = args.lang or os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG")
    served: list[str] = []

    async def play() -> None:
        await checked(path)
        await serve(
            path,
            listen=listen,
            port=port,
            language=(language or "en")[:2].lower(),
            ai_workers=config.ai_workers or None,  # local mode has no ai-workers: it always searches itself
            ai_seconds=config.ai_seconds,
            ready=announcer(path, served, args.open, language),
        )

    def done() -> None:
        """Stopping: another Ctrl-C (or SIGTERM) while the program ends changes nothing."""
        if served:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)

    try:
        try:
            with usable():
                asyncio.run(play())
        finally:
            done()
    except KeyboardInterrupt:
        done()
        if served:  # the moves are committed as they are made: nothing is lost
            return ExitStatus.OK
        say("stopped before the page was served")
        return ExitStatus.INTERRUPTED
    except CannotListen as exc:
        raise Failure(ExitStatus.PORT_IN_USE, cannot_listen(listen, port, exc.error)) from exc
    return ExitStatus.OK


COMMAND = Command(
    "local",
    "play on this computer, no token, no Telegram: hot-seat or against the bot, in a browser at "
    "http://127.0.0.1:8080/ (games in ./tochki-local.db, or TOCHKI_LOCAL_DB)",
    run,
    arguments,
)
