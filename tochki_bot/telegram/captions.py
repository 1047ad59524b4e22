"""What the chat shows of a game: board captions for each kind of reader (HTML, with mentions), the lobby, and
the short labels of game buttons. The sentences themselves are ``tochki_bot.wording``'s, shared with every front
end; here is how a chat shows them."""

from __future__ import annotations

from html import escape
from typing import Literal

from render import Window

from ..engine import Colour, other
from ..engine.sgf import WinBy, parse_result
from ..i18n import Language, duration, t
from ..services import GameView
from ..wording import in_language, last_move_sentence, player_name, result_sentence, rules_title, status_sentence
from .formatting import mention, name

Role = Literal["group", "player", "spectator"]
"""Who reads a board: a group chat, one of the players in private, or a spectator in private."""


def display(view: GameView, colour: Colour, lang: Language = "en") -> str:
    """A player's name as plain text (for buttons and files): the side's name while the seat is empty."""
    return player_name(lang, view, colour)


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


def result_text(lang: Language, view: GameView) -> str:
    """How the game ended, one sentence without its full stop (e.g. "Bob resigned; Alice wins"), names in HTML."""
    return result_sentence(lang, view, lambda c: html_name(view, c))


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


def board_caption(
    lang: Language,
    view: GameView,
    role: Role,
    reader: int | None,
    *,
    now: float,
    window: Window | None = None,
    earlier: int = 0,
) -> str:
    """The caption under a board (HTML) for one reader: the game and score, the last move and what it captured,
    whose move it is and the time left (or the result). ``earlier`` dots before the last are named too (a move
    and the bot's reply shown on one board).

    A group reads both names and a mention of the player to move; a player reads "vs <opponent>" and "your move";
    a spectator reads both names.
    """
    view = in_language(lang, view)
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
    if view.table is not None:  # a tournament's game: which one, in a group playing several at once
        table = view.table
        lines.append(t(lang, "caption_table", id=table.tournament, round=table.round, board=table.board))
    last_move = last_move_sentence(lang, view, earlier)
    if last_move:
        lines.append(last_move)
    if view.state == "cancelled" and view.result is None:
        lines.append(t(lang, "cancelled_plain_caption"))
        return "\n".join(lines)
    if view.result is not None:
        if view.cancelled_unplayed:
            lines.append(t(lang, "cancelled_caption", result=result_text(lang, view)))
        else:
            lines.append(t(lang, "game_over_caption", result=result_text(lang, view)))
        return "\n".join(lines)
    turn = status_sentence(
        lang,
        view,
        "caption",
        lambda colour: html_name(view, colour),
        reader=mine,
        address=(lambda colour: mention_of(view, colour)) if role == "group" else None,
    )
    if not turn:
        return "\n".join(lines)
    left = view.time_left(now)
    if left is not None and not (view.player_to_move is not None and view.player_to_move.bot is not None):
        turn += " · " + t(lang, "caption_left", left=duration(lang, left))
    lines.append(turn)
    if window is not None:
        lines.append(t(lang, "caption_window", x0=window.x0, x1=window.x1, y0=window.y0, y1=window.y1))
    return "\n".join(lines)


def game_label(lang: Language, view: GameView, user_id: int, where: str | None = None) -> str:
    """A game on a button or in a list (plain text): ``#12 · vs Boris · your move``."""
    view = in_language(lang, view)
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


def lobby_text(lang: Language, view: GameView, invite_link: str | None, *, reads_all: bool | None = None) -> str:
    """The lobby message: settings, who created it, how to join; in a group, how moves are sent there
    (``reads_all``: whether the bot sees every message there, or only commands; ``None``: not said)."""
    creator = name(view.creator.name)
    colours = t(lang, f"colours_{view.colours}", creator=creator)
    if view.kind == "private" and invite_link:
        hint = t(lang, "lobby_hint_private", link=invite_link)
    else:
        hint = t(lang, "lobby_hint_group")
        if reads_all is not None:
            hint += "\n" + t(lang, "lobby_moves_all" if reads_all else "lobby_moves_commands")
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
    view = in_language(lang, view)
    return t(lang, "lobby_started", id=view.id, blue=html_name(view, "blue"), red=html_name(view, "red"))
