"""Board pictures of games: what the engine knows, turned into the renderer's plain ``BoardView``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from render import BoardView, RingView, Window

from .engine import Colour, Game, GameSettings, Move


def board_view(
    game: Game,
    *,
    blue: str = "Blue",
    red: str = "Red",
    caption: str = "",
    window: Window | None = None,
    upto: int | None = None,
    closing: Colour | None = None,
) -> BoardView:
    """The picture of ``game`` (or of its first ``upto`` moves, for replays), with names and a caption.

    The last dot placed is marked, also when the game then ended by resignation, time or agreement. ``closing``:
    under manual rules, the player still closing pools after their dot (the stored game's ``closing``): the header
    marks them as the one to move, not the engine's next player."""
    if upto is not None and upto != game.ply:
        game = Game.from_settings(game.settings, game.moves[:upto])
    dots, owners = game.grid()
    last = next((m for m in reversed(game.moves) if m.point is not None), None)  # the last dot, after an ending too
    captures = game.last_captures
    pools = (
        tuple(RingView(c, tuple(p.ring)) for c in ("blue", "red") for p in game.pools(c))
        if game.settings.manual and not game.is_over
        else ()
    )
    return BoardView(
        width=game.width,
        height=game.height,
        dots=dots,
        owners=owners,
        rings=tuple(RingView(a.owner, tuple(a.ring), a.grounding) for a in game.areas),
        last_move=(last.point.x, last.point.y) if last is not None and last.point is not None else None,
        fresh_captures=frozenset((p.x, p.y) for area in captures for p in area.captured),
        blue_name=blue,
        red_name=red,
        score=game.score,
        to_move=None if game.is_over else closing or game.to_move,
        caption=caption,
        window=window,
        open_pools=pools,
    )


def replay_views(
    settings: GameSettings, moves: list[Move], *, blue: str, red: str, caption: Callable[[Game], str]
) -> Iterator[BoardView]:
    """One view per position of a game, for an animated replay: the start, then the position after each move.

    Each frame has ``caption(game)`` for its position (its move number, say) and the last move's ring. Frames leave
    out what would repaint far from the move (whose turn it is, the highlighted coordinates on the edges), so that
    each frame of the animation stays small. The game passed to ``caption`` is reused: read it, do not keep it.
    """
    game = Game.from_settings(settings)
    for number in range(len(moves) + 1):
        if number:
            game.apply(moves[number - 1])
        view = board_view(game, blue=blue, red=red, caption=caption(game))
        yield dataclasses.replace(view, to_move=None, label_marks=False)
