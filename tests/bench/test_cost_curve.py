"""``bench/cost_curve.py`` end to end at a tiny scale, and its charts' shape.

R = 1 and 2 for a second on SQLite, ten idle sockets, one game, all on one server
(``--same-server``: a spawn costs seconds on a busy machine). Nothing here asserts on a
figure's value, only that each is there: the figures are the bench's to print.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tests.bench import BENCH, load_script

SVG = "{http://www.w3.org/2000/svg}"


def test_a_tiny_cost_curve_writes_its_json_and_charts(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (BENCH.parent / "node_modules" / "ws").is_dir():
        pytest.skip("the Node client needs node and `make node`")
    out = tmp_path / "cost_curve.json"
    command = [
        sys.executable, str(BENCH / "cost_curve.py"), "--spawn", "sqlite", "--same-server",
        "--rooms", "1", "2", "--warmup", "0.3", "--duration", "1",
        "--idle-sockets", "10", "--idle-rooms", "2", "--idle-settle", "0.1",
        "--games", "akrotiri", "--game-rooms", "1", "--game-warmup", "0.3", "--game-duration", "1",
        "--out", str(out), "--svg-dir", str(tmp_path),
    ]  # fmt: skip
    env = {**os.environ, "BENCH_PIN": "0"}  # leave the cores to the rest of the suite
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]

    data = json.loads(out.read_text())
    assert data["store"] == "sqlite" and data["client"] == "node"
    assert len(data["load_average"]["start"]) == 3
    assert [p["rooms"] for p in data["race"]] == [1, 2]
    for point in data["race"]:
        assert point["moves"] > 0 and point["errors"] == 0
        for key in ("moves_per_s", "p99_ms", "cpu_us_per_move", "server_rss_peak_mb"):
            assert point[key] > 0, key
        assert len(point["load_before"]) == 3
        assert point["server_wait_pct"] >= 0  # runnable, waiting for a core
    idle = data["idle"]
    assert idle["sockets"] == idle["opened"] == 10 and idle["first_failure"] is None
    assert idle["rss_after_mb"] > 0
    (game,) = data["games"]
    assert game["game"] == "akrotiri" and game["moves_counted"] > 0
    assert game["cpu_us_per_move"] > 0 and game["bytes_per_move_per_socket"] > 0
    assert game["server_wait_pct"] >= 0

    curve = ElementTree.parse(tmp_path / "cost-curve.svg").getroot()
    assert curve.tag == f"{SVG}svg"
    assert len(curve.findall(f"{SVG}polyline")) == 4  # moves/s, p99, CPU, RSS
    games = ElementTree.parse(tmp_path / "cost-curve-games.svg").getroot()
    assert len(games.findall(f"{SVG}rect")) == 1 + 2  # the background, a bar a panel
    texts = [t.text for t in games.iter(f"{SVG}text")]
    assert "Akrotiri" in texts


def test_the_charts_skip_missing_figures(tmp_path: Path) -> None:
    """A point whose latency was not timed (null in the json) is left off, not drawn at 0."""
    draw = load_script("draw_cost_curve").draw
    race = [
        {"rooms": r, "moves_per_s": 10.0 * r, "p99_ms": None if r == 10 else 5.0,
         "cpu_us_per_move": 80.0, "server_rss_peak_mb": 100.0 + r}
        for r in (1, 10, 100)
    ]  # fmt: skip
    written = draw({"race": race, "idle": None, "games": []}, tmp_path)
    assert [p.name for p in written] == ["cost-curve.svg", "cost-curve-games.svg"]
    root = ElementTree.parse(written[0]).getroot()
    points = [len(line.get("points", "").split()) for line in root.findall(f"{SVG}polyline")]
    assert points == [3, 2, 3, 3]
