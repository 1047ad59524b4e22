"""Small pieces the use cases share: a bounded cache, per-key locks, and the positions of games."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from typing import Generic, TypeVar

from storage import Database, GameRecord, Storage, StorageError

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


class GameLocks:
    """One lock per game, held against every process using the database (``Database.exclusive``: a PostgreSQL
    advisory lock when several workers share it; this process's own lock on SQLite). Operations on one game queue:
    two workers handling presses on the same game never interleave."""

    def __init__(self, db: Database, name: str = "game") -> None:
        self._db = db
        self._name = name

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        async with self._db.exclusive(self._name, game_id):
            yield


class Positions:
    """Games' positions, rebuilt from their stored moves through the engine and kept for the recent ones.

    The move list is the truth: a cached position is used only while it is at the stored ply and settings (a lobby's
    board can still change).
    """

    def __init__(self, storage: Storage, size: int = 512) -> None:
        self._storage = storage
        self._cache: LRU[int, tuple[int, Game]] = LRU(size)

    async def of(self, record: GameRecord) -> Game:
        """The position of ``record`` (treat it as read-only; ``Game.copy`` gives one to change).

        The stored ply counts rows: under manual rules the closures made after a dot and the end of closing are rows
        of their own (each is announced like a move), joined to the dot in the engine's move list."""
        cached = self._cache.get(record.id)
        if cached is not None and cached[0] == record.ply and cached[1].settings == record.settings:
            return cached[1]
        moves, rows = await self._storage.games.replay(record.id)
        if rows != record.ply:
            raise StorageError(f"game {record.id} has {rows} moves stored but ply {record.ply}")
        game = Game.from_settings(record.settings, moves)
        self._cache.put(record.id, (record.ply, game))
        return game

    def keep(self, game_id: int, game: Game, ply: int | None = None) -> None:
        """Cache a position just stored at ``ply`` (by default the position's own)."""
        self._cache.put(game_id, (game.ply if ply is None else ply, game))

    def forget(self, game_id: int) -> None:
        """Drop a cached position (a write failed, or may have)."""
        self._cache.pop(game_id)
