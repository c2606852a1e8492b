"""The read replica: reads that tolerate a little lag go to a streaming PostgreSQL replica.

``DATABASE_REPLICA_URL`` names it (empty: no replica, every read on the primary). The
routes that may read it take ``ReadSessionDep`` (app.api.deps), which decides per request
(docs/read-replica.md lists the routes and the rules):

- never for a player's own data or right after their own write (read-your-writes: the
  ``agora_primary`` cookie, :data:`PRIMARY_WINDOW_SECONDS`);
- never while the replica is down or more than :attr:`ReplicaReads.max_lag` seconds
  behind; its lag is measured at most every :data:`PROBE_EVERY_SECONDS`, so a page pays
  no extra round trip for it.

The window of the cookie covers the bound plus the probe's age: a write older than the
window has been replayed by any replica the router still reads (its last replayed commit
is at most ``max_lag`` old, measured at most ``PROBE_EVERY_SECONDS`` ago).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.config import Settings
from app.db.session import create_engine, create_sessionmaker, reader

log = logging.getLogger(__name__)

#: a replica further behind than this (seconds) is not read
MAX_LAG_SECONDS = 5.0
#: the lag is measured at most this often (seconds); requests in between use the last figure
PROBE_EVERY_SECONDS = 1.0
#: a probe that takes longer counts as "down" (seconds): a page never waits on a lost host
PROBE_TIMEOUT_SECONDS = 1.0
#: after a write, the writer reads the primary this long (seconds); see the module's doc
PRIMARY_WINDOW_SECONDS = 10.0
#: the read-your-writes cookie: its value is the Unix time until which to read the primary
PRIMARY_COOKIE = "agora_primary"

# Seconds behind the primary. Caught up (every WAL record received is replayed, and the
# WAL receiver runs): 0, however old the last commit (an idle primary writes nothing).
# Otherwise the age of the last replayed commit. Not in recovery (a primary given as
# replica, e.g. in development): 0. pg_stat_wal_receiver shows its row (its pid) to any
# role; its other columns only to pg_read_all_stats.
LAG_QUERY = text(
    """
    SELECT CASE
        WHEN NOT pg_is_in_recovery() THEN 0.0
        WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
             AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver) THEN 0.0
        ELSE COALESCE(
            EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8,
            'Infinity'::float8)
    END
    """
)


class ReplicaReads:
    """The replica's engine and sessions, and whether it may be read now."""

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        max_lag: float = MAX_LAG_SECONDS,
        probe_every: float = PROBE_EVERY_SECONDS,
        probe_timeout: float = PROBE_TIMEOUT_SECONDS,
    ) -> None:
        self.engine = engine
        self.sessions: async_sessionmaker[AsyncSession] = create_sessionmaker(engine)
        self.max_lag = max_lag
        self.probe_every = probe_every
        self.probe_timeout = probe_timeout
        #: the last measured lag (seconds; infinite: down), and when it was measured
        self.lag = math.inf
        self._measured_at = -math.inf
        self._probing: asyncio.Lock | None = None

    async def usable(self) -> bool:
        """Whether the replica is up and at most ``max_lag`` behind, by a figure at most
        ``probe_every`` old (one request measures it, the others wait for that one)."""
        if time.monotonic() - self._measured_at >= self.probe_every:
            if self._probing is None:
                self._probing = asyncio.Lock()
            async with self._probing:
                if time.monotonic() - self._measured_at >= self.probe_every:
                    self._record(await self._probe())
        return self.lag <= self.max_lag

    async def _probe(self) -> float:
        try:
            async with asyncio.timeout(self.probe_timeout):
                async with reader(self.engine).connect() as conn:
                    return float(await conn.scalar(LAG_QUERY))
        except (SQLAlchemyError, OSError, TimeoutError) as error:
            if math.isfinite(self.lag) or not math.isfinite(self._measured_at):
                log.warning("read replica unavailable, reading the primary: %s", error)
            return math.inf

    def _record(self, lag: float) -> None:
        if math.isfinite(lag) and math.isinf(self.lag) and math.isfinite(self._measured_at):
            log.warning("read replica back, %.1f s behind", lag)
        self.lag, self._measured_at = lag, time.monotonic()

    def mark_down(self) -> None:
        """A read on the replica failed: the primary until the next probe."""
        self._record(math.inf)

    async def open(self) -> AsyncSession | None:
        """A session on the replica with its connection taken (so a replica that has gone
        since the last probe is found now, before the route reads), or None."""
        session = self.sessions()
        try:
            await session.connection()
        except (SQLAlchemyError, OSError, TimeoutError) as error:
            log.warning("read replica unreachable, reading the primary: %s", error)
            self.mark_down()
            await session.close()
            return None
        return session

    async def dispose(self) -> None:
        await self.engine.dispose()


def create_replica(settings: Settings) -> ReplicaReads | None:
    """The replica of ``DATABASE_REPLICA_URL``, or None when there is none."""
    url = settings.database_replica_url
    if not url:
        return None
    if url.startswith("sqlite") or settings.is_sqlite:
        raise ValueError("DATABASE_REPLICA_URL needs PostgreSQL, for it and for DATABASE_URL")
    return ReplicaReads(create_engine(settings, url, ping_every_checkout=True))


def primary_until(cookie: str | None, now: float) -> bool:
    """Whether a read-your-writes cookie still sends its holder to the primary."""
    if not cookie:
        return False
    try:
        return float(cookie) > now
    except ValueError:
        return False
