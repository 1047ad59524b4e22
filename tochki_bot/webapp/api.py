"""The Mini App's API: what a verified viewer may see and do, independent of the web server that carries it.

Every call names its viewer (``auth.Viewer``, from verified ``initData``). Replies are a status and a JSON body:

- ``session``: the viewer, their language and the page's texts;
- ``games``: the viewer's games (being played first, then the latest finished), whose move, the score;
- ``game``: one game's state, for whoever may read it; ``wait`` the same, once it differs from a version the page
  has (a long poll: it answers at once if the game moved on, else as soon as it does, else after ``timeout``);
- ``move``: a dot for the player to move, at the ply it was made on, once per idempotency key;
- ``step``: the other steps of a move, with the same rules: closing pools after one's dot (manual rule sets), being
  done closing, finishing the extra dots after the opponent's STOP;
- ``review``, ``start_review``, ``review_sgf``: a finished game's review (``Services.reviews``) for whoever may read
  the game: how far it is, or done, the graph's values, the players' numbers, the mistakes; the annotated record.

Who may read a game: its players (and a lobby's creator); whoever shows its spectator code (the code of the
``/watch`` link, which group boards' Mini App links and spectators' buttons carry); and whoever follows it through
a ``/watch`` link (their private chat is in its spectators). Everyone else gets 403 and nothing of the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..engine import Point
from ..i18n import Language, t
from ..services import GameView, Person, Problem, PuzzleView, ServiceError, Services, TimeIsUp
from ..wording import plain, player_language
from ..wording.puzzles import not_free
from .auth import Viewer
from .contract import GameState, Session
from .puzzle import earlier_answer, outcome_answer, puzzle_page
from .review import ReviewPages, review_refusal
from .state import game_line, game_state, page_texts, refusal_text, version_of
from .tournament import tournament_state

POLL_TIMEOUT = 25.0
"""A long poll answers after this many seconds even if nothing changed (proxies drop idle requests)."""
WAITS_PER_USER = 4
"""Long polls one person may have open at once (a few tabs); more get 429."""
GAMES_LISTED = 30
KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""An idempotency key: what the page makes up for one confirmed move (retries send it again)."""
START_PARAM = re.compile(r"(\d{1,12})(?:_([A-Za-z0-9_-]{1,64}))?")
"""``startapp=<game>`` or ``startapp=<game>_<spectator code>``."""

STATUS: dict[Problem, int] = {
    Problem.NO_SUCH_GAME: 404,
    Problem.NOT_A_PLAYER: 403,
    Problem.NOT_YOUR_TURN: 403,
    Problem.NOT_YOURS: 403,
    Problem.STALE: 409,
    Problem.BUSY: 409,
    Problem.NOT_STARTED: 409,
    Problem.GAME_OVER: 409,
    Problem.TIME_IS_UP: 409,
    Problem.MALFORMED: 422,
    Problem.OFF_BOARD: 422,
    Problem.OCCUPIED: 422,
    Problem.CAPTURED: 422,
    Problem.UNCONFIRMED: 503,
    Problem.NOTHING_TO_CLOSE: 403,
    Problem.NO_STOP: 403,
    Problem.EXTRA_DOTS: 403,
    Problem.NO_POOL: 422,
    Problem.EMPTY_CLOSURE: 422,
    Problem.NOT_A_RING: 422,
    Problem.NESTING: 422,
}
"""The HTTP status of each refusal of a change: a move, a new game (anything else: 409)."""
REVIEW_STATUS: dict[Problem, int] = {
    Problem.NO_SUCH_GAME: 404,
    Problem.REVIEW_NOT_OVER: 409,
    Problem.REVIEW_CANCELLED: 409,
    Problem.REVIEW_BUSY: 409,
    Problem.BUSY: 409,
}
"""The HTTP status of each refusal of a review (anything else: 409)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer: the HTTP status, the JSON body, extra headers."""

    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def error(status: int, code: str, message: str = "", **extra: Any) -> Reply:
    return Reply(status, {"error": code, "message": message or code, **extra})


def refused(
    lang: Language, exc: ServiceError, *, statuses: Mapping[Problem, int] = STATUS, text: str | None = None
) -> Reply:
    """The services' refusal as the API answers it (of a change, a puzzle's answer, a review; local mode's new game):
    the status ``statuses`` gives its problem (anything else: 409), its code, and why (``text``, else
    ``refusal_text``) in ``lang``."""
    return error(statuses.get(exc.problem, 409), exc.problem.value, refusal_text(lang, exc) if text is None else text)


def is_integer(value: object) -> TypeGuard[int]:
    """A JSON integer (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def checked_body(body: Any, key: str | None) -> tuple[int, str | None] | Reply:
    """What every change sends: a JSON object with the ``ply`` it was made at, and its idempotency key (in the body,
    else the ``Idempotency-Key`` header's ``key``); or the 400 that says what is wrong."""
    if not isinstance(body, dict):
        return error(400, "bad_request", "a JSON object is expected")
    ply = body.get("ply")
    if not is_integer(ply):
        return error(400, "bad_request", "ply must be an integer")
    checked = checked_key(body, key)
    return checked if isinstance(checked, Reply) else (ply, checked)


def checked_key(body: dict[str, Any], key: str | None) -> str | Reply | None:
    """A change's idempotency key: the body's ``key``, else the ``Idempotency-Key`` header's ``key``; or the 400
    that says what is wrong with it."""
    key = body.get("key", key)
    if key is not None and (not isinstance(key, str) or not KEY.fullmatch(key)):
        return error(400, "bad_request", "key must be 1-64 letters, digits, - or _")
    return key


def no_puzzle(lang: Language, puzzle_id: int) -> Reply:
    """The 404 of a puzzle number there is no puzzle for."""
    return error(404, "no_such_puzzle", plain(t(lang, "webapp_puzzle_gone", id=puzzle_id)))


def update_id_of(user_id: int, key: str) -> int:
    """The idempotency key of a move as the services' update id: a negative number (Telegram's update ids are
    positive, so the two never collide), the same for the same person and key, different for anyone else's."""
    digest = hashlib.sha256(f"webapp:{user_id}:{key}".encode()).digest()
    return -(int.from_bytes(digest[:7], "big") + 1)


TOURNAMENT_PARAM = re.compile(r"t(\d{1,12})_([A-Za-z0-9_-]{1,64})")
"""``startapp=t<tournament>_<its code>``: a tournament's page."""


def tournament_target(start_param: str | None) -> tuple[int, str] | None:
    """The tournament (and its code) a direct link's ``startapp`` names."""
    match = TOURNAMENT_PARAM.fullmatch(start_param or "")
    return (int(match.group(1)), match.group(2)) if match else None


def start_target(start_param: str | None) -> tuple[int, str | None] | None:
    """The game (and spectator code) a direct link's ``startapp`` names."""
    match = START_PARAM.fullmatch(start_param or "")
    return (int(match.group(1)), match.group(2)) if match else None


class RateLimit:
    """A token bucket per person: ``burst`` requests at once, then ``rate`` a second."""

    def __init__(
        self,
        rate: float = 2.0,
        burst: float = 120.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        size: int = 10_000,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._size = size
        self._buckets: dict[int, tuple[float, float]] = {}

    def take(self, user_id: int) -> float:
        """0 if the person may make a request now (it is counted), else the seconds until they may."""
        now = self._clock()
        tokens, at = self._buckets.get(user_id, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < 1:
            self._buckets[user_id] = (tokens, now)
            return (1 - tokens) / self.rate
        self._buckets[user_id] = (tokens - 1, now)
        if len(self._buckets) > self._size:  # forget the fullest buckets' owners first: they lose nothing
            for key in [k for k, (n, _) in self._buckets.items() if n >= self.burst - 1][: self._size // 2]:
                del self._buckets[key]
            while len(self._buckets) > self._size:
                del self._buckets[next(iter(self._buckets))]
        return 0.0


class Waiters:
    """Long polls waiting for a game to change, woken by the services' change listeners."""

    def __init__(self) -> None:
        self._events: dict[int, tuple[asyncio.Event, int]] = {}
        self.per_user: dict[int, int] = {}

    def enter(self, game_id: int) -> asyncio.Event:
        event, count = self._events.get(game_id) or (asyncio.Event(), 0)
        self._events[game_id] = (event, count + 1)
        return event

    def leave(self, game_id: int, event: asyncio.Event) -> None:
        current = self._events.get(game_id)
        if current is None or current[0] is not event:
            return
        if current[1] <= 1:
            del self._events[game_id]
        else:
            self._events[game_id] = (event, current[1] - 1)

    def changed(self, game_id: int) -> None:
        """Wake everyone waiting on the game (later waiters get a new event)."""
        current = self._events.pop(game_id, None)
        if current is not None:
            current[0].set()

    def wake_all(self) -> None:
        for event, _ in self._events.values():
            event.set()
        self._events.clear()

    @property
    def waiting(self) -> int:
        return sum(count for _, count in self._events.values())


class Api:
    """The API over the services, for verified viewers."""

    def __init__(self, services: Services, *, poll_timeout: float = POLL_TIMEOUT) -> None:
        self.services = services
        self.poll_timeout = poll_timeout
        self.waiters = Waiters()
        self.waits_per_user = WAITS_PER_USER
        self.closed = False
        self.review_pages = ReviewPages()
        # Every change of a game, made through this worker or another, wakes the long polls waiting on it here.
        self._unsubscribe = services.changes.watch(self.waiters.changed)

    def close(self) -> None:
        """Stop listening and let every long poll answer now."""
        self.closed = True
        self._unsubscribe()
        self.waiters.wake_all()

    async def language(self, viewer: Viewer) -> Language:
        return player_language(await self.services.people.player(viewer.id), viewer.language_code)

    # --------------------------------------------------------------------------------------------------------------
    # Reading

    async def may_read(self, view: GameView, viewer: Viewer, watch: str | None) -> bool:
        """A player (or a lobby's creator), someone with the game's spectator code, or a follower of the game."""
        if view.colour_of(viewer.id) is not None or view.creator.id == viewer.id:
            return True
        codes = [watch]
        target = start_target(viewer.start_param)
        if target is not None and target[0] == view.id:
            codes.append(target[1])
        if view.watch and any(code and hmac.compare_digest(code.encode(), view.watch.encode()) for code in codes):
            return True
        return viewer.id in await self.services.records.spectators(view.id)

    async def _readable(self, viewer: Viewer, game_id: int, watch: str | None) -> GameView | Reply:
        lang = await self.language(viewer)
        try:
            view = await self.services.game(game_id)
        except ServiceError:
            return error(404, "no_such_game", refusal_text(lang, ServiceError(Problem.NO_SUCH_GAME, id=game_id)))
        if not await self.may_read(view, viewer, watch):
            return error(403, "forbidden", refusal_text(lang, ServiceError(Problem.NO_SUCH_GAME, id=game_id)))
        return view

    async def state(self, view: GameView, viewer: Viewer) -> GameState:
        return game_state(view, viewer.id, await self.language(viewer), self.services.now)

    async def session(self, viewer: Viewer) -> Reply:
        lang = await self.language(viewer)
        target = start_target(viewer.start_param)
        session: Session = {
            "user": {"id": viewer.id, "name": viewer.first_name},
            "lang": lang,
            "texts": page_texts(lang),
            "linked_game": {"id": target[0], "watch": target[1]} if target is not None else None,
            "local": None,
        }
        return Reply(200, session)

    async def games(self, viewer: Viewer) -> Reply:
        lang = await self.language(viewer)
        services = self.services
        views = await services.finder.recent_of(viewer.id, limit=GAMES_LISTED)
        views.sort(key=lambda v: (v.state != "active", not (v.to_move and v.colour_of(viewer.id) == v.to_move)))
        lines = []
        for view in views:
            where = None
            if view.kind == "group":
                chat = await services.people.chat(view.chat_id)
                where = chat.title if chat is not None else None
            lines.append(game_line(view, viewer.id, lang, where))
        return Reply(200, {"games": lines})

    async def game(self, viewer: Viewer, game_id: int, watch: str | None = None) -> Reply:
        found = await self._readable(viewer, game_id, watch)
        if isinstance(found, Reply):
            return found
        return Reply(200, await self.state(found, viewer))

    async def tournament(self, viewer: Viewer, tournament_id: int, watch: str | None = None) -> Reply:
        """A tournament's page: for its players and creator, and for whoever holds its code (its messages in the
        group carry it, as group boards carry their game's); its games open with their spectator codes."""
        services = self.services
        lang = await self.language(viewer)
        refusal = refusal_text(lang, ServiceError(Problem.NO_SUCH_TOURNAMENT, id=tournament_id))
        try:
            view = await services.tournaments.get(tournament_id)
        except ServiceError:
            return error(404, "no_such_tournament", refusal)
        codes = [watch]
        target = tournament_target(viewer.start_param)
        if target is not None and target[0] == view.id:
            codes.append(target[1])
        known = view.entry(viewer.id) is not None or view.creator.id == viewer.id
        if not known and not (
            view.watch and any(code and hmac.compare_digest(code.encode(), view.watch.encode()) for code in codes)
        ):
            return error(403, "forbidden", refusal)
        games = {g.id: g for g in await services.tournaments.games(view.id)}
        return Reply(200, tournament_state(view, games, viewer.id, lang))

    async def wait(
        self, viewer: Viewer, game_id: int, version: str, watch: str | None = None, timeout: float | None = None
    ) -> Reply:
        """The game's state as soon as its version is not ``version`` (or after ``timeout`` seconds)."""
        found = await self._readable(viewer, game_id, watch)
        if isinstance(found, Reply):
            return found
        if version_of(found) != version:
            return Reply(200, await self.state(found, viewer))
        if self.waiters.per_user.get(viewer.id, 0) >= self.waits_per_user:
            return error(429, "too_many_waits", headers={"Retry-After": "5"})
        self.waiters.per_user[viewer.id] = self.waiters.per_user.get(viewer.id, 0) + 1
        event = self.waiters.enter(game_id)
        try:
            view = await self.services.game(game_id)  # read after entering: a change in between is not missed
            if version_of(view) == version:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), self.poll_timeout if timeout is None else timeout)
                if self.closed:  # the server is stopping (the database is about to close): ask again later
                    return error(503, "stopping", headers={"Retry-After": "2"})
                view = await self.services.game(game_id)
            return Reply(200, await self.state(view, viewer))
        finally:
            self.waiters.leave(game_id, event)
            left = self.waiters.per_user.get(viewer.id, 1) - 1
            if left:
                self.waiters.per_user[viewer.id] = left
            else:
                self.waiters.per_user.pop(viewer.id, None)

    # --------------------------------------------------------------------------------------------------------------
    # Puzzles: anyone with the Mini App may solve them (they come from public games and from records)

    async def next_puzzle(self, viewer: Viewer) -> Reply:
        """The viewer's puzzle: the one waiting in their private chat with the bot, else the next one for them
        (rated nearest to their puzzle rating, as ``/puzzle`` gives it); 404 when they have seen every one."""
        lang = await self.language(viewer)
        puzzles = self.services.puzzles
        post = await puzzles.open_here(viewer.id)
        found = await puzzles.puzzle(post.puzzle_id) if post is not None else await puzzles.next_for(viewer.id)
        if found is None:
            return error(404, "no_puzzle", plain(t(lang, "puzzle_none")))
        return await self._puzzle(found, viewer, lang)

    async def puzzle(self, viewer: Viewer, puzzle_id: int) -> Reply:
        """One puzzle (the chat's button opens it): to solve, or as the viewer answered it before."""
        lang = await self.language(viewer)
        try:
            found = await self.services.puzzles.puzzle(puzzle_id)
        except ServiceError:
            return no_puzzle(lang, puzzle_id)
        return await self._puzzle(found, viewer, lang)

    async def _puzzle(self, puzzle: PuzzleView, viewer: Viewer, lang: Language) -> Reply:
        earlier = await self.services.puzzles.answered_by(puzzle.id, viewer.id)
        answered = earlier_answer(puzzle, earlier[0], earlier[1], lang) if earlier is not None else None
        return Reply(200, puzzle_page(puzzle, lang, answered))

    async def answer_puzzle(self, viewer: Viewer, puzzle_id: int, body: Any, key: str | None = None) -> Reply:
        """The viewer's answer, ``{"x": 12, "y": 7, "key": "..."}``: right or wrong, and the page with the solution.
        Their first answer moves their puzzle rating, as in the chat, and closes the puzzle waiting in their private
        chat if it is this one; a later one changes nothing; the same key sent again gets the same page. A point
        that cannot be played is 422 and changes nothing."""
        lang = await self.language(viewer)
        if not isinstance(body, dict):
            return error(400, "bad_request", "a JSON object is expected")
        x, y = body.get("x"), body.get("y")
        if not is_integer(x) or not is_integer(y):
            return error(400, "bad_request", "x and y must be integers")
        checked = checked_key(body, key)
        if isinstance(checked, Reply):
            return checked
        puzzles = self.services.puzzles
        try:
            puzzle = await puzzles.puzzle(puzzle_id)
        except ServiceError:
            return no_puzzle(lang, puzzle_id)
        point = Point(x, y)
        refusal = not_free(puzzle, point, lang)
        if refusal is not None:
            return error(422, "not_free", plain(refusal))
        update_id = update_id_of(viewer.id, checked) if checked is not None else None
        post = await puzzles.open_here(viewer.id)
        try:
            if post is not None and post.puzzle_id == puzzle.id:
                outcome = await puzzles.answer_private(post, viewer.id, point, update_id=update_id)
            else:
                outcome = await puzzles.answer(puzzle.id, viewer.id, point, update_id=update_id)
        except ServiceError as exc:
            if exc.problem is not Problem.DUPLICATE:
                return refused(lang, exc)
            return await self._puzzle(puzzle, viewer, lang)  # the same answer again: as it was stored
        return Reply(200, puzzle_page(puzzle, lang, outcome_answer(outcome, lang)))

    # --------------------------------------------------------------------------------------------------------------
    # Reviews of finished games: for whoever may read the game

    async def review(self, viewer: Viewer, game_id: int, watch: str | None = None) -> Reply:
        """The game's review as it stands (running: how far; done: everything), 404 ``no_review`` when nobody asked
        for one yet."""
        found = await self._readable(viewer, game_id, watch)
        if isinstance(found, Reply):
            return found
        review = await self.services.reviews.of("game", game_id)
        if review is None:
            return error(404, "no_review", "nobody asked for a review of this game yet")
        return Reply(200, self.review_pages.page(review, await self.language(viewer)))

    async def start_review(self, viewer: Viewer, game_id: int, watch: str | None = None) -> Reply:
        """Start the game's review for the viewer (or answer with the one there is, done at once when it is): 409
        ``review_not_over`` for a game not finished (``review_cancelled``: one cancelled before it was played),
        ``review_busy`` while another review of theirs runs. Whoever may read the game may review it (``may_read``:
        the services are told it was checked)."""
        found = await self._readable(viewer, game_id, watch)
        if isinstance(found, Reply):
            return found
        lang = await self.language(viewer)
        reviews = self.services.reviews
        person = Person(viewer.id, viewer.first_name, viewer.last_name, viewer.username, viewer.language_code)
        try:
            review = await reviews.request("game", game_id, person, seen=True)
        except ServiceError as exc:
            running = await reviews.running_of(viewer.id) if exc.problem is Problem.REVIEW_BUSY else None
            return refused(lang, exc, statuses=REVIEW_STATUS, text=review_refusal(lang, exc, running))
        return Reply(200, self.review_pages.page(review, lang))

    async def review_sgf(self, viewer: Viewer, game_id: int, watch: str | None = None) -> tuple[str, str] | Reply:
        """The annotated record of the game's done review and its file name; 404 ``no_review`` (none, or not done
        yet)."""
        found = await self._readable(viewer, game_id, watch)
        if isinstance(found, Reply):
            return found
        reviews = self.services.reviews
        review = await reviews.of("game", game_id)
        if review is None or review.state != "done":
            return error(404, "no_review", "the review of this game is not done")
        return reviews.sgf(review), f"tochki-{game_id}-review.sgf"

    # --------------------------------------------------------------------------------------------------------------
    # Moving

    async def actor(self, view: GameView, viewer: Viewer) -> Viewer:
        """Who a move of ``viewer``'s in this game is made by: the viewer (local mode's hot-seat games differ). The
        idempotency key stays the viewer's."""
        return viewer

    async def move(self, viewer: Viewer, game_id: int, body: Any, key: str | None = None) -> Reply:
        """``{"x": 20, "y": 18, "ply": 57, "key": "..."}``: a dot for the viewer, if it is their move at ``ply``."""
        checked = checked_body(body, key)
        if isinstance(checked, Reply):
            return checked
        ply, key = checked
        x, y = body.get("x"), body.get("y")
        if not (is_integer(x) and is_integer(y)):
            return error(400, "bad_request", "x, y and ply must be integers")
        return await self._act(
            viewer,
            game_id,
            lambda person, update_id: self.services.play.move(
                game_id, person, x, y, expected_ply=ply, update_id=update_id, origin="webapp"
            ),
            key,
        )

    async def step(self, viewer: Viewer, game_id: int, action: str, body: Any, key: str | None = None) -> Reply:
        """The steps of a move that are not a dot, with the same rules as ``move`` (the ply it was made at, once per
        idempotency key): ``close`` ``{"ply": 58, "x": 21, "y": 17}`` (the pool holding that point) or ``{"ply": 58,
        "all": true}``, right after the viewer's dot under manual rules; ``done`` ``{"ply": 58}`` (done closing: the
        turn passes); ``finish`` ``{"ply": 60, "auto": false}``: the extra dots after the opponent's STOP are done
        (``auto``: with the grounding count)."""
        checked = checked_body(body, key)
        if isinstance(checked, Reply):
            return checked
        ply, key = checked
        play = self.services.play
        if action == "close":
            x, y, every = body.get("x"), body.get("y"), body.get("all")
            if every is True:
                target = None
            elif is_integer(x) and is_integer(y):
                target = Point(x, y)
            else:
                return error(400, "bad_request", "x and y must be integers, or all true")
            return await self._act(
                viewer,
                game_id,
                lambda person, update_id: play.close(
                    game_id, person, target, expected_ply=ply, update_id=update_id, origin="webapp"
                ),
                key,
            )
        if action == "done":
            return await self._act(
                viewer,
                game_id,
                lambda person, update_id: play.done(
                    game_id, person, expected_ply=ply, update_id=update_id, origin="webapp"
                ),
                key,
            )
        if action == "finish":
            auto = body.get("auto", False)
            if not isinstance(auto, bool):
                return error(400, "bad_request", "auto must be true or false")
            return await self._act(
                viewer,
                game_id,
                lambda person, update_id: play.finish(
                    game_id, person, auto=auto, expected_ply=ply, update_id=update_id, origin="webapp"
                ),
                key,
            )
        return error(404, "not_found", "no such API")

    async def _act(
        self,
        viewer: Viewer,
        game_id: int,
        act: Callable[[Person, int | None], Awaitable[GameView]],
        key: str | None,
    ) -> Reply:
        """Make a change for the viewer and answer with the game's new state, or with the refusal's status (409
        with the current state for a page that is behind)."""
        found = await self._readable(viewer, game_id, None)  # strangers learn nothing of the game, not even its state
        if isinstance(found, Reply):
            return found
        mover = await self.actor(found, viewer)
        person = Person(mover.id, mover.first_name, mover.last_name, mover.username, mover.language_code)
        try:
            view = await act(person, update_id_of(viewer.id, key) if key else None)
        except ServiceError as exc:
            if exc.problem is Problem.DUPLICATE:  # the same key again: the move was made, here is the game
                return await self.game(viewer, game_id)
            return await self.refusal(viewer, game_id, exc)
        return Reply(200, await self.state(view, viewer))

    async def refusal(self, viewer: Viewer, game_id: int, exc: ServiceError) -> Reply:
        """The services' refusal of a change as the API answers it: its status (``STATUS``), its code and why, in the
        viewer's words; a 409 (a page that is behind, a move too late) carries the game as it is now."""
        reply = refused(await self.language(viewer), exc)
        if exc.problem is Problem.NO_SUCH_GAME:
            return reply
        if isinstance(exc, TimeIsUp):
            reply.body["state"] = await self.state(exc.view, viewer)
        elif reply.status == 409:
            current = await self._readable(viewer, game_id, None)
            if not isinstance(current, Reply):
                reply.body["state"] = await self.state(current, viewer)
        return reply


__all__ = [
    "POLL_TIMEOUT",
    "REVIEW_STATUS",
    "STATUS",
    "Api",
    "RateLimit",
    "Reply",
    "Waiters",
    "refused",
    "start_target",
    "update_id_of",
]
