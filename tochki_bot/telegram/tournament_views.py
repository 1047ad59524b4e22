"""What a tournament's messages are in the chat (pure: a view in, texts, keyboards and the standings picture's plain
view out): the lobby (one message, edited as people join), a round's pairings (one message), the standings (a
picture with the text as its caption), the end."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from render.table import Cell, TableView, Tone

from ..i18n import Language, duration, t
from ..services import BOARD_CHOICES, FORMATS, MAX_ROUND_ROBIN, ROUND_CHOICES, Player, TournamentView
from ..services import START_CHOICES as GAME_STARTS
from ..services.standings import Line, Mark, points_text
from ..services.tournaments import START_CHOICES, TIME_CHOICES
from ..wording.tournaments import (
    format_title,
    heading,
    mark_text,
    players_line,
    round_lines,
    settings_line,
    stage_text,
    standings_lines,
    start_line,
    view_round_over,
)
from . import callbacks as cb
from .formatting import CAPTION_LIMIT, mention, name

REMOVE_BUTTONS = 90
"""Players offered as buttons to remove at most (Telegram allows 100 buttons)."""


def _button(text: str, data: cb.Callback) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data.encode())


def _mark(selected: bool, label: str) -> str:
    return f"✓ {label}" if selected else label


def shown(player: Player) -> str:
    """A player's name in a tournament's messages (HTML)."""
    return name(player.name)


def mentioned(player: Player) -> str:
    """A player named so that they are notified (the pairings: each player learns their game)."""
    return mention(player.id, player.name)


def lobby_text(lang: Language, view: TournamentView, now: float) -> str:
    """The lobby message: heading, settings, the start, who has joined, how to join."""
    lines = [
        heading(lang, view),
        settings_line(lang, view),
        start_line(lang, view, now, shown),
        players_line(lang, view, shown),
        t(lang, "tournament_lobby_hint", name=shown(view.creator)),
    ]
    return "\n".join(lines)


def lobby_keyboard(lang: Language, view: TournamentView) -> InlineKeyboardMarkup:
    """The lobby's buttons: the creator's settings (format, rounds, rule set, board, start position, time, the
    start, rated), Join and Leave, Start, Remove and Cancel."""
    g = view.id
    settings = view.settings
    formats = [_button(_mark(view.format == f, t(lang, f"btn_t_{f}")), cb.TSet(g, "format", f)) for f in FORMATS]
    rows = [formats]
    if view.format == "swiss":
        rows.append(
            [
                _button(
                    _mark(view.rounds == r, str(r) if r else t(lang, "btn_t_rounds_auto")), cb.TSet(g, "rounds", str(r))
                )
                for r in ROUND_CHOICES
            ]
        )
    rows.append(
        [
            _button(_mark(settings.rules == r, t(lang, f"rules_name_{r}")), cb.TSet(g, "rules", r))
            for r in ("sports", "polish", "territory")
        ]
    )
    size = (settings.width, settings.height)
    rows.append([_button(_mark(size == (w, h), f"{w}x{h}"), cb.TSet(g, "size", f"{w}x{h}")) for w, h in BOARD_CHOICES])
    rows.append(
        [_button(_mark(settings.start == s, t(lang, f"start_{s}")), cb.TSet(g, "start", s)) for s in GAME_STARTS]
    )
    rows.append(
        [_button(_mark(view.move_seconds == s, duration(lang, s)), cb.TSet(g, "time", str(s))) for s in TIME_CHOICES]
    )
    starts = []
    for s in START_CHOICES:
        label = t(lang, "btn_t_starts_in", time=duration(lang, s)) if s else t(lang, "btn_t_starts_creator")
        starts.append(_button(_mark((view.starts_at is None) == (s == 0), label), cb.TSet(g, "starts", str(s))))
    rows.append(starts)
    rows.append(
        [
            _button(_mark(view.rated, t(lang, "btn_rated")), cb.TSet(g, "rated", "1")),
            _button(_mark(not view.rated, t(lang, "btn_unrated")), cb.TSet(g, "rated", "0")),
        ]
    )
    rows.append([_button(t(lang, "btn_join"), cb.TJoin(g, True)), _button(t(lang, "btn_t_leave"), cb.TJoin(g, False))])
    rows.append(
        [
            _button(t(lang, "btn_t_start"), cb.TAct(g, "start")),
            _button(t(lang, "btn_t_remove"), cb.TAct(g, "remove")),
            _button(t(lang, "btn_cancel"), cb.TAct(g, "cancel")),
        ]
    )
    return InlineKeyboardMarkup(rows)


def remove_keyboard(lang: Language, view: TournamentView) -> InlineKeyboardMarkup:
    """The creator picks the player to remove (two a row), or goes back."""
    players = [e.player for e in view.entries if e.active and e.player.id != view.creator.id][:REMOVE_BUTTONS]
    buttons = [_button(f"✖ {p.name[:24]}", cb.TRemove(view.id, p.id)) for p in players]
    rows = [buttons[i : i + 2] for i in range(0, len(buttons), 2)]
    rows.append([_button(t(lang, "btn_t_back"), cb.TAct(view.id, "back"))])
    return InlineKeyboardMarkup(rows)


def running_keyboard(lang: Language, view: TournamentView, page: str | None = None) -> InlineKeyboardMarkup:
    """Under a running (or finished) tournament's messages: the standings, its games' records; while it runs,
    leaving and the creator's remove picker (a no-show forfeits the rest); and its page in the Mini App (``page``:
    its link, when the Mini App is set up)."""
    rows = [
        [
            _button(t(lang, "btn_t_standings"), cb.TAct(view.id, "standings")),
            _button(t(lang, "btn_t_sgf"), cb.TAct(view.id, "sgf")),
        ]
    ]
    if view.state == "running":
        rows.append(
            [
                _button(t(lang, "btn_t_leave"), cb.TAct(view.id, "leave")),
                _button(t(lang, "btn_t_remove"), cb.TAct(view.id, "remove")),
            ]
        )
    if page is not None:
        rows.append([InlineKeyboardButton(t(lang, "btn_t_page"), url=page)])
    return InlineKeyboardMarkup(rows)


def page_keyboard(lang: Language, page: str | None) -> InlineKeyboardMarkup | None:
    """Under a round's pairings: the tournament's page in the Mini App, when it is set up."""
    if page is None:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "btn_t_page"), url=page)]])


def leave_keyboard(lang: Language, view: TournamentView, user_id: int) -> InlineKeyboardMarkup:
    """Yes / No to "leave the tournament?", for the player who asked."""
    return InlineKeyboardMarkup(
        [
            [
                _button(t(lang, "btn_t_leave_yes"), cb.TLeave(view.id, user_id, True)),
                _button(t(lang, "btn_no"), cb.TLeave(view.id, user_id, False)),
            ]
        ]
    )


def started_text(lang: Language, view: TournamentView) -> str:
    """What the lobby message becomes once the tournament starts."""
    return t(lang, "tournament_started_lobby", id=view.id, format=format_title(lang, view), count=len(view.entries))


def closed_text(lang: Language, view: TournamentView) -> str:
    """What the lobby message becomes when it is cancelled (by its creator, or for want of players, or age)."""
    if view.reason == "few":
        return t(lang, "tournament_cancelled_few", id=view.id, count=view.min_players)
    if view.reason == "expired":
        return t(lang, "tournament_expired", id=view.id)
    return t(lang, "tournament_cancelled", id=view.id)


def round_text(lang: Language, view: TournamentView, number: int) -> str:
    """A round's one message: its tables, every player mentioned (so each learns their game)."""
    return "\n".join(round_lines(lang, view, number, mentioned))


def standings_text(lang: Language, view: TournamentView, limit: int = CAPTION_LIMIT) -> str:
    """The standings as text, cut to fit under the picture."""
    lines = standings_lines(lang, view, shown)
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head, footer = lines[0], lines[-1]
    body = lines[1:-1]
    kept: list[str] = []
    for line in body:
        more = t(lang, "tournament_shown_players", count=len(body) - len(kept) - 1)
        if len("\n".join([head, *kept, line, more, footer])) > limit:
            kept.append(t(lang, "tournament_shown_players", count=len(body) - len(kept)))
            break
        kept.append(line)
    return "\n".join([head, *kept, footer])


# ----------------------------------------------------------------------------------------------------------------------
# The standings picture


def standings_picture(lang: Language, view: TournamentView) -> TableView:
    """The standings as a table picture: a cross table for a round robin (up to 10 players), a line of rounds for
    a Swiss or a knockout (``+5`` won against the 5th...), the points and the tie-breaks."""
    players = {e.player.id: e.player for e in view.entries}
    lines = list(view.standings)
    places = {ln.player: n for n, ln in enumerate(lines, 1)}
    title = t(lang, "tournament_picture_title", id=view.id, format=format_title(lang, view))
    if view.state == "finished":
        subtitle = t(lang, "tournament_picture_final")
    elif view.state == "lobby" or view.round == 0:
        subtitle = t(lang, "tournament_picture_lobby")
    else:
        done = view.round if view_round_over(view) else view.round - 1
        subtitle = t(lang, "tournament_picture_after", round=max(done, 0), rounds=view.rounds)
    rows: list[tuple[Cell, ...]] = []
    if view.format == "round_robin" and len(lines) <= MAX_ROUND_ROBIN:
        heads = (
            t(lang, "tournament_th_place"),
            t(lang, "tournament_th_player"),
            *[str(n) for n in range(1, len(lines) + 1)],
            t(lang, "tournament_th_points"),
            t(lang, "tournament_th_sb"),
            t(lang, "tournament_th_games"),
        )
        for line in lines:
            cells = [Cell(str(line.place)), _name_cell(lang, players, line)]
            for other in lines:
                cells.append(_cross(line, other))
            cells += [
                Cell(points_text(line.points), bold=True),
                Cell(points_text(line.sonneborn_berger)),
                Cell(str(line.games)),
            ]
            rows.append(tuple(cells))
        footer = t(lang, "tournament_picture_rr_footer")
    else:
        heads = (
            t(lang, "tournament_th_place"),
            t(lang, "tournament_th_player"),
            *[t(lang, "tournament_th_round", round=r) for r in range(1, view.rounds + 1)],
            t(lang, "tournament_th_points"),
        )
        if view.format == "swiss":
            heads += (
                t(lang, "tournament_th_buchholz"),
                t(lang, "tournament_th_median"),
                t(lang, "tournament_th_games"),
            )
        else:
            heads = (*heads[:-1], "")
        for line in lines:
            cells = [Cell(str(line.place)), _name_cell(lang, players, line)]
            by_round = {m.round: m for m in line.marks}
            for r in range(1, view.rounds + 1):
                mark = by_round.get(r)
                if mark is None:
                    cells.append(Cell(""))
                    continue
                cells.append(_mark_cell(mark, places))
            if view.format == "swiss":
                cells += [
                    Cell(points_text(line.points), bold=True),
                    Cell(points_text(line.buchholz)),
                    Cell(points_text(line.median_buchholz)),
                    Cell(str(line.games)),
                ]
            else:
                cells.append(Cell(stage_text(lang, view, line)))
            rows.append(tuple(cells))
        footer = t(
            lang, "tournament_picture_swiss_footer" if view.format == "swiss" else "tournament_picture_elim_footer"
        )
    footer = f"{footer} {t(lang, 'tournament_picture_dot')}"
    return TableView(title, subtitle, heads, tuple(rows), footer=footer, leader=view.state == "finished")


def _name_cell(lang: Language, players: dict[int, Player], line: Line) -> Cell:
    player = players.get(line.player)
    text = player.name if player is not None else str(line.player)
    if not line.active:
        return Cell(f"{text} {t(lang, 'tournament_left_mark')}", tone="out")
    return Cell(text)


def _tone(points: float) -> Tone:
    return "win" if points == 1 else "loss" if points == 0 else "draw"


def _mark_cell(mark: Mark, places: dict[int, int]) -> Cell:
    """A round's cell of a Swiss or a knockout: coloured by the result, the colour played as a dot (a game played,
    or being played)."""
    dot = mark.colour if mark.opponent is not None and mark.played else None
    tone = None if mark.points is None else _tone(mark.points)
    return Cell(mark_text(mark, places), tone=tone, dot=dot)


def _cross(line: Line, other: Line) -> Cell:
    """A cross table's cell: the row player's score against the column player."""
    if other.player == line.player:
        return Cell("", tone="self")
    mark = next((m for m in line.marks if m.opponent == other.player), None)
    if mark is None or mark.points is None:
        return Cell("·")
    text = points_text(mark.points) + ("" if mark.played else "f")
    return Cell(text, tone=_tone(mark.points), dot=mark.colour if mark.played else None)
