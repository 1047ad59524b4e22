"""Game records in SGF with ``GM[40]``, the format of zagram.org, playdots, oppai-rs, KataGoDots and NOTAGO.

- ``SZ[39:32]`` is width:height (``SZ[n]`` a square board). ``B`` is the first player (blue), ``W`` red.
- A point is two letters, x then y, 0-based from the top-left: ``a``-``z`` are 0-25, ``A``-``Z`` 26-51. The sports
  point ``X-Y`` on a board of height H is written ``chr(X - 1), chr(H - Y)``. Boards wider or taller than 52 points
  cannot be written.
- The start position is setup (``AB``, ``AW``); a reader does not assume where a cross is.
- zagram writes a capturing move with its rings, ``W[Aw.zvywzxAwzv]``. With automatic captures (``sports``) the
  reader takes the move, recomputes the captures and ignores the rings; with manual closures (``polish``,
  ``territory``) the rings are the closures of the move, in order.
- Rule set (docs/rules.md#records): zagram's ``RU[Punish=0,Holes=1,AddTurn=0,MustSurr=0,MinArea=0,...,InstantWin=15]``
  flags (``MustSurr=0`` manual closures, ``MinArea=1`` a closure is one pool (Polish) and ``0`` any ring
  (territory); ``Stop=1`` the STOP phase; ``InstantWin``; ``Punish``), ``RU[russian]`` the sports rules; a record from
  szkrab.net.pl (``AP``) is Polish with the instant win at 15. We write the zagram flags for every rule set but the
  plain sports one, with ``Ground=1`` for grounding and ``FirstMove=x0:y0:w:h`` for a first-move region.
- ``TB``/``TW`` in the last node hold the rings of the pools closed when a territory game ended by agreement: the
  reader ends the game that way (the engine recomputes those pools). A STOP is the comment ``C[B pressed STOP]``
  (zagram); the extra dots follow, one node each (zagram) or several in one node (playdots).
- Grounding is an empty move (``B[]``). ``RE[B+5]`` blue won by 5, ``RE[W+R]`` red won by resignation, ``RE[B+T]``
  on time, ``RE[B+G]`` by grounding, ``RE[0]`` a draw. Our own records add ``DA[B]`` / ``DA[W]``: the player who
  accepted an agreed draw, so that they read back exactly. Other programs also write ``B+Resign``, ``W+Time``,
  ``B+F`` (forfeit), ``B+`` (no margin), ``Draw``, ``Jigo``, ``Void`` and ``?``.

- Annotations (a review's record): ``C[]`` comments on a move's node (``SgfRecord.comments`` by ply; the STOP's
  node keeps ``B pressed STOP`` as its comment's first line), ``BM[1]``/``BM[2]`` (a bad / very bad move) and
  ``TE[1]`` (a good move), and other moves as variations: the main line is the first variation at every branch, the
  others are skipped when read.

``parse_sgf`` reads a file into an ``SgfRecord`` (raising ``SgfError`` with a clear message on anything else);
``SgfRecord.game()`` replays it through the engine; ``write_sgf`` writes any game, ongoing or finished, with comments,
marks and variations if asked; ``parse_result`` reads an ``RE`` value and ``result_text`` writes one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal, TypedDict

from .colour import BLUE, RED, Colour, other
from .errors import IllegalMove
from .game import EndReason, Game, Result
from .moves import Move, MoveKind, Point, Ring
from .settings import MAX_SIZE, MIN_SIZE, STARTS, GameSettings, Region, RuleSet, StopMode, start_dots

MAX_SGF_SIZE = 52
"""The largest board side SGF letters can address."""
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_INDEX = {ch: i for i, ch in enumerate(_LETTERS)}
_COLOUR_OF: dict[str, Colour] = {"B": BLUE, "W": RED}
_LETTER_OF: dict[Colour, str] = {BLUE: "B", RED: "W"}
_SETUP_OF: tuple[tuple[str, Colour], ...] = (("AB", BLUE), ("AW", RED))
"""The setup properties: blue's dots (``AB``) and red's (``AW``)."""
Mark = Literal["BM", "TE"]
"""A move's annotation: ``BM`` a bad move, ``TE`` a good one (each with 1, or 2 for very)."""
Variation = tuple[Point | None, str]
"""Another move instead of a move played (``None``: grounding) and its comment, written as a variation."""


class SgfError(ValueError):
    """The text is not a Points record we can read, or its moves are not legal; the message says why.

    ``code`` names the kind of trouble and ``details`` its particulars (a move number, a value as written), for a
    front end that says it in the reader's language. Values quoted from the file are cut short.
    """

    def __init__(self, code: str, message: str, **details: object) -> None:
        super().__init__(message)
        self.code = code
        self.details = details


def _quote(value: str, limit: int = 40) -> str:
    """A value from the file, as a message quotes it: at most ``limit`` characters."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


class WinBy(StrEnum):
    """How a record says the winner won (the part of ``RE`` after ``B+`` or ``W+``)."""

    POINTS = "points"
    """By a margin of points: ``B+5``."""
    RESIGNATION = "resignation"
    """The opponent resigned: ``W+R``, ``W+Resign``."""
    TIME = "time"
    """The opponent ran out of time: ``B+T``, ``B+Time``."""
    FORFEIT = "forfeit"
    """The opponent forfeited: ``B+F``, ``B+Forfeit``."""
    GROUNDING = "grounding"
    """After grounding (8.2-8.4), as this bot writes it: ``B+G``."""


@dataclass(frozen=True, slots=True)
class RecordResult:
    """The result a record states in ``RE``: who won and how, or a draw."""

    winner: Colour | None
    """``"blue"`` (``B``) or ``"red"`` (``W``); ``None`` for a draw."""
    by: WinBy | None = None
    """How the winner won; ``None`` for a draw, or when the record does not say (``B+``)."""
    points: int | float | None = None
    """The margin of a win by points (``B+5`` gives 5, ``W+2.5`` gives 2.5)."""


_DRAWS = ("0", "DRAW", "JIGO")
_WIN_BY = {
    "R": WinBy.RESIGNATION,
    "RESIGN": WinBy.RESIGNATION,
    "T": WinBy.TIME,
    "TIME": WinBy.TIME,
    "F": WinBy.FORFEIT,
    "FORFEIT": WinBy.FORFEIT,
    "G": WinBy.GROUNDING,
    "GROUNDING": WinBy.GROUNDING,
}
_MARGIN = re.compile(r"\d+(?:\.\d+)?")


def parse_result(text: str) -> RecordResult | None:
    """Read an ``RE`` value (case and surrounding blanks do not matter).

    ``None`` when it states neither a winner nor a draw: empty, ``Void`` (no result), ``?`` (unknown) or anything
    this reader does not know.

    >>> parse_result("W+R")
    RecordResult(winner='red', by=<WinBy.RESIGNATION: 'resignation'>, points=None)
    >>> parse_result("B+5").points, parse_result("b+2.5").points
    (5, 2.5)
    >>> parse_result("Draw"), parse_result("Void"), parse_result("B+?")
    (RecordResult(winner=None, by=None, points=None), None, None)
    """
    value = text.strip().upper()
    if value in _DRAWS:
        return RecordResult(None)
    if len(value) < 2 or value[0] not in _COLOUR_OF or value[1] != "+":
        return None
    winner, how = _COLOUR_OF[value[0]], value[2:].strip()
    if not how:
        return RecordResult(winner)
    if how in _WIN_BY:
        return RecordResult(winner, _WIN_BY[how])
    if _MARGIN.fullmatch(how):
        return RecordResult(winner, WinBy.POINTS, float(how) if "." in how else int(how))
    return None


@dataclass
class SgfRecord:
    """What a record holds: settings, the move list, the players, the date and the stated result."""

    settings: GameSettings
    moves: list[Move] = field(default_factory=list)
    blue: str = ""
    red: str = ""
    date: str = ""
    result: str = ""
    """The ``RE`` value as written, e.g. ``"W+R"``; empty when absent."""
    properties: dict[str, list[str]] = field(default_factory=dict)
    """Every root property as read (values unescaped), for anything else a caller wants to show."""
    comments: dict[int, str] = field(default_factory=dict)
    """The main line's comments (``C``) by ply: the comment of the node of move ``ply`` (0: the root's; a node of
    several moves: its last one's)."""

    def game(self) -> Game:
        """Replay the record through the engine; ``game().result`` is then the record's result.

        A resignation, a loss on time or an agreed draw stated in ``RE`` ends the game when its moves left it
        running; so does a stated result after a STOP (the extra dots are finished). Raises ``SgfError`` naming the
        first illegal move.
        """
        game = Game.from_settings(self.settings)
        for number, move in enumerate(self.moves, 1):
            try:
                game.apply(move)
            except IllegalMove as exc:
                raise SgfError(
                    "illegal_move", f"move {number} ({_describe(move)}) is illegal: {exc}", move=number
                ) from None
        if not game.is_over and self.result and game.stopped_by is not None and parse_result(self.result):
            game.finish()
        if not game.is_over:
            ending = _ending(self.result, self.properties.get("DA", [""])[0], game.to_move)
            if ending is not None:
                game.apply(ending)
        return game


def _describe(move: Move) -> str:
    return f"{move.colour} {move.point}" if move.point is not None else f"{move.colour} {move.kind.value}"


def _ending(text: str, accepted_by: str, to_move: Colour) -> Move | None:
    """The move that ends a game whose record states a resignation, a timeout or a draw."""
    result = parse_result(text)
    if result is None:
        return None
    if result.winner is None:
        return Move(_COLOUR_OF.get(accepted_by.strip().upper(), to_move), MoveKind.DRAW)
    if result.by is WinBy.RESIGNATION:
        return Move(other(result.winner), MoveKind.RESIGN)
    if result.by is WinBy.TIME:
        return Move(other(result.winner), MoveKind.TIMEOUT)
    return None


# --------------------------------------------------------------------------------------------------------------
# Reading


def _tokens(text: str) -> list[tuple[str, str | list[str]]]:
    """Split SGF text into ``("(", "")``, ``(")", "")``, ``(";", "")`` and ``("prop", [values])`` tokens."""
    out: list[tuple[str, str | list[str]]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "();":
            out.append((ch, ""))
            i += 1
        elif ch.isspace():
            i += 1
        elif "A" <= ch <= "Z" or "a" <= ch <= "z":
            j = i
            while j < n and ("A" <= text[j] <= "Z" or "a" <= text[j] <= "z"):
                j += 1
            # Old SGF allowed lower-case letters in identifiers; they are not part of the name.
            name = "".join(c for c in text[i:j] if "A" <= c <= "Z")
            i = j
            values: list[str] = []
            while True:
                while i < n and text[i].isspace():
                    i += 1
                if i >= n or text[i] != "[":
                    break
                i += 1
                buf: list[str] = []
                while True:
                    if i >= n:
                        raise SgfError("broken", "the file ends inside a property value")
                    c = text[i]
                    if c == "\\":
                        if i + 1 < n and text[i + 1] == "\n":
                            i += 2  # soft line break
                            continue
                        if i + 1 < n:
                            buf.append(text[i + 1])
                        i += 2
                        continue
                    if c == "]":
                        i += 1
                        break
                    buf.append(c)
                    i += 1
                values.append("".join(buf))
            if not values:
                raise SgfError("broken", f"property {_quote(name or text[i - 1])!r} has no value")
            if not name:
                raise SgfError("broken", "a property name must have upper-case letters")
            out.append((name, values))
        else:
            raise SgfError("broken", f"unexpected character {ch!r} at position {i}")
    return out


def _main_line(tokens: list[tuple[str, str | list[str]]]) -> list[dict[str, list[str]]]:
    """The nodes of the first game's main line: at every branch, the first variation."""
    if not tokens or tokens[0][0] != "(":
        raise SgfError("not_sgf", "not an SGF file: it must start with '('")
    nodes: list[dict[str, list[str]]] = []
    depth = 0
    skipping_from: int | None = None  # the depth of the variation being skipped, if any
    has_child: dict[int, bool] = {}
    for kind, value in tokens:
        if kind == "(":
            depth += 1
            if skipping_from is None and depth > 1:
                if has_child[depth - 1]:
                    skipping_from = depth
                else:
                    has_child[depth - 1] = True
            has_child[depth] = False
        elif kind == ")":
            if depth == 0:
                raise SgfError("broken", "unbalanced ')'")
            if skipping_from == depth:
                skipping_from = None
            depth -= 1
            if depth == 0:
                break  # the end of the first game
        elif kind == ";":
            if depth == 0:
                raise SgfError("broken", "a node outside a game tree")
            if skipping_from is None:
                nodes.append({})
        elif skipping_from is None:
            if not nodes:
                raise SgfError("broken", "a property before the first node")
            assert isinstance(value, list)
            nodes[-1].setdefault(kind, []).extend(value)
    else:
        if depth:
            raise SgfError("broken", "the file ends before the game tree is closed")
    if not nodes:
        raise SgfError("broken", "the game tree has no nodes")
    return nodes


def _point(value: str, width: int, height: int) -> Point:
    """Read a two-letter SGF point (ignoring zagram's ``.``-separated rings)."""
    letters = value.split(".", 1)[0].strip()
    if len(letters) != 2 or letters[0] not in _INDEX or letters[1] not in _INDEX:
        raise SgfError("bad_point", f"{_quote(value)!r} is not a point", value=_quote(value))
    x, y = _INDEX[letters[0]] + 1, height - _INDEX[letters[1]]
    if not (1 <= x <= width and 1 <= y <= height):
        raise SgfError("off_board", f"{_quote(value)!r} is off the {width}x{height} board", value=_quote(value))
    return Point(x, y)


def _rings(value: str, width: int, height: int) -> tuple[Ring, ...]:
    """The rings written after the move in ``B[tq.tqurtsttsssrrqsptq.ring2]`` (each closed by repeating its start)."""
    rings = []
    for part in value.split(".")[1:]:
        letters = part.strip()
        if not letters:
            continue
        if len(letters) % 2:
            raise SgfError("bad_point", f"{_quote(value)!r} has a broken ring", value=_quote(value))
        ring = [_point(letters[k : k + 2], width, height) for k in range(0, len(letters), 2)]
        if len(ring) > 1 and ring[0] == ring[-1]:
            ring.pop()
        rings.append(tuple(ring))
    return tuple(rings)


def _flags(root: dict[str, list[str]]) -> dict[str, str]:
    """zagram's ``RU[Key=value,...]`` flags (empty for ``RU[russian]`` and other forms)."""
    text = root.get("RU", [""])[0]
    if "=" not in text:
        return {}
    pairs = (item.split("=", 1) for item in text.split(",") if "=" in item)
    return {key.strip(): value.strip() for key, value in pairs}


class RuleOptions(TypedDict, total=False):
    """The rule set and options a record states, as ``GameSettings`` keywords."""

    rules: RuleSet
    own_dot_penalty: bool
    stop_mode: StopMode
    instant_win: int
    first_move_region: Region


def _rule_options(root: dict[str, list[str]]) -> RuleOptions:
    """The rule set and options a record states (docs/rules.md#records), as ``GameSettings`` keywords."""
    flags = _flags(root)
    if not flags:
        if "szkrab" in root.get("AP", [""])[0].lower():
            return {"rules": "polish"}
        return {}

    def number(key: str) -> int:
        try:
            return int(flags.get(key, "0"))
        except ValueError:
            raise SgfError("bad_rules", f"bad rule flag {key}={_quote(flags[key])}") from None

    out: RuleOptions = {}
    rules: RuleSet = "sports"
    if flags.get("MustSurr", "1") == "0":
        rules = "polish" if flags.get("MinArea", "0") == "1" else "territory"
        out["rules"] = rules
        if number("Punish"):
            out["own_dot_penalty"] = True
    else:
        stop: StopMode = "stop_phase" if number("Stop") else "grounding" if number("Ground") else "none"
        out["stop_mode"] = stop
    out["instant_win"] = number("InstantWin")
    region = flags.get("FirstMove")
    if region:
        try:
            x0, y0, w, h = (int(v) for v in region.split(":"))
        except ValueError:
            raise SgfError("bad_rules", f"bad rule flag FirstMove={_quote(region)}") from None
        out["first_move_region"] = (x0, y0, w, h)
    return out


def _rules_text(settings: GameSettings) -> str:
    """The ``RU`` value for settings other than the plain sports rules (empty for those)."""
    if settings == GameSettings(settings.width, settings.height, settings.start, settings.setup, seed=settings.seed):
        return ""
    manual = settings.manual
    flags = [
        f"Punish={int(settings.own_dot_penalty)}",
        f"Holes={int(settings.rules != 'polish')}",
        "AddTurn=0",
        f"MustSurr={int(not manual)}",
        f"MinArea={int(settings.rules != 'territory')}",
        "Pass=0",
        f"Stop={int(settings.stop_mode == 'stop_phase')}",
        "LastSafe=0",
        "ScoreTerr=0",
        f"InstantWin={settings.instant_win}",
    ]
    if settings.stop_mode == "grounding":
        flags.append("Ground=1")
    if settings.first_move_region is not None:
        flags.append("FirstMove=" + ":".join(map(str, settings.first_move_region)))
    return ",".join(flags)


def parse_sgf(text: str | bytes) -> SgfRecord:
    """Read a Points record (``GM[40]``). Raises ``SgfError`` for anything that is not one.

    The moves are read, not replayed: call ``game()`` on the result to replay them through the engine.
    """
    if isinstance(text, bytes):
        try:
            source = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            source = text.decode("cp1251", errors="replace")
    else:
        source = text
    text = source.lstrip("\ufeff")
    start = text.find("(")
    if start < 0:
        raise SgfError("not_sgf", "not an SGF file: no game tree")
    nodes = _main_line(_tokens(text[start:]))
    root = nodes[0]
    gm = root.get("GM", ["40"])[0].strip()
    if gm != "40":
        raise SgfError("not_points", f"not a Points record: GM[{_quote(gm)}] (Points is GM[40])", game=_quote(gm))
    if "SZ" not in root:
        raise SgfError("no_size", "the record has no board size (SZ)")
    size = root["SZ"][0].strip()
    try:
        width, height = (int(v) for v in size.split(":")) if ":" in size else (int(size), int(size))
    except ValueError:
        raise SgfError("bad_size", f"bad board size SZ[{_quote(size)}]", size=_quote(size)) from None
    if not (MIN_SIZE <= width <= min(MAX_SIZE, MAX_SGF_SIZE) and MIN_SIZE <= height <= min(MAX_SIZE, MAX_SGF_SIZE)):
        raise SgfError("bad_size", f"unsupported board size {width}x{height}", size=f"{width}:{height}")
    setup: list[tuple[Point, Colour]] = []
    for node in nodes:
        for prop, colour in _SETUP_OF:
            for value in node.get(prop, []):
                setup.append((_point(value, width, height), colour))
    options = _rule_options(root)
    try:
        settings = _settings(width, height, setup, options)
    except ValueError as exc:
        raise SgfError("bad_start", f"bad start position or rules: {exc}") from None
    counts: list[int] = []
    moves = _moves(nodes, settings, counts)
    comments = {counts[i]: "\n".join(node["C"]) for i, node in enumerate(nodes) if "C" in node}

    def first(name: str) -> str:
        return root.get(name, [""])[0].strip()

    return SgfRecord(
        settings=settings,
        moves=moves,
        blue=first("PB"),
        red=first("PW"),
        date=first("DT"),
        result=first("RE"),
        properties=dict(root),
        comments=comments,
    )


def _moves(nodes: list[dict[str, list[str]]], settings: GameSettings, counts: list[int] | None = None) -> list[Move]:
    """The move list of the main line, read by the rule set: closures, a STOP and its extra dots, an agreed end.
    ``counts`` is given the number of moves read up to and with each node."""
    width, height = settings.width, settings.height
    stop_phase = settings.stop_mode == "stop_phase"
    moves: list[Move] = []
    stopped = False
    ended = False
    for node in nodes:
        dots = [(prop, value) for prop in ("B", "W") for value in node.get(prop, [])]
        if stop_phase and not stopped and len(dots) > 1 and len({prop for prop, _ in dots}) == 1:
            # playdots: the extra dots after a STOP come in one node; the STOP was the other player's.
            moves.append(Move(other(_COLOUR_OF[dots[0][0]]), MoveKind.STOP))
            stopped = True
        for prop, value in dots:
            colour = _COLOUR_OF[prop]
            if not value.strip():
                moves.append(Move(colour, MoveKind.GROUND))
            elif settings.manual:
                point = _point(value, width, height)
                moves.append(Move(colour, MoveKind.DOT, point, _rings(value, width, height)))
            else:
                moves.append(Move(colour, MoveKind.DOT, _point(value, width, height)))
        comment = " ".join(node.get("C", [])).upper()
        if stop_phase and not stopped and "PRESSED STOP" in comment:
            who = comment.split("PRESSED STOP")[0].split()
            colour = _COLOUR_OF.get(who[-1] if who else "", BLUE)
            moves.append(Move(colour, MoveKind.STOP))
            stopped = True
        if settings.rules == "territory" and ("TB" in node or "TW" in node):
            ended = True
        if counts is not None:
            counts.append(len(moves) + int(ended))
    if ended:
        last = next((m for m in reversed(moves) if m.kind is MoveKind.DOT), None)
        moves.append(Move(other(last.colour) if last is not None else BLUE, MoveKind.END))
    return moves


def _settings(
    width: int, height: int, setup: list[tuple[Point, Colour]], options: RuleOptions | None = None
) -> GameSettings:
    """Name the start position when the setup is one of ours, else keep it as a custom setup."""
    rules: RuleOptions = options or {}
    for start in STARTS:
        try:
            dots = start_dots(width, height, start)
        except ValueError:
            continue
        if sorted(dots) == sorted(setup):
            return GameSettings(width, height, start, **rules)
    return GameSettings(width, height, "custom", tuple(setup), **rules)


# --------------------------------------------------------------------------------------------------------------
# Writing


def _letters(point: tuple[int, int], height: int) -> str:
    x, y = point
    return _LETTERS[x - 1] + _LETTERS[height - y]


def _ring_letters(ring: tuple[Point, ...], height: int) -> str:
    """A ring as zagram writes it: its points, the first one repeated at the end."""
    return "".join(_letters(p, height) for p in (*ring, ring[0])) if ring else ""


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def result_text(result: Result | None) -> str:
    """The ``RE`` value for a result: ``B+5``, ``W+R``, ``B+T``, ``B+G``, ``0``; empty while the game goes on."""
    if result is None:
        return ""
    if result.winner is None:
        return "0"
    letter = _LETTER_OF[result.winner]
    if result.reason is EndReason.RESIGNATION:
        return f"{letter}+R"
    if result.reason is EndReason.TIMEOUT:
        return f"{letter}+T"
    if result.reason is EndReason.GROUNDING:
        return f"{letter}+G"
    blue, red = result.score
    return f"{letter}+{abs(blue - red)}"


def write_sgf(
    game: Game,
    *,
    blue: str = "",
    red: str = "",
    date: str = "",
    app: str = "tochki-bot",
    event: str = "",
    round: str = "",
    comments: Mapping[int, str] | None = None,
    marks: Mapping[int, tuple[Mark, int]] | None = None,
    variations: Mapping[int, Sequence[Variation]] | None = None,
) -> str:
    """Write ``game`` (ongoing or finished) as an SGF record that ``parse_sgf`` reads back exactly; ``event`` and
    ``round`` name a tournament's game (``EV``, ``RO``).

    A review's annotations, each by ply (the move's number, 1 for the first; a ply written without a node of its
    own, such as a resignation, gets none): ``comments`` (``C``, read back as ``SgfRecord.comments``), ``marks``
    (``BM[1]``, ``BM[2]``, ``TE[1]``) and ``variations``: other moves by the same player instead of that move, each
    a one-node variation beside the main line's."""
    settings = game.settings
    width, height = settings.width, settings.height
    if width > MAX_SGF_SIZE or height > MAX_SGF_SIZE:
        raise ValueError(f"SGF cannot address a {width}x{height} board (at most {MAX_SGF_SIZE} points a side)")
    size = f"{width}" if width == height else f"{width}:{height}"
    root = [f"FF[4]GM[40]CA[UTF-8]AP[{_escape(app)}]SZ[{size}]"]
    if blue:
        root.append(f"PB[{_escape(blue)}]")
    if red:
        root.append(f"PW[{_escape(red)}]")
    if date:
        root.append(f"DT[{_escape(date)}]")
    if event:
        root.append(f"EV[{_escape(event)}]")
    if round:
        root.append(f"RO[{_escape(round)}]")
    result = result_text(game.result)
    if result:
        root.append(f"RE[{result}]")
    rules = _rules_text(settings)
    if rules:
        root.append(f"RU[{rules}]")
    for colour, prop in ((BLUE, "AB"), (RED, "AW")):
        points = [p for p, c in settings.start_dots if c == colour]
        if points:
            root.append(prop + "".join(f"[{_letters(p, height)}]" for p in points))
    comments = comments or {}
    marks = marks or {}

    def notes(ply: int, before: str = "") -> str:
        mark = marks.get(ply)
        text = "\n".join(t for t in (before, comments.get(ply, "")) if t)
        return (f"{mark[0]}[{mark[1]}]" if mark else "") + (f"C[{_escape(text)}]" if text else "")

    nodes: list[tuple[int, str]] = []
    for ply, move in enumerate(game.moves, 1):
        letter = _LETTER_OF[move.colour]
        if move.kind is MoveKind.DOT:
            assert move.point is not None
            rings = "".join("." + _ring_letters(ring, height) for ring in move.closures)
            nodes.append((ply, f";{letter}[{_letters(move.point, height)}{rings}]{notes(ply)}"))
        elif move.kind is MoveKind.GROUND:
            nodes.append((ply, f";{letter}[]{notes(ply)}"))
        elif move.kind is MoveKind.DRAW:
            root.append(f"DA[{letter}]")
        elif move.kind is MoveKind.STOP:
            nodes.append((ply, f";{notes(ply, f'{letter} pressed STOP')}"))
        elif move.kind is MoveKind.END:
            areas = game.areas_of(ply)
            tb = "".join("." + _ring_letters(a.ring, height) for a in areas if a.owner == BLUE)
            tw = "".join("." + _ring_letters(a.ring, height) for a in areas if a.owner == RED)
            nodes.append((ply, f";TB[{tb}]TW[{tw}]{notes(ply)}"))
    head = "(;" + "".join(root)
    if not variations:
        lines = [head]
        for i in range(0, len(nodes), 12):
            lines.append("".join(text for _, text in nodes[i : i + 12]))
        return "\n".join(lines) + ")\n"
    # From the last node back: a node with variations starts a branch whose first variation is the main line (the
    # rest of the game), the others one node each.
    tail = ""
    for i in range(len(nodes) - 1, -1, -1):
        ply, text = nodes[i]
        text = ("\n" if i % 12 == 0 else "") + text
        others = variations.get(ply, ())
        if others:
            letter = _LETTER_OF[game.moves[ply - 1].colour]
            branches = "".join(
                f"(;{letter}[{'' if point is None else _letters(point, height)}]"
                + (f"C[{_escape(comment)}]" if comment else "")
                + ")"
                for point, comment in others
            )
            tail = f"({text}{tail}){branches}"
        else:
            tail = text + tail
    return head + tail + ")\n"
