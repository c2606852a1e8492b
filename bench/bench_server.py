"""The benches' server side: spawn Agora pinned to core 0, read its CPU, RSS and metrics.

Shared by ``ws_load.py`` (both clients), ``ws_idle.py`` and ``http_load.py``: one way to
start the server under test (the settings a closed-loop bench needs) and to read it.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
# The benches' own database (created when missing): its schema is reset at each run, so it
# is never the test suite's ("test", "test_gw1", …), which a bench would reset under a
# running suite.
DEFAULT_POSTGRES_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/bench"
POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL)
PIN = os.environ.get("BENCH_PIN", "1") == "1"
# The spawned server's /metrics token (with --url: the running server's, if it has one).
METRICS_TOKEN = os.environ.get("BENCH_METRICS_TOKEN", "bench")


def database_name(url: str) -> str:
    return url.rpartition("/")[2].partition("?")[0]


def is_test_database(name: str) -> bool:
    """The test suite's databases: "test", and "test_…" (xdist workers, other runs)."""
    return name == "test" or name.startswith("test_")


def reset_postgres(url: str) -> None:
    """Create the bench's database when missing, else drop every table of it (the server or
    script migrates it again). A test database is refused: resetting it breaks a test run."""
    import asyncpg

    name = database_name(url)
    if is_test_database(name):
        raise SystemExit(f"BENCH_POSTGRES_URL names the test database {name!r}: use another")

    async def reset() -> None:
        dsn = url.replace("+asyncpg", "")
        try:
            conn = await asyncpg.connect(dsn)
        except asyncpg.InvalidCatalogNameError:
            server = await asyncpg.connect(dsn, database="postgres")
            try:
                await server.execute(f'CREATE DATABASE "{name}"')
            except asyncpg.DuplicateDatabaseError:
                pass  # another bench made it meanwhile
            finally:
                await server.close()
            return  # a new database: nothing to drop
        try:
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        finally:
            await conn.close()

    asyncio.run(reset())


def server_env(database_url: str, port: int) -> dict[str, str]:
    """The spawned server's environment: this one's, with the bench's settings."""
    return {
        # No Redis: one process needs no relay, and an inherited REDIS_URL could name the
        # test suite's Redis databases (15, 14, …), which the server would write to.
        **{key: value for key, value in os.environ.items() if key != "REDIS_URL"},
        "DATABASE_URL": database_url,
        "AGORA_TEST_GAMES": "1",
        "SECRET_KEY": "bench",
        "WS_RATE_PER_SECOND": "100000",
        "WS_RATE_BURST": "100000",
        "WS_SEND_QUEUE": "4096",
        "RATE_LIMITS": "false",  # thousands of guests and rooms from one address
        "EXPIRY_SWEEP_SECONDS": "0",
        "PORT": str(port),
        "LOG_LEVEL": os.environ.get("LOG_LEVEL", "warning"),
        "METRICS_TOKEN": METRICS_TOKEN,
    }


def spawn_server(db: str, port: int, workdir: Path) -> subprocess.Popen[bytes]:
    if db == "postgres":
        reset_postgres(POSTGRES_URL)
        database_url = POSTGRES_URL
    else:
        database_url = f"sqlite+aiosqlite:///{workdir / 'bench.db'}"
    env = server_env(database_url, port)
    command = [sys.executable, "-m", "app"]
    if PIN:
        command = ["taskset", "-c", "0", *command]
    return wait_ready(subprocess.Popen(command, env=env, cwd=ROOT), port)


def wait_ready(process: subprocess.Popen[bytes], port: int) -> subprocess.Popen[bytes]:
    """``process`` once its ``/readyz`` answers on ``port`` (exits if it never does)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:  # e.g. the port is taken: never bench another server
            raise SystemExit(f"server exited with {process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("server did not start")


def commit_counts(url: str) -> tuple[float, float] | None:
    """The server's group-commit moves and batches so far (its /metrics), if it says."""
    try:
        response = httpx.get(
            f"{url}/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}, timeout=10
        )
    except httpx.HTTPError:
        return None
    values = {}
    for line in response.text.splitlines() if response.status_code == 200 else ():
        name, _, value = line.partition(" ")
        if name in ("agora_commit_moves_total", "agora_commit_batches_total"):
            values[name] = float(value)
    if len(values) != 2:
        return None
    return values["agora_commit_moves_total"], values["agora_commit_batches_total"]


def proc_cpu_seconds(pid: int) -> float:
    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


def proc_wait_seconds(pid: int) -> float:
    """Time the process's threads spent runnable but waiting for a core (Linux's
    ``/proc/<pid>/task/*/schedstat``, second field; 0 where there is none).

    Beside its CPU time it tells a server starved by the machine's other load from one
    that idles: the Akrotiri point of the cost curve read as "waits on something other
    than CPU" at 27 % of a core, while the server waited for its core 75-80 % of the time.
    """
    total = 0
    for path in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(path.read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a thread gone meanwhile
    return total / 1e9


def rss_mb(pid: int) -> float:
    return psutil.Process(pid).memory_info().rss / 1e6


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def print_batches(rooms_count: int, before: tuple[float, float] | None,
                  after: tuple[float, float] | None) -> None:  # fmt: skip
    """The moves per group-commit batch in the window, from two /metrics readings."""
    if before and after and after[1] > before[1]:
        committed, batches = after[0] - before[0], after[1] - before[1]
        print(f"# R={rooms_count}: {committed:.0f} moves in {batches:.0f} group-commit batches "
              f"({committed / batches:.1f} a batch)", file=sys.stderr, flush=True)  # fmt: skip
