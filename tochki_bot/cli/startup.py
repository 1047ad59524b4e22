"""What must hold for the bot to start, checked before it starts (the database, the ports, the Bot API and the
token), and the exit status each problem found stands for."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ..config import Config, parse_listen
from .database import UNUSABLE, checked
from .program import ExitStatus, Failure, say

if TYPE_CHECKING:
    from ..telegram.reach import BotIdentity


def failure(exc: BaseException) -> Failure:
    """The ``Failure`` a problem found while starting stands for: its status, and its message with what to do.
    Anything else is raised again: a bug."""
    from ..telegram.reach import NotBotApi, StartupProblem, TokenRejected, Unreachable
    from ..telegram.webhook import CannotListen

    if isinstance(exc, Failure):
        return exc
    if isinstance(exc, UNUSABLE):
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


async def reach_telegram(config: Config) -> BotIdentity | None:
    """``getMe`` at the configured Bot API, tried ``config.start_retries`` more times while it is unreachable, with
    a line on stderr before each wait. The last ``Unreachable`` becomes a ``Failure`` that says how often it was
    tried."""
    from ..telegram.reach import Unreachable, reach

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
    from ..telegram.webhook import check_port

    await checked(config.db_path)
    if webhook:
        check_port(listen, port)
    if config.webapp_url:
        check_port(*parse_listen(config.webapp_listen), what="the Mini App (TOCHKI_WEBAPP_LISTEN)")
    bot = await reach_telegram(config)
    if bot is not None:
        logging.getLogger("tochki_bot").info("Telegram reached at %s: @%s", config.api_url, bot.username)
