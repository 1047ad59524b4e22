"""Tournaments: what a tournament owes its group (a round's pairings and first boards, the standings after a round,
the end, a cancellation) is made in the tournament's order and settled here, in the tournament's outbox: told once
made, failed (to be made again later) when it was not, and then the ones after it wait. ``telegram.tournaments``
writes and sends each announcement (``Make``); one tournament's announcements are made by one worker at a time."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from ...services import TournamentNotice, TournamentView
from .lobbies import Lobbies

log = logging.getLogger(__name__)

Make = Callable[[TournamentNotice, TournamentView], Awaitable[bool]]
"""Make one announcement; whether it is all done (else it is made again later, without what is out already)."""


class Tournaments(Lobbies):
    """Settles what tournaments owe."""

    async def tournament_notices(
        self, make: Make, tournament_id: int | None = None, *, grace: float | None = None
    ) -> int:
        """Make the announcements owed with ``make``: one tournament's all (after a change made here), or every one
        this worker is to make (the clock's pass: those owed longer than ``grace``). Returns how many were made."""
        services = self.services
        if tournament_id is not None:
            owed = await services.tournaments.owed_of(tournament_id)
        else:
            owed = await services.tournaments.owed(**({} if grace is None else {"grace": grace}))
        made = 0
        for tid in dict.fromkeys(view.id for _, view in owed):
            async with services.exclusive("tournament-notices", tid):
                for notice, view in await services.tournaments.owed_of(tid):  # as they are now, under the lock
                    try:
                        if await make(notice, view):
                            await services.tournaments.told(notice)
                            made += 1
                        else:
                            await services.tournaments.failed(notice)
                            break  # the next ones wait for this one: the group reads them in order
                    except Exception:
                        log.exception(
                            "tournament %s: the %s of round %s could not be made", tid, notice.kind, notice.round
                        )
                        await services.tournaments.failed(notice)
                        break
        return made
