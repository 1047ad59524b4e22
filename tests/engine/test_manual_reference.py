"""The manual-closure rule sets against the literal reference of ``reference_manual.py``, on random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.reference_manual import ClosureError, ReferenceManualGame
from tochki_bot.engine import Game, GameSettings, IllegalMove, Point, RuleSet

SIZES = st.sampled_from([(4, 4), (5, 5), (6, 6), (7, 6), (8, 8)])


def candidates(game: Game, rng: random.Random) -> list[Point | tuple[Point, ...]]:
    """Closures to try: the pools the engine offers, as points and as rings, and broken or foreign rings."""
    out: list[Point | tuple[Point, ...]] = []
    pools = list(game.pools())
    other = game.pools("red" if game.closer == "blue" else "blue")
    for pool in pools:
        ring = pool.ring
        k = rng.randrange(len(ring))
        out.append(ring[k:] + ring[:k])
        out.append(tuple(reversed(ring)))
        if len(ring) > 4:
            out.append(ring[:k] + ring[k + 1 :])  # a link missing
        if game.settings.rules == "polish":
            out.append(pool.point)
    for pool in other:
        out.append(pool.ring)  # the other player's ring
    if len(pools) > 1:
        a, b = rng.sample(pools, 2)
        out.append(a.ring + b.ring)  # two rings as one
    rng.shuffle(out)
    legal_first = [p.point if game.settings.rules == "polish" else p.ring for p in pools[:1]]
    return (legal_first if rng.random() < 0.6 else []) + out[: rng.randint(0, 5)]


def _around(p: Point, width: int, height: int) -> list[tuple[int, int]]:
    return [
        (p.x + dx, p.y + dy)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 1 <= p.x + dx <= width and 1 <= p.y + dy <= height
    ]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2**32),
    SIZES,
    st.sampled_from(["polish", "territory"]),
    st.booleans(),
    st.sampled_from([0, 3]),
)
def test_engine_agrees_with_the_literal_manual_rules(
    seed: int, size: tuple[int, int], rules: RuleSet, penalty: bool, instant: int
) -> None:
    width, height = size
    rng = random.Random(seed)
    game = Game(
        settings=GameSettings(
            width,
            height,
            "empty",
            rules=rules,
            own_dot_penalty=penalty,
            instant_win=instant,
        )
    )
    ref = ReferenceManualGame(width, height, rules, penalty=penalty, instant_win=instant)
    stop = rng.randint(width * height // 2, width * height)
    while not game.is_over and game.ply < stop:
        points = list(game.playable_points())
        last = game.last_move
        colour = game.to_move
        r = rng.random()
        if r < 0.5:  # next to an opponent dot: that is how dots get surrounded
            enemy = "red" if colour == "blue" else "blue"
            points = [
                p
                for p in points
                if any(game.dot(x, y) == enemy for x, y in _around(p, width, height) if game.owner(x, y) is None)
            ] or points
        elif last is not None and last.point is not None and r < 0.8:
            points = [p for p in points if abs(p.x - last.point.x) <= 2 and abs(p.y - last.point.y) <= 2] or points
        point = rng.choice(points)
        game.play(*point)
        ref.place((point.x, point.y), colour)
        if game.is_over:
            break
        if rules == "polish":
            ours = sorted((p.size, sorted(p.captures), p.own) for p in game.pools())
            theirs: list[tuple[int, list[Point], int]] = []
            for pool in ref.pools(colour):
                if ref.alive_enemy(colour, pool):
                    area = ref.area_of_pool(pool)
                    enemies = sorted(
                        Point(*c) for c in area if ref.dot[c] == ref.other(colour) and ref.owner[c] != colour
                    )
                    own = sum(1 for c in area if ref.dot[c] == colour and ref.in_play(c))
                    theirs.append((len(area), enemies, own))
            assert ours == sorted(theirs)
        for target in candidates(game, rng):
            before = game.diagram()
            try:
                game.close(target)
                legal = True
            except IllegalMove:
                legal = False
                assert game.diagram() == before
            try:
                ref.close(colour, (target.x, target.y) if isinstance(target, Point) else [(p.x, p.y) for p in target])
                ref_legal = True
            except ClosureError:
                ref_legal = False
            assert legal == ref_legal, f"move {game.ply} {point}: {target}"
            assert game.diagram() == ref.diagram()
            assert game.score == ref.score
            assert game.is_over == ref.over
            if game.is_over:
                break
    if rules == "territory" and not game.is_over:
        ref.to_move = game.to_move
        result = game.agree_end("blue")
        assert (result.winner, result.margin) == ref.agreed_end()
        assert game.diagram() == ref.diagram()
    again = Game.from_settings(game.settings, game.moves)
    assert again.diagram() == game.diagram() and again.result == game.result and again.score == game.score
