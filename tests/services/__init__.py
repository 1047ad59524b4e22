"""Tests of ``tochki_bot.services``: the use cases."""
