"""Settings read from stored or sent data are parsed to their types: a rule set, a start or a way to end that is not
one of the engine's, or a value of the wrong type, is a ``ValueError`` that names it, never a wrong-typed setting."""

from __future__ import annotations

from typing import get_args

import pytest

from tochki_bot.engine import (
    RULE_SETS,
    STOP_MODES,
    GameSettings,
    Point,
    RuleSet,
    Start,
    StopMode,
    parse_rule_set,
    parse_start,
    parse_stop_mode,
)


def test_each_name_parses_to_itself() -> None:
    assert [parse_rule_set(r) for r in RULE_SETS] == list(get_args(RuleSet))
    assert [parse_stop_mode(m) for m in STOP_MODES] == list(get_args(StopMode))
    assert [parse_start(s) for s in get_args(Start)] == list(get_args(Start))


@pytest.mark.parametrize("value", ["Sports", "chess", "", None, 1, ["sports"]])
def test_anything_else_is_named_in_the_error(value: object) -> None:
    with pytest.raises(ValueError, match="unknown rule set"):
        parse_rule_set(value)
    with pytest.raises(ValueError, match="unknown stop mode"):
        parse_stop_mode(value)
    with pytest.raises(ValueError, match="unknown start"):
        parse_start(value)


def test_the_settings_round_trip_through_their_dict() -> None:
    for settings in (
        GameSettings(),
        GameSettings(20, 20, "empty", rules="polish", instant_win=30, own_dot_penalty=True),
        GameSettings(12, 12, "custom", ((Point(3, 3), "blue"), (Point(4, 4), "red")), rules="territory"),
        GameSettings(30, 30, "four-crosses-random", seed=7, stop_mode="stop_phase", first_move_region=(10, 10, 5, 5)),
    ):
        assert GameSettings.from_dict(settings.to_dict()) == settings


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"width": "20"}, "width must be a whole number"),
        ({"width": None}, "width must be a whole number"),
        ({"height": 20.0}, "height must be a whole number"),
        ({"width": 2}, "board width must be an integer from 3 to 60"),
        ({"start": "spiral"}, "unknown start 'spiral'"),
        ({"rules": "go"}, "unknown rule set 'go'"),
        ({"stop_mode": "pass"}, "unknown stop mode 'pass'"),
        ({"rules": "polish", "stop_mode": "grounding"}, "the polish rules have no grounding or STOP"),
        ({"instant_win": "15"}, "instant_win must be a whole number"),
        ({"own_dot_penalty": 1}, "own_dot_penalty must be True or False"),
        ({"start": "custom", "setup": [[3, 3, "green"]]}, "a start dot must be blue or red, not 'green'"),
        ({"start": "custom", "setup": [[3, 3]]}, "a start dot must be \\[x, y, colour\\]"),
        ({"start": "custom", "setup": "3,3,blue"}, "setup must be a list"),
        ({"first_move_region": [1, 2, 3]}, "first_move_region must be"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"colour": "blue"}, "unknown settings colour"),
    ],
)
def test_bad_data_is_a_value_error_that_says_what(data: dict[str, object], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        GameSettings.from_dict({"width": 20, "height": 20, "start": "cross", **data})
