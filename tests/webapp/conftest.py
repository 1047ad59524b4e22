"""Fixtures the Mini App's and local mode's tests share."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.paths import Where
from tests.support.webapp import Site, open_site
from tochki_bot.local import picture
from tochki_bot.services import Services
from tochki_bot.webapp import WebAppServer


@pytest.fixture
async def site(where: Where) -> AsyncIterator[Site]:
    """The bot with its Mini App server on 127.0.0.1 and an HTTP client for it (``tests.support.webapp``)."""
    opened = await open_site(where)
    yield opened
    await opened.client.aclose()
    await opened.bot.stop()


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
