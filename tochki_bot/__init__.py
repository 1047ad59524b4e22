"""tochki-bot: play Точки (Points, Kropki) by the sports rules in Telegram."""

__version__ = "0.1.0"
