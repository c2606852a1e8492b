"""The cost curve, one room to ten thousand sockets (issue 41): ``python bench/cost_curve.py``.

One command, three parts, each point on a freshly spawned server (``bench_server``: pinned
to core 0, the clients on core 1), so that a point's RSS is its own rooms' and no earlier
point's:

1. the race closed loop of ``bench/ws_load.py`` at R = 1, 10, 100, 500, 2,000 and 5,000
   rooms (``--rooms``; two sockets a room; the Node client by default): moves/s, p50/p99,
   server CPU a move (its CPU over the window / the moves in it), the share of the window
   the server was runnable but waiting for a core ("server waits %", from
   ``/proc/<pid>/schedstat``: the shared machine's load, where a low server CPU % alone
   reads as an idle loop) and server RSS (after the rooms are made, and at the end of the
   window);
2. ``bench/ws_idle.py``'s measure at 10,000 idle sockets (``--idle-sockets``): server RSS
   before and with them, KB a socket, and how many opened if not all did;
3. each game (``--games``) at R = 10 (``--game-rooms``) with random legal moves, played by
   the Python client of ``ws_load`` (it counts the bytes each socket receives; the Node one
   does not): server CPU a move and bytes sent a move per socket (payload and frame header
   of every message a socket got in the window / moves / 2 sockets a room). Both grow
   through a game (its views grow), so the window must hold whole games, out of phase:
   R = 10 after a 20 s warm-up. At R = 100 a 10 s window held only moves from the first
   ~30 of each Akrotiri game (~220 a game): 6.7 KB a move a socket, against 11.4 KB at
   R = 10.

Writes ``bench/results/cost_curve.json`` (with the load average before and after each point:
the machine is shared) and draws ``docs/performance/cost-curve*.svg``
(``bench/draw_cost_curve.py``, also runnable alone). The soft limit of open files is raised
to what the sockets need. PostgreSQL: ``BENCH_POSTGRES_URL``, by default the database
``bench_cost_curve`` (reset at each point; a test database is refused).

    python bench/cost_curve.py                                   # the whole curve, ~10 min
    python bench/cost_curve.py --rooms 1 100 --duration 5 --idle-sockets 2000 --games attika
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_server  # noqa: E402
from bench_server import PIN, ROOT, spawn_server  # noqa: E402
from draw_cost_curve import OUT_DIR, RESULTS, draw  # noqa: E402
from ws_idle import measure_idle_on  # noqa: E402
from ws_load_python import run_python_level  # noqa: E402

ROOMS = [1, 10, 100, 500, 2000, 5000]
GAMES = ["akropolis", "agorapolis", "akrotiri", "attika"]
# Its own database by default: ``bench`` may be under a ws_load run of someone else's,
# and each point here drops every table.
POSTGRES_URL = os.environ.get(
    "BENCH_POSTGRES_URL", bench_server.DEFAULT_POSTGRES_URL.rpartition("/")[0] + "/bench_cost_curve"
)


def raise_fd_limit(wanted: int) -> int:
    """Raise this process's open-file limit (the spawned servers and clients inherit it)
    towards ``wanted``; returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft >= wanted:
        return soft
    try:  # as root the hard limit can rise too
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, max(hard, wanted)))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def per_move(r: dict[str, Any]) -> dict[str, Any]:
    """CPU a move (and bytes a move per socket when counted) from a ws_load level.

    The moves are the server's committed ones where /metrics counts them, else the versions
    the Python client saw: the timed moves miss one when a seat moves twice running.
    """
    moves = r.get("committed_moves") or r.get("versions_seen") or r["moves"]
    cpu_s = r["server_cpu_pct"] / 100 * r["window_s"]
    out: dict[str, Any] = {
        "moves_counted": moves,
        "cpu_us_per_move": cpu_s / moves * 1e6 if moves else math.nan,
    }
    if "bytes_received" in r:
        out["bytes_per_move_per_socket"] = r["bytes_received"] / moves / 2 if moves else math.nan
    return out


class Servers:
    """A fresh server a point, or with ``shared`` one for them all (the test's tiny run,
    where a spawn costs seconds; RSS then grows from point to point)."""

    def __init__(self, store: str, shared: bool) -> None:
        self.store, self.shared = store, shared
        self.stack = ExitStack()
        self.kept: tuple[str, int] | None = None

    def __enter__(self) -> Servers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    @contextmanager
    def point(self) -> Iterator[tuple[str, int]]:
        """The url and pid of the server a point runs on."""
        if self.shared:
            if self.kept is None:
                self.kept = self._spawn(self.stack)
            yield self.kept
            return
        with ExitStack() as stack:
            yield self._spawn(stack)

    def _spawn(self, stack: ExitStack) -> tuple[str, int]:
        workdir = stack.enter_context(tempfile.TemporaryDirectory())
        port = free_port()
        server = spawn_server(self.store, port, Path(workdir))
        stack.callback(_stop, server)  # before the workdir (its SQLite file) goes
        return f"http://127.0.0.1:{port}", server.pid


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def run_point(
    servers: Servers, rooms: int, game: str, client: str, warmup: float, duration: float
) -> dict[str, Any]:
    """One level: ws_load's row, the per-move figures and the load average."""
    load_before = load_average()
    with servers.point() as (url, pid):
        if client == "node":
            from ws_load_node import run_node_level

            r = run_node_level(url, pid, rooms, game, warmup, duration)
        else:
            r = run_python_level(url, pid, rooms, game, 2, warmup, duration)
    return {**r, **per_move(r), "load_before": load_before, "load_after": load_average()}


def _print_race(p: dict[str, Any]) -> None:
    print(
        f"| {p['rooms']:,} | {p['moves_per_s']:,.0f} | {p['p50_ms']:.1f} | {p['p99_ms']:.1f} "
        f"| {p['cpu_us_per_move']:.0f} | {p['server_cpu_pct']:.0f} "
        f"| {p['server_wait_pct']:.0f} | "
        f"{p['server_rss_idle_mb']:.0f} → {p['server_rss_peak_mb']:.0f} | {p['errors']} "
        f"| {p['load_before'][0]:.2f} |",
        flush=True,
    )


def _print_game(p: dict[str, Any]) -> None:
    print(
        f"| {p['game']} | {p['rooms']} | {p['moves_counted'] / p['window_s']:,.0f} "
        f"| {p['server_cpu_pct']:.0f} | {p['server_wait_pct']:.0f} "
        f"| {p['cpu_us_per_move']:.0f} | {p['bytes_per_move_per_socket']:,.0f} "
        f"| {p['p99_ms']:.1f} | {p['errors']} | {p['load_before'][0]:.2f} |",
        flush=True,
    )


def run(args: argparse.Namespace) -> dict[str, Any]:
    bench_server.POSTGRES_URL = POSTGRES_URL  # spawn_server reads it at each call
    fd_limit = raise_fd_limit(max(4 * max(args.rooms, default=0), args.idle_sockets) + 1024)
    data: dict[str, Any] = {
        "issue": 41,
        "started_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": "python bench/cost_curve.py " + " ".join(args.argv),
        "store": args.spawn,
        "client": args.client,
        "warmup_s": args.warmup,
        "duration_s": args.duration,
        "game_warmup_s": args.game_warmup,
        "game_duration_s": args.game_duration,
        "cpus": os.cpu_count(),
        "pinned": PIN,
        "same_server": args.same_server,
        "fd_limit": fd_limit,
        "load_average": {"start": load_average()},
        "race": [],
        "idle": None,
        "games": [],
    }
    print(f"# cost curve: store={args.spawn} client={args.client} load {load_average()}")
    # "waits %": the server runnable but not running (the machine's other load): a low
    # CPU % with a high one is a starved server, not an idle loop.
    print("| R | moves/s | p50 ms | p99 ms | CPU µs a move | server CPU % | server waits % "
          "| RSS MB | errors | load |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
          flush=True)  # fmt: skip
    with Servers(args.spawn, args.same_server) as servers:
        run_parts(args, servers, data)
    data["load_average"]["end"] = load_average()
    data["finished_at"] = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return data


def run_parts(args: argparse.Namespace, servers: Servers, data: dict[str, Any]) -> None:
    for rooms in args.rooms:
        point = run_point(servers, rooms, "race", args.client, args.warmup, args.duration)
        data["race"].append(point)
        _print_race(point)
    if args.idle_sockets:
        load_before = load_average()
        cores = os.sched_getaffinity(0)
        if PIN:  # the idle client beside the others, off the server's core (as ws_idle.py)
            os.sched_setaffinity(0, {1})
        try:
            with servers.point() as (url, pid):
                idle = measure_idle_on(
                    url, pid, args.idle_sockets, args.idle_rooms, args.idle_settle, tolerant=True
                )
        finally:
            os.sched_setaffinity(0, cores)
        data["idle"] = {**idle, "load_before": load_before, "load_after": load_average()}
        print(
            f"# idle: {idle['opened']:,} of {idle['sockets']:,} sockets open, server RSS "
            f"{idle['rss_before_mb']:.1f} → {idle['rss_after_mb']:.1f} MB, "
            f"{idle['per_socket_kb']:.1f} KB a socket"
            + (f"; first failure {idle['first_failure']}" if idle["first_failure"] else ""),
            flush=True,
        )
    if args.games:
        print("| game | R | moves/s | server CPU % | server waits % | CPU µs a move "
              "| bytes a move a socket | p99 ms | errors | load |\n"
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|", flush=True)  # fmt: skip
    for game in args.games:
        point = run_point(
            servers, args.game_rooms, game, "python", args.game_warmup, args.game_duration
        )
        data["games"].append(point)
        _print_game(point)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--spawn", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--rooms", type=int, nargs="*", default=ROOMS)
    parser.add_argument("--client", choices=("node", "python"), default="node")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds a race point")
    parser.add_argument("--idle-sockets", type=int, default=10_000, help="0: skip")
    parser.add_argument("--idle-rooms", type=int, default=100)
    parser.add_argument("--idle-settle", type=float, default=5.0)
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--game-rooms", type=int, default=10)
    parser.add_argument("--game-warmup", type=float, default=20.0)
    parser.add_argument("--game-duration", type=float, default=20.0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--svg-dir", type=Path, default=OUT_DIR)
    parser.add_argument("--no-draw", action="store_true")
    parser.add_argument(
        "--same-server", action="store_true",
        help="one server for every point (a smoke test: RSS then accumulates)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else argv
    if args.client == "node":
        from ws_load_node import node_available

        if (missing := node_available()) is not None:
            parser.error(missing)
    started = time.monotonic()
    data = run(args)
    data["wall_s"] = round(time.monotonic() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(_clean(data), indent=1) + "\n")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    if not args.no_draw:
        for path in draw(json.loads(args.out.read_text()), args.svg_dir):
            print(f"wrote {path}")


def _clean(value: Any) -> Any:
    """Strict JSON (NaN, as when no move was timed, becomes null), floats to 4 digits."""
    if isinstance(value, float):
        return round(value, 4) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _clean(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(item) for item in value]
    return value


if __name__ == "__main__":
    main()
