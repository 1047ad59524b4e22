"""A tournament's page in the Mini App as JSON: its heading and settings, the standings with their tie-breaks, and
every round's tables with their games (each opens in the game page with its spectator code).

The sentences are the chat's (``wording.tournaments``), as plain text."""

from __future__ import annotations

from ..i18n import Language, t
from ..services import GameView, Player, TournamentView
from ..services.standings import points_text
from ..wording import plain
from ..wording.tournaments import heading, mark_text, settings_line, stage_text, table_line, view_round_over
from .contract import StandingLine, TournamentPage, TournamentRound, TournamentTable

TOURNAMENT_TEXTS = (
    "tournament_th_place",
    "tournament_th_player",
    "tournament_th_points",
    "tournament_th_sb",
    "tournament_th_buchholz",
    "tournament_th_median",
    "tournament_th_games",
    "webapp_tournament_games",
    "webapp_error",
)
"""Texts the tournament page shows as they are."""


def _name(player: Player) -> str:
    return player.name.strip()[:64] or str(player.id)


def tournament_texts(lang: Language) -> dict[str, str]:
    return {key.removeprefix("tournament_").removeprefix("webapp_"): plain(t(lang, key)) for key in TOURNAMENT_TEXTS}


def tournament_state(
    view: TournamentView, games: dict[int, GameView], viewer_id: int, lang: Language
) -> TournamentPage:
    """The whole page: ``standings`` (place, name, points and the format's tie-breaks, each round's mark), and
    ``rounds`` (each with its tables: the players, the result, the game's number, spectator code and status)."""
    players = {e.player.id: e.player for e in view.entries}
    places = {line.player: n for n, line in enumerate(view.standings, 1)}
    if view.format == "round_robin":
        columns = ["sb"]
    elif view.format == "swiss":
        columns = ["buchholz", "median"]
    else:
        columns = ["stage"]
    standings: list[StandingLine] = []
    for line in view.standings:
        values = {
            "sb": points_text(line.sonneborn_berger),
            "buchholz": points_text(line.buchholz),
            "median": points_text(line.median_buchholz),
            "stage": stage_text(lang, view, line) if view.format == "elimination" else "",
        }
        standings.append(
            {
                "place": line.place,
                "name": _name(players[line.player]),
                "me": line.player == viewer_id,
                "active": line.active,
                "points": points_text(line.points),
                "games": line.games,
                "tiebreaks": [values[c] for c in columns],
                "marks": [mark_text(m, places) for m in line.marks],
            }
        )
    rounds: list[TournamentRound] = []
    for number in range(1, view.round + 1):
        tables: list[TournamentTable] = []
        for pairing in view.round_pairings(number):
            game = games.get(pairing.game_id) if pairing.game_id is not None else None
            tables.append(
                {
                    "board": pairing.board,
                    "text": plain(table_line(lang, pairing, _name, rests=view.format == "round_robin")),
                    "game": game.id if game is not None else None,
                    "watch": game.watch if game is not None else None,
                    "playing": game is not None and game.state == "active",
                    "mine": viewer_id in (pairing.blue.id, pairing.red.id if pairing.red else None),
                }
            )
        rounds.append({"round": number, "tables": tables})
    return {
        "id": view.id,
        "title": plain(heading(lang, view)),
        "settings": settings_line(lang, view),
        "state": view.state,
        "round": view.round,
        "rounds_total": view.rounds,
        "over": view_round_over(view),
        "winner": _name(view.winner) if view.winner is not None else None,
        "columns": columns,
        "standings": standings,
        "rounds": rounds,
        "texts": tournament_texts(lang),
    }
