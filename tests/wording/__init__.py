"""Tests of ``tochki_bot.wording``: the sentences every front end says the same way."""
