"""The migrations build exactly the tables of app.db.models, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from app.db.base import Base
from app.db.migrate import upgrade
from tests.conftest import POSTGRES_URL, need_service, port_open, reset_postgres


def compare(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": False})
    return list(compare_metadata(context, Base.metadata))


def differences(url: str) -> list[object]:
    async def run() -> list[object]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(compare)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def test_sqlite_migrations_match_the_models(tmp_path: Path) -> None:
    path = tmp_path / "agora.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    assert differences(f"sqlite+aiosqlite:///{path}") == []


@pytest.mark.postgres
def test_postgres_migrations_match_the_models() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    reset_postgres()
    upgrade(POSTGRES_URL)
    assert differences(POSTGRES_URL) == []
