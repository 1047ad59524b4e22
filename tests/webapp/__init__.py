"""Tests of ``tochki_bot.webapp``: the Mini App and local mode (``tochki_bot.local``), over HTTP and in a real
browser."""
