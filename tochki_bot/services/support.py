"""Small pieces the use cases share: a bounded cache, per-key locks, and the positions of games."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from typing import Generic, TypeVar

from storage import GameRecord, Storage, StorageError

from ..engine import Game

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A dictionary that keeps only its ``size`` most recently used entries."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def pop(self, key: K) -> None:
        self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)


class KeyedLocks:
    """One ``asyncio.Lock`` per key, created on first use and dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[Hashable, asyncio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        async with lock:
            yield


class Positions:
    """Games' positions, rebuilt from their stored moves through the engine and kept for the recent ones.

    The move list is the truth: a cached position is used only while it is at the stored ply and settings (a lobby's
    board can still change).
    """

    def __init__(self, storage: Storage, size: int = 512) -> None:
        self._storage = storage
        self._cache: LRU[int, Game] = LRU(size)

    async def of(self, record: GameRecord) -> Game:
        """The position of ``record`` (treat it as read-only; ``Game.copy`` gives one to change)."""
        game = self._cache.get(record.id)
        if game is not None and game.ply == record.ply and game.settings == record.settings:
            return game
        moves = await self._storage.games.moves(record.id)
        if len(moves) != record.ply:
            raise StorageError(f"game {record.id} has {len(moves)} moves stored but ply {record.ply}")
        game = Game.from_settings(record.settings, moves)
        self._cache.put(record.id, game)
        return game

    def keep(self, game_id: int, game: Game) -> None:
        """Cache a position just stored."""
        self._cache.put(game_id, game)

    def forget(self, game_id: int) -> None:
        """Drop a cached position (a write failed, or may have)."""
        self._cache.pop(game_id)
