"""A throwaway PostgreSQL server for the tests: ``initdb`` into a temporary folder, ``pg_ctl start`` on a free port,
one schema per test (``?search_path=...`` in the URL), everything removed at the end.

The binaries are found in ``$TOCHKI_PG_BIN``, ``/usr/lib/postgresql/<newest>/bin`` (Debian's postgresql package) or on
the ``PATH``. ``initdb`` refuses to run as root: as root the server runs as the ``postgres`` user (``runuser``).
Run it by hand to get a server for the benchmark: ``python -m tests.support.pgserver`` prints a URL and waits.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any


def binaries() -> Path | None:
    """The folder with ``initdb``, ``pg_ctl`` and ``postgres``, or ``None``."""
    candidates: list[Path] = []
    if os.environ.get("TOCHKI_PG_BIN"):
        candidates.append(Path(os.environ["TOCHKI_PG_BIN"]))
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = sorted((p for p in debian.iterdir() if p.name.isdigit()), key=lambda p: int(p.name), reverse=True)
        candidates += [p / "bin" for p in versions]
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).parent)
    for folder in candidates:
        if all((folder / tool).exists() for tool in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A PostgreSQL server of its own for tests (fast rather than durable: ``fsync = off``) and benchmarks
    (``durable``: PostgreSQL's defaults, every commit flushed)."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="tochki-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres"
            owner = pwd.getpwnam(self.user)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        self._names = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conn: Any = None

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True, cwd=self.root)

    def start(self) -> Server:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=32MB"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")
        self._loop = asyncio.new_event_loop()
        threading.Thread(target=self._loop.run_forever, daemon=True).start()
        self._call(self._connect())
        return self

    def url(self, schema: str | None = None) -> str:
        """The URL of the server's ``postgres`` database, in ``schema``."""
        base = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        return f"{base}?search_path={schema}" if schema else base

    async def _connect(self) -> None:
        import asyncpg

        self._conn = await asyncpg.connect(self.url())

    def _call(self, coroutine: Any) -> Any:
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=60)

    def fresh(self) -> str:
        """A new, empty schema: the URL of a database nobody used yet."""
        name = f"t{next(self._names)}"
        self._call(self._conn.execute(f"CREATE SCHEMA {name}"))
        return self.url(name)

    def stop(self) -> None:
        if self._conn is not None:
            self._call(self._conn.close())
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


if __name__ == "__main__":
    folder = binaries()
    if folder is None:
        raise SystemExit("no PostgreSQL binaries (set TOCHKI_PG_BIN)")
    server = Server(folder).start()
    print(server.fresh(), flush=True)
    try:
        input("PostgreSQL is running; press Enter to stop it\n")
    finally:
        server.stop()
