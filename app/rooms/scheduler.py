"""The deadline scheduler: every timer of every room, kept in the database.

A room's next deadline is its ``deadline_at`` column, written in the same transaction as
the version it belongs to (:mod:`.clock`). Firing one takes two steps:

1. **Claim** — one UPDATE moves ``deadline_at`` a lease ahead (``deadline_lease_seconds``)
   only if it is still due at that version. Exactly one claimer wins: on PostgreSQL
   the due rows are picked ``FOR UPDATE SKIP LOCKED`` (several processes share the work
   without waiting on each other); on SQLite the single process is the only writer.
2. **Fire** — the room service's handler (:meth:`app.rooms.timers.Timers.fire`) does
   what is due: a timeout, the game's timeout move, a bot's move. That commits a new
   version with its own deadline. If the process dies in between, the lease runs out
   and another process (or the restarted one) claims the deadline again; the version
   check of the move commit keeps the effect to one. A lease belongs to its claimer
   (``lease_owner``): when the claimer stops beating (:mod:`.liveness`), its leases are
   taken over at the next poll instead of when they run out.

Two ways to notice a deadline: the process that wrote it arms a local timer for it
(fast: bot turns follow at once), and every process polls for due deadlines every
``scheduler_poll_seconds`` (durable: deadlines of a killed process, or one that fell due
while every process was down, fire after at most one poll).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Container

from sqlalchemy import text

from app.db.errors import unavailable
from app.rooms.context import RoomContext
from app.rooms.liveness import ProcessBeat

log = logging.getLogger(__name__)

Fire = Callable[[str, int], Awaitable[None]]

# Each claim writes the lease twice: into deadline_at (what the poll looks at) and into
# lease_until, so a takeover can tell the lease from a newer version's own deadline.
_LEASE = "deadline_at = :lease, lease_until = :lease, lease_owner = :owner"
_CLAIM_ONE = text(
    f"UPDATE rooms SET {_LEASE} WHERE id = :id AND version = :version "
    "AND status = 'playing' AND deadline_at IS NOT NULL AND deadline_at <= :now"
)
_CLAIM_DUE_PG = text(
    f"UPDATE rooms SET {_LEASE} WHERE id IN ("
    " SELECT id FROM rooms WHERE status = 'playing' AND deadline_at <= :now"
    " ORDER BY deadline_at LIMIT :limit FOR UPDATE SKIP LOCKED"
    ") RETURNING id, version"
)
_CLAIM_DUE_SQLITE = text(
    f"UPDATE rooms SET {_LEASE} WHERE id IN ("
    " SELECT id FROM rooms WHERE status = 'playing' AND deadline_at <= :now"
    " ORDER BY deadline_at LIMIT :limit"
    ") RETURNING id, version"
)
# A firing that failed because the database was away: its lease is given back (the
# deadline due again) instead of waiting out the lease's length.
_RELEASE = text(
    "UPDATE rooms SET deadline_at = :at WHERE id = :id AND version = :version "
    "AND status = 'playing' AND lease_owner = :owner AND deadline_at = lease_until"
)
_RESTORE = text(
    "UPDATE rooms SET deadline_at = :at WHERE id = :id AND version = :version "
    "AND status = 'playing'"
)
CLAIM_BATCH = 100


class Scheduler:
    def __init__(self, ctx: RoomContext, fire: Fire) -> None:
        self.ctx = ctx
        self.fire = fire
        self._handles: dict[str, asyncio.TimerHandle] = {}
        # Read-only for others: the rooms with a local timer armed (MovePlayer skips the
        # arm hook for a room with none that plans none: three interpreted calls a move).
        self.armed: Container[str] = self._handles
        self._running: set[asyncio.Task[None]] = set()
        self._poller: asyncio.Task[None] | None = None
        self.claimed = 0  # deadlines this process won (tests and the dashboard read it)
        self.taken_over = 0  # leases of dead processes this process made due again
        settings = ctx.settings
        self.beat = ProcessBeat(
            ctx.engine,
            ctx.hub.origin,
            every=settings.process_beat_seconds,
            dead_after=settings.process_dead_after_seconds,
        )

    # -- local timers -----------------------------------------------------------------
    def arm(self, room_id: str, version: int, at: float | None) -> None:
        """Look at the room at ``at`` (its stored ``deadline_at``); replaces an earlier arm."""
        handle = self._handles.pop(room_id, None)
        if handle is not None:
            handle.cancel()
        if at is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, at - time.time())
        self._handles[room_id] = loop.call_later(delay, self._local_due, room_id, version)

    def _local_due(self, room_id: str, version: int) -> None:
        self._handles.pop(room_id, None)
        self._spawn(self._claim_one(room_id, version), f"deadline-{room_id}")

    async def _claim_one(self, room_id: str, version: int) -> None:
        now = time.time()
        try:
            async with self.ctx.engine.begin() as conn:
                result = await conn.execute(
                    _CLAIM_ONE,
                    {
                        "lease": self._lease(now),
                        "owner": self.beat.owner,
                        "id": room_id,
                        "version": version,
                        "now": now,
                    },  # fmt: skip
                )
        except Exception:  # the database is away: the poll will find the deadline
            log.warning("claiming the deadline of room %s failed", room_id, exc_info=True)
            return
        if result.rowcount == 1:  # type: ignore[attr-defined]
            await self._fire(room_id, version)

    # -- the poll ---------------------------------------------------------------------
    async def claim_due(self, limit: int = CLAIM_BATCH) -> list[tuple[str, int]]:
        """Claim up to ``limit`` due deadlines of any room (any process may have set them)."""
        now = time.time()
        statement = (
            _CLAIM_DUE_PG if self.ctx.engine.dialect.name == "postgresql" else (_CLAIM_DUE_SQLITE)
        )
        async with self.ctx.engine.begin() as conn:
            rows = await conn.execute(
                statement,
                {"lease": self._lease(now), "owner": self.beat.owner, "now": now, "limit": limit},
            )
            return [(row[0], row[1]) for row in rows]

    async def poll_once(self) -> int:
        """Claim and fire every deadline due now (dead processes' leases included);
        returns how many were claimed."""
        self.taken_over += await self.beat.take_over()
        total = 0
        while True:
            claimed = await self.claim_due()
            for room_id, version in claimed:
                self._spawn(self._fire(room_id, version), f"deadline-{room_id}")
            total += len(claimed)
            if len(claimed) < CLAIM_BATCH:
                return total

    async def _poll_forever(self) -> None:
        interval = self.ctx.settings.scheduler_poll_seconds
        while True:
            try:
                await self.poll_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again at the next poll
                log.warning("deadline poll failed", exc_info=True)
            await asyncio.sleep(interval)

    # -- firing -----------------------------------------------------------------------
    async def _fire(self, room_id: str, version: int) -> None:
        self.claimed += 1
        self.ctx.metrics.deadlines_fired.inc()
        try:
            await self.fire(room_id, version)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.exception("deadline of room %s (version %d) failed", room_id, version)
            if unavailable(error):  # a database restart: try again as soon as it answers
                await self._release(room_id, version)
            # Otherwise the lease runs out and the deadline is tried again then.

    async def _release(self, room_id: str, version: int) -> None:
        """Make a deadline whose firing failed due again, retrying while the database is
        away (at most a lease's length: by then any process may claim it anyway)."""
        give_up = time.time() + self.ctx.settings.deadline_lease_seconds
        delay = 0.25
        while time.time() < give_up:
            await asyncio.sleep(delay)
            params = {"at": time.time(), "id": room_id, "version": version}
            try:
                async with self.ctx.engine.begin() as conn:
                    await conn.execute(_RELEASE, {**params, "owner": self.beat.owner})
                return
            except Exception:
                delay = min(2.0, delay * 2)

    async def restore(self, room_id: str, version: int, at: float | None) -> None:
        """Nothing was due after all: put the room's deadline back (and arm it)."""
        async with self.ctx.engine.begin() as conn:
            await conn.execute(_RESTORE, {"at": at, "id": room_id, "version": version})
        self.arm(room_id, version, at)

    def _lease(self, now: float) -> float:
        return now + self.ctx.settings.deadline_lease_seconds

    def _spawn(self, coroutine: Awaitable[None], name: str) -> None:
        task = asyncio.ensure_future(coroutine)
        task.set_name(name)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    # -- lifecycle --------------------------------------------------------------------
    async def start(self) -> None:
        await self.beat.start()
        if self._poller is None and self.ctx.settings.scheduler_poll_seconds > 0:
            self._poller = asyncio.create_task(self._poll_forever(), name="deadline-poll")

    async def stop(self) -> None:
        """Stop noticing deadlines; they stay in the database for the next process."""
        await self.beat.stop()
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
        tasks = [*self._running, *([self._poller] if self._poller else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._poller = None
        self._running.clear()
