"""Database errors the client caused, told apart from the database being unwell.

A value PostgreSQL refuses (a NUL byte in text, a string too long for its column, an
invalid encoding) is the input's fault: :func:`client_error` maps it to a 4xx
``invalid_request``. Connection failures and timeouts mean the database is unavailable
(:func:`unavailable`): the app answers 503 with ``Retry-After`` and recovers by itself.
"""

from __future__ import annotations

import asyncio
import sqlite3

from sqlalchemy.exc import DataError, DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

# Exceptions (of the drivers, raised through SQLAlchemy or directly) meaning "try later".
_UNAVAILABLE_NAMES = frozenset(
    {
        "ConnectionDoesNotExistError", "ConnectionFailureError", "CannotConnectNowError",
        "ConnectionRejectionError", "QueryCanceledError", "InterfaceError",
        "TooManyConnectionsError", "AdminShutdownError", "CrashShutdownError",
    }
)  # fmt: skip


# SQLSTATE classes and codes meaning the same: 08 connection exception, 53300 too many
# connections, 57P01-57P03 admin shutdown, crash shutdown, cannot connect now.
_UNAVAILABLE_SQLSTATES = ("08", "53300", "57P01", "57P02", "57P03")


def client_error(error: BaseException) -> bool:
    """True if the database refused a value (the request's fault, a 4xx)."""
    if isinstance(error, DataError):
        return True
    # PostgreSQL's class 22 is "data exception" (NUL byte, value too long, bad encoding);
    # SQLAlchemy wraps some of them as a plain DBAPIError.
    for item in _chain(error):
        sqlstate = getattr(item, "sqlstate", None)
        if isinstance(sqlstate, str) and sqlstate.startswith("22"):
            return True
    return False


def unavailable(error: BaseException) -> bool:
    """True if the database could not be reached or did not answer in time (a 503)."""
    if client_error(error) or _has_name(error, "DataError"):
        return False  # asyncpg's DataError (a bad argument) is an InterfaceError subclass
    if isinstance(error, PoolTimeout | OperationalError | InterfaceError | asyncio.TimeoutError):
        return True
    # The SQLite move writer's own connection raises the driver's errors unwrapped:
    # "database is locked", a disk I/O error, a full disk.
    if isinstance(error, sqlite3.OperationalError):
        return True
    if isinstance(error, OSError | ConnectionError):
        return True
    for item in _chain(error):
        names = {cls.__name__ for cls in type(item).__mro__}
        if names & _UNAVAILABLE_NAMES or "PostgresConnectionError" in names:
            return True
        sqlstate = getattr(item, "sqlstate", None)
        if isinstance(sqlstate, str) and sqlstate.startswith(_UNAVAILABLE_SQLSTATES):
            return True
        if isinstance(item, DBAPIError) and item.connection_invalidated:
            return True
    return False


def _chain(error: BaseException, depth: int = 6) -> list[BaseException]:
    """The error and what it wraps: SQLAlchemy's ``orig`` (its asyncpg adapter's error),
    whose ``__cause__`` is asyncpg's own (e.g. "the database system is shutting down",
    which one level of unwrapping missed: a 500 during a PostgreSQL restart)."""
    found: list[BaseException] = []
    pending: list[BaseException] = [error]
    while pending and len(found) < depth:
        item = pending.pop(0)
        if any(item is seen for seen in found):
            continue
        found.append(item)
        for inner in (getattr(item, "orig", None), item.__cause__, item.__context__):
            if isinstance(inner, BaseException):
                pending.append(inner)
    return found


def _has_name(error: BaseException, name: str) -> bool:
    return any(name in {cls.__name__ for cls in type(item).__mro__} for item in _chain(error))
