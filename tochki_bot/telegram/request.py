"""One update, understood once: who sent it, where, in which language; the answer to it; and the mapping of every
refusal of the services to a short answer. Handlers are written as ``async def handler(req, ...)`` and wrapped by
``command``, ``message`` or ``button``, which do the prologue and the error mapping for all of them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from telegram import CallbackQuery, InlineKeyboardMarkup, Message, Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from ..engine import Point
from ..i18n import Language, t
from ..services import (
    Chat,
    Choice,
    GameView,
    MessageKind,
    MessageRecord,
    Person,
    Place,
    Player,
    Problem,
    ServiceError,
    Services,
    TimeIsUp,
    Want,
)
from ..wording import known_language, player_language
from . import callbacks as cb
from .captions import game_label
from .delivery.announcer import Announcer
from .delivery.postbox import Kind, Note, Ticket
from .formatting import name, plain
from .keyboards import choice_keyboard
from .messenger import Messenger, Unreachable
from .views import Seat, message_link

if TYPE_CHECKING:
    from .reviews import ReviewDesk

log = logging.getLogger(__name__)
_NUMBERED = re.compile(r"^(?:<b>)?(?:#|№)([0-9]{1,12})\b")
"""A board's caption begins with its game's number (Telegram gives it as plain text; bold, as it was sent)."""
C = TypeVar("C", bound=cb.Callback)
PRIVATELY_AFTER = 1 / 12
"""How long a group's answer may wait for the group's message limit (a share of its window: 5 s of a minute) before
an answer meant for one person goes to their private chat instead."""
PRESS_WAIT = 1 / 40
"""How long a button's answer waits for the edit the press asked for, as a share of the group window (1.5 s of a
minute; the tests, which play a minute in 12 s, wait 0.3 s); longer, and it says when the edit comes."""
Action = Callable[["Request", GameView], Awaitable[None]]


@dataclass
class Front:
    """The Telegram front end's parts, kept in ``application.bot_data["front"]``."""

    services: Services
    messenger: Messenger
    announcer: Announcer
    username: str
    can_read_all: bool
    actions: dict[str, Action] = field(default_factory=dict)
    """What "which game?" buttons run: ``board``, ``resign``... (``callbacks.Command``)."""
    reviews: ReviewDesk | None = None
    """The reviews asked for in this process's chats and their progress messages (made at start-up)."""


def front_of(context: ContextTypes.DEFAULT_TYPE) -> Front:
    front: Front = context.application.bot_data["front"]
    return front


@dataclass
class Request:
    """An update from a person in a chat, with what the handlers need to answer it."""

    front: Front
    update: Update
    person: Person
    place: Place
    player: Player
    chat: Chat
    lang: Language
    answered: bool = False

    @classmethod
    async def of(cls, update: Update, context: ContextTypes.DEFAULT_TYPE) -> Request | None:
        """Understand an update; ``None`` for updates with no person and chat (they are left alone)."""
        sender, chat = update.effective_user, update.effective_chat
        front = front_of(context)
        message = update.message
        if chat is not None and message is not None and message.sender_chat is not None:
            # An anonymous admin (sent as the group) or a channel identity: there is no person to play for. A
            # command is told so; anything else is talk.
            if (message.text or "").startswith("/") and not message.is_automatic_forward:
                text = t(await front.announcer.chat_language(chat.id), "post_as_yourself")
                front.messenger.send_text(chat.id, text, reply_to=message.message_id)
            return None
        if sender is None or chat is None or sender.is_bot:
            return None
        if await front.services.handled(update.update_id):
            return None  # handled before (here or by another process): a repeat says nothing, not "not your move"
        # The forum topic: of the message, or of the message a pressed button is on.
        topical = update.effective_message
        topic = getattr(topical, "is_topic_message", False) and getattr(topical, "message_thread_id", 0)
        thread = int(topic or 0)
        person = Person(sender.id, sender.first_name, sender.last_name, sender.username, sender.language_code)
        place = Place(chat.id, chat.type, chat.title or chat.full_name, thread)
        services = front.services
        player = await services.people.meet(person)
        chat_view = await services.people.visit(place)
        lang = player_language(player)
        if not place.private:
            lang = known_language(await services.people.group_language(place.chat_id, player_language)) or lang
        return cls(front, update, person, place, player, chat_view, lang)

    # --------------------------------------------------------------------------------------------------------------

    @property
    def services(self) -> Services:
        return self.front.services

    @property
    def announcer(self) -> Announcer:
        return self.front.announcer

    @property
    def messenger(self) -> Messenger:
        return self.front.messenger

    @property
    def update_id(self) -> int:
        return self.update.update_id

    @property
    def message(self) -> Message | None:
        """The message of the update: a new message, or the one a pressed button is on."""
        message = self.update.effective_message
        return message if isinstance(message, Message) else None

    @property
    def query(self) -> CallbackQuery | None:
        return self.update.callback_query

    @property
    def own_lang(self) -> Language:
        """The person's own language: for what only they see (a button's answer), even in a group."""
        return player_language(self.player)

    async def pressed(self) -> MessageRecord | None:
        """The message the pressed button is on, as the bot remembers it (``None``: not one it remembers)."""
        message = self.message
        if self.query is None or message is None:
            return None
        return await self.services.messages.about(self.place.chat_id, message.message_id)

    async def pressed_on(
        self, kind: MessageKind, *, game: int | None = None, record: int | None = None, topic: str | None = None
    ) -> MessageRecord | None:
        """The pressed message if it is the bot's message of this ``kind`` about this game (or record); a button
        whose data names something else than its message is refused (``STALE``): forged, or out of date. ``None``
        when the message is not remembered at all (older messages, or a row that could not be stored)."""
        about = await self.pressed()
        if about is None:
            if not self._looks_like(kind, game):
                raise ServiceError(Problem.STALE)
            return None
        if (
            about.kind != kind
            or (game is not None and about.game_id != game)
            or (record is not None and about.import_id != record)
            or (topic is not None and about.topic != topic)
        ):
            raise ServiceError(Problem.STALE)
        return about

    def _looks_like(self, kind: MessageKind, game: int | None) -> bool:
        """A pressed message the bot does not remember may still be what the button says it is, judged by what it
        shows: a board is a picture whose caption begins with the game's number; a lobby or a question names the
        game. Records are always remembered (a button on anything else is forged)."""
        message = self.message
        if message is None or game is None or kind == "record":
            return False
        if kind == "board":
            found = _NUMBERED.match(message.caption or "") if message.photo else None
            return found is not None and int(found.group(1)) == game
        return re.search(rf"(?:#|№){game}(?![0-9])", message.text or "") is not None

    @property
    def reply_to(self) -> int | None:
        """The bot message this message replies to, if any."""
        message = self.update.message
        if message is None or message.reply_to_message is None:
            return None
        replied = message.reply_to_message
        if replied.from_user is None or replied.from_user.id != self.update.get_bot().id:
            return None
        return replied.message_id

    async def replied_game(self) -> int | None:
        """The game named by the board this message replies to, when the bot does not remember that board (its row
        could not be stored): read from the caption, which begins with the game's number (``#12 · ...``)."""
        replied = self.update.message.reply_to_message if self.update.message else None
        if replied is None or self.reply_to is None:
            return None
        if await self.services.messages.about(self.place.chat_id, replied.message_id) is not None:
            return None
        found = _NUMBERED.match(replied.caption or replied.text or "")
        return int(found.group(1)) if found else None

    def seat(self, view: GameView) -> Seat:
        """How this chat sees ``view``."""
        return self.announcer.seat_here(view, self.place.chat_id, self.place.thread_id, self.lang, self.person.id)

    # --------------------------------------------------------------------------------------------------------------
    # Answering

    def reply(
        self,
        text: str,
        *,
        keyboard: InlineKeyboardMarkup | None = None,
        quote: bool = True,
        personal: str | None = None,
    ) -> Ticket[int]:
        """Answer in the chat of the update (a reply to its message when ``quote``), without waiting for it to go:
        in a busy group it may wait for the group's budget (up to ``window / 3``), sharing a digest with other short
        answers. ``personal`` is the same answer in the person's own language, for what only they need to read (a
        typo, a refusal): in a busy group it goes to their private chat instead. Await the ticket for its message
        id."""
        if personal is not None and keyboard is None and (sent := self.privately(personal, text)) is not None:
            return sent
        message = self.update.message
        reply_to = message.message_id if quote and message is not None else None
        note = None
        if keyboard is None and not self.place.private:
            note = Note(text, self.person.id, self.person.first_name, reply_to, self.place.thread_id)
        return self.messenger.send_text(
            self.place.chat_id,
            text,
            thread_id=self.place.thread_id,
            keyboard=keyboard,
            reply_to=reply_to,
            note=note,
        )

    async def replied(
        self, text: str, *, keyboard: InlineKeyboardMarkup | None = None, quote: bool = True
    ) -> int | None:
        """Answer, and wait until the answer went: its message id (``None`` when the chat cannot be written to)."""
        try:
            return await self.reply(text, keyboard=keyboard, quote=quote)
        except Unreachable:
            return None

    def say(self, key: str, **values: Any) -> Ticket[int]:
        """Answer with the catalogue's ``key``: in the chat's language, or (in a busy group) privately in the
        person's own."""
        return self.reply(t(self.lang, key, **values), personal=t(self.own_lang, key, **values))

    def privately(self, text: str, here: str | None = None) -> Ticket[int] | None:
        """An answer meant for this person alone, asked in a group whose message limit would keep it waiting: sent
        to their private chat instead, at once, under the group's name (a link back to the message in a supergroup).
        ``None`` when it is not worth it (a private chat, a group with room, a person the bot cannot write to);
        should the private chat turn out closed, the answer goes to the group after all (``here``: as the group
        reads it)."""
        where = self.away()
        if where is None:
            return None
        ticket = self.messenger.send_text(
            self.person.id, t(self.own_lang, "answered_privately", where=where, text=text)
        )
        self.or_here(ticket, lambda: self.reply(here or text))
        return ticket

    def away(self) -> str | None:
        """Where an answer meant for this person alone goes instead, when it is asked in a busy group (its message
        limit would keep it waiting more than ``PRIVATELY_AFTER`` of the window, or its minute is more than half
        spent) and the bot can write to them: the group's name to put above it in their private chat (a link back to
        the message in a supergroup). ``None``: answer here."""
        if self.place.private or not self.player.reachable:
            return None
        postbox = self.messenger.postbox
        chat_id = self.place.chat_id
        if not postbox.busy(chat_id) and postbox.eta(chat_id, Kind.ANSWER) <= postbox.window * PRIVATELY_AFTER:
            return None
        title = name(self.place.title or "")
        link = message_link(self.place.chat_id, self.update.message.message_id if self.update.message else None)
        return f'<a href="{link}">«{title}»</a>' if link else f"«{title}»"

    def or_here(self, ticket: Ticket[Any], here: Callable[[], object]) -> None:
        """An answer sent to the person's private chat (``away``) that turns out closed goes here after all
        (``here()``), and the person is remembered as out of reach."""

        def closed(done: asyncio.Future[Any]) -> None:
            if not done.cancelled() and isinstance(done.exception(), Unreachable):
                here()
                asyncio.get_running_loop().create_task(self.services.people.set_reachable(self.person.id, False))

        ticket.letter.future.add_done_callback(closed)

    async def typing(self) -> None:
        """Show "typing…" here while something slow is worked out (best-effort)."""
        await self.messenger.typing(self.place.chat_id, self.place.thread_id)

    async def answer_when(self, ticket: Ticket[Any], text: str | None = None) -> None:
        """Answer the press once the edit it asked for (``ticket``) has gone; when the chat's message limit keeps
        that waiting, say at once when it comes (the edit is made then, never dropped)."""
        wait = self.messenger.postbox.window * PRESS_WAIT
        if ticket.eta > wait:
            await self.answer(t(self.own_lang, "press_later", seconds=math.ceil(ticket.eta)))
            return
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(ticket.letter.future), 2 * wait)
        await self.answer(text)

    async def answer_move(self, point: Point, view: GameView | None = None) -> None:
        """Answer a move by button: "✓ 5-5", and when the new board waits for the group's message limit, when it
        comes (the game's group: the button may be a hint's, in the player's private chat)."""
        chat_id = view.chat_id if view is not None and view.kind == "group" else self.place.chat_id
        eta = self.messenger.postbox.eta(chat_id, Kind.BOARD)
        if eta > self.messenger.postbox.window * PRESS_WAIT:
            await self.answer(t(self.own_lang, "board_later", point=str(point), seconds=math.ceil(eta)))
        else:
            await self.answer(f"✓ {point}")

    async def answer(self, text: str | None = None, *, alert: bool = False) -> None:
        """Answer the pressed button (once; write ``text`` in ``own_lang``). A failed answer is logged and changes
        nothing else: what was done stays done and is announced anyway."""
        if self.query is None or self.answered:
            return
        self.answered = True
        try:
            await self.query.answer(plain(text) if text else None, show_alert=alert)
        except TelegramError as exc:
            log.info("could not answer a button press (%s)", exc)

    def text_of(self, error: ServiceError, lang: Language | None = None) -> str:
        """A refusal in the reader's language (HTML)."""
        details = {k: name(v) if isinstance(v, str) else v for k, v in error.details.items()}
        return t(lang or self.lang, error.problem.value, **details)

    async def refuse(self, error: ServiceError) -> None:
        """Tell the person why nothing happened: a button's answer for a press (no group message, in their own
        language), else one short reply. A repeated update gets nothing; a move after the deadline also shows the
        game lost on time. A press whose answer was already given (the refusal came later) gets a short reply."""
        if error.problem is Problem.DUPLICATE:
            await self.answer()
            return
        if isinstance(error, TimeIsUp):
            self.announcer.announce(error.view)
        if self.query is not None and not self.answered:
            alert = error.problem in (Problem.NOT_YOURS, Problem.STALE)
            await self.answer(self.text_of(error, self.own_lang), alert=alert)
        else:
            self.reply(self.text_of(error), quote=self.query is None, personal=self.text_of(error, self.own_lang))

    # --------------------------------------------------------------------------------------------------------------
    # Finding the game

    async def find(
        self,
        want: Want,
        command: cb.Command,
        *,
        game_id: int | None = None,
        reply_to: int | None = None,
    ) -> GameView | None:
        """The game this request is about. When several of the person's games fit, they are asked which (one button
        a game, running ``command`` for it) and ``None`` is returned."""
        if game_id is None:
            game_id = await self.replied_game()
        found = await self.services.finder.find(
            self.place, self.person.id, want, game_id=game_id, reply_to=reply_to or self.reply_to
        )
        if isinstance(found, GameView):
            return found
        await self.choose(found, t(self.own_lang, "pick_game"), lambda view: cb.Pick(command, view.id))
        return None

    async def choose(self, choice: Choice, question: str, button: Callable[[GameView], cb.Callback]) -> None:
        """Ask which of several games is meant (a question only the person who asked can answer: in their own
        language)."""
        labels = [(game_label(self.own_lang, view, self.person.id), button(view)) for view in choice.views]
        message_id = await self.replied(question, keyboard=choice_keyboard(labels))
        if message_id is not None:
            await self.services.messages.sent(
                MessageRecord(self.place.chat_id, message_id, "question", user_id=self.person.id, topic="pick")
            )


# ------------------------------------------------------------------------------------------------------------------
# Wrappers: the prologue and the error mapping, once for every handler

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]


def _handler(fn: Callable[[Request, list[str]], Awaitable[None]], like: Callable[..., Any]) -> Handler:
    """The prologue and the error mapping around ``fn(req, args)``, named after ``like``."""

    async def handle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        req = await Request.of(update, context)
        if req is None:
            return
        try:
            await fn(req, list(context.args or []))
        except ServiceError as error:
            await req.refuse(error)

    handle.__name__ = handle.__qualname__ = like.__name__
    handle.__doc__ = like.__doc__
    return handle


def command(fn: Callable[[Request, list[str]], Awaitable[None]]) -> Handler:
    """A command handler: ``fn(req, args)``."""
    return _handler(fn, fn)


def message(fn: Callable[[Request], Awaitable[None]]) -> Handler:
    """A handler of plain messages (texts, documents): ``fn(req)``."""
    return _handler(lambda req, _args: fn(req), fn)


@dataclass(frozen=True)
class Button:
    """The handler of one kind of button: ``handle`` answers the presses whose data is a ``kind``."""

    kind: type[cb.Callback]
    handle: Handler


def button(kind: type[C]) -> Callable[[Callable[[Request, C], Awaitable[None]]], Button]:
    """A handler of one kind of button: ``fn(req, data)``. The press is always answered, exactly once: even when
    understanding the press fails (the error handler logs it; the person sees ⚠️ at once instead of a spinner)."""

    def wrap(fn: Callable[[Request, C], Awaitable[None]]) -> Button:
        async def handle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            query = update.callback_query
            assert query is not None
            req: Request | None = None
            try:
                data = kind.decode(query.data or "")
                req = await Request.of(update, context)
                if req is None:
                    with contextlib.suppress(TelegramError):
                        await query.answer()
                    return
                if data is None:
                    return  # answered (empty) on the way out
                await fn(req, data)
            except ServiceError as error:
                assert req is not None
                await req.refuse(error)
            except Exception:
                if req is None:
                    with contextlib.suppress(TelegramError):
                        await query.answer("⚠️")
                else:
                    await req.answer("⚠️")
                raise
            finally:
                if req is not None:
                    await req.answer()

        handle.__name__ = handle.__qualname__ = fn.__name__
        handle.__doc__ = fn.__doc__
        return Button(kind, handle)

    return wrap


async def unknown_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button this bot does not know (forged or from an old version): answered, nothing else."""
    query = update.callback_query
    if query is not None:
        player = await front_of(context).services.people.player(query.from_user.id)
        lang = player_language(player, query.from_user.language_code)
        with contextlib.suppress(TelegramError):
            await query.answer(t(lang, "button_unknown"))


def game_ref(text: str) -> int | None:
    """A game's number as people write it: ``12``, ``#12``, ``№12``."""
    text = text.strip().lstrip("#№")
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) < 12 else None


def game_arg(args: list[str]) -> int | None:
    """The game a command names with its first argument (``/board 12``); ``None`` when it has none. Anything else
    there is refused (``BAD_GAME_NUMBER``), never taken for the game going on."""
    if not args:
        return None
    found = game_ref(args[0])
    if found is None:
        raise ServiceError(Problem.BAD_GAME_NUMBER, text=args[0][:20])
    return found
