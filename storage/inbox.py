"""The inbox: Telegram updates a worker accepted and has not handled yet (several workers on one database)."""

from __future__ import annotations

from .database import Database


class Inbox:
    """The ``inbox`` table. A row is written when a worker accepts an update (before it answers Telegram), its body
    is cleared once the update is handled, and it is forgotten after a week (``prune``): while it is there, the same
    update accepted again by any worker is known as a repeat."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def receive(self, update_id: int, body: str) -> bool:
        """Keep an update this worker accepted; ``False`` (nothing written) when some worker accepted it before."""
        async with self._db.transaction():
            changed = await self._db.execute(
                "INSERT INTO inbox (update_id, body, owner, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (update_id, body, self._db.worker, self._db.clock()),
            )
        return changed == 1

    async def handled(self, update_id: int) -> None:
        """The update was handled (or dropped on purpose): it is not to be handled again. Bookkeeping: a crash right
        after may undo it, and the update is then handled again (its changes are not made twice)."""
        async with self._db.transaction(durable=False):
            await self._db.execute("UPDATE inbox SET body = NULL WHERE update_id = ?", (update_id,))

    async def orphans(self, limit: int = 100) -> list[tuple[int, str]]:
        """Take over updates accepted by workers that are gone (killed before they handled them): they are this
        worker's now. Each is taken by one worker. Returns ``(update_id, body)``, oldest first."""
        db = self._db
        alive = db.alive_sql("o.owner")
        async with db.transaction():
            if db.dialect.name == "postgres":
                rows = await db.rows(
                    "UPDATE inbox SET owner = ? WHERE update_id IN (SELECT o.update_id FROM inbox o "
                    f"WHERE o.body IS NOT NULL AND o.owner <> ? AND NOT {alive} "
                    "ORDER BY o.received_at LIMIT ? FOR UPDATE SKIP LOCKED) RETURNING update_id, body, received_at",
                    (db.worker, db.worker, limit),
                )
            else:  # one process: what a previous run left is this one's
                rows = await db.rows(
                    "SELECT update_id, body, received_at FROM inbox o WHERE o.body IS NOT NULL AND o.owner <> ? "
                    f"AND NOT {alive} ORDER BY o.received_at LIMIT ?",
                    (db.worker, limit),
                )
                await db.executemany(
                    "UPDATE inbox SET owner = ? WHERE update_id = ?", [(db.worker, r[0]) for r in rows]
                )
        rows.sort(key=lambda r: (float(r[2]), int(r[0])))
        return [(int(r[0]), str(r[1])) for r in rows]

    async def waiting(self) -> int:
        """How many accepted updates are not handled yet (every worker's)."""
        row = await self._db.row("SELECT COUNT(*) FROM inbox WHERE body IS NOT NULL")
        return int(row[0]) if row else 0

    async def prune(self, older_than: float) -> int:
        """Forget updates accepted before ``older_than`` (Telegram does not send them again after a day)."""
        async with self._db.transaction():
            return await self._db.execute("DELETE FROM inbox WHERE received_at < ?", (older_than,))
