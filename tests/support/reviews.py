"""Reviews to test the review's pictures and words with, made directly (no service, no job): a small game with a
missed capture judged by the real search at a tiny budget, and a long 39x32 game with made-up values."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tochki_bot.ai.review import MoveReview
from tochki_bot.engine import Game, MoveKind, Point
from tochki_bot.services.reviews import ReviewView, Subject
from tochki_bot.services.search import read_span, review_span

from .positions import surrounding_game

MISSED_CAPTURE = ((4, 5), (5, 5), (6, 5), (9, 9), (5, 6), (9, 1), (1, 1), (2, 2), (5, 4))
"""A 10x10 game where blue misses capturing 5-5 at move 7 (plays 1-1; 5-4 captures it), red fails to save it at
moves 6 and 8, and blue captures at move 9."""


def missed_capture_game() -> Game:
    game = Game(10, 10, "empty")
    for x, y in MISSED_CAPTURE:
        game.play(x, y)
    return game


def review_of(
    game: Game,
    moves: Sequence[MoveReview],
    *,
    ref: int = 12,
    subject: Subject = "game",
    blue: str = "Anna",
    red: str = "Борис",
    total: int | None = None,
    expected_seconds: float | None = None,
) -> ReviewView:
    """A review of ``game`` holding ``moves``: done when they are all of ``total`` (the game's length by default)."""
    total = game.ply if total is None else total
    done = len(moves) >= total
    return ReviewView(
        id=1,
        subject=subject,
        ref=ref,
        asked_by=1,
        state="done" if done else "running",
        total=total,
        done=len(moves),
        moves=tuple(moves),
        game=game,
        blue_name=blue,
        red_name=red,
        created_at=0.0,
        finished_at=1.0 if done else None,
        expected_seconds=None if done else expected_seconds,
    )


def searched_review(game: Game, nodes: int = 200) -> ReviewView:
    """``game`` reviewed by the real search (``review_span``) at a budget of ``nodes`` positions a move."""
    moves = read_span(review_span(game.settings, list(game.moves), 1, game.ply, nodes=nodes))
    return review_of(game, moves)


def long_review(moves: int = 250, seed: int = 3) -> ReviewView:
    """A 39x32 game of ``moves`` moves with made-up values: the lead swings from blue to red, with mistakes (every
    17th move loses 1.5 dots, every 41st 4: a blunder)."""
    game = surrounding_game(seed, moves)
    rng = random.Random(seed)
    found = []
    for ply, move in enumerate(game.moves, 1):
        if move.kind is not MoveKind.DOT or move.point is None:
            continue
        blue_ahead = 6 * math.sin(ply / 40) + rng.uniform(-0.5, 0.5)
        mine = blue_ahead if move.colour == "blue" else -blue_ahead
        loss = 4.0 if ply % 41 == 0 else 1.5 if ply % 17 == 0 else 0.0
        best = next(str(p) for p in _near(game, ply))
        found.append(MoveReview(ply, move.colour, str(move.point), best, mine + loss, mine, 2000, 4))
    return review_of(game, found, blue="Митрандир", red="Zażółć Gęślą")


def _near(game: Game, ply: int) -> list[Point]:
    """Points free before move ``ply``, near it (a plausible better move)."""
    before = Game.from_settings(game.settings, game.moves[: ply - 1])
    played = game.moves[ply - 1].point
    assert played is not None
    free = [p for p in before.playable_points() if p != played]
    return sorted(free, key=lambda p: (abs(p.x - played.x) + abs(p.y - played.y), p.x, p.y))[2:3]
