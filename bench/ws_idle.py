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
    url: str, rooms: list[Any], count: int, concurrency: int = CONCURRENCY
) -> list[Any]:
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

    return list(await asyncio.gather(*(one(i) for i in range(count))))


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
    port = 18000 + os.getpid() % 1000
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as workdir:
        server = spawn_server(args.spawn, port, Path(workdir))
        try:

            async def run() -> None:
                sem = asyncio.Semaphore(32)
                rooms = await asyncio.gather(
                    *(make_room(url, "race", sem) for _ in range(args.rooms))
                )
                # Warm-up: the first sockets pay one-time costs (lazy imports, first
                # views) that are not a socket's; they are closed before measuring.
                warm = await open_sockets(url, list(rooms), min(50, args.sockets))
                await asyncio.gather(*(ws.close() for ws in warm), return_exceptions=True)
                await asyncio.sleep(args.settle)
                before = rss_mb(server.pid)
                started = time.perf_counter()
                sockets = await open_sockets(url, list(rooms), args.sockets, args.concurrency)
                opened = time.perf_counter() - started
                gc.collect()
                await asyncio.sleep(args.settle)
                after = rss_mb(server.pid)
                per_socket_kb = (after - before) * 1000 / args.sockets
                print(
                    f"# ws_idle: store={args.spawn} rooms={args.rooms} sockets={args.sockets} "
                    f"concurrency={args.concurrency} pinned={PIN}\n"
                    f"server RSS before {before:.1f} MB, with the sockets {after:.1f} MB "
                    f"(opened in {opened:.1f} s)\n"
                    f"per idle socket: {per_socket_kb:.1f} KB"
                )
                await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)

            asyncio.run(run())
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
