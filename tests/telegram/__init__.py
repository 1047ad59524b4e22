"""Tests of ``tochki_bot.telegram``: the bot end to end, against the fake Bot API."""
