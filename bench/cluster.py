"""Several app processes behind nginx: moves/s and p99 for 1, 2 and 4 processes (issue 42).

    .venv/bin/python bench/cluster.py --processes 1 2 4 --rooms 200

For each process count: the benches' PostgreSQL database reset, a Redis database of the
benches' flushed (``BENCH_REDIS_URL``, default db 3), N app processes sharing both, and a
real nginx in front running ``deploy/nginx.conf`` (room affinity: a room's page, socket and
moves on one process, ``bench/nginx_front.py``). The closed loop of ``bench/ws_load.py``
(race, R rooms x 2 seats, Python clients) plays through nginx. Nothing is pinned: the
processes, nginx, PostgreSQL and the clients share the machine's cores, so on two cores
the curve says what a second process buys when the first is not alone, not what a core
serves. Prints one row per process count.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("BENCH_PIN", "0")  # before bench_server reads it

import nginx_front  # noqa: E402
from bench_server import POSTGRES_URL, reset_postgres, server_env  # noqa: E402
from soak_cluster import AppProcess, free_port  # noqa: E402
from ws_load_python import run_python_level  # noqa: E402

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3")


def proxy_ready(url: str, proxy: subprocess.Popen[bytes]) -> None:
    """Until nginx answers ``/readyz`` with a process behind it."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proxy.poll() is not None:
            raise SystemExit(f"nginx exited with {proxy.returncode} (port taken?)")
        try:
            if httpx.get(f"{url}/readyz", timeout=1, trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit("nginx did not start")


def level(count: int, rooms: int, args: argparse.Namespace, workdir: Path) -> dict[str, float]:
    reset_postgres(POSTGRES_URL)
    redis.Redis.from_url(REDIS_URL).flushdb()
    # The pools of all N processes under the shared server's 100 connections
    # (app/db/pool_budget.py): 30 + 10 each, four processes answered 151 moves with errors.
    pool = max(5, 80 // count - 5)
    env = {**server_env(POSTGRES_URL, 0), "REDIS_URL": REDIS_URL,
           "DB_POOL_SIZE": str(pool), "DB_POOL_OVERFLOW": "5"}  # fmt: skip
    apps = [AppProcess(n, env, workdir / f"app-{count}-{n}.log") for n in range(count)]
    for n, app in enumerate(apps):
        app.spawn()
        if n == 0:  # the first migrates the fresh database; the others start on it
            asyncio.run(app.wait_ready())
    listen = free_port()
    prefix = workdir / f"nginx{count}"
    prefix.mkdir()
    proxy = nginx_front.start([app.port for app in apps], listen, prefix)
    try:
        for app in apps:
            asyncio.run(app.wait_ready())
        url = f"http://127.0.0.1:{listen}"
        proxy_ready(url, proxy)
        return run_python_level(url, None, rooms, "race", args.clients, args.warmup, args.duration)
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        for app in apps:
            app.stop()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=12.0)
    args = parser.parse_args()
    print(f"# cluster: race, R={args.rooms}, nginx in front, duration={args.duration}s")
    print("| processes | R | p50 ms | p99 ms | moves/s | errors | client CPU % |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as workdir:
        for count in args.processes:
            r = level(count, args.rooms, args, Path(workdir))
            cells = [
                count, args.rooms, f"{r['p50_ms']:.2f}", f"{r['p99_ms']:.2f}",
                f"{r['moves_per_s']:.0f}", r["errors"], f"{r['client_cpu_pct']:.0f}",
            ]  # fmt: skip
            print("| " + " | ".join(str(cell) for cell in cells) + " |", flush=True)


if __name__ == "__main__":
    main()
