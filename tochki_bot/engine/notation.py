"""The sports notation for points, ``x-y`` (2.10), parsed and written in one place.

Players type moves in many ways: ``20-18``, ``20 - 18``, ``20–18`` (en dash), ``20 18``, ``20:18``. All of them mean
x = 20 (from the left), y = 18 (from the bottom).
"""

from __future__ import annotations

import re

from .errors import IllegalMove, Reason
from .moves import Point

# Hyphen-minus, hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus, small and full-width hyphens.
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_POINT = re.compile(rf"^\s*(\d{{1,3}})\s*(?:[{_DASHES}:,./xх×*]|\s)\s*(\d{{1,3}})\s*$", re.IGNORECASE)
_STRICT = re.compile(rf"^\s*([0-9]{{1,2}})(?: ?[{_DASHES}] ?| )([0-9]{{1,2}})\s*$")
"""Only what cannot be anything but a move: ``20-18``, ``20 - 18``, ``20–18`` (any dash) or ``20 18``."""


def parse_point(text: str, width: int | None = None, height: int | None = None, *, strict: bool = False) -> Point:
    """Read a point written as ``x-y``.

    Spaces around the numbers and any dash (``-``, ``–``, ``—``, ``−``) or a space, ``:``, ``,``, ``.``, ``x`` between
    them are accepted. With ``strict``, only a dash of any kind (a space on either side at most) or one space is: what
    a chat message that is not meant as a move (``3:2``, ``1.5``, ``2, 3``) never looks like. With ``width`` and
    ``height`` the point must also lie on that board. Digits are decimal digits (``２０-１８`` is 20-18;
    superscripts are not digits); the strict form takes ASCII digits only.

    Raises ``IllegalMove`` with reason ``MALFORMED`` for text that is not a point and ``OFF_BOARD`` for a point outside
    the board.
    """
    match = (_STRICT if strict else _POINT).match(text)
    if match is None:
        raise IllegalMove(Reason.MALFORMED, f"not a move: {text!r} (expected x-y, for example 20-18)")
    point = Point(int(match.group(1)), int(match.group(2)))
    if width is not None and height is not None and not (1 <= point.x <= width and 1 <= point.y <= height):
        raise IllegalMove(Reason.OFF_BOARD, f"{point} is off the board (x is 1-{width}, y is 1-{height})", point)
    return point


def looks_like_point(text: str, *, strict: bool = False) -> bool:
    """True when ``text`` has the shape of a move (``x-y``), whatever the board (``strict``: see ``parse_point``)."""
    return (_STRICT if strict else _POINT).match(text) is not None


FIGURE_SPACE = "\u2007"
"""A space as wide as a digit."""


def format_point(point: tuple[int, int], digits: int = 0) -> str:
    """Write a point in the sports notation: ``Point(20, 18)`` becomes ``"20-18"``. This is the one place that writes
    it (``str(point)`` comes here too).

    ``digits`` pads each coordinate to that many digits with figure spaces (as wide as a digit), ``x`` on the left and
    ``y`` on the right, so that a column of points (a replay's captions) keeps its dash in place:

    >>> format_point((20, 18)), format_point((3, 4), digits=2)
    ('20-18', '\u20073-4\u2007')
    """
    x, y = point
    if digits:
        return f"{str(x).rjust(digits, FIGURE_SPACE)}-{str(y).ljust(digits, FIGURE_SPACE)}"
    return f"{x}-{y}"
