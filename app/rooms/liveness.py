"""Which app processes are alive: a heartbeat row per process, and on PostgreSQL its session.

A deadline claimed by a process is leased to it (``rooms.lease_owner``, and the lease
written into ``deadline_at``, also kept in ``rooms.lease_until``). The lease's length
(``deadline_lease_seconds``, 30 s) only covers a claimer that is alive but slow; a
claimer that died (kill -9, a crash while a bot thinks) has its leases taken over by any
process at its next poll (:mod:`.scheduler`). Measured before this (issue 38): a bot
thinking in a killed process moved 31.4 s and 31.9 s after the restart.

Dead means: no beat for ``process_dead_after_seconds`` and, on PostgreSQL, no session of
the process either. Each process holds one connection of its own, named
``agora:<owner>`` (``application_name``), and beats through it, so neither a busy pool
nor a slow event loop makes a live process look dead (a first version, beats alone
through the pool, took 200 deadlines due at once for dead and fired each twice); a
killed process's session ends with its socket, at once. SQLite has one process.

A process that stops cleanly deletes its row; rows of processes gone for an hour are
pruned by the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

log = logging.getLogger(__name__)

# asyncpg's numbered parameters on PostgreSQL's own connection; named ones on SQLite.
_BEAT = (
    "INSERT INTO processes (id, started_at, beat_at) VALUES ($1, $2, $2) "
    "ON CONFLICT (id) DO UPDATE SET beat_at = $2"
)
_PRUNE = "DELETE FROM processes WHERE beat_at < $1"
_BEAT_SQLITE = text(
    "INSERT INTO processes (id, started_at, beat_at) VALUES (:id, :now, :now) "
    "ON CONFLICT (id) DO UPDATE SET beat_at = :now"
)
_PRUNE_SQLITE = text("DELETE FROM processes WHERE beat_at < :before")
_GONE = text("DELETE FROM processes WHERE id = :id")
PRUNE_AFTER_SECONDS = 3600.0
SESSION_PREFIX = "agora:"

# Deadlines leased to a dead process become due now (the claim that follows leases
# them anew). ``deadline_at = lease_until``: the lease is still the room's deadline,
# not replaced by a newer version's.
_TAKE_OVER = (
    "UPDATE rooms SET deadline_at = :now WHERE status = 'playing' "
    "AND lease_owner IS NOT NULL AND lease_owner <> :owner "
    "AND deadline_at = lease_until AND deadline_at > :now "
    "AND lease_owner NOT IN (SELECT id FROM processes WHERE beat_at > :alive_after)"
)
_TAKE_OVER_SQLITE = text(_TAKE_OVER)
_TAKE_OVER_PG = text(
    _TAKE_OVER + " AND lease_owner NOT IN (SELECT substr(application_name, 7) "
    f"FROM pg_stat_activity WHERE application_name LIKE '{SESSION_PREFIX}%')"
)


class ProcessBeat:
    """This process's heartbeat (``owner`` is its id in leases)."""

    def __init__(self, engine: AsyncEngine, owner: str, every: float, dead_after: float) -> None:
        self.engine = engine
        self.owner = owner
        self.every = every
        self.dead_after = dead_after
        self.postgres = engine.dialect.name == "postgresql"
        self._task: asyncio.Task[None] | None = None
        self._sa_conn: AsyncConnection | None = None
        self._raw: Any = None  # PostgreSQL: the process's own asyncpg connection

    async def _connection(self) -> Any:
        if self._raw is None or self._raw.is_closed():
            await self._close_connection()
            self._sa_conn = await self.engine.connect()
            fairy = await self._sa_conn.get_raw_connection()
            self._raw = fairy.driver_connection
            await self._raw.execute(f"SET application_name = '{SESSION_PREFIX}{self.owner}'")
        return self._raw

    async def _close_connection(self) -> None:
        sa_conn, self._sa_conn, self._raw = self._sa_conn, None, None
        if sa_conn is not None:  # invalidated: its name must not reach the pool
            with contextlib.suppress(Exception):
                await sa_conn.invalidate()
            with contextlib.suppress(Exception):  # even when invalidating failed
                await sa_conn.close()

    async def beat(self) -> None:
        now = time.time()
        if self.postgres:
            raw = await self._connection()
            try:
                await raw.execute(_BEAT, self.owner, now)
                await raw.execute(_PRUNE, now - PRUNE_AFTER_SECONDS)
            except Exception:
                await self._close_connection()
                raise
            return
        async with self.engine.begin() as conn:
            await conn.execute(_BEAT_SQLITE, {"id": self.owner, "now": now})
            await conn.execute(_PRUNE_SQLITE, {"before": now - PRUNE_AFTER_SECONDS})

    async def start(self) -> None:
        """Beat once (so no one takes this process for dead), then every ``every`` s."""
        if self._task is not None:
            return
        with contextlib.suppress(Exception):  # the database is away: the loop retries
            await self.beat()
        self._task = asyncio.create_task(self._loop(), name="process-beat")

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("process heartbeat failed", exc_info=True)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._close_connection()
        with contextlib.suppress(Exception):  # leases of a stopped process are free at once
            async with self.engine.begin() as conn:
                await conn.execute(_GONE, {"id": self.owner})

    async def take_over(self) -> int:
        """Make the leases of dead processes due now; returns how many."""
        now = time.time()
        statement = _TAKE_OVER_PG if self.postgres else _TAKE_OVER_SQLITE
        async with self.engine.begin() as conn:
            result = await conn.execute(
                statement, {"now": now, "owner": self.owner, "alive_after": now - self.dead_after}
            )
        count = int(result.rowcount or 0)  # type: ignore[attr-defined]
        if count:
            log.warning("took over %d deadline(s) leased to a process that is gone", count)
        return count
