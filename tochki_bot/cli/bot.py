"""``tochki-bot [--webhook URL --secret-token S --listen A --port P]``: run the bot, with long polling or a webhook.

Before the bot starts, the database, the webhook's port and the Bot API are checked, in that order (``startup``),
and a start that cannot succeed ends with one line on stderr and its own exit status, never a traceback."""

from __future__ import annotations

import argparse
import asyncio
import os
from urllib.parse import urlparse

from ..config import parse_listen
from .configuration import configuration, set_up_logging
from .program import Command, ExitStatus, Failure, say
from .startup import failure, preflight


def arguments(parser: argparse.ArgumentParser) -> None:
    """The bot's options (on the program's own parser: running the bot is what ``tochki-bot`` does by default)."""
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


def run(args: argparse.Namespace) -> int:
    """Run the bot; an exit status when it cannot start (or 0 when it stopped)."""
    config = configuration()
    if args.webhook:
        url = urlparse(args.webhook)
        if url.scheme != "https" or not url.netloc:
            raise Failure(ExitStatus.CONFIG, "--webhook needs a public https:// URL")
    set_up_logging(config)
    try:
        asyncio.run(preflight(config, webhook=args.webhook, listen=args.listen, port=args.port))
        from ..telegram.app import Extra
        from ..telegram.app import run as run_bot

        extras: list[Extra] = []
        if config.webapp_url:
            from ..webapp import WebAppServer

            host, webapp_port = parse_listen(config.webapp_listen)
            extras.append(WebAppServer(token=config.token, listen=host, port=webapp_port))
        if args.webhook:
            run_bot(
                config,
                webhook=args.webhook,
                listen=args.listen,
                port=args.port,
                secret_token=args.secret_token,
                extras=extras,
            )
        else:
            run_bot(config, extras=extras)
    except KeyboardInterrupt:
        say("stopped before the bot started")
        return ExitStatus.INTERRUPTED
    except Exception as exc:
        raise failure(exc) from exc  # anything that is not a known start-up problem is raised again: a bug
    return ExitStatus.OK


COMMAND = Command("", "run the bot (the default)", run, arguments)
