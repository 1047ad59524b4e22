"""Every sentence about a game, written once for every front end (the chat's captions and answers, the Mini App's
page, local mode, the pictures' status lines): how a player is named, where a game stands, what the last move did,
how it ended, the rule set in words, which language a person reads.

The decisions live here and the words in the catalogues (``tochki_bot.i18n``); each front end brings only its way of
showing a name (HTML with a mention that notifies, plain text cut to fit a picture...). Built from the services'
views; imports nothing of the front ends.
"""

from __future__ import annotations

from .languages import known_language, player_language
from .names import bot_name, cut, drawn_name, in_language, name_or_side, player_name, side_name
from .results import outcome_sentence, result_sentence
from .rules import rules_title
from .status import (
    PICTURE_NAME,
    Medium,
    Situation,
    Stage,
    last_move_sentence,
    picture_line,
    situation,
    status_sentence,
)
from .text import plain

__all__ = [
    "PICTURE_NAME",
    "Medium",
    "Situation",
    "Stage",
    "bot_name",
    "cut",
    "drawn_name",
    "in_language",
    "known_language",
    "last_move_sentence",
    "name_or_side",
    "outcome_sentence",
    "picture_line",
    "plain",
    "player_language",
    "player_name",
    "result_sentence",
    "rules_title",
    "side_name",
    "situation",
    "status_sentence",
]
