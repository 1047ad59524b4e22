"""Tests of ``render`` (board pictures and replays) and of where the bot draws them (``tochki_bot.painter``,
``tochki_bot.pictures``)."""
