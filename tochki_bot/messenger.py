"""Sending to Telegram: board pictures, texts and edits, with Telegram's errors treated as normal flow.

- "message is not modified" is ignored; a reply to a deleted message is sent without the reply; an edit of a
  deleted board posts a new one.
- Flood control is the rate limiter's job (it waits and retries); timeouts and network errors are retried.
- A user who blocked the bot is noted as unreachable (``Unreachable`` tells the caller to reach them elsewhere).
- Pictures are rendered in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram import Bot, InlineKeyboardMarkup, InputFile, InputMediaPhoto, LinkPreviewOptions, Message, ReplyParameters
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.warnings import PTBUserWarning

from render import Window, render_png
from storage import GameRecord

from .captions import Players, board_caption, picture_caption
from .games import Games, Outcome
from .keyboards import default_window, move_keyboard
from .pictures import board_view
from .texts import Language, language_for

log = logging.getLogger(__name__)
T = TypeVar("T")
NETWORK_RETRIES = 2

# Boards go out through ``Bot.do_api_request`` (see ``post_board``); PTB suggests the typed method every time.
warnings.filterwarnings("ignore", message=r"Please use 'Bot\.(sendPhoto|editMessageMedia)'", category=PTBUserWarning)


class Unreachable(Exception):
    """The chat cannot be written to (the user blocked the bot, or never started it)."""


def _not_modified(exc: BadRequest) -> bool:
    return "not modified" in exc.message.lower()


def _missing_message(exc: BadRequest) -> bool:
    text = exc.message.lower()
    return "message to edit not found" in text or "message can't be edited" in text or "message not found" in text


class Messenger:
    """Talks to Telegram on behalf of the games."""

    def __init__(self, bot: Bot, games: Games) -> None:
        self.bot = bot
        self.games = games

    # --------------------------------------------------------------------------------------------------------------
    # Languages and names

    async def user_language(self, user_id: int | None) -> Language:
        """A user's language: the one they chose, else Telegram's."""
        user = await self.games.user(user_id) if user_id is not None else None
        if user is None:
            return "en"
        return user.language if user.language in ("ru", "en") else language_for(user.telegram_language)  # type: ignore[return-value]

    async def chat_language(self, chat_id: int, user_id: int | None = None) -> Language:
        """The language to use in a chat: a group's own setting, else the user's."""
        if chat_id < 0:
            chat = await self.games.known_chat(chat_id)
            if chat is not None and chat.language in ("ru", "en"):
                return chat.language  # type: ignore[return-value]
        return await self.user_language(user_id if user_id is not None else (chat_id if chat_id > 0 else None))

    async def players(self, record: GameRecord) -> Players:
        blue = await self.games.user(record.blue_id) if record.blue_id is not None else None
        red = await self.games.user(record.red_id) if record.red_id is not None else None
        return Players(blue, red)

    # --------------------------------------------------------------------------------------------------------------
    # Calls with error handling

    async def call(self, chat_id: int, make: Callable[[], Awaitable[T]]) -> T:
        """Run a Bot API call, retrying network trouble; blocked private chats raise ``Unreachable``."""
        for attempt in range(NETWORK_RETRIES + 1):
            try:
                return await make()
            except Forbidden as exc:
                if chat_id > 0:
                    await self.games.set_reachable(chat_id, False)
                raise Unreachable(str(exc)) from exc
            except RetryAfter:
                raise  # the rate limiter already waited and retried
            except (TimedOut, NetworkError) as exc:
                if isinstance(exc, BadRequest) or attempt == NETWORK_RETRIES:
                    raise
                log.warning("network trouble talking to Telegram (%s); retrying", exc)
                await asyncio.sleep(0.5 * (attempt + 1))
        raise AssertionError("unreachable")

    async def send(
        self,
        chat_id: int,
        text: str,
        *,
        thread_id: int = 0,
        keyboard: InlineKeyboardMarkup | None = None,
        reply_to: int | None = None,
    ) -> Message:
        """Send an HTML text (a reply when ``reply_to`` still exists)."""
        message = await self.call(
            chat_id,
            lambda: self.bot.send_message(
                chat_id,
                text,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard,
                message_thread_id=thread_id or None,
                link_preview_options=LinkPreviewOptions(is_disabled=True),
                reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None,
            ),
        )
        if chat_id > 0:
            await self.games.set_reachable(chat_id, True)
        return message

    async def edit_text(self, message: Message, text: str, keyboard: InlineKeyboardMarkup | None = None) -> None:
        """Change a text message (a lobby); an unchanged text is fine, a deleted message is sent anew."""
        try:
            await self.call(
                message.chat_id,
                lambda: message.edit_text(
                    text,
                    parse_mode=ParseMode.HTML,
                    reply_markup=keyboard,
                    link_preview_options=LinkPreviewOptions(is_disabled=True),
                ),
            )
        except BadRequest as exc:
            if _not_modified(exc):
                return
            if _missing_message(exc):
                await self.send(message.chat_id, text, thread_id=message.message_thread_id or 0, keyboard=keyboard)
                return
            raise

    async def drop_keyboard(self, message: Message) -> None:
        """Remove the buttons of a message (a confirmation that was answered)."""
        try:
            await self.call(message.chat_id, lambda: message.edit_reply_markup(reply_markup=None))
        except BadRequest as exc:
            if not (_not_modified(exc) or _missing_message(exc)):
                raise

    # --------------------------------------------------------------------------------------------------------------
    # Boards

    async def picture(self, outcome: Outcome, lang: Language, players: Players, window: Window | None) -> bytes:
        """The board picture as PNG, rendered in a worker thread."""
        game = outcome.game
        view = board_view(
            game,
            blue=players.display("blue"),
            red=players.display("red"),
            caption=picture_caption(lang, game, players),
            window=window,
        )
        return await asyncio.to_thread(render_png, view)

    def _caption(self, outcome: Outcome, lang: Language, players: Players, window: Window | None) -> str:
        return board_caption(
            lang,
            outcome.record,
            outcome.game,
            players,
            now=self.games.clock(),
            captured=outcome.captured,
            window=window,
        )

    async def post_board(
        self,
        outcome: Outcome,
        chat_id: int,
        lang: Language,
        *,
        thread_id: int = 0,
        window: Window | None = None,
        reply_to: int | None = None,
        buttons: bool = True,
    ) -> int:
        """Post the board as a new photo with its caption and, while the game goes on, the move buttons.

        Returns the message id. The photo is sent with ``do_api_request`` and the raw keyboard JSON: the typed
        ``send_photo`` would build and serialise ~70 button objects and parse them back from Telegram's answer,
        which costs more than drawing the board.
        """
        record, game = outcome.record, outcome.game
        players = await self.players(record)
        active = record.state == "active" and not game.is_over and buttons
        if active and window is None:
            window = default_window(game)
        if not active:
            window = None
        png = await self.picture(outcome, lang, players, window)
        params: dict[str, Any] = {
            "chat_id": chat_id,
            "photo": InputFile(png, filename="board.png"),
            "caption": self._caption(outcome, lang, players, window),
            "parse_mode": ParseMode.HTML,
        }
        if active and window is not None:
            params["reply_markup"] = move_keyboard(lang, record, game, window)
        if thread_id:
            params["message_thread_id"] = thread_id
        if reply_to:
            params["reply_parameters"] = {"message_id": reply_to, "allow_sending_without_reply": True}
        sent = await self.call(chat_id, lambda: self.bot.do_api_request("sendPhoto", api_kwargs=params))
        message_id = int(sent["message_id"])  # type: ignore[index]
        photos = sent.get("photo") or []  # type: ignore[union-attr]
        file_id = photos[-1].get("file_id") if photos else None
        await self.games.db.add_board_message(chat_id, message_id, record.id, record.ply, file_id)
        if chat_id > 0:
            await self.games.set_reachable(chat_id, True)
        return message_id

    async def edit_board(self, message: Message, outcome: Outcome, lang: Language, window: Window) -> None:
        """Show another window of buttons on a board message: new picture (the frame moves) and keyboard."""
        record, game = outcome.record, outcome.game
        players = await self.players(record)
        png = await self.picture(outcome, lang, players, window)
        params = {
            "chat_id": message.chat_id,
            "message_id": message.message_id,
            "media": InputMediaPhoto(
                png, caption=self._caption(outcome, lang, players, window), parse_mode=ParseMode.HTML
            ),
            "reply_markup": move_keyboard(lang, record, game, window),
        }
        try:
            await self.call(message.chat_id, lambda: self.bot.do_api_request("editMessageMedia", api_kwargs=params))
        except BadRequest as exc:
            if _not_modified(exc):
                return
            if _missing_message(exc):
                await self.post_board(
                    outcome, message.chat_id, lang, thread_id=message.message_thread_id or 0, window=window
                )
                return
            raise

    async def announce(self, outcome: Outcome) -> None:
        """Show the new position: in the group, or in each player's private chat; and to the spectators."""
        record = outcome.record
        if record.kind == "group":
            lang = await self.chat_language(record.chat_id)
            await self.post_board(outcome, record.chat_id, lang, thread_id=record.thread_id)
        else:
            for user_id in record.players:
                try:
                    await self.post_board(outcome, user_id, await self.user_language(user_id))
                except Unreachable:
                    log.info("player %s of game %s cannot be reached in private", user_id, record.id)
        for chat_id in await self.games.db.spectators(record.id):
            if chat_id in record.players:
                continue
            try:
                await self.post_board(outcome, chat_id, await self.user_language(chat_id), buttons=False)
            except Unreachable:
                await self.games.db.follow(record.id, chat_id, on=False)
        if record.state != "active":
            for chat_id in await self.games.db.spectators(record.id):
                await self.games.db.follow(record.id, chat_id, on=False)

    async def send_file(
        self, method: str, chat_id: int, data: bytes, filename: str, caption: str, *, thread_id: int = 0
    ) -> Message:
        """Send ``data`` as a document (``send_document``) or an animation (``send_animation``)."""
        send = self.bot.send_document if method == "document" else self.bot.send_animation
        return await self.call(
            chat_id,
            lambda: send(  # type: ignore[operator]
                chat_id,
                InputFile(data, filename=filename),
                caption=caption,
                parse_mode=ParseMode.HTML,
                message_thread_id=thread_id or None,
            ),
        )
