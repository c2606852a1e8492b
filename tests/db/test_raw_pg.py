"""Core statements on asyncpg itself (app/db/raw_pg.py): the same SQL SQLAlchemy would
run (defaults, many parameter sets, bound lists), one transaction, and errors raised as
SQLAlchemy's so the app tells a bad value from a lost database as before."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import (
    Boolean,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import asyncpg as postgresql_asyncpg
from sqlalchemy.exc import DataError, IntegrityError, OperationalError

from app.db.errors import client_error, unavailable
from app.db.raw_pg import RawConnection, execute_alone, raw_transaction, transaction
from app.db.session import create_engine
from tests.conftest import POSTGRES_URL, base_settings, need_service, port_open

METADATA = MetaData()
PROBE = Table(
    "raw_pg_probe",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("name", String(5), nullable=False),
    Column("flag", Boolean, nullable=False, default=False),
    Column("n", Integer),
)
INSERT = insert(PROBE)
UPDATE = update(PROBE).where(PROBE.c.id == bindparam("row_id_"))
SELECT = select(PROBE).where(PROBE.c.id >= bindparam("low")).order_by(PROBE.c.id)


@pytest.fixture
async def engine() -> Any:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    engine = create_engine(base_settings(database_url=POSTGRES_URL))
    async with engine.begin() as conn:
        await conn.run_sync(METADATA.drop_all)
        await conn.run_sync(METADATA.create_all)
    yield engine
    async with engine.begin() as conn:
        await conn.run_sync(METADATA.drop_all)
    await engine.dispose()


async def stored(engine: Any) -> list[tuple[Any, ...]]:
    async with engine.connect() as conn:
        rows = await conn.execute(text("SELECT id, name, flag, n FROM raw_pg_probe ORDER BY id"))
        return [tuple(row) for row in rows]


async def test_statements_run_as_sqlalchemy_would(engine: Any) -> None:
    async with transaction(engine) as conn:
        assert conn.dialect_name == "postgresql"
        await conn.execute(INSERT, {"id": 1, "name": "a"})  # flag: the column's default
        await conn.execute(INSERT, [{"id": 2, "name": "b", "n": 5}, {"id": 3, "name": "c", "n": 6}])
        await conn.execute(UPDATE, [{"row_id_": 2, "flag": True}, {"row_id_": 3, "flag": True}])
        rows = await conn.fetch(SELECT, {"low": 2})
        assert [(row[0], row["name"]) for row in rows] == [(2, "b"), (3, "c")]
        names = select(PROBE.c.name).where(PROBE.c.id.in_([1, 3])).order_by(PROBE.c.id)
        assert await conn.scalars(names) == ["a", "c"]
    assert await stored(engine) == [(1, "a", False, None), (2, "b", True, 5), (3, "c", True, 6)]


async def test_an_error_rolls_the_whole_transaction_back(engine: Any) -> None:
    with pytest.raises(IntegrityError):
        async with transaction(engine) as conn:
            await conn.execute(INSERT, {"id": 1, "name": "a"})
            await conn.execute(INSERT, {"id": 1, "name": "dup"})
    assert await stored(engine) == []
    with pytest.raises(RuntimeError):
        async with transaction(engine) as conn:
            await conn.execute(INSERT, {"id": 1, "name": "a"})
            raise RuntimeError("the command changed its mind")
    assert await stored(engine) == []


async def test_a_refused_value_is_the_clients_fault(engine: Any) -> None:
    for name in ("toolong", "nul\x00"):
        with pytest.raises(DataError) as caught:
            async with transaction(engine) as conn:
                await conn.execute(INSERT, {"id": 1, "name": name})
        assert client_error(caught.value) and not unavailable(caught.value)


async def test_a_lost_connection_is_unavailable_and_leaves_the_pool(engine: Any) -> None:
    with pytest.raises(OperationalError) as caught:
        async with raw_transaction(engine) as conn:
            (pid,) = await conn.scalars(select(text("pg_backend_pid()")))
            async with engine.connect() as other:  # an administrator ends the session
                await other.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
            await conn.fetch(SELECT, {"low": 0})
    assert unavailable(caught.value)
    async with transaction(engine) as conn:  # the pool hands out a live connection
        assert await conn.fetch(SELECT, {"low": 0}) == []


async def test_a_statement_alone_commits_at_once(engine: Any) -> None:
    await execute_alone(engine, INSERT, {"id": 7, "name": "g"})
    assert await stored(engine) == [(7, "g", False, None)]
    with pytest.raises(IntegrityError):
        await execute_alone(engine, INSERT, {"id": 7, "name": "again"})


def test_a_default_only_sqlalchemy_can_compute_must_be_given() -> None:
    """A callable default needs SQLAlchemy's execution context: raw_pg refuses to leave
    it out rather than insert a NULL (compiled only: no database needed)."""
    table = Table(
        "with_callable_default",
        MetaData(),
        Column("id", Integer, primary_key=True),
        Column("at", Integer, default=lambda: 3),
    )
    with pytest.raises(TypeError, match="'at'"):
        RawConnection(None, postgresql_asyncpg.dialect())._args(insert(table), {"id": 1})
    sql, args = RawConnection(None, postgresql_asyncpg.dialect())._args(
        insert(table), {"id": 1, "at": 4}
    )
    assert args == [1, 4] and "$2" in sql


async def test_a_statement_past_its_timeout_is_unavailable(engine: Any) -> None:
    with pytest.raises(OperationalError) as caught:
        async with transaction(engine) as conn:
            await conn.execute(text("SET LOCAL statement_timeout = 50"))
            await conn.scalars(select(func.pg_sleep(2)))
    assert unavailable(caught.value) and not client_error(caught.value)
    async with transaction(engine) as conn:  # the pool hands out a live connection
        assert await conn.fetch(SELECT, {"low": 0}) == []
