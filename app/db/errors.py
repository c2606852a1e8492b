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


def client_error(error: BaseException) -> bool:
    """True if the database refused a value (the request's fault, a 4xx)."""
    if isinstance(error, DataError):
        return True
    # PostgreSQL's class 22 is "data exception" (NUL byte, value too long, bad encoding);
    # SQLAlchemy wraps some of them as a plain DBAPIError.
    for item in (error, getattr(error, "orig", None), error.__cause__):
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
    chain: list[BaseException] = [error]
    original = getattr(error, "orig", None)
    if original is not None:
        chain.append(original)
    cause = error.__cause__
    if cause is not None:
        chain.append(cause)
    for item in chain:
        names = {cls.__name__ for cls in type(item).__mro__}
        if names & _UNAVAILABLE_NAMES or "PostgresConnectionError" in names:
            return True
        if isinstance(item, DBAPIError) and item.connection_invalidated:
            return True
    return False


def _has_name(error: BaseException, name: str) -> bool:
    return any(
        name in {cls.__name__ for cls in type(item).__mro__}
        for item in (error, getattr(error, "orig", None), error.__cause__)
        if item is not None
    )
