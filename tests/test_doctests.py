"""The examples in docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tochki_bot.engine",
    "tochki_bot.engine.game",
    "tochki_bot.engine.sgf",
    "tochki_bot.i18n",
    "render",
    "storage",
    "tochki_bot.services",
    "tochki_bot.telegram.callbacks",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
