"""What differs between the SQL of SQLite and of PostgreSQL, in one place.

The repositories write one SQL text for both backends, in the subset the two share: ``?`` placeholders (the
PostgreSQL driver numbers them ``$1, $2, ...``), ``INSERT ... ON CONFLICT``, ``CASE WHEN`` instead of summing
comparisons, an alias on every sub-select in ``FROM``, ``CAST(? AS ...)`` where a parameter's type cannot be inferred
(``INSERT ... SELECT ?``). New ids come back through ``Database.insert``. The few spellings that differ are here, and
the schema's are in ``schema.py`` (each migration in both dialects where needed).

Booleans are stored as integers 0 / 1 on both (``reachable``, ``rated``, ``live``, ``public``); times are seconds as
``REAL`` (SQLite) / ``DOUBLE PRECISION`` (PostgreSQL); ids are ``INTEGER`` (64 bits in SQLite) / ``BIGINT``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

Backend = Literal["sqlite", "postgres"]


@dataclass(frozen=True, slots=True)
class Dialect:
    """The spellings that differ. ``name`` is ``"sqlite"`` or ``"postgres"``."""

    name: Backend
    differs: str
    """Null-safe "is different from" (``a differs b`` is true when one is NULL and the other is not)."""
    octet_length: str
    """The size in bytes of a text value, with ``{}`` for the expression."""
    skip_locked: str = ""
    """What ends a sub-select that picks a row to take from a queue: PostgreSQL locks the row and passes over rows
    another transaction holds (``FOR UPDATE SKIP LOCKED``); SQLite needs nothing, its writers take turns."""
    for_update: str = ""
    """What ends a select whose rows a write transaction is about to change from what it read (a rating): PostgreSQL
    locks them until the commit (``FOR UPDATE``), so that two transactions changing the same rows take turns;
    SQLite needs nothing, its writers take turns."""

    def bytes_of(self, expression: str) -> str:
        """SQL for the size in bytes of ``expression``, a text."""
        return self.octet_length.format(expression)


SQLITE = Dialect("sqlite", differs="IS NOT", octet_length="LENGTH(CAST({} AS BLOB))")
POSTGRES = Dialect(
    "postgres",
    differs="IS DISTINCT FROM",
    octet_length="OCTET_LENGTH({})",
    skip_locked=" FOR UPDATE SKIP LOCKED",
    for_update=" FOR UPDATE",
)

_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?")


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (a ``?`` inside a quoted string or name stays):

    >>> numbered("SELECT '?', x FROM t WHERE a = ? AND b IN (?, ?)")
    "SELECT '?', x FROM t WHERE a = $1 AND b IN ($2, $3)"
    """
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _TOKENS.sub(number, sql)
