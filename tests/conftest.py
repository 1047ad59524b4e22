"""Shared test fixtures and paths."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
SHARED = TESTS.parent.parent / "shared"

# The reference rules implementation lives beside the tests.
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))


@pytest.fixture(autouse=True)
async def _stop_leftover_bots():
    """A test that fails half-way leaves its bots running, and their database threads would keep pytest from
    exiting: stop them."""
    yield
    from harness import RUNNING

    for bot in list(RUNNING):
        await bot.stop()
