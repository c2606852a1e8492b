"""HTTP API load: requests per second and server CPU per request, one sequential client.

    python bench/http_load.py --spawn postgres            # or sqlite
    python bench/http_load.py --spawn sqlite --open-rooms 1000 --requests 600

The server runs pinned to core 0 (as in ``ws_load.py``), the client on core 1: one
keep-alive ``httpx`` client sending requests one after another (the workload of the
issue's figures). Before measuring, ``--open-rooms`` public rooms are created (by as many
guests, so the lobby lists them all). Each operation is then timed over ``--requests``
requests; the server's CPU time (user + system, from /proc) is divided by the requests:

- ``GET /api/rooms``   the lobby, with the open rooms waiting;
- ``GET /``            the lobby page;
- ``POST /api/guests`` a guest session;
- ``POST /api/rooms``  a room (a guest creates it);
- ``GET /r/{id}``      a room page;
- ``POST /api/rooms/{id}/join``   a second guest takes the free seat of a new room;
- ``POST /api/rooms/{id}/start``  its host starts it (the seat changes that restart a game).

Abuse limits are raised for the bench through the environment (``BENCH_ENV`` adds more).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import PIN, proc_cpu_seconds, spawn_server  # noqa: E402

# Limits a bench must not hit (names of app.config settings, as environment variables).
RAISED_LIMITS = {"RATE_LIMITS": "false"}


def pin_client() -> None:
    if PIN and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {1})


def guest(client: httpx.Client, name: str) -> httpx.Cookies:
    answer = client.post("/api/guests", json={"name": name})
    answer.raise_for_status()
    return answer.cookies


def measure(
    label: str, pid: int, count: int, request: Callable[[int], httpx.Response]
) -> dict[str, float | str]:
    for i in range(min(20, count)):  # warm up
        request(-1 - i).raise_for_status()
    cpu = proc_cpu_seconds(pid)
    times = []
    started = time.perf_counter()
    for i in range(count):
        t0 = time.perf_counter()
        request(i).raise_for_status()
        times.append(time.perf_counter() - t0)
    wall = time.perf_counter() - started
    cpu_used = proc_cpu_seconds(pid) - cpu
    return {
        "op": label,
        "req_s": count / wall,
        "p50_ms": 1000 * statistics.median(times),
        "cpu_ms": 1000 * cpu_used / count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spawn", choices=("sqlite", "postgres"), required=True)
    parser.add_argument("--open-rooms", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=400)
    args = parser.parse_args()
    os.environ.update(RAISED_LIMITS)
    for pair in filter(None, os.environ.get("BENCH_ENV", "").split(",")):
        key, _, value = pair.partition("=")
        os.environ[key] = value
    with tempfile.TemporaryDirectory() as workdir:
        port = 8766
        process = spawn_server(args.spawn, port, Path(workdir))
        pin_client()
        url = f"http://127.0.0.1:{port}"
        try:
            with httpx.Client(base_url=url, timeout=30) as client:
                for n in range(args.open_rooms):
                    cookies = guest(client, f"host{n}")
                    client.post("/api/rooms", json={"game": "race", "seats": 2},
                                cookies=cookies).raise_for_status()  # fmt: skip
                    client.cookies.clear()
                player = guest(client, "bench")
                client.cookies.clear()
                room_id = client.post("/api/rooms", json={"game": "race", "seats": 2},
                                      cookies=player).json()["id"]  # fmt: skip
                client.cookies.clear()
                listed = len(client.get("/api/rooms").json())
                print(f"# http_load: store={args.spawn} open rooms={args.open_rooms} "
                      f"(lobby lists {listed}) requests={args.requests} pinned={PIN}")  # fmt: skip
                rows = [
                    measure("GET /api/rooms", process.pid, args.requests,
                            lambda i: client.get("/api/rooms")),
                    measure("GET /", process.pid, args.requests, lambda i: client.get("/")),
                    measure("POST /api/guests", process.pid, args.requests,
                            lambda i: client.post("/api/guests", json={"name": f"g{i}"})),
                    measure("POST /api/rooms", process.pid, args.requests,
                            lambda i: client.post("/api/rooms", cookies=player,
                                                  json={"game": "race", "seats": 2})),
                    measure("GET /r/{id}", process.pid, args.requests,
                            lambda i: client.get(f"/r/{room_id}", cookies=player)),
                ]  # fmt: skip
                joiner = guest(client, "joiner")
                client.cookies.clear()
                fresh = [client.post("/api/rooms", cookies=player,
                                     json={"game": "race", "seats": 2}).json()["id"]
                         for _ in range(args.requests + 20)]  # fmt: skip

                def nth(i: int) -> str:  # warm-up calls pass -1 .. -20
                    return fresh[i + 20 if i >= 0 else -1 - i]

                rows += [
                    measure("POST /api/rooms/{id}/join", process.pid, args.requests,
                            lambda i: client.post(f"/api/rooms/{nth(i)}/join", json={},
                                                  cookies=joiner)),
                    measure("POST /api/rooms/{id}/start", process.pid, args.requests,
                            lambda i: client.post(f"/api/rooms/{nth(i)}/start", cookies=player)),
                ]  # fmt: skip
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    print("| operation | req/s | p50 ms | server CPU ms/request |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {row['op']} | {row['req_s']:.0f} | {row['p50_ms']:.2f} | {row['cpu_ms']:.2f} |")


if __name__ == "__main__":
    main()
