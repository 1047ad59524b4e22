"""Who plays whom in a tournament's round (pure: no storage, no clock).

- **Round robin**: Berger tables (FIDE's), everyone against everyone once, colours as the tables give them; with an
  odd number one player rests each round.
- **Swiss**, Dutch style: players ranked by score, then seed; each score group's top half plays its bottom half
  (1-4, 2-5, 3-6 in a group of six), the odd one floating down to the next group; never the same pairing twice;
  colours balanced (no one three times running with the same colour, or two more games with one colour than with the
  other, while any pairing allows it); with an odd number, a bye for the lowest-ranked player who has not had one.
- **Single elimination**: a seeded bracket (1 plays the last seed, and the two best can meet in the final only), byes
  for the best seeds when the number is not a power of two; the winners go on, and the losers of the semi-finals play
  for third place beside the final.

A table is ``(blue, red)``: blue moves first; ``red`` ``None`` is a bye (a rest in a round robin).

>>> [t for t in round_robin([1, 2, 3, 4])[0]]
[(1, 4), (2, 3)]
>>> swiss([Entrant(i, i) for i in range(1, 7)])
((1, 4), (5, 2), (3, 6))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Colour

Table = tuple[int, int | None]
"""One table of a round: ``(blue, red)``, blue moving first; ``red`` ``None``: a bye for ``blue``."""
Round = tuple[Table, ...]
"""A round's tables in order (table 1 first; byes last)."""
SEARCH_NODES = 200_000
"""How many partial pairings the Swiss search may try before it relaxes what it asks for (then repeats)."""


# ----------------------------------------------------------------------------------------------------------------------
# Round robin


def round_robin(players: Sequence[int]) -> list[Round]:
    """Every round of a round robin between ``players`` (in seed order: the first is number 1 of the Berger tables).

    With ``n`` players (one more, a rest, when ``n`` is odd) there are ``n - 1`` rounds. In round ``r`` the last
    number plays the one whose double is ``r + 1`` (mod ``n - 1``), blue in even rounds; the others pair off
    around it (``p + k`` blue against ``p - k``), as FIDE's Berger tables have them."""
    numbers = list(players)
    if len(numbers) < 2:
        return []
    rest = len(numbers) % 2 == 1
    n = len(numbers) + rest
    m = n - 1

    def who(number: int) -> int | None:
        return None if number > len(numbers) else numbers[number - 1]

    def wrap(value: int) -> int:
        return (value - 1) % m + 1

    rounds: list[Round] = []
    for r in range(1, m + 1):
        partner = next(a for a in range(1, m + 1) if (2 * a) % m == (r + 1) % m)
        pairs: list[tuple[int, int]] = [(n, partner) if r % 2 == 0 else (partner, n)]
        pairs += [(wrap(partner + k), wrap(partner - k)) for k in range(1, n // 2)]
        tables: list[Table] = []
        byes: list[Table] = []
        for a, b in pairs:
            blue, red = who(a), who(b)
            if blue is None or red is None:
                resting = blue if blue is not None else red
                assert resting is not None
                byes.append((resting, None))
            else:
                tables.append((blue, red))
        rounds.append(tuple(tables + byes))
    return rounds


def round_robin_rounds(players: int) -> int:
    """How many rounds a round robin of ``players`` takes."""
    return players - 1 + players % 2 if players >= 2 else 0


# ----------------------------------------------------------------------------------------------------------------------
# Colours


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as pairing sees them: ``seed`` 1 the strongest; the ``score`` so far; whom they played; the colours
    they played, in order; how many byes they had."""

    id: int
    seed: int
    score: float = 0.0
    opponents: frozenset[int] = field(default_factory=frozenset)
    colours: tuple[Colour, ...] = ()
    byes: int = 0

    @property
    def balance(self) -> int:
        """Games with blue less games with red."""
        return sum(1 if c == "blue" else -1 for c in self.colours)

    @property
    def must(self) -> Colour | None:
        """The colour this player must have next (two more of one colour, or the same colour twice running)."""
        if self.balance >= 2 or self.colours[-2:] == ("blue", "blue"):
            return "red"
        if self.balance <= -2 or self.colours[-2:] == ("red", "red"):
            return "blue"
        return None


def entrants_after(history: Sequence[tuple[int, int | None, float]], players: Sequence[int]) -> list[Entrant]:
    """``players`` (seeded in that order) as pairing sees them after ``history``: tables ``(blue, red, blue's
    points)`` of the rounds played, a bye with ``red`` ``None`` (a point)."""
    score = dict.fromkeys(players, 0.0)
    met: dict[int, set[int]] = {p: set() for p in players}
    colours: dict[int, list[Colour]] = {p: [] for p in players}
    byes = dict.fromkeys(players, 0)
    for blue, red, points in history:
        if red is None:
            score[blue] += 1
            byes[blue] += 1
            continue
        score[blue] += points
        score[red] += 1 - points
        met[blue].add(red)
        met[red].add(blue)
        colours[blue].append("blue")
        colours[red].append("red")
    return [Entrant(p, n, score[p], frozenset(met[p]), tuple(colours[p]), byes[p]) for n, p in enumerate(players, 1)]


def colours_for(a: Entrant, b: Entrant, table: int) -> tuple[int, int]:
    """``(blue, red)`` for ``a`` (the higher ranked) and ``b`` on table ``table`` (from 1): a colour a player must
    have first, then the one who had blue less often gets it, then the one who had red last; with no history the
    higher ranked has blue on odd tables and red on even ones."""
    if a.must is not None and a.must != b.must:
        return (a.id, b.id) if a.must == "blue" else (b.id, a.id)
    if b.must is not None and a.must != b.must:
        return (b.id, a.id) if b.must == "blue" else (a.id, b.id)
    if a.balance != b.balance:
        return (a.id, b.id) if a.balance < b.balance else (b.id, a.id)
    for ours, theirs in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ours != theirs:
            return (a.id, b.id) if ours == "red" else (b.id, a.id)
    if a.colours:  # the same history: alternate from the last
        return (a.id, b.id) if a.colours[-1] == "red" else (b.id, a.id)
    return (a.id, b.id) if table % 2 == 1 else (b.id, a.id)


def _clash(a: Entrant, b: Entrant) -> bool:
    """Both must have the same colour: pairing them breaks a colour rule."""
    return a.must is not None and a.must == b.must


# ----------------------------------------------------------------------------------------------------------------------
# Swiss


class _Budget:
    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _pair(pool: list[Entrant], colours: bool, repeats: bool, budget: _Budget) -> list[tuple[Entrant, Entrant]] | None:
    """Pair ``pool`` (ranked best first): the best unpaired player takes the Dutch partner of their score group
    (the top of its bottom half), else the next ones in that half, then the rest of the group, then lower groups;
    backtracking when the players left cannot all be paired."""
    if not pool:
        return []
    if not budget.spend():
        return None
    first, rest = pool[0], pool[1:]
    group = [p for p in rest if p.score == first.score]
    lower = [p for p in rest if p.score != first.score]
    half = (len(group) + 1) // 2  # first is the top of a group of len(group) + 1: its partner is at index half
    candidates = group[half - 1 :] + group[: half - 1][::-1] + lower if group else lower
    for other in candidates:
        if not repeats and other.id in first.opponents:
            continue
        if colours and _clash(first, other):
            continue
        paired = _pair([p for p in rest if p is not other], colours, repeats, budget)
        if paired is not None:
            return [(first, other), *paired]
    return None


def rank(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Best first: by score, then seed."""
    return sorted(entrants, key=lambda e: (-e.score, e.seed))


def swiss(entrants: Sequence[Entrant], nodes: int = SEARCH_NODES) -> Round:
    """The next Swiss round of ``entrants`` (the players still in the tournament).

    Tries in turn: no repeated pairing and the colour rules kept; no repeated pairing; and at last (a small field
    late in a long tournament) the fewest repeats the search finds. With an odd number, the bye goes to the
    lowest-ranked player with the fewest byes so far for whom the others can still be paired."""
    ranked = rank(entrants)
    if len(ranked) < 2:
        return tuple((e.id, None) for e in ranked)
    byes: list[Entrant | None] = [None]
    if len(ranked) % 2:
        fewest = min(e.byes for e in ranked)
        byes = [e for e in reversed(ranked) if e.byes == fewest]
        byes += [e for e in reversed(ranked) if e.byes > fewest]
    for colours, repeats in ((True, False), (False, False), (False, True)):
        budget = _Budget(nodes)  # one search budget for every choice of the bye
        for bye in byes:
            pool = [e for e in ranked if e is not bye]
            paired = _pair(pool, colours, repeats, budget if not repeats else _Budget(nodes))
            if paired is not None:
                return _tables(paired, bye, ranked)
            if budget.left <= 0 and not repeats:
                break
    raise AssertionError("a pairing with repeats always exists")  # pragma: no cover


def _tables(paired: list[tuple[Entrant, Entrant]], bye: Entrant | None, ranked: list[Entrant]) -> Round:
    """The pairs as tables: the best pairs first (by the better player's rank), colours allocated, the bye last."""
    order = {e.id: i for i, e in enumerate(ranked)}
    pairs = sorted(
        ((a, b) if order[a.id] < order[b.id] else (b, a) for a, b in paired),
        key=lambda pair: (order[pair[0].id], order[pair[1].id]),
    )
    tables: list[Table] = [colours_for(a, b, n) for n, (a, b) in enumerate(pairs, 1)]
    if bye is not None:
        tables.append((bye.id, None))
    return tuple(tables)


def swiss_rounds(players: int) -> int:
    """A sensible number of Swiss rounds for ``players``: enough to find a winner (``ceil(log2 n)``, at least 3) and
    never more than a round robin would take."""
    if players < 2:
        return 0
    return max(1, min(round_robin_rounds(players), max(3, math.ceil(math.log2(players)))))


# ----------------------------------------------------------------------------------------------------------------------
# Single elimination


def bracket(size: int) -> list[int]:
    """The seeds of a bracket of ``size`` (a power of two) in the order they meet: 1 and 2 on opposite halves,
    ``[1, 8, 4, 5, 2, 7, 3, 6]`` for eight."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def elimination_rounds(players: int) -> int:
    """How many rounds a knockout of ``players`` takes (the third-place game is played beside the final)."""
    return math.ceil(math.log2(players)) if players >= 2 else 0


def elimination_first(players: Sequence[int]) -> Round:
    """The first round of a knockout of ``players`` (in seed order): the bracket's pairs, a bye for a seed whose
    opponent would be past the last (kept in its place in the bracket, unlike the byes of the other formats); the
    higher seed blue."""
    size = 1 << elimination_rounds(len(players))
    order = bracket(size)
    # The tables keep the bracket's order (the winners of tables 2k-1 and 2k meet): a bye stays in its place.
    ordered: list[Table] = []
    for i in range(0, size, 2):
        a, b = order[i], order[i + 1]
        ordered.append((players[a - 1], None) if b > len(players) else (players[a - 1], players[b - 1]))
    return tuple(ordered)


def elimination_next(previous: Sequence[tuple[Table, int]], entrants: dict[int, Entrant], final: bool) -> Round:
    """The next knockout round after ``previous`` (its tables in bracket order, each with its winner): the winners
    of tables 2k-1 and 2k meet on table k. In the ``final`` round the losers of the two semi-finals play for third
    place on table 2 (when both semi-finals were played)."""
    tables: list[Table] = []
    winners = [winner for _, winner in previous]
    for k in range(0, len(winners), 2):
        a, b = entrants[winners[k]], entrants[winners[k + 1]]
        higher, lower = (a, b) if a.seed < b.seed else (b, a)
        tables.append(colours_for(higher, lower, k // 2 + 1))
    if final and len(previous) == 2:
        losers = []
        for (blue, red), winner in previous:
            if red is not None:
                losers.append(red if winner == blue else blue)
        if len(losers) == 2:
            a, b = entrants[losers[0]], entrants[losers[1]]
            higher, lower = (a, b) if a.seed < b.seed else (b, a)
            tables.append(colours_for(higher, lower, 2))
    return tuple(tables)
