"""Shared test fixtures and paths."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
SHARED = TESTS.parent.parent / "shared"

# The reference rules implementation lives beside the tests.
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
