"""A fake Telegram Bot API, plugged into python-telegram-bot as its HTTP layer (a ``BaseRequest`` subclass).

The real ``Application`` sends real requests to it: messages, photos (the uploaded PNG bytes are kept), edits,
button answers, command menus, ``getUpdates``. Tests put updates in, look at what the bot sent, and can make
calls fail the way Telegram does (blocked users, flood control, deleted messages), or the way a network does
(``break_connection``: a connection never made, or an answer lost after the fake has done the call).

``FakeTelegram(limits=Limits())`` is strict: it enforces Telegram's flood limits the way Telegram does, answering
429 "Too Many Requests: retry after N" (``parameters.retry_after``) to a message (a send or an edit) past them:
more than ``group`` a ``window`` (60 s) in one group, more than ``overall`` a second in all, a private chat's burst
past ``private_burst`` refilled at one a second (an album, ``sendMediaGroup``, counts each of its photos in a
group's limit). ``Limits(window=6)`` plays a minute in 6 s (the tests' clock runs
ten times faster; the bot is told the same window), and ``retry_after`` is in real seconds. Every 429 is kept in
``refused``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from telegram import Update
from telegram.error import NetworkError, TelegramError, TimedOut
from telegram.request import BaseRequest, RequestData

BOT_ID = 999_000
BOT_USERNAME = "tochki_test_bot"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass
class Call:
    """One Bot API call the bot made."""

    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    result: Any = None
    at: float = field(default_factory=time.monotonic)
    """When the fake was done with it (``time.monotonic``)."""
    names: dict[str, str] = field(default_factory=dict)
    """The file names of the uploads, by their part (``document``: ``review-12.sgf``)."""


class ApiError(Exception):
    """A refusal the fake Bot API answers with, as Telegram would (``status``, ``description``)."""

    def __init__(self, status: int, description: str) -> None:
        super().__init__(description)
        self.status = status
        self.description = description


@dataclass
class Failure:
    """Make matching calls fail: ``status`` and ``description`` as Telegram sends them; ``times`` then stop."""

    method: str
    match: Callable[[dict[str, Any]], bool]
    status: int
    description: str
    parameters: dict[str, Any] | None = None
    times: int = 1


@dataclass
class Breakdown:
    """Make matching calls fail in the HTTP layer with ``error`` (an httpx exception class), as PTB's httpx client
    reports it: before the fake Bot API sees the call (``after=False``: it never arrived) or after it has done it
    (``after=True``: the call took effect, its answer was lost). ``times`` then stop."""

    method: str
    match: Callable[[dict[str, Any]], bool]
    error: type[httpx.HTTPError]
    after: bool
    times: int = 1


COUNTED = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "sendAnimation",
        "sendMediaGroup",
        "editMessageText",
        "editMessageCaption",
        "editMessageMedia",
        "editMessageReplyMarkup",
    }
)
"""The calls Telegram's flood limits count: messages sent and edited (not button answers, chat actions, reads)."""


def album_size(api_method: str, params: dict[str, Any]) -> int:
    """How many messages a call is in a group's limit: an album (``sendMediaGroup``) one per photo, else one."""
    if api_method != "sendMediaGroup":
        return 1
    media = params.get("media")
    if isinstance(media, str):
        media = json.loads(media)
    return len(media) if isinstance(media, list) and int(params.get("chat_id", 0)) < 0 else 1


@dataclass(frozen=True)
class Limits:
    """Telegram's flood limits, as the strict fake enforces them."""

    group: int = 20
    """Messages (sends and edits) one group takes in ``window`` seconds."""
    window: float = 60.0
    """The group limit's sliding window, in seconds."""
    overall: int = 30
    """Messages a second in all chats."""
    private_burst: int = 3
    """A private chat takes a burst of this many, then about one a second."""
    private_rate: float = 1.0


class Flood:
    """Who sent what when, to refuse what Telegram would refuse (``Limits``)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.groups: dict[int, deque[float]] = {}
        self.overall: deque[float] = deque()
        self.private: dict[int, tuple[float, float]] = {}
        """Private chat -> (tokens, when they were counted)."""

    def retry_after(self, chat_id: int, now: float, count: int = 1) -> int | None:
        """``None`` if a message to ``chat_id`` may go now (and count it), else the seconds Telegram asks to wait.
        ``count``: the messages it is in a group (an album counts each of its photos)."""
        limits = self.limits
        overall = self.overall
        while overall and overall[0] <= now - 1.0:
            overall.popleft()
        if len(overall) >= limits.overall:
            return 1
        if chat_id < 0:
            sent = self.groups.setdefault(chat_id, deque())
            while sent and sent[0] <= now - limits.window:
                sent.popleft()
            if len(sent) + count > limits.group:
                over = len(sent) + count - limits.group
                oldest = sent[min(over, len(sent)) - 1] if sent else now
                return max(1, math.ceil(oldest + limits.window - now))
            sent.extend([now] * count)
        else:
            tokens, then = self.private.get(chat_id, (float(limits.private_burst), now))
            tokens = min(float(limits.private_burst), tokens + (now - then) * limits.private_rate)
            if tokens < 1:
                self.private[chat_id] = (tokens, now)
                return max(1, math.ceil((1 - tokens) / limits.private_rate))
            self.private[chat_id] = (tokens - 1, now)
        overall.append(now)
        return None


@dataclass
class Refusal:
    """A 429 the strict fake answered."""

    method: str
    chat_id: int
    retry_after: int
    at: float


def as_ptb_error(error: httpx.HTTPError) -> TelegramError:
    """What ``telegram.request.HTTPXRequest`` raises for an httpx error (its ``__cause__`` is set by the caller)."""
    if isinstance(error, httpx.TimeoutException):
        return TimedOut()
    return NetworkError(f"httpx.{error.__class__.__name__}: {error}")


class FakeTelegram(BaseRequest):
    """The Bot API, in memory."""

    def __init__(
        self, *, can_read_all_group_messages: bool = False, first_update_id: int = 1, limits: Limits | None = None
    ) -> None:
        self.can_read_all = can_read_all_group_messages
        self.limits = limits
        """Telegram's flood limits, enforced when given (strict mode)."""
        self.flood = Flood(limits) if limits is not None else None
        self.refused: list[Refusal] = []
        """The 429s answered (strict mode)."""
        self.calls: list[Call] = []
        self.failures: list[Failure] = []
        self.breakdowns: list[Breakdown] = []
        self.chats: dict[int, dict[str, Any]] = {}
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._update_ids = itertools.count(first_update_id)
        self.pending: list[dict[str, Any]] = []
        self._new_update = asyncio.Event()
        self.delivered = 0
        self.latency = 0.0
        self.files: dict[str, bytes] = {}
        self.topics: dict[int, list[int]] = {}
        """The forum topics the bot made in each forum group (``createForumTopic``), by their thread ids."""
        self.closed_topics: dict[int, list[int]] = {}
        """The forum topics closed (``closeForumTopic``) in each forum group, in the order they were closed."""
        self.admins: dict[int, set[int]] = {}
        """Who is an admin of which group (``getChatMember`` says so); everyone else is a member."""

    # ------------------------------------------------------------------------------------------------------------
    # BaseRequest

    @property
    def read_timeout(self) -> float | None:
        return 5.0

    async def initialize(self) -> None:
        """Nothing to open: everything lives in memory."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        if method == "GET" and "/file/bot" in url:  # downloading a file a user sent
            path = url.split("/file/bot", 1)[1].split("/", 1)[1]
            return 200, self.files[path]
        api_method = url.rsplit("/", 1)[-1]
        params: dict[str, Any] = dict(request_data.parameters) if request_data is not None else {}
        files: dict[str, bytes] = {}
        names: dict[str, str] = {}
        if request_data is not None and request_data.contains_files:
            for part, value in request_data.multipart_data.items():
                content = value[1]
                files[part] = content if isinstance(content, bytes) else content.read()
                names[part] = str(value[0])
        self._break_down(api_method, params, files, after=False)
        for failure in self.failures:
            if failure.method == api_method and failure.times > 0 and failure.match(params):
                failure.times -= 1
                self.calls.append(Call(api_method, params, files, "failed"))
                body = {"ok": False, "error_code": failure.status, "description": failure.description}
                if failure.parameters:
                    body["parameters"] = failure.parameters
                return failure.status, json.dumps(body).encode()
        if self.latency and api_method != "getUpdates":
            await asyncio.sleep(self.latency)
        if self.flood is not None and api_method in COUNTED and params.get("chat_id") is not None:
            chat_id = int(params["chat_id"])
            wait = self.flood.retry_after(chat_id, time.monotonic(), album_size(api_method, params))
            if wait is not None:
                self.refused.append(Refusal(api_method, chat_id, wait, time.monotonic()))
                self.calls.append(Call(api_method, params, files, "failed"))
                body = {
                    "ok": False,
                    "error_code": 429,
                    "description": f"Too Many Requests: retry after {wait}",
                    "parameters": {"retry_after": wait},
                }
                return 429, json.dumps(body).encode()
        handler = getattr(self, "api_" + api_method, None)
        if handler is None:
            raise AssertionError(f"the fake Bot API does not know {api_method}")
        try:
            result = await handler(params, files) if asyncio.iscoroutinefunction(handler) else handler(params, files)
        except ApiError as exc:
            self.calls.append(Call(api_method, params, files, "failed"))
            body = {"ok": False, "error_code": exc.status, "description": exc.description}
            return exc.status, json.dumps(body).encode()
        self.calls.append(Call(api_method, params, files, result, names=names))
        self._break_down(api_method, params, files, after=True)
        return 200, json.dumps({"ok": True, "result": result}).encode()

    def _break_down(self, api_method: str, params: dict[str, Any], files: dict[str, bytes], *, after: bool) -> None:
        for breakdown in self.breakdowns:
            if (
                breakdown.method == api_method
                and breakdown.after == after
                and breakdown.times > 0
                and breakdown.match(params)
            ):
                breakdown.times -= 1
                if not after:
                    self.calls.append(Call(api_method, params, files, "failed"))
                error = breakdown.error(f"the fake's {'answer was lost' if after else 'connection failed'}")
                raise as_ptb_error(error) from error

    # ------------------------------------------------------------------------------------------------------------
    # Helpers

    def chat(self, chat_id: int) -> dict[str, Any]:
        if chat_id not in self.chats:
            if chat_id > 0:
                self.chats[chat_id] = {"id": chat_id, "type": "private", "first_name": f"user{chat_id}"}
            else:
                self.chats[chat_id] = {"id": chat_id, "type": "supergroup", "title": f"Group {chat_id}"}
        return self.chats[chat_id]

    def _message(self, chat_id: int, **content: Any) -> dict[str, Any]:
        counter = self._message_ids.setdefault(chat_id, itertools.count(1000))
        message = {
            "message_id": next(counter),
            "date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Tochki", "username": BOT_USERNAME},
            **content,
        }
        self.messages[(chat_id, message["message_id"])] = message
        return message

    @staticmethod
    def _markup(params: dict[str, Any]) -> dict[str, Any]:
        markup = params.get("reply_markup")
        if isinstance(markup, str):
            markup = json.loads(markup)
        return {"reply_markup": markup} if markup else {}

    def _thread(self, params: dict[str, Any]) -> dict[str, Any]:
        thread = params.get("message_thread_id")
        return {"message_thread_id": int(thread), "is_topic_message": True} if thread else {}

    # ------------------------------------------------------------------------------------------------------------
    # The Bot API

    def api_getMe(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Tochki",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": self.can_read_all,
            "supports_inline_queries": False,
        }

    def api_setMyCommands(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    def api_setChatMenuButton(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    def api_deleteWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    async def api_getUpdates(self, params: dict[str, Any], files: dict[str, bytes]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        self.pending = [u for u in self.pending if u["update_id"] >= offset]
        if not self.pending:
            self._new_update.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_update.wait(), timeout=min(float(params.get("timeout") or 0), 0.2))
        batch = [u for u in self.pending if u["update_id"] >= offset][:100]
        self.delivered = max([self.delivered] + [u["update_id"] for u in batch])
        return batch

    def api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        return self._message(chat_id, text=params["text"], **self._markup(params), **self._thread(params))

    def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        photo = next(iter(files.values()))
        assert photo.startswith(PNG_MAGIC), "the bot must upload a PNG"
        width = int.from_bytes(photo[16:20], "big")
        height = int.from_bytes(photo[20:24], "big")
        size = {
            "file_id": f"photo{len(self.calls)}",
            "file_unique_id": f"u{len(self.calls)}",
            "width": width,
            "height": height,
            "file_size": len(photo),
        }
        return self._message(
            chat_id, photo=[size], caption=params.get("caption", ""), **self._markup(params), **self._thread(params)
        )

    def api_sendDocument(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        name = next(iter(files), "file")
        document = {"file_id": f"doc{len(self.calls)}", "file_unique_id": f"d{len(self.calls)}", "file_name": name}
        return self._message(chat_id, document=document, caption=params.get("caption", ""), **self._thread(params))

    def api_sendMediaGroup(self, params: dict[str, Any], files: dict[str, bytes]) -> list[dict[str, Any]]:
        """An album: 2-10 photos, each its own message (with its own caption), as Telegram sends them."""
        chat_id = int(params["chat_id"])
        media = params["media"]
        if isinstance(media, str):
            media = json.loads(media)
        if not 2 <= len(media) <= 10:
            raise ApiError(400, "Bad Request: wrong number of media in the album")
        sent = []
        group = f"album{len(self.calls)}"
        for item in media:
            if item.get("type") != "photo":
                raise ApiError(400, "Bad Request: the fake takes albums of photos only")
            attached = str(item["media"]).removeprefix("attach://")
            photo = files[attached]
            assert photo.startswith(PNG_MAGIC), "the bot must upload a PNG"
            size = {
                "file_id": f"photo{len(self.calls)}-{attached}",
                "file_unique_id": f"u{len(self.calls)}-{attached}",
                "width": int.from_bytes(photo[16:20], "big"),
                "height": int.from_bytes(photo[20:24], "big"),
                "file_size": len(photo),
            }
            sent.append(
                self._message(
                    chat_id, photo=[size], caption=item.get("caption", ""), media_group_id=group, **self._thread(params)
                )
            )
        return sent

    def _edit(self, params: dict[str, Any], **changes: Any) -> dict[str, Any]:
        key = (int(params["chat_id"]), int(params["message_id"]))
        if key not in self.messages:
            raise ApiError(400, "Bad Request: message to edit not found")
        self.messages[key].update(changes)
        return self.messages[key]

    def api_editMessageText(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return self._edit(params, text=params["text"], **(self._markup(params) or {"reply_markup": None}))

    def api_editMessageReplyMarkup(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return self._edit(params, **(self._markup(params) or {"reply_markup": None}))

    def api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        media = params["media"]
        if isinstance(media, str):
            media = json.loads(media)
        photo = next(iter(files.values()))
        assert photo.startswith(PNG_MAGIC)
        return self._edit(params, caption=media.get("caption", ""), **(self._markup(params) or {"reply_markup": None}))

    def api_editMessageCaption(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return self._edit(params, caption=params.get("caption", ""), **(self._markup(params) or {"reply_markup": None}))

    def api_createForumTopic(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        if not self.chat(chat_id).get("is_forum"):
            raise ApiError(400, "Bad Request: the chat is not a forum")
        topic = self._message(chat_id, forum_topic_created={"name": params["name"], "icon_color": 7322096})
        self.topics.setdefault(chat_id, []).append(topic["message_id"])
        return {"message_thread_id": topic["message_id"], "name": params["name"], "icon_color": 7322096}

    def api_closeForumTopic(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        chat_id, thread = int(params["chat_id"]), int(params["message_thread_id"])
        if not self.chat(chat_id).get("is_forum"):
            raise ApiError(400, "Bad Request: the chat is not a forum")
        if thread not in self.topics.get(chat_id, []):
            raise ApiError(400, "Bad Request: message thread not found")
        if thread in self.closed_topics.get(chat_id, []):
            raise ApiError(400, "Bad Request: TOPIC_NOT_MODIFIED")
        self.closed_topics.setdefault(chat_id, []).append(thread)
        return True

    def api_getChatMember(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id, user_id = int(params["chat_id"]), int(params["user_id"])
        status = "administrator" if user_id in self.admins.get(chat_id, set()) else "member"
        member: dict[str, Any] = {"status": status, "user": self.user(user_id)}
        if status == "administrator":
            member.update(
                {
                    "can_be_edited": False,
                    "is_anonymous": False,
                    "can_manage_chat": True,
                    "can_delete_messages": True,
                    "can_manage_video_chats": True,
                    "can_restrict_members": True,
                    "can_promote_members": False,
                    "can_change_info": True,
                    "can_invite_users": True,
                    "can_post_stories": False,
                    "can_edit_stories": False,
                    "can_delete_stories": False,
                }
            )
        return member

    def api_answerCallbackQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    def api_answerInlineQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        return True

    def api_sendChatAction(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        if int(params["chat_id"]) not in self.chats and int(params["chat_id"]) > 0:
            raise ApiError(400, "Bad Request: chat not found")
        return True

    def api_deleteMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        self.messages.pop((int(params["chat_id"]), int(params["message_id"])), None)
        return True

    def api_getFile(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        file_id = params["file_id"]
        return {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_size": len(self.files[file_id]),
            "file_path": file_id,
        }

    def api_sendAnimation(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        data = next(iter(files.values()))
        assert data.startswith(b"GIF89a"), "a replay must be a GIF"
        animation = {
            "file_id": f"anim{len(self.calls)}",
            "file_unique_id": f"a{len(self.calls)}",
            "width": 1,
            "height": 1,
            "duration": 1,
            "file_size": len(data),
        }
        return self._message(chat_id, animation=animation, caption=params.get("caption", ""), **self._thread(params))

    # ------------------------------------------------------------------------------------------------------------
    # Updates, as Telegram would send them

    def user(self, user_id: int, first_name: str = "", language: str = "en") -> dict[str, Any]:
        return {"id": user_id, "is_bot": False, "first_name": first_name or f"User{user_id}", "language_code": language}

    def next_update_id(self) -> int:
        return next(self._update_ids)

    def message_update(
        self,
        chat_id: int,
        user: dict[str, Any],
        text: str,
        *,
        reply_to: int | None = None,
        update_id: int | None = None,
        edited: bool = False,
        thread_id: int | None = None,
        chat_type: str | None = None,
    ) -> dict[str, Any]:
        chat = dict(self.chat(chat_id))
        if chat_type:
            chat["type"] = chat_type
            self.chats[chat_id] = chat
        counter = self._message_ids.setdefault(chat_id, itertools.count(1000))
        message: dict[str, Any] = {
            "message_id": next(counter),
            "date": int(time.time()),
            "chat": chat,
            "from": user,
            "text": text,
        }
        if text.startswith("/"):
            command = text.split()[0]
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        if reply_to is not None:
            message["reply_to_message"] = self.messages[(chat_id, reply_to)]
        if thread_id is not None:
            message["message_thread_id"] = thread_id
            message["is_topic_message"] = True
        if edited:
            message["edit_date"] = int(time.time())
        return {"update_id": update_id or self.next_update_id(), "edited_message" if edited else "message": message}

    def callback_update(
        self, chat_id: int, message_id: int, user: dict[str, Any], data: str, *, update_id: int | None = None
    ) -> dict[str, Any]:
        message = self.messages[(chat_id, message_id)]
        return {
            "update_id": update_id or self.next_update_id(),
            "callback_query": {
                "id": str(next(self._update_ids) + 10**6),
                "from": user,
                "chat_instance": "x",
                "message": message,
                "data": data,
            },
        }

    def document_update(
        self, chat_id: int, user: dict[str, Any], name: str, content: bytes, mime: str = "application/x-go-sgf"
    ) -> dict[str, Any]:
        file_id = f"file{len(self.files) + 1}"
        self.files[file_id] = content
        counter = self._message_ids.setdefault(chat_id, itertools.count(1000))
        message = {
            "message_id": next(counter),
            "date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": user,
            "document": {
                "file_id": file_id,
                "file_unique_id": file_id,
                "file_name": name,
                "mime_type": mime,
                "file_size": len(content),
            },
        }
        return {"update_id": self.next_update_id(), "message": message}

    def migrate_update(self, old_chat_id: int, new_chat_id: int, user: dict[str, Any]) -> dict[str, Any]:
        """Telegram's service message in the old group when it becomes a supergroup."""
        counter = self._message_ids.setdefault(old_chat_id, itertools.count(1000))
        chat = {"id": old_chat_id, "type": "group", "title": "Old group"}
        message = {
            "message_id": next(counter),
            "date": int(time.time()),
            "chat": chat,
            "from": user,
            "migrate_to_chat_id": new_chat_id,
        }
        return {"update_id": self.next_update_id(), "message": message}

    def inline_update(self, user: dict[str, Any], query: str = "") -> dict[str, Any]:
        return {
            "update_id": self.next_update_id(),
            "inline_query": {"id": f"q{len(self.calls)}", "from": user, "query": query, "offset": ""},
        }

    def queue(self, update: dict[str, Any]) -> None:
        """Deliver an update through ``getUpdates``."""
        self.pending.append(update)
        self._new_update.set()

    # ------------------------------------------------------------------------------------------------------------
    # Looking at what the bot did

    def sent(self, method: str | None = None, chat_id: int | None = None) -> list[Call]:
        return [
            c
            for c in self.calls
            if (method is None or c.method == method)
            and c.result != "failed"
            and (chat_id is None or int(c.params.get("chat_id", 0)) == chat_id)
        ]

    def last(self, method: str, chat_id: int | None = None) -> Call:
        found = self.sent(method, chat_id)
        assert found, f"no {method} was sent" + (f" to {chat_id}" if chat_id else "")
        return found[-1]

    def texts(self, chat_id: int | None = None) -> list[str]:
        return [c.params["text"] for c in self.sent("sendMessage", chat_id)]

    def answers(self) -> list[str]:
        """The texts of the button answers, in order (``""`` for an answer without one)."""
        return [str(c.params.get("text") or "") for c in self.sent("answerCallbackQuery")]

    def fail(
        self,
        method: str,
        status: int,
        description: str,
        *,
        match: Callable[[dict[str, Any]], bool] | None = None,
        parameters: dict[str, Any] | None = None,
        times: int = 1,
    ) -> None:
        self.failures.append(Failure(method, match or (lambda p: True), status, description, parameters, times))

    def break_connection(
        self,
        method: str,
        error: type[httpx.HTTPError] = httpx.ReadTimeout,
        *,
        after: bool = True,
        match: Callable[[dict[str, Any]], bool] | None = None,
        times: int = 1,
    ) -> None:
        """Make the next ``times`` matching calls fail in the network: by default the call takes effect and then
        times out (``httpx.ReadTimeout`` after the fake has done it); ``after=False`` with ``httpx.ConnectError``
        is a connection that could not be made (the fake never sees the call)."""
        self.breakdowns.append(Breakdown(method, match or (lambda p: True), error, after, times))


def as_update(data: dict[str, Any], bot: Any) -> Update:
    return Update.de_json(data, bot)
