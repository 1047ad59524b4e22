"""Fixtures the use cases' tests share: a hand-moved clock and services on a fresh database (no search workers)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.harness import Clock
from tests.support.paths import Where
from tochki_bot.services import Services


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def services(where: Where, clock: Clock) -> AsyncIterator[Services]:
    """Services on a fresh database of each backend; a test module may define its own ``services`` instead."""
    opened = await Services.open(where(), clock=clock, ai_workers=0)
    yield opened
    await opened.close()
