"""Engine and session factory per dialect; SQLite gets WAL and foreign keys."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import event
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from app.config import Settings


def create_engine(
    settings: Settings, url: str | None = None, *, ping_every_checkout: bool = False
) -> AsyncEngine:
    """The engine of ``url`` (default: the primary, ``database_url``), pooled and timed out
    by ``settings``. A replica's (app.db.replica) passes its own URL and pings on every
    checkout: a replica may go away at any time, and a read that finds it gone before its
    first statement falls back to the primary instead of failing."""
    url = url or settings.database_url
    sqlite = url.startswith("sqlite")
    kwargs: dict[str, Any] = {}
    if sqlite:
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # SQLite has one writer: one shared connection serialises every transaction
        # instead of letting concurrent ones fail with "database is locked".
        kwargs.update(connect_args={"timeout": 30}, pool_size=1, max_overflow=0, pool_timeout=120)
    else:
        # Client-side timeouts: a frozen server (not down) must not hang requests. asyncpg's
        # command_timeout bounds every statement, "timeout" the connection attempt.
        # Every connection opened is kept (the pool grows on demand up to size + overflow
        # and never closes one after a peak): opening one costs ~3.7 ms of this process's
        # CPU and a PostgreSQL backend's start, and a burst of reconnecting sockets (a
        # process lost, its rooms' sockets arriving here: bench/reconnect_burst.py) opened
        # and closed the overflow connections over and over.
        kwargs.update(
            pool_size=settings.db_pool_size + settings.db_pool_overflow,
            max_overflow=0,
            pool_recycle=1800,
            pool_timeout=settings.db_pool_timeout,
            pool_pre_ping=ping_every_checkout,
        )
    if "+asyncpg" in url:
        kwargs.update(
            connect_args={
                "timeout": settings.db_connect_timeout,
                "command_timeout": settings.db_statement_timeout,
                "server_settings": {
                    "statement_timeout": str(int(settings.db_statement_timeout * 1000))
                },
            },
        )
    engine = create_async_engine(url, **kwargs)
    if sqlite:
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    elif not ping_every_checkout:
        _ping_when_idle(engine)
    return engine


#: seconds a pooled connection may sit idle and still be handed out without a ping
PING_IDLE_AFTER = 1.0


def _ping_when_idle(engine: AsyncEngine) -> None:
    """``pool_pre_ping``, but only for a connection idle longer than ``PING_IDLE_AFTER``.

    SQLAlchemy's pre-ping is a round trip on every checkout: 5.6 % of the server's CPU in
    ``bench/ws_load.py --game akropolis`` (each finished game is restarted over HTTP:
    three requests and two socket handshakes, each checking out connections). A
    connection returned less than a second ago was working then; if the database died
    in between, the statement fails as "unavailable" (a 503 with ``Retry-After``, or a
    move refused with ``storage_error``), SQLAlchemy drops the pool's connections, and
    the next attempt reconnects (tests/api/test_failures.py).
    """
    pool, dialect = engine.sync_engine.pool, engine.sync_engine.dialect

    def fresh(_dbapi: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("idle_since", 0.0) < PING_IDLE_AFTER:
            return
        try:
            alive = dialect.do_ping(dbapi_connection)
        except Exception as error:  # the driver's own error for a dead connection
            raise DisconnectionError(str(error)) from error
        if not alive:
            raise DisconnectionError("ping failed")

    event.listen(pool, "connect", fresh)
    event.listen(pool, "checkin", fresh)
    event.listen(pool, "checkout", checkout)


# Every SQLite connection's settings: the engine's and the move writer's
# (app.rooms.sqlite_writer). busy_timeout first: the others may wait on a lock.
SQLITE_PRAGMAS = (
    "PRAGMA busy_timeout=30000",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker:  # type: ignore[type-arg]
    return async_sessionmaker(engine, expire_on_commit=False)


# One autocommit view of each PostgreSQL engine (same pool), made once.
_readers: WeakKeyDictionary[AsyncEngine, AsyncEngine] = WeakKeyDictionary()


def reader(engine: AsyncEngine) -> AsyncEngine:
    """The engine to run a lone read statement on: on PostgreSQL in autocommit, so no
    BEGIN and no ROLLBACK on return to the pool (the request's user, read on every
    authenticated request and socket: 454 -> 313 µs of CPU per lookup); SQLite as is
    (its autocommit switch is a call on the driver's thread, not worth it)."""
    if engine.dialect.name != "postgresql":
        return engine
    found = _readers.get(engine)
    if found is None:
        found = _readers[engine] = engine.execution_options(isolation_level="AUTOCOMMIT")
    return found
