"""The computer opponent: pick a move (or grounding) for the side to move of a ``Game``.

>>> from tochki_bot.engine import Game
>>> g = Game(15, 15, "cross")
>>> p = choose_move(g, "easy", seconds=0.05, seed=1)
>>> g.is_playable(*p)
True

``analyse`` values a move against the best one (for reviewing games): see ``tochki_bot.ai.analysis``.

Pure Python on top of the engine, with ``hard``'s search also compiled with numba where numba is installed
(``tochki_bot.ai.kernel``: the same search, about ten times the positions in the same time); nothing is shared
between calls except read-only tables and per-thread scratch arrays, so it is safe to call from worker processes
and threads. ``choose_move`` never mutates the game it is given.
"""

from __future__ import annotations

from typing import Literal

from tochki_bot.engine import Game, Point

from . import kernel
from .analysis import Analysis, analyse
from .player import BUDGET, LEVELS, Level, decide

__all__ = ["BUDGET", "LEVELS", "Analysis", "Level", "analyse", "choose_action", "choose_move", "prepare"]


def prepare() -> None:
    """Get ``hard``'s compiled search ready in this process, in the background (a worker process that will search
    calls it when it starts; see ``tochki_bot.ai.kernel``). Nothing waits for it: until it is ready, ``hard``
    searches in Python."""
    kernel.prepare()


def choose_move(game: Game, level: str = "normal", *, seconds: float | None = None, seed: int | None = None) -> Point:
    """A legal point for ``game.to_move``, chosen at ``level`` (one of ``LEVELS``) within ``seconds``.

    ``seconds`` defaults to ``BUDGET[level]``; the call returns within it plus a few milliseconds. With a ``seed``
    the answer is reproducible: the search is then bounded by a node count derived from the budget (calibrated
    for this machine, so it normally ends well inside the time), and the clock is only a safety stop that a much
    slower machine could hit. Without a seed the search runs on the clock (``hard`` uses its whole budget).
    Raises ``ValueError`` for an unknown level or a game that is over.
    """
    action = decide(game, level, seconds, seed, allow_ground=False)
    assert action != "ground"
    return action


def choose_action(
    game: Game, level: str = "normal", *, seconds: float | None = None, seed: int | None = None
) -> Point | Literal["ground"]:
    """Like ``choose_move``, but ``"ground"`` when declaring grounding now (``Game.ground``) wins the game (8.2-8.4).

    Grounding ends the game at once; it is chosen only when the score after it is a win for the side to move.
    """
    return decide(game, level, seconds, seed, allow_ground=True)
