"""Closed-loop WebSocket load: R rooms x 2 seats play over real sockets.

A seat moves as soon as it has seen the patch that makes it the one to act; latency
is the mover's send -> the opponent's receipt of the resulting patch (both seats of a
room live in the same client process, so one clock times both ends). Prints p50 /
p95 / p99 latency, moves/s, server RSS and CPU, and the client's CPU (and, on stderr,
the moves per group-commit batch the server's /metrics counted in the window).

    python bench/ws_load.py --spawn postgres --rooms 1 100 500
    python bench/ws_load.py --url http://127.0.0.1:8000 --server-pid 1234 --rooms 100

Workloads: ``race`` (the tests' trivial game: 2 seats alternating a tiny move, the
workload of notes/perf-anchors.md) and ``akropolis`` (random legal moves, taken from
the patch that makes the seat the one to act, where the server sends them in their
compact form as the browser uses them; asked with a ``legal_moves`` message from a
server that does not; finished games restart).
--spawn starts the server itself (SQLite file or the benches' PostgreSQL database,
uvloop + websockets-sansio, test games on, per-socket rate limit raised for the
closed loop) pinned to core 0 with the clients on core 1, like the peer figures.
``--client node`` plays either workload with ``bench/node_client.js`` (one Node process,
``ws`` and ``JSON.parse``, like the peers' load generator) instead of the Python client
processes: the Python client costs more CPU per move than the peers' one, and on two
cores that CPU is taken from the server and PostgreSQL (``bench/ws_load_node.py``).
"""

from __future__ import annotations

import argparse
import signal
import tempfile
from pathlib import Path

from bench_server import PIN, spawn_server
from ws_load_python import run_python_level


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a running server (otherwise --spawn)")
    parser.add_argument("--server-pid", type=int, help="pid of the running server, for RSS/CPU")
    parser.add_argument(
        "--spawn", choices=("sqlite", "postgres"), help="start a server on this store"
    )
    parser.add_argument(
        "--port", type=int, default=8765, help="port of the spawned server (pick a free one)"
    )
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 100, 500])
    parser.add_argument("--game", choices=("race", "akropolis"), default="race")
    parser.add_argument("--clients", type=int, default=2, help="client processes (at most)")
    parser.add_argument(
        "--client", choices=("python", "node"), default="python",
        help="node: the loop in bench/node_client.js, a client as cheap as the peers' one",
    )  # fmt: skip
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=12.0)
    args = parser.parse_args()
    if not args.url and not args.spawn:
        parser.error("give --url of a running server or --spawn sqlite|postgres")
    if args.client == "node":
        from ws_load_node import node_available, run_node_level

        if (missing := node_available()) is not None:
            parser.error(missing)
    process = None
    with tempfile.TemporaryDirectory() as workdir:
        if args.spawn:
            port = args.port
            process = spawn_server(args.spawn, port, Path(workdir))
            url, pid = f"http://127.0.0.1:{port}", process.pid
        else:
            url, pid = args.url.rstrip("/"), args.server_pid
        store = args.spawn or "?"
        print(f"# ws_load: store={store} game={args.game} warmup={args.warmup}s "
              f"duration={args.duration}s pinned={PIN}")  # fmt: skip
        print(
            "| store | game | R | p50 ms | p95 ms | p99 ms | mean ms | moves/s | errors "
            "| server CPU % | server RSS MB idle→peak | client procs | client CPU % |"
        )
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        try:
            for rooms in args.rooms:
                if args.client == "node":
                    r = run_node_level(url, pid, rooms, args.game, args.warmup, args.duration)
                else:
                    r = run_python_level(
                        url, pid, rooms, args.game, args.clients, args.warmup, args.duration
                    )
                cells = [
                    store, r["game"], r["rooms"], f"{r['p50_ms']:.2f}", f"{r['p95_ms']:.2f}",
                    f"{r['p99_ms']:.2f}", f"{r['mean_ms']:.2f}", f"{r['moves_per_s']:.0f}",
                    r["errors"], f"{r['server_cpu_pct']:.0f}",
                    f"{r['server_rss_idle_mb']:.1f}→{r['server_rss_peak_mb']:.1f}",
                    r["client_processes"], f"{r['client_cpu_pct']:.0f}",
                ]  # fmt: skip
                print("| " + " | ".join(str(cell) for cell in cells) + " |", flush=True)
        finally:
            if process is not None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)


if __name__ == "__main__":
    main()
