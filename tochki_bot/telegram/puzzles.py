"""Puzzles in the chat: ``/puzzle`` (a private chat: the next one for you, rated; a group: one for everyone, the first
right answer wins), ``/puzzle daily`` (a group: one a day), ``/puzzle share on|off`` (your private games may give
puzzles), the answer buttons, the answers by text (``x-y``, ``/m x-y``, a reply) and the watch that posts the daily
puzzles and looks at finished games for new ones.

In a group a wrong press is told by the button's answer only, never by a message: a group's minute has about 20
messages, and a puzzle for everyone would spend them all."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from ..engine import IllegalMove, Point, parse_point
from ..i18n import Language, t
from ..services import PuzzlePost, PuzzleView, Services
from ..wording.puzzles import answer_text, not_free, skipped_text, won_text
from . import callbacks as cb
from .deadlines import stop_task
from .delivery.postbox import Kind, Ticket
from .formatting import name
from .puzzle_views import answered_spec, task_spec
from .request import Front, Request, button, command

log = logging.getLogger(__name__)
ON_WORDS = frozenset({"on", "yes", "1", "вкл", "да", "tak", "так"})
OFF_WORDS = frozenset({"off", "no", "0", "выкл", "нет", "nie", "ні"})
MINE_EVERY = 600.0
"""Seconds between looks at finished games for new puzzles."""
LONGEST = 300.0
"""The longest sleep of the watch without asking again when the next daily puzzle is due."""


@command
async def cmd_puzzle(req: Request, args: list[str]) -> None:
    """``/puzzle``; ``/puzzle daily [off]`` in a group; ``/puzzle share on|off``."""
    words = [a.strip().lower() for a in args]
    if not words:
        await ask_puzzle(req)
    elif words[0] == "daily" and len(words) <= 2:
        await set_daily(req, words[1] if len(words) == 2 else "on")
    elif words[0] == "share" and len(words) <= 2:
        await set_share(req, words[1] if len(words) == 2 else "")
    else:
        req.say("puzzle_usage")


async def ask_puzzle(req: Request) -> None:
    """The next puzzle: in private the one for this person (a puzzle still waiting is skipped, unrated), in a group
    one nobody there has seen."""
    puzzles = req.services.puzzles
    message = req.update.message
    reply_to = message.message_id if message is not None else None
    if req.place.private:
        for post in await puzzles.skip_open(req.place.chat_id, req.person.id):
            puzzle = await puzzles.puzzle(post.puzzle_id)
            await edit_answered(req.front, post, puzzle, req.lang, skipped_text(puzzle, req.lang), kind=Kind.ANSWER)
        found = await puzzles.next_for(req.person.id)
        if found is None:
            req.say("puzzle_none")
            return
    else:
        found = await puzzles.for_group(req.place.chat_id)
        if found is None:
            req.say("puzzle_none_group")
            return
    await post_puzzle(
        req.front,
        req.place.chat_id,
        req.place.thread_id,
        req.lang,
        found,
        asked_by=req.person.id if req.place.private else None,
        reply_to=reply_to,
    )


async def post_puzzle(
    front: Front,
    chat_id: int,
    thread_id: int,
    lang: Language,
    puzzle: PuzzleView,
    *,
    daily: bool = False,
    asked_by: int | None = None,
    reply_to: int | None = None,
) -> Ticket[int]:
    """Show a puzzle in a chat (through the postbox: within the group's budget) and remember where it is."""
    spec = task_spec(puzzle, lang, group=chat_id < 0, daily=daily, miniapp=front.announcer.miniapp)
    png = await front.announcer.painter.png(spec.picture)
    ticket = front.messenger.send_photo(
        chat_id, png, spec.caption, keyboard=spec.keyboard, thread_id=thread_id, reply_to=reply_to
    )

    async def remember(message_id: int) -> None:
        await front.services.puzzles.shown(chat_id, message_id, puzzle.id, thread_id=thread_id, asked_by=asked_by)

    return ticket.then(remember)


async def edit_answered(
    front: Front, post: PuzzlePost, puzzle: PuzzleView, lang: Language, text: str, *, kind: Kind = Kind.PRESS
) -> Ticket[bool]:
    """The puzzle's message shows the position after the solution and ``text``, without its buttons."""
    spec = answered_spec(puzzle, lang, text)
    png = await front.announcer.painter.png(spec.picture)
    return front.messenger.edit_photo(post.chat_id, post.message_id, png, spec.caption, None, kind=kind)


async def set_daily(req: Request, word: str) -> None:
    if req.place.private:
        req.say("puzzle_daily_private")
        return
    if word not in ON_WORDS | OFF_WORDS:
        req.say("puzzle_usage")
        return
    on = word in ON_WORDS
    await req.services.puzzles.set_daily(req.place.chat_id, req.place.thread_id, on)
    req.say("puzzle_daily_on" if on else "puzzle_daily_off")
    if on:
        await daily_pass(req.front)  # the first one now; the watch posts the next a day later


async def set_share(req: Request, word: str) -> None:
    if not req.place.private:
        req.say("puzzle_share_group")
        return
    if word not in ON_WORDS | OFF_WORDS:
        req.say("puzzle_usage")
        return
    on = word in ON_WORDS
    await req.services.puzzles.set_share(req.person.id, on)
    req.reply(t(req.own_lang, "puzzle_share_on" if on else "puzzle_share_off"))


# ------------------------------------------------------------------------------------------------------------------
# Answers


@button(cb.PuzzleTry)
async def on_try(req: Request, data: cb.PuzzleTry) -> None:
    """A point of a puzzle's frame, pressed."""
    message = req.message
    post = await req.services.puzzles.post(req.place.chat_id, message.message_id) if message is not None else None
    if post is None or post.puzzle_id != data.puzzle:
        await req.answer(t(req.own_lang, "stale"), alert=True)
        return
    puzzle = await req.services.puzzles.puzzle(post.puzzle_id)
    point = Point(data.x, data.y)
    refusal = not_free(puzzle, point, req.own_lang)
    if refusal is not None:
        await req.answer(refusal)
        return
    if req.place.private:
        if post.closed:
            await req.answer(t(req.own_lang, "puzzle_again", id=puzzle.id))
            return
        outcome = await req.services.puzzles.answer_private(post, req.person.id, point, update_id=req.update_id)
        await edit_answered(req.front, post, puzzle, req.lang, answer_text(outcome, req.lang))
        await req.answer("✅" if outcome.correct else "❌")
        return
    outcome = await req.services.puzzles.answer_group(post, req.person.id, point, update_id=req.update_id)
    if outcome.earlier is not None:
        await req.answer(t(req.own_lang, "puzzle_press_again", point=outcome.earlier))
    elif outcome.first:
        text = won_text(puzzle, req.lang, name(req.person.first_name))
        await edit_answered(req.front, post, puzzle, req.lang, text)
        await req.answer(t(req.own_lang, "puzzle_press_right"))
    elif outcome.winner is not None:
        await req.answer(t(req.own_lang, "puzzle_press_solved", name=await winner_name(req.services, outcome.winner)))
    else:
        await req.answer(t(req.own_lang, "puzzle_press_wrong", point=str(point)))


async def winner_name(services: Services, user_id: int) -> str:
    player = await services.people.player(user_id)
    return name(player.name if player is not None else str(user_id))


async def puzzle_here(req: Request) -> PuzzlePost | None:
    """The puzzle a text answer is for: the puzzle message it replies to; in private, the one waiting there."""
    replied = req.reply_to
    if replied is not None:
        return await req.services.puzzles.post(req.place.chat_id, replied)
    if req.place.private:
        return await req.services.puzzles.open_here(req.place.chat_id)
    return None


async def answer_text_move(req: Request, text: str, *, command: bool = False) -> bool:
    """A text (``x-y``, or ``/m x-y`` with ``command``) that answers a puzzle: handled here (``True``), else left
    to the games (``False``). In a group only a reply to the puzzle counts, in the strict form."""
    post = await puzzle_here(req)
    if post is None:
        return False
    group = not req.place.private
    if req.place.private and req.reply_to is None and post.closed:
        return False
    try:
        point = parse_point(text, strict=group and not command)
    except IllegalMove:
        if any(ch.isdigit() for ch in text) or command:
            req.say("malformed")
            return True
        return False  # no point: the games' handling of texts answers it (or leaves a group's talk alone)
    puzzle = await req.services.puzzles.puzzle(post.puzzle_id)
    refusal = not_free(puzzle, point, req.lang)
    if refusal is not None:
        req.reply(refusal, personal=not_free(puzzle, point, req.own_lang))
        return True
    if not group:
        if post.closed:
            req.say("puzzle_again", id=puzzle.id)
            return True
        outcome = await req.services.puzzles.answer_private(post, req.person.id, point, update_id=req.update_id)
        spec = answered_spec(puzzle, req.lang, answer_text(outcome, req.lang))
        png = await req.front.announcer.painter.png(spec.picture)
        message = req.update.message
        req.messenger.send_photo(
            req.place.chat_id, png, spec.caption, reply_to=message.message_id if message is not None else None
        )
        req.messenger.edit_keyboard(req.place.chat_id, post.message_id, None, kind=Kind.ANSWER)
        return True
    outcome = await req.services.puzzles.answer_group(post, req.person.id, point, update_id=req.update_id)
    if outcome.earlier is not None:
        req.say("puzzle_press_again", point=outcome.earlier)
    elif outcome.first:
        await edit_answered(req.front, post, puzzle, req.lang, won_text(puzzle, req.lang, name(req.person.first_name)))
    elif outcome.winner is not None:
        req.say("puzzle_reply_late", id=puzzle.id, name=await winner_name(req.services, outcome.winner))
    else:
        req.say("puzzle_press_wrong", point=str(point))
    return True


# ------------------------------------------------------------------------------------------------------------------
# The watch: the daily puzzles, and new puzzles from finished games


async def daily_pass(front: Front) -> int:
    """Post every group's puzzle of the day that is due; how many were posted."""
    posted = 0
    for chat_id, thread_id in await front.services.puzzles.daily_due():
        try:
            puzzle = await front.services.puzzles.for_group(chat_id)
            if puzzle is None:
                continue
            lang = await front.announcer.chat_language(chat_id)
            await post_puzzle(front, chat_id, thread_id, lang, puzzle, daily=True)
            posted += 1
        except Exception:
            log.exception("the puzzle of the day for chat %s failed", chat_id)
    return posted


class PuzzleWatch:
    """Posts the daily puzzles when they are due and looks at finished games for new puzzles every ``MINE_EVERY``
    seconds (one game at a time, in a worker process), until ``stop``."""

    def __init__(self, front: Front, *, mine: bool = True) -> None:
        self._front = front
        self._mine = mine
        self._woken = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._mined_at = 0.0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="puzzles")

    def wake(self) -> None:
        self._woken.set()

    async def stop(self) -> None:
        task, self._task = self._task, None
        await stop_task(task)

    async def _run(self) -> None:
        services = self._front.services
        while True:
            try:
                await daily_pass(self._front)
                if self._mine and services.now - self._mined_at >= MINE_EVERY:
                    self._mined_at = services.now
                    async with services.leading("puzzles") as leader:
                        if leader:
                            await services.puzzles.mine()
                due = await services.puzzles.next_daily()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the puzzle watch's pass failed")
                due = None
            wait = LONGEST if due is None else max(1.0, min(LONGEST, due - services.now))
            self._woken.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), wait)


__all__ = ["PuzzleWatch", "answer_text_move", "cmd_puzzle", "daily_pass", "on_try", "post_puzzle"]
