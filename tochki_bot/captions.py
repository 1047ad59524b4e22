"""What the bot writes about a game: board captions, the line inside the picture, results, the lobby, lists."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from render import Window
from storage import GameRecord, UserRecord

from .engine import Colour, EndReason, Game, MoveKind, other
from .engine.sgf import WinBy, parse_result
from .texts import Language, duration, mention, name, t


@dataclass(frozen=True, slots=True)
class Players:
    """The two players of a game (either may be missing in a lobby)."""

    blue: UserRecord | None
    red: UserRecord | None

    def of(self, colour: Colour) -> UserRecord | None:
        return self.blue if colour == "blue" else self.red

    def display(self, colour: Colour) -> str:
        """The player's name as plain text (for pictures)."""
        user = self.of(colour)
        return user.name if user is not None else ("Blue" if colour == "blue" else "Red")

    def html(self, colour: Colour) -> str:
        """The player's name escaped for HTML."""
        return name(self.display(colour))

    def mention(self, colour: Colour) -> str:
        """A notifying link to the player."""
        user = self.of(colour)
        return mention(user.id, user.name) if user is not None else self.html(colour)


def size_text(record: GameRecord) -> str:
    return f"{record.width}x{record.height}"


def time_text(lang: Language, seconds: int | None) -> str:
    return duration(lang, seconds) if seconds else t(lang, "time_none")


def result_text(lang: Language, game: Game, players: Players, *, html: bool = True) -> str:
    """Why and how the game ended, in one sentence without its full stop, e.g. "Bob resigned; Alice wins"."""
    result = game.result
    if result is None:
        return ""
    show = players.html if html else players.display
    last = game.last_move
    actor = last.colour if last is not None else "blue"
    outcome = t(lang, "outcome_draw") if result.winner is None else t(lang, "outcome_win", winner=show(result.winner))
    if result.reason is EndReason.RESIGNATION:
        return t(lang, "result_resignation", loser=show(actor), winner=show(other(actor)))
    if result.reason is EndReason.TIMEOUT:
        return t(lang, "result_timeout", loser=show(actor), winner=show(other(actor)))
    if result.reason is EndReason.GROUNDING:
        return t(lang, "result_grounding", declarer=show(actor), outcome=outcome)
    if result.reason is EndReason.BOARD_FULL:
        return t(lang, "result_board_full", outcome=outcome)
    return t(lang, "result_draw")


def record_result_text(lang: Language, stated: str) -> str:
    """The result an SGF record states in ``RE`` (e.g. ``W+R``), in words (HTML).

    A code this bot does not know is shown as written, escaped; no result at all is ``import_no_result``.
    """
    result = parse_result(stated)
    if result is None:
        return escape(stated.strip(), quote=False) or t(lang, "import_no_result")
    if result.winner is None:
        return t(lang, "record_result_draw")
    if result.by is None:
        return t(lang, "record_result_win", winner=result.winner)
    if result.by is WinBy.POINTS:
        return t(lang, "record_result_points", winner=result.winner, points=result.points)
    return t(lang, f"record_result_{result.by.value}", winner=result.winner)


def picture_caption(lang: Language, game: Game, players: Players) -> str:
    """The status line drawn inside the picture (plain text)."""
    parts = []
    last = game.last_move
    if last is not None and last.kind == MoveKind.DOT:
        parts.append(t(lang, "picture_move", ply=game.ply, point=last.point))
    if game.is_over:
        parts.append(result_text(lang, game, players, html=False))
    elif game.ply == 0:
        parts.append(t(lang, "picture_start"))
    else:
        parts.append(t(lang, "picture_turn", name=players.display(game.to_move)))
    return " · ".join(parts)


def board_caption(
    lang: Language,
    record: GameRecord,
    game: Game,
    players: Players,
    *,
    now: float,
    captured: int = 0,
    window: Window | None = None,
) -> str:
    """The caption under a board picture (HTML): score, the last move and what it captured, whose move it is."""
    score_blue, score_red = game.score
    lines = [
        t(
            lang,
            "caption_score",
            blue=players.html("blue"),
            red=players.html("red"),
            score_blue=score_blue,
            score_red=score_red,
        )
    ]
    last = game.last_move
    if last is not None and last.kind == MoveKind.DOT:
        line = t(lang, "caption_move", ply=game.ply, point=last.point, colour=t(lang, last.colour))
        if captured:
            line += " · " + t(lang, "caption_captured", count=captured)
        lines.append(line)
    elif game.ply == 0:
        lines.append(t(lang, "caption_start", id=record.id))
    if game.is_over:
        lines.append(t(lang, "game_over_caption", result=result_text(lang, game, players)))
    else:
        turn = t(lang, "caption_turn", mention=players.mention(game.to_move))
        if record.deadline is not None:
            turn += " · " + t(lang, "caption_left", left=duration(lang, record.deadline - now))
        lines.append(turn)
        if window is not None:
            lines.append(t(lang, "caption_window", x0=window.x0, x1=window.x1, y0=window.y0, y1=window.y1))
    return "\n".join(lines)


def lobby_text(lang: Language, record: GameRecord, creator: UserRecord | None, invite_link: str | None) -> str:
    """The lobby message: settings, who created it, how to join."""
    creator_name = name(creator.name) if creator is not None else "?"
    colours = t(lang, f"colours_{record.colours}", creator=creator_name)
    hint = (
        t(lang, "lobby_hint_private", link=invite_link)
        if record.kind == "private" and invite_link
        else t(lang, "lobby_hint_group")
    )
    if record.ply > 0:
        hint = t(lang, "lobby_continued", ply=record.ply) + "\n" + hint
    return t(
        lang,
        "lobby",
        size=size_text(record),
        start=t(lang, f"start_{record.start}"),
        time=time_text(lang, record.move_seconds),
        colours=colours,
        creator=creator_name,
        hint=hint,
    )
