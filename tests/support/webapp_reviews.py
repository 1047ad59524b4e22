"""Finished games to review in the Mini App's tests: a small one with known blunders, and a longer realistic one (the
browser test's screenshot), played through the services by Anna (blue, first) and Boris in the group ``GROUP``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tests.support.games import ANNA, BORIS, GROUP
from tests.support.positions import surrounding_game
from tochki_bot.ai.analysis import analyse
from tochki_bot.engine import Game, MoveKind
from tochki_bot.services import LobbyChoice, Person, Place, Services

ANNA_PERSON = Person(ANNA, "Anna")
BORIS_PERSON = Person(BORIS, "Boris")

BLUNDERS: tuple[tuple[int, int], ...] = (
    (4, 5), (5, 5), (8, 5), (6, 5), (5, 4), (7, 5), (6, 4), (1, 10),
    (7, 4), (10, 10), (5, 6), (1, 1), (6, 6), (10, 1), (2, 9), (7, 6),
)  # fmt: skip
"""A 10x10 game (empty start) where blue builds a ring around red's three dots 5-5, 6-5, 7-5: at move 13 blue could
close it at 7-6 (3 dots) and plays 6-6; red does not save them at 7-6 (move 14, 10-1); blue misses it again (move 15,
2-9); red saves them at last (move 16). At any review budget of a few hundred positions each of the three is a
blunder of 3 dots with 7-6 the better move."""
BLUNDER_MOVES = (13, 14, 15)
BETTER = (7, 6)


async def finished_game(
    services: Services,
    moves: Sequence[tuple[int, int]] = BLUNDERS,
    *,
    size: tuple[int, int] = (10, 10),
    start: str = "empty",
    chat: int = GROUP,
) -> int:
    """A group game between Anna (blue, first) and Boris: ``moves`` played in turn, then the one to move resigns.
    Returns the game's id."""
    place = Place(chat, "group", "G")
    opened = await services.lobby.open(
        place, ANNA_PERSON, LobbyChoice(size[0], size[1], start, 60, colours="creator_blue")
    )
    game_id = opened.view.id
    await services.lobby.join(game_id, BORIS_PERSON, place)
    view = await services.game(game_id)
    for x, y in moves:
        mover = ANNA_PERSON if view.to_move == "blue" else BORIS_PERSON
        view = await services.play.move(game_id, mover, x, y)
    await services.play.resign(game_id, ANNA_PERSON if view.to_move == "blue" else BORIS_PERSON)
    return game_id


def realistic_moves(seed: int = 5, count: int = 80, size: tuple[int, int] = (20, 20)) -> list[tuple[int, int]]:
    """The dots of a dense game where each side keeps surrounding the other's dots (``surrounding_game``), on an
    empty board of ``size``."""
    game = surrounding_game(seed, count, size[0], size[1], "empty")
    return [(m.point.x, m.point.y) for m in game.moves if m.kind is MoveKind.DOT and m.point is not None]


def sparring_moves(
    seed: int = 4, count: int = 150, size: tuple[int, int] = (39, 32), *, nodes: int = 60, care: float = 0.8
) -> list[tuple[int, int]]:
    """The dots of a game of local fights from the cross: each side plays next to the other's dots, and when a quick
    search (``nodes`` positions) sees that the point chosen loses a dot or more against its best move, it plays the
    best move instead ``care`` of the time. A game with a few mistakes of both sides, as people's games have (the
    screenshot's)."""
    rng = random.Random(seed)
    game = Game(size[0], size[1], "cross")
    while game.ply < count and not game.is_over:
        me = game.to_move
        near = [
            p
            for p in game.playable_points()
            if any(
                game.dot(p.x + dx, p.y + dy) not in (None, me)
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if 1 <= p.x + dx <= game.width and 1 <= p.y + dy <= game.height
            )
        ]
        choice = rng.choice(near or list(game.playable_points()))
        found = analyse(game, nodes=nodes, played=choice)
        if found.played_value is not None and found.played_value < found.best_value - 0.5 and rng.random() < care:
            choice = found.best
        game.play(choice.x, choice.y)
    return [(m.point.x, m.point.y) for m in game.moves if m.kind is MoveKind.DOT and m.point is not None]


async def active_game(services: Services, moves: Sequence[tuple[int, int]] = BLUNDERS[:4], chat: int = GROUP) -> int:
    """A group game between Anna and Boris still being played."""
    place = Place(chat, "group", "G")
    opened = await services.lobby.open(place, ANNA_PERSON, LobbyChoice(10, 10, "empty", 60, colours="creator_blue"))
    game_id = opened.view.id
    await services.lobby.join(game_id, BORIS_PERSON, place)
    view = await services.game(game_id)
    for x, y in moves:
        view = await services.play.move(game_id, ANNA_PERSON if view.to_move == "blue" else BORIS_PERSON, x, y)
    return game_id
