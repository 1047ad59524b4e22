"""The bot's own games under ``tests/data/bot-games`` (``benchmarks/bot_games.py`` played them; the shipped puzzle
set comes mostly from them): each is a 20x20 record our SGF reader takes, replays without an illegal move, and is
written back the same; one that ended says how (a grounding), one that did not stops at 220 dots."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.paths import TESTS
from tochki_bot.engine import MoveKind
from tochki_bot.engine.sgf import parse_sgf, write_sgf

GAMES = sorted((TESTS / "data" / "bot-games").glob("*.sgf"))


def test_there_are_games() -> None:
    assert len(GAMES) >= 12


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_bot_game_replays_and_reads_back(path: Path) -> None:
    record = parse_sgf(path.read_text(encoding="utf-8"))
    assert (record.settings.width, record.settings.height) == (20, 20)
    game = record.game()
    dots = sum(1 for m in game.moves if m.kind is MoveKind.DOT)
    if game.is_over:
        assert record.result == "B+G" or record.result == "W+G"
    else:
        assert dots == 220
    again = parse_sgf(write_sgf(game, blue=record.blue, red=record.red, app="tochki-bot bot_games"))
    assert again.moves == record.moves
