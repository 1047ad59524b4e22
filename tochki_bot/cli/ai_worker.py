"""``tochki-bot ai-worker``: only the AI's job runner on ``TOCHKI_DB``, no token, no Telegram (more machines, more
searches at once)."""

from __future__ import annotations

import argparse
import asyncio
import signal

from ..config import Config
from ..services import default_path
from .configuration import WITHOUT_TELEGRAM, configuration, set_up_logging
from .database import checked, existing, open_existing, usable
from .program import Command, ExitStatus, Failure


async def work(path: str, absent: Failure, config: Config) -> None:
    """Take the AI's jobs from the database at ``path`` until SIGINT / SIGTERM; the searches under way are given
    back to the queue when it stops."""
    report = await checked(path)
    async with open_existing(path, absent=absent, ai_workers=config.ai_workers, ai_seconds=config.ai_seconds) as (
        services
    ):
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        due = await services.opponent.start(front=False)
        print(
            f"tochki-bot ai-worker: {services.opponent.workers} searches at once on {report.path}; "
            f"the bot is to move in {due} games (Ctrl-C stops)",
            flush=True,
        )
        await stop.wait()


def run(args: argparse.Namespace) -> int:
    """Take the AI's jobs from the database until SIGINT / SIGTERM; the exit status."""
    config = configuration(WITHOUT_TELEGRAM)
    if config.ai_workers == 0:
        raise Failure(
            ExitStatus.CONFIG,
            "an ai-worker that searches nothing does nothing: set TOCHKI_AI_WORKERS to 1 or more (default: the cores)",
        )
    path = default_path()
    absent = Failure(ExitStatus.DATABASE, f"no database at {path} (TOCHKI_DB): point it at the bot's database")
    existing(path, absent=absent)
    set_up_logging(config)
    try:
        with usable():
            asyncio.run(work(path, absent, config))
    except KeyboardInterrupt:
        return ExitStatus.INTERRUPTED
    return ExitStatus.OK


COMMAND = Command(
    "ai-worker",
    "only search for the bot: take the AI's jobs from the database (TOCHKI_DB) and make the bot's moves, "
    "TOCHKI_AI_WORKERS searches at once (default: the cores); no token, no Telegram. On PostgreSQL it may run "
    "on another machine: each ai-worker adds its cores to the bot's",
    run,
)
