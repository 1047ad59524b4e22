"""Command line entry point: ``tochki-bot`` / ``python -m tochki_bot``.

- ``tochki-bot``: run the bot with long polling.
- ``tochki-bot --webhook https://example.org/tochki --secret-token S [--listen 127.0.0.1 --port 8443]``: webhook mode.
- ``tochki-bot backup PATH``: a consistent copy of the live database.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from urllib.parse import urlparse

from .config import Config, ConfigError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tochki-bot",
        description="A Telegram bot for playing Точки (Points) by the sports rules. "
        "Configuration comes from the environment: TELEGRAM_BOT_TOKEN (required), TOCHKI_DB, "
        "TELEGRAM_API_BASE_URL, TELEGRAM_FILE_BASE_URL, LOG_LEVEL; the Mini App: TOCHKI_WEBAPP_URL, "
        "TOCHKI_WEBAPP_LISTEN, TOCHKI_WEBAPP_NAME.",
    )
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
    backup = sub.add_parser("backup", help="write a consistent copy of the database to PATH")
    backup.add_argument("path")
    return parser


async def _backup(db_path: str, target: str) -> None:
    from .services import Services

    services = await Services.open(db_path)
    try:
        await services.backup(target)
    finally:
        await services.close()


def main(argv: list[str] | None = None) -> int:
    """Run what the command line asks for; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "backup":
        from .services import default_path

        source = default_path()
        if not os.path.isfile(source):  # opening it would create an empty database: there is nothing to back up
            print(f"backup failed: no database at {source} (TOCHKI_DB)", file=sys.stderr)
            return 1
        try:
            asyncio.run(_backup(source, args.path))
        except (OSError, FileExistsError) as exc:
            print(f"backup failed: {exc}", file=sys.stderr)
            return 1
        print(f"backup written to {args.path}")
        return 0
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)

    from .telegram.app import Extra, run

    extras: list[Extra] = []
    if config.webapp_url:
        from .config import parse_listen
        from .webapp import WebAppServer

        host, port = parse_listen(config.webapp_listen)
        extras.append(WebAppServer(token=config.token, listen=host, port=port))
    if args.webhook:
        url = urlparse(args.webhook)
        if url.scheme != "https" or not url.netloc:
            print("--webhook needs a public https:// URL", file=sys.stderr)
            return 2
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
