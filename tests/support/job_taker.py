"""Takes the AI's jobs from a database until none is left, and prints the ids it took on one line: two of these race
in ``tests/services/test_aijobs.py``. Usage: ``python -m tests.support.job_taker TARGET NAME START_AT`` from the
project's root (both start at ``START_AT``, a ``time.time()``)."""

from __future__ import annotations

import asyncio
import sys
import time

from storage import Storage


async def main(target: str, name: str, start_at: float) -> None:
    db = await Storage.open(target)
    try:
        while time.time() < start_at:
            await asyncio.sleep(0.001)
        taken: list[int] = []
        while (job := await db.jobs.take(name, time.time(), 60.0)) is not None:
            taken.append(job.id)
        print(" ".join(map(str, taken)), flush=True)
    finally:
        await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
