"""Pictures drawn in worker processes (``tochki_bot.painter``): the bot's boards come from them, a worker that dies
costs no board, and the setting that picks them is read and checked."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

import pytest

from render import BoardView
from tests.support.fakebot import PNG_MAGIC
from tests.support.games import GROUP, open_group_game, users
from tests.support.harness import Bot
from tests.support.paths import ROOT, Where
from tochki_bot.config import DEFAULT_PICTURE_WORKERS, Config
from tochki_bot.engine import Game
from tochki_bot.painter import GIVE_UP_AFTER, Painter
from tochki_bot.pictures import board_view
from tochki_bot.processes import WATCH_EVERY


def _view() -> BoardView:
    game = Game(15, 15)
    game.play(3, 3)
    game.play(12, 12)
    return board_view(game, blue="Анна", red="Boris", caption="Move 2")


@pytest.mark.process
async def test_a_picture_drawn_in_a_worker_process_is_the_one_drawn_here() -> None:
    painter = Painter(1)
    try:
        drawn = await painter.png(_view())
        assert painter._pool is not None and len(painter._pool._processes) == 1  # a process drew it
        assert drawn == await Painter(0).png(_view())  # the same bytes as a thread's
    finally:
        painter.close()


@pytest.mark.process
async def test_a_worker_that_dies_costs_no_picture() -> None:
    painter = Painter(1)
    try:
        await painter.png(_view())
        assert painter._pool is not None
        (pid,) = painter._pool._processes
        os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):  # the pool's own thread may have reaped it first
            os.waitpid(pid, 0)
        drawn = await painter.png(_view())  # the broken pool is noticed, replaced, and the picture drawn again
        assert drawn.startswith(PNG_MAGIC)
        assert painter._pool is not None and pid not in painter._pool._processes
    finally:
        painter.close()


@pytest.mark.process
async def test_closing_ends_the_workers_and_their_managing_thread_at_once() -> None:
    """Found by the CI: a pool left to end on its own was still closing its pipe as the process exited, and Python's
    exit hook wrote to the closed pipe (a traceback at the end of a worker's log)."""
    painter = Painter(1)
    await painter.png(_view())
    pool = painter._pool
    assert pool is not None
    (process,) = pool._processes.values()
    manager = cast(threading.Thread, pool._executor_manager_thread)  # typeshed has it wrong
    assert manager is not None and manager.is_alive()
    painter.close()
    assert not manager.is_alive()
    process.join(5)
    assert not process.is_alive()


def _die_at_start() -> None:
    os._exit(3)


class DyingPainter(Painter):
    """Workers that die as they start, as on a machine with no memory left for them."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self.pools += 1
            self._pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_die_at_start
            )
        return self._pool

    pools = 0


@pytest.mark.process
@pytest.mark.slow
async def test_workers_that_keep_dying_are_given_up_for_threads(caplog: pytest.LogCaptureFixture) -> None:
    painter = DyingPainter(1)
    try:
        first = await painter.png(_view())
        assert first.startswith(PNG_MAGIC)  # drawn in a thread in the end
        assert painter.pools == GIVE_UP_AFTER
        assert await painter.png(_view()) == first
        assert painter.pools == GIVE_UP_AFTER  # no more processes started for later pictures
        assert "drawn in threads from now on" in caplog.text
    finally:
        painter.close()


ORPHAN = """
import asyncio
from tochki_bot.engine import Game
from tochki_bot.painter import Painter
from tochki_bot.pictures import board_view

def view():
    game = Game(15, 15)
    game.play(3, 3)
    return board_view(game, blue="Anna", red="Boris")

async def main():
    painter = Painter(2)
    await asyncio.gather(painter.png(view()), painter.png(view()))
    print(*painter._pool._processes, flush=True)
    await asyncio.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


@pytest.mark.process
@pytest.mark.slow
def test_drawing_workers_end_when_the_bot_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    bot = subprocess.Popen([sys.executable, str(script)], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        pids = [int(p) for p in bot.stdout.readline().split()]
        assert len(pids) == 2 and all(_running(p) for p in pids)
    finally:
        bot.kill()  # kill -9: no shutdown of the pool
        bot.wait(30)
    deadline = time.monotonic() + 10 * WATCH_EVERY
    while any(_running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(p) for p in pids), "drawing workers outlived the bot"


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_painter_needs_zero_or_more_workers() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        Painter(-1)


@pytest.mark.process
async def test_the_bots_boards_are_drawn_by_its_worker_processes(where: Where) -> None:
    bot = await Bot(where("p.db"), picture_workers=1).start()
    try:
        anna, boris, _ = users(bot.fake)
        await open_group_game(bot)
        await bot.say(GROUP, anna, "/m 10-10")
        await bot.say(GROUP, boris, "/m 11-11")
        painter = bot.front.announcer.painter
        assert painter.workers == 1 and painter._pool is not None and len(painter._pool._processes) == 1
        board = bot.fake.last("sendPhoto", GROUP)
        assert board.files["photo"].startswith(PNG_MAGIC) and "11-11" in board.params["caption"]
        assert len(bot.fake.sent("sendPhoto", GROUP)) == 3  # the start and the two moves
    finally:
        await bot.stop()
    assert painter._pool is None  # the workers stop with the bot


def test_the_setting_picks_how_many_processes_draw() -> None:
    assert Config.read({"TELEGRAM_BOT_TOKEN": "1:A"})[0].picture_workers == DEFAULT_PICTURE_WORKERS
    config, problems = Config.read({"TELEGRAM_BOT_TOKEN": "1:A", "TOCHKI_PICTURE_WORKERS": "0"})
    assert config.picture_workers == 0 and not problems
    config, problems = Config.read({"TELEGRAM_BOT_TOKEN": "1:A", "TOCHKI_PICTURE_WORKERS": "²"})
    assert config.picture_workers == DEFAULT_PICTURE_WORKERS
    assert [p.message for p in problems] == ["TOCHKI_PICTURE_WORKERS must be a whole number from 0 to 64, not '²'"]
