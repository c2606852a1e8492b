"""``bench/ws_load.py --client python``: the closed loop played by Python client processes.

Each process (on core 1) runs an asyncio loop over its share of the tables with the
``websockets`` client; rooms are made over HTTP (also used by ``ws_idle.py`` and, for
their setup, by the Node client's runner). The Python client costs more CPU a move than
the peers' Node load generator: ``--client node`` is the one to compare with them.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing as mp
import os
import random
import ssl
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_server import (  # noqa: E402
    PIN,
    commit_counts,
    percentile,
    print_batches,
    proc_cpu_seconds,
    proc_wait_seconds,
    rss_mb,
)

from app.games.compact import compact_move  # noqa: E402


def pick(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A uniformly random legal move from a ``legal_moves`` answer (list or compact)."""
    if "moves" in message:
        return rng.choice(message["moves"]) if message["moves"] else None
    compact = message["compact"]
    if "groups" in compact:  # the table form: one row a move
        rows = compact["rows"]
        return compact_move(compact, rng.randrange(len(rows))) if rows else None
    ((_key, values),) = compact["each"].items()
    if not values or not compact["rows"]:
        return None
    return compact_move(compact, rng.randrange(len(compact["rows"])), rng.randrange(len(values)))


@dataclass
class RoomSeats:
    room_id: str
    cookies: list[str]  # session cookie per seat
    game: str


# ---------------------------------------------------------------- setup over HTTP
@functools.cache
def _ssl_context() -> ssl.SSLContext:
    # One for every client: each ``httpx.AsyncClient`` otherwise loads the CA bundle
    # (25 ms of CPU), two a room, which was most of the setup of 5,000 rooms.
    return ssl.create_default_context()


async def make_room(client_url: str, game: str, sem: asyncio.Semaphore) -> RoomSeats:
    async with sem:
        async with (
            httpx.AsyncClient(base_url=client_url, timeout=60, verify=_ssl_context()) as host,
            httpx.AsyncClient(base_url=client_url, timeout=60, verify=_ssl_context()) as guest,
        ):
            (await host.post("/api/guests", json={"name": "Host"})).raise_for_status()
            (await guest.post("/api/guests", json={"name": "Guest"})).raise_for_status()
            options = {"target": 1_000_000} if game == "race" else {}
            created = await host.post(
                "/api/rooms", json={"game": game, "seats": 2, "options": options}
            )
            created.raise_for_status()
            room = created.json()
            (await guest.post(f"/api/rooms/{room['id']}/join", json={})).raise_for_status()
            (await host.post(f"/api/rooms/{room['id']}/start")).raise_for_status()
            return RoomSeats(
                room["id"],
                [host.cookies["agora_session"], guest.cookies["agora_session"]],
                game,
            )


async def restart_room(http: httpx.AsyncClient, room: RoomSeats) -> RoomSeats:
    """A new room for the same two guests (one shared client: building an
    ``httpx.AsyncClient`` makes an SSL context, which was 64 % of this client's CPU)."""
    host = {"Cookie": f"agora_session={room.cookies[0]}"}
    guest = {"Cookie": f"agora_session={room.cookies[1]}"}

    async def post(path: str, headers: dict[str, str], body: Any = None) -> httpx.Response:
        for attempt in range(6):  # a 503 (database pool busy) says when to come back
            try:
                answer = await http.post(path, json=body, headers=headers)
            except (httpx.ReadError, httpx.RemoteProtocolError):
                # A pooled connection the server closed after its 5 s keep-alive, just as
                # this request went out (Akropolis games last about that long here).
                if attempt == 5:
                    raise
                continue
            if answer.status_code != 503 or attempt == 5:
                answer.raise_for_status()
                return answer
            await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
        raise AssertionError("unreachable")

    created = await post("/api/rooms", host, {"game": room.game, "seats": 2})
    room_id = created.json()["id"]
    await post(f"/api/rooms/{room_id}/join", guest, {})
    await post(f"/api/rooms/{room_id}/start", host)
    http.cookies.clear()
    return RoomSeats(room_id, room.cookies, room.game)


# ---------------------------------------------------------------- client worker
class Table:
    """One room's two sockets and its in-flight move."""

    def __init__(self, room: RoomSeats) -> None:
        self.room = room
        self.sent_at = 0.0
        self.mover: int | None = None
        self.expected = -1


async def play_table(
    url: str, table: Table, start_at: float, stop_at: float, measure_from: float,
    latencies: list[float], counts: list[int], rng: random.Random, http: httpx.AsyncClient,
) -> None:  # fmt: skip
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    ws_url = url.replace("http", "ws", 1)

    async def open_seat(room_id: str, cookie: str) -> Any:
        """Connect like the browser client: a refused handshake (503 while the server
        is busy: 1,000 sockets arrive at once) is retried with backoff and jitter."""
        delay = 0.25
        while True:
            try:
                return await connect(
                    f"{ws_url}/ws/rooms/{room_id}",
                    additional_headers={"Cookie": f"agora_session={cookie}"},
                    max_size=None,
                    compression=None,
                )
            except (InvalidStatus, OSError, TimeoutError) as error:
                status = getattr(getattr(error, "response", None), "status_code", None)
                if status is not None and status != 503 or time.monotonic() > stop_at:
                    raise
                counts[2] += 1
                await asyncio.sleep(delay * (0.5 + rng.random()))
                delay = min(delay * 2, 4.0)

    while time.monotonic() < stop_at:
        room = table.room
        sockets = [await open_seat(room.room_id, cookie) for cookie in room.cookies]
        finished = asyncio.Event()

        async def seat_loop(
            seat: int, sockets: list[Any] = sockets, finished: asyncio.Event = finished,
            room: RoomSeats = room,
        ) -> None:  # fmt: skip
            ws = sockets[seat]
            other = 1 - seat
            to_act: list[int] = []
            version = 0
            async for raw in ws:
                in_window = measure_from <= time.monotonic() <= stop_at
                if in_window:
                    counts[4] += frame_bytes(raw)
                message = orjson.loads(raw)
                kind = message["type"]
                pushed = message.get("legal_moves")
                if kind == "snapshot":
                    version = message["version"]
                    to_act = message["view"]["to_act"] if message["view"] else []
                elif kind == "patch":
                    if seat == 0 and in_window:  # every move is a version: none untimed
                        counts[5] += message["version"] - version
                    version = message["version"]
                    for op in message["ops"]:
                        path = op["path"]
                        if path.startswith("/to_act"):
                            to_act = op["value"] if path == "/to_act" else _patched(to_act, op)
                        elif path == "/result" and op.get("value") is not None:
                            finished.set()
                        elif path == "":
                            to_act = op["value"]["to_act"]
                    # The opponent's receipt of the version the mover's move produced.
                    if table.mover == other and table.expected == version:
                        now = time.monotonic()
                        if measure_from <= now <= stop_at:
                            latencies.append(now - table.sent_at)
                            counts[0] += 1
                        table.mover = None
                elif kind == "legal_moves":
                    move = pick(message, rng)
                    if message["version"] == version and move is not None:
                        await send_move(ws, seat, move, version)
                    continue
                elif kind == "error":
                    counts[1] += 1
                    if counts[1] <= 3:
                        print(f"# server error: {message}", file=sys.stderr, flush=True)
                    continue
                else:
                    continue
                if finished.is_set():
                    return
                # When both seats may act (Agorapolis's simultaneous phases), the lower
                # one moves first and the other on the patch that follows: two moves on
                # one version would have the second refused as stale.
                if to_act and seat == min(to_act) and time.monotonic() < stop_at:
                    if room.game == "race":
                        await send_move(ws, seat, {"add": 1}, version)
                    elif pushed is not None and (move := pick(pushed, rng)) is not None:
                        await send_move(ws, seat, move, version)
                    else:
                        await ws.send('{"type":"legal_moves","compact":true}')

        async def send_move(ws: Any, seat: int, move: dict[str, Any], version: int) -> None:
            table.mover = seat
            table.expected = version + 1
            table.sent_at = time.monotonic()
            await ws.send(orjson.dumps({"type": "move", "move": move, "version": version}).decode())

        wait = start_at - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        loops = [asyncio.create_task(seat_loop(seat)) for seat in (0, 1)]
        stopper = asyncio.create_task(asyncio.sleep(max(0.0, stop_at - time.monotonic())))
        done_waiter = asyncio.create_task(finished.wait())
        # A seat loop ends early when the server closes its socket (1013: try again):
        # reconnect both seats to the same game, as the browser does.
        await asyncio.wait({stopper, done_waiter, *loops}, return_when=asyncio.FIRST_COMPLETED)
        for task in (*loops, stopper, done_waiter):
            if task.done() and not task.cancelled():
                task.exception()  # a closed socket's error: counted below, not logged
            task.cancel()
        for ws in sockets:
            await ws.close()
        if finished.is_set():
            table.room = await restart_room(http, room)
        elif time.monotonic() < stop_at:
            counts[3] += 1
            table.mover = None


def committed_moves(
    before: tuple[float, float] | None, after: tuple[float, float] | None
) -> int | None:
    """The moves the server committed between two /metrics readings, if it counts them
    (what a move's CPU is divided by where the client's count misses some, as when a
    game lets both seats act at once)."""
    return int(after[0] - before[0]) if before and after else None


def frame_bytes(raw: str | bytes) -> int:
    """A received message's bytes on the wire: its payload and the server's (unmasked)
    WebSocket frame header, as ``bench/cost_curve.py`` counts bytes sent a socket."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    return size + (2 if size < 126 else 4 if size < 65536 else 10)


def _patched(to_act: list[int], op: dict[str, Any]) -> list[int]:
    copy = list(to_act)
    index = op["path"].split("/")[2]
    if op["op"] == "replace":
        copy[int(index)] = op["value"]
    elif op["op"] == "add":
        copy.insert(len(copy) if index == "-" else int(index), op["value"])
    else:
        copy.pop(int(index))
    return copy


def worker(url: str, rooms: list[RoomSeats], start_at: float, warmup: float, duration: float,
           out: Any) -> None:  # fmt: skip
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    latencies: list[float] = []
    # timed moves, errors, handshake retries, reconnects, bytes in the window, versions
    # the window saw (every move, where a seat moving twice running leaves one untimed)
    counts = [0, 0, 0, 0, 0, 0]
    rng = random.Random(os.getpid())
    measure_from = start_at + warmup
    stop_at = measure_from + duration

    async def main() -> None:
        tables = [Table(room) for room in rooms]
        limits = httpx.Limits(max_connections=32, max_keepalive_connections=32)

        async def guarded(table: Table, http: httpx.AsyncClient) -> None:
            # One table's failure (a refused restart, a lost socket) is an error in the
            # row, not a worker that dies and takes every other table's figures with it.
            try:
                await play_table(
                    url, table, start_at, stop_at, measure_from, latencies, counts, rng, http
                )
            except Exception as error:
                counts[1] += 1
                if counts[1] <= 3:
                    print(f"# table {table.room.room_id} stopped: {error!r}", file=sys.stderr)

        async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
            await asyncio.gather(*(guarded(t, http) for t in tables))

    cpu_before = time.process_time()
    asyncio.run(main())
    out.put((latencies, counts, time.process_time() - cpu_before))


def make_rooms(url: str, game: str, count: int) -> list[RoomSeats]:
    """``count`` started rooms of two guests each (32 set up at a time)."""
    sem = asyncio.Semaphore(32)

    async def setup() -> list[RoomSeats]:
        return list(await asyncio.gather(*(make_room(url, game, sem) for _ in range(count))))

    return asyncio.run(setup())


def run_python_level(url: str, pid: int | None, rooms_count: int, game: str, clients: int,
              warmup: float, duration: float) -> dict[str, Any]:  # fmt: skip
    rooms = make_rooms(url, game, rooms_count)
    rss_idle = rss_mb(pid) if pid else float("nan")
    workers = max(1, min(clients, rooms_count))
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    start_at = time.monotonic() + 2.0 + rooms_count * 0.004
    processes = [
        ctx.Process(target=worker, args=(url, rooms[i::workers], start_at, warmup, duration, queue))
        for i in range(workers)
    ]
    for process in processes:
        process.start()
        if PIN and pid and os.path.exists("/usr/bin/taskset"):
            subprocess.run(["taskset", "-pc", "1", str(process.pid)], capture_output=True)
    while time.monotonic() < start_at + warmup:
        time.sleep(0.05)
    print(f"# measuring R={rooms_count} for {duration}s", file=sys.stderr, flush=True)
    commits0 = commit_counts(url)  # before the CPU and clock readings: not in the window
    cpu0 = proc_cpu_seconds(pid) if pid else 0.0
    wait0 = proc_wait_seconds(pid) if pid else 0.0
    peak = rss_idle
    measured_from = time.monotonic()
    while time.monotonic() < start_at + warmup + duration:
        time.sleep(0.25)
        if pid:
            peak = max(peak, rss_mb(pid))
    window = time.monotonic() - measured_from
    server_cpu = (proc_cpu_seconds(pid) - cpu0) / window if pid else float("nan")
    server_wait = (proc_wait_seconds(pid) - wait0) / window if pid else float("nan")
    commits1 = commit_counts(url)
    print_batches(rooms_count, commits0, commits1)
    latencies: list[float] = []
    moves = errors = retries = reconnects = received = versions = 0
    client_cpu = 0.0
    for _ in processes:
        lat, counts, cpu = queue.get(timeout=120)
        latencies += lat
        moves += counts[0]
        errors += counts[1]
        retries += counts[2]
        reconnects += counts[3]
        received += counts[4]
        versions += counts[5]
        client_cpu += cpu
    if retries or reconnects:
        print(f"# R={rooms_count}: {retries} handshakes retried (503), {reconnects} tables "
              "reconnected (socket closed by the server)", file=sys.stderr, flush=True)  # fmt: skip
    for process in processes:
        process.join(timeout=30)
    total_client_window = warmup + duration + 2.0
    return {
        "rooms": rooms_count,
        "game": game,
        "moves": moves,
        "moves_per_s": moves / duration,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p95_ms": percentile(latencies, 0.95) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "mean_ms": statistics.fmean(latencies) * 1000 if latencies else float("nan"),
        "errors": errors,
        "server_cpu_pct": server_cpu * 100,
        # Runnable but not running: the machine's other load, not the loop idling.
        "server_wait_pct": server_wait * 100,
        "server_rss_idle_mb": rss_idle,
        "server_rss_peak_mb": peak,
        "client_processes": workers,
        "client_cpu_pct": client_cpu / total_client_window * 100,
        "window_s": window,
        "committed_moves": committed_moves(commits0, commits1),
        "bytes_received": received,  # by every socket in the window (payload + frame header)
        "versions_seen": versions,
    }
