"""What the page gets: a game's state, a line of a player's games list, the page's texts. What each key holds is
written down in ``contract`` (and the page's JSDoc beside it); here the services' views become those dicts. A full
39x32 game is about 25 KB of JSON (about 8 KB as sent, compressed).
"""

from __future__ import annotations

import functools
import html

from ..engine import Colour, Game, MoveKind, format_point
from ..i18n import Language, duration, t
from ..services import GameView, ServiceError
from ..wording import in_language, last_move_sentence, plain, player_name, result_sentence, status_sentence
from .contract import BoardState, GameLine, GameState, PoolState

OWNER_CHAR = {None: ".", "blue": "b", "red": "r"}
NAME_LIMIT = 64
"""Names are cut to this many characters."""

PAGE_TEXTS = (
    "webapp_games",
    "webapp_games_none",
    "webapp_tap",
    "webapp_watching",
    "webapp_error",
    "webapp_offline",
    "webapp_you",
    "webapp_review",
    "webapp_review_sgf",
    "webapp_review_legend",
    "webapp_review_none",
)
"""Texts the page shows as they are."""


def page_texts(lang: Language) -> dict[str, str]:
    """Every text the page needs, formatted; ``{point}``, ``{ply}``, ``{total}`` are filled in by the page."""
    texts = {key.removeprefix("webapp_"): t(lang, key) for key in PAGE_TEXTS}
    texts["play"] = t(lang, "webapp_play", point="{point}")
    texts["replay"] = t(lang, "webapp_replay", ply="{ply}", total="{total}")
    return texts


def refusal_text(lang: Language, error: ServiceError) -> str:
    """Why the services refused, in ``lang``, as plain text."""
    details = {k: html.escape(v, quote=False) if isinstance(v, str) else v for k, v in error.details.items()}
    try:
        return plain(t(lang, error.problem.value, **details))
    except (KeyError, ValueError):
        return error.problem.value


def page_name(view: GameView, colour: Colour, lang: Language) -> str:
    """A player's name as the page shows it: plain, cut to ``NAME_LIMIT`` characters (the side's name for an empty
    seat)."""
    return player_name(lang, view, colour, NAME_LIMIT)


def result_text(lang: Language, view: GameView) -> str:
    """How the game ended, in words (the same sentences as the board picture's status line)."""
    if view.result is None:
        return plain(t(lang, "picture_cancelled")) if view.state == "cancelled" else ""
    return result_sentence(lang, view, lambda colour: page_name(view, colour, lang))


def version_of(view: GameView) -> str:
    """Changes whenever what the page shows of the game changes (a move, an ending, a start, a draw offer)."""
    return f"{view.state}.{view.ply}.{view.draw_offer or ''}"


def status_text(lang: Language, view: GameView, viewer_id: int | None) -> str:
    """The line under the board: where the game stands for the viewer (``tochki_bot.wording``'s sentence), and a
    draw offer waiting for its answer."""
    reader = view.colour_of(viewer_id) if viewer_id is not None else None
    turn = status_sentence(lang, view, "page", lambda colour: page_name(view, colour, lang), reader=reader)
    if view.state == "active" and view.draw_offer is not None:
        key = "webapp_end_offer" if view.offer_kind == "end" else "webapp_draw_offer"
        return f"{turn} · {t(lang, key, name=page_name(view, view.draw_offer, lang))}"
    return turn


def point_index(width: int, point: tuple[int, int]) -> int:
    """A point's number on a board ``width`` wide (row by row from the bottom-left, as ``contract`` says).

    >>> point_index(3, (2, 2))
    4
    """
    return (point[1] - 1) * width + (point[0] - 1)


def board_state(game: Game, you: Colour | None = None, ply: int | None = None) -> BoardState:
    """A position as the page's board draws it (a game's, or a puzzle's): its dots in order, its areas, who owns
    each point now, every point's name. ``ply``: the game's move count, if not the position's own."""
    width = game.width

    def index(point: tuple[int, int]) -> int:
        return point_index(width, point)

    def dot(point: tuple[int, int], colour: Colour) -> int:
        return index(point) + 1 if colour == "blue" else -(index(point) + 1)

    _, owners = game.grid()
    return {
        "width": width,
        "height": game.height,
        "ply": game.ply if ply is None else ply,
        "your_colour": you,
        "start_dots": [dot(p, colour) for p, colour in game.settings.start_dots],
        "move_dots": [dot(m.point, m.colour) for m in game.moves if m.kind is MoveKind.DOT and m.point is not None],
        "areas": [
            {
                "owner": area.owner,
                "ply": area.ply,
                "ring": [index(p) for p in area.ring],
                "captured": [index(p) for p in area.captured],
                "grounding": area.grounding,
            }
            for area in game.areas
        ],
        "owners": "".join(OWNER_CHAR[o] for row in owners for o in row),
        "point_labels": point_labels(width, game.height),
    }


def game_state(view: GameView, viewer_id: int | None, lang: Language, now: float) -> GameState:
    """The whole of one game for the page, as seen by ``viewer_id`` (a player or a spectator)."""
    view = in_language(lang, view)
    game = view.position
    you = view.colour_of(viewer_id) if viewer_id is not None else None
    to_move = view.to_move
    left = view.time_left(now)
    result = view.result
    can_close = you is not None and view.closing == you and to_move == you
    can_move = you is not None and you == to_move and view.closing is None
    stopper = game.stopped_by
    pools: list[PoolState] = (
        [
            {"point": point_index(game.width, pool.point), "captures": len(pool.captures), "size": pool.size}
            for pool in game.pools()
        ]
        if can_close
        else []
    )
    active = view.state == "active"
    return {
        **board_state(game, you, view.ply),
        "id": view.id,
        "kind": view.kind,
        "state": view.state,
        "version": version_of(view),
        "moves_made": game.move_count,
        "to_move": to_move,
        "hotseat": False,
        "can_move": can_move,
        "can_close": can_close,
        "can_finish": you is not None and stopper is not None and stopper != you and to_move == you,
        "can_ground": active and can_move and stopper is None and game.settings.stop_mode == "grounding",
        "rules": game.settings.rules,
        "closing": view.closing,
        "stopped_by": stopper,
        "draw_offer": view.draw_offer if active else None,
        "pools": pools,
        "button_labels": {
            "close_all": t(lang, "btn_close_all", count=len(pools)),
            "done": t(lang, "btn_done"),
            "finish": t(lang, "btn_finish"),
            "autofinish": t(lang, "btn_autofinish"),
        },
        "players": {
            "blue": {"name": page_name(view, "blue", lang), "score": game.score[0]},
            "red": {"name": page_name(view, "red", lang), "score": game.score[1]},
        },
        "time_left": round(left, 1) if left is not None else None,
        "time_left_text": t(lang, "caption_left", left=duration(lang, left)) if left is not None else None,
        "move_seconds": view.move_seconds,
        "result": {"winner": result.winner, "reason": result.reason.value} if result is not None else None,
        "status_text": status_text(lang, view, viewer_id),
        "last_move_text": last_move_sentence(lang, view),
    }


def point_labels(width: int, height: int) -> list[str]:
    """Every point's name (``x-y``) at its number (row by row from the bottom), as the engine writes it.

    >>> point_labels(3, 2)
    ['1-1', '2-1', '3-1', '1-2', '2-2', '3-2']
    """
    return list(_labels(width, height))


@functools.cache
def _labels(width: int, height: int) -> tuple[str, ...]:
    return tuple(format_point((x, y)) for y in range(1, height + 1) for x in range(1, width + 1))


def game_line(view: GameView, viewer_id: int, lang: Language, where: str | None) -> GameLine:
    """One game of a player's list: who plays whom, the score, whose move (``your_move``), where it is played."""
    view = in_language(lang, view)
    you = view.colour_of(viewer_id)
    game = view.position
    return {
        "id": view.id,
        "kind": view.kind,
        "state": view.state,
        "chat_title": where,
        "board_size": game.settings.size,
        "blue_name": page_name(view, "blue", lang),
        "red_name": page_name(view, "red", lang),
        "score": list(game.score),
        "your_colour": you,
        "your_move": you is not None and view.to_move == you,
        "moves_made": game.move_count,
        "status_text": status_text(lang, view, viewer_id),
    }


__all__ = [
    "PAGE_TEXTS",
    "game_line",
    "game_state",
    "page_name",
    "page_texts",
    "refusal_text",
    "result_text",
    "status_text",
    "version_of",
]
