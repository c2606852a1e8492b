"""One test run at a time on a database: PostgreSQL advisory locks held for the process.

Each pytest process (an xdist worker, or the run itself without xdist) resets its
PostgreSQL database's schema and flushes its Redis database. A second run on the same
machine with the same databases (a developer's run beside a fresh clone's CI run) would
reset them under the first. So the first time a process touches them it takes a session
advisory lock per database on a connection of its own (to the server's ``postgres``
database: advisory locks are per database, and these must be seen by every run), kept
until the process ends; PostgreSQL drops it when the process dies, however it dies.

A second run waits for the first rather than failing: a run is minutes long and both
should pass, one after the other. It says on the terminal that it waits and for whom,
and gives up with a clear error after ``TEST_LOCK_WAIT_SECONDS`` (default 30 minutes),
so a hung run cannot block the other for ever.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from asyncpg import Connection

POLL_SECONDS = 1.0


class RunLockTimeout(RuntimeError):
    pass


def lock_key(resource: str) -> int:
    """A signed 64-bit advisory lock key for a resource name (same in every run)."""
    digest = hashlib.sha256(f"agora-tests:{resource}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class RunLock:
    """Advisory locks on ``resources``, held by a thread's own connection and event loop
    (the caller may be inside a running event loop, e.g. an async test)."""

    def __init__(self, dsn: str, resources: Sequence[str], label: str) -> None:
        self.dsn = dsn
        self.resources = list(resources)
        self.label = label  # the connection's application_name: a waiting run names it
        self.holders: str | None = None  # set by the thread while it waits
        self._held = threading.Event()
        self._done = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def acquire(self, timeout: float, on_wait: Callable[[str], None] = print) -> bool:
        """Take every lock (True), or False if ``timeout`` seconds pass first. If it has
        to wait, ``on_wait`` is called once (in this thread) with who holds them."""
        self.holders, self._error = None, None
        self._held.clear()
        self._done.clear()
        self._thread = threading.Thread(
            target=asyncio.run, args=(self._hold(timeout),), name="test-run-lock", daemon=True
        )
        self._thread.start()
        told = False
        while not (self._held.wait(0.1) or self._done.is_set()):
            if self.holders is not None and not told:
                on_wait(self.holders)
                told = True
        if self._held.is_set():
            return True
        if isinstance(self._error, RunLockTimeout):
            return False
        raise RuntimeError(f"could not lock {self.resources}") from self._error

    def release(self) -> None:
        if self._loop is not None and self._stop is not None and not self._done.is_set():
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout=10)

    async def _hold(self, timeout: float) -> None:
        import asyncpg

        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        try:
            conn = await asyncpg.connect(self.dsn, server_settings={"application_name": self.label})
            try:
                deadline = time.monotonic() + timeout
                while not await self._try(conn):
                    self.holders = await self._holders(conn)
                    if time.monotonic() >= deadline:
                        raise RunLockTimeout(self.holders)
                    await asyncio.sleep(POLL_SECONDS)
                self._held.set()
                await self._stop.wait()
            finally:
                await conn.close()
        except BaseException as error:
            self._error = error
        finally:
            self._done.set()

    async def _try(self, conn: Connection) -> bool:
        """All of the locks or none (taking them one by one while another run does the
        same could leave each run holding a part and waiting for the other's)."""
        taken: list[int] = []
        for key in map(lock_key, self.resources):
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1)", key):
                for got in taken:
                    await conn.execute("SELECT pg_advisory_unlock($1)", got)
                return False
            taken.append(key)
        return True

    async def _holders(self, conn: Connection) -> str:
        """Who holds our locks: the application names of their connections."""
        keys = [lock_key(resource) for resource in self.resources]
        # A bigint advisory key is split into classid (high half) and objid (low half).
        rows = await conn.fetch(
            "SELECT DISTINCT a.application_name FROM pg_locks l"
            " JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
            " AND ((l.classid::bigint << 32) | l.objid::bigint) = ANY($1::bigint[])",
            keys,
        )
        return ", ".join(row[0] or "?" for row in rows) or "another run"
