"""The bot's life on one event loop (``tochki_bot.telegram.lifecycle``): what its log says at a stop."""

from __future__ import annotations

import logging

import pytest
from telegram.error import TimedOut
from telegram.ext import Application

from tochki_bot.telegram.lifecycle import LAST_POLL, polling


def test_a_failed_last_poll_of_a_stop_is_one_warning_line_not_a_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Found by the CI on a busy machine: the last getUpdates of a stop timed out and python-telegram-bot logged it
    with a traceback, which reads like a crash. Its updates come again at the next start, as repeats."""
    polling(Application.builder().token("1:TEST").build())
    polling(Application.builder().token("1:TEST").build())  # a second bot in the process: still one filter
    updater_log = logging.getLogger("telegram.ext.Updater")
    assert len(updater_log.filters) == 1
    with caplog.at_level(logging.INFO, logger="telegram.ext.Updater"):
        try:
            raise TimedOut("Timed out")
        except TimedOut:
            updater_log.exception(LAST_POLL + " to mark all fetched updates. Suppressing error ...")
        updater_log.info("Updater stopped")
    failed, stopped = caplog.records
    assert failed.levelname == "WARNING" and failed.exc_info is None
    assert failed.getMessage().startswith("the last getUpdates of the stop failed (Timed out)")
    assert "Traceback" not in caplog.text
    assert stopped.getMessage() == "Updater stopped"  # other lines go as they are
