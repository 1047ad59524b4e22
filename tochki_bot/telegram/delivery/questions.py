"""Questions with buttons (resign? ground? which game?): asked and remembered, settled in place when answered (their
own words outrank a plainer "out of date"), closed when a move makes them out of date."""

from __future__ import annotations

import logging

from telegram import InlineKeyboardMarkup

from ...services import GameView, MessageRecord
from .. import views
from .audience import Audience
from .postbox import Kind, Ticket

log = logging.getLogger(__name__)


class Questions(Audience):
    """Questions with buttons, and how they end."""

    def ask(
        self,
        view: GameView,
        chat_id: int,
        thread_id: int,
        text: str,
        keyboard: InlineKeyboardMarkup,
        *,
        topic: str,
        user_id: int,
        reply_to: int | None = None,
    ) -> Ticket[int]:
        """Ask a question with buttons (resign? ground? which game?) and remember it, to close it when it is
        answered or out of date."""

        async def remember(message_id: int) -> None:
            await self.services.messages.sent(
                MessageRecord(
                    chat_id, message_id, "question", game_id=view.id, ply=view.ply, user_id=user_id, topic=topic
                )
            )

        return self.messenger.send_text(chat_id, text, thread_id=thread_id, keyboard=keyboard, reply_to=reply_to).then(
            remember
        )

    def answered(self, message: MessageRecord, text: str, kind: Kind = Kind.ANSWER, *, rank: int = 1) -> Ticket[bool]:
        """A question (or lobby, or note) is settled: its text says how, and its buttons go."""
        return self.settle(message.chat_id, message.message_id, text, kind, rank=rank)

    def settle(
        self, chat_id: int, message_id: int, text: str, kind: Kind = Kind.ANSWER, *, rank: int = 1
    ) -> Ticket[bool]:
        """Edit a message with buttons to say how it was settled, without buttons (it is then no longer live). What
        it says stays if a plainer closing (``rank`` 0: "out of date") comes while it waits to go."""

        async def done(_: bool) -> None:
            await self.services.messages.retired(chat_id, message_id)

        if rank:
            self._settled.put((chat_id, message_id), True)  # a plainer closing must not follow it
        elif self._settled.get((chat_id, message_id)):
            return self.messenger.postbox.done(True)
        return self.messenger.edit_text(chat_id, message_id, text, kind=kind, rank=rank).then(done)

    async def close_questions(self, view: GameView, questions: list[MessageRecord] | None = None) -> None:
        """Questions out of date say so and lose their buttons (whenever their chat has room)."""
        if questions is None:
            questions = await self.services.messages.live(view.id, kind="question")
        for question in questions:
            lang = await self.chat_language(question.chat_id)
            text = views.question_closed_text(lang, view, question)
            if text is not None:
                self.answered(question, text, Kind.TIDY, rank=0)
