"""Updates run concurrently across chats and strictly in order within a chat; a repeated update id runs once."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

SEEN = 20_000
"""How many recent update ids are remembered to drop repeats (the database guards every write as well)."""


def order_key(update: object) -> int | None:
    """Updates with the same key are handled one after another: the chat, else the user."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    if update.effective_user is not None:
        return update.effective_user.id
    return None


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Per-chat locks over PTB's bounded concurrency.

    Tasks reach ``do_process_update`` in the order the updates arrived, and ``asyncio.Lock`` wakes its waiters in
    the order they came, so a chat's updates are handled in order while other chats go on in parallel.
    """

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._seen: OrderedDict[int, None] = OrderedDict()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if isinstance(update, Update):
            if update.update_id in self._seen:
                if asyncio.iscoroutine(coroutine):
                    coroutine.close()
                return
            self._seen[update.update_id] = None
            if len(self._seen) > SEEN:
                self._seen.popitem(last=False)
        key = order_key(update)
        if key is None:
            await coroutine
            return
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        async with lock:
            await coroutine

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to free."""
