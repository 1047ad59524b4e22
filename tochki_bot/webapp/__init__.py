"""The Mini App: a page in Telegram that shows a game live, zooms and pans, and plays a tapped point, over the same
services as the chat (a tap is the same move as ``/m x-y``: the same checks, the same ply guard, the same one board
in the chat).

``WebAppServer`` serves the page and the JSON API (``server``); ``Api`` is what the API may show and do for a
verified viewer (``api``); ``auth`` checks Telegram's signed ``initData`` (a pluggable ``Authenticator``); ``state``
builds the JSON the page draws from; ``local`` is local mode (``tochki-bot local``: no Telegram, this computer
only, hot-seat and the bot). This package imports the services, i18n and engine values: never storage,
never Telegram.
"""

from .api import Api, RateLimit, Reply, start_target, update_id_of
from .auth import Authenticator, InitDataAuthenticator, Viewer, sign_init_data, verify_init_data
from .local import LocalApi, LocalAuthenticator
from .server import TELEGRAM_JS, WebAppServer

__all__ = [
    "TELEGRAM_JS",
    "Api",
    "Authenticator",
    "InitDataAuthenticator",
    "LocalApi",
    "LocalAuthenticator",
    "RateLimit",
    "Reply",
    "Viewer",
    "WebAppServer",
    "sign_init_data",
    "start_target",
    "update_id_of",
    "verify_init_data",
]
