"""The AI's job runner (``tochki_bot.services.runner``): it ends when it is closed, whatever it was doing."""

from __future__ import annotations

import asyncio

from tests.support.paths import Where
from tochki_bot.services import Services


async def test_a_runner_woken_as_it_is_closed_still_ends(where: Where) -> None:
    """Local mode's tests hung now and then in their teardown: a job had just ended (which wakes the runner) as the
    runner was closed. On Python 3.11 ``asyncio.wait_for`` returns the result of what it waited for when a
    cancellation arrives as that ends, so the runner's loop lost the cancellation and went on polling; ``close()``
    waited for it forever. Failed (timed out) before its fix."""
    services = await Services.open(where("r.db"), ai_workers=1, ai_seconds=0.05)
    try:
        await services.opponent.start()
        runner = services.opponent.runner
        assert runner is not None
        await asyncio.sleep(0.05)  # the runner looked at the empty queue and waits for a wake-up
        runner.wake()  # a job ended: the runner's event is set ...
        await asyncio.wait_for(runner.close(), timeout=10)  # ... and it is closed in the same moment
    finally:
        await services.close()
