"""Real app processes (``python -m app``) for restart and multi-process tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

import httpx
import orjson
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.conftest import POSTGRES_URL, claim_databases, free_port


@dataclass
class Proc:
    url: str
    ws_url: str
    process: subprocess.Popen[bytes]


def spawn(database_url: str, **env: str) -> Proc:
    port = free_port()
    values = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "restart-secret",
        "AGORA_TEST_GAMES": "1",
        "WS_RATE_PER_SECOND": "1000",
        "WS_RATE_BURST": "1000",
        "RATE_LIMITS": "false",  # every guest and room of the test comes from 127.0.0.1
        "EXPIRY_SWEEP_SECONDS": "0",
        "SCHEDULER_POLL_SECONDS": "0.3",
        "METRICS_PUBLIC": "1",
        "PORT": str(port),
        "LOG_LEVEL": "warning",
        # The suite shares one PostgreSQL (max_connections 100) between its workers: a
        # process pool of 30 + 10 each, two or three at a time, ran out (app/db/pool_budget.py).
        "DB_POOL_SIZE": "10",
        "DB_POOL_OVERFLOW": "5",
        **env,
    }
    if "REDIS_URL" not in env:
        values.pop("REDIS_URL", None)
    process = subprocess.Popen([sys.executable, "-m", "app"], env=values)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server {url} exited with {process.returncode}")
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return Proc(url, url.replace("http://", "ws://"), process)
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"server {url} not ready")


def fired(proc: Proc) -> float:
    """The process's count of deadlines claimed and fired (its /metrics)."""
    body = httpx.get(f"{proc.url}/metrics", timeout=10).text
    for line in body.splitlines():
        if line.startswith("agora_deadlines_fired_total"):
            return float(line.split()[-1])
    return 0.0


async def make_due(database_url: str, room_ids: list[str], at: float) -> None:
    """Move the rooms' deadlines (and their reaction deadline) to ``at``, as if time passed."""
    engine = create_async_engine(database_url)
    try:
        async with engine.begin() as conn:
            for room_id in room_ids:
                row = (
                    await conn.execute(
                        text("SELECT timers FROM rooms WHERE id = :id"), {"id": room_id}
                    )
                ).one()
                timers: dict[str, Any] = orjson.loads(row[0])
                if timers.get("reaction"):
                    timers["reaction"]["expires_at"] = at
                clock = timers.get("clock")
                if clock:  # running clocks end at ``at``
                    clock["since"] = [
                        None if since is None else at - left
                        for since, left in zip(clock["since"], clock["remaining"], strict=True)
                    ]
                await conn.execute(
                    text("UPDATE rooms SET timers = :t, deadline_at = :at WHERE id = :id"),
                    {"t": orjson.dumps(timers).decode(), "at": at, "id": room_id},
                )
    finally:
        await engine.dispose()


async def versions(database_url: str, room_ids: list[str]) -> dict[str, int]:
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:
            return {
                room_id: (
                    await conn.execute(
                        text("SELECT version FROM rooms WHERE id = :id"), {"id": room_id}
                    )
                ).scalar_one()
                for room_id in room_ids
            }
    finally:
        await engine.dispose()


async def fresh_postgres(suffix: str) -> str:
    """A new empty database next to the test one (``<name>_<suffix>``), for processes.

    The session's in-process PostgreSQL server polls the test database for deadlines
    too; tests that count which process fired what need a database of their own.
    """
    import asyncpg

    claim_databases()  # the scratch database is this run's too
    base = POSTGRES_URL.replace("+asyncpg", "")
    name = base.rsplit("/", 1)[1]
    scratch = f"{name}_{suffix}"
    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{scratch}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{scratch}"')
    finally:
        await conn.close()
    return POSTGRES_URL.rsplit("/", 1)[0] + f"/{scratch}"
