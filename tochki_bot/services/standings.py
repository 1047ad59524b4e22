"""A tournament's standings from its results (pure: no storage).

Points: a win 1, a draw ½, a loss 0. A Swiss bye and a knockout bye score 1 (the pairing gave them no opponent); a
rest in a round robin with an odd number scores nothing (everyone has one). A game a player forfeits (they left the
tournament) is a loss for them and a win for the opponent, unplayed.

Tie-breaks:

- **Sonneborn-Berger** (round robin): the points of every opponent beaten, and half the points of every opponent
  drawn with.
- **Buchholz** (Swiss): the points of every opponent; a round without one (a bye, a forfeit, a round after one
  left) counts as an opponent with the player's own points, as FIDE's tie-break rules count unplayed rounds.
- **Median Buchholz**: the Buchholz without the highest and the lowest of those values (with three rounds or more).

The order: round robin by points, Sonneborn-Berger, wins, then seed; Swiss by points, Buchholz, median Buchholz,
Sonneborn-Berger, then seed; a knockout by the round reached (the final's winner and loser, the third-place game's,
then those out earlier), then seed. Players equal on everything but the seed share their place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine import Colour

Format = Literal["round_robin", "swiss", "elimination"]
Outcome = Literal["blue", "red", "draw"]


@dataclass(frozen=True, slots=True)
class Result:
    """One table of one round: ``red`` ``None`` for a bye (a rest in a round robin); ``outcome`` ``None`` while it is
    being played; ``forfeit``: decided without play (a player left)."""

    round: int
    blue: int
    red: int | None
    outcome: Outcome | None = None
    forfeit: bool = False
    table: int = 1


@dataclass(frozen=True, slots=True)
class Mark:
    """What one round was for one player: the opponent (``None``: a bye or a rest), the colour played, the points
    scored (``None`` while it is being played), whether it was played."""

    round: int
    opponent: int | None
    colour: Colour | None
    points: float | None
    played: bool
    table: int = 1


@dataclass(frozen=True, slots=True)
class Line:
    """A player's line of the standings."""

    player: int
    seed: int
    place: int
    points: float
    games: int
    """Games played (not byes, rests or forfeits)."""
    wins: int
    draws: int
    losses: int
    sonneborn_berger: float
    buchholz: float
    median_buchholz: float
    marks: tuple[Mark, ...]
    active: bool = True
    """Still in the tournament (not left or removed)."""
    reached: int = 0
    """A knockout: how far they went (the higher the better)."""


def _score(outcome: Outcome, colour: Colour) -> float:
    return 0.5 if outcome == "draw" else 1.0 if outcome == colour else 0.0


def standings(
    players: Sequence[tuple[int, int]],
    results: Sequence[Result],
    format: Format,
    *,
    rounds_played: int | None = None,
    inactive: Sequence[int] = (),
) -> list[Line]:
    """The standings of ``players`` (``(id, seed)``) after ``results``, best first. ``rounds_played`` is how many
    rounds count for the unplayed-round rule of the Buchholz (by default the highest round in ``results``);
    ``inactive`` are the players who left."""
    seeds = dict(players)
    rounds = rounds_played if rounds_played is not None else max((r.round for r in results), default=0)
    marks: dict[int, list[Mark]] = {p: [] for p in seeds}
    points = dict.fromkeys(seeds, 0.0)
    for r in sorted(results, key=lambda r: (r.round, r.blue)):
        if r.red is None:
            bye = 0.0 if format == "round_robin" else 1.0
            if r.blue in marks:
                marks[r.blue].append(Mark(r.round, None, None, bye, False, r.table))
                points[r.blue] += bye
            continue
        sides: tuple[tuple[int, int, Colour], ...] = ((r.blue, r.red, "blue"), (r.red, r.blue, "red"))
        for player, opponent, colour in sides:
            if player not in marks:
                continue
            score = None if r.outcome is None else _score(r.outcome, colour)
            marks[player].append(Mark(r.round, opponent, colour, score, not r.forfeit, r.table))
            points[player] += score or 0.0
    lines = []
    for player, seed in seeds.items():
        own = points[player]
        mine = marks[player]
        opponents: list[float] = []
        sb = 0.0
        for mark in mine:
            if mark.opponent is not None and mark.points is not None:
                theirs = points.get(mark.opponent, 0.0)
                sb += theirs * mark.points
                opponents.append(theirs if mark.played else own)
            elif mark.points is not None or mark.opponent is None:
                opponents.append(own)  # a bye, a rest
        opponents += [own] * max(0, rounds - len(mine))  # rounds after the player left
        buchholz = sum(opponents)
        median = buchholz - max(opponents) - min(opponents) if len(opponents) >= 3 else buchholz
        played = [m for m in mine if m.played and m.points is not None and m.opponent is not None]
        lines.append(
            Line(
                player=player,
                seed=seed,
                place=0,
                points=own,
                games=len(played),
                wins=sum(1 for m in played if m.points == 1.0),
                draws=sum(1 for m in played if m.points == 0.5),
                losses=sum(1 for m in played if m.points == 0.0),
                sonneborn_berger=sb,
                buchholz=buchholz,
                median_buchholz=median,
                marks=tuple(mine),
                active=player not in inactive,
                reached=_reached(mine, format, rounds),
            )
        )
    key = _key(format)
    lines.sort(key=lambda line: (*key(line), line.seed))
    placed: list[Line] = []
    for n, line in enumerate(lines, 1):
        shared = placed and key(placed[-1]) == key(line)
        placed.append(_with_place(line, placed[-1].place if shared else n))
    return placed


def _reached(marks: Sequence[Mark], format: Format, rounds: int) -> int:
    """A knockout: how far a player went, the higher the better: out in round ``r`` is ``2r``, the final's winner
    ``2R + 1`` and loser ``2R``; the third-place game (table 2 of the final round ``R``) ``2R - 1`` and ``2R - 2``."""
    if format != "elimination" or not marks:
        return 0
    last = marks[-1]
    won = last.points is not None and last.points >= 1.0
    if last.round == rounds and last.table == 2:
        return 2 * rounds - (1 if won else 2)
    return 2 * last.round + (1 if won else 0)


Key = Callable[[Line], tuple[float, ...]]


def _key(format: Format) -> Key:
    if format == "round_robin":
        return lambda line: (-line.points, -line.sonneborn_berger, -line.wins)
    if format == "swiss":
        return lambda line: (-line.points, -line.buchholz, -line.median_buchholz, -line.sonneborn_berger)
    return lambda line: (-line.reached, -line.points)


def _with_place(line: Line, place: int) -> Line:
    return Line(
        line.player,
        line.seed,
        place,
        line.points,
        line.games,
        line.wins,
        line.draws,
        line.losses,
        line.sonneborn_berger,
        line.buchholz,
        line.median_buchholz,
        line.marks,
        line.active,
        line.reached,
    )


def points_text(points: float) -> str:
    """Points as people write them: ``2½``, ``½``, ``3``."""
    whole = int(points)
    half = points - whole >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)
