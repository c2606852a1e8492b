"""Whether every app process's pool fits under PostgreSQL's ``max_connections``.

Each process may open ``db_pool_size + db_pool_overflow`` pooled connections to the
primary, plus one of its own for its heartbeat (:mod:`app.rooms.liveness`). With N
processes on one primary that is N times as many: four processes at the defaults (30 + 10
+ 1) need 164, past PostgreSQL's default of 100, and the first runs of
``bench/cluster.py`` with four processes answered 151 moves with errors ("too many clients
already"). Nothing fails at startup then, only under load, so each process checks at
startup (the processes alive by their heartbeats, itself included) and logs a warning
naming the settings to change: smaller pools (``DB_POOL_SIZE``, ``DB_POOL_OVERFLOW``), a
larger ``max_connections``, or PgBouncer in front (docs/scaling.md).
"""

from __future__ import annotations

import logging
import time

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import Settings

log = logging.getLogger(__name__)

#: a process whose heartbeat is younger than this (seconds) is counted as running
ALIVE_SECONDS = 30.0
_LIMITS = text(
    "SELECT current_setting('max_connections')::int AS max, "
    "current_setting('superuser_reserved_connections')::int AS reserved, "
    "(SELECT count(*) FROM processes WHERE beat_at > :after) AS alive"
)


def per_process(settings: Settings) -> int:
    """Connections one app process may hold on the primary: its pool and its heartbeat's."""
    return settings.db_pool_size + settings.db_pool_overflow + 1


def shortfall(settings: Settings, processes: int, max_connections: int, reserved: int) -> int:
    """How many connections ``processes`` processes may want past what the server allows."""
    return processes * per_process(settings) - (max_connections - reserved)


async def check_pool_budget(engine: AsyncEngine, settings: Settings) -> int:
    """Log a warning when the running processes' pools can exceed ``max_connections``;
    returns the shortfall (0 or less: they fit). SQLite: nothing to check, 0."""
    if engine.dialect.name != "postgresql":
        return 0
    async with engine.connect() as conn:
        row = (await conn.execute(_LIMITS, {"after": time.time() - ALIVE_SECONDS})).one()
    processes = max(1, int(row.alive))  # this process beats before it is asked
    missing = shortfall(settings, processes, int(row.max), int(row.reserved))
    if missing > 0:
        log.warning(
            "%d app process(es) may open %d connections each (DB_POOL_SIZE %d + "
            "DB_POOL_OVERFLOW %d + 1), %d more than PostgreSQL's max_connections %d allows "
            "(%d reserved): under load, moves will fail with 'too many clients'. Make the "
            "pools smaller, max_connections larger, or put PgBouncer in front "
            "(docs/scaling.md).",
            processes, per_process(settings), settings.db_pool_size,
            settings.db_pool_overflow, missing, row.max, row.reserved,
        )  # fmt: skip
    return missing
