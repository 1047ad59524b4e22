"""What the page gets: a game's state as compact JSON, a line of a player's games list, the page's texts.

A point ``x-y`` is one number, ``(y - 1) * width + (x - 1)``. A dot is that number plus one, negated for red:
``5`` is a blue dot on point 4, ``-5`` a red one. The page replays any move number from these alone (the replay
slider): the start's dots, then the move list, then every capture area with the move that made it (``p``), its
owner (``o``), its chain in order (``r``), the dots it took (``c``) and whether grounding made it (``g``).
``owners`` is the current position's owner of each point (``.``, ``b``, ``r``, row by row from the bottom): a dot on
a point with an owner is captured, an empty point with one is out of play. A full 39x32 game is about 16 KB.
"""

from __future__ import annotations

import html
from typing import Any

from ..engine import Colour, MoveKind
from ..i18n import Language, duration, t
from ..services import GameView, ServiceError
from ..wording import plain, player_name, result_sentence, status_sentence

OWNER_CHAR = {None: ".", "blue": "b", "red": "r"}
COLOUR_CODE = {"blue": "b", "red": "r"}
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


def _name(view: GameView, colour: Colour, lang: Language) -> str:
    return player_name(lang, view, colour, NAME_LIMIT)


def result_text(lang: Language, view: GameView) -> str:
    """How the game ended, in words (the same sentences as the board picture's status line)."""
    if view.result is None:
        return plain(t(lang, "picture_cancelled")) if view.state == "cancelled" else ""
    return result_sentence(lang, view, lambda colour: _name(view, colour, lang))


def version_of(view: GameView) -> str:
    """Changes whenever what the page shows of the game changes (a move, an ending, a start, a draw offer)."""
    return f"{view.state}.{view.ply}.{view.draw_offer or ''}"


def status_text(lang: Language, view: GameView, viewer_id: int | None) -> str:
    """The line under the board: where the game stands for the viewer (``tochki_bot.wording``'s sentence), and a
    draw offer waiting for its answer."""
    reader = view.colour_of(viewer_id) if viewer_id is not None else None
    turn = status_sentence(lang, view, "page", lambda colour: _name(view, colour, lang), reader=reader)
    if view.state == "active" and view.draw_offer is not None:
        key = "webapp_end_offer" if view.offer_kind == "end" else "webapp_draw_offer"
        return f"{turn} · {t(lang, key, name=_name(view, view.draw_offer, lang))}"
    return turn


def game_state(view: GameView, viewer_id: int | None, lang: Language, now: float) -> dict[str, Any]:
    """The whole of one game for the page, as seen by ``viewer_id`` (a player or a spectator)."""
    game = view.position
    width = game.width

    def index(x: int, y: int) -> int:
        return (y - 1) * width + (x - 1)

    def dot(x: int, y: int, colour: Colour) -> int:
        return index(x, y) + 1 if colour == "blue" else -(index(x, y) + 1)

    moves: list[int] = []
    end: dict[str, str] | None = None
    for move in game.moves:
        if move.kind is MoveKind.DOT and move.point is not None:
            moves.append(dot(move.point.x, move.point.y, move.colour))
        else:
            end = {"kind": move.kind.value, "colour": move.colour}
    areas = [
        {
            "o": COLOUR_CODE[area.owner],
            "p": area.ply,
            "r": [index(p.x, p.y) for p in area.ring],
            "c": [index(p.x, p.y) for p in area.captured],
            **({"g": 1} if area.grounding else {}),
        }
        for area in game.areas
    ]
    _, owners = game.grid()
    you = view.colour_of(viewer_id) if viewer_id is not None else None
    to_move = view.to_move
    left = view.time_left(now)
    result = view.result
    can_close = you is not None and view.closing == you and to_move == you
    stopper = game.stopped_by
    pools = (
        [{"p": index(*pool.point), "c": len(pool.captures), "s": pool.size} for pool in game.pools()]
        if can_close
        else []
    )
    labels = {
        "close_all": t(lang, "btn_close_all", count=len(pools)),
        "done": t(lang, "btn_done"),
        "finish": t(lang, "btn_finish"),
        "autofinish": t(lang, "btn_autofinish"),
    }
    return {
        "id": view.id,
        "kind": view.kind,
        "state": view.state,
        "version": version_of(view),
        "width": width,
        "height": game.height,
        "ply": view.ply,
        "moves_made": game.move_count,
        "to_move": to_move,
        "you": you,
        "can_move": you is not None and you == to_move and view.closing is None,
        "rules": game.settings.rules,
        "closing": view.closing,
        "can_close": can_close,
        "pools": pools,
        "stopped_by": stopper,
        "draw_offer": view.draw_offer if view.state == "active" else None,
        "can_finish": you is not None and stopper is not None and stopper != you and to_move == you,
        "labels": labels,
        "players": {
            colour: {"name": _name(view, colour, lang), "score": game.score[0 if colour == "blue" else 1]}
            for colour in ("blue", "red")
        },
        "score": list(game.score),
        "time_left": round(left, 1) if left is not None else None,
        "time_left_text": t(lang, "caption_left", left=duration(lang, left)) if left is not None else None,
        "move_seconds": view.move_seconds,
        "start": [dot(p.x, p.y, colour) for p, colour in game.settings.start_dots],
        "moves": moves,
        "end": end,
        "areas": areas,
        "owners": "".join(OWNER_CHAR[o] for row in owners for o in row),
        "result": {"winner": result.winner, "reason": result.reason.value} if result is not None else None,
        "status": status_text(lang, view, viewer_id),
        "lang": lang,
    }


def game_line(view: GameView, viewer_id: int, lang: Language, where: str | None) -> dict[str, Any]:
    """One game of a player's list: who plays whom, the score, whose move (``your_move``), where it is played."""
    you = view.colour_of(viewer_id)
    game = view.position
    return {
        "id": view.id,
        "kind": view.kind,
        "state": view.state,
        "where": where,
        "size": game.settings.size,
        "blue": _name(view, "blue", lang),
        "red": _name(view, "red", lang),
        "score": list(game.score),
        "you": you,
        "your_move": you is not None and view.to_move == you,
        "ply": game.move_count,
        "status": status_text(lang, view, viewer_id),
    }


__all__ = [
    "PAGE_TEXTS",
    "game_line",
    "game_state",
    "page_texts",
    "refusal_text",
    "result_text",
    "status_text",
    "version_of",
]
