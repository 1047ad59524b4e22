"""Playing: moves, resignation, grounding, draws, and losing on time. Every change is checked against the players,
the turn, the clock and the rules (the engine), and stored in one transaction before anyone is told."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from storage import GameRecord

from ..engine import Area, Colour, Game, IllegalMove, Move, MoveKind, Point, Pool, other
from .changes import Origin
from .core import Core, clock_after_move
from .errors import Problem, ServiceError, TimeIsUp
from .model import GameView, OfferKind, Person
from .people import BOT_IDS


@dataclass(frozen=True, slots=True)
class GroundPreview:
    """What grounding now would give: the final score and the winner (``None`` for a draw)."""

    view: GameView
    score: tuple[int, int]
    winner: Colour | None


@dataclass(frozen=True, slots=True)
class DrawOffer:
    """After ``offer_draw``: the game with the offer pending, or ended in a draw when both had offered."""

    view: GameView
    agreed: bool
    again: bool = False
    """The player had offered it already (nothing changed): the front end may show the offer again."""


def _closing(trial: Game, kind: str | None, open_before: Sequence[Pool]) -> bool:
    """Whether the player who just placed a dot (or closed a pool after it, ``kind`` ``close``) closes pools before
    the turn passes. After a closure: while any pool is left. After a dot: when it made a closable pool that was not
    open before it, or changed one (a pool split or grown, other dots taken); a dot that leaves the open pools as
    they were passes the turn at once. Pools left open stay closable: with a later dot (``/m x-y close ...``), and
    among the buttons of the next dot that makes or changes a pool."""
    pools = trial.pools()
    if kind == "close":
        return bool(pools)
    return not set(pools) <= set(open_before)


def _grounding_exists(game: Game, colour: Colour) -> None:
    """The Polish and territory rules have no grounding (unless their STOP option gives it to who pressed STOP):
    said so at once, whoever's move it is."""
    settings = game.settings
    if settings.rules in ("polish", "territory") and settings.stop_mode != "grounding" and game.stopped_by != colour:
        raise ServiceError(
            Problem.NO_GROUNDING_POLISH if settings.rules == "polish" else Problem.NO_GROUNDING_TERRITORY
        )


@dataclass(frozen=True, slots=True)
class Takeback:
    """After ``offer_takeback``: the game with the request pending, or with the move taken back (``done``: the bot
    agrees at once)."""

    view: GameView
    done: bool
    again: bool = False
    """The player had asked already (nothing changed): the front end may show the request again."""


def takeback_count(game: Game, colour: Colour) -> int | None:
    """How many moves a takeback by ``colour`` takes off the end of the game: their last dot and everything after it
    (the opponent's answer to it); ``None`` when there is none to take back, or an action (a STOP) came after it."""
    for count, move in enumerate(reversed(game.moves), 1):
        if move.kind is not MoveKind.DOT:
            return None
        if move.colour == colour:
            return count
    return None


class Play:
    """The use cases of a game being played."""

    def __init__(self, core: Core) -> None:
        self._core = core

    def _colour(self, record: GameRecord, who: Person, expected_ply: int | None) -> Colour:
        """The colour ``who`` plays in this active game, at ``expected_ply`` when given."""
        if record.state == "lobby":
            raise ServiceError(Problem.NOT_STARTED)
        if record.state != "active":
            raise ServiceError(Problem.GAME_OVER)
        colour = record.colour_of(who.id)
        if colour is None:
            raise ServiceError(Problem.NOT_A_PLAYER)
        if expected_ply is not None and expected_ply != record.ply:
            raise ServiceError(Problem.STALE)
        return colour

    async def _position(self, record: GameRecord, origin: Origin) -> Game:
        """The position, after deciding the game on time if the player to move is past their deadline."""
        core = self._core
        game = await core.positions.of(record)
        if record.deadline is not None and core.clock() >= record.deadline:
            raise TimeIsUp(await self._time_out(record, game, origin))
        return game

    async def _time_out(self, record: GameRecord, game: Game, origin: Origin) -> GameView:
        if record.closing is not None:  # the closer's time ran out: they are done closing, the turn passes
            return await self._commit(record, game, None, None, origin=origin, step=Move(record.closing), kind="done")
        trial = game.copy()
        trial.time_out(trial.to_move)
        return await self._commit(record, trial, None, None, origin=origin)

    async def _commit(
        self,
        record: GameRecord,
        trial: Game,
        user_id: int | None,
        update_id: int | None,
        areas: tuple[Area, ...] = (),
        *,
        origin: Origin,
        cancelled: bool = False,
        step: Move | None = None,
        kind: str | None = None,
        open_before: Sequence[Pool] = (),
        along: Callable[[], Awaitable[None]] | None = None,
    ) -> GameView:
        """Store the move just made on ``trial`` (a copy of the position), tell the listeners, and give the game's new
        view. With ``kind`` (``close``, ``done``) what is stored is ``step``, a step of the manual move whose dot is
        the last move: the closures made after it, or the end of closing. ``open_before``: for a dot under manual
        rules, the mover's pools that were open before it (see ``_closing``). ``along``: a change made in the same
        transaction, after the move and before the game's endings (it fails, nothing is stored)."""
        core = self._core
        result = trial.result
        mover = trial.moves[-1].colour
        closing: Colour | None = None
        if kind != "done" and result is None and trial.closer == mover and _closing(trial, kind, open_before):
            closing = mover  # the mover may close pools before the turn passes
        # The bot has no clock: it moves within seconds, and after a restart it moves then.
        next_player = closing or trial.to_move
        bot_next = record.player(next_player) in BOT_IDS
        deadline, alert_at = clock_after_move(None if bot_next else record.move_seconds, core.clock())
        if result is None and trial.stopped_by is not None and not bot_next:
            # The extra dots after a STOP have a time of their own, from the STOP on, whatever the dots.
            last = trial.moves[-1]
            if last.kind is MoveKind.STOP:
                deadline, alert_at = clock_after_move(record.stop_seconds, core.clock())
            else:
                deadline, alert_at = record.deadline, record.deadline
        # A player's draw offer stands through their own move; the opponent's move instead of an answer lets it lapse.
        draw_offer = record.draw_offer if record.draw_offer == mover else None
        async with core.storage.transaction(update_id):
            await core.owe(record.id, record.ply + 1, "position")
            new = await core.storage.games.append_move(
                record.id,
                record.ply,
                step if step is not None else trial.moves[-1],
                user_id=user_id,
                score=result.score if result is not None else trial.score,
                deadline=deadline,
                alert_at=alert_at,
                result=(result.winner, result.reason.value) if result is not None else None,
                state="cancelled" if cancelled else "finished",
                rated=False if cancelled else None,
                draw_offer=draw_offer,
                known=record,
                step=kind,
                closing=closing,
            )
            if along is not None:
                await along()
            if result is not None:
                await core.ended(new)
        core.positions.keep(record.id, trial, new.ply)
        view = await core.view(new, areas, trial)
        core.changes.publish(view, origin)
        return view

    async def move(
        self,
        game_id: int,
        who: Person,
        x: int,
        y: int,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
        closures: Sequence[Point] = (),
        close_all: bool = False,
    ) -> GameView:
        """``who`` puts a dot on ``x-y``: checks the player, the turn, the clock and the rules; stores the move.

        Manual rules: ``closures`` (points of pools) are closed with the dot, all or nothing; with the player's
        "close automatically" (or ``close_all``), every pool holding an opponent dot is closed too. If pools are
        left to close, the turn passes only when the player is done (``close``, ``done``)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            game = await self._position(record, origin)
            if record.closing is not None:
                if record.closing == colour:
                    raise ServiceError(Problem.CLOSE_FIRST)
                closer = await core.people.player(record.player(record.closing))
                raise ServiceError(Problem.NOT_YOUR_TURN, name=closer.name if closer else "?")
            if game.to_move != colour:
                opponent = await core.people.player(record.player(game.to_move))
                raise ServiceError(Problem.NOT_YOUR_TURN, name=opponent.name if opponent else "?")
            open_before = game.pools(colour) if game.settings.manual else ()
            trial = game.copy()
            try:
                areas = trial.play(x, y, closures=closures) if closures else trial.play(x, y)
                if game.settings.manual and (close_all or await self._autoclose(who.id)):
                    areas += trial.close_all()
            except IllegalMove as exc:
                point = str(exc.point if isinstance(exc.point, Point) else Point(x, y))
                raise ServiceError.from_rules(exc, point=point, width=game.width, height=game.height) from None
            return await self._commit(record, trial, who.id, update_id, areas, origin=origin, open_before=open_before)

    async def _autoclose(self, user_id: int) -> bool:
        if user_id in BOT_IDS:
            return True  # the bot closes every pool it can
        return await self._core.people.autoclose(user_id)

    async def close(
        self,
        game_id: int,
        who: Person,
        target: Point | None,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
    ) -> GameView:
        """Manual rules, right after ``who``'s dot: close the pool holding ``target`` (``None``: every pool holding
        an opponent dot). The turn passes when nothing is left to close."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            game = await self._position(record, origin)
            if record.closing != colour:
                raise ServiceError(Problem.NOTHING_TO_CLOSE)
            trial = game.copy()
            before = len(trial.moves[-1].closures)
            try:
                areas = trial.close_all(colour) if target is None else (trial.close(target, colour),)
            except IllegalMove as exc:
                raise ServiceError.from_rules(exc, point=str(target), width=game.width, height=game.height) from None
            step = Move(colour, MoveKind.DOT, None, trial.moves[-1].closures[before:])
            return await self._commit(record, trial, who.id, update_id, areas, origin=origin, step=step, kind="close")

    async def done(
        self,
        game_id: int,
        who: Person,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
    ) -> GameView:
        """Manual rules: ``who`` is done closing pools after their dot; the turn passes."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            game = await self._position(record, origin)
            if record.closing != colour:
                raise ServiceError(Problem.NOTHING_TO_CLOSE)
            return await self._commit(record, game, who.id, update_id, origin=origin, step=Move(colour), kind="done")

    async def set_autoclose(self, who: Person, on: bool) -> None:
        """The person's "close automatically" under manual rules."""
        await self._core.people.meet(who)
        await self._core.people.set_autoclose(who.id, on)

    async def autoclose(self, who: Person) -> bool:
        """Whether the person's pools are closed automatically after each of their dots."""
        return await self._autoclose(who.id)

    async def resign(
        self,
        game_id: int,
        who: Person,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
        along: Callable[[], Awaitable[None]] | None = None,
    ) -> GameView:
        """``who`` resigns and the opponent wins; before ``who`` made any move, the game is cancelled instead
        (unrated), as a draw (or an agreed end) is before any move. ``along``: a change stored in the same transaction,
        before the game's endings run (a tournament's player marked out: the round's next pairing leaves them out);
        if it fails, the game is not resigned either."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            trial = (await self._position(record, origin)).copy()
            trial.resign(colour)
            # A tournament's game counts whatever happened: resigning it before one's first move loses it.
            before_first = record.tournament_id is None and who.id not in await core.storage.games.movers(record.id)
            return await self._commit(
                record, trial, who.id, update_id, origin=origin, cancelled=before_first, along=along
            )

    async def _unplayed(self, record: GameRecord) -> bool:
        """Whether nobody has made a move in the game yet: a draw (or an end) agreed now cancels it (unrated), as a
        resignation before one's first move does."""
        return not await self._core.storage.games.movers(record.id)

    async def has_moved(self, game_id: int, who: Person) -> bool:
        """Whether ``who`` has made a move in the game (resigning before that cancels it instead)."""
        return who.id in await self._core.storage.games.movers(game_id)

    async def ground_preview(self, game_id: int, who: Person) -> GroundPreview:
        """What grounding now would give (and, under ``stop_phase`` rules, a STOP at best for the opponent). Changes
        nothing."""
        core = self._core
        async with core.locked(game_id) as record:
            colour = self._colour(record, who, None)
            game = await self._position(record, "chat")
            _grounding_exists(game, colour)
            if game.stopped_by not in (None, colour):
                raise ServiceError(Problem.EXTRA_DOTS)
            if game.stopped_by != colour and (record.closing is not None or game.to_move != colour):
                raise ServiceError(
                    Problem.STOP_ON_TURN if game.settings.stop_mode == "stop_phase" else Problem.GROUND_ON_TURN
                )
            trial = game.copy()
            if game.settings.stop_mode == "stop_phase" and game.stopped_by is None:
                trial.stop(colour)  # what STOP leads to at best for the opponent: the grounding count
            try:
                trial.ground(colour)
            except IllegalMove as exc:
                raise ServiceError.from_rules(exc) from None
            assert trial.result is not None
            return GroundPreview(await core.view(record, position=game), trial.score, trial.result.winner)

    async def ground(
        self,
        game_id: int,
        who: Person,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
    ) -> GameView:
        """``who`` declares grounding on their move (8.2-8.4); the game ends and the score decides."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            game = await self._position(record, origin)
            _grounding_exists(game, colour)
            if game.stopped_by not in (None, colour):
                raise ServiceError(Problem.EXTRA_DOTS)
            if game.stopped_by != colour and (game.to_move != colour or record.closing is not None):
                raise ServiceError(Problem.GROUND_ON_TURN)
            trial = game.copy()
            try:
                areas = trial.ground(colour)
            except IllegalMove as exc:
                raise ServiceError.from_rules(exc) from None
            return await self._commit(record, trial, who.id, update_id, areas, origin=origin)

    async def stop(
        self,
        game_id: int,
        who: Person,
        *,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
    ) -> GameView:
        """``who`` declares STOP on their move (``stop_mode="stop_phase"``, docs/rules.md#stop): they place no
        more dots; the opponent places extra dots within the game's STOP time, then finishes (``finish``)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            game = await self._position(record, origin)
            if game.settings.stop_mode != "stop_phase":
                raise ServiceError(Problem.NOT_IN_RULES)
            if game.stopped_by is not None:
                raise ServiceError(Problem.STOPPED if game.stopped_by == colour else Problem.EXTRA_DOTS)
            if game.to_move != colour or record.closing is not None:
                raise ServiceError(Problem.STOP_ON_TURN)
            trial = game.copy()
            try:
                trial.stop(colour)
            except IllegalMove as exc:
                raise ServiceError.from_rules(exc) from None
            return await self._commit(record, trial, who.id, update_id, origin=origin)

    async def finish(
        self,
        game_id: int,
        who: Person,
        *,
        auto: bool = False,
        expected_ply: int | None = None,
        update_id: int | None = None,
        origin: Origin = "chat",
    ) -> GameView:
        """The opponent of a STOP is done with the extra dots: the game ends and the score decides. With ``auto``
        (auto-finish) the grounding count of the STOP player's dots is applied first: every dot of theirs that could
        still be surrounded is, as best play would do it (``Game.ground``)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, expected_ply)
            game = await self._position(record, origin)
            stopper = game.stopped_by
            if stopper is None or stopper == colour:
                raise ServiceError(Problem.NO_STOP)
            trial = game.copy()
            areas = trial.ground(stopper) if auto else ()
            if not auto:
                trial.finish(colour)
            return await self._commit(record, trial, who.id, update_id, areas, origin=origin)

    async def offer_draw(
        self, game_id: int, who: Person, update_id: int | None = None, *, origin: Origin = "chat", end: bool = False
    ) -> DrawOffer:
        """``who`` offers a draw (``/draw``), or with ``end`` under the territory rules an end of the game with the
        territory counted (``/end``; elsewhere that is a draw too). If the opponent had offered the same already, it
        is agreed; an offer of the other kind pending must be answered first."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, None)
            game = await self._position(record, origin)
            kind: OfferKind = "end" if end and game.settings.rules == "territory" else "draw"
            if record.player(other(colour)) in BOT_IDS:
                # The bot declines draws; under the territory rules it accepts an agreed end it does not lose.
                trial = game.copy()
                if kind != "end" or trial.agree_end(other(colour)).winner == colour:
                    raise ServiceError(Problem.BOT_PLAYS_ON)
                return DrawOffer(await self._commit(record, trial, who.id, update_id, origin=origin), True)
            pending = record.offer_kind if record.draw_offer is not None else None
            if record.draw_offer == colour:
                if pending != kind:
                    raise ServiceError(Problem.END_PENDING if pending == "end" else Problem.DRAW_PENDING)
                return DrawOffer(await core.view(record, position=game), agreed=False, again=True)
            if record.draw_offer == other(colour):
                if pending != kind:
                    offerer = await core.people.player(record.player(other(colour)))
                    problem = Problem.ANSWER_END_FIRST if pending == "end" else Problem.ANSWER_DRAW_FIRST
                    raise ServiceError(problem, name=offerer.name if offerer else "?")
                trial = game.copy()
                if kind == "end":
                    trial.agree_end(colour)  # the territory is counted
                else:
                    trial.agree_draw(colour)
                unplayed = await self._unplayed(record)
                view = await self._commit(record, trial, who.id, update_id, origin=origin, cancelled=unplayed)
                return DrawOffer(view, True)
            async with core.storage.transaction(update_id):
                await core.owe(game_id, record.ply, "draw")  # the opponent must hear of it
                record = await core.storage.games.update(
                    game_id, expect_state="active", expect_ply=record.ply, draw_offer=colour, offer_kind=kind
                )
            core.changes.touched(game_id)  # an open Mini App page shows the offer
            return DrawOffer(await core.view(record, position=game), False)

    async def answer_draw(
        self, game_id: int, who: Person, accept: bool, *, update_id: int | None = None, origin: Origin = "chat"
    ) -> GameView:
        """The opponent accepts or declines the pending draw offer (it stands through the offerer's own move and
        lapses when the opponent moves instead of answering)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, None)
            if record.draw_offer is None:
                raise ServiceError(Problem.NO_DRAW_OFFER)
            if record.draw_offer == colour:
                raise ServiceError(Problem.OWN_DRAW_OFFER)
            game = await self._position(record, origin)
            if accept:
                trial = game.copy()
                if record.offer_kind == "end":
                    trial.agree_end(colour)  # the territory is counted
                else:
                    trial.agree_draw(colour)
                unplayed = await self._unplayed(record)
                return await self._commit(record, trial, who.id, update_id, origin=origin, cancelled=unplayed)
            async with core.storage.transaction(update_id):
                record = await core.storage.games.update(
                    game_id, expect_state="active", expect_ply=record.ply, draw_offer=None
                )
            core.changes.touched(game_id)
            return await core.view(record, position=game)

    async def offer_takeback(
        self, game_id: int, who: Person, update_id: int | None = None, *, origin: Origin = "chat"
    ) -> Takeback:
        """``who`` asks to take their last move back (and the opponent's answer to it), in an unrated game only: the
        sports rules forbid it (2.6) and so does a tournament. The opponent accepts or declines (``answer_takeback``);
        the bot agrees at once. The request lapses with the next move."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, None)
            if record.tournament_id is not None:
                raise ServiceError(Problem.NO_TAKEBACK_TOURNAMENT)
            if record.rated:
                raise ServiceError(Problem.NO_TAKEBACK_RATED)
            game = await self._position(record, origin)
            if record.closing == colour:
                raise ServiceError(Problem.CLOSE_FIRST)
            if takeback_count(game, colour) is None:
                raise ServiceError(Problem.NOTHING_TO_TAKE_BACK)
            if record.takeback == other(colour):
                asker = await core.people.player(record.player(other(colour)))
                raise ServiceError(Problem.ANSWER_TAKEBACK_FIRST, name=asker.name if asker else "?")
            if record.player(other(colour)) in BOT_IDS:
                return Takeback(await self._take_back(record, game, colour, who.id, update_id, origin), True)
            if record.takeback == colour:
                return Takeback(await core.view(record, position=game), False, again=True)
            async with core.storage.transaction(update_id):
                record = await core.storage.games.update(
                    game_id, expect_state="active", expect_ply=record.ply, takeback=colour
                )
            core.changes.touched(game_id)
            return Takeback(await core.view(record, position=game), False)

    async def answer_takeback(
        self, game_id: int, who: Person, accept: bool, *, update_id: int | None = None, origin: Origin = "chat"
    ) -> GameView:
        """The opponent accepts the pending takeback (the asker's last move and everything after it are taken back,
        and it is the asker's move again) or declines it; the asker may withdraw it (``accept=False``)."""
        core = self._core
        async with core.locked(game_id, update_id) as record:
            colour = self._colour(record, who, None)
            asker = record.takeback
            if asker is None:
                raise ServiceError(Problem.NO_TAKEBACK_OFFER)
            if asker == colour and accept:
                raise ServiceError(Problem.OWN_TAKEBACK)
            game = await self._position(record, origin)
            if accept:
                return await self._take_back(record, game, asker, record.player(asker), update_id, origin)
            async with core.storage.transaction(update_id):
                record = await core.storage.games.update(
                    game_id, expect_state="active", expect_ply=record.ply, takeback=None
                )
            core.changes.touched(game_id)
            return await core.view(record, position=game)

    async def _take_back(
        self, record: GameRecord, game: Game, colour: Colour, user_id: int | None, update_id: int | None, origin: Origin
    ) -> GameView:
        """Take back ``colour``'s last move and what followed it: an ``undo`` row, announced like a move (a new board,
        the asker to move with a fresh clock)."""
        core = self._core
        count = takeback_count(game, colour)
        if count is None:
            raise ServiceError(Problem.NOTHING_TO_TAKE_BACK)
        trial = Game.from_settings(game.settings, game.moves[:-count])
        mover = record.player(trial.to_move)
        deadline, alert_at = clock_after_move(None if mover in BOT_IDS else record.move_seconds, core.clock())
        async with core.storage.transaction(update_id):
            await core.owe(record.id, record.ply + 1, "position")
            new = await core.storage.games.append_move(
                record.id,
                record.ply,
                Move(colour),
                user_id=user_id,
                score=trial.score,
                deadline=deadline,
                alert_at=alert_at,
                known=record,
                step="undo",
                undone=count,
            )
        core.positions.keep(record.id, trial, new.ply)
        view = await core.view(new, position=trial)
        core.changes.publish(view, origin)
        return view

    async def time_out(self, game_id: int, now: float) -> GameView | None:
        """Decide the game on time if its deadline passed by ``now`` (the clock's pass); ``None`` if it did not."""
        core = self._core
        async with core.locked(game_id) as record:
            if record.state != "active" or record.deadline is None or record.deadline > now:
                return None
            return await self._time_out(record, await core.positions.of(record), "clock")


__all__ = ["DrawOffer", "GroundPreview", "Play", "Takeback", "takeback_count"]
