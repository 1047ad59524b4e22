"""A busy group, played against the strict fake Bot API: two players moving at a steady pace, a third member with
commands and presses, typos, the player to move pressing arrows, hints, refusals, a draw offer declined and a
confirmation withdrawn; then who got what answer, how late, and how many 429s the bot drew.

Used by the tests (a few minutes of a group played ten or five times faster: the fake's and the bot's windows are
shortened alike) and by ``benchmarks/group.py`` (the same at Telegram's real pace).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.fakebot import Call, FakeTelegram, Limits
from tests.support.harness import Bot
from tochki_bot.telegram import callbacks as cb
from tochki_bot.telegram.keyboards import window_from_corner

GROUP = -1007001
ANNA, BORIS, VERA = 7101, 7102, 7103
LINK = "https://t.me/c/7001/"
"""A link back to a message of the group (``GROUP`` is a supergroup): an answer sent privately carries one."""

WHAT = {
    "move": "a move (`/m x-y`): its board in the group",
    "typo": "a typo (`/m 99-99`) by a player: its answer",
    "hint": "`/hint` by the player to move: the bot's point",
    "ground": "`/ground` out of turn by a player (refused)",
    "end": "`/end` while one's own draw offer waits (refused)",
    "offer": "`/draw`: the offer on the latest board",
    "decline": "Decline pressed: the board says so",
    "confirm": "`/resign`: the question on the latest board",
    "withdraw": "No pressed: the question leaves the board",
    "arrow": "an arrow pressed by the player to move: the press's answer",
    "window": "that arrow's window on the board",
    "vera_press": "an arrow pressed by the third member (refused)",
    "vera_board": "`/board` by the third member",
    "vera_ground": "`/ground` by the third member (refused: she does not play)",
    "vera_help": "`/help`, `/games` by the third member",
}
"""What each kind of thing asked is, for the report's table."""
PRESSES = frozenset({"arrow", "vera_press", "decline", "withdraw"})
"""Kinds that are button presses: each is answered by ``answerCallbackQuery`` (``arrow``, ``vera_press``: that is
their answer; ``decline``, ``withdraw``: their answer is the board's edit)."""


@dataclass
class Asked:
    """Something a person did that needs an answer: a command (its message), a move, a button press."""

    kind: str
    """A key of ``WHAT``."""
    user_id: int
    at: float
    message_id: int | None = None
    point: str | None = None
    ply: int | None = None
    """A move: its number (its board's caption says "Move N")."""
    answered_at: float | None = None
    query: str | None = None
    """A press: its callback query's id (its answer is found by it)."""
    board: int | None = None
    """An arrow: the board message it was pressed on."""
    corner: tuple[int, int] | None = None
    """An arrow: the lower-left corner of the window it asks for."""
    marker: str | None = None
    """A question or an offer: a text the board's caption shows when it is answered."""
    privately: bool = False
    """Answered in the person's private chat (with a link back to the message)."""
    promised: int | None = None
    """A press answered "the board changes in N s": N."""
    pressed_answer: float | None = None
    """A press: when it was answered (``answerCallbackQuery``)."""
    refused: int = 0
    """429s the fake answered in the chat of its answer while it waited for it."""


@dataclass
class Report:
    """What a trial found."""

    asked: list[Asked]
    refused: int
    """429s the fake answered."""
    messages: int
    """Group messages (sends and edits) the bot made while the game was played."""
    seconds: float
    """How long the game was played (Telegram time)."""
    scale: float
    """Seconds of the trial per second of Telegram time (0.2: five times faster)."""
    moves: int = 0
    """Moves played."""
    by_kind: dict[str, tuple[int, int, float, float, float, int]] = field(default_factory=dict)
    """Kind -> (asked, answered, p50 s, p95 s, max s, 429s on the way), latencies in Telegram time."""
    final_windows: list[bool] = field(default_factory=list)
    """For each burst of arrow presses: whether the board showed the last window asked for."""

    def __post_init__(self) -> None:
        kinds = [kind for kind in WHAT if any(a.kind == kind for a in self.asked)]
        for kind in kinds:
            items = [a for a in self.asked if a.kind == kind]
            late = sorted((a.answered_at - a.at) / self.scale for a in items if a.answered_at is not None)
            p50 = statistics.median(late) if late else float("nan")
            p95 = late[min(len(late) - 1, int(0.95 * len(late)))] if late else float("nan")
            worst = late[-1] if late else float("nan")
            self.by_kind[kind] = (len(items), len(late), p50, p95, worst, sum(a.refused for a in items))

    @property
    def unanswered(self) -> list[Asked]:
        return [a for a in self.asked if a.answered_at is None]

    def table(self) -> str:
        lines = ["| what | asked | answered | p50 | p95 | max | 429s |", "|---|---|---|---|---|---|---|"]
        for kind, (asked, answered, p50, p95, worst, refused) in self.by_kind.items():
            lines.append(
                f"| {WHAT[kind]} | {asked} | {answered} | {p50:.1f} s | {p95:.1f} s | {worst:.1f} s | {refused} |"
            )
        privately = [a for a in self.asked if a.privately]
        later = [a for a in self.asked if a.promised is not None]
        lines.append(
            f"\n429s received: {self.refused}; moves: {self.moves} in {self.seconds:.0f} s; group messages while "
            f"playing: {self.messages} ({60 * self.messages / max(self.seconds, 1):.1f} a minute); answered "
            f"privately with a link back: {len(privately)}; presses answered with when their edit comes: "
            f"{len(later)}; arrow bursts that ended on the last window asked for: "
            f"{sum(self.final_windows)} of {len(self.final_windows)}"
        )
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


def shown(call: Call) -> str:
    """The text (or caption) a send or an edit shows."""
    params = call.params
    if call.method == "editMessageMedia":
        media = params.get("media")
        media = json.loads(media) if isinstance(media, str) else media or {}
        return str(media.get("caption", ""))
    return str(params.get("text") or params.get("caption") or "")


def markup_of(call: Call) -> dict[str, Any]:
    markup = call.params.get("reply_markup")
    if isinstance(markup, str):
        markup = json.loads(markup)
    return markup if isinstance(markup, dict) else {}


def corner_of(markup: dict[str, Any]) -> tuple[int, int] | None:
    """The lower-left corner of the window a board's keyboard shows (its point buttons)."""
    points = []
    for row in markup.get("inline_keyboard", []):
        for button in row:
            data = cb.decode(button.get("callback_data"))
            if isinstance(data, cb.Play | cb.Info):
                points.append((data.x, data.y))
    if not points:
        return None
    return min(x for x, _ in points), min(y for _, y in points)


def answer_times(fake: FakeTelegram, asked: list[Asked]) -> None:
    """Find, for each thing asked, when the bot answered it (from what the fake was sent), and the 429s met in the
    chat of its answer meanwhile."""
    _answer_times(fake, asked)
    for item in asked:
        chat = item.user_id if item.privately else (0 if item.kind in ("arrow", "vera_press") else GROUP)
        end = item.answered_at if item.answered_at is not None else float("inf")
        item.refused = sum(1 for r in fake.refused if r.chat_id == chat and item.at <= r.at <= end)


def _answer_times(fake: FakeTelegram, asked: list[Asked]) -> None:
    calls = [c for c in fake.calls if c.result != "failed"]
    answers = {str(c.params.get("callback_query_id")): c for c in calls if c.method == "answerCallbackQuery"}
    for item in asked:
        if item.query is not None and item.query in answers:
            call = answers[item.query]
            item.pressed_answer = call.at
            found = re.search(r"in (\d+) s", str(call.params.get("text") or ""))
            item.promised = int(found.group(1)) if found else None
            if item.kind in ("arrow", "vera_press"):
                item.answered_at = call.at
                continue
        for call in calls:
            if call.at < item.at:
                continue
            params = call.params
            chat = int(params.get("chat_id", 0) or 0)
            text = shown(call)
            if item.kind == "window":
                if chat == GROUP and call.method == "editMessageMedia" and int(params["message_id"]) == item.board:
                    item.answered_at = call.at  # the edit that went after it shows it, or a newer window (coalesced)
                    break
                continue
            if item.marker is not None:
                if chat == GROUP and call.method in ("sendPhoto", "editMessageMedia") and item.marker in text:
                    item.answered_at = call.at
                    break
                continue
            if item.kind == "move":
                numbers = [int(n) for n in re.findall(r"Move (\d+):", text)]
                if chat == GROUP and call.method in ("sendPhoto", "editMessageMedia") and numbers:
                    if item.ply is not None and max(numbers) >= item.ply:
                        item.answered_at = call.at  # its board, or a newer one that took its place
                        break
                    continue
                if chat not in (GROUP, item.user_id) or call.method != "sendMessage":
                    continue  # a move refused (the other player's turn came first) is answered like a command
            if chat == GROUP and item.message_id is not None and _reply_to(params) == item.message_id:
                item.answered_at = call.at
                break
            if chat == GROUP and call.method == "sendMessage" and f"tg://user?id={item.user_id}" in text:
                item.answered_at = call.at  # a digest of short answers names whom each answers
                break
            if chat == item.user_id and call.method == "sendMessage" and f'{LINK}{item.message_id}"' in text:
                item.answered_at = call.at  # sent to the person's private chat instead, with a link back
                item.privately = True
                break


async def open_game(bot: Bot, size: str = "20x20", *words: str) -> None:
    fake = bot.fake
    anna, boris = fake.user(ANNA, "Anna", "en"), fake.user(BORIS, "Boris", "en")
    await bot.say(GROUP, anna, " ".join(["/new", size, "empty", "blue", *words]))
    lobby = fake.last("sendMessage", GROUP).result["message_id"]
    await bot.press(GROUP, lobby, boris, bot.button(GROUP, lobby, "Join"))


async def until(condition: Callable[[], bool], seconds: float) -> bool:
    """Wait until ``condition()`` holds (``False`` after ``seconds``)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.01)
    return True


def latest_board(fake: FakeTelegram) -> int:
    return int(fake.last("sendPhoto", GROUP).result["message_id"])


def button_of(fake: FakeTelegram, board: int, prefix: str) -> str | None:
    """The callback data of the first button of a board whose data starts with ``prefix``."""
    markup = fake.messages.get((GROUP, board), {}).get("reply_markup") or {}
    for row in markup.get("inline_keyboard", []):
        for button in row:
            if str(button.get("callback_data", "")).startswith(prefix):
                return str(button["callback_data"])
    return None


async def play_group(bot: Bot, *, seconds: float, pace: float = 4.0, scale: float = 1.0, seed: int = 1) -> Report:
    """Anna and Boris move every ``pace`` seconds (Telegram time) for ``seconds``, in an unrated game (hints are
    allowed there). Every fifth move is preceded by a typo; every 15 moves the player to move asks for a hint and the
    other player sends ``/ground`` out of turn; every 30 the player to move presses three arrows a second apart
    before moving; every 75 moves one player
    offers a draw (then sends ``/end``, refused) and the other declines it on the board before moving, and a player
    asks to resign and presses No. Vera, a member who never started the bot, sends a command or presses a button
    every ``3 * pace``. Times are Telegram's, played ``1 / scale`` times faster."""
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
    await open_game(bot, "20x20", "unrated")
    await bot.settle()
    asked: list[Asked] = []
    bursts: list[Asked] = []
    """The last arrow of each burst."""
    started = time.monotonic()
    counted_from = len(fake.calls)
    turn = 0
    pending: set[asyncio.Task[None]] = set()

    async def send(update: dict[str, Any]) -> None:
        task = asyncio.create_task(bot.send(update, settle=False))
        pending.add(task)
        task.add_done_callback(pending.discard)
        await asyncio.sleep(0)

    async def say(kind: str, user: dict[str, Any], text: str, marker: str | None = None) -> None:
        update = fake.message_update(GROUP, user, text)
        asked.append(Asked(kind, user["id"], time.monotonic(), update["message"]["message_id"], marker=marker))
        await send(update)

    async def press(kind: str, user: dict[str, Any], board: int, data: str, **details: Any) -> Asked:
        update = fake.callback_update(GROUP, board, user, data)
        item = Asked(kind, user["id"], time.monotonic(), query=update["callback_query"]["id"], **details)
        asked.append(item)
        await send(update)
        return item

    async def wait(seconds: float) -> None:
        await asyncio.sleep(seconds * scale)

    async def answer_on_board(prefix: str) -> str | None:
        """Wait for a question's buttons on the latest board (at most 30 s): the data of its last one (No)."""
        if not await until(lambda: button_of(fake, latest_board(fake), prefix) is not None, 30 * scale):
            return None
        rows = bot.buttons(GROUP, latest_board(fake))
        return [str(b["callback_data"]) for row in rows for b in row if b["callback_data"].startswith(prefix)][-1]

    while time.monotonic() - started < seconds * scale:
        view = await bot.services.game(1)
        if view.state != "active":
            break
        turn_began = time.monotonic()
        mover = view.player_to_move
        assert mover is not None
        user = people[mover.id]
        waiting = people[BORIS if mover.id == ANNA else ANNA]
        cycle = turn % 75
        if turn % 30 == 7:  # the player to move looks around the board first: three arrows, a second apart
            board = latest_board(fake)
            for _ in range(3):
                arrows = []
                for row in bot.buttons(GROUP, board):
                    for button in row:
                        data = cb.decode(button["callback_data"])
                        if isinstance(data, cb.Window) and not data.zoom and data.ply == view.ply:
                            arrows.append(data)
                if not arrows:
                    break
                arrow = rng.choice(arrows)
                window = window_from_corner(view.position.width, view.position.height, arrow.x0, arrow.y0)
                item = await press("arrow", user, board, arrow.encode())
                asked.append(
                    Asked("window", user["id"], item.at, board=board, corner=(window.x0, window.y0), query=item.query)
                )
                await wait(1.0)
            if asked[-1].kind == "window":
                bursts.append(asked[-1])
        if turn % 15 == 3:
            await say("hint", user, "/hint")
        if turn % 15 == 11:
            await say("ground", waiting, "/ground")
        if cycle == 40:  # a confirmation, and No: the player waits for the question before doing anything else
            await say("confirm", user, "/resign", marker="Resign game #1?")
            no = await answer_on_board("R:")
            if no is not None:
                await press("withdraw", user, latest_board(fake), no, marker="Resignation withdrawn")
        if cycle == 21:  # the offer of the move before: its opponent declines it on the board before moving
            no = await answer_on_board("D:")
            if no is not None:
                await press("decline", user, latest_board(fake), no, marker="declined the draw")
        if turn % 5 == 4:
            typo = fake.message_update(GROUP, user, "/m 99-99")
            asked.append(Asked("typo", mover.id, time.monotonic(), typo["message"]["message_id"]))
            await send(typo)
        if cycle == 20:
            await say("offer", user, "/draw", marker="offers a draw")
            await wait(0.5)
            await say("end", user, "/end")
        view = await bot.services.game(1)
        points = list(view.position.playable_points())
        last = view.position.last_move
        if last is not None and last.point is not None:
            near = [p for p in points if abs(p.x - last.point.x) <= 3 and abs(p.y - last.point.y) <= 3]
            points = near or points
        point = rng.choice(points)
        move = fake.message_update(GROUP, user, f"/m {point}")
        number = view.position.move_count + 1
        asked.append(Asked("move", mover.id, time.monotonic(), move["message"]["message_id"], str(point), number))
        await send(move)
        before = view.ply
        for _ in range(int(10 * scale / 0.01)):  # the move is stored before the next player moves (their turn)
            if (await bot.services.game(1)).ply > before:
                break
            await asyncio.sleep(0.01)
        if turn % 3 == 1:
            what = ("/board", "/help", "/ground", "press", "/games")[(turn // 3) % 5]
            if what == "press":
                board = latest_board(fake)
                arrow_data = button_of(fake, board, "W:")
                if arrow_data is not None:
                    await press("vera_press", vera, board, arrow_data)
            else:
                kind = {"/board": "vera_board", "/ground": "vera_ground"}.get(what, "vera_help")
                await say(kind, vera, what)
        turn += 1
        spent = (time.monotonic() - turn_began) / scale
        await wait(max(0.0, pace * (0.8 + 0.4 * rng.random()) - spent))
    played = (time.monotonic() - started) / scale
    moves = (await bot.services.game(1)).position.move_count
    group_calls = [
        c for c in fake.calls[counted_from:] if int(c.params.get("chat_id", 0) or 0) == GROUP and c.result != "failed"
    ]
    messages = sum(
        1
        for c in group_calls
        if c.method in ("sendMessage", "sendPhoto", "editMessageMedia", "editMessageText", "editMessageReplyMarkup")
    )
    await asyncio.gather(*list(pending))
    # Until everything asked is answered (a minute at most: the promise is 30 s), not until the group is quiet: the
    # tidy-ups that wait for a quiet group (up to 5 minutes) are not what this measures, and stopping the bot leaves
    # them to the outbox.
    deadline = time.monotonic() + 60 * scale
    while time.monotonic() < deadline:
        unanswered = [item for item in asked if item.answered_at is None]
        if not unanswered:
            break
        _answer_times(fake, unanswered)
        await asyncio.sleep(0.1)
    answer_times(fake, asked)
    report = Report(asked, len(fake.refused), messages, played, scale, moves)
    for last_arrow in bursts:
        edits = [
            c
            for c in fake.sent("editMessageMedia", GROUP)
            if int(c.params["message_id"]) == last_arrow.board and c.at >= last_arrow.at
        ]
        report.final_windows.append(any(corner_of(markup_of(c)) == last_arrow.corner for c in edits))
    return report
