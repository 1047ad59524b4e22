"""Whether a JSON answer is of a type of ``tochki_bot/webapp/contract.py``, key for key (the contract's tests, and
every test of a Mini App answer)."""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, kind: Any, where: str = "$") -> list[str]:
    """Where ``value`` (parsed JSON) is not of type ``kind`` (a contract type): an empty list when it is."""
    origin = get_origin(kind)
    if is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object ({kind.__name__})"]
        hints = get_type_hints(kind)
        required = kind.__required_keys__
        found = [f"{where}: no key {key!r}" for key in sorted(required - value.keys())]
        found += [f"{where}: a key the contract does not name: {key!r}" for key in sorted(value.keys() - hints.keys())]
        for key in value.keys() & hints.keys():
            found += problems(value[key], hints[key], f"{where}.{key}")
        return found
    if origin in (Union, types.UnionType):
        options = [problems(value, option, where) for option in get_args(kind)]
        return [] if any(not found for found in options) else [f"{where}: {value!r} is none of {kind}"]
    if origin is Literal:
        return [] if value in get_args(kind) else [f"{where}: {value!r} is not one of {get_args(kind)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(kind)
        return [problem for n, entry in enumerate(value) for problem in problems(entry, item, f"{where}[{n}]")]
    if origin is dict:
        key_type, value_type = get_args(kind)
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [p for k, v in value.items() for p in problems(k, key_type, where) + problems(v, value_type, where)]
    if kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if kind is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not true or false"]
    if kind is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r} is not an int"]
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if kind is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a string"]
    raise AssertionError(f"{where}: the checker does not know {kind!r}")


def assert_is(value: Any, kind: Any) -> None:
    found = problems(value, kind)
    assert not found, "\n".join(found)
