"""The application's life on one event loop, from its start to its stop, whatever the mode (long polling, webhook).

python-telegram-bot's ``run_polling`` stops the event loop from its signal handler. A stop signal that comes while
the bot is still starting (opening the database, registering its menus) then ends the loop in the middle of that
work: a database call is left in flight on a loop that is gone, and its worker thread dies when it tries to hand
the answer back (aiosqlite's thread hands every answer to the loop that asked). Whatever runs after that on another
loop waits for the database forever, and the process never ends.

Here a stop signal only sets an event. The start runs to its end, then the stop runs in order: stop listening, stop
the application, ``post_stop``, shut down, ``post_shutdown``. A signal that came during the start skips listening
altogether. Everything happens on the one loop ``asyncio.run`` made, so nothing is ever left in flight.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Application

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop the bot (``Ctrl+C``, ``kill``, a service manager's stop)."""

POLL_TIMEOUT = timedelta(seconds=10)
"""How long ``getUpdates`` may wait for an update (long polling), as python-telegram-bot's ``run_polling``."""


@dataclass(frozen=True)
class Listening:
    """How updates come in: ``begin`` starts taking them (after ``post_init``, before the application starts),
    ``end`` stops (before the application stops)."""

    begin: Callable[[], Awaitable[None]]
    end: Callable[[], Awaitable[None]]


async def serve(application: Application[Any, Any, Any, Any, Any, Any], listening: Listening) -> None:
    """Run ``application`` until SIGINT or SIGTERM: initialize, ``post_init``, ``listening.begin``, start; on a
    signal ``listening.end``, stop, ``post_stop``, shut down, ``post_shutdown``. An error at the start (Telegram
    unreachable, a token refused) is raised once the shutdown has run."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stopping.set)
    listened = False
    try:
        await application.initialize()
        try:
            if application.post_init is not None:
                await application.post_init(application)
            if stopping.is_set():
                log.info("a stop signal came while the bot was starting: it stops")
                return
            listened = True
            await listening.begin()
            await application.start()
            await stopping.wait()
            log.info("stopping")
        finally:
            if listened:
                await listening.end()
            if application.running:
                await application.stop()
                if application.post_stop is not None:
                    await application.post_stop(application)
            await application.shutdown()
            if application.post_shutdown is not None:
                await application.post_shutdown(application)
    finally:
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)


LAST_POLL = "Error while calling `get_updates` one more time"
"""How python-telegram-bot's log line begins when the last ``getUpdates`` of a stop (the one that marks the updates
fetched as read) fails."""


class LastPollFailed(logging.Filter):
    """python-telegram-bot logs a failed last ``getUpdates`` of a stop (Telegram slow or gone) with a traceback. It is
    harmless: the updates since the one before may come again at the next start, and each is recognised as a repeat
    (its id was stored). One warning line says so instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith(LAST_POLL):
            error = record.exc_info[1]
            record.msg = (
                "the last getUpdates of the stop failed (%s): updates may come again at the next start, as repeats"
            )
            record.args = (error,)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def _quiet_last_poll() -> None:
    updater_log = logging.getLogger("telegram.ext.Updater")
    if not any(isinstance(f, LastPollFailed) for f in updater_log.filters):
        updater_log.addFilter(LastPollFailed())


def polling(application: Application[Any, Any, Any, Any, Any, Any]) -> Listening:
    """Long polling (``getUpdates``) for every update type, as python-telegram-bot's ``run_polling`` does it: an
    error while polling goes to the application's error handlers, and the polling goes on."""
    updater = application.updater
    if updater is None:
        raise ValueError("long polling needs the application's updater")

    _quiet_last_poll()

    def failed(exc: TelegramError) -> None:
        application.create_task(application.process_error(error=exc, update=None))

    async def begin() -> None:
        await updater.start_polling(timeout=POLL_TIMEOUT, allowed_updates=Update.ALL_TYPES, error_callback=failed)

    async def end() -> None:
        if updater.running:
            try:
                await updater.stop()
            except Exception:  # the stop goes on: the application is stopped and the database closed all the same
                log.warning("the long polling did not stop cleanly", exc_info=True)

    return Listening(begin, end)


async def run_polling(application: Application[Any, Any, Any, Any, Any, Any]) -> None:
    """Run ``application`` with long polling until SIGINT or SIGTERM (see ``serve``)."""
    await serve(application, polling(application))


__all__ = [
    "LAST_POLL",
    "POLL_TIMEOUT",
    "STOP_SIGNALS",
    "LastPollFailed",
    "Listening",
    "polling",
    "run_polling",
    "serve",
]
