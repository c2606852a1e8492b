"""Server memory per connected idle socket: ``.venv/bin/python bench/ws_idle.py``.

    python bench/ws_idle.py --spawn sqlite --sockets 2000          # or --spawn postgres

A server is started (pinned to core 0, as in ``ws_load.py``), ``--rooms`` running race
rooms are created (two seated guests each, as in ``ws_load.py``), and the server's RSS is
read (after 50 sockets were opened and closed: one-time costs such as lazy imports are
not a socket's). Then ``--sockets`` WebSockets are opened, spread over the rooms (the two players
of each room, and anonymous spectators for the rest), each waits for its snapshot, and
nothing more is sent. After ``--settle`` seconds the RSS is read again:

    per socket = (RSS with the sockets open - RSS before) / sockets

The figure includes everything a connection costs the server: the transport and its
buffers, uvicorn's protocol object, the ASGI task, the socket session and its hub
subscription. The client runs in this process, on core 1.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import PIN, rss_mb, spawn_server  # noqa: E402
from ws_load_python import make_room  # noqa: E402

#: handshakes in flight at once (``--concurrency``): many at once leave the allocator's
#: high-water mark of the handshakes in the RSS (64 at once measured ~8 KB more per socket)
CONCURRENCY = 8


async def open_sockets(
    url: str, rooms: list[Any], count: int, concurrency: int = CONCURRENCY,
    failures: list[BaseException] | None = None,
) -> list[Any]:  # fmt: skip
    """``count`` sockets spread over ``rooms``, each past its snapshot. With ``failures``,
    a socket that cannot open is appended there instead of failing the lot (how many a
    machine can hold is then a figure, as in ``bench/cost_curve.py``)."""
    from websockets.asyncio.client import connect

    ws_url = url.replace("http", "ws", 1)
    sem = asyncio.Semaphore(concurrency)

    async def one(index: int) -> Any:
        room = rooms[index % len(rooms)]
        seat = index // len(rooms)
        headers = {"Cookie": f"agora_session={room.cookies[seat]}"} if seat < 2 else {}
        async with sem:
            ws = await connect(
                f"{ws_url}/ws/rooms/{room.room_id}", additional_headers=headers,
                max_size=None, compression=None, open_timeout=60,
            )  # fmt: skip
            while orjson.loads(await ws.recv())["type"] != "snapshot":
                pass
            return ws

    tasks = (one(i) for i in range(count))
    if failures is None:
        return list(await asyncio.gather(*tasks))
    opened = []
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(outcome, BaseException):
            failures.append(outcome)
        else:
            opened.append(outcome)
    return opened


def measure_idle(
    store: str, sockets: int, rooms: int = 100, settle: float = 5.0,
    concurrency: int = CONCURRENCY, port: int | None = None, tolerant: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """Spawn a server, open ``sockets`` idle sockets and return its RSS before and with
    them (``tolerant``: sockets that fail to open are counted, not raised)."""
    port = port or 18000 + os.getpid() % 1000
    with tempfile.TemporaryDirectory() as workdir:
        server = spawn_server(store, port, Path(workdir))
        try:
            result = measure_idle_on(
                f"http://127.0.0.1:{port}", server.pid, sockets, rooms, settle, concurrency,
                tolerant,
            )  # fmt: skip
            return {"store": store, **result}
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def measure_idle_on(
    url: str, pid: int, sockets: int, rooms: int = 100, settle: float = 5.0,
    concurrency: int = CONCURRENCY, tolerant: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """:func:`measure_idle` on a running server (its url and pid)."""
    failures: list[BaseException] | None = [] if tolerant else None

    async def run() -> dict[str, Any]:
        sem = asyncio.Semaphore(32)
        made = await asyncio.gather(*(make_room(url, "race", sem) for _ in range(rooms)))
        # Warm-up: the first sockets pay one-time costs (lazy imports, first views) that
        # are not a socket's; they are closed before measuring.
        warm = await open_sockets(url, list(made), min(50, sockets))
        await asyncio.gather(*(ws.close() for ws in warm), return_exceptions=True)
        await asyncio.sleep(settle)
        before = rss_mb(pid)
        started = time.perf_counter()
        opened = await open_sockets(url, list(made), sockets, concurrency, failures)
        seconds = time.perf_counter() - started
        gc.collect()
        await asyncio.sleep(settle)
        after = rss_mb(pid)
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
        return {
            "rooms": rooms, "sockets": sockets, "opened": len(opened),
            "concurrency": concurrency, "rss_before_mb": before, "rss_after_mb": after,
            "open_s": seconds, "per_socket_kb": (after - before) * 1000 / max(1, len(opened)),
            "first_failure": repr(failures[0]) if failures else None,
        }  # fmt: skip

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spawn", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--settle", type=float, default=5.0)
    parser.add_argument(
        "--concurrency", type=int, default=CONCURRENCY, help="handshakes in flight at once"
    )
    args = parser.parse_args()
    if PIN and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {1})
    r = measure_idle(args.spawn, args.sockets, args.rooms, args.settle, args.concurrency)
    print(
        f"# ws_idle: store={args.spawn} rooms={args.rooms} sockets={args.sockets} "
        f"concurrency={args.concurrency} pinned={PIN}\n"
        f"server RSS before {r['rss_before_mb']:.1f} MB, with the sockets "
        f"{r['rss_after_mb']:.1f} MB (opened in {r['open_s']:.1f} s)\n"
        f"per idle socket: {r['per_socket_kb']:.1f} KB"
    )


if __name__ == "__main__":
    main()
