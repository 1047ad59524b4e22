"""Changes to games, told to whoever listens in this process: the front ends that did not make a change (a move from
the Mini App must appear in the chat; a move in the chat must reach an open Mini App page) and the AI player (whose
turn it may now be). Each change names its origin, so a front end can leave out what it showed itself.

Listening is a convenience of one process, not a guarantee: what players must hear about is owed in the outbox,
which survives crashes and is made again when a listener could not."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Literal

from .model import GameView

log = logging.getLogger(__name__)

Origin = Literal["chat", "webapp", "ai", "clock"]
"""Who made a change: a chat command or button, the Mini App, the AI player, the clock's pass."""
Listener = Callable[[GameView, Origin], Awaitable[None]]
"""Called with the game as it is after the change."""


class Changes:
    """The listeners of this process. ``publish`` never waits for them and never fails because of them."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._running: set[asyncio.Task[None]] = set()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change from now on; returns what stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def publish(self, view: GameView, origin: Origin) -> None:
        """Tell every listener (each in a task of its own) that ``view`` is the game after a change by ``origin``."""
        for listener in list(self._listeners):
            task = asyncio.get_running_loop().create_task(self._tell(listener, view, origin))
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


__all__ = ["Changes", "Listener", "Origin"]
