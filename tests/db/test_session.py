"""The PostgreSQL pool pings only connections idle past ``PING_IDLE_AFTER`` (app/db/session.py)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from app.db import session as db_session
from app.db.session import create_engine
from tests.conftest import POSTGRES_URL, base_settings, need_service, port_open


@pytest.fixture
async def engine() -> Any:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    engine = create_engine(base_settings(database_url=POSTGRES_URL))
    yield engine
    await engine.dispose()


async def backend_pid(engine: Any) -> int:
    async with engine.connect() as conn:
        return int(await conn.scalar(text("SELECT pg_backend_pid()")))


async def test_a_recently_used_connection_is_handed_out_without_a_ping(
    engine: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pings: list[Any] = []
    real_ping = engine.sync_engine.dialect.do_ping

    def counting_ping(c: Any) -> Any:
        pings.append(c)
        return real_ping(c)

    monkeypatch.setattr(engine.sync_engine.dialect, "do_ping", counting_ping)
    first = await backend_pid(engine)
    assert await backend_pid(engine) == first  # the same pooled connection
    assert pings == []
    monkeypatch.setattr(db_session, "PING_IDLE_AFTER", 0.0)  # now every checkout is "idle"
    assert await backend_pid(engine) == first
    assert len(pings) == 1


async def test_an_idle_connection_the_server_dropped_is_replaced_on_checkout(
    engine: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with engine.connect() as first, engine.connect() as second:
        dead = int(await first.scalar(text("SELECT pg_backend_pid()")))
        killer = int(await second.scalar(text("SELECT pg_backend_pid()")))
    async with engine.connect() as conn:  # the pool holds both; kill the other one
        victim = (
            dead if int(await conn.scalar(text("SELECT pg_backend_pid()"))) == killer else killer
        )
        await conn.execute(text(f"SELECT pg_terminate_backend({victim})"))
    monkeypatch.setattr(db_session, "PING_IDLE_AFTER", 0.0)  # idle: pinged on checkout
    seen = {await backend_pid(engine) for _ in range(3)}  # the dead one is found and replaced
    assert victim not in seen
