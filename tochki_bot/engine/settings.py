"""What a game is created with: board size, start position (sports rules 1.4, 4.1-4.4) and the rule set.

The rule sets and their options are described in docs/rules.md#rule-sets.
``GameSettings()`` is the sports game every existing caller knows: 39x32, a cross, automatic captures and
grounding.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Literal, get_args

from .colour import BLUE, COLOURS, RED, Colour
from .moves import Point

Start = Literal["cross", "double-cross", "four-crosses", "four-crosses-random", "empty", "custom"]
"""The start positions: the sports ``cross`` (4.3), playdots' ``double-cross``, ``four-crosses`` (4.4, tie-breaks),
``four-crosses-random`` (the NOTAGO generator, docs/rules.md#starts, from the settings' ``seed``), ``empty`` (zagram),
and ``custom``: the dots listed in the settings' ``setup`` (records from zagram.org put their crosses anywhere)."""

STARTS: tuple[Start, ...] = ("cross", "double-cross", "four-crosses", "empty")
"""The fixed start positions a new game can be created with by name (``four-crosses-random`` also needs a seed)."""

RuleSet = Literal["sports", "polish", "territory"]
"""The rule sets (docs/rules.md#rule-sets): ``sports`` (automatic captures), ``polish`` (szkrab.net.pl Kropki:
manual closures, a closure is one whole pool), ``territory`` (zagram "na terytorium": manual closures along any
simple ring of own dots, an agreed end counts half the territory, docs/rules.md#agreed-end)."""

RULE_SETS: tuple[RuleSet, ...] = ("sports", "polish", "territory")
"""Every rule set, the default first."""

StopMode = Literal["grounding", "stop_phase", "none"]
"""How a player may end the game early (docs/rules.md#stop): ``grounding`` (sports 8.2-8.4, the default),
``stop_phase`` (STOP: the opponent then places any number of extra dots and finishes), ``none`` (zagram standard and
the manual rule sets)."""

STOP_MODES: tuple[StopMode, ...] = ("grounding", "stop_phase", "none")

_ALL_STARTS: tuple[Start, ...] = get_args(Start)


def parse_start(value: object) -> Start:
    """``value`` as a start position; ``ValueError`` (naming the starts) for anything else."""
    if value in _ALL_STARTS:
        return value
    raise ValueError(f"unknown start {value!r} (expected one of {', '.join(STARTS)}, four-crosses-random)")


def parse_rule_set(value: object) -> RuleSet:
    """``value`` as a rule set; ``ValueError`` (naming the rule sets) for anything else."""
    if value in RULE_SETS:
        return value
    raise ValueError(f"unknown rule set {value!r} (expected one of {', '.join(RULE_SETS)})")


def parse_stop_mode(value: object) -> StopMode:
    """``value`` as a way to end early; ``ValueError`` (naming them) for anything else."""
    if value in STOP_MODES:
        return value
    raise ValueError(f"unknown stop mode {value!r} (expected one of {', '.join(STOP_MODES)})")


Region = tuple[int, int, int, int]
"""A rectangle of points ``(x0, y0, width, height)``: lower-left point ``x0-y0`` (1-based, y from the bottom)."""

MIN_SIZE = 3
MAX_SIZE = 60
SPORTS_WIDTH = 39
SPORTS_HEIGHT = 32
MAX_SEED = 2**63 - 1
"""Seeds of random starts fit a signed 64-bit integer (an SQLite ``INTEGER``)."""

Setup = tuple[tuple[Point, Colour], ...]
"""Start dots: each a point and the colour of its dot."""

_MANUAL: tuple[RuleSet, ...] = ("polish", "territory")
_DEFAULT_INSTANT_WIN: dict[RuleSet, int] = {"sports": 0, "polish": 15, "territory": 0}
_DEFAULT_STOP_MODE: dict[RuleSet, StopMode] = {"sports": "grounding", "polish": "none", "territory": "none"}


@dataclass(frozen=True, slots=True)
class GameSettings:
    """A board of ``width`` x ``height`` points, a start position and a rule set with its options. Validated on
    creation (``ValueError`` names what is wrong); options left ``None`` take the rule set's default.

    ``setup`` lists the start dots of a ``custom`` start and must be empty for the named starts. ``seed`` places the
    crosses of ``four-crosses-random`` (required there, refused elsewhere), so a replay is identical.

    Options (docs/rules.md#rule-sets): ``instant_win`` N > 0 ends the game as soon as a lead reaches N (0: never; polish
    default 15); ``own_dot_penalty`` takes a point for every own dot in play that a closure encloses (manual rule sets
    only); ``stop_mode`` (sports: ``grounding`` by default, or ``stop_phase``, or ``none``; the manual rule sets have
    no STOP: ``none``); ``first_move_region`` ``(x0, y0, w, h)``: each player's first dot must be inside it.

    >>> GameSettings() == GameSettings(39, 32, "cross", rules="sports", stop_mode="grounding", instant_win=0)
    True
    >>> GameSettings(20, 20, "empty", rules="polish").instant_win
    15
    """

    width: int = SPORTS_WIDTH
    height: int = SPORTS_HEIGHT
    start: Start = "cross"
    setup: Setup = ()
    rules: RuleSet = "sports"
    instant_win: int | None = None
    own_dot_penalty: bool = False
    stop_mode: StopMode | None = None
    first_move_region: Region | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if not _is_int(value) or not MIN_SIZE <= value <= MAX_SIZE:
                raise ValueError(f"board {name} must be an integer from {MIN_SIZE} to {MAX_SIZE}, not {value!r}")
        parse_rule_set(self.rules)
        self._check_start()
        self._check_options()

    def _check_start(self) -> None:
        if self.start == "four-crosses-random":
            if not isinstance(self.seed, int) or isinstance(self.seed, bool) or not 0 <= self.seed <= MAX_SEED:
                raise ValueError(f"four-crosses-random needs a seed from 0 to 2**63-1, not {self.seed!r}")
        elif self.seed is not None:
            raise ValueError("a seed can only be given with start='four-crosses-random'")
        if self.start == "custom":
            object.__setattr__(self, "setup", tuple((Point(*p), c) for p, c in self.setup))
            seen: set[Point] = set()
            for point, colour in self.setup:
                if colour not in (BLUE, RED):
                    raise ValueError(f"a start dot must be blue or red, not {colour!r}")
                if not (1 <= point.x <= self.width and 1 <= point.y <= self.height):
                    raise ValueError(f"start dot {point} is off the {self.width}x{self.height} board")
                if point in seen:
                    raise ValueError(f"two start dots on {point}")
                seen.add(point)
        elif self.setup:
            raise ValueError("start dots can only be given with start='custom'")
        else:
            parse_start(self.start)
            start_dots(self.width, self.height, self.start, self.seed)  # raises if the start does not fit the board

    def _check_options(self) -> None:
        rules = self.rules
        if self.instant_win is None:
            object.__setattr__(self, "instant_win", _DEFAULT_INSTANT_WIN[rules])
        elif not _is_int(self.instant_win) or self.instant_win < 0:
            raise ValueError(f"instant_win must be a whole number of points (0 for none), not {self.instant_win!r}")
        if not isinstance(self.own_dot_penalty, bool):
            raise ValueError(f"own_dot_penalty must be True or False, not {self.own_dot_penalty!r}")
        if self.own_dot_penalty and rules not in _MANUAL:
            raise ValueError("own_dot_penalty needs manual closures (rules 'polish' or 'territory')")
        if self.stop_mode is None:
            object.__setattr__(self, "stop_mode", _DEFAULT_STOP_MODE[rules])
        elif parse_stop_mode(self.stop_mode) != "none" and rules in _MANUAL:
            raise ValueError(f"the {rules} rules have no grounding or STOP: use stop_mode 'none'")
        region = self.first_move_region
        if region is not None:
            if isinstance(region, str | bytes) or len(region) != 4 or not all(_is_int(v) for v in region):
                raise ValueError(f"first_move_region must be (x0, y0, width, height), not {region!r}")
            x0, y0, w, h = region = (int(region[0]), int(region[1]), int(region[2]), int(region[3]))
            object.__setattr__(self, "first_move_region", region)
            if w < 1 or h < 1 or x0 < 1 or y0 < 1 or x0 + w - 1 > self.width or y0 + h - 1 > self.height:
                raise ValueError(f"first_move_region {region} does not fit the {self.width}x{self.height} board")
            taken = sum(1 for p, _ in self.start_dots if x0 <= p.x < x0 + w and y0 <= p.y < y0 + h)
            if w * h - taken < 2:
                raise ValueError(f"first_move_region {region} leaves no room for both first dots")

    # ----------------------------------------------------------------------------------------------------------

    @property
    def start_dots(self) -> list[tuple[Point, Colour]]:
        """The dots the game starts with."""
        if self.start == "custom":
            return list(self.setup)
        return start_dots(self.width, self.height, self.start, self.seed)

    @property
    def size(self) -> str:
        """The board size as players say it, e.g. ``"39x32"``."""
        return f"{self.width}x{self.height}"

    @property
    def manual(self) -> bool:
        """True when captures are manual closures (``polish``, ``territory``); False for automatic (``sports``)."""
        return self.rules in _MANUAL

    @property
    def options(self) -> dict[str, object]:
        """The rule options that differ from the rule set's defaults, as JSON-ready values (the start's ``seed``
        included). ``GameSettings(width, height, start, setup, rules=rules, **options)`` rebuilds the settings.

        >>> GameSettings(20, 20, "empty", rules="polish", instant_win=30, own_dot_penalty=True).options
        {'instant_win': 30, 'own_dot_penalty': True}
        """
        out: dict[str, object] = {}
        if self.instant_win != _DEFAULT_INSTANT_WIN[self.rules]:
            out["instant_win"] = self.instant_win
        if self.own_dot_penalty:
            out["own_dot_penalty"] = True
        if self.stop_mode != _DEFAULT_STOP_MODE[self.rules]:
            out["stop_mode"] = self.stop_mode
        if self.first_move_region is not None:
            out["first_move_region"] = list(self.first_move_region)
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    def to_dict(self) -> dict[str, object]:
        """The whole settings as a JSON-ready dict: only what differs from ``GameSettings()``'s defaults is kept
        besides the board and the start. ``GameSettings.from_dict`` reads it back.

        >>> GameSettings(20, 20, "empty", rules="territory").to_dict()
        {'width': 20, 'height': 20, 'start': 'empty', 'rules': 'territory'}
        """
        out: dict[str, object] = {"width": self.width, "height": self.height, "start": self.start}
        if self.setup:
            out["setup"] = [[p.x, p.y, c] for p, c in self.setup]
        if self.rules != "sports":
            out["rules"] = self.rules
        out.update(self.options)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> GameSettings:
        """Settings from ``to_dict``'s form (``ValueError`` for an unknown key or a bad value)."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown settings {', '.join(sorted(unknown))}")
        stop_mode = data.get("stop_mode")
        return cls(
            width=_whole(data, "width", SPORTS_WIDTH),
            height=_whole(data, "height", SPORTS_HEIGHT),
            start=parse_start(data.get("start", "cross")),
            setup=_setup(data.get("setup", ())),
            rules=parse_rule_set(data.get("rules", "sports")),
            instant_win=_whole_or_none(data, "instant_win"),
            own_dot_penalty=_flag(data, "own_dot_penalty"),
            stop_mode=None if stop_mode is None else parse_stop_mode(stop_mode),
            first_move_region=_region(data.get("first_move_region")),
            seed=_whole_or_none(data, "seed"),
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ``from_dict``'s readers: each value as its field's type, or ``ValueError`` naming the field.


def _whole_or_none(data: Mapping[str, object], name: str) -> int | None:
    value = data.get(name)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise ValueError(f"{name} must be a whole number, not {value!r}")


def _whole(data: Mapping[str, object], name: str, default: int) -> int:
    value = _whole_or_none(data, name)
    if value is None:
        if name in data:
            raise ValueError(f"{name} must be a whole number, not None")
        return default
    return value


def _flag(data: Mapping[str, object], name: str) -> bool:
    value = data.get(name, False)
    if isinstance(value, bool):
        return value
    raise ValueError(f"{name} must be True or False, not {value!r}")


def _setup(value: object) -> Setup:
    """``[[x, y, colour], ...]`` as start dots."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"setup must be a list of [x, y, colour], not {value!r}")
    dots: list[tuple[Point, Colour]] = []
    for dot in value:
        if not isinstance(dot, list | tuple) or len(dot) != 3:
            raise ValueError(f"a start dot must be [x, y, colour], not {dot!r}")
        x, y, colour = dot
        if colour not in COLOURS:
            raise ValueError(f"a start dot must be blue or red, not {colour!r}")
        dots.append((Point(int(x), int(y)), colour))
    return tuple(dots)


def _region(value: object) -> Region | None:
    """``[x0, y0, width, height]`` as a region (``None``: none)."""
    if value is None:
        return None
    if isinstance(value, list | tuple) and len(value) == 4 and all(_is_int(v) for v in value):
        return (int(value[0]), int(value[1]), int(value[2]), int(value[3]))
    raise ValueError(f"first_move_region must be (x0, y0, width, height), not {value!r}")


def _cross(x: int, y: int) -> list[tuple[Point, Colour]]:
    """A start cross whose lower-left point is ``x-y``: blue on one diagonal, red on the other (4.2)."""
    return [(Point(x, y + 1), BLUE), (Point(x + 1, y), BLUE), (Point(x, y), RED), (Point(x + 1, y + 1), RED)]


def _mirrored_cross(x: int, y: int) -> list[tuple[Point, Colour]]:
    """The cross with the colours swapped: blue on the rising diagonal."""
    return [(Point(x, y), BLUE), (Point(x + 1, y + 1), BLUE), (Point(x, y + 1), RED), (Point(x + 1, y), RED)]


def random_crosses(width: int, height: int, seed: int) -> list[tuple[int, int]]:
    """The lower-left points of the four crosses of the NOTAGO generator (docs/rules.md#starts), drawn from ``seed``.

    From the middle ``(W // 2, H // 2)`` (counted from the top-left, as NOTAGO and dots-game do) each cross is moved by
    ``round(U(4, 7) * W / 39)`` columns and ``round(U(4, 7) * H / 32)`` rows, one cross per quadrant, in the order
    top-left, top-right, bottom-right, bottom-left. ``random.Random(seed)`` draws the numbers, so a seed always gives
    the same crosses.
    """
    rng = random.Random(seed)
    mx, my = width // 2, height // 2

    def dx() -> int:
        return round((4.0 + 3.0 * rng.random()) / 39.0 * width)

    def dy() -> int:
        return round((4.0 + 3.0 * rng.random()) / 32.0 * height)

    corners = []  # top-left corners, 1-based from the top-left
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x = mx + sx * dx()
        y = my + sy * dy()
        corners.append((x, y))
    # The top-left corner (x, y) counted from the top is the lower-left point (x, H - y) counted from the bottom.
    return [(x, height - y) for x, y in corners]


def start_dots(width: int, height: int, start: Start, seed: int | None = None) -> list[tuple[Point, Colour]]:
    """The dots a game starts with. They are not moves: blue still moves first.

    ``cross``: one cross at the centre, lower-left point ``((W + 1) // 2, H - H // 2)``; on 39x32 that gives blue
    20-17 and 21-16, red 20-16 and 21-17 (4.3). ``double-cross``: that cross moved one point left and its mirror image
    beside it (playdots, KataGoDots ``CROSS_2``; on 39x32 blue 19-17 20-16 21-16 22-17, red 19-16 20-17 21-17 22-16).
    ``four-crosses``: the cross pattern with lower-left points at x in {fx, W - fx}, y in {fy, H - fy},
    fx = floor(0.3 W + 0.5), fy = floor(0.35 H + 0.5). ``four-crosses-random``: four crosses where
    ``random_crosses(width, height, seed)`` puts them. ``empty``: none.
    """
    if start == "empty":
        return []
    if start in ("cross", "double-cross"):
        cx, cy = (width + 1) // 2, height - height // 2
        dots = _cross(cx, cy) if start == "cross" else _cross(cx - 1, cy) + _mirrored_cross(cx + 1, cy)
        if any(not (1 <= p.x <= width and 1 <= p.y <= height) for p, _ in dots):
            raise ValueError(f"a {width}x{height} board is too small for the {start} start")
        return dots
    if start == "four-crosses":
        fx, fy = int(0.3 * width + 0.5), int(0.35 * height + 0.5)
        xs, ys = (fx, width - fx), (fy, height - fy)
        if fx < 1 or fy < 1 or xs[1] <= xs[0] + 1 or ys[1] <= ys[0] + 1 or xs[1] + 1 > width or ys[1] + 1 > height:
            raise ValueError(f"a {width}x{height} board is too small for the four-crosses start")
        return [dot for y in ys for x in xs for dot in _cross(x, y)]
    if start == "four-crosses-random":
        if seed is None:
            raise ValueError("the four-crosses-random start needs a seed")
        dots = [dot for x, y in random_crosses(width, height, seed) for dot in _cross(x, y)]
        points = [p for p, _ in dots]
        if len(set(points)) != len(points) or any(not (1 <= p.x <= width and 1 <= p.y <= height) for p in points):
            raise ValueError(f"a {width}x{height} board is too small for the four-crosses-random start")
        return dots
    raise ValueError(f"unknown start {start!r}")
