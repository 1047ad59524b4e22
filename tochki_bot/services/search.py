"""The bot's search, as a worker process runs it: the game is rebuilt from its settings and moves, and the AI (which
knows the sports rules) is asked for its action; other rule sets and STOP are mapped onto what it knows."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal, get_args

from ..ai import choose_action, choose_move, kernel
from ..ai.review import GROUND, REVIEW_NODES, MoveReview, review_move
from ..engine import Colour, Game, GameSettings, Move, MoveKind, Point

NamedAction = Literal["ground", "stop", "finish", "auto"]
NAMED_ACTIONS: tuple[NamedAction, ...] = get_args(NamedAction)
Action = Point | NamedAction
"""What the bot does: a dot, grounding, STOP, or (placing the extra dots after a STOP) finishing them, as they stand
or with the grounding count (auto-finish)."""
MAX_EXTRA_DOTS = 12
"""Extra dots the bot places after a person's STOP, at most, before it finishes (then by the grounding count)."""


def compiled_search() -> str:
    """Load ``hard``'s compiled search in this process (compiling it, the first time on this machine) and say how it
    went, in a line for ``tochki-bot check``."""
    seconds = kernel.warm()
    if kernel.ready():
        return f"hard's compiled search is ready ({seconds:.1f} s to load)"
    return f"hard searches in pure Python, about 8 times slower ({kernel.why_not()})"


def extra_dots(game: Game) -> Action:
    """The bot's next step in the extra dots after the opponent's STOP: the dot that captures the most at once while
    the grounding count still promises more than the score (a few, announced as moves), then ``finish`` when there
    is nothing more to gain, else ``auto``: the grounding count takes what is left."""
    stopper = game.stopped_by
    assert stopper is not None and not game.is_over
    mine = 0 if game.to_move == "blue" else 1
    counted = game.copy()
    counted.ground(stopper)
    best, now = counted.score[mine], game.score[mine]
    if now >= best:
        return "finish"
    placed = sum(1 for m in game.moves[next(i for i, m in enumerate(game.moves) if m.kind == "stop") :] if m.point)
    if placed < MAX_EXTRA_DOTS:
        found: Point | None = None
        gain = 0
        for point in game.playable_points():
            trial = game.copy()
            trial.play(point.x, point.y)
            if trial.score[mine] - now > gain:
                found, gain = point, trial.score[mine] - now
        if found is not None:
            return found
    return "auto"


def search(
    settings: GameSettings, moves: Sequence[Move], level: str, seconds: float | None, seed: int | None, hint: bool
) -> Action:
    """One search, in a worker process: the game is rebuilt from its settings and moves.

    The AI knows the sports rules only: for another rule set (or STOP) it searches a sports game holding the dots in
    play, and its point is checked against the real game (the nearest legal point when it is not legal there). The
    bot's closures are made by ``Play.move`` (it closes every pool it can at once)."""
    game = Game.from_settings(settings, moves)
    if game.stopped_by is not None:
        return extra_dots(game)
    if settings.stop_mode == "stop_phase" and settings.rules == "sports" and settings.first_move_region is None:
        # STOP is grounding with the opponent's extra dots: under best play they give the grounding count, so the
        # bot says STOP where its search would ground.
        try:  # the same sports game with grounding: the same position and score (its moves are all dots)
            grounding = Game.from_settings(dataclasses.replace(settings, stop_mode="grounding"), moves)
            action = choose_action(grounding, level, seconds=seconds, seed=seed)
        except Exception:
            return fallback(game)
        if action == "ground":
            return "stop" if not hint else choose_move(grounding, level, seconds=seconds, seed=seed)
        return action if game.is_playable(action.x, action.y) else fallback(game)
    if settings.rules != "sports" or settings.stop_mode != "grounding" or settings.first_move_region is not None:
        try:
            point = choose_move(sports_proxy(game), level, seconds=seconds, seed=seed)
        except Exception:
            return fallback(game)
        return point if game.is_playable(point.x, point.y) else fallback(game)
    if hint:
        return choose_move(game, level, seconds=seconds, seed=seed)
    return choose_action(game, level, seconds=seconds, seed=seed)


def sports_proxy(game: Game) -> Game:
    """A sports game with the dots of ``game`` that are in play, with the side to move of ``game`` moving first
    (colours swapped when that is red), for the AI, which knows the sports rules only."""
    swap = game.to_move == "red"
    dots, owners = game.grid()
    setup = []
    for y in range(game.height):
        for x in range(game.width):
            colour = dots[y][x]
            if colour is not None and owners[y][x] is None:
                setup.append((Point(x + 1, y + 1), ("red" if colour == "blue" else "blue") if swap else colour))
    settings = GameSettings(game.width, game.height, "custom", tuple(setup))
    return Game.from_settings(settings)


def _stand_in(game: Game) -> Game:
    """``sports_proxy`` for a review: besides the dots in play, every point of the board that belongs to an area
    (a captured dot, an empty point inside a closure) holds a dot of its owner, so that the search's best move is
    a point the real game can play."""
    swap = game.to_move == "red"
    dots, owners = game.grid()
    setup = []
    for y in range(game.height):
        for x in range(game.width):
            owner, colour = owners[y][x], dots[y][x]
            if owner is not None:
                colour = owner
            if colour is not None:
                setup.append((Point(x + 1, y + 1), ("red" if colour == "blue" else "blue") if swap else colour))
    return Game.from_settings(GameSettings(game.width, game.height, "custom", tuple(setup)))


def fallback(game: Game) -> Point:
    """A legal point when the search failed: the playable point nearest the last dot."""
    last = next((m.point for m in reversed(game.moves) if m.point is not None), None)
    cx, cy = last if last is not None else ((game.width + 1) // 2, (game.height + 1) // 2)
    return min(game.playable_points(), key=lambda p: (abs(p.x - cx) + abs(p.y - cy), p.y, p.x))


def _diff(game: Game, colour: Colour) -> int:
    blue, red = game.score
    return blue - red if colour == "blue" else red - blue


def _grounding(game: Game, colour: Colour) -> float:
    """The score difference (``colour``'s side) that declaring grounding now ends ``game`` with."""
    counted = game.copy()
    counted.ground(colour)
    return float(_diff(counted, colour))


def _offset(game: Game, proxy: Game, colour: Colour) -> float:
    """What a review adds to the values of ``proxy`` (the sports stand-in of ``game``, ``colour`` moving) to make
    them ``game``'s expected score difference (``colour``'s side): the dots captured before; under the territory
    rules, the score an agreed end would count now (every open pool closed, half the territory) less what the
    stand-in has already captured in those pools, so that nothing is counted twice."""
    if game.settings.rules != "territory":
        return float(_diff(game, colour))
    counted = game.copy()
    blue, red = counted.agree_end(colour).score
    end = blue - red if colour == "blue" else red - blue
    return float(end - _diff(proxy, proxy.to_move))


def review_span(
    settings: GameSettings, moves: Sequence[Move], first: int, count: int, nodes: int = REVIEW_NODES
) -> list[list[object]]:
    """What moves ``first`` to ``first + count - 1`` (1-based) of a game cost, in a worker process: one
    ``MoveReview.as_list`` for each dot and grounding among them (a STOP counts as the grounding it stands for; the
    other endings, and the extra dots after a STOP, are not judged).

    Like ``search``, a rule set the AI does not know is searched as a sports game of the dots in play (and, so that
    its best move is legal in the real game, a dot of the owner on every point of an area: ``_stand_in``), its values
    moved by the score the real game has (the dots captured before; under the territory rules, what an agreed end
    would count now, see ``_offset``). A dot that stand-in cannot play (it captured automatically where the real
    game had not closed yet) is judged from the stand-in of the game after it (``review_move``'s ``after``)."""
    sports = settings.rules == "sports" and settings.first_move_region is None and not settings.instant_win
    stop_phase = sports and settings.stop_mode == "stop_phase"
    # The search needs grounding in the rules (it reads the opponent's grounding): a sports game with STOP or with
    # no early end is searched as the same game with grounding (the same dots, areas and score).
    mirrored = sports and settings.stop_mode != "grounding"
    grounded = dataclasses.replace(settings, stop_mode="grounding") if mirrored else settings
    game = Game.from_settings(settings, moves[: first - 1])
    mirror = Game.from_settings(grounded, moves[: first - 1]) if mirrored else game
    found: list[list[object]] = []
    for ply in range(first, min(first + count, len(moves) + 1)):
        move = moves[ply - 1]
        judged = (
            move.kind in (MoveKind.DOT, MoveKind.GROUND, MoveKind.STOP)
            and game.stopped_by is None
            and not game.is_over
            and (move.kind is not MoveKind.STOP or stop_phase)
        )
        if judged:
            mover = move.colour
            played: Point | str = GROUND if move.point is None else move.point
            if sports:
                position, offset = mirror, 0.0
                grounding = _grounding(mirror, mover) if settings.stop_mode == "grounding" or stop_phase else None
            else:
                position, grounding = _stand_in(game), None
                offset = _offset(game, position, mover)
            after: Game | None = None
            after_offset = 0.0
            if isinstance(played, Point) and not position.is_playable(played.x, played.y):
                # The stand-in captured automatically where the real game's closures had not: read the move's
                # value from the stand-in of the game after it.
                after = game.copy()
                after.apply(move)
                if not after.is_over:
                    proxy = _stand_in(after)
                    after_offset = _offset(after, proxy, after.to_move)
                    after = proxy
            if played != GROUND or grounding is not None:
                review = review_move(
                    position,
                    played if isinstance(played, Point) else GROUND,
                    ply=ply,
                    colour=mover,
                    nodes=nodes,
                    offset=offset,
                    grounding=grounding,
                    after=after,
                    after_offset=after_offset,
                )
                found.append(review.as_list())
        game.apply(move)
        if mirror is not game and move.kind is MoveKind.DOT:
            mirror.apply(move)
    return found


def read_span(found: Sequence[Sequence[object]]) -> list[MoveReview]:
    """``review_span``'s answer read back."""
    return [MoveReview.of_list(list(values)) for values in found]


__all__ = [
    "MAX_EXTRA_DOTS",
    "Action",
    "extra_dots",
    "fallback",
    "read_span",
    "review_span",
    "search",
    "sports_proxy",
]
