"""Run the real bot (``Application``, handlers, processor, storage, rendering) against the fake Bot API."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from storage import GameRecord, Storage
from tests.support.fakebot import FakeTelegram, as_update
from tochki_bot.config import Config
from tochki_bot.services import Services
from tochki_bot.telegram.app import Extra, build_application, run_clock, send_what_is_posted, shutdown, startup
from tochki_bot.telegram.request import Front


class Clock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class RealClock(Clock):
    """The wall clock (the deadline watch sleeps in real time)."""

    def __call__(self) -> float:
        return time.time()


RUNNING: list[Bot] = []
"""Bots started and not stopped yet (a failed test's bots are stopped by the ``conftest`` fixture)."""


class Bot:
    """The application started against a fake Telegram, with helpers to talk to it."""

    def __init__(
        self,
        db_path: str | Path,
        fake: FakeTelegram | None = None,
        clock: Clock | None = None,
        *,
        extras: Sequence[Extra] = (),
        **config: Any,
    ) -> None:
        self.fake = fake or FakeTelegram()
        self.clock = clock or Clock()
        settings: dict[str, Any] = {
            "group_rate": 10**6,
            "chat_rate": 10**6,
            "overall_rate": 10**6,
            "clock_interval": 10**6,
            "deadlines": False,  # the tests pass the clock by hand (``tick``)
            "user_rate": 10**6,
            "ai_seconds": 0.1,  # the bot thinks briefly in tests; reproducibly
            "ai_seed": 1,
            "picture_workers": 0,  # pictures drawn in threads: no processes to start for each test's bot
        }
        self.config = Config(token="123:TEST", db_path=str(db_path), **(settings | config))
        self.app = build_application(self.config, request=self.fake, clock=self.clock, extras=extras)
        self.errors: list[BaseException] = []

    async def start(self) -> Bot:
        async def record_error(update: object, context: Any) -> None:
            self.errors.append(context.error)

        self.app.add_error_handler(record_error)
        await self.app.initialize()
        RUNNING.append(self)
        await startup(self.app)
        await self.app.start()
        return self

    async def stop(self) -> None:
        if self not in RUNNING:
            return
        RUNNING.remove(self)
        if self.app.running:
            await self.app.stop()
        await send_what_is_posted(self.app)
        await shutdown(self.app)
        await self.app.shutdown()

    @property
    def front(self) -> Front:
        front: Front = self.app.bot_data["front"]
        return front

    @property
    def services(self) -> Services:
        return self.front.services

    @property
    def db(self) -> Storage:
        """The database under the services (tests look at what was stored)."""
        return self.services._core.storage

    async def game(self, game_id: int) -> GameRecord:
        record = await self.db.games.get(game_id)
        assert record is not None, f"no game {game_id}"
        return record

    async def send(self, *updates: dict[str, Any], settle: bool = True) -> None:
        """Hand updates to the application (as the updater does) and wait until all are handled and (with
        ``settle``) everything they posted has gone and been remembered."""
        for data in updates:
            await self.app.update_queue.put(as_update(data, self.app.bot))
        await self.app.update_queue.join()
        if settle:
            await self.settle()

    async def settle(self) -> None:
        """Until every message posted has gone (or failed) and what follows it is done."""
        await self.front.announcer.settled()

    async def say(self, chat_id: int, user: dict[str, Any], text: str, **kwargs: Any) -> dict[str, Any]:
        update = self.fake.message_update(chat_id, user, text, **kwargs)
        await self.send(update)
        return update

    async def press(self, chat_id: int, message_id: int, user: dict[str, Any], data: str) -> None:
        await self.send(self.fake.callback_update(chat_id, message_id, user, data))

    async def tick(self) -> list[str]:
        """One pass of the clock; what it found, as ``remind_half``, ``remind_last``, ``timeout``, ``expired``."""
        found = await run_clock(self.app)
        await self.settle()
        return (
            [f"remind_{r.stage}" for r in found.reminders]
            + ["timeout"] * len(found.timeouts)
            + ["expired"] * len(found.expired)
        )

    def buttons(self, chat_id: int, message_id: int) -> list[list[dict[str, Any]]]:
        markup = self.fake.messages[(chat_id, message_id)].get("reply_markup") or {}
        rows: list[list[dict[str, Any]]] = markup.get("inline_keyboard", [])
        return rows

    def button(self, chat_id: int, message_id: int, text: str) -> str:
        for row in self.buttons(chat_id, message_id):
            for button in row:
                if text in button["text"]:
                    return str(button["callback_data"])
        raise AssertionError(f"no button {text!r} on message {message_id}")

    def last_board(self, chat_id: int) -> dict[str, Any]:
        board: dict[str, Any] = self.fake.last("sendPhoto", chat_id).result
        return board
