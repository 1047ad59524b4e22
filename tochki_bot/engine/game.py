"""A game of Точки: its settings plus its move list; the position, score and result are derived from them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import NamedTuple

from .board import Area, Board, point_table
from .colour import BLUE, CODE, NAME, RED, Colour, check_colour, other
from .errors import IllegalMove, Reason
from .moves import Move, MoveKind, Point
from .settings import GameSettings, Setup, Start


class EndReason(StrEnum):
    """Why a game ended (8.1)."""

    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    GROUNDING = "grounding"
    BOARD_FULL = "board_full"
    DRAW = "draw"
    """Agreed draw (8.1d)."""


class Result(NamedTuple):
    """How a game ended: the winner (``None`` for a draw), why, and the final score ``(blue, red)``."""

    winner: Colour | None
    reason: EndReason
    score: tuple[int, int]


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
    """A game of Точки by the sports rules.

    >>> g = Game(width=39, height=32, start="cross")
    >>> g.play(20, 18)
    ()
    >>> g.dot(20, 18), g.to_move, g.score
    ('blue', 'red', (0, 0))

    Points are 1-based, ``x`` from the left and ``y`` from the bottom. Moves are played for the side to move; an
    illegal one raises ``IllegalMove`` and leaves the game unchanged.
    """

    __slots__ = ("_area_marks", "_board", "_move_table", "_moves", "_result", "_scores", "_to_move", "settings")

    def __init__(
        self,
        width: int = 39,
        height: int = 32,
        start: Start = "cross",
        moves: Iterable[Move] = (),
        *,
        setup: Setup = (),
    ) -> None:
        self.settings = GameSettings(width, height, start, setup)
        """The board size and start position."""
        board = self._board = Board(width, height)
        for point, colour in self.settings.start_dots:
            board.place(board.index(*point), CODE[colour], 0)
        self._move_table = _move_table(width, height)
        self._moves: list[Move] = []
        self._scores: list[tuple[int, int]] = []
        self._area_marks: list[int] = []  # len(board.areas) before each move
        self._result: Result | None = None
        self._to_move = 1
        for move in moves:
            self.apply(move)

    @classmethod
    def from_settings(cls, settings: GameSettings, moves: Iterable[Move] = ()) -> Game:
        """Rebuild a game from its settings and move list."""
        return cls(settings.width, settings.height, settings.start, moves, setup=settings.setup)

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
        return twin

    def __repr__(self) -> str:
        s = self.settings
        return f"<Game {s.size} {s.start} ply={self.ply} score={self.score} to_move={self.to_move}>"

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
        return NAME[self._to_move]  # type: ignore[return-value]

    @property
    def score(self) -> tuple[int, int]:
        """``(blue, red)``: how many of the opponent's dots each side has captured (6.1-6.4)."""
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
        """True when a dot may be put on ``x-y`` now: on the board, empty, not in an area, game not over."""
        if self._result is not None or not self._board.on_board(x, y):
            return False
        i = self._board.index(x, y)
        return self._board.dots[i] == 0 and self._board.owner[i] == 0

    def playable_points(self) -> Iterator[Point]:
        """Every point a dot may be put on now, row by row from the bottom."""
        if self._result is not None:
            return
        board = self._board
        dots, owner = board.dots, board.owner
        for y in range(1, self.height + 1):
            for x in range(1, self.width + 1):
                i = board.index(x, y)
                if dots[i] == 0 and owner[i] == 0:
                    yield Point(x, y)

    def grid(self) -> tuple[list[list[Colour | None]], list[list[Colour | None]]]:
        """The whole position at once: ``(dots, owners)``, each ``[y - 1][x - 1]`` (rows from the bottom)."""
        board = self._board
        s = board.stride
        dots = [[NAME[v] for v in board.dots[y * s + 1 : y * s + self.width + 1]] for y in range(1, self.height + 1)]
        owners = [[NAME[v] for v in board.owner[y * s + 1 : y * s + self.width + 1]] for y in range(1, self.height + 1)]
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
                Reason.OFF_BOARD, f"{x}-{y} is off the board (x is 1-{self.width}, y is 1-{self.height})", Point(x, y)
            )
        i = board.index(x, y)
        if board.dots[i]:
            raise IllegalMove(Reason.OCCUPIED, f"{x}-{y} is occupied", Point(x, y))
        if board.owner[i]:
            raise IllegalMove(Reason.CAPTURED, f"{x}-{y} is inside a capture area", Point(x, y))

    def play(self, x: int, y: int, colour: Colour | None = None) -> tuple[Area, ...]:
        """Put a dot of the side to move on ``x-y`` and resolve captures. Returns the areas the move made.

        With ``colour``, also check that it is that side's move (``Reason.WRONG_TURN`` otherwise). The game ends
        when no playable point is left (8.1c).
        """
        board = self._board
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

    def ground(self, colour: Colour) -> tuple[Area, ...]:
        """``colour`` declares grounding (8.2-8.4); the game ends and the score decides. Returns the areas made.

        Every dot of ``colour`` in play that could still be surrounded goes to the opponent with what it bounds:
        a dot is safe only with a 4-connected path to the edge through the declarer's dots in play and areas.
        """
        check_colour(colour)
        if self._result is not None:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
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
        """``colour`` ran out of time: the opponent wins whatever the score (8.1b)."""
        winner = other(check_colour(colour))
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
            self.check(x, y)
            return self._put(self._board.index(x, y), CODE[colour])
        if kind is MoveKind.GROUND:
            return self.ground(move.colour)
        if kind is MoveKind.RESIGN:
            self.resign(move.colour)
        elif kind is MoveKind.TIMEOUT:
            self.time_out(move.colour)
        else:
            self.agree_draw(move.colour)
        return ()

    def _check_on_board(self, x: int, y: int) -> None:
        if not self._board.on_board(x, y):
            raise IllegalMove(
                Reason.OFF_BOARD, f"{x}-{y} is off the board (x is 1-{self.width}, y is 1-{self.height})", Point(x, y)
            )
