"""Command line entry point: ``tochki-bot`` / ``python -m tochki_bot``."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run what it asks for."""
    parser = argparse.ArgumentParser(prog="tochki-bot", description="A Telegram bot for playing Точки (Points).")
    parser.parse_args(argv)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
