"""bench/move_path.py drives the room sockets' real move path: it must keep up with it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import uvloop

ROOT = Path(__file__).resolve().parents[2]


def load_bench() -> ModuleType:
    path = ROOT / "bench" / "move_path.py"
    spec = importlib.util.spec_from_file_location("bench_move_path", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_room_plays_its_moves_through_the_socket_sessions() -> None:
    move_path = load_bench()
    # run() asserts that every move was sent, committed and answered with patches.
    cost = uvloop.run(move_path.run(rooms=3, moves=60))
    assert cost > 0
