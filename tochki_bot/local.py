"""``tochki-bot local``: play on this computer, with no token and no Telegram.

The Mini App's page and API (``webapp``, in local mode) on ``127.0.0.1``, over the bot's own services (the same
engine, storage and bot opponent) on a database of its own (``./tochki-local.db``, or ``TOCHKI_LOCAL_DB``), and the
bot's board pictures for the page's PNG export, and the clock of games with a time per move (``keep_time``). It
runs until SIGINT or SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import webbrowser
from collections.abc import Callable

from render import HD, render_png

from .i18n import Language, language_for, t
from .pictures import board_view
from .services import GameView, Services
from .webapp import WebAppServer
from .wording import drawn_name, in_language, picture_line

log = logging.getLogger(__name__)

DEFAULT_DB = "tochki-local.db"
DEFAULT_PORT = 8080
CLOCK_EVERY = 1.0
"""Local mode's clock looks at the games this often (seconds): a game is lost on time within about this long of its
deadline. (One query of a small local database a second.)"""


class CannotListen(Exception):
    """The page cannot be served on ``listen:port`` (``error`` says why: the port is in use, say)."""

    def __init__(self, listen: str, port: int, error: OSError) -> None:
        super().__init__(f"cannot listen on {listen}:{port}: {error}")
        self.listen, self.port, self.error = listen, port, error


def local_path() -> str:
    """The local games' database: ``$TOCHKI_LOCAL_DB``, else ``./tochki-local.db`` (never the bot's)."""
    return (os.environ.get("TOCHKI_LOCAL_DB") or "").strip() or DEFAULT_DB


def picture(view: GameView, lang: Language) -> bytes:
    """The game's board as the bot's ``/png`` draws it (up to 2560 px), with its status line."""
    view = in_language(lang, view)
    board = board_view(
        view.position,
        blue=drawn_name(lang, view, "blue"),
        red=drawn_name(lang, view, "red"),
        caption=picture_line(lang, view),
        closing=view.closing,
    )
    return render_png(board, max_side=HD, compress_level=6)


async def keep_time(services: Services, stop: asyncio.Event, every: float = CLOCK_EVERY) -> None:
    """Until ``stop`` is set: decide the games whose time per move ran out, every ``every`` seconds (the page hears of
    it through its long poll; nobody is reminded: the page shows the time left)."""
    while not stop.is_set():
        try:
            await services.clock.tick()
        except Exception:  # a pass that fails is tried again at the next one
            log.exception("local mode: the clock's pass failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


def ready_line(language: str | None, url: str, path: str) -> str:
    """What ``tochki-bot local`` says once the page is there, in the page's language (``language``: ``--lang`` or
    the locale, ``ru_RU.UTF-8`` say)."""
    return t(language_for((language or "en")[:2]), "local_ready", url=url, path=path)


def url_of(server: WebAppServer) -> str:
    return server.base_url + "/"


async def serve(
    db_path: str,
    *,
    listen: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    language: str | None = None,
    ai_workers: int | None = None,
    ai_seconds: float | None = None,
    ready: Callable[[str], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve local games until ``stop`` is set (or SIGINT / SIGTERM). ``ready(url)`` is called once the page is
    there. Raises ``CannotOpen`` / ``SchemaTooNew`` for the database and ``CannotListen``."""
    stop = stop or asyncio.Event()
    server = WebAppServer(local=True, listen=listen, port=port, language=language, pictures=picture)
    services = await Services.open(db_path, ai_workers=ai_workers, ai_seconds=ai_seconds, announcing=False)
    clock: asyncio.Task[None] | None = None
    loop = asyncio.get_running_loop()
    handled: list[signal.Signals] = []
    try:
        try:
            await server.start(services)
        except OSError as exc:
            raise CannotListen(listen, port, exc) from None

        await services.opponent.start()  # the bot moves in its games, also those it was to move in when stopped
        clock = asyncio.create_task(keep_time(services, stop))
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
                handled.append(sig)
        if ready is not None:
            ready(url_of(server))
        await stop.wait()
    finally:
        try:  # a second Ctrl-C while closing changes nothing: the handlers stay until the database is closed
            stop.set()
            if clock is not None:
                await clock
            await server.stop()
            await services.changes.settle()
            await services.close()
        finally:
            for sig in handled:
                loop.remove_signal_handler(sig)


def open_browser(url: str) -> bool:
    """Open ``url`` in this computer's browser, if there is one; whether it was."""
    try:
        return webbrowser.open(url)
    except webbrowser.Error:
        return False


__all__ = [
    "DEFAULT_DB",
    "DEFAULT_PORT",
    "CannotListen",
    "keep_time",
    "local_path",
    "open_browser",
    "picture",
    "ready_line",
    "serve",
]
