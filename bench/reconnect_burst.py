"""What a burst of reconnecting sockets costs one app process (issue 42's resume time).

    .venv/bin/python bench/reconnect_burst.py --rooms 120 --game akropolis
    .venv/bin/python bench/reconnect_burst.py --rooms 120 --profile /tmp/burst.prof

When a process dies, its rooms' sockets come back through nginx to the survivors all at
once, to processes that never held those rooms (affinity kept them on the dead one).
This bench makes ``--rooms`` started two-seat rooms on a server, stops it and starts a
fresh one on the same PostgreSQL and Redis (nothing cached, as on a survivor), then opens
both seats' sockets of every room at the same moment and waits for each snapshot. It
prints the burst's wall time (the last snapshot), the p50/p99 time to a snapshot and the
server's CPU a socket. ``--profile FILE`` runs the fresh server under cProfile (the
compiled modules show as single calls). The server and this client are pinned apart
(core 0 / core 1) like ``ws_load.py``; the benches' PostgreSQL database and Redis
database ``--redis-db`` (never the test suite's) are reset first.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import (  # noqa: E402
    PIN,
    POSTGRES_URL,
    percentile,
    proc_cpu_seconds,
    reset_postgres,
    server_env,
    wait_ready,
)
from ws_load_python import make_rooms  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PROFILED = """import cProfile, runpy, signal, sys
profile = cProfile.Profile()
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
signal.signal(signal.SIGUSR2, lambda *_: (profile.disable(), profile.dump_stats(sys.argv[1])))
runpy.run_module("app", run_name="__main__", alter_sys=True)
"""


def start(port: int, redis_url: str | None, profile: str | None) -> subprocess.Popen[bytes]:
    env = server_env(POSTGRES_URL, port)
    if redis_url:
        env["REDIS_URL"] = redis_url
    command = [sys.executable, "-m", "app"]
    if profile:
        # The profile covers the bursts only (SIGUSR1 starts it, SIGUSR2 writes it).
        command = [sys.executable, "-c", PROFILED, profile]
    if PIN:
        command = ["taskset", "-c", "0", *command]
    return wait_ready(subprocess.Popen(command, env=env, cwd=ROOT), port)


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()  # a clean exit: cProfile writes its file
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()


async def burst(url: str, seats: list[tuple[str, str]], pid: int) -> tuple[list[float], float]:
    """Open every socket at once: the seconds from the start to each one's snapshot, and
    the server's CPU until the last one (the sockets close after that reading)."""
    from websockets.asyncio.client import connect

    base = url.replace("http", "ws", 1)
    done = asyncio.Event()
    waiting = len(seats)
    cpu = proc_cpu_seconds(pid)
    started = time.monotonic()

    async def one(room_id: str, cookie: str) -> float:
        nonlocal waiting
        async with connect(
            f"{base}/ws/rooms/{room_id}",
            additional_headers={"Cookie": f"agora_session={cookie}"},
            open_timeout=60, max_size=None, compression=None, proxy=None,
        ) as ws:  # fmt: skip
            async for raw in ws:
                if orjson.loads(raw).get("type") == "snapshot":
                    took = time.monotonic() - started
                    waiting -= 1
                    if not waiting:
                        done.set()
                    await done.wait()  # held open until every socket has its snapshot
                    return took
        raise AssertionError(f"{room_id}: closed before its snapshot")

    tasks = [asyncio.create_task(one(room, cookie)) for room, cookie in seats]
    await done.wait()
    cpu = proc_cpu_seconds(pid) - cpu
    return list(await asyncio.gather(*tasks)), cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=120)
    parser.add_argument("--game", choices=("race", "akropolis"), default="akropolis")
    parser.add_argument("--port", type=int, default=8771)
    parser.add_argument("--redis-db", type=int, default=9, help="-1: no Redis (one process)")
    parser.add_argument("--passes", type=int, default=3, help="each on a fresh server")
    parser.add_argument("--profile", help="cProfile the last pass's survivor burst into this")
    args = parser.parse_args()
    if PIN:
        os.sched_setaffinity(0, {1})
    redis_url = None if args.redis_db < 0 else f"redis://127.0.0.1:6379/{args.redis_db}"
    if redis_url:
        redis.Redis.from_url(redis_url).flushdb()
    reset_postgres(POSTGRES_URL)
    url = f"http://127.0.0.1:{args.port}"
    server = start(args.port, redis_url, None)
    try:  # a set to warm the process up, and the set of the rooms it never saw
        sets = [make_rooms(url, args.game, args.rooms) for _ in ("warm-up", "survivor")]
    finally:
        stop(server)
    warmup, survivor = (
        [(r.room_id, cookie) for r in rooms for cookie in r.cookies] for rooms in sets
    )
    print(f"{len(survivor)} sockets over {args.rooms} {args.game} rooms a burst")
    for number in range(args.passes):
        profile = args.profile if number == args.passes - 1 else None
        server = start(args.port, redis_url, profile)
        try:
            # warm-up: a fresh process's one-time costs; survivor: rooms and users this
            # process never held (a dead process's); rewatch: the same rooms once more.
            for kind, seats in (("warm-up", warmup), ("survivor", survivor), ("rewatch", survivor)):
                profiled = profile and kind == "survivor"
                if profiled:
                    server.send_signal(signal.SIGUSR1)
                times, cpu = asyncio.run(burst(url, seats, server.pid))
                if profiled:
                    server.send_signal(signal.SIGUSR2)
                time.sleep(1.5)  # the closed sockets' cleanup is not the next burst's
                print(
                    f"pass {number + 1} {kind}: last snapshot {max(times):.2f} s, p50 "
                    f"{percentile(times, 0.5):.2f} s, p99 {percentile(times, 0.99):.2f} s; "
                    f"server CPU {cpu / len(seats) * 1000:.2f} ms a socket"
                )
        finally:
            stop(server)


if __name__ == "__main__":
    main()
