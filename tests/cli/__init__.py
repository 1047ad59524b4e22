"""Tests of the ``tochki-bot`` program: its commands, run as processes."""
