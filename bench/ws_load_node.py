"""``bench/ws_load.py --client node``: the closed loop driven by ``node_client.js``.

The rooms are made and started here (Python, over HTTP, as for the Python client); one
Node process on core 1 then plays them all, as the peers' load generator does, and this
reads the server's CPU over the window Node announces. Same figures, same row.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench_server import (
    PIN,
    ROOT,
    commit_counts,
    percentile,
    print_batches,
    proc_cpu_seconds,
    proc_wait_seconds,
    rss_mb,
)
from ws_load_python import committed_moves, make_rooms


def node_available() -> str | None:
    """Why ``--client node`` cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ROOT / "node_modules" / "ws").is_dir():
        return "the ws package is missing: run `make node`"
    return None


def run_node_level(url: str, pid: int | None, rooms_count: int, game: str, warmup: float,
                   duration: float) -> dict[str, Any]:  # fmt: skip
    rooms = make_rooms(url, game, rooms_count)
    rss_idle = rss_mb(pid) if pid else float("nan")
    workdir = Path(tempfile.mkdtemp(prefix="node_client-"))
    rooms_file, out_file = workdir / "rooms.json", workdir / "out.json"
    rooms_file.write_text(
        json.dumps([{"room_id": r.room_id, "game": r.game, "cookies": r.cookies} for r in rooms])
    )
    command = [
        "node", str(ROOT / "bench" / "node_client.js"), "--url", url, "--rooms-file",
        str(rooms_file), "--out", str(out_file), "--warmup", str(warmup), "--duration",
        str(duration),
    ]  # fmt: skip
    if PIN and pid and os.path.exists("/usr/bin/taskset"):
        command = ["taskset", "-c", "1", *command]
    try:
        client = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert client.stdout is not None
        if client.stdout.readline().strip() != "measuring":
            raise SystemExit(f"node_client.js failed (exit {client.wait()})")
        print(f"# measuring R={rooms_count} for {duration}s (node client)", file=sys.stderr)
        commits0 = commit_counts(url)
        cpu0 = proc_cpu_seconds(pid) if pid else 0.0
        wait0 = proc_wait_seconds(pid) if pid else 0.0
        if client.stdout.readline().strip() != "done":
            raise SystemExit(f"node_client.js failed (exit {client.wait()})")
        result = json.loads(out_file.read_text())
        server_cpu = (proc_cpu_seconds(pid) - cpu0) / result["window_s"] if pid else float("nan")
        server_wait = (proc_wait_seconds(pid) - wait0) / result["window_s"] if pid else float("nan")
        commits1 = commit_counts(url)
        peak = rss_mb(pid) if pid else float("nan")
        client.wait(timeout=30)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print_batches(rooms_count, commits0, commits1)
    if result["restarts"]:
        print(f"# R={rooms_count}: {result['restarts']} finished games restarted",
              file=sys.stderr, flush=True)  # fmt: skip
    if result["handshake_retries"]:
        print(f"# R={rooms_count}: {result['handshake_retries']} handshakes retried (503)",
              file=sys.stderr, flush=True)  # fmt: skip
    latencies = [ms / 1000 for ms in result["latencies_ms"]]
    return {
        "rooms": rooms_count,
        "game": game,
        "moves": result["moves"],
        "moves_per_s": result["moves"] / result["window_s"],
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p95_ms": percentile(latencies, 0.95) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "mean_ms": statistics.fmean(latencies) * 1000 if latencies else float("nan"),
        "errors": result["errors"],
        "server_cpu_pct": server_cpu * 100,
        "server_wait_pct": server_wait * 100,  # runnable, waiting for a core
        "server_rss_idle_mb": rss_idle,
        "server_rss_peak_mb": max(peak, rss_idle),
        "client_processes": "node",
        "client_cpu_pct": result["client_cpu_pct"],
        "window_s": result["window_s"],
        "committed_moves": committed_moves(commits0, commits1),
    }
