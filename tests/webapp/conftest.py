"""Fixtures the Mini App's and local mode's tests share."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tochki_bot.local import picture
from tochki_bot.services import Services
from tochki_bot.webapp import WebAppServer


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[WebAppServer]:
    """Local mode's server on 127.0.0.1 over the services on a database of its own, the bot playing quickly."""
    services = await Services.open(tmp_path / "local.db", ai_workers=1, ai_seconds=0.05, ai_seed=3)
    web = WebAppServer(local=True, port=0, language="en", pictures=picture)
    await web.start(services)
    await services.opponent.start()
    try:
        yield web
    finally:
        await web.stop()
        await services.changes.settle()
        await services.close()
