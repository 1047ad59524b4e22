"""Where things are: the project's folders, the vendored test data, and a test's database."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
DATA = TESTS / "data"

Where = Callable[..., str]
"""The ``where`` fixture's type: ``where("x.db")`` is a file in the test's folder on SQLite, a fresh schema of a
throwaway PostgreSQL server on PostgreSQL (the same name gives the same database within a test)."""
