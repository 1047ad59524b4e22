"""``python -m tochki_bot``: the command line (``tochki_bot.cli``)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
