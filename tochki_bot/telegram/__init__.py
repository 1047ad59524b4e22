"""The Telegram front end: handlers that turn updates into calls of the services, and a announcer that turns the
views they give back into messages, pictures and buttons. The only part of tochki-bot that imports ``telegram``."""
