"""A busy group, played against the strict fake Bot API: two players moving at a steady pace, a third member with
commands and presses, typos; then who got what answer, how late, and how many 429s the bot drew.

Used by the tests (a few minutes of a group played ten or five times faster: the fake's and the bot's windows are
shortened alike) and by ``benchmarks/group.py`` (the same at Telegram's real pace).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.fakebot import FakeTelegram, Limits
from tests.support.harness import Bot

GROUP = -1007001
ANNA, BORIS, VERA = 7101, 7102, 7103


@dataclass
class Asked:
    """Something a person did that needs an answer: a command (its message), a move, a button press."""

    kind: str
    """``move``, ``typo``, ``command``, ``refused``, ``press``, ``board``."""
    user_id: int
    at: float
    message_id: int | None = None
    point: str | None = None
    answered_at: float | None = None


@dataclass
class Report:
    """What a trial found."""

    asked: list[Asked]
    refused: int
    """429s the fake answered."""
    messages: int
    """Group messages (sends and edits) the bot made."""
    seconds: float
    scale: float
    """Seconds of the trial per second of Telegram time (0.2: five times faster)."""
    by_kind: dict[str, tuple[int, int, float, float]] = field(default_factory=dict)
    """Kind -> (asked, answered, p50 s, p95 s), latencies in Telegram time."""

    def __post_init__(self) -> None:
        for kind in sorted({a.kind for a in self.asked}):
            items = [a for a in self.asked if a.kind == kind]
            late = sorted((a.answered_at - a.at) / self.scale for a in items if a.answered_at is not None)
            p50 = statistics.median(late) if late else float("nan")
            p95 = late[min(len(late) - 1, int(0.95 * len(late)))] if late else float("nan")
            self.by_kind[kind] = (len(items), len(late), p50, p95)

    @property
    def unanswered(self) -> list[Asked]:
        return [a for a in self.asked if a.answered_at is None]

    def table(self) -> str:
        lines = ["| what | asked | answered | p50 | p95 |", "|---|---|---|---|---|"]
        for kind, (asked, answered, p50, p95) in self.by_kind.items():
            lines.append(f"| {kind} | {asked} | {answered} | {p50:.1f} s | {p95:.1f} s |")
        lines.append(f"\n429s received: {self.refused}; group messages: {self.messages} in {self.seconds:.0f} s")
        return "\n".join(lines)


def strict_bot(db: Path, scale: float = 1.0, **config: Any) -> Bot:
    """A bot against the strict fake, both keeping a group's window of ``60 * scale`` seconds."""
    window = 60.0 * scale
    fake = FakeTelegram(limits=Limits(window=window))
    settings: dict[str, Any] = {"group_rate": 20, "group_window": window, "chat_rate": 1.0, "overall_rate": 30}
    return Bot(db, fake, **(settings | config))


def _reply_to(params: dict[str, Any]) -> int | None:
    reply = params.get("reply_parameters")
    if isinstance(reply, str):
        reply = json.loads(reply)
    return int(reply["message_id"]) if isinstance(reply, dict) and reply.get("message_id") else None


def answer_times(fake: FakeTelegram, asked: list[Asked]) -> None:
    """Find, for each thing asked, when the bot answered it (from what the fake was sent)."""
    calls = [c for c in fake.calls if c.result != "failed"]
    for item in asked:
        if item.kind == "press":
            continue  # answered by the harness's count of answerCallbackQuery
        for call in calls:
            if call.at < item.at:
                continue
            params = call.params
            chat = int(params.get("chat_id", 0) or 0)
            text = str(params.get("text") or params.get("caption") or "")
            if call.method == "editMessageMedia":
                media = params.get("media")
                media = json.loads(media) if isinstance(media, str) else media or {}
                text = str(media.get("caption", ""))
            if item.kind == "move":
                if chat == GROUP and call.method in ("sendPhoto", "editMessageMedia") and f": {item.point} " in text:
                    item.answered_at = call.at
                    break
                if chat not in (GROUP, item.user_id) or call.method != "sendMessage":
                    continue  # a move refused (the other player's turn came first) is answered like a command
            if chat == GROUP and item.message_id is not None and _reply_to(params) == item.message_id:
                item.answered_at = call.at
                break
            if chat == GROUP and call.method == "sendMessage" and f"tg://user?id={item.user_id}" in text:
                item.answered_at = call.at  # a digest of short answers names whom each answers
                break
            if chat == item.user_id and call.method in ("sendMessage", "sendPhoto"):
                item.answered_at = call.at  # sent to the person's private chat instead
                break


async def open_game(bot: Bot, size: str = "20x20") -> None:
    fake = bot.fake
    anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "en")
    await bot.say(GROUP, anna, f"/new {size} empty blue")
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))


async def play_group(bot: Bot, *, seconds: float, pace: float = 4.0, scale: float = 1.0, seed: int = 1) -> Report:
    """Anna and Boris move every ``pace`` seconds (Telegram time) for ``seconds``; Vera, a member who never started
    the bot, sends a command or presses a button every ``3 * pace``; every fifth move is preceded by a typo. Times are
    Telegram's, played ``1 / scale`` times faster."""
    fake = bot.fake
    rng = random.Random(seed)
    people = {ANNA: fake.user(ANNA, "Anna", "en"), BORIS: fake.user(BORIS, "Boris", "en")}
    vera = fake.user(VERA, "Vera", "en")
    fake.fail(
        "sendMessage",
        403,
        "Forbidden: bot can't initiate conversation with a user",
        match=lambda p: int(p.get("chat_id", 0)) == VERA,
        times=10**6,
    )
    await open_game(bot)
    await bot.settle()
    asked: list[Asked] = []
    presses_before = len(fake.sent("answerCallbackQuery"))
    started = time.monotonic()
    counted_from = len(fake.calls)
    turn = 0
    pending: set[asyncio.Task[None]] = set()

    async def send(update: dict[str, Any]) -> None:
        task = asyncio.create_task(bot.send(update, settle=False))
        pending.add(task)
        task.add_done_callback(pending.discard)
        await asyncio.sleep(0)

    while time.monotonic() - started < seconds * scale:
        view = await bot.services.game(1)
        if view.state != "active":
            break
        mover = view.player_to_move
        assert mover is not None
        user = people[mover.id]
        if turn % 5 == 4:
            typo = fake.message_update(GROUP, user, "/m 99-99")
            asked.append(Asked("typo", mover.id, time.monotonic(), typo["message"]["message_id"]))
            await send(typo)
        points = list(view.position.playable_points())
        last = view.position.last_move
        if last is not None and last.point is not None:
            near = [p for p in points if abs(p.x - last.point.x) <= 3 and abs(p.y - last.point.y) <= 3]
            points = near or points
        point = rng.choice(points)
        move = fake.message_update(GROUP, user, f"/m {point}")
        asked.append(Asked("move", mover.id, time.monotonic(), move["message"]["message_id"], point=str(point)))
        await send(move)
        if turn % 3 == 1:
            what = ("/board", "/help", "/ground", "press", "/games")[(turn // 3) % 5]
            if what == "press":
                boards = fake.sent("sendPhoto", GROUP)
                if boards:
                    board = boards[-1].result["message_id"]
                    rows = bot.buttons(GROUP, board)
                    arrows = [b for row in rows for b in row if b["callback_data"].startswith("W:")]
                    if arrows:
                        press = fake.callback_update(GROUP, board, vera, arrows[0]["callback_data"])
                        asked.append(Asked("press", VERA, time.monotonic()))
                        await send(press)
            else:
                command = fake.message_update(GROUP, vera, what)
                kind = "refused" if what == "/ground" else ("board" if what == "/board" else "command")
                asked.append(Asked(kind, VERA, time.monotonic(), command["message"]["message_id"]))
                await send(command)
        turn += 1
        await asyncio.sleep(pace * scale * (0.8 + 0.4 * rng.random()))
    await asyncio.gather(*list(pending))
    await bot.settle()
    answer_times(fake, asked)
    presses = [a for a in asked if a.kind == "press"]
    answered = fake.sent("answerCallbackQuery")[presses_before:]
    for item, call in zip(presses, answered, strict=False):
        item.answered_at = call.at
    group_calls = [
        c for c in fake.calls[counted_from:] if int(c.params.get("chat_id", 0) or 0) == GROUP and c.result != "failed"
    ]
    messages = sum(
        1
        for c in group_calls
        if c.method in ("sendMessage", "sendPhoto", "editMessageMedia", "editMessageText", "editMessageReplyMarkup")
    )
    return Report(asked, len(fake.refused), messages, (time.monotonic() - started) / scale, scale)
