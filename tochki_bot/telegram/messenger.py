"""Sending to Telegram, with Telegram's errors treated as normal flow. It writes nothing anywhere: what happened
comes back to the caller (a message id, or ``Unreachable``).

Every message (a send or an edit) goes through the ``Postbox``, which keeps each chat inside Telegram's flood limits:
each method posts a letter and returns its ``Ticket`` at once. ``await`` the ticket for the outcome (a message id,
``True``...), or leave it: the letter goes anyway, as soon as the chat's budget allows, and its failure is logged.

- "message is not modified" is fine; a reply to a deleted message is sent without the reply; an edit of a deleted
  message reports ``False`` so the caller can post anew.
- Flood control is the rate limiter's job (it waits and retries, in that chat only).
- Timeouts and network errors are retried for edits, deletions and the like (doing them twice changes nothing), but
  a new message (``sendMessage``, ``sendPhoto``, ``sendMediaGroup``, ``sendDocument``, ``sendAnimation``) is sent
  again only when the request certainly never reached Telegram: the connection could not be made. Any other failure
  of a send (a read timeout, a dropped answer, a 5xx) may have posted it, so it is raised instead of posted twice; a
  board that did not arrive is announced again by the outbox.
- A chat that cannot be written to (a user who blocked the bot or never started it) raises ``Unreachable``.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Awaitable, Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

import httpx
from telegram import Bot, InlineKeyboardMarkup, InputFile, InputMediaPhoto, LinkPreviewOptions, ReplyParameters
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.warnings import PTBUserWarning

from .formatting import CAPTION_LIMIT, MESSAGE_LIMIT, cut, mention, plain
from .keyboards import Markup

if TYPE_CHECKING:
    from .delivery.postbox import Kind, Note, Postbox, Ticket

log = logging.getLogger(__name__)
T = TypeVar("T")
NETWORK_RETRIES = 2
NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
"""httpx's errors for a request that never left: no connection could be made, or none was free."""

# Boards go out through ``Bot.do_api_request`` (see ``send_board``); PTB suggests the typed method every time.
warnings.filterwarnings(
    "ignore", message=r"Please use 'Bot\.(sendPhoto|editMessageMedia|editMessageCaption)'", category=PTBUserWarning
)


class Unreachable(Exception):
    """The chat cannot be written to (the user blocked the bot, or never started it)."""

    def __init__(self, chat_id: int, reason: str) -> None:
        super().__init__(reason)
        self.chat_id = chat_id


def _not_modified(exc: BadRequest) -> bool:
    return "not modified" in exc.message.lower()


def _missing_message(exc: BadRequest) -> bool:
    text = exc.message.lower()
    return "message to edit not found" in text or "message can't be edited" in text or "message not found" in text


def _chat_gone(exc: BadRequest) -> bool:
    """A chat the bot can no longer write to, said as a bad request (not as "forbidden")."""
    text = exc.message.lower()
    return "chat not found" in text or "user is deactivated" in text or "group chat was deactivated" in text


def _parse_error(exc: BadRequest) -> bool:
    return "can't parse entities" in exc.message.lower()


def never_sent(exc: BaseException) -> bool:
    """Whether a network error certainly happened before the request reached Telegram (PTB raises ``NetworkError``
    or ``TimedOut`` from httpx's ``ConnectError``, ``ConnectTimeout`` or ``PoolTimeout``)."""
    cause: BaseException | None = exc
    for _ in range(5):  # the chain of causes, not too deep
        if isinstance(cause, NEVER_SENT):
            return True
        if cause is None:
            return False
        cause = cause.__cause__
    return False


class Messenger:
    """Talks to the Bot API for the announcer and the handlers."""

    def __init__(self, bot: Bot, postbox: Postbox) -> None:
        self.bot = bot
        self.postbox = postbox

    async def call(self, chat_id: int, make: Callable[[], Awaitable[T]], *, repeatable: bool = True) -> T:
        """Run a Bot API call, retrying network trouble; a chat that refuses the bot raises ``Unreachable``.

        ``repeatable=False`` is for calls that must not happen twice (a new message): they are retried only when the
        request never reached Telegram (``never_sent``); otherwise the network error is raised."""
        for attempt in range(NETWORK_RETRIES + 1):
            try:
                return await make()
            except Forbidden as exc:
                raise Unreachable(chat_id, str(exc)) from exc
            except BadRequest as exc:
                if _chat_gone(exc):
                    raise Unreachable(chat_id, str(exc)) from exc
                raise
            except RetryAfter:
                raise  # the rate limiter already waited and retried
            except (TimedOut, NetworkError) as exc:
                if isinstance(exc, BadRequest) or attempt == NETWORK_RETRIES:
                    raise
                if not repeatable and not never_sent(exc):
                    log.warning("a new message may or may not have reached Telegram (%s); not sending it again", exc)
                    raise
                log.warning("network trouble talking to Telegram (%s); retrying", exc)
                await asyncio.sleep(0.5 * (attempt + 1))
        raise AssertionError("unreachable")

    async def _edit(self, chat_id: int, make: Callable[[], Awaitable[object]], *, gone: bool = True) -> bool:
        """Make an edit; ``True`` if the message shows it now or already did ("message is not modified"). A message
        that is gone gives ``gone`` (``True`` where nothing is left to change, ``False`` where the caller must know)."""
        try:
            await self.call(chat_id, make)
        except BadRequest as exc:
            if _not_modified(exc):
                return True
            if _missing_message(exc):
                return gone
            raise
        return True

    async def typing(self, chat_id: int, thread_id: int = 0) -> None:
        """Show "typing…" in the chat for a few seconds (the bot is thinking); best-effort, never raises."""
        try:
            await self.bot.send_chat_action(
                chat_id, ChatAction.TYPING, message_thread_id=thread_id or None, read_timeout=5, write_timeout=5
            )
        except Exception as exc:
            log.info("could not show the bot thinking in %s: %s", chat_id, exc)

    async def _message(
        self,
        chat_id: int,
        text: str,
        *,
        thread_id: int = 0,
        keyboard: InlineKeyboardMarkup | None = None,
        reply_to: int | None = None,
    ) -> int:
        """Send an HTML text now (a reply when ``reply_to`` still exists); text Telegram cannot parse as HTML goes as
        plain text. The message id."""

        def send(mode: str | None, body: str) -> Awaitable[Any]:
            return self.bot.send_message(
                chat_id,
                body,
                parse_mode=mode,
                reply_markup=keyboard,
                message_thread_id=thread_id or None,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
                reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None,
            )

        text = cut(text, MESSAGE_LIMIT)
        try:
            message = await self.call(chat_id, lambda: send(ParseMode.HTML, text), repeatable=False)
        except BadRequest as exc:
            if not _parse_error(exc):
                raise
            log.warning("Telegram could not parse a text as HTML (%s); sending it as plain text", exc)
            message = await self.call(chat_id, lambda: send(None, plain(text, MESSAGE_LIMIT)), repeatable=False)
        return int(message.message_id)

    def send_text(
        self,
        chat_id: int,
        text: str,
        *,
        thread_id: int = 0,
        keyboard: InlineKeyboardMarkup | None = None,
        reply_to: int | None = None,
        kind: Kind | None = None,
        key: Hashable | None = None,
        note: Note | None = None,
    ) -> Ticket[int]:
        """Send an HTML text (a reply when ``reply_to`` still exists); its message id. Text Telegram cannot parse as
        HTML is sent as plain text. ``note`` lets a short answer share a digest with others in a busy group."""
        from .delivery.postbox import Kind

        def make() -> Awaitable[int]:
            return self._message(chat_id, text, thread_id=thread_id, keyboard=keyboard, reply_to=reply_to)

        return self.postbox.post(chat_id, kind or Kind.ANSWER, make, key=key, note=note)

    def edit_text(
        self,
        chat_id: int,
        message_id: int,
        text: str,
        keyboard: InlineKeyboardMarkup | None = None,
        *,
        kind: Kind | None = None,
        rank: int = 0,
        hold: float = 0.0,
    ) -> Ticket[bool]:
        """Change a text message (keyboard too); ``True`` (a message that is gone has nothing left to change). The
        latest edit of a message waiting to go replaces the earlier ones of the same ``rank`` or lower; ``hold``
        keeps it back that many seconds at least (a progress note edited every few seconds at most)."""
        from .delivery.postbox import Kind

        async def make() -> bool:
            return await self._edit(
                chat_id,
                lambda: self.bot.edit_message_text(
                    cut(text, MESSAGE_LIMIT),
                    chat_id=chat_id,
                    message_id=message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=keyboard,
                    link_preview_options=LinkPreviewOptions(is_disabled=True),
                ),
            )

        return self.postbox.post(
            chat_id, kind or Kind.ANSWER, make, key=("edit", chat_id, message_id), rank=rank, hold=hold
        )

    def edit_keyboard(
        self, chat_id: int, message_id: int, keyboard: InlineKeyboardMarkup | None = None, *, kind: Kind | None = None
    ) -> Ticket[bool]:
        """Change or take away a message's buttons (by default a tidy-up: whenever the chat has room)."""
        from .delivery.postbox import Kind

        async def make() -> bool:
            return await self._edit(
                chat_id,
                lambda: self.bot.edit_message_reply_markup(
                    chat_id=chat_id, message_id=message_id, reply_markup=keyboard
                ),
            )

        return self.postbox.post(chat_id, kind or Kind.TIDY, make, key=("keyboard", chat_id, message_id))

    def send_board(
        self,
        chat_id: int,
        png: bytes | Callable[[], Awaitable[tuple[bytes, str, Markup | None, bool]]],
        caption: str = "",
        keyboard: Markup | None = None,
        *,
        thread_id: int = 0,
        reply_to: int | None = None,
        kind: Kind | None = None,
        key: Hashable | None = None,
        hold: float = 0.0,
        rank: int = 0,
    ) -> Ticket[tuple[int, str | None, bool]]:
        """Post a board picture; ``(message id, file id of the upload, whether it has buttons to take away
        later)``. ``png`` may be a function that draws the board when its turn comes (picture, caption, keyboard,
        buttons), so that a board that waited shows what is newest.

        The photo goes through ``do_api_request`` with the keyboard's raw JSON: the typed ``send_photo`` would build
        and serialise ~70 button objects and parse them back from Telegram's answer, which costs more than drawing
        the board.
        """
        from .delivery.postbox import Kind

        async def make() -> tuple[int, str | None, bool]:
            if callable(png):
                picture, text, markup, live = await png()
            else:
                picture, text, markup, live = png, caption, keyboard, keyboard is not None
            params: dict[str, Any] = {
                "chat_id": chat_id,
                "photo": InputFile(picture, filename="board.png"),
                "caption": cut(text, CAPTION_LIMIT),
                "parse_mode": ParseMode.HTML,
            }
            if markup is not None:
                params["reply_markup"] = markup
            if thread_id:
                params["message_thread_id"] = thread_id
            if reply_to:
                params["reply_parameters"] = {"message_id": reply_to, "allow_sending_without_reply": True}
            try:
                sent: Any = await self.call(
                    chat_id, lambda: self.bot.do_api_request("sendPhoto", api_kwargs=params), repeatable=False
                )
            except BadRequest as exc:
                if not _parse_error(exc):
                    raise
                log.warning("Telegram could not parse a caption as HTML (%s); sending it as plain text", exc)
                params["caption"] = plain(text, CAPTION_LIMIT)
                del params["parse_mode"]
                sent = await self.call(
                    chat_id, lambda: self.bot.do_api_request("sendPhoto", api_kwargs=params), repeatable=False
                )
            photos = sent.get("photo") or []
            return int(sent["message_id"]), (photos[-1].get("file_id") if photos else None), live

        return self.postbox.post(chat_id, kind or Kind.BOARD, make, key=key, hold=hold, rank=rank)

    def edit_board(
        self,
        chat_id: int,
        message_id: int,
        png: bytes | Callable[[], Awaitable[tuple[bytes, str, Markup | None]]],
        caption: str = "",
        keyboard: Markup | None = None,
        *,
        kind: Kind | None = None,
    ) -> Ticket[bool]:
        """Replace a board message's picture, caption and buttons; ``False`` if the message is gone. The latest
        picture of a message waiting to go replaces the earlier ones; ``png`` may be a function that draws it when
        its turn comes (picture, caption, keyboard)."""
        from .delivery.postbox import Kind

        async def make() -> bool:
            if callable(png):
                picture, text, markup = await png()
            else:
                picture, text, markup = png, caption, keyboard
            params: dict[str, Any] = {
                "chat_id": chat_id,
                "message_id": message_id,
                "media": InputMediaPhoto(picture, caption=cut(text, CAPTION_LIMIT), parse_mode=ParseMode.HTML),
            }
            if markup is not None:
                params["reply_markup"] = markup
            return await self._edit(
                chat_id, lambda: self.bot.do_api_request("editMessageMedia", api_kwargs=params), gone=False
            )

        return self.postbox.post(chat_id, kind or Kind.PRESS, make, key=("edit", chat_id, message_id))

    def edit_caption(
        self, chat_id: int, message_id: int, caption: str, keyboard: Markup | None, *, kind: Kind | None = None
    ) -> Ticket[bool]:
        """Change a picture's caption and buttons, keeping the picture (a final board's rematch line): one edit. The
        keyboard goes as raw JSON, as the boards' do (``send_board``)."""
        from .delivery.postbox import Kind

        params: dict[str, Any] = {
            "chat_id": chat_id,
            "message_id": message_id,
            "caption": cut(caption, CAPTION_LIMIT),
            "parse_mode": ParseMode.HTML,
            "reply_markup": keyboard or {"inline_keyboard": []},
        }

        async def make() -> bool:
            return await self._edit(chat_id, lambda: self.bot.do_api_request("editMessageCaption", api_kwargs=params))

        return self.postbox.post(chat_id, kind or Kind.PRESS, make, key=("edit", chat_id, message_id))

    def send_photo(
        self,
        chat_id: int,
        png: bytes,
        caption: str,
        *,
        keyboard: InlineKeyboardMarkup | None = None,
        thread_id: int = 0,
        reply_to: int | None = None,
        kind: Kind | None = None,
    ) -> Ticket[int]:
        """Post a picture that is not a game's board (an imported record, a zoomed view)."""
        from .delivery.postbox import Kind

        async def make() -> int:
            message = await self.call(
                chat_id,
                lambda: self.bot.send_photo(
                    chat_id,
                    png,
                    caption=cut(caption, CAPTION_LIMIT),
                    parse_mode=ParseMode.HTML,
                    reply_markup=keyboard,
                    message_thread_id=thread_id or None,
                    reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None,
                ),
                repeatable=False,
            )
            return int(message.message_id)

        return self.postbox.post(chat_id, kind or Kind.ANSWER, make)

    def send_album(
        self,
        chat_id: int,
        photos: list[tuple[bytes, str]],
        *,
        thread_id: int = 0,
        reply_to: int | None = None,
        kind: Kind | None = None,
    ) -> Ticket[list[int]]:
        """Post 2-10 pictures as one album (``sendMediaGroup``), each ``(png, caption)``; their message ids. In a
        group it is as many messages of the budget as it has pictures (Telegram counts each)."""
        from .delivery.postbox import Kind

        if not 2 <= len(photos) <= 10:
            raise ValueError(f"an album holds 2-10 pictures, not {len(photos)}")

        async def make() -> list[int]:
            media = [
                InputMediaPhoto(
                    InputFile(png, filename=f"picture-{number}.png", attach=True),
                    caption=cut(caption, CAPTION_LIMIT),
                    parse_mode=ParseMode.HTML,
                )
                for number, (png, caption) in enumerate(photos, 1)
            ]
            messages = await self.call(
                chat_id,
                lambda: self.bot.send_media_group(
                    chat_id,
                    media,
                    message_thread_id=thread_id or None,
                    reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None,
                ),
                repeatable=False,
            )
            return [int(message.message_id) for message in messages]

        return self.postbox.post(chat_id, kind or Kind.ANSWER, make, cost=len(photos))

    def edit_photo(
        self,
        chat_id: int,
        message_id: int,
        png: bytes,
        caption: str,
        keyboard: InlineKeyboardMarkup | None,
        *,
        kind: Kind | None = None,
    ) -> Ticket[bool]:
        """Replace a picture message (a record stepped through); ``False`` if it is gone."""
        from .delivery.postbox import Kind

        async def make() -> bool:
            return await self._edit(
                chat_id,
                lambda: self.bot.edit_message_media(
                    InputMediaPhoto(png, caption=cut(caption, CAPTION_LIMIT), parse_mode=ParseMode.HTML),
                    chat_id=chat_id,
                    message_id=message_id,
                    reply_markup=keyboard,
                ),
                gone=False,
            )

        return self.postbox.post(chat_id, kind or Kind.PRESS, make, key=("edit", chat_id, message_id))

    def send_file(
        self,
        kind: str,
        chat_id: int,
        data: bytes,
        filename: str,
        caption: str,
        *,
        thread_id: int = 0,
    ) -> Ticket[int]:
        """Send ``data`` as a document (``kind="document"``) or an animation (``"animation"``)."""
        from .delivery.postbox import Kind

        send = self.bot.send_document if kind == "document" else self.bot.send_animation

        async def make() -> int:
            message = await self.call(
                chat_id,
                lambda: send(
                    chat_id,
                    InputFile(data, filename=filename),
                    caption=cut(caption, CAPTION_LIMIT),
                    parse_mode=ParseMode.HTML,
                    message_thread_id=thread_id or None,
                ),
                repeatable=False,
            )
            return int(message.message_id)

        return self.postbox.post(chat_id, Kind.ANSWER, make)

    async def digest(self, chat_id: int, notes: list[Note]) -> int:
        """Send several short answers to a group as one message, each under a mention of whom it answers (the
        postbox gathers them when the group's budget is short); the message id."""
        body = "\n\n".join(f"{mention(note.user_id, note.name)}: {note.text}" for note in notes)
        first = notes[0]
        return await self._message(chat_id, body, thread_id=first.thread_id, reply_to=first.reply_to)

    async def delete(self, chat_id: int, message_id: int) -> None:
        """Delete a message of the bot's (a progress note); a message already gone is fine. Deleting is not counted
        by Telegram's flood limits: it goes at once."""
        try:
            await self.call(chat_id, lambda: self.bot.delete_message(chat_id, message_id))
        except BadRequest:
            log.debug("message %s in %s was already gone", message_id, chat_id)
