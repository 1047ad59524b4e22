"""The people and chats of the bot tests, and the commands that open their games.

Anna (Russian), Boris and a stranger (English) in the group ``GROUP``; Clara (English) for a second private game.
"""

from __future__ import annotations

import io
import re
from typing import Any

from PIL import Image

from tests.support.fakebot import FakeTelegram
from tests.support.harness import Bot
from tests.support.paths import Where
from tochki_bot.config import Config
from tochki_bot.services import LobbyChoice, Person, Place, Services
from tochki_bot.telegram.app import build_application

GROUP = -1001
ANNA = 11
BORIS = 22
STRANGER = 33
CLARA = 44


def users(fake: FakeTelegram) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    return fake.user(ANNA, "Анна", "ru"), fake.user(BORIS, "Boris", "en"), fake.user(STRANGER, "Stranger", "en")


def clara(fake: FakeTelegram) -> dict[str, Any]:
    return fake.user(CLARA, "Clara", "en")


async def open_group_game(
    bot: Bot, *, size: str = "20x20", start: str = "empty", chat: int = GROUP, thread_id: int | None = None
) -> int:
    """Anna opens a game (blue for her), Boris joins. Returns the lobby message id."""
    anna, boris, _ = users(bot.fake)
    await bot.say(chat, anna, "/new", thread_id=thread_id)
    lobby = int(bot.fake.last("sendMessage", chat).result["message_id"])
    await bot.press(chat, lobby, anna, bot.button(chat, lobby, "Я 🔵"))
    await bot.press(chat, lobby, anna, bot.button(chat, lobby, size))
    start_label = {"empty": "пустое", "cross": "скрест", "four-crosses": "четыре"}[start]
    await bot.press(chat, lobby, anna, bot.button(chat, lobby, start_label))
    await bot.press(chat, lobby, boris, bot.button(chat, lobby, "Играть"))
    return lobby


async def timed_game(services: Services, seconds: int, *, chat: int = GROUP) -> int:
    """A group game between Anna (blue) and Boris opened through the services, with ``seconds`` a move (shorter than
    ``/new`` allows: set in the database before the first move, which starts the clock). Returns the game's id."""
    place = Place(chat, "group", "G")
    anna, boris = Person(ANNA, "Anna"), Person(BORIS, "Boris")
    opened = await services.lobby.open(place, anna, LobbyChoice(10, 10, "empty", 60, colours="creator_blue"))
    await services.lobby.join(opened.view.id, boris, place)
    await services._core.storage.games.update(opened.view.id, move_seconds=seconds)
    return opened.view.id


async def private_game(bot: Bot, host: dict[str, Any], guest: dict[str, Any], *, host_blue: bool = True) -> int:
    """``host`` invites ``guest`` to a private game (``host`` plays blue unless told otherwise); the game's id."""
    fake = bot.fake
    await bot.say(host["id"], host, "/new 20x20 empty")
    lobby = fake.last("sendMessage", host["id"]).result
    label = (
        ("I play 🔵" if host_blue else "I play 🔴")
        if host["language_code"] == "en"
        else ("Я 🔵" if host_blue else "Я 🔴")
    )
    await bot.press(host["id"], lobby["message_id"], host, bot.button(host["id"], lobby["message_id"], label))
    link = re.search(r"start=(g[\w-]+)", fake.messages[(host["id"], lobby["message_id"])]["text"])
    assert link is not None
    await bot.say(guest["id"], guest, f"/start {link.group(1)}")
    games = await bot.db.games.of_user(host["id"], ("active",), kind="private")
    return games[0].id


async def watch_link(bot: Bot, chat: int = GROUP) -> str:
    """Anna asks for the spectator link of the game in ``chat``; its ``/start`` payload (``w...``)."""
    anna, _, _ = users(bot.fake)
    await bot.say(chat, anna, "/watch")
    link = re.search(r"start=(w[\w-]+)", bot.fake.texts(chat)[-1])
    assert link is not None
    return link.group(1)


def caption(bot: Bot, chat: int) -> str:
    """The caption of the newest photo sent to ``chat``."""
    return str(bot.fake.last("sendPhoto", chat).params["caption"])


def asked(bot: Bot, chat: int) -> tuple[int, str]:
    """A confirmation (resign? ground? STOP?) lives on the game's latest board in the chat where it was asked: that
    board's message id and its caption as it stands now."""
    board = int(bot.last_board(chat)["message_id"])
    return board, str(bot.fake.messages[(chat, board)]["caption"])


def png_of(call: Any) -> Image.Image:
    """The picture a call sent."""
    data = next(iter(call.files.values()))
    return Image.open(io.BytesIO(data))


def realistic(bot: Bot, where: Where, **settings: Any) -> Bot:
    """The bot with Telegram's real limits: 20 messages a minute in a group, 30 a second in all."""
    bot.config = Config(token="123:TEST", db_path=str(where("r.db")), **settings)
    bot.app = build_application(bot.config, request=bot.fake, clock=bot.clock)
    return bot


async def settled(bot: Bot) -> None:
    """Until the bot has made the moves it owes and every change is told."""
    for _ in range(3):
        await bot.services.opponent.settle()
        await bot.services.changes.settle()


def photos(fake: FakeTelegram, chat_id: int, *, failed: bool = False) -> list[Any]:
    """The photos sent to ``chat_id`` (``failed``: the sends that failed)."""
    return [
        c
        for c in fake.calls
        if c.method == "sendPhoto" and int(c.params["chat_id"]) == chat_id and (c.result == "failed") == failed
    ]
