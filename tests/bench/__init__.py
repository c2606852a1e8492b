"""Tests of the bench/ scripts, which are files, not a package: :func:`load_script`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_script(name: str) -> ModuleType:
    """``bench/<name>.py`` executed afresh as module ``bench_<name>`` (each call reads the
    environment again; registered in sys.modules: dataclasses look their module up while
    it loads)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
