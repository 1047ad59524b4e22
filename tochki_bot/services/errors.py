"""Why the services refuse a request: one code per reason, for the front ends to translate."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from ..engine import IllegalMove, Reason

if TYPE_CHECKING:
    from .model import GameView


class Problem(StrEnum):
    """What is wrong with a request. The values are stable: front ends key their texts on them."""

    NO_GAME = "no_game"
    """No game is open where the request was made (a group, a forum topic)."""
    NO_GAME_PRIVATE = "no_game_private"
    """The user has no game of the kind asked for in their private chat."""
    NO_SUCH_GAME = "no_such_game"
    """The game named by its number does not exist or is none of the user's business."""
    BAD_GAME_NUMBER = "bad_game_number"
    """A command's argument that should name a game is not a game's number (``text``)."""
    NOT_A_PLAYER = "not_a_player"
    NOT_YOUR_TURN = "not_your_turn"
    NO_TURN_ANYWHERE = "no_turn_anywhere"
    """A move with no game named, and it is the user's move in none of their games."""
    NOT_YOURS = "not_yours"
    """A button or question that belongs to somebody else."""
    NOT_STARTED = "not_started"
    GAME_OVER = "game_over"
    GAME_ENDED = "game_ended"
    """The person's game ended a moment ago (the detail ``id`` says which)."""
    STALE = "stale"
    """The request was made for a position that is no longer the game's (an old board's button)."""
    BUSY = "busy"
    """The game changed at the same moment; try again."""
    DUPLICATE = "duplicate"
    """The same update was handled before: nothing more to do or say."""
    ONLY_CREATOR = "only_creator"
    OWN_GAME = "own_game"
    OWN_INVITE = "own_invite"
    STARTED_ALREADY = "game_started_already"
    INVITE_UNKNOWN = "invite_unknown"
    INVITE_CANCELLED = "invite_cancelled"
    INVITE_EXPIRED = "invite_expired"
    INVITE_NEEDED = "invite_needed"
    """A private game is joined through its invitation link only."""
    CANCEL_STARTED = "cancel_started"
    BAD_SIZE = "bad_size"
    """A board asked for is smaller or larger than any the bot plays (the details: ``size``, ``min``, ``max``)."""
    BAD_TIME = "bad_time"
    """A time per move asked for is shorter or longer than the bot keeps (the detail ``time``: as written)."""
    GROUND_ON_TURN = "ground_on_turn"
    DRAW_PENDING = "draw_pending"
    END_PENDING = "end_pending"
    ANSWER_DRAW_FIRST = "answer_draw_first"
    ANSWER_END_FIRST = "answer_end_first"
    NO_GROUNDING_POLISH = "no_grounding_polish"
    NO_GROUNDING_TERRITORY = "no_grounding_territory"
    NO_DRAW_OFFER = "no_draw_offer"
    OWN_DRAW_OFFER = "own_draw_offer"
    WATCH_UNKNOWN = "watch_unknown"
    NOT_FOLLOWING = "not_following"
    TOO_MANY_IMPORTS = "too_many_imports"
    """The person sent more records today than a day allows (``count``)."""
    IMPORTS_TOO_BIG = "imports_too_big"
    """The person's records take more room than a person may use (``megabytes``)."""
    TOO_MANY_LOBBIES = "too_many_lobbies"
    """The person has as many open lobbies as a person may (``count``)."""
    RECORD_OVER = "record_over"
    """An imported record whose game has ended cannot be continued."""
    UNCONFIRMED = "unconfirmed"
    """The database could not confirm the change: it may or may not be stored (``id``: the game)."""
    TIME_IS_UP = "time_is_up"
    """The move came after the deadline: the game was lost on time at that moment."""
    NO_HINTS = "no_hints"
    """Hints are for games against the bot and unrated games, not for rated games between people."""
    NO_HINT_NOW = "no_hint_now"
    """No search answered the hint in time (every AI worker busy or none running): try again later."""
    BOT_PLAYS_ON = "bot_plays_on"
    """The bot does not agree to draws: play on, or resign."""
    CLOSE_FIRST = "close_first"
    """The player is still closing pools after their dot: close, or say they are done, before anything else."""
    NOTHING_TO_CLOSE = "nothing_to_close"
    """A closure or "done" when the person may not close now (it is not right after their dot)."""
    STOP_ON_TURN = "stop_on_turn"
    """STOP is declared on one's own move."""
    NO_STOP = "no_stop"
    """Finishing the extra dots when nobody declared STOP, or by the player who declared it."""
    EXTRA_DOTS = "extra_dots"
    """The player placing the extra dots after the opponent's STOP: they finish (or auto-finish), nothing else."""
    NO_TAKEBACK_RATED = "no_takeback_rated"
    """A takeback in a rated game: the sports rules forbid taking a move back (2.6)."""
    NO_TAKEBACK_TOURNAMENT = "no_takeback_tournament"
    """A takeback in a tournament's game."""
    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"
    """The person has no move to take back (none yet, or only actions such as a STOP since)."""
    NO_TAKEBACK_OFFER = "no_takeback_offer"
    OWN_TAKEBACK = "own_takeback"
    """The one who asked for the takeback cannot accept it."""
    ANSWER_TAKEBACK_FIRST = "answer_takeback_first"
    """The opponent asked for a takeback first (``name``): it is answered before another is asked."""
    NOT_OVER = "game_not_over"
    """A rematch of a game still being played."""
    NO_REMATCH = "no_rematch"
    """A rematch of a game that was cancelled, or of a tournament's game."""
    REMATCH_PLAYED = "rematch_played"
    """The rematch of this game was played already (``id``: its number)."""
    NO_REMATCH_ASKED = "no_rematch_asked"
    OWN_REMATCH = "own_rematch"
    """The one who asked for the rematch cannot accept it."""
    TOURNAMENT_GAME = "tournament_game"
    """A tournament's game is played out, never cancelled (``id``: the tournament); leaving the tournament loses
    it."""
    NO_SUCH_TOURNAMENT = "no_such_tournament"
    GROUPS_ONLY = "groups_only"
    """Tournaments are played in groups."""
    NO_TOURNAMENT = "no_tournament"
    """The group has no tournament."""
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_OVER = "tournament_over"
    TOO_MANY_FOR_ROUND_ROBIN = "too_many_for_round_robin"
    """A round robin is for ``count`` players at most."""
    JOINED_ALREADY = "joined_already"
    TOURNAMENT_FULL = "tournament_full"
    CREATOR_STAYS = "creator_stays"
    """The creator of a lobby does not leave it: they cancel it."""
    NOT_IN_TOURNAMENT = "not_in_tournament"
    TOO_FEW_PLAYERS = "too_few_players"
    """A tournament starts with ``count`` players at least."""
    REVIEW_BUSY = "review_busy"
    """The person's other review is still running (``subject``: ``game`` or ``import``, ``id``: its number): one
    review at a time."""
    REVIEW_NOT_OVER = "review_not_over"
    """A review of a game still being played (or in its lobby) (``id``)."""
    REVIEW_CANCELLED = "review_cancelled"
    """A review of a game cancelled before it was played (``id``)."""
    NO_SUCH_RECORD = "no_such_record"
    """An imported record that does not exist (any more) or that the person may not review (``id``)."""
    OPEN_GAME_HERE = "open_game_on"
    """A new game cannot start here: game ``id`` is open in this chat (or topic)."""
    MALFORMED = Reason.MALFORMED.value
    OFF_BOARD = Reason.OFF_BOARD.value
    OCCUPIED = Reason.OCCUPIED.value
    CAPTURED = Reason.CAPTURED.value
    NOT_IN_RULES = Reason.NOT_IN_RULES.value
    FIRST_MOVE_REGION = Reason.FIRST_MOVE_REGION.value
    STOPPED = Reason.STOPPED.value
    NOT_A_RING = Reason.NOT_A_RING.value
    NO_POOL = Reason.NO_POOL.value
    EMPTY_CLOSURE = Reason.EMPTY_CLOSURE.value
    NESTING = Reason.NESTING.value


class ServiceError(Exception):
    """A request the rules, the game's state or the user's rights refuse. Nothing was changed.

    ``problem`` says why; ``details`` are values a text about it may show (a point, a name, a game number).
    """

    def __init__(self, problem: Problem, **details: object) -> None:
        super().__init__(problem.value)
        self.problem = problem
        self.details = details

    @classmethod
    def from_rules(cls, exc: IllegalMove, **details: object) -> ServiceError:
        """The engine's refusal of a move, as a service error."""
        problem = {
            Reason.GAME_OVER: Problem.GAME_OVER,
            Reason.WRONG_TURN: Problem.NOT_YOUR_TURN,
        }.get(exc.reason) or Problem(exc.reason.value)
        return cls(problem, **details)


class TimeIsUp(ServiceError):
    """The player to move asked for something after their deadline: the game was lost on time at that moment.

    ``view`` is the finished game, to be announced like any other ending.
    """

    def __init__(self, view: GameView) -> None:
        super().__init__(Problem.TIME_IS_UP)
        self.view = view
