"""Tests of ``tochki_bot.ai``: the computer opponent."""
