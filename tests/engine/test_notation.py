"""Moves as players type them: ``x-y`` in many spellings, parsed in one place."""

from __future__ import annotations

import pytest

from tochki_bot.engine import IllegalMove, Point, Reason, format_point, looks_like_point, parse_point


@pytest.mark.parametrize(
    "text",
    [
        *("20-18", " 20-18 ", "20 - 18", "20–18", "20—18", "20−18", "20 18", "20:18", "20.18", "20x18", "20х18"),
        *("20,18", "２０-１８"),
    ],
)
def test_accepted_spellings(text: str) -> None:
    assert parse_point(text) == Point(20, 18)
    assert looks_like_point(text)


@pytest.mark.parametrize("text", ["", "20", "20-", "-18", "a-b", "20-18-3", "20--18", "1234-1", "20-18 please"])
def test_malformed(text: str) -> None:
    with pytest.raises(IllegalMove) as err:
        parse_point(text)
    assert err.value.reason is Reason.MALFORMED
    assert not looks_like_point(text)


def test_off_board_when_the_board_is_given() -> None:
    assert parse_point("39-32", 39, 32) == Point(39, 32)
    for text in ("40-1", "0-5", "5-33"):
        with pytest.raises(IllegalMove) as err:
            parse_point(text, 39, 32)
        assert err.value.reason is Reason.OFF_BOARD
        assert "off the board" in str(err.value)


def test_written_form() -> None:
    assert format_point(Point(20, 18)) == "20-18" == str(Point(20, 18))
    assert parse_point(format_point((7, 3))) == (7, 3)
