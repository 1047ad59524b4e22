"""Which game a request is about: the one named by its number, the board replied to, the game of the group topic,
or in a private chat the one game that fits; when several fit, the front end asks."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from storage import GameRecord

from .core import Core
from .errors import Problem, ServiceError
from .model import GameState, GameView, Place

RECENT = 86400.0
"""A game that ended less than this many seconds ago is named when a move comes for it."""


class Want(StrEnum):
    """What the request needs a game for; it decides which games fit in a private chat."""

    MOVE = "move"
    """A move: the user's private games where it is their move."""
    PLAY = "play"
    """Resign, offer a draw, ground: the user's private games being played."""
    OPEN = "open"
    """The user's private games in the lobby or being played."""
    CANCEL = "cancel"
    """Cancel: the user's private lobbies, and games being played where nobody has moved yet."""
    SHOW = "show"
    """Export or share: any game the user can see, finished ones too."""


@dataclass(frozen=True, slots=True)
class Choice:
    """More than one game fits: the user must say which (the front end asks, one button a game)."""

    views: tuple[GameView, ...]


class Finder:
    """Finding the game of a request."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def find(
        self, place: Place, user_id: int, want: Want, *, game_id: int | None = None, reply_to: int | None = None
    ) -> GameView | Choice:
        """The game a request in ``place`` by ``user_id`` is about, or the games to choose from.

        ``game_id`` names a game (it must be the user's, or this chat's, or followed here); ``reply_to`` is the
        bot message the request answers. Raises ``ServiceError`` when no game fits.
        """
        core = self._core
        games = core.storage.games
        if game_id is not None:
            record = await games.get(game_id)
            if record is None or not await self._visible(record, place, user_id):
                raise ServiceError(Problem.NO_SUCH_GAME, id=game_id)
            return await core.view(record)
        if reply_to is not None:
            message = await core.storage.messages.get(place.chat_id, reply_to)
            if message is not None and message.game_id is not None:
                view = await core.game(message.game_id)
                # A move or an action sent as a reply to the board of a game that has ended is meant for the game
                # going on now: look for that one instead.
                if view.state == "active" or want not in (Want.MOVE, Want.PLAY):
                    return view
        if not place.private:
            record = await games.open_in(place.chat_id, place.thread_id)
            found = await self._tournament_game(place, user_id, want, record)
            if found is not None:
                return found
            if record is None:
                latest = await games.latest_in(place.chat_id, place.thread_id)
                if latest is not None and want is Want.SHOW:
                    record = latest
                elif (
                    latest is not None
                    and want in (Want.MOVE, Want.PLAY)
                    and latest.state in ("finished", "cancelled")
                    and core.clock() - latest.updated_at < RECENT
                ):
                    raise ServiceError(Problem.GAME_ENDED, id=latest.id)  # "game #1 is over", not "no game here"
            if record is None:
                raise ServiceError(Problem.NO_GAME)
            return await core.view(record)
        return await self._private(user_id, want)

    async def _tournament_game(
        self, place: Place, user_id: int, want: Want, own: GameRecord | None
    ) -> GameView | Choice | None:
        """A tournament's games played in a group (several at once, beside the group's own game): a player's request
        is about their own (the one where it is their move, for a move); anyone may look at any of them (they are
        asked which when there are several). ``None``: the group's own game (``own``) or nothing is meant."""
        core = self._core
        records = await core.storage.games.tournament_games_in(place.chat_id, place.thread_id)
        if not records:
            return None
        mine = [r for r in records if user_id in r.players]
        if mine and own is not None and (user_id in own.players or own.creator_id == user_id):
            mine.insert(0, own)  # the group's own game is theirs too
        if want is Want.MOVE and len(mine) > 1:
            views = [await core.view(r) for r in mine]
            turn = [v for v in views if v.to_move is not None and v.colour_of(user_id) == v.to_move]
            return turn[0] if len(turn) == 1 else Choice(tuple(turn or views))
        if mine:
            return await core.view(mine[0]) if len(mine) == 1 else Choice(tuple([await core.view(r) for r in mine]))
        if own is not None or want is not Want.SHOW:
            return None
        if len(records) == 1:
            return await core.view(records[0])
        return Choice(tuple([await core.view(r) for r in records]))

    async def _private(self, user_id: int, want: Want) -> GameView | Choice:
        core = self._core
        games = core.storage.games
        states: tuple[GameState, ...] = ("active",) if want in (Want.MOVE, Want.PLAY) else ("lobby", "active")
        views = [await core.view(r) for r in await games.of_user(user_id, states, kind="private")]
        if want is Want.MOVE and views:
            mine = [v for v in views if v.to_move is not None and v.colour_of(user_id) == v.to_move]
            if not mine and len(views) > 1:
                raise ServiceError(Problem.NO_TURN_ANYWHERE)
            views = mine or views
        if want is Want.CANCEL:
            cancellable = [v for v in views if v.state == "lobby" or not await games.movers(v.id)]
            if views and not cancellable:
                raise ServiceError(Problem.CANCEL_STARTED)  # games there are, but each has had a move
            views = cancellable
        if want is Want.SHOW:
            for game_id in await core.storage.follows.of_chat(user_id):  # a spectator's games are theirs to show
                if all(v.id != game_id for v in views):
                    views.append(await core.game(game_id))
            if not views:
                latest = await games.of_user(user_id, ("active", "finished"), limit=1)
                views = [await core.view(r) for r in latest]
        if not views and want in (Want.MOVE, Want.PLAY):
            await self._just_ended(user_id)
        if not views:
            raise ServiceError(Problem.NO_GAME_PRIVATE)
        if len(views) == 1:
            return views[0]
        return Choice(tuple(views))

    async def _just_ended(self, user_id: int) -> None:
        """A move or an action right after the person's game ended: say which game ended (``GAME_ENDED``)."""
        core = self._core
        recent = await core.storage.games.of_user(user_id, ("finished", "cancelled"), kind="private", limit=1)
        if recent and core.clock() - recent[0].updated_at < RECENT:
            raise ServiceError(Problem.GAME_ENDED, id=recent[0].id)

    async def opened_first(self, chat_id: int, user_id: int) -> bool:
        """Whether the person created the chat's first game (the one who brought the game there)."""
        return user_id == await self._core.storage.games.first_creator(chat_id)

    async def games_of(self, user_id: int, limit: int = 20) -> list[GameView]:
        """A person's games in the lobby or being played, group and private, most recently changed first."""
        core = self._core
        return [await core.view(r) for r in await core.storage.games.of_user(user_id, limit=limit)]

    async def recent_of(self, user_id: int, limit: int = 20) -> list[GameView]:
        """A person's games being played or finished, most recently changed first (to share them)."""
        core = self._core
        records = await core.storage.games.of_user(user_id, ("active", "finished"), limit=limit)
        return [await core.view(r) for r in records]

    async def _visible(self, record: GameRecord, place: Place, user_id: int) -> bool:
        return await self.visible(record, place, user_id)

    async def visible(self, record: GameRecord, place: Place, user_id: int) -> bool:
        """A game may be named here by this person: their own, this chat's, or one this chat follows; a private
        game only in a private chat (a player may not publish it in a group)."""
        if record.kind == "private" and not place.private:
            return False
        if user_id in record.players or user_id == record.creator_id or record.chat_id == place.chat_id:
            return True
        return record.id in await self._core.storage.follows.of_chat(place.chat_id)
