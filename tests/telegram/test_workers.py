"""Several workers: two and three real bot processes (``python -m tochki_bot --webhook``) on one PostgreSQL database,
behind one fake Bot API served over HTTP (``workers.Cluster``), as in README's deployment.

- the same update posted to two workers is handled once, and answered once;
- presses on one game at once, at different workers, make one move;
- a move racing a resignation: one of them wins, the game stays whole, each outcome is shown once;
- the clocks of three workers, each passing every second: a timeout is decided once (and two passes at once in one
  process, over the services, decide each timeout once);
- ``kill -9`` of a worker during a burst of moves: its games go on at the others, every update a worker accepted is
  handled, every stored move is announced.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from storage import Storage
from tests.support.workers import Cluster, Game, Table, Worker, open_games, until
from tochki_bot.services import Person, Place, Services
from tochki_bot.telegram import callbacks as cb

pytestmark = pytest.mark.process


def boards_at(cluster: Cluster, game: Game, ply: int) -> int:
    """Boards sent to the game's group showing move ``ply``."""
    return sum(1 for c in cluster.api.photos(game.chat_id) if re.search(rf"\bMove {ply}:", c.params.get("caption", "")))


async def move(cluster: Cluster, table: Table, game: Game, worker: int | None = None) -> None:
    """The player to move plays their next point through ``worker``; waits until its board is out."""
    ply = await table.ply(game.id)
    update = cluster.api.message_update(game.chat_id, game.mover(ply), f"/m {Game.point(ply)}")
    await cluster.post(update, worker)

    async def shown() -> bool:
        return await table.ply(game.id) > ply and boards_at(cluster, game, ply + 1) >= 1

    await until(shown, f"move {ply + 1} of game {game.id} stored and shown")


@pytest.fixture(scope="module")
def three(pg_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Three workers on one database, shared by the tests that do not kill any."""
    cluster = Cluster(3, pg_server.fresh(), tmp_path_factory.mktemp("three"))
    yield cluster
    codes = cluster.close()
    assert codes == {0: 0, 1: 0, 2: 0}, "a worker did not stop cleanly on SIGTERM"
    for worker in cluster.workers:
        assert not worker.problems(), worker.log.read_text()[-5000:]


@pytest.fixture
async def table(three: Cluster) -> AsyncIterator[Table]:
    db = await Storage.open(three.db_url)
    yield Table(db)
    await db.close()


chats = iter(range(-3000, -4000, -10))
"""Each test's groups have numbers of their own."""


@pytest.mark.slow
async def test_the_same_update_at_two_workers_is_handled_and_answered_once(three: Cluster, table: Table) -> None:
    (game,) = await open_games(three.db_url, three, 1, next(chats))
    await table.settle()
    update = three.api.message_update(game.chat_id, game.blue, f"/m {Game.point(0)}")
    assert list(await asyncio.gather(three.post(update, 0), three.post(update, 1))) == [(200, 0), (200, 1)]
    help_before = three.api.count("sendMessage", game.chat_id)
    question = three.api.message_update(game.chat_id, game.red, "/help")
    await asyncio.gather(three.post(question, 1), three.post(question, 2))
    await until(lambda: table.handled(update["update_id"], question["update_id"]), "both updates handled")
    await table.settle()
    assert await table.ply(game.id) == 1
    assert boards_at(three, game, 1) == 1
    assert three.api.count("sendMessage", game.chat_id) == help_before + 1  # one answer to /help
    # The same update long after (Telegram sent it again): still nothing.
    assert (await three.post(update, 2))[0] == 200
    await asyncio.sleep(0.3)
    assert await table.ply(game.id) == 1 and boards_at(three, game, 1) == 1
    await table.whole(game.id)


@pytest.mark.slow
async def test_presses_at_once_on_one_game_across_workers_make_one_move(three: Cluster, table: Table) -> None:
    games = await open_games(three.db_url, three, 3, next(chats))
    await table.settle()
    for game in games:
        board = three.api.photos(game.chat_id)[-1].result["message_id"]
        ply = await table.ply(game.id)
        presses = [
            three.api.callback_update(game.chat_id, board, game.mover(ply), f"M:{game.id}:{ply}:{x}:{y}")
            for x, y in ((5, 5), (6, 6), (7, 7))
        ] + [three.api.callback_update(game.chat_id, board, game.mover(ply + 1), f"M:{game.id}:{ply}:9:9")]
        answered = three.api.count("answerCallbackQuery")
        await asyncio.gather(*(three.post(p, i % 3) for i, p in enumerate(presses)))
        await until(lambda p=presses: table.handled(*(u["update_id"] for u in p)), "every press handled")  # type: ignore[misc]
        await table.settle()
        assert await table.ply(game.id) == ply + 1
        assert boards_at(three, game, ply + 1) == 1
        assert three.api.count("answerCallbackQuery") == answered + 4  # every press is answered, once
        await table.whole(game.id)


def resign_question(cluster: Cluster, game: Game) -> tuple[int, str]:
    """The resignation question on the game's latest board (a line and two buttons, put there by an edit): the
    board's message and its "Yes"."""
    with cluster.api.lock:
        calls = list(cluster.api.calls)
    for call in reversed(calls):
        if call.result == "failed" or call.method not in ("sendPhoto", "editMessageMedia"):
            continue
        if int(call.params["chat_id"]) != game.chat_id:
            continue
        markup = call.params.get("reply_markup") or {}
        markup = json.loads(markup) if isinstance(markup, str) else markup
        for row in markup.get("inline_keyboard", []):
            for button in row:
                data = cb.decode(button["callback_data"])
                if isinstance(data, cb.Resign) and data.yes:
                    return int(call.params.get("message_id") or call.result["message_id"]), button["callback_data"]
    raise AssertionError(f"no resignation question on game {game.id}'s boards")


@pytest.mark.slow
async def test_a_move_racing_a_resignation(three: Cluster, table: Table) -> None:
    games = await open_games(three.db_url, three, 4, next(chats))
    await table.settle()
    for game in games:
        await move(three, table, game)
        await move(three, table, game)  # both moved (a resignation now counts): blue to move, red resigns meanwhile
        asked = three.api.message_update(game.chat_id, game.red, "/resign")
        await three.post(asked, 0)
        await until(lambda a=asked: table.handled(a["update_id"]), "/resign asked")  # type: ignore[misc]
    await table.settle()
    races = []
    for game in games:  # the question's edit may still wait in the group's line (it is due within seconds)
        for _ in range(300):
            try:
                board, confirm = resign_question(three, game)
                break
            except AssertionError:
                await asyncio.sleep(0.1)
        else:
            board, confirm = resign_question(three, game)
        moved = three.api.message_update(game.chat_id, game.blue, f"/m {Game.point(2)}")
        resigned = three.api.callback_update(game.chat_id, board, game.red, confirm)
        races += [three.post(moved, 1), three.post(resigned, 2)]
    await asyncio.gather(*races)
    await table.settle()
    outcomes = set()
    for game in games:
        record = await table.db.games.get(game.id)
        assert record is not None
        await table.whole(game.id)
        assert record.ply == 3  # one of the two was stored, never both, never neither
        over = [c for c in three.api.photos(game.chat_id) if "Game over" in c.params.get("caption", "")]
        if record.state == "finished":  # the resignation first: the move then came too late
            assert record.reason == "resignation" and record.winner == "blue"
            assert len(over) == 1 and boards_at(three, game, 3) == 0
        else:  # the move first: the question was about move 2, so the resignation is refused as stale
            assert record.state == "active"
            assert not over and boards_at(three, game, 3) == 1
        outcomes.add(record.state)
    assert outcomes <= {"finished", "active"}


@pytest.mark.slow
async def test_the_clocks_of_three_workers_decide_a_timeout_once(three: Cluster, table: Table) -> None:
    games = await open_games(three.db_url, three, 3, next(chats))
    await table.settle()
    past = time.time() - 1
    for game in games:
        await table.db.db.execute("UPDATE games SET deadline = ?, alert_at = ? WHERE id = ?", (past, past, game.id))

    async def decided() -> bool:
        return all([(await table.db.games.get(g.id)).state == "finished" for g in games])  # type: ignore[union-attr]

    await until(decided, "the timeouts decided")
    await asyncio.sleep(2.5)  # more passes of every worker's clock
    await table.settle()
    for game in games:
        assert await table.count("SELECT COUNT(*) FROM moves WHERE game_id = ? AND kind = 'timeout'", (game.id,)) == 1
        over = [c for c in three.api.photos(game.chat_id) if "Game over" in c.params.get("caption", "")]
        assert len(over) == 1
        await table.whole(game.id)


async def test_two_clock_passes_at_once_decide_each_timeout_once(pg_server: Any) -> None:
    url = pg_server.fresh()
    first, second = await Services.open(url), await Services.open(url)
    try:
        ids = []
        for i in range(12):
            place = Place(-500 - i, "supergroup", "G")
            opened = await first.lobby.open(place, Person(1 + 2 * i, "A"))
            ids.append((await first.lobby.join(opened.view.id, Person(2 + 2 * i, "B"), place)).id)
        later = time.time() + 2 * 86400
        passes = await asyncio.gather(first.clock.tick(later), second.clock.tick(later))
        decided = [view.id for found in passes for view in found.timeouts]
        assert sorted(decided) == sorted(ids)  # each decided once, by one pass
        assert [len(found) for found in passes].count(0) >= 1  # the other pass left it to the first
        for game_id in ids:
            view = await second.game(game_id)
            assert view.state == "finished" and view.reason == "timeout"
    finally:
        await first.close()
        await second.close()


@pytest.mark.slow
async def test_a_worker_killed_during_a_burst(pg_server: Any, tmp_path: Path) -> None:
    cluster = Cluster(3, pg_server.fresh(), tmp_path)
    db = await Storage.open(cluster.db_url)
    table = Table(db)
    try:
        games = await open_games(cluster.db_url, cluster, 6, -5000)
        await table.settle()
        plies = 8
        killed = asyncio.Event()
        questions: list[int] = []

        async def play(game: Game) -> None:
            for _ in range(plies):
                await move(cluster, table, game)  # round robin over the workers, skipping a dead one

        async def killer() -> None:
            while sum([await table.ply(g.id) for g in games]) < len(games) * plies // 3:
                await asyncio.sleep(0.01)
            # Worker 0 accepts a question in every group (Telegram is told it arrived), then dies before it can
            # have answered them all, in the middle of the burst: moves half stored, half announced.
            for game in games:
                question = cluster.api.message_update(game.chat_id, game.red, "/help")
                assert await cluster.post(question, 0, only=True) == (200, 0)
                questions.append(question["update_id"])
            cluster.workers[0].kill()
            killed.set()

        await asyncio.gather(killer(), *(play(g) for g in games))
        assert killed.is_set() and not cluster.workers[0].alive()
        await table.settle()
        assert await table.handled(*questions)  # taken over by the others
        for game in games:
            assert await table.ply(game.id) == plies  # every move made; none twice
            await table.whole(game.id)
            for ply in range(1, plies + 1):
                assert boards_at(cluster, game, ply) >= 1, f"move {ply} of game {game.id} was never shown"
        # The survivors go on: a new move through each.
        for worker in (1, 2):
            await move(cluster, table, games[worker], worker)
    finally:
        await db.close()
        codes = cluster.close()
    assert codes[1] == codes[2] == 0
    for process in cluster.workers[1:]:
        assert not process.problems(), process.log.read_text()[-5000:]


async def test_caches_and_mini_app_pages_hear_the_other_workers(pg_server: Any) -> None:
    url = pg_server.fresh()
    first, second = await Services.open(url), await Services.open(url)
    try:
        place = Place(-700, "supergroup", "G")
        anna, boris = Person(71, "Anna", language_code="en"), Person(72, "Boris", language_code="en")
        opened = await first.lobby.open(place, anna)
        view = await first.lobby.join(opened.view.id, boris, place)
        # The second worker has the people and the chat cached.
        assert (await second.people.player(anna.id)).language is None  # type: ignore[union-attr]
        assert (await second.people.chat(place.chat_id)).language is None  # type: ignore[union-attr]
        woken: list[int] = []
        second.changes.watch(woken.append)  # a Mini App page waiting on the second worker
        await first.changes.settle()
        await asyncio.sleep(0.3)  # the notice of the game's start may still be on its way
        woken.clear()
        await first.people.set_language(anna.id, "ru")
        await first.people.set_chat_language(place.chat_id, "ru")
        mover = anna if view.colour_of(anna.id) == "blue" else boris
        await first.play.move(view.id, mover, 3, 3)

        async def heard() -> bool:
            player, chat = await second.people.player(anna.id), await second.people.chat(place.chat_id)
            return woken == [view.id] and player is not None and player.language == "ru" and chat.language == "ru"  # type: ignore[union-attr]

        await until(heard, "the second worker heard of the move and of the new languages", timeout=5)
    finally:
        await first.changes.settle()
        await first.close()
        await second.close()


@pytest.mark.slow
async def test_one_process_on_sqlite_handles_at_its_start_an_update_it_accepted_and_did_not_handle(
    tmp_path: Path,
) -> None:
    """Webhook mode on SQLite keeps the inbox too: an update answered with 200 by a process killed before it handled
    it (here: kept in the inbox by the previous run, as the webhook keeps it) is handled when the bot starts again."""
    db = str(tmp_path / "one.db")
    cluster = Cluster(1, db, tmp_path)
    try:
        (game,) = await open_games(db, cluster, 1, -7000)
        storage = await Storage.open(db)
        try:
            await until(lambda: _started_shown(cluster, game), "the start's board")
            cluster.workers[0].kill()
            update = cluster.api.message_update(game.chat_id, game.blue, f"/m {Game.point(0)}")
            assert await storage.inbox.receive(update["update_id"], json.dumps(update))  # accepted, then killed
            (tmp_path / "again").mkdir()
            cluster.workers[0] = Worker(0, db, cluster.api, tmp_path / "again", {})
            cluster.workers[0].wait_listening()
            table = Table(storage)

            async def shown() -> bool:
                return await table.ply(game.id) == 1 and boards_at(cluster, game, 1) >= 1

            await until(shown, "the accepted move stored and shown after the restart")
            # Marked handled once the worker is done with it, a moment after its board went out.
            await until(lambda: table.handled(update["update_id"]), "the accepted update marked handled")
            assert boards_at(cluster, game, 1) == 1
            status, _ = await cluster.post(update)  # Telegram sending it again: answered, and nothing more
            assert status == 200
            await asyncio.sleep(0.5)
            assert await table.ply(game.id) == 1 and boards_at(cluster, game, 1) == 1
        finally:
            await storage.close()
    finally:
        codes = cluster.close()
    assert codes == {0: 0}


async def _started_shown(cluster: Cluster, game: Game) -> bool:
    return len(cluster.api.photos(game.chat_id)) >= 1
