"""The rule test vectors of an independent reference implementation (``tests/data/rules.jsonl``, the project's own
copy, described in ``tests/data/VECTORS.md``): every line must be reproduced exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.paths import DATA
from tochki_bot.engine import Game, parse_point

VECTORS = [json.loads(line) for line in (DATA / "rules.jsonl").read_text().splitlines() if line.strip()]


def test_there_are_vectors() -> None:
    assert len(VECTORS) >= 50
    assert any(v["ground"] for v in VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_vector(vector: dict[str, Any]) -> None:
    game = Game(vector["width"], vector["height"], vector["start"])
    for number, (move, expected) in enumerate(zip(vector["moves"], vector["scores"], strict=True), 1):
        game.play(*parse_point(move))
        assert list(game.score) == expected, f"score after move {number} ({move})"
    if vector["ground"]:
        if game.is_over:
            # The board filled up with the last move: grounding has nothing left to add. The vector still
            # states the final position, which must then be the position after the last move.
            assert game.result is not None and game.result.reason == "board_full"
        else:
            game.ground(vector["ground"])
    assert list(game.score) == vector["final"]["score"]
    assert game.diagram() == vector["final"]["board"]
