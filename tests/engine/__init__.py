"""Tests of ``tochki_bot.engine``: the rules."""
