"""The JSON the Mini App's page gets, written down once: what each key holds. The page's side of the same contract
is the JSDoc in ``static/contract.js`` (the same names, the same keys); ``tests/webapp/test_state_contract.py``
checks that the server's answers match these types key for key and that the JSDoc names the same keys.

Points are numbered row by row from the bottom-left corner: point ``x-y`` is ``(y - 1) * width + (x - 1)``. Every
point's name (``x-y``, written by the engine's ``format_point``) is in ``GameState.point_labels`` at its number, so
the page never writes one. A dot is its point's number plus one, negated for red: ``5`` is a blue dot on point 4,
``-5`` a red one. From ``start_dots``, ``move_dots`` and ``areas`` the page replays any move number (the replay
slider); ``owners`` is the owner of every point now (``.`` nobody, ``b`` blue, ``r`` red): a dot on a point with an
owner is captured, an empty point with one is out of play.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ..engine import Colour
from ..i18n import Language
from ..services import GameKind
from ..services import GameState as GameStage  # the services' name for where a game is: lobby, active, ...


class AreaState(TypedDict):
    """A capture area, with the move that made it."""

    owner: Colour
    ply: int
    """The move (``GameState.ply`` counting) after which the area is there."""
    ring: list[int]
    """The chain around it, point numbers in order."""
    captured: list[int]
    """The opponent's dots it took, point numbers."""
    grounding: bool
    """Made by a grounding declaration (drawn through imagined dots)."""


class PoolState(TypedDict):
    """A pool the player may close now (manual rule sets, right after their dot)."""

    point: int
    """A point inside it: ``close`` with this point closes it."""
    captures: int
    """The opponent's dots closing it takes."""
    size: int
    """Its points."""


class ButtonLabels(TypedDict):
    """The words on the page's buttons for the steps of a move."""

    close_all: str
    done: str
    finish: str
    autofinish: str


class SideState(TypedDict):
    name: str
    score: int


class Players(TypedDict):
    blue: SideState
    red: SideState


class ResultState(TypedDict):
    winner: Colour | None
    reason: str
    """The engine's ``EndReason`` value: ``resignation``, ``grounding``, ``timeout``, ..."""


class GameState(TypedDict):
    """The whole of one game for the page, as one viewer sees it (``/api/games/<id>`` and its long poll)."""

    id: int
    kind: GameKind
    state: GameStage
    version: str
    """Changes whenever what the page shows changes (the long poll waits for another one)."""
    width: int
    height: int
    ply: int
    """Moves made, closures and endings included."""
    moves_made: int
    """Dots placed (the move number the chat's captions count)."""
    to_move: Colour | None
    your_colour: Colour | None
    """The viewer's side (``None``: a spectator); in a hot-seat game, the side to move."""
    hotseat: bool
    """Local mode: both sides are played on this page."""
    can_move: bool
    """The viewer may place a dot now."""
    can_close: bool
    """The viewer may close ``pools`` now, or be done closing."""
    can_finish: bool
    """The viewer's extra dots after the opponent's STOP may end now."""
    can_ground: bool
    """The viewer may declare grounding now (on their move, under rules that have it)."""
    rules: str
    closing: Colour | None
    """Who is closing pools after their dot (manual rule sets)."""
    stopped_by: Colour | None
    draw_offer: Colour | None
    """Who offered a draw (or the end of a territory game) that awaits its answer."""
    pools: list[PoolState]
    button_labels: ButtonLabels
    players: Players
    time_left: float | None
    """Seconds left for the move, when the game has a clock."""
    time_left_text: str | None
    move_seconds: int | None
    start_dots: list[int]
    move_dots: list[int]
    """The dots of the moves in order (not the closures or endings)."""
    areas: list[AreaState]
    owners: str
    point_labels: list[str]
    """Every point's name (``x-y``), at its number."""
    result: ResultState | None
    status_text: str
    """Where the game stands for the viewer: whose move, an offer waiting, the result."""
    last_move_text: str
    """What the last move did (the chat's caption line: "Move 3: 10-9 🔵 · 1 dot captured"), or empty."""


class BoardState(TypedDict):
    """A position to draw, without a game around it (a puzzle): the keys of ``GameState`` the page's board reads,
    meaning what they mean there."""

    width: int
    height: int
    ply: int
    your_colour: Colour | None
    start_dots: list[int]
    move_dots: list[int]
    areas: list[AreaState]
    owners: str
    point_labels: list[str]


class PuzzleAnswer(TypedDict):
    """How the viewer's answer to a puzzle went."""

    correct: bool
    answer: int | None
    """The point answered (``None``: the puzzle was skipped in the chat, its solution shown)."""
    solution: int
    text: str
    """Right or wrong, what the solution wins, the viewer's puzzle rating before and after."""


class PuzzlePage(TypedDict):
    """A puzzle (``/api/puzzles/next``, ``/api/puzzles/<id>``, the answer to ``POST /api/puzzles/<id>/answers``).
    Before the viewer answered it, nothing in it gives the solution away."""

    id: int
    title: str
    """"Puzzle #4 · rating 1500"."""
    task: str
    """What to find ("Blue to move: find the move that captures most")."""
    to_move: Colour
    board: BoardState
    """The position to solve; once answered, the position after the solution (its captures made)."""
    answered: PuzzleAnswer | None
    texts: dict[str, str]
    """``how`` (how to answer), ``answer`` (the button, ``{point}`` filled in by the page), ``next``, ``error``,
    ``offline``."""


class GameLine(TypedDict):
    """One game of the viewer's list (``/api/games``)."""

    id: int
    kind: GameKind
    state: GameStage
    chat_title: str | None
    """The group it is played in."""
    board_size: str
    blue_name: str
    red_name: str
    score: list[int]
    """Blue's, then red's."""
    your_colour: Colour | None
    your_move: bool
    moves_made: int
    status_text: str


class GamesList(TypedDict):
    games: list[GameLine]


class SessionUser(TypedDict):
    id: int
    name: str


class LinkedGame(TypedDict):
    """The game a direct link (``startapp``) names, and its spectator code."""

    id: int
    watch: str | None


class Choice(TypedDict):
    """One choice of a new-game option: what is sent, and what it says."""

    value: str
    label: str


class ShownWith(TypedDict):
    """An option that is shown only while another option has a value (the bot's level: against the bot)."""

    key: str
    value: str


class FormOption(TypedDict):
    """One option of local mode's new-game form."""

    key: str
    """The new game's field it sets (``POST /api/local/games``)."""
    label: str
    """Its title ('' for none)."""
    choices: list[Choice]
    chosen: str
    """The value chosen at first."""
    shown_with: ShownWith | None


class LocalChoices(TypedDict):
    """Local mode's new-game form: the options the bot's lobby offers, in words, in the order shown."""

    options: list[FormOption]
    pictures: bool
    """The server draws PNGs (the page offers the download)."""


class Session(TypedDict):
    """Who is calling, in which language, the page's texts (``/api/session``)."""

    user: SessionUser
    lang: Language
    texts: dict[str, str]
    linked_game: LinkedGame | None
    local: LocalChoices | None
    """Local mode's new-game form (``None`` in Telegram)."""


class GroundQuestion(TypedDict):
    """Local mode: what declaring grounding now would give, asked before it is done."""

    question: str
    score: list[int]
    winner: Colour | None


class Refusal(TypedDict, total=False):
    """Any answer that is not 200: a code, a sentence for the person, and (409) the game as it is now."""

    error: str
    message: str
    state: GameState


class StandingLine(TypedDict):
    """One line of a tournament's standings."""

    place: int
    name: str
    me: bool
    """The viewer's own line."""
    active: bool
    """Still in the tournament (not left)."""
    points: str
    """Written as people write them: ``2½``."""
    games: int
    """Games played (not byes, rests or forfeits)."""
    tiebreaks: list[str]
    """The format's tie-breaks, in the order of ``TournamentPage.columns``."""
    marks: list[str]
    """Each round: ``+5`` won against the 5th placed, ``=3``, ``−2``, ``+`` a bye, ``f`` unplayed, ``…`` playing."""


class TournamentTable(TypedDict):
    """One table of a round."""

    board: int
    text: str
    """The table in words (the players, the game's number, the result)."""
    game: int | None
    """Its game (``None``: a bye, a rest, decided unplayed)."""
    watch: str | None
    """The game's spectator code: the game page opens it with it."""
    playing: bool
    mine: bool


class TournamentRound(TypedDict):
    round: int
    tables: list[TournamentTable]


class TournamentPage(TypedDict):
    """A tournament's page (``/api/tournaments/<id>``)."""

    id: int
    title: str
    settings: str
    state: str
    """``lobby``, ``running``, ``finished``, ``cancelled``."""
    round: int
    rounds_total: int
    over: bool
    """The current round's every table has its result."""
    winner: str | None
    columns: list[str]
    """The tie-breaks' keys (``sb``; ``buchholz``, ``median``; ``stage``): ``texts["th_" + key]`` heads them."""
    standings: list[StandingLine]
    rounds: list[TournamentRound]
    texts: dict[str, str]


Grade = Literal["blunder", "mistake", "ok"]
"""How a reviewed move is marked (the AI's ``Grade``)."""


class ReviewMove(TypedDict):
    """One move of a review: what it cost."""

    ply: int
    """The move's number in the game (``GameState.ply`` counting, 1 for the first): the replay slider shows the
    position before it at ``ply - 1``."""
    colour: Colour
    """Who moved."""
    played: int | None
    """The point played (``None``: a grounding)."""
    best: int | None
    """The better move found (``None``: grounding); the point played when it was the best."""
    value: float
    """The expected score difference, blue minus red, after the move played (the graph's value)."""
    loss: float
    """Dots the move gave away against the best one, from the mover's side (0: the best move)."""
    grade: Grade
    """``blunder`` (3 dots or more lost), ``mistake`` (1 or more) or ``ok``."""


class ReviewSide(TypedDict):
    """One player's moves in numbers."""

    colour: Colour
    name: str
    moves: int
    """Moves judged."""
    average_loss: float
    """Dots lost a move, on average."""
    blunders: int
    mistakes: int
    text: str
    """All of it in words (the chat's summary line)."""


class ReviewMistake(TypedDict):
    """A move that lost a dot or more, as the list under the graph shows it."""

    ply: int
    """The move (``ReviewMove.ply``)."""
    colour: Colour
    grade: Grade
    caption: str
    """What it lost and what was better ("Move 41 · 12-7 lost 4 dots: 13-8 captures 3")."""


class ReviewPage(TypedDict):
    """A game's review (``/api/games/<id>/review``): running (how far, how long still) or done (every move, the
    players' numbers, the mistakes)."""

    game: int
    state: Literal["running", "done"]
    done: int
    """Moves judged so far."""
    total: int
    """Moves to judge."""
    expected_seconds: float | None
    """About how long until it is done (``None``: done, or not known yet)."""
    progress_text: str
    """Where it stands in words ("Reviewing game #12… 120 of 250 moves", the expected wait), or '' when done."""
    moves: list[ReviewMove]
    """The moves judged so far, in order."""
    sides: list[ReviewSide]
    """Blue's, then red's (empty while running)."""
    mistakes: list[ReviewMistake]
    """The moves that lost a dot or more, in the game's order (empty while running)."""
    sgf: str | None
    """Where the annotated record is (``api/games/<id>/review.sgf``, asked with initData as every call), once done."""


__all__ = [
    "AreaState",
    "BoardState",
    "ButtonLabels",
    "Choice",
    "FormOption",
    "GameLine",
    "GameState",
    "GamesList",
    "GroundQuestion",
    "LinkedGame",
    "LocalChoices",
    "Players",
    "PoolState",
    "PuzzleAnswer",
    "PuzzlePage",
    "Refusal",
    "ResultState",
    "ReviewMistake",
    "ReviewMove",
    "ReviewPage",
    "ReviewSide",
    "Session",
    "SessionUser",
    "ShownWith",
    "SideState",
    "StandingLine",
    "TournamentPage",
    "TournamentRound",
    "TournamentTable",
]
