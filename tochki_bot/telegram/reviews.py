"""The review of a finished game in the chat: ``/review`` (your latest finished game here), ``/review N``, ``/review``
as a reply to a board or a record, and the 🔎 Review button under a finished game's final board and under an
imported record's viewer.

While a review runs, one progress message in each chat where it was asked is edited as it moves on: in a group at
most one edit every ``PROGRESS_EVERY_GROUP`` seconds, as the lowest kind of letter (``Kind.TIDY``: it goes while the
group has room, and only its latest state: a newer step replaces the edit still waiting); in a private chat every
``PROGRESS_EVERY_PRIVATE`` seconds. Asking again while it runs refers to that message (a reply to it, or only the
press's answer): one review, one progress message a chat. When the review is done (at once when it was done
before), the chat gets, in this order: the evaluation chart with the two players' numbers as its caption, the
biggest mistakes of each player as one album of board pictures, and the annotated SGF; the progress message then
says it is done, pointing down at them. In a group these are answers planned against the group's budget
(``Kind.ANSWER``: the boards of running games go first; they may come later, never dropped), and the album counts
each of its pictures, as Telegram does.

The progress messages are kept in the database (``services.reviews.posted``): a review that ends after a restart
still reaches every chat that asked for it (``ReviewDesk.resume`` at start-up), once (``answered``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field

from render.review import evaluation_chart

from ..i18n import Language, t
from ..services import GameView, Problem, ReviewPost, ServiceError, Want
from ..services.reviews import ReviewView, Subject
from ..wording import known_language
from ..wording.reviews import busy_text
from . import callbacks as cb
from . import review_views
from .delivery.postbox import Kind, Note
from .messenger import Unreachable
from .request import Front, Request, button, command, game_ref

log = logging.getLogger(__name__)
PROGRESS_EVERY_GROUP = 10.0
"""Seconds at least between two edits of a progress message in a group (its budget is for the boards)."""
PROGRESS_EVERY_PRIVATE = 3.0
"""Seconds at least between two edits of a progress message in a private chat."""


def subject_label(lang: Language, subject: Subject, ref: int) -> str:
    """ "Game #12", "Record #3": what is reviewed, in the chat's own answers."""
    return t(lang, "review_game" if subject == "game" else "review_record", id=ref)


def every(chat_id: int) -> float:
    """Seconds at least between two edits of a progress message in ``chat_id``."""
    return PROGRESS_EVERY_PRIVATE if chat_id > 0 else PROGRESS_EVERY_GROUP


@dataclass
class ReviewDesk:
    """Shows the reviews asked for in the chats: their progress messages (edited as ``services.reviews.on_progress``
    tells of each step) and, once done, the review itself."""

    front: Front
    next_edit: dict[tuple[int, int], float] = field(default_factory=dict)
    """``(chat, progress message)`` -> when it may be edited again (``time.monotonic``)."""

    async def waiting(self, review_id: int, chat_id: int, thread_id: int) -> ReviewPost | None:
        """The chat's progress message of this review, if it has one still waiting for the review."""
        posts = await self.front.services.reviews.posts(review_id)
        return next((p for p in posts if p.chat_id == chat_id and p.thread_id == thread_id), None)

    def watch(
        self, view: ReviewView, chat_id: int, thread_id: int, lang: Language, *, user_id: int, reply_to: int | None
    ) -> None:
        """Post the progress message of a running review in a chat, kept to be edited as it moves on and answered
        with the review once it is done."""
        reviews = self.front.services.reviews
        text = review_views.progress_text(view, lang)
        sent = self.front.messenger.send_text(chat_id, text, thread_id=thread_id, reply_to=reply_to)

        async def posted(message_id: int) -> None:
            self.next_edit[(chat_id, message_id)] = time.monotonic() + every(chat_id)
            await reviews.posted(view.id, chat_id, message_id, thread_id=thread_id, user_id=user_id, language=lang)
            latest = await reviews.get(view.id)  # done before its message was kept: nobody else answers it
            if latest.state == "done":
                await self.on_progress(latest)

        sent.then(posted)

    async def on_progress(self, view: ReviewView) -> None:
        """A review moved on (or is done): its progress messages show it, within their chats' pace; once it is done,
        each chat that asked gets the review (once, whichever process is first)."""
        reviews = self.front.services.reviews
        for post in await reviews.posts(view.id):
            lang = known_language(post.language) or "en"
            key = (post.chat_id, post.message_id)
            if view.state == "done":
                if not await reviews.answered(post):
                    continue  # another process answered it
                self.next_edit.pop(key, None)
                self.front.messenger.edit_text(
                    post.chat_id, post.message_id, review_views.posted_text(view, lang), kind=Kind.ANSWER, rank=1
                )
                self.deliver(view, post.chat_id, post.thread_id, lang, reply_to=None)
                continue
            now = time.monotonic()
            due = self.next_edit.get(key, 0.0)
            if now >= due:
                hold, self.next_edit[key] = 0.0, now + every(post.chat_id)
            else:
                hold = due - now  # the edit waiting for that time, if any, is replaced by this newer one
            self.front.messenger.edit_text(
                post.chat_id, post.message_id, review_views.progress_text(view, lang), kind=Kind.TIDY, hold=hold
            )

    async def resume(self) -> int:
        """At start-up: the reviews that ended while no process of the bot was there to show them are shown now
        (their progress messages say so). How many chats were answered."""
        reviews = self.front.services.reviews
        answered = 0
        for post in await reviews.unanswered():
            try:
                view = await reviews.get(post.review_id)
            except ServiceError:
                continue
            if view.state == "done":
                await self.on_progress(view)
                answered += 1
        return answered

    def deliver(
        self, view: ReviewView, chat_id: int, thread_id: int, lang: Language, *, reply_to: int | None = None
    ) -> None:
        """Send a done review to a chat, in the background: the chart with the players' numbers, the mistakes'
        album, the annotated SGF, one after another (each waits until the one before went, so they arrive in this
        order even when the group's budget keeps them waiting)."""
        self.front.announcer._later(
            self._deliver(view, chat_id, thread_id, lang, reply_to), f"the review of {view.subject} {view.ref}"
        )

    async def _deliver(
        self, view: ReviewView, chat_id: int, thread_id: int, lang: Language, reply_to: int | None
    ) -> None:
        messenger, painter = self.front.messenger, self.front.announcer.painter
        chart_spec = review_views.chart_spec(view, lang)
        chart, caption = await asyncio.to_thread(evaluation_chart, chart_spec.picture), chart_spec.caption
        specs = await asyncio.to_thread(review_views.mistake_specs, view, lang)
        mistakes = [(await painter.png(spec.picture, crop=spec.crop), spec.caption) for spec in specs]
        try:
            sgf: bytes | None = self.front.services.reviews.sgf(view).encode()
        except ValueError:  # a board larger than SGF can address: the pictures only
            sgf = None
        try:
            await messenger.send_photo(chat_id, chart, caption, thread_id=thread_id, reply_to=reply_to)
            if len(mistakes) > 1:
                await messenger.send_album(chat_id, mistakes, thread_id=thread_id)
            elif mistakes:
                await messenger.send_photo(chat_id, *mistakes[0], thread_id=thread_id)
            if sgf is not None:
                await messenger.send_file(
                    "document",
                    chat_id,
                    sgf,
                    review_views.file_name(view),
                    review_views.sgf_caption(view, lang),
                    thread_id=thread_id,
                )
        except Unreachable:
            log.info("chat %s cannot be written to: the review of %s %s is not shown", chat_id, view.subject, view.ref)


def desk_of(front: Front) -> ReviewDesk:
    """The front end's review desk (made at start-up)."""
    desk = front.reviews
    assert isinstance(desk, ReviewDesk), "the review desk is made at start-up"
    return desk


# ------------------------------------------------------------------------------------------------------------------
# Asking


async def ask_review(req: Request, subject: Subject, ref: int, *, reply_to: int | None) -> None:
    """Review a game (or a record) for this request: start it, point at its progress, or show it when it is done.
    A refusal (not finished, not to be seen here, another review of yours running) is a button's answer for a
    press, else a reply (in a busy group, privately)."""
    desk = desk_of(req.front)
    reviews = req.services.reviews
    try:
        view = await reviews.request(subject, ref, req.person, place=req.place)
    except ServiceError as error:
        running = await reviews.running_of(req.person.id) if error.problem is Problem.REVIEW_BUSY else None
        if running is None:
            raise
        await refuse_busy(req, running)
        return
    own = subject_label(req.own_lang, subject, ref)
    chat_id, thread_id = req.place.chat_id, req.place.thread_id
    if view.state == "done":
        await req.answer(t(req.own_lang, "review_press_done", what=own))
        desk.deliver(view, chat_id, thread_id, req.lang, reply_to=reply_to)
        return
    post = await desk.waiting(view.id, chat_id, thread_id)
    if post is not None:  # asked again while it runs: its progress message is the answer
        if req.query is not None:
            await req.answer(t(req.own_lang, "review_press_running", what=own))
        else:
            refer(req, post.message_id, subject_label(req.lang, subject, ref), own)
        return
    await req.answer(t(req.own_lang, "review_press_started", what=own))
    desk.watch(view, chat_id, thread_id, req.lang, user_id=req.person.id, reply_to=reply_to)


async def refuse_busy(req: Request, running: ReviewView) -> None:
    """One review at a time: say which of theirs runs (and how far it is)."""
    if req.query is not None:
        await req.answer(busy_text(running, req.own_lang), alert=True)
        return
    req.reply(busy_text(running, req.lang), personal=busy_text(running, req.own_lang))


def refer(req: Request, message_id: int, what: str, own: str) -> None:
    """Point at a review's progress message: a reply to it (in a busy group, privately instead)."""
    text, personal = t(req.lang, "review_under_way", what=what), t(req.own_lang, "review_under_way", what=own)
    if req.privately(personal, text) is not None:
        return
    note = None
    if not req.place.private:
        note = Note(text, req.person.id, req.person.first_name, message_id, req.place.thread_id)
    req.messenger.send_text(req.place.chat_id, text, thread_id=req.place.thread_id, reply_to=message_id, note=note)


async def latest_finished(req: Request) -> GameView | None:
    """The person's latest finished game here (in a group: of this chat; in private: any of theirs); in a group
    where they played none, the chat's latest game when it is finished."""
    for view in await req.services.finder.recent_of(req.person.id, limit=50):
        if view.state == "finished" and (req.place.private or view.chat_id == req.place.chat_id):
            return view
    if not req.place.private:
        with contextlib.suppress(ServiceError):
            found = await req.services.finder.find(req.place, req.person.id, Want.SHOW)
            if isinstance(found, GameView) and found.state == "finished":
                return found
    return None


@command
async def cmd_review(req: Request, args: list[str]) -> None:
    """``/review`` (your latest finished game here, or the board or the record replied to), ``/review 12``."""
    message = req.update.message
    reply_to = message.message_id if message is not None else None
    if len(args) > 1:
        req.say("review_usage")
        return
    if args:
        game_id = game_ref(args[0])
        if game_id is None:
            req.say("bad_game_number", text=args[0][:20])
            return
        await ask_review(req, "game", game_id, reply_to=reply_to)
        return
    if req.reply_to is not None:
        about = await req.services.messages.about(req.place.chat_id, req.reply_to)
        if about is not None and about.kind == "record" and about.import_id is not None:
            await ask_review(req, "import", about.import_id, reply_to=reply_to)
            return
        if about is not None and about.game_id is not None:
            await ask_review(req, "game", about.game_id, reply_to=reply_to)
            return
    view = await latest_finished(req)
    if view is None:
        req.say("review_none")
        return
    await ask_review(req, "game", view.id, reply_to=reply_to)


@button(cb.Review)
async def on_review(req: Request, data: cb.Review) -> None:
    """🔎 Review under a final board or a record's viewer."""
    if data.subject == "game":
        await req.pressed_on("board", game=data.ref)
    else:
        await req.pressed_on("record", record=data.ref)
    message = req.message
    await ask_review(req, data.subject, data.ref, reply_to=message.message_id if message is not None else None)


__all__ = [
    "PROGRESS_EVERY_GROUP",
    "PROGRESS_EVERY_PRIVATE",
    "ReviewDesk",
    "ask_review",
    "cmd_review",
    "desk_of",
    "every",
    "on_review",
    "subject_label",
]
