"""Button data: every kind round-trips, stays within Telegram's 64 bytes, and anything else is refused."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tochki_bot.telegram import callbacks as cb

BIG = 10**12 - 1  # the largest number a field takes (12 digits)


def values(kind: type[cb.Callback]) -> st.SearchStrategy[cb.Callback]:
    hints = typing.get_type_hints(kind)
    fields: dict[str, st.SearchStrategy[object]] = {}
    for field in dataclasses.fields(kind):
        hint = hints[field.name]
        if hint is int:
            fields[field.name] = st.integers(0, BIG)
        elif hint is bool:
            fields[field.name] = st.booleans()
        elif typing.get_args(hint):
            fields[field.name] = st.sampled_from(typing.get_args(hint))
        else:
            fields[field.name] = st.text("abcxyz0123456789_-", min_size=1, max_size=16)
    return st.builds(kind, **fields)


ALL = st.one_of(*(values(kind) for kind in cb.KINDS.values()))


@given(ALL)
def test_every_button_round_trips_within_64_bytes(data: cb.Callback) -> None:
    encoded = data.encode()
    assert len(encoded.encode()) <= cb.MAX_BYTES
    assert cb.decode(encoded) == data
    assert type(data).matches(encoded)
    assert all(not other.matches(encoded) for other in cb.KINDS.values() if other is not type(data))


@given(st.text(max_size=80))
def test_anything_else_is_refused_or_read_as_exactly_what_it_encodes(text: str) -> None:
    data = cb.decode(text)
    assert data is None or data.encode() == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "M",
        "M:1:2:3",
        "M:1:2:3:4:5",
        "M:-1:2:3:4",
        "M:1:²:3:4",
        "M:1:2:3:1e3",
        "M:1:2:3:" + "9" * 13,
        "W:1:2:3:4:2",
        "S:1:colour:x",
        "S:1:size:DROP TABLE",
        "P:delete:5",
        "R:1:2:3:yes",
        "Q:1",
        "L:1:join",
        "J:1:" + "x" * 70,
    ],
)
def test_malformed_and_forged_data_is_refused(text: str) -> None:
    assert cb.decode(text) is None


def test_each_kind_has_its_own_letter() -> None:
    assert len({kind.KIND for kind in cb.KINDS.values()}) == len(cb.KINDS) >= 14
