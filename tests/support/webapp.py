"""The Mini App for the tests: initData signed here from Telegram's specification (``sign``: independently of the
code under test), and the bot with its Mini App server on 127.0.0.1 and an HTTP client for it (``open_site``)."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any
from urllib.parse import quote, urlencode

import httpx

from tests.support.games import ANNA, BORIS, CLARA, STRANGER
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.webapp import WebAppServer

TOKEN = "123:TEST"
WEBAPP_URL = "https://tochki.example.org/app"
NAMES = {ANNA: "Анна", BORIS: "Boris", STRANGER: "Stranger", CLARA: "Clara"}


def sign(
    user_id: int,
    *,
    token: str = TOKEN,
    auth_date: float | None = None,
    start_param: str | None = None,
    extra: dict[str, str] | None = None,
) -> str:
    """initData as Telegram makes it, computed here from the specification (not with the code under test)."""
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps({"id": user_id, "first_name": NAMES.get(user_id, "X"), "language_code": "en"}),
        "auth_date": str(int(time.time() if auth_date is None else auth_date)),
        **({"start_param": start_param} if start_param else {}),
        **(extra or {}),
    }
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields, quote_via=quote)


def auth(user_id: int, **kwargs: Any) -> dict[str, str]:
    return {"Authorization": "tma " + sign(user_id, **kwargs)}


class Site:
    """The bot with its Mini App server, and an HTTP client for it."""

    def __init__(self, bot: Bot, server: WebAppServer, client: httpx.AsyncClient) -> None:
        self.bot, self.server, self.client = bot, server, client

    async def get(self, path: str, user_id: int | None, **kwargs: Any) -> httpx.Response:
        headers = auth(user_id, **kwargs) if user_id is not None else {}
        return await self.client.get(path, headers=headers)

    async def move(
        self, game_id: int, user_id: int, x: int, y: int, ply: int, key: str | None = None
    ) -> httpx.Response:
        body: dict[str, Any] = {"x": x, "y": y, "ply": ply}
        if key is not None:
            body["key"] = key
        return await self.client.post(f"/api/games/{game_id}/moves", json=body, headers=auth(user_id))


async def open_site(where: Where, **server_options: Any) -> Site:
    server = WebAppServer(token=TOKEN, listen="127.0.0.1", port=0, **server_options)
    bot = await Bot(where("bot.db"), webapp_url=WEBAPP_URL, extras=[server]).start()
    client = httpx.AsyncClient(base_url=server.base_url, timeout=10.0)
    return Site(bot, server, client)
