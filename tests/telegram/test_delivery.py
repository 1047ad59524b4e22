"""``telegram/delivery``: the ledger (the one budget per chat) and the postbox (every message planned against it).

Before them a group had two budgets that refilled each on its own (PTB's rate limiter and a message budget), so a
fresh group got about 40 messages in its first minute and then a 429 that stalled everything; and whatever the budget
had no room for was left out without a word: a ``/hint``, a refusal, an arrow press's new window."""

from __future__ import annotations

import asyncio
import time

import pytest

from tochki_bot.telegram.delivery.ledger import Ledger, Limits
from tochki_bot.telegram.delivery.postbox import Kind, Note, Postbox

GROUP = -100


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_group_takes_its_limit_in_a_sliding_window() -> None:
    clock = Clock()
    ledger = Ledger(Limits(group=3, window=60, margin=1, burst=3), clock)
    for _ in range(3):
        assert ledger.free(GROUP) > 0
        ledger.spend(GROUP)
        clock.now += 10
    assert ledger.free(GROUP) == 0
    assert ledger.wait(GROUP) == pytest.approx(61 - 30)  # the first leaves the window (and its margin) at 1061
    assert ledger.wait(GROUP, 2) == pytest.approx(71 - 30)
    clock.now += 31
    assert ledger.free(GROUP) == 1


def test_a_group_takes_a_burst_then_one_every_window_share() -> None:
    """Spread over the window: 5 at once, then one every 61 / 20 s, so that a game's start and a few answers cannot
    spend the window's 20 messages in half a minute and leave the boards none for the other half."""
    clock = Clock()
    ledger = Ledger(Limits(), clock)
    for _ in range(5):
        ledger.spend(GROUP)
    assert ledger.free(GROUP) == 0 and ledger.wait(GROUP) == pytest.approx(61 / 20)
    clock.now += 61 / 20
    assert ledger.free(GROUP) == 1


def test_a_private_chat_takes_a_burst_then_one_a_second() -> None:
    clock = Clock()
    ledger = Ledger(Limits(private_burst=3, private_rate=1.0), clock)
    for _ in range(3):
        ledger.spend(7)
    assert ledger.free(7) == 0 and ledger.wait(7) == pytest.approx(1.0)
    clock.now += 1
    assert ledger.free(7) == 1


def test_a_429_blocks_the_chat_for_telegrams_wait() -> None:
    clock = Clock()
    ledger = Ledger(Limits(), clock)
    ledger.refused(GROUP, 5)
    assert ledger.free(GROUP) == 0 and ledger.wait(GROUP) == pytest.approx(5)
    clock.now += 5.1
    assert ledger.free(GROUP) == Limits().burst


def recorder(sent: list[str], name: str):  # type: ignore[no-untyped-def]
    async def make() -> str:
        sent.append(name)
        return name

    return make


async def test_with_room_everything_goes_at_once_in_order() -> None:
    postbox = Postbox(Ledger(Limits(group=20, window=1.0)))
    sent: list[str] = []
    tickets = [postbox.post(GROUP, kind, recorder(sent, str(i))) for i, kind in enumerate(Kind)]
    assert [await ticket for ticket in tickets] == ["0", "1", "2", "3"]
    assert sent == ["0", "1", "2", "3"]


@pytest.mark.slow
async def test_when_short_boards_go_first_and_nothing_is_dropped() -> None:
    """Five messages at once in a group that takes three a (1.2 s) window: the boards go first, the answer after
    them in the next window, the tidy-up last, once the group is quiet; none is left out."""
    postbox = Postbox(Ledger(Limits(group=3, window=1.2, margin=0.0)))
    sent: list[str] = []
    start = time.monotonic()
    answer = postbox.post(GROUP, Kind.ANSWER, recorder(sent, "answer"))
    tidy = postbox.post(GROUP, Kind.TIDY, recorder(sent, "tidy"))
    boards = [postbox.post(GROUP, Kind.BOARD, recorder(sent, f"board{i}")) for i in range(3)]
    assert answer.eta == 0.0  # alone at first: it would have gone at once
    assert 0 < postbox.eta(GROUP, Kind.ANSWER) <= 1.2 + 0.01  # now: behind the boards, in the next window
    await asyncio.gather(answer, tidy, *boards)
    assert sent == ["board0", "board1", "board2", "answer", "tidy"]
    assert time.monotonic() - start >= 1.0  # the rest waited for the window


async def test_an_answer_past_its_due_time_takes_the_reserve() -> None:
    """Boards keep ``RESERVE`` messages to themselves, but not past an answer's due time (window / 4)."""
    postbox = Postbox(Ledger(Limits(group=3, window=0.6, margin=0.0)))
    sent: list[str] = []
    postbox.post(GROUP, Kind.BOARD, recorder(sent, "board"))
    answer = postbox.post(GROUP, Kind.ANSWER, recorder(sent, "answer"))
    assert 0 < answer.eta <= 0.25
    await answer
    assert sent == ["board", "answer"]


async def test_an_answer_past_its_late_time_goes_before_a_stream_of_boards() -> None:
    """A game as fast as its group's rate always has a board waiting: an answer that only took what the boards left
    was starved (a refused ``/ground`` in the busy-group trial came at 37.8 s). Past its late time (window / 4 +
    window / 12) it goes before the next board, which waits one message more."""
    window = 0.6
    postbox = Postbox(Ledger(Limits(group=4, window=window, margin=0.0, burst=1)))  # a message every 0.15 s
    sent: list[str] = []
    start = time.monotonic()
    answer = postbox.post(GROUP, Kind.ANSWER, recorder(sent, "answer"))
    boards = []
    for i in range(12):
        boards.append(postbox.post(GROUP, Kind.BOARD, recorder(sent, f"board{i}")))
        await asyncio.sleep(0.12)  # faster than the group's rate: a board is always waiting
    await asyncio.gather(answer, *boards)
    assert sorted(sent) == sorted(["answer"] + [f"board{i}" for i in range(12)])  # none left out
    # Late at 0.2 s, then the next message (0.15 s): before the stream's end (before, it went after every board).
    assert sent.index("answer") <= 6, sent
    assert time.monotonic() - start >= 12 * 0.12


async def test_a_letter_with_the_same_key_replaces_the_waiting_one() -> None:
    postbox = Postbox(Ledger(Limits(group=1, window=0.5, margin=0.0)))
    sent: list[str] = []
    first = postbox.post(GROUP, Kind.BOARD, recorder(sent, "board"))
    windows = [postbox.post(GROUP, Kind.PRESS, recorder(sent, f"window{i}"), key="window") for i in range(4)]
    assert not windows[0].done()
    outcomes = await asyncio.gather(first, *windows)
    assert sent == ["board", "window3"]  # the latest window, once
    assert outcomes[1:] == ["window3"] * 4  # whoever waited for an older one learns it went as the latest


async def test_short_answers_waiting_together_go_as_one_digest() -> None:
    digests: list[list[Note]] = []

    async def digest(chat_id: int, notes: list[Note]) -> int:
        digests.append(notes)
        return 1

    postbox = Postbox(Ledger(Limits(group=1, window=0.4, margin=0.0)), digest)
    sent: list[str] = []
    postbox.post(GROUP, Kind.BOARD, recorder(sent, "board"))
    answers = [
        postbox.post(GROUP, Kind.ANSWER, recorder(sent, f"a{i}"), note=Note(f"text {i}", i, f"P{i}")) for i in range(3)
    ]
    await asyncio.gather(*answers)
    assert sent == ["board"] and len(digests) == 1 and [n.text for n in digests[0]] == ["text 0", "text 1", "text 2"]


async def test_a_held_letter_waits_unless_replaced() -> None:
    postbox = Postbox(Ledger(Limits()))
    sent: list[str] = []
    held = postbox.post(GROUP, Kind.BOARD, recorder(sent, "player"), key="board", hold=5.0)
    await asyncio.sleep(0.05)
    assert sent == []
    postbox.post(GROUP, Kind.BOARD, recorder(sent, "bot"), key="board")
    assert await held == "bot" and sent == ["bot"]


async def test_a_failure_reaches_whoever_waits_and_the_line_goes_on() -> None:
    postbox = Postbox(Ledger(Limits()))

    async def broken() -> None:
        raise RuntimeError("no")

    failed = postbox.post(GROUP, Kind.ANSWER, broken)
    after = postbox.post(GROUP, Kind.ANSWER, recorder([], "after"))
    with pytest.raises(RuntimeError):
        await failed
    assert await after == "after"


async def test_a_press_is_promised_the_wait_of_what_goes_before_it_only() -> None:
    """An edit a press asks for goes after the boards and the answers already due, never after a tidy-up or an answer
    due later: the wait its answer promises counts only those. Before, every earlier letter was counted, tidy-ups
    included (a busy game leaves many: the buttons of its old boards), and presses were promised 3-4 times the wait."""
    clock = Clock()
    ledger = Ledger(Limits(), clock)
    for _ in range(5):
        ledger.spend(GROUP)  # the burst is spent: one message every 61 / 20 s
    postbox = Postbox(ledger)
    never: list[str] = []
    for i in range(10):
        postbox.post(GROUP, Kind.TIDY, recorder(never, f"tidy{i}"))
    postbox.post(GROUP, Kind.ANSWER, recorder(never, "answer"))  # due in 20 s
    press = postbox.post(GROUP, Kind.PRESS, recorder(never, "press"), key="window")
    assert press.eta == pytest.approx(5.0)  # its due time (window / 12): the boards' reserve is not its to take
    clock.now += 1.0
    again = postbox.post(GROUP, Kind.PRESS, recorder(never, "press2"), key="window")  # replaces it, keeps its due
    assert again.eta == pytest.approx(4.0)
    board = postbox.eta(GROUP, Kind.BOARD)
    assert board == pytest.approx(61 / 20 - 1.0)  # a board goes before all of them, at the next message
    clock.now += 20.0  # the answer is due now: it goes before a press posted now
    for _ in range(5):
        ledger.spend(GROUP)
    late = postbox.post(GROUP, Kind.PRESS, recorder(never, "other"), key="other")
    assert late.eta == pytest.approx(ledger.wait(GROUP, 3))  # the answer, the first press (due too), then this one
    for task in list(postbox._tasks.values()):
        task.cancel()
    assert never == []


async def test_a_replacing_letter_keeps_the_urgency_of_the_one_it_replaces() -> None:
    """A press's edit is promised within seconds; an edit of the same message posted after it as a tidy-up (or an
    answer) replaces its content, not its promise."""
    clock = Clock()
    ledger = Ledger(Limits(), clock)
    for _ in range(5):
        ledger.spend(GROUP)
    postbox = Postbox(ledger)
    never: list[str] = []
    press = postbox.post(GROUP, Kind.PRESS, recorder(never, "window"), key="edit")
    tidier = postbox.post(GROUP, Kind.TIDY, recorder(never, "tidy"), key="edit")
    assert tidier.letter.kind is Kind.PRESS and tidier.eta == pytest.approx(press.eta)
    for task in list(postbox._tasks.values()):
        task.cancel()
    assert never == []
