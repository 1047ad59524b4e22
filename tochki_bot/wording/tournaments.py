"""What is said about a tournament, once for every front end (the chat's lobby, pairings and standings messages, the
standings picture, the Mini App's page): its format, its settings, its start, a round's tables, the standings lines.

Names come in through ``show``: each medium shows a player its own way (a mention that notifies, escaped HTML, plain
text)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from ..i18n import Language, duration, t
from ..services import Pairing, Player, TournamentView
from ..services.standings import Line, Mark, points_text
from .rules import settings_title

Show = Callable[[Player], str]


def format_title(lang: Language, view: TournamentView) -> str:
    """``Swiss, 3 rounds`` (plain text; a Swiss in the lobby whose rounds follow from the players: ``Swiss``)."""
    name = t(lang, f"tournament_format_{view.format}")
    rounds = view.rounds if view.state != "lobby" or view.format == "swiss" else 0
    return t(lang, "tournament_format_rounds", format=name, rounds=rounds) if rounds else name


def heading(lang: Language, view: TournamentView) -> str:
    """``🏆 Tournament #3 · Swiss, 3 rounds`` (HTML)."""
    return t(lang, "tournament_title", id=view.id, format=format_title(lang, view))


def settings_line(lang: Language, view: TournamentView) -> str:
    """The games' settings: rule set, board, start, time a move, rated or not (plain text)."""
    return t(
        lang,
        "tournament_settings",
        rules=settings_title(lang, view.settings, view.stop_seconds),
        size=view.settings.size,
        start=t(lang, f"start_{view.settings.start}"),
        time=duration(lang, view.move_seconds) if view.move_seconds else t(lang, "time_none"),
        rated=t(lang, "tournament_rated" if view.rated else "tournament_unrated"),
    )


def start_line(lang: Language, view: TournamentView, now: float, show: Show) -> str:
    """When a lobby starts: at its start time (UTC, and how soon), or when its creator starts it."""
    if view.starts_at is None:
        return t(lang, "tournament_starts_creator", name=show(view.creator))
    at = datetime.fromtimestamp(view.starts_at, UTC).strftime("%Y-%m-%d %H:%M")
    return t(lang, "tournament_starts_at", time=at, left=duration(lang, max(60.0, view.starts_at - now)))


def players_line(lang: Language, view: TournamentView, show: Show) -> str:
    """Who has joined, in the order they joined."""
    names = ", ".join(show(e.player) for e in view.entries) or "—"
    return t(lang, "tournament_players", count=len(view.entries), limit=view.max_players, names=names)


def table_line(lang: Language, pairing: Pairing, show: Show, rests: bool) -> str:
    """One table of a round: the players with their colours and the game's number; a bye (a rest in a round
    robin); a table decided unplayed."""
    if pairing.red is None:
        if rests:
            return t(lang, "tournament_rest", name=show(pairing.blue))
        return t(lang, "tournament_bye", name=show(pairing.blue))
    if pairing.forfeit:
        winner = pairing.blue if pairing.result == "blue" else pairing.red if pairing.result == "red" else None
        return t(
            lang,
            "tournament_table_forfeit",
            board=pairing.board,
            blue=show(pairing.blue),
            red=show(pairing.red),
            winner=show(winner) if winner is not None else "—",
        )
    line = t(
        lang,
        "tournament_table",
        board=pairing.board,
        blue=show(pairing.blue),
        red=show(pairing.red),
        game=pairing.game_id or 0,
    )
    if pairing.result is not None:
        line += " · " + result_word(lang, pairing)
    return line


def result_word(lang: Language, pairing: Pairing) -> str:
    """A table's result as a score: ``1 : 0``, ``½ : ½``."""
    scores = {"blue": ("1", "0"), "red": ("0", "1"), "draw": ("½", "½")}
    blue, red = scores[pairing.result or "draw"]
    return f"{blue} : {red}"


def round_lines(lang: Language, view: TournamentView, number: int, show: Show) -> list[str]:
    """The message of a round's start: its heading and its tables."""
    lines = [t(lang, "tournament_round", id=view.id, round=number, rounds=view.rounds)]
    if number == 1 and view.format == "round_robin":
        lines.append(t(lang, "tournament_round_robin_plan", rounds=view.rounds))
    for pairing in view.round_pairings(number):
        lines.append(table_line(lang, pairing, show, rests=view.format == "round_robin"))
    lines.append(t(lang, "tournament_round_hint"))
    return lines


def stage_text(lang: Language, view: TournamentView, line: Line) -> str:
    """A knockout: how far the player went (the final's winner, its loser, the third-place game's; out in a round;
    still in)."""
    last = line.marks[-1] if line.marks else None
    if last is None:
        return "—"
    won = last.points is not None and last.points > 0.5
    if last.round == view.rounds and last.points is not None:
        if last.table == 1:
            return t(lang, "tournament_stage_winner" if won else "tournament_stage_final")
        return t(lang, "tournament_stage_third" if won else "tournament_stage_fourth")
    if last.points is None or (won and view.state == "running"):
        return t(lang, "tournament_stage_in", round=last.round)
    return t(lang, "tournament_stage_round", round=last.round)


def standings_line(lang: Language, view: TournamentView, line: Line, show: Show, player: Player) -> str:
    """One line of the standings as text: the place, the name, the points and the tie-breaks of the format."""
    values = {
        "place": line.place,
        "name": show(player) + ("" if line.active else " " + t(lang, "tournament_left_mark")),
        "points": points_text(line.points),
        "games": line.games,
    }
    if view.format == "round_robin":
        return t(lang, "tournament_line_round_robin", sb=points_text(line.sonneborn_berger), **values)
    if view.format == "swiss":
        return t(
            lang,
            "tournament_line_swiss",
            buchholz=points_text(line.buchholz),
            median=points_text(line.median_buchholz),
            **values,
        )
    return t(lang, "tournament_line_elimination", stage=stage_text(lang, view, line), **values)


def standings_lines(lang: Language, view: TournamentView, show: Show) -> list[str]:
    """The standings as text: a heading (the winner, at the end), a line per player, what the columns mean."""
    players = {e.player.id: e.player for e in view.entries}
    if view.state == "finished":
        first = [ln for ln in view.standings if ln.place == 1]
        if len(first) > 1:
            names = ", ".join(show(players[ln.player]) for ln in first)
            lines = [t(lang, "tournament_final_shared", id=view.id, names=names)]
        else:
            winner = players[view.standings[0].player] if view.standings else view.creator
            lines = [t(lang, "tournament_final", id=view.id, winner=show(winner))]
    else:
        done = max(1, view.round - (0 if view_round_over(view) else 1))
        lines = [t(lang, "tournament_standings_title", id=view.id, round=done, rounds=view.rounds)]
    for line in view.standings:
        lines.append(standings_line(lang, view, line, show, players[line.player]))
    lines.append(t(lang, f"tournament_footer_{view.format}"))
    return lines


def view_round_over(view: TournamentView) -> bool:
    """Whether the current round's every table has its result."""
    current = view.round_pairings(view.round)
    return bool(current) and all(p.result is not None for p in current)


def mark_text(mark: Mark, places: dict[int, int]) -> str:
    """A round's cell of a player's line in the standings picture: ``+5`` (won against the player placed 5th),
    ``=3``, ``−2``, ``…`` while played; a bye ``+``, a forfeit ``+f``/``−f``."""
    if mark.opponent is None:
        return "+" if (mark.points or 0) > 0 else "·"
    place = places.get(mark.opponent, 0)
    if mark.points is None:
        return f"…{place}"
    sign = "+" if mark.points == 1 else "=" if mark.points == 0.5 else "−"
    return f"{sign}{place}" if mark.played else f"{sign}f"


__all__ = [
    "format_title",
    "heading",
    "mark_text",
    "players_line",
    "result_word",
    "round_lines",
    "settings_line",
    "stage_text",
    "standings_line",
    "standings_lines",
    "start_line",
    "table_line",
    "view_round_over",
]
