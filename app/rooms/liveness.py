"""Which app processes are alive: a heartbeat row per process in the database.

A deadline claimed by a process is leased to it (``rooms.lease_owner``, and the lease
written into ``deadline_at``, also kept in ``rooms.lease_until``). The lease's length
(``deadline_lease_seconds``, 30 s) only covers a claimer that is alive but slow; a
claimer that died (kill -9, a crash while a bot thinks) stops beating, and after
``process_dead_after_seconds`` any process takes its leases over at its next poll
(:mod:`.scheduler`). Measured before this (issue 38): a bot thinking in a killed process
moved 31.4 s and 31.9 s after the restart; every other due deadline, 1.9 s.

The beat is one UPSERT a second per process. A process that stops cleanly deletes its
row, so its leases (none, normally) are free at once; rows of processes gone for an
hour are pruned by the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger(__name__)

_BEAT = text(
    "INSERT INTO processes (id, started_at, beat_at) VALUES (:id, :now, :now) "
    "ON CONFLICT (id) DO UPDATE SET beat_at = :now"
)
_PRUNE = text("DELETE FROM processes WHERE beat_at < :before")
_GONE = text("DELETE FROM processes WHERE id = :id")
PRUNE_AFTER_SECONDS = 3600.0

# Deadlines leased to a process that no longer beats become due now (the claim that
# follows leases them anew). ``deadline_at = lease_until``: the lease is still the
# room's deadline, not replaced by a newer version's.
TAKE_OVER = text(
    "UPDATE rooms SET deadline_at = :now WHERE status = 'playing' "
    "AND lease_owner IS NOT NULL AND lease_owner <> :owner "
    "AND deadline_at = lease_until AND deadline_at > :now "
    "AND lease_owner NOT IN (SELECT id FROM processes WHERE beat_at > :alive_after)"
)


class ProcessBeat:
    """This process's heartbeat (``owner`` is its id in leases)."""

    def __init__(self, engine: AsyncEngine, owner: str, every: float, dead_after: float) -> None:
        self.engine = engine
        self.owner = owner
        self.every = every
        self.dead_after = dead_after
        self._task: asyncio.Task[None] | None = None

    async def beat(self) -> None:
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(_BEAT, {"id": self.owner, "now": now})
            await conn.execute(_PRUNE, {"before": now - PRUNE_AFTER_SECONDS})

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
        with contextlib.suppress(Exception):  # leases of a stopped process are free at once
            async with self.engine.begin() as conn:
                await conn.execute(_GONE, {"id": self.owner})

    async def take_over(self) -> int:
        """Make the leases of dead processes due now; returns how many."""
        now = time.time()
        async with self.engine.begin() as conn:
            result = await conn.execute(
                TAKE_OVER, {"now": now, "owner": self.owner, "alive_after": now - self.dead_after}
            )
        count = int(result.rowcount or 0)  # type: ignore[attr-defined]
        if count:
            log.warning("took over %d deadline(s) leased to a process that stopped beating", count)
        return count
