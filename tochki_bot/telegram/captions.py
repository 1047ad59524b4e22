"""What the bot writes about a game: board captions for each kind of reader, the status line drawn in the picture,
results, the lobby, and the short labels of game buttons."""

from __future__ import annotations

from html import escape
from typing import Literal

from render import Window
from render.fonts import drawable

from ..engine import Colour, MoveKind, other
from ..engine.sgf import WinBy, parse_result
from ..i18n import Language, duration, t
from ..services import GameView
from ..wording import result_sentence
from .formatting import mention, name

Role = Literal["group", "player", "spectator"]
"""Who reads a board: a group chat, one of the players in private, or a spectator in private."""


STATUS_NAME = 18
"""Names are cut to this many characters in the picture's status line (so that the result still fits)."""


def display(view: GameView, colour: Colour) -> str:
    """A player's name as plain text (for buttons and files)."""
    player = view.player(colour)
    return player.name if player is not None else ("Blue" if colour == "blue" else "Red")


def drawn_name(lang: Language, view: GameView, colour: Colour, limit: int | None = None) -> str:
    """A player's name as the picture can draw it: the side's name in ``lang`` when there is no player yet or the
    name has nothing the font can draw (only emoji, say); cut to ``limit`` characters."""
    player = view.player(colour)
    text = drawable(player.name) if player is not None else ""
    if not text:
        return t(lang, f"side_{colour}")
    return text if limit is None or len(text) <= limit else text[: limit - 1].rstrip() + "…"


def html_name(view: GameView, colour: Colour) -> str:
    """A player's name for HTML."""
    return name(display(view, colour))


def mention_of(view: GameView, colour: Colour) -> str:
    """A notifying link to a player."""
    player = view.player(colour)
    if player is None or player.bot is not None:  # the bot has no account to link to
        return html_name(view, colour)
    return mention(player.id, player.name)


def size_text(view: GameView) -> str:
    return view.settings.size


def time_text(lang: Language, seconds: int | None) -> str:
    return duration(lang, seconds) if seconds else t(lang, "time_none")


def rules_title(lang: Language, view: GameView) -> str:
    """The rule set and its instant-win margin in words (plain text): "Polish, instant win at 15"."""
    settings = view.settings
    title = t(lang, f"rules_name_{settings.rules}")
    if settings.instant_win:
        title = t(lang, "rules_with_margin", rules=title, margin=settings.instant_win)
    if settings.own_dot_penalty:
        title = t(lang, "rules_with_penalty", rules=title)
    if settings.stop_mode == "stop_phase":
        limit = duration(lang, view.stop_seconds) if view.stop_seconds else t(lang, "stop_no_limit")
        title = t(lang, "rules_with_stop", rules=title, limit=limit)
    return title


def result_text(lang: Language, view: GameView, *, html: bool = True) -> str:
    """How the game ended, one sentence without its full stop (e.g. "Bob resigned; Alice wins"); plain text with
    the names as the picture draws them unless ``html``."""
    show = (lambda c: html_name(view, c)) if html else (lambda c: drawn_name(lang, view, c, STATUS_NAME))
    return result_sentence(lang, view, show)


def record_result_text(lang: Language, stated: str) -> str:
    """The result an SGF record states in ``RE`` (e.g. ``W+R``), in words (HTML).

    A code this bot does not know is shown as written, escaped; no result at all is ``import_no_result``.
    """
    result = parse_result(stated)
    if result is None:
        return escape(stated.strip()[:40], quote=False) or t(lang, "import_no_result")
    if result.winner is None:
        return t(lang, "record_result_draw")
    if result.by is None:
        return t(lang, "record_result_win", winner=result.winner)
    if result.by is WinBy.POINTS:
        return t(lang, "record_result_points", winner=result.winner, points=result.points)
    return t(lang, f"record_result_{result.by.value}", winner=result.winner)


def picture_caption(lang: Language, view: GameView) -> str:
    """The status line drawn inside the picture (plain text): the game, the last move, whose move or the result."""
    position = view.position
    parts = [t(lang, "picture_game", id=view.id)]
    settings = view.settings
    if settings.rules != "sports":
        title = t(lang, f"rules_name_{settings.rules}")
        if settings.instant_win:
            title = t(lang, "picture_margin", rules=title, margin=settings.instant_win)
        parts.append(title)
    penalties = position.penalties
    if any(penalties):
        parts.append(t(lang, "picture_penalties", blue=penalties[0], red=penalties[1]))
    last = position.last_move
    if last is not None and last.kind == MoveKind.DOT:
        parts.append(t(lang, "picture_move", ply=position.move_count, point=last.point))
    if view.result is not None:
        parts.append(result_text(lang, view, html=False))
    elif view.state == "cancelled":
        parts.append(t(lang, "picture_cancelled"))
    elif position.ply == 0:
        parts.append(t(lang, "picture_start"))
    elif view.closing is not None:
        parts.append(t(lang, "picture_closing", name=drawn_name(lang, view, view.closing, STATUS_NAME)))
    elif position.stopped_by is not None and view.to_move is not None:
        stopper = drawn_name(lang, view, position.stopped_by, STATUS_NAME)
        parts.append(t(lang, "picture_stop", stopper=stopper, name=drawn_name(lang, view, view.to_move, STATUS_NAME)))
    elif view.to_move is not None:
        parts.append(t(lang, "picture_turn", name=drawn_name(lang, view, view.to_move, STATUS_NAME)))
    return " · ".join(parts)


def board_caption(
    lang: Language,
    view: GameView,
    role: Role,
    reader: int | None,
    *,
    now: float,
    window: Window | None = None,
) -> str:
    """The caption under a board (HTML) for one reader: the game and score, the last move and what it captured,
    whose move it is and the time left (or the result).

    A group reads both names and a mention of the player to move; a player reads "vs <opponent>" and "your move";
    a spectator reads both names.
    """
    position = view.position
    score_blue, score_red = position.score
    mine = view.colour_of(reader) if reader is not None and role == "player" else None
    if mine is not None:
        theirs = other(mine)
        head = t(
            lang,
            "caption_head_player",
            id=view.id,
            opponent=html_name(view, theirs),
            colour=theirs,
            score_blue=score_blue,
            score_red=score_red,
        )
    else:
        head = t(
            lang,
            "caption_head",
            id=view.id,
            blue=html_name(view, "blue"),
            red=html_name(view, "red"),
            score_blue=score_blue,
            score_red=score_red,
        )
    lines = [head]
    last = position.last_move
    if last is not None and last.kind == MoveKind.DOT:
        line = t(lang, "caption_move", ply=position.move_count, point=last.point, colour=last.colour)
        # Under manual rules a move is its dot and every closure made after it: the captures of them all.
        areas = position.last_captures if position.settings.manual else view.captured
        captured = sum(len(area.captured) for area in areas)
        if captured:
            line += " · " + t(lang, "caption_captured", count=captured)
        lines.append(line)
    elif position.ply == 0 and view.result is None and view.state == "active":
        lines.append(t(lang, "caption_start"))
    if view.state == "cancelled" and view.result is None:
        lines.append(t(lang, "cancelled_plain_caption"))
        return "\n".join(lines)
    if view.result is not None:
        if view.cancelled_by_resignation:
            lines.append(t(lang, "cancelled_caption", result=result_text(lang, view)))
        else:
            lines.append(t(lang, "game_over_caption", result=result_text(lang, view)))
        return "\n".join(lines)
    colour = view.to_move
    if colour is None:
        return "\n".join(lines)
    if view.player_to_move is not None and view.player_to_move.bot is not None:
        lines.append(t(lang, "caption_bot_thinking", name=html_name(view, colour)))
        return "\n".join(lines)
    closing = view.closing is not None
    stopper = position.stopped_by
    if stopper is not None:  # the extra dots after a STOP
        if role == "group" or mine is None:
            turn = t(lang, "caption_stop", stopper=html_name(view, stopper), mention=mention_of(view, colour))
        elif mine == colour:
            turn = t(lang, "caption_your_extra", stopper=html_name(view, stopper))
        else:
            turn = t(lang, "caption_their_extra", name=html_name(view, colour))
    elif role == "group":
        turn = t(lang, "caption_closing" if closing else "caption_turn", mention=mention_of(view, colour))
    elif mine == colour:
        turn = t(lang, "caption_your_closing" if closing else "caption_your_move")
    else:
        turn = t(lang, "caption_their_closing" if closing else "caption_their_move", name=html_name(view, colour))
    left = view.time_left(now)
    if left is not None:
        turn += " · " + t(lang, "caption_left", left=duration(lang, left))
    lines.append(turn)
    if window is not None:
        lines.append(t(lang, "caption_window", x0=window.x0, x1=window.x1, y0=window.y0, y1=window.y1))
    return "\n".join(lines)


def game_label(lang: Language, view: GameView, user_id: int, where: str | None = None) -> str:
    """A game on a button or in a list (plain text): ``#12 · vs Boris · your move``."""
    parts = [t(lang, "label_game", id=view.id)]
    if where:
        parts.append(where)
    mine = view.colour_of(user_id)
    if view.state == "lobby":
        parts.append(t(lang, "label_lobby"))
    elif mine is not None:
        parts.append(t(lang, "label_vs", name=display(view, other(mine))))
        if view.to_move == mine:
            parts.append(t(lang, "label_your_move"))
        elif view.to_move is not None:
            parts.append(t(lang, "label_their_move"))
        elif view.state != "active":
            parts.append(t(lang, "label_over"))
    else:
        parts.append(f"{display(view, 'blue')} – {display(view, 'red')}")
    return " · ".join(parts)


def lobby_text(lang: Language, view: GameView, invite_link: str | None) -> str:
    """The lobby message: settings, who created it, how to join."""
    creator = name(view.creator.name)
    colours = t(lang, f"colours_{view.colours}", creator=creator)
    if view.kind == "private" and invite_link:
        hint = t(lang, "lobby_hint_private", link=invite_link)
    else:
        hint = t(lang, "lobby_hint_group")
    if view.ply > 0:
        hint = t(lang, "lobby_continued", ply=view.ply) + "\n" + hint
    elif not view.rated:
        hint = t(lang, "lobby_unrated") + "\n" + hint
    hint = t(lang, "lobby_rules", rules=escape(rules_title(lang, view), quote=False)) + "\n" + hint
    return t(
        lang,
        "lobby",
        id=view.id,
        size=size_text(view),
        start=t(lang, f"start_{view.settings.start}"),
        time=time_text(lang, view.move_seconds),
        colours=colours,
        hint=hint,
    )


def started_text(lang: Language, view: GameView) -> str:
    """What a lobby message becomes when its game starts."""
    return t(lang, "lobby_started", id=view.id, blue=html_name(view, "blue"), red=html_name(view, "red"))
