"""Board pictures of games (``tochki_bot.pictures``): what the engine knows, turned into the renderer's view.

The tests here came from the trials, reviews and attacks that found their bugs; each one's docstring says
which."""

from __future__ import annotations


async def test_the_final_board_after_a_resignation_marks_the_last_dot() -> None:
    """Found in a player's trial of the new bot; it failed before its fix."""
    from tochki_bot.engine import Game
    from tochki_bot.pictures import board_view

    game = Game(10, 10, "empty")
    game.play(5, 5)
    game.play(6, 6)
    game.resign("blue")
    assert board_view(game).last_move == (6, 6)
