"""Which database errors mean "unavailable" (a 503, try again) (app.db.errors)."""

from __future__ import annotations

import asyncpg
from sqlalchemy.exc import DBAPIError

from app.db.errors import unavailable


class AdaptedError(Exception):
    """Like SQLAlchemy's asyncpg adapter error: the driver's error is its cause."""


def wrapped(inner: BaseException) -> DBAPIError:
    adapted = AdaptedError(str(inner))
    adapted.__cause__ = inner
    return DBAPIError("SELECT 1", {}, adapted)


def test_a_database_shutting_down_is_unavailable_however_deep_it_is_wrapped() -> None:
    # A PostgreSQL fast restart: the soak saw these reach clients as internal errors.
    for inner in (
        asyncpg.exceptions.CannotConnectNowError("the database system is shutting down"),
        asyncpg.exceptions.AdminShutdownError("terminating connection due to administrator"),
    ):
        assert unavailable(wrapped(inner))


def test_a_refused_value_stays_the_clients_fault() -> None:
    assert not unavailable(wrapped(asyncpg.exceptions.StringDataRightTruncationError("too long")))
    assert not unavailable(wrapped(ValueError("not a number")))
