"""The tests, laid out like the packages they test (``tests/engine`` for ``tochki_bot/engine``, ...), with the
project-wide checks at the top and the helpers every folder shares in ``tests/support``."""
