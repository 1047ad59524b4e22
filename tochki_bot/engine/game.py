"""A game of Точки: its settings plus its move list; the position, score and result are derived from them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import NamedTuple, cast

from .board import Area, Board, point_table
from .closures import POOL, RING, Pool, closable, preview, resolve, territory_count
from .colour import BLUE, CODE, NAME, RED, Colour, check_colour, colour_of, other
from .errors import IllegalMove, Reason
from .moves import Move, MoveKind, Point, Ring
from .settings import GameSettings, RuleSet, Setup, Start

ClosureTarget = Point | tuple[int, int] | Ring
"""What a closure names: a point of a pool (the quick closure: usually an opponent dot inside it) or a ring of the
player's dots."""


class EndReason(StrEnum):
    """Why a game ended (8.1)."""

    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    GROUNDING = "grounding"
    BOARD_FULL = "board_full"
    DRAW = "draw"
    """Agreed draw (8.1d)."""
    INSTANT_WIN = "instant_win"
    """A lead reached the instant-win margin of the settings (docs/rules.md#instant-win)."""
    AGREED = "agreed"
    """The players agreed to end a territory game; scored as docs/rules.md#agreed-end says."""
    STOP = "stop"
    """The extra dots after a STOP are finished (or their time ran out); the score decides (docs/rules.md#stop)."""


class Result(NamedTuple):
    """How a game ended: the winner (``None`` for a draw), why, and the final score ``(blue, red)``.

    The final score is the board's, except after an agreed end under the territory rules (``EndReason.AGREED``): there
    the side with more territory is also credited the dots the fill-out would give it (docs/rules.md#agreed-end), so
    that ``margin`` is the result the record states (``RE[W+154]`` is red by 154).
    """

    winner: Colour | None
    reason: EndReason
    score: tuple[int, int]

    @property
    def margin(self) -> int:
        """By how many points the winner leads in the final score; 0 for a draw."""
        return abs(self.score[0] - self.score[1])


_MOVE_TABLES: dict[tuple[int, int], tuple[list[Move], list[Move], list[Move]]] = {}


def _move_table(width: int, height: int) -> tuple[list[Move], list[Move], list[Move]]:
    """Shared ``Move`` objects for a dot of either colour on every cell of a board size (moves are immutable)."""
    table = _MOVE_TABLES.get((width, height))
    if table is None:
        points = point_table(width, height)
        table = ([], [Move(BLUE, MoveKind.DOT, p) for p in points], [Move(RED, MoveKind.DOT, p) for p in points])
        _MOVE_TABLES[(width, height)] = table
    return table


def _by_score(score: tuple[int, int], reason: EndReason) -> Result:
    """The result when the score decides (8.6): any margin wins, equal scores draw."""
    blue, red = score
    winner = BLUE if blue > red else RED if red > blue else None
    return Result(winner, reason, score)


class Game:
    """A game of Точки: by the sports rules, or by the rule set of its settings (docs/rules.md).

    >>> g = Game(width=39, height=32, start="cross")
    >>> g.play(20, 18)
    ()
    >>> g.dot(20, 18), g.to_move, g.score
    ('blue', 'red', (0, 0))

    Points are 1-based, ``x`` from the left and ``y`` from the bottom. Moves are played for the side to move; an
    illegal one raises ``IllegalMove`` and leaves the game unchanged.

    With manual closures (rules ``polish`` and ``territory``) a move is a dot and then any number of closures:
    ``play(x, y, closures=[...])`` at once, or ``play(x, y)`` and then ``close(...)`` for each while no other move is
    made. ``pools()`` lists what the player who just moved can close.

    >>> g = Game(6, 6, "empty", rules="polish")
    >>> for x, y in [(2, 3), (6, 6), (3, 2), (3, 3), (4, 3), (6, 5), (3, 4)]:
    ...     _ = g.play(x, y)
    >>> g.score, g.owner(3, 3)
    ((0, 0), None)
    >>> _ = g.play(6, 4); _ = g.play(1, 1)
    >>> [(p.point, p.size, p.captures) for p in g.pools()]
    [(Point(x=3, y=3), 1, (Point(x=3, y=3),))]
    >>> _ = g.close(Point(3, 3))
    >>> g.score, g.owner(3, 3)
    ((1, 0), 'blue')
    """

    __slots__ = (
        "_area_marks",
        "_board",
        "_first_left",
        "_instant",
        "_mode",
        "_move_table",
        "_moves",
        "_penalties",
        "_plain",
        "_result",
        "_scores",
        "_stopper",
        "_to_move",
        "settings",
    )

    def __init__(
        self,
        width: int = 39,
        height: int = 32,
        start: Start = "cross",
        moves: Iterable[Move] = (),
        *,
        setup: Setup = (),
        rules: RuleSet = "sports",
        settings: GameSettings | None = None,
    ) -> None:
        if settings is None:
            settings = GameSettings(width, height, start, setup, rules=rules)
        self.settings = settings
        """The board size, start position and rule set."""
        width, height = settings.width, settings.height
        board = self._board = Board(width, height)
        manual = settings.manual
        for point, colour in settings.start_dots:
            i = board.index(*point)
            if manual:  # nothing is ever captured automatically
                board.dots[i] = CODE[colour]
                board.playable -= 1
            else:
                board.place(i, CODE[colour], 0)
        self._move_table = _move_table(width, height)
        self._moves: list[Move] = []
        self._scores: list[tuple[int, int]] = []
        self._area_marks: list[int] = []  # len(board.areas) before each move
        self._result: Result | None = None
        self._to_move = 1
        self._mode = POOL if settings.rules == "polish" else RING if settings.rules == "territory" else 0
        self._instant = settings.instant_win or 0
        self._first_left = 3 if settings.first_move_region is not None else 0  # bit per colour code
        self._stopper = 0  # the colour code that pressed STOP
        self._penalties = [0, 0, 0]
        # The sports rules with nothing else: the fast path of play().
        self._plain = (
            not self._mode and not self._instant and not self._first_left and settings.stop_mode == "grounding"
        )
        for move in moves:
            self.apply(move)

    @classmethod
    def from_settings(cls, settings: GameSettings, moves: Iterable[Move] = ()) -> Game:
        """Rebuild a game from its settings and move list."""
        return cls(moves=moves, settings=settings)

    def copy(self) -> Game:
        """An independent copy of the game: moves played on one do not touch the other.

        >>> g = Game(10, 10, "empty")
        >>> twin = g.copy()
        >>> _ = twin.play(5, 5)
        >>> g.ply, twin.ply
        (0, 1)
        """
        twin = Game.__new__(Game)
        twin.settings = self.settings
        twin._board = self._board.copy()
        twin._move_table = self._move_table
        twin._moves = self._moves[:]
        twin._scores = self._scores[:]
        twin._area_marks = self._area_marks[:]
        twin._result = self._result
        twin._to_move = self._to_move
        twin._mode = self._mode
        twin._instant = self._instant
        twin._first_left = self._first_left
        twin._stopper = self._stopper
        twin._penalties = self._penalties[:]
        twin._plain = self._plain
        return twin

    def _adopt(self, twin: Game) -> None:
        """Take over the state of ``twin``, a copy of this game that went further."""
        self._board = twin._board
        self._moves = twin._moves
        self._scores = twin._scores
        self._area_marks = twin._area_marks
        self._result = twin._result
        self._to_move = twin._to_move
        self._first_left = twin._first_left
        self._stopper = twin._stopper
        self._penalties = twin._penalties

    def __repr__(self) -> str:
        s = self.settings
        rules = "" if s.rules == "sports" else f" {s.rules}"
        return f"<Game {s.size} {s.start}{rules} ply={self.ply} score={self.score} to_move={self.to_move}>"

    # ----------------------------------------------------------------------------------------------------------
    # State

    @property
    def width(self) -> int:
        """Board width in points."""
        return self.settings.width

    @property
    def height(self) -> int:
        """Board height in points."""
        return self.settings.height

    @property
    def to_move(self) -> Colour:
        """The colour whose move it is (blue moves first, then strictly in turn: 2.4, 2.7)."""
        return colour_of(self._to_move)

    @property
    def score(self) -> tuple[int, int]:
        """``(blue, red)``: how many of the opponent's dots each side has captured (6.1-6.4), less the own-dot
        penalties when the settings have ``own_dot_penalty``."""
        s = self._board.score
        return (s[1], s[2])

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far, dots and the action that ended the game, in order."""
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        """How many moves have been made (the start position's dots are not moves)."""
        return len(self._moves)

    @property
    def move_count(self) -> int:
        """Moves as players count them: the dots placed. The action that ended the game is not a move.

        >>> g = Game(10, 10, "empty")
        >>> _ = g.play(5, 5); _ = g.resign("red")
        >>> g.ply, g.move_count
        (2, 1)
        """
        moves = self._moves
        return len(moves) - (1 if moves and moves[-1].kind is not MoveKind.DOT else 0)

    @property
    def last_move(self) -> Move | None:
        """The latest move, or ``None`` before the first."""
        return self._moves[-1] if self._moves else None

    @property
    def scores(self) -> tuple[tuple[int, int], ...]:
        """The score after each move, in order."""
        return tuple(self._scores)

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._result

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._result is not None

    @property
    def areas(self) -> tuple[Area, ...]:
        """Every capture area in the order they were made; a later area may contain earlier ones."""
        return tuple(self._board.areas)

    def areas_of(self, ply: int) -> tuple[Area, ...]:
        """The capture areas made by move number ``ply`` (1-based)."""
        if not 1 <= ply <= len(self._moves):
            return ()
        start = self._area_marks[ply - 1]
        end = self._area_marks[ply] if ply < len(self._moves) else len(self._board.areas)
        return tuple(self._board.areas[start:end])

    @property
    def last_captures(self) -> tuple[Area, ...]:
        """The capture areas made by the latest move."""
        return self.areas_of(len(self._moves))

    @property
    def penalties(self) -> tuple[int, int]:
        """``(blue, red)``: the points each side lost for enclosing its own dots (``own_dot_penalty``)."""
        return (self._penalties[1], self._penalties[2])

    @property
    def stopped_by(self) -> Colour | None:
        """The player who pressed STOP (``stop_mode="stop_phase"``), or ``None``."""
        return NAME[self._stopper]

    @property
    def closer(self) -> Colour | None:
        """Who may close pools now (manual rule sets): the player whose dot was the latest move; ``None`` when nobody
        may (automatic captures, no move yet, the game is over)."""
        if not self._mode or self._result is not None or not self._moves:
            return None
        last = self._moves[-1]
        return last.colour if last.kind is MoveKind.DOT else None

    @property
    def playable_count(self) -> int:
        """How many points are still empty and in play."""
        return self._board.playable

    def dot(self, x: int, y: int) -> Colour | None:
        """The colour of the dot on ``x-y``, or ``None`` for an empty point."""
        self._check_on_board(x, y)
        return NAME[self._board.dots[self._board.index(x, y)]]

    def owner(self, x: int, y: int) -> Colour | None:
        """The colour of the outermost capture area containing ``x-y``, or ``None``.

        A dot on a point with an owner is captured / out of play (5.7); a dot on a ring is not inside its area.
        """
        self._check_on_board(x, y)
        return NAME[self._board.owner[self._board.index(x, y)]]

    def is_playable(self, x: int, y: int) -> bool:
        """True when a dot may be put on ``x-y`` now: on the board, empty, not in an area, game not over (and inside
        the first-move region for a player's first dot)."""
        if self._result is not None or not self._board.on_board(x, y):
            return False
        i = self._board.index(x, y)
        return self._board.dots[i] == 0 and self._board.owner[i] == 0 and self._in_region(x, y, self._to_move)

    def playable_points(self) -> Iterator[Point]:
        """Every point a dot may be put on now, row by row from the bottom."""
        if self._result is not None:
            return
        board = self._board
        dots, owner = board.dots, board.owner
        for y in range(1, self.height + 1):
            for x in range(1, self.width + 1):
                i = board.index(x, y)
                if dots[i] == 0 and owner[i] == 0 and (not self._first_left or self._in_region(x, y, self._to_move)):
                    yield Point(x, y)

    def _in_region(self, x: int, y: int, p: int) -> bool:
        """False only for a first dot of colour code ``p`` outside the first-move region."""
        region = self.settings.first_move_region
        if not self._first_left & p or region is None:
            return True
        x0, y0, w, h = region
        return x0 <= x < x0 + w and y0 <= y < y0 + h

    def grid(self) -> tuple[list[list[Colour | None]], list[list[Colour | None]]]:
        """The whole position at once: ``(dots, owners)``, each ``[y - 1][x - 1]`` (rows from the bottom)."""
        board = self._board
        s = board.stride
        rows = range(1, self.height + 1)
        dots: list[list[Colour | None]] = [
            [NAME[v] for v in board.dots[y * s + 1 : y * s + self.width + 1]] for y in rows
        ]
        owners: list[list[Colour | None]] = [
            [NAME[v] for v in board.owner[y * s + 1 : y * s + self.width + 1]] for y in rows
        ]
        return dots, owners

    def diagram(self) -> list[str]:
        """The position as text, rows from the top: per point the dot (``.``, ``b``, ``r``) then the owner (``-``,
        ``B``, ``R``), points separated by spaces. This is the board format of the rule test vectors."""
        dot_chars, owner_chars = ".br", "-BR"
        board = self._board
        rows = []
        for y in range(self.height, 0, -1):
            rows.append(
                " ".join(
                    dot_chars[board.dots[board.index(x, y)]] + owner_chars[board.owner[board.index(x, y)]]
                    for x in range(1, self.width + 1)
                )
            )
        return rows

    # ----------------------------------------------------------------------------------------------------------
    # Moves and actions

    def check(self, x: int, y: int) -> None:
        """Raise ``IllegalMove`` if a dot may not be put on ``x-y`` now; return ``None`` if it may."""
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over", Point(x, y))
        board = self._board
        if not board.on_board(x, y):
            raise IllegalMove(
                Reason.OFF_BOARD,
                f"{Point(x, y)} is off the board (x is 1-{self.width}, y is 1-{self.height})",
                Point(x, y),
            )
        i = board.index(x, y)
        if board.dots[i]:
            raise IllegalMove(Reason.OCCUPIED, f"{Point(x, y)} is occupied", Point(x, y))
        if board.owner[i]:
            raise IllegalMove(Reason.CAPTURED, f"{Point(x, y)} is inside a capture area", Point(x, y))
        if not self._in_region(x, y, self._to_move):
            x0, y0, w, h = self.settings.first_move_region or (0, 0, 0, 0)
            raise IllegalMove(
                Reason.FIRST_MOVE_REGION,
                f"a first dot must be inside {Point(x0, y0)} .. {Point(x0 + w - 1, y0 + h - 1)}",
                Point(x, y),
            )

    def play(
        self, x: int, y: int, colour: Colour | None = None, *, closures: Iterable[ClosureTarget] = ()
    ) -> tuple[Area, ...]:
        """Put a dot of the side to move on ``x-y`` and resolve captures. Returns the areas the move made.

        With ``colour``, also check that it is that side's move (``Reason.WRONG_TURN`` otherwise). The game ends
        when no playable point is left (8.1c).

        With manual closures nothing is captured by the dot; ``closures`` are then made after it, in order (see
        ``close``). If any of them is illegal, ``IllegalMove`` is raised and nothing at all is played.
        """
        board = self._board
        if not self._plain or closures:
            return self._play_variant(x, y, colour, tuple(closures))
        if (
            self._result is not None
            or not (0 < x <= board.width and 0 < y <= board.height)
            or board.dots[y * board.stride + x]
            or board.owner[y * board.stride + x]
        ):
            self.check(x, y)
        if colour is not None and CODE.get(colour) != self._to_move:
            raise IllegalMove(Reason.WRONG_TURN, f"it is {self.to_move}'s move", Point(x, y))
        return self._put(y * board.stride + x, self._to_move)

    def _put(self, i: int, p: int) -> tuple[Area, ...]:
        """Place a dot of colour code ``p`` on the checked cell ``i``; the turn passes to the other colour."""
        board = self._board
        self._area_marks.append(len(board.areas))
        made = board.place(i, p, len(self._moves) + 1)
        self._moves.append(self._move_table[p][i])
        s = board.score
        self._scores.append((s[1], s[2]))
        self._to_move = 3 - p
        if board.playable == 0:
            self._result = _by_score((s[1], s[2]), EndReason.BOARD_FULL)
        return tuple(board.areas[-made:]) if made else ()

    # ----------------------------------------------------------------------------------------------------------
    # Rule-set variants: everything but the plain sports move goes through here.

    def _play_variant(
        self, x: int, y: int, colour: Colour | None, closures: tuple[ClosureTarget, ...]
    ) -> tuple[Area, ...]:
        self.check(x, y)
        if colour is not None and CODE.get(colour) != self._to_move:
            raise IllegalMove(Reason.WRONG_TURN, f"it is {self.to_move}'s move", Point(x, y))
        if closures and not self._mode:
            raise IllegalMove(Reason.NOT_IN_RULES, "captures are automatic in these rules: there is nothing to close")
        return self._put_any(self._board.index(x, y), self._to_move, closures)

    def _put_any(self, i: int, p: int, closures: tuple[ClosureTarget, ...]) -> tuple[Area, ...]:
        """Place a dot of colour code ``p`` on the checked cell ``i``, make its closures, then end the game if a rule
        says so. With closures the work is done on a copy and taken over only when every closure was legal."""
        if closures:
            twin = self.copy()
            areas = list(twin._place(i, p))
            for target in closures:
                if twin._result is not None:
                    raise IllegalMove(Reason.GAME_OVER, "the game ended before this closure")
                areas.append(twin._close(p, target))
                twin._settle()
            twin._settle()
            self._adopt(twin)
            return tuple(areas)
        made = self._place(i, p)
        self._settle()
        return made

    def _place(self, i: int, p: int) -> tuple[Area, ...]:
        """The dot itself: automatic captures by the sports rules, none with manual closures; the turn passes."""
        if self._stopper == p:
            raise IllegalMove(Reason.STOPPED, "after STOP that player places no more dots", self._board.point(i))
        if self._first_left & p:
            x, y = self._board.point(i)
            if not self._in_region(x, y, p):
                raise IllegalMove(Reason.FIRST_MOVE_REGION, "a first dot must be inside the region", Point(x, y))
            self._first_left &= ~p
        if self._mode:
            board = self._board
            self._area_marks.append(len(board.areas))
            board.dots[i] = p
            board.playable -= 1
            self._moves.append(self._move_table[p][i])
            s = board.score
            self._scores.append((s[1], s[2]))
            self._to_move = 3 - p
            made: tuple[Area, ...] = ()
        else:
            made = self._put(i, p)
        if self._stopper:
            self._to_move = 3 - self._stopper  # the extra dots after STOP are all the opponent's
        return made

    def _settle(self) -> None:
        """End the game when the board is full or a lead reached the instant-win margin (it wins over a full board)."""
        if self._result is None and self._board.playable == 0:
            self._result = _by_score(self.score, EndReason.BOARD_FULL)
        if self._instant and (self._result is None or self._result.reason is EndReason.BOARD_FULL):
            blue, red = self.score
            if abs(blue - red) >= self._instant:
                self._result = Result(BLUE if blue > red else RED, EndReason.INSTANT_WIN, (blue, red))

    def close(self, target: ClosureTarget, colour: Colour | None = None) -> Area:
        """Make a manual closure as part of the latest move, which must be a dot of the player closing. Returns the
        area made.

        ``target`` is a point of a pool (the quick closure; ``pools()`` lists them, each with the point to pass) or a
        ring of the player's dots. Polish rules: the closure is the whole pool, and a ring must be exactly the border
        of one pool. Territory rules: the area is the inside of the ring (a point stands for the ring around its
        pool). It must hold an opponent dot in play. Own dots in play inside leave play (and cost a point each with
        ``own_dot_penalty``); opponent areas inside are taken over, freeing the player's dots in them (6.4). An
        illegal closure raises ``IllegalMove`` and changes nothing.
        """
        if not self._mode:
            raise IllegalMove(Reason.NOT_IN_RULES, "captures are automatic in these rules: there is nothing to close")
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        closer = self.closer
        if closer is None:
            raise IllegalMove(Reason.WRONG_TURN, "a closure is part of a move: place a dot first")
        if colour is not None and check_colour(colour) != closer:
            raise IllegalMove(Reason.WRONG_TURN, f"only {closer} may close now, as part of the move just made")
        area = self._close(CODE[closer], target)
        self._settle()
        return area

    def _close(self, p: int, target: ClosureTarget) -> Area:
        board = self._board
        cells, ring = resolve(board, p, self._mode, _target(target))
        fine = 0
        if self.settings.own_dot_penalty:
            dots, owner = board.dots, board.owner
            fine = sum(1 for i in cells if dots[i] == p and owner[i] == 0)
        last = self._moves[-1]
        assert last.point is not None
        area = board.take(p, cells, ring, len(self._moves), board.index(*last.point), manual=True)
        if fine:
            board.score[p] -= fine
            self._penalties[p] += fine
        self._moves[-1] = last._replace(closures=(*last.closures, area.ring))
        s = board.score
        self._scores[-1] = (s[1], s[2])
        return area

    def pools(self, colour: Colour | None = None) -> tuple[Pool, ...]:
        """The closures a player could make now, one per pool that holds an opponent dot in play (manual rules).

        Without ``colour``: those of the player who may close now (``closer``), none when nobody may. Each ``Pool``
        has the ``point`` to pass to ``close``, its ``ring``, ``size`` (points of the area), ``captures`` (the
        opponent dots it would take) and ``own`` (own dots in play it would enclose). Under the territory rules a
        pool is offered as the ring around it; rings drawn by hand may take in more.
        """
        if not self._mode or self._result is not None:
            return ()
        if colour is None:
            colour = self.closer
            if colour is None:
                return ()
        return tuple(closable(self._board, CODE[check_colour(colour)], self._mode))

    def preview(self, target: ClosureTarget, colour: Colour | None = None) -> Pool:
        """What ``close(target)`` would make, without making it (``IllegalMove`` when it could not be made)."""
        if not self._mode:
            raise IllegalMove(Reason.NOT_IN_RULES, "captures are automatic in these rules: there is nothing to close")
        who = colour or self.closer or self.to_move
        return preview(self._board, CODE[check_colour(who)], self._mode, _target(target))

    def close_all(self, colour: Colour | None = None) -> tuple[Area, ...]:
        """Close every pool that holds an opponent dot in play, one after the other, as part of the latest move."""
        made = []
        while self._result is None:
            found = self.pools()
            if not found:
                break
            made.append(self.close(found[0].point, colour))
        return tuple(made)

    def agree_end(self, colour: Colour) -> Result:
        """The players agree to end the game; ``colour`` is the player who accepted.

        Territory rules (docs/rules.md#agreed-end): every open pool of either side is closed (a pool inside an
        opponent's pool is the opponent's), and half the territory difference is added, the odd point going against
        the player who would have to start filling it. The areas made are those of this move (``last_captures``).
        Other rule sets: an agreed draw (8.1d), as ``agree_draw``.
        """
        check_colour(colour)
        if self.settings.rules != "territory":
            return self.agree_draw(colour)
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        board = self._board
        self._area_marks.append(len(board.areas))
        made, k = territory_count(board, self._to_move)
        ply = len(self._moves) + 1
        for c, cells, ring in made:
            board.take(c, cells, ring, ply, None, manual=True)
        self._moves.append(Move(colour, MoveKind.END))
        blue, red = self.score
        self._scores.append((blue, red))
        total = blue - red + k
        winner = BLUE if total > 0 else RED if total < 0 else None
        self._result = Result(winner, EndReason.AGREED, (blue + max(k, 0), red + max(-k, 0)))
        return self._result

    def stop(self, colour: Colour) -> None:
        """``colour`` presses STOP (``stop_mode="stop_phase"``, docs/rules.md#stop): that player places no more dots;
        the opponent may place any number in a row, then ``finish()`` (or run out of time) ends the game, and the
        score decides. Accepted from either player, on their move or after it (playdots records show both)."""
        p = CODE[check_colour(colour)]
        if self.settings.stop_mode != "stop_phase":
            raise IllegalMove(Reason.NOT_IN_RULES, "these rules have no STOP")
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        if self._stopper:
            raise IllegalMove(Reason.STOPPED, "STOP was already pressed")
        self._area_marks.append(len(self._board.areas))
        self._moves.append(Move(colour, MoveKind.STOP))
        self._scores.append(self.score)
        self._stopper = p
        self._to_move = 3 - p

    def finish(self, colour: Colour | None = None) -> Result:
        """The opponent of the STOP is done placing extra dots: the game ends and the score decides. (The STOP
        player's ``ground`` instead ends it with the grounding count, what best play by the opponent would give.)"""
        if not self._stopper:
            raise IllegalMove(Reason.NOT_IN_RULES, "nobody pressed STOP")
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        finisher = colour_of(3 - self._stopper)
        if colour is not None and check_colour(colour) != finisher:
            raise IllegalMove(Reason.WRONG_TURN, f"only {finisher} places the extra dots and finishes")
        return self._end(finisher, MoveKind.FINISH, _by_score(self.score, EndReason.STOP))

    def ground(self, colour: Colour) -> tuple[Area, ...]:
        """``colour`` declares grounding (8.2-8.4); the game ends and the score decides. Returns the areas made.

        Every dot of ``colour`` in play that could still be surrounded goes to the opponent with what it bounds:
        a dot is safe only with a 4-connected path to the edge through the declarer's dots in play and areas.

        Under ``stop_mode="stop_phase"`` only the player who pressed STOP may, to end the extra dots at once with
        this count; other rule sets have no grounding (``Reason.NOT_IN_RULES``).
        """
        check_colour(colour)
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        if not self._plain and self.settings.stop_mode != "grounding" and self._stopper != CODE[colour]:
            raise IllegalMove(Reason.NOT_IN_RULES, "these rules have no grounding")
        board = self._board
        self._area_marks.append(len(board.areas))
        made = board.ground(CODE[colour], len(self._moves) + 1)
        self._moves.append(Move(colour, MoveKind.GROUND))
        self._scores.append(self.score)
        self._result = _by_score(self.score, EndReason.GROUNDING)
        return tuple(board.areas[-made:]) if made else ()

    def resign(self, colour: Colour) -> Result:
        """``colour`` resigns: the opponent wins whatever the score (8.1a)."""
        winner = other(check_colour(colour))
        return self._end(colour, MoveKind.RESIGN, Result(winner, EndReason.RESIGNATION, self.score))

    def time_out(self, colour: Colour) -> Result:
        """``colour`` ran out of time: the opponent wins whatever the score (8.1b). For the player placing the extra
        dots after a STOP, running out of time only ends them: ``finish``."""
        winner = other(check_colour(colour))
        if self._stopper and CODE[colour] != self._stopper and self._result is None:
            return self.finish(colour)
        return self._end(colour, MoveKind.TIMEOUT, Result(winner, EndReason.TIMEOUT, self.score))

    def agree_draw(self, colour: Colour) -> Result:
        """A draw is agreed; ``colour`` is the player who accepted the offer (8.1d, 8.5)."""
        return self._end(colour, MoveKind.DRAW, Result(None, EndReason.DRAW, self.score))

    def _end(self, colour: Colour, kind: MoveKind, result: Result) -> Result:
        check_colour(colour)
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        self._area_marks.append(len(self._board.areas))
        self._moves.append(Move(colour, kind))
        self._scores.append(self.score)
        self._result = result
        return result

    def apply(self, move: Move) -> tuple[Area, ...]:
        """Replay one entry of a move list, as stored or read from a record.

        The move's colour is taken as recorded: records may hold two dots of one colour in a row (playdots.ru ends
        games that way), and replaying them must give the recorded position. Everything else is checked as in
        ``play``.
        """
        kind = MoveKind(move.kind)
        colour = check_colour(move.colour)
        if kind is MoveKind.DOT:
            if move.point is None:
                raise IllegalMove(Reason.MALFORMED, "a dot move needs a point")
            x, y = move.point
            if self._result is not None or not self._board.on_board(x, y):
                self.check(x, y)
            i = self._board.index(x, y)
            board = self._board
            if board.dots[i]:
                raise IllegalMove(Reason.OCCUPIED, f"{Point(x, y)} is occupied", Point(x, y))
            if board.owner[i]:
                raise IllegalMove(Reason.CAPTURED, f"{Point(x, y)} is inside a capture area", Point(x, y))
            if self._plain and not move.closures:
                return self._put(i, CODE[colour])
            if move.closures and not self._mode:
                raise IllegalMove(Reason.NOT_IN_RULES, "captures are automatic in these rules: nothing to close")
            return self._put_any(i, CODE[colour], move.closures)
        if kind is MoveKind.GROUND:
            return self.ground(move.colour)
        if kind is MoveKind.RESIGN:
            self.resign(move.colour)
        elif kind is MoveKind.TIMEOUT:
            self.time_out(move.colour)
        elif kind is MoveKind.END:
            self.agree_end(move.colour)
        elif kind is MoveKind.STOP:
            self.stop(move.colour)
        elif kind is MoveKind.FINISH:
            self.finish(move.colour)
        else:
            self.agree_draw(move.colour)
        return ()

    def _check_on_board(self, x: int, y: int) -> None:
        if not self._board.on_board(x, y):
            raise IllegalMove(
                Reason.OFF_BOARD,
                f"{Point(x, y)} is off the board (x is 1-{self.width}, y is 1-{self.height})",
                Point(x, y),
            )


def _target(target: ClosureTarget) -> Point | Ring:
    """A closure target as ``resolve`` takes it: a ``Point``, or a ring of ``Point`` objects."""
    if isinstance(target, Point):
        return target
    items = cast(tuple[object, ...], target)
    if len(items) == 2 and isinstance(items[0], int) and isinstance(items[1], int):
        return Point(items[0], items[1])
    return tuple(Point(*cast(tuple[int, int], p)) for p in items)
