"""Board pictures of games: what the engine knows, turned into the renderer's plain ``BoardView``."""

from __future__ import annotations

from render import BoardView, RingView, Window

from .engine import Game


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
