"""Telegram's limits, kept per chat: a flood wait stops only the chat it was given for.

PTB's ``AIORateLimiter`` stops *every* request when any one of them gets a 429 ("retry after N"), so a group that hit
its limit held up the boards of every other chat for N seconds. Telegram's flood waits are given per chat (about 20
messages a minute in a group, about one a second in a private chat), so ``ChatRateLimiter`` keeps the same
throttling as PTB's limiter (an overall rate for requests about a chat, a rate per group) but, on a ``RetryAfter`` for
a request with a ``chat_id``, pauses that chat only: its requests wait and are tried again, the other chats go on.
A 429 for a request about no chat (``setMyCommands``...) pauses everything, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dtm
import logging
import warnings
from collections.abc import Callable, Coroutine
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.constants import FloodLimit
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter
from telegram.warnings import PTBDeprecationWarning

log = logging.getLogger(__name__)

JSON = bool | dict[str, Any] | list[dict[str, Any]]
ChatKey = int | str
"""A chat as the request names it: its numeric id, or a ``@username``."""

MAX_GROUP_LIMITERS = 512
"""Above this many groups, the limiters of groups that have their whole minute's capacity back are forgotten."""
MARGIN = 0.1
"""Seconds waited beyond Telegram's ``retry_after``."""


def retry_after_seconds(exc: RetryAfter) -> float:
    """The wait Telegram asked for, in seconds (without PTB's deprecation warning about its type)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def chat_of(data: dict[str, Any]) -> ChatKey | None:
    """The chat a request is about (``chat_id``), as an int when it is one; ``None`` if it names no chat."""
    chat_id = data.get("chat_id")
    if chat_id is None or chat_id == "":
        return None
    with contextlib.suppress(TypeError, ValueError):
        return int(chat_id)
    return str(chat_id)


NOT_MESSAGES = frozenset({"sendChatAction"})
"""Requests about a chat that post or change no message there ("typing…"): they do not take one of a group's
messages of the minute (Telegram's group limit counts messages), so showing the bot thinking never delays an answer."""


def is_group(chat: ChatKey | None) -> bool:
    """Groups, supergroups and channels: a negative id or a ``@username``."""
    return isinstance(chat, str) or (isinstance(chat, int) and chat < 0)


class ChatRateLimiter(BaseRateLimiter[int]):
    """Throttles requests to Telegram's limits and waits out flood control per chat.

    - Requests about a chat take a token of the overall limiter (``overall_max_rate`` per ``overall_time_period``
      seconds); messages sent or edited in a group also take one of that group's limiter (``group_max_rate`` per
      ``group_time_period``; chat actions do not, ``NOT_MESSAGES``). A rate of 0 turns that limit off.
      ``allow_paid_broadcast`` requests use Telegram's paid rate instead, as in PTB.
    - A ``RetryAfter`` for a request about a chat pauses that chat for the time Telegram asked (plus 0.1 s): the
      request, and every other request about that chat, waits and is then sent; other chats are not held up. Without
      a chat, everything pauses. A request is tried again at most ``max_retries`` times (``rate_limit_args``
      overrides it per call), then the ``RetryAfter`` is raised.
    """

    def __init__(
        self,
        overall_max_rate: float = FloodLimit.MESSAGES_PER_SECOND,
        overall_time_period: float = 1,
        group_max_rate: float = FloodLimit.MESSAGES_PER_MINUTE_PER_GROUP,
        group_time_period: float = 60,
        max_retries: int = 0,
    ) -> None:
        self._overall = (
            AsyncLimiter(overall_max_rate, overall_time_period) if overall_max_rate and overall_time_period else None
        )
        self._group_rate = group_max_rate if group_max_rate and group_time_period else 0
        self._group_period = group_time_period
        self._groups: dict[ChatKey, AsyncLimiter] = {}
        self._paid = AsyncLimiter(FloodLimit.PAID_MESSAGES_PER_SECOND, 1)
        self._max_retries = max_retries
        self._paused: dict[ChatKey, float] = {}
        """Chat -> the event loop's time when its flood wait ends."""
        self._all_paused_until = 0.0

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    def paused(self, chat: ChatKey | None) -> float:
        """Seconds until requests about ``chat`` may go (0 when they may go now)."""
        now = asyncio.get_running_loop().time()
        until = self._all_paused_until
        if chat is not None:
            chat_until = self._paused.get(chat, 0.0)
            if chat_until <= now:
                self._paused.pop(chat, None)
            until = max(until, chat_until)
        return max(0.0, until - now)

    def pause(self, chat: ChatKey | None, seconds: float) -> None:
        """Hold back the requests about ``chat`` (all requests when ``None``) for ``seconds``."""
        until = asyncio.get_running_loop().time() + seconds
        if chat is None:
            self._all_paused_until = max(self._all_paused_until, until)
        else:
            self._paused[chat] = max(self._paused.get(chat, 0.0), until)

    async def _wait_until_free(self, chat: ChatKey | None) -> None:
        while (delay := self.paused(chat)) > 0:
            await asyncio.sleep(delay)

    def _group_limiter(self, chat: ChatKey) -> AsyncLimiter:
        if len(self._groups) > MAX_GROUP_LIMITERS:
            for key, limiter in list(self._groups.items()):
                if key != chat and limiter.has_capacity(limiter.max_rate):
                    del self._groups[key]
        if chat not in self._groups:
            self._groups[chat] = AsyncLimiter(self._group_rate, self._group_period)
        return self._groups[chat]

    async def _send(
        self,
        chat: ChatKey | None,
        message: bool,
        paid: bool,
        callback: Callable[..., Coroutine[Any, Any, JSON]],
        args: Any,
        kwargs: dict[str, Any],
    ) -> JSON:
        # A paused chat waits before it takes any token, so it does not spend the others' share while it waits.
        await self._wait_until_free(chat)
        if paid:
            limits: list[contextlib.AbstractAsyncContextManager[Any]] = [self._paid]
        else:
            limits = []
            if chat is not None and message and is_group(chat) and self._group_rate:
                limits.append(self._group_limiter(chat))
            if chat is not None and self._overall is not None:
                limits.append(self._overall)
        async with contextlib.AsyncExitStack() as stack:
            for limit in limits:
                await stack.enter_async_context(limit)
            await self._wait_until_free(chat)  # a flood wait may have begun while this request queued for a token
            return await callback(*args, **kwargs)

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, JSON]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> JSON:
        """Send one request within the limits; on flood control wait (that chat only) and try again."""
        retries = self._max_retries if rate_limit_args is None else rate_limit_args
        chat = chat_of(data)
        paid = bool(data.get("allow_paid_broadcast"))
        for attempt in range(retries + 1):
            try:
                return await self._send(chat, endpoint not in NOT_MESSAGES, paid, callback, args, kwargs)
            except RetryAfter as exc:
                if attempt == retries:
                    log.warning("%s for chat %s: still flood control after %d retries", endpoint, chat, retries)
                    raise
                wait = retry_after_seconds(exc) + MARGIN
                log.info("%s for chat %s: flood control, that chat waits %.1f s", endpoint, chat, wait)
                self.pause(chat, wait)
        raise AssertionError("unreachable")
