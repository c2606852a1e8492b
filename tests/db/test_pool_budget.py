"""Every app process's pool against PostgreSQL's max_connections (app.db.pool_budget)."""

from __future__ import annotations

import logging
import time

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.config import Settings
from app.db.migrate import upgrade_async
from app.db.pool_budget import check_pool_budget, per_process, shortfall
from tests.conftest import POSTGRES_URL, need_service, port_open


def test_four_processes_at_the_defaults_do_not_fit_the_default_server() -> None:
    defaults = Settings(database_url="sqlite+aiosqlite:///x.db")
    assert per_process(defaults) == 41  # 30 + 10 pooled, 1 heartbeat
    assert shortfall(defaults, 4, 100, 3) == 67  # bench/cluster.py's "too many clients"
    smaller = defaults.model_copy(update={"db_pool_size": 15, "db_pool_overflow": 5})
    assert shortfall(smaller, 4, 100, 3) <= 0


async def test_sqlite_has_nothing_to_check() -> None:
    engine = create_async_engine("sqlite+aiosqlite://")
    try:
        assert await check_pool_budget(engine, Settings(database_url="sqlite+aiosqlite://")) == 0
    finally:
        await engine.dispose()


async def test_a_warning_counts_the_live_processes_and_names_the_settings(
    caplog: pytest.LogCaptureFixture,
) -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    await upgrade_async(POSTGRES_URL)
    engine = create_async_engine(POSTGRES_URL)
    # Pools of 30 + 10: five processes need 205 connections, past any test server's limit.
    settings = Settings(database_url=POSTGRES_URL, db_pool_size=30, db_pool_overflow=10)
    now = time.time()
    rows = [{"id": f"budget-{n}", "at": now - (3600 if n == 0 else 0)} for n in range(6)]
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("INSERT INTO processes (id, started_at, beat_at) VALUES (:id, :at, :at)"),
                rows,
            )  # five alive, one gone an hour ago (other tests' servers may beat here too)
            max_connections = (await conn.execute(text("SHOW max_connections"))).scalar_one()
        with caplog.at_level(logging.WARNING, logger="app.db.pool_budget"):
            missing = await check_pool_budget(engine, settings)
        assert missing >= shortfall(settings, 5, int(max_connections), 3) > 0
        assert "app process(es)" in caplog.text and "DB_POOL_SIZE" in caplog.text
        roomy = settings.model_copy(update={"db_pool_size": 1, "db_pool_overflow": 0})
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="app.db.pool_budget"):
            assert await check_pool_budget(engine, roomy) <= 0
        assert caplog.text == ""
    finally:
        async with engine.begin() as conn:
            await conn.execute(text("DELETE FROM processes WHERE id LIKE 'budget-%'"))
        await engine.dispose()
