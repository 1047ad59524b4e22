"""A game's rule set in words."""

from __future__ import annotations

from ..engine import GameSettings
from ..i18n import Language, duration, t
from ..services import GameView


def rules_title(lang: Language, view: GameView) -> str:
    """The rule set and its options in words (plain text): "Polish, instant win at 15"."""
    return settings_title(lang, view.settings, view.stop_seconds)


def settings_title(lang: Language, settings: GameSettings, stop_seconds: int | None) -> str:
    """The rule set of ``settings`` and its options in words (plain text), ``stop_seconds`` the STOP time: for a
    game, or a tournament's games."""
    title = t(lang, f"rules_name_{settings.rules}")
    if settings.instant_win:
        title = t(lang, "rules_with_margin", rules=title, margin=settings.instant_win)
    if settings.own_dot_penalty:
        title = t(lang, "rules_with_penalty", rules=title)
    if settings.stop_mode == "stop_phase":
        limit = duration(lang, stop_seconds) if stop_seconds else t(lang, "stop_no_limit")
        title = t(lang, "rules_with_stop", rules=title, limit=limit)
    return title


__all__ = ["rules_title", "settings_title"]
