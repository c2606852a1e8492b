"""SQLAlchemy Core statements run on a pooled connection's own asyncpg connection.

A seat command (join, start, leave, bots…: :mod:`app.rooms.seat_rows`) is one
transaction of four or five statements. Through SQLAlchemy's asyncio layer each
statement pays an execution context, a greenlet switch and result wrapping on top of
asyncpg's own work: 56 % of the seat commands' samples in ``bench/ws_load.py --game
akropolis`` (which restarts every finished game with a join and a start), and a
transaction of a locked read and an update measured 1.24-1.40 ms of CPU against
0.78-0.85 ms on the same pooled connection's asyncpg connection.

Here SQLAlchemy still writes the SQL: a statement is compiled once per set of parameter
names by its own asyncpg dialect (``$1``, ``$2`` … in the order it lists), with the
columns' scalar defaults and bind processors applied as it would; asyncpg runs it.
Rows are asyncpg records, indexable like SQLAlchemy's. Errors are raised as SQLAlchemy's
(``IntegrityError``, ``DataError``, ``OperationalError`` for a lost connection, else
``DBAPIError``), with the driver's error as ``orig``, so :mod:`app.db.errors` and the HTTP
handlers tell them apart as before.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol, cast

from sqlalchemy import Table
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.dml import Insert
from sqlalchemy.sql.expression import Executable

Params = Mapping[str, Any]
# (SQL, parameter names in order, bind processors by name, defaults to add)
_Compiled = tuple[str, tuple[str, ...], dict[str, Callable[[Any], Any]], dict[str, Any]]
_compiled: dict[tuple[int, tuple[str, ...]], tuple[ClauseElement, _Compiled]] = {}


def _compile(dialect: Dialect, statement: ClauseElement, keys: tuple[str, ...]) -> _Compiled:
    cache_key = (id(statement), keys)
    found = _compiled.get(cache_key)
    if found is not None and found[0] is statement:
        return found[1]
    defaults: dict[str, Any] = {}
    if isinstance(statement, Insert):
        # The columns' scalar defaults, which SQLAlchemy adds at execution; a callable one
        # would need its execution context: the caller must give that column.
        for column in cast(Table, statement.table).columns:
            default = column.default
            if column.key in keys or default is None:
                continue
            if not default.is_scalar:
                raise TypeError(f"give {column.key!r}: its default is computed by SQLAlchemy")
            defaults[column.key] = default.arg  # type: ignore[attr-defined]
    compiled = cast(SQLCompiler, statement.compile(dialect=dialect, column_keys=[*keys, *defaults]))
    names = tuple(compiled.positiontup or ())
    processors = {
        n: cast(Callable[[Any], Any], p)  # a tuple only for a tuple-valued bind: none here
        for n, p in compiled._bind_processors.items()
        if n in names and p
    }
    result: _Compiled = (compiled.string, names, processors, defaults)
    _compiled[cache_key] = (statement, result)  # the statement kept: its id stays its own
    return result


class RawConnection:
    """The statements of one transaction, on the asyncpg connection under it."""

    dialect_name = "postgresql"

    def __init__(self, raw: Any, dialect: Dialect) -> None:
        self.raw = raw
        self.dialect = dialect

    def _args(self, statement: ClauseElement, params: Params) -> tuple[str, list[Any]]:
        sql, names, processors, defaults = _compile(self.dialect, statement, tuple(params))
        values = {**defaults, **params} if defaults else params
        args = [values[name] for name in names]
        for index, name in enumerate(names):
            processor = processors.get(name)
            if processor is not None:
                args[index] = processor(args[index])
        return sql, args

    async def fetch(self, statement: ClauseElement, params: Params | None = None) -> list[Any]:
        sql, args = self._args(statement, params or {})
        return cast(list[Any], await _translated(self.raw, sql, self.raw.fetch(sql, *args)))

    async def execute(
        self, statement: ClauseElement, params: Params | Sequence[Params] | None = None
    ) -> None:
        """One statement, or one per parameter set (``executemany``: they share names)."""
        if params is None or isinstance(params, Mapping):
            sql, args = self._args(statement, params or {})
            await _translated(self.raw, sql, self.raw.execute(sql, *args))
            return
        many = [self._args(statement, one) for one in params]
        if many:
            sql = many[0][0]
            await _translated(self.raw, sql, self.raw.executemany(sql, [args for _, args in many]))

    async def scalars(self, statement: ClauseElement) -> list[Any]:
        """The first column of a statement whose values are bound in it (``in_`` lists
        included): compiled each time, for rare statements only."""
        compiled = cast(
            SQLCompiler,
            statement.compile(dialect=self.dialect, compile_kwargs={"render_postcompile": True}),
        )
        params = compiled.params
        args = [params[name] for name in compiled.positiontup or ()]
        rows = await _translated(self.raw, compiled.string, self.raw.fetch(compiled.string, *args))
        return [row[0] for row in rows]


async def _translated(raw: Any, sql: str, call: Any) -> Any:
    import asyncpg

    try:
        return await call
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(sql, None, error) from error
    except asyncpg.DataError as error:  # class 22: a value PostgreSQL refused
        raise DataError(sql, None, error) from error
    except asyncpg.PostgresError as error:
        # Class 08 (connection) and 57 (operator intervention: an ended session, a
        # server shutting down, a statement timeout) mean "try again": dropping the
        # connection costs a reconnect at worst.
        lost = (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError)
        if raw.is_closed() or isinstance(error, lost):
            raise OperationalError(sql, None, error, connection_invalidated=True) from error
        raise DBAPIError(sql, None, error) from error
    except TimeoutError as error:
        raise OperationalError(sql, None, error, connection_invalidated=True) from error
    except (asyncpg.InterfaceError, asyncpg.InternalClientError, OSError) as error:
        # The connection is gone or its protocol state lost (a session ended under a
        # statement surfaces as either): unusable, whatever the exact error.
        raise OperationalError(sql, None, error, connection_invalidated=True) from error


@asynccontextmanager
async def raw_transaction(engine: AsyncEngine) -> AsyncIterator[RawConnection]:
    """A transaction on a connection of ``engine``'s pool, run by asyncpg itself; a
    connection that failed is dropped from the pool rather than handed out again."""
    async with engine.connect() as conn:
        fairy = await conn.get_raw_connection()
        raw: Any = fairy.driver_connection
        transaction = raw.transaction()
        try:
            await _translated(raw, "BEGIN", transaction.start())
            try:
                yield RawConnection(raw, engine.dialect)
            except BaseException:
                # The command's own error is the one raised, even if the rollback fails.
                try:
                    if not raw.is_closed():
                        await _translated(raw, "ROLLBACK", transaction.rollback())
                except OperationalError:
                    await conn.invalidate()
                raise
            await _translated(raw, "COMMIT", transaction.commit())
        except OperationalError:
            if not conn.invalidated:
                await conn.invalidate()
            raise


async def execute_alone(engine: AsyncEngine, statement: ClauseElement, params: Params) -> None:
    """One statement on its own: on PostgreSQL in autocommit (one round trip, no BEGIN or
    COMMIT) on asyncpg itself, a connection that failed leaving the pool; elsewhere in
    its own SQLAlchemy transaction (SQLite's single shared connection)."""
    if engine.dialect.name != "postgresql":
        async with engine.begin() as sa_conn:
            await sa_conn.execute(cast(Executable, statement), params)
        return
    async with engine.connect() as conn:
        fairy = await conn.get_raw_connection()
        try:
            await RawConnection(fairy.driver_connection, engine.dialect).execute(statement, params)
        except OperationalError:
            await conn.invalidate()
            raise


class Statements(Protocol):
    """What :mod:`app.rooms.seat_rows` runs its statements on: a :class:`RawConnection`
    on PostgreSQL, :class:`CoreStatements` (SQLAlchemy's connection) elsewhere."""

    dialect_name: str

    async def fetch(self, statement: ClauseElement, params: Params | None = None) -> list[Any]: ...

    async def execute(
        self, statement: ClauseElement, params: Params | Sequence[Params] | None = None
    ) -> None: ...

    async def scalars(self, statement: ClauseElement) -> list[Any]: ...


class CoreStatements:
    """SQLAlchemy's own connection behind the calls of :class:`RawConnection`."""

    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn
        self.dialect_name = conn.dialect.name

    async def fetch(self, statement: ClauseElement, params: Params | None = None) -> list[Any]:
        return list((await self.conn.execute(cast(Executable, statement), params or {})).all())

    async def execute(
        self, statement: ClauseElement, params: Params | Sequence[Params] | None = None
    ) -> None:
        await self.conn.execute(cast(Executable, statement), params)

    async def scalars(self, statement: ClauseElement) -> list[Any]:
        return list(await self.conn.scalars(statement))  # type: ignore[call-overload]


@asynccontextmanager
async def transaction(engine: AsyncEngine) -> AsyncIterator[Statements]:
    """One transaction's statements: on asyncpg itself on PostgreSQL (see the module's
    docstring), through SQLAlchemy elsewhere (SQLite's single shared connection)."""
    if engine.dialect.name == "postgresql":
        async with raw_transaction(engine) as raw:
            yield raw
    else:
        async with engine.begin() as conn:
            yield CoreStatements(conn)
