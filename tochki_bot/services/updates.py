"""Telegram updates a worker accepted and has not handled yet (the inbox), for several workers behind one webhook.

A worker keeps each update before it answers Telegram (``accept``), so an update is handled once however many
workers it reaches, and an update a worker accepted and then could not handle (killed, say) is handled by another:
``orphans`` hands the updates of workers that are gone to the worker that asks. What an update changes is kept apart
from its repeats by the update's claim (``Database.transaction(update_id)``), so a taken-over update that had
been half handled changes nothing twice."""

from __future__ import annotations

import logging

from storage import Storage

log = logging.getLogger(__name__)


class Updates:
    """The inbox of accepted updates."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    async def accept(self, update_id: int, body: str) -> bool:
        """Keep an update (its JSON) before Telegram is told it arrived; ``False`` for one some worker accepted
        before (it must be left alone: it is handled, or being handled, there)."""
        return await self._storage.inbox.receive(update_id, body)

    async def done(self, update_id: int) -> None:
        """The update was handled (or dropped on purpose); a failure to note it is logged (the update would then be
        handled again only if this worker died, and change nothing twice)."""
        try:
            await self._storage.inbox.handled(update_id)
        except Exception:
            log.warning("could not note update %s as handled", update_id, exc_info=True)

    async def orphans(self, limit: int = 100) -> list[tuple[int, str]]:
        """Take over the updates of workers that are gone: ``(update_id, JSON)``, oldest first, this worker's to
        handle now."""
        return await self._storage.inbox.orphans(limit)

    async def waiting(self) -> int:
        """How many accepted updates are not handled yet, in every worker."""
        return await self._storage.inbox.waiting()
