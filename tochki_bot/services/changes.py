"""Changes to games, told to whoever listens in this process: the front ends that did not make a change (a move from
the Mini App must appear in the chat; a move in the chat must reach an open Mini App page) and the AI player (whose
turn it may now be). Each change names its origin, so a front end can leave out what it showed itself.

Listening is a convenience of one process, not a guarantee: what players must hear about is owed in the outbox,
which survives crashes and is made again when a listener could not.

Several workers on one database: a change is told to this process's listeners only (the worker that made it shows it
in the chats and moves the bot), and every worker's watchers hear the game's number (``watch``): each change is sent
to the other workers (``relay``, a PostgreSQL ``NOTIFY``), which tell their own watchers (``arrived``). That is how
a Mini App page waiting on one worker hears of a move made through another."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Literal

from .model import GameView

log = logging.getLogger(__name__)

Origin = Literal["chat", "webapp", "ai", "clock"]
"""Who made a change: a chat command or button, the Mini App, the AI player, the clock's pass."""
Listener = Callable[[GameView, Origin], Awaitable[None]]
"""Called with the game as it is after the change."""
Watcher = Callable[[int], None]
"""Called with the number of a game that changed, in this process or another."""


class Changes:
    """The listeners of this process. ``publish`` never waits for them and never fails because of them."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._watchers: list[Watcher] = []
        self._relay: Callable[[int], Coroutine[Any, Any, None]] | None = None
        self._running: set[asyncio.Task[None]] = set()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change from now on; returns what stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def watch(self, watcher: Watcher) -> Callable[[], None]:
        """Call ``watcher(game_id)`` (at once, it must not block) after every change of a game, made in this process
        or, with several workers, in another; returns what stops it."""
        self._watchers.append(watcher)
        return lambda: self._watchers.remove(watcher) if watcher in self._watchers else None

    def relay(self, send: Callable[[int], Coroutine[Any, Any, None]]) -> None:
        """Send the number of each game changed here to the other workers with ``send`` (which must not fail)."""
        self._relay = send

    def publish(self, view: GameView, origin: Origin) -> None:
        """Tell every listener (each in a task of its own) that ``view`` is the game after a change by ``origin``;
        every watcher here and in the other workers that the game changed."""
        for listener in list(self._listeners):
            self._start(self._tell(listener, view, origin))
        self.touched(view.id)

    def touched(self, game_id: int) -> None:
        """Tell every watcher here and in the other workers that the game changed in a way only what shows it needs
        to hear (a draw offered or declined: the chats are told through the outbox, the listeners not at all)."""
        self.arrived(game_id)
        if self._relay is not None:
            self._start(self._relay(game_id))

    def arrived(self, game_id: int) -> None:
        """A game changed (in another worker, or here): tell the watchers."""
        for watcher in list(self._watchers):
            try:
                watcher(game_id)
            except Exception:
                log.exception("a watcher failed on game %s", game_id)

    def _start(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _tell(self, listener: Listener, view: GameView, origin: Origin) -> None:
        try:
            await listener(view, origin)
        except Exception:
            log.exception("a listener failed on game %s at move %s", view.id, view.ply)

    async def settle(self) -> None:
        """Wait until every listener told so far is done (tests, and shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)


__all__ = ["Changes", "Listener", "Origin", "Watcher"]
