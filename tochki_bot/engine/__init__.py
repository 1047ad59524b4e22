"""The rules of Точки (Points), exact and fast: pure Python, no I/O.

>>> from tochki_bot.engine import Game, IllegalMove
>>> g = Game(width=39, height=32, start="cross")
>>> _ = g.play(20, 18)
>>> g.to_move
'red'

A game is its settings plus its move list; the position, the capture areas, the score and the result are derived.
"""

from .board import Area
from .closures import Pool
from .colour import BLUE, COLOURS, RED, Colour, other
from .errors import IllegalMove, Reason
from .game import ClosureTarget, EndReason, Game, Result
from .moves import Move, MoveKind, Point, Ring, closures_text, parse_closures_text
from .notation import format_point, looks_like_point, parse_point
from .settings import (
    MAX_SIZE,
    MIN_SIZE,
    RULE_SETS,
    STARTS,
    STOP_MODES,
    GameSettings,
    Region,
    RuleSet,
    Start,
    StopMode,
    parse_rule_set,
    parse_start,
    parse_stop_mode,
    start_dots,
)

__all__ = [
    "BLUE",
    "COLOURS",
    "MAX_SIZE",
    "MIN_SIZE",
    "RED",
    "RULE_SETS",
    "STARTS",
    "STOP_MODES",
    "Area",
    "ClosureTarget",
    "Colour",
    "EndReason",
    "Game",
    "GameSettings",
    "IllegalMove",
    "Move",
    "MoveKind",
    "Point",
    "Pool",
    "Reason",
    "Region",
    "Result",
    "Ring",
    "RuleSet",
    "Start",
    "StopMode",
    "closures_text",
    "format_point",
    "looks_like_point",
    "other",
    "parse_closures_text",
    "parse_point",
    "parse_rule_set",
    "parse_start",
    "parse_stop_mode",
    "start_dots",
]
