"""Tests of ``tochki_bot.i18n``: the texts in every language."""
