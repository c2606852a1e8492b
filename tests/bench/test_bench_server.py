"""The benches' server side never touches the test suite's PostgreSQL or Redis databases."""

from __future__ import annotations

import asyncio
import os

import pytest

from tests.bench import load_script
from tests.conftest import CONFIGURED_POSTGRES_URL, POSTGRES_URL, need_service, port_open


def test_the_default_database_is_the_benches_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BENCH_POSTGRES_URL", raising=False)
    bench = load_script("bench_server")
    name = bench.database_name(bench.POSTGRES_URL)
    assert name == "bench"
    assert not bench.is_test_database(name)
    for url in (CONFIGURED_POSTGRES_URL, POSTGRES_URL):
        assert bench.is_test_database(bench.database_name(url))


@pytest.mark.parametrize("name", ["test", "test_gw1", "test_det"])
def test_a_test_database_is_never_reset(name: str) -> None:
    bench = load_script("bench_server")
    with pytest.raises(SystemExit, match="test database"):
        bench.reset_postgres(f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}")


def test_the_spawned_server_gets_no_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/15")
    env = load_script("bench_server").server_env("sqlite+aiosqlite:///bench.db", 8123)
    assert "REDIS_URL" not in env
    assert env["DATABASE_URL"] == "sqlite+aiosqlite:///bench.db"


def test_a_missing_bench_database_is_created_then_reset() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    import asyncpg

    bench = load_script("bench_server")
    name = f"bench_probe_{os.getpid()}"
    server = CONFIGURED_POSTGRES_URL.replace("+asyncpg", "").rpartition("/")[0]

    async def run(database: str, statement: str) -> object:
        conn = await asyncpg.connect(f"{server}/{database}")
        try:
            return await conn.fetchval(statement)
        finally:
            await conn.close()

    def tables() -> object:
        query = "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
        return asyncio.run(run(name, query))

    url = f"{server.replace('postgresql://', 'postgresql+asyncpg://')}/{name}"
    try:
        bench.reset_postgres(url)  # missing: created
        asyncio.run(run(name, "CREATE TABLE left_over (id int)"))
        assert tables() == 1
        bench.reset_postgres(url)  # there: emptied
        assert tables() == 0
    finally:
        asyncio.run(run("postgres", f'DROP DATABASE IF EXISTS "{name}"'))


def test_the_wait_for_a_core_is_read_from_schedstat() -> None:
    bench_server = load_script("bench_server")
    before = bench_server.proc_wait_seconds(os.getpid())
    sum(range(200_000))  # some running, maybe some waiting
    assert bench_server.proc_wait_seconds(os.getpid()) >= before >= 0
    assert bench_server.proc_wait_seconds(2**22 + 12345) == 0  # no such process: nothing
