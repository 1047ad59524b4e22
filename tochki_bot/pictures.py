"""Board pictures of games: what the engine knows, turned into the renderer's plain ``BoardView``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from render import BoardView, RingView, Window

from .engine import Game, GameSettings, Move


def board_view(
    game: Game,
    *,
    blue: str = "Blue",
    red: str = "Red",
    caption: str = "",
    window: Window | None = None,
    upto: int | None = None,
) -> BoardView:
    """The picture of ``game`` (or of its first ``upto`` moves, for replays), with names and a caption."""
    if upto is not None and upto != game.ply:
        game = Game.from_settings(game.settings, game.moves[:upto])
    dots, owners = game.grid()
    last = game.last_move
    captures = game.last_captures
    return BoardView(
        width=game.width,
        height=game.height,
        dots=dots,
        owners=owners,
        rings=tuple(RingView(a.owner, tuple(a.ring), a.grounding) for a in game.areas),
        last_move=tuple(last.point) if last is not None and last.point is not None else None,
        fresh_captures=frozenset(tuple(p) for area in captures for p in area.captured),
        blue_name=blue,
        red_name=red,
        score=game.score,
        to_move=None if game.is_over else game.to_move,
        caption=caption,
        window=window,
    )


def replay_views(
    settings: GameSettings, moves: list[Move], *, blue: str, red: str, caption: str, last_caption: str
) -> Iterator[BoardView]:
    """One view per position of a game, for an animated replay.

    Frames show only what the moves change (no last-move mark, no turn underline, a fixed caption), so each frame
    of the animation is small; the last frame is the full picture with ``last_caption``.
    """
    game = Game.from_settings(settings)
    yield dataclasses.replace(board_view(game, blue=blue, red=red, caption=caption), to_move=None)
    for number, move in enumerate(moves, 1):
        game.apply(move)
        view = board_view(game, blue=blue, red=red, caption=caption if number < len(moves) else last_caption)
        if number < len(moves):
            view = dataclasses.replace(view, to_move=None, last_move=None, fresh_captures=frozenset())
        yield view
