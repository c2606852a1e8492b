"""The modules compiled with mypyc (``make native``) and whether their build is current.

With every move's database work batched, a move's cost is the platform's own Python:
socket framing, the move's bookkeeping, views, patches, fan-out (``bench/ws_load.py``,
py-spy). mypyc compiles these typed modules to C extensions. Measured on the race
workload at R = 500 (PostgreSQL, server on one core, alternating runs in one window):
5,358-5,754 moves/s pure, 7,314-7,444 compiled; server CPU per move 166 -> 117 µs.

An extension sits next to its source (``diff.cpython-311-x86_64-linux-gnu.so``) and
Python imports it in preference to the ``.py``; all of them share one runtime library,
``app/native__mypyc…so`` (:data:`GROUP`). Without a C compiler nothing is built and the
same sources run as plain Python (mypyc compiles exactly this code and checks its type
hints at run time, so both behave alike on correct input).

An extension older than its source would silently run the old code: :func:`stale` names
such builds, the test suite refuses to start on them and ``python -m app`` warns.
``make run`` and ``make test`` rebuild first (``tools/build_native.py``).
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUP = "app.native"
# Modules must type-check and avoid what mypyc does not compile (async generators;
# ``__dict__`` of instances; reading ``__file__``, which is wrong in a compiled module;
# classes deriving from most builtins, e.g. exceptions), and must never await while
# handling an exception (in an ``except`` or ``finally`` block, or an ``async with``
# whose exit suspends): mypyc keeps the handled exception in the thread, not in the
# coroutine, so other tasks overwrite it meanwhile (the chaos soak segfaulted on it;
# tests/test_native.py checks every listed module). What mypyc does not speed up:
# a call into an interpreted module (a frame each: keep the move path's callees here), a
# dataclass's ``__init__`` (generated, interpreted: write it out), a module constant not
# ``Final`` (a dict read on each use), methods of a value typed ``Any`` (typed dicts and
# lists get direct C calls). Instructions a move (bench/move_path.py under valgrind): 266k
# -> 195k with those (2026-11-28). The room cache and the metrics compiled too, but
# measured no faster (the metrics' per-move counts since moved to a compiled module).
MODULES = (
    "app.api.socket_session",
    "app.games.hooks",
    "app.games.race",
    "app.games.strict",
    "app.observability.move_counts",
    "app.realtime.connection",
    "app.realtime.hub",
    "app.realtime.wire",
    "app.rooms.batch_queue",
    "app.rooms.clock",
    "app.rooms.diff",
    "app.rooms.json_text",
    "app.rooms.live",
    "app.rooms.movelog",
    "app.rooms.play",
    "app.rooms.publish",
    "app.rooms.room_lock",
    "app.rooms.store",
    "app.text",
)
_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]  # ".cpython-311-x86_64-linux-gnu.so"


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def extension(module: str) -> Path:
    return source(module).with_suffix(_SUFFIX)


def shared_library() -> Path:
    package, _, name = GROUP.rpartition(".")
    return ROOT.joinpath(*package.split("."), f"{name}__mypyc{_SUFFIX}")


def built_extensions() -> list[Path]:
    """Every compiled extension under ``app/`` (this list's or left from an older one)."""
    return sorted((ROOT / "app").rglob(f"*{_SUFFIX}"))


def stale() -> list[str]:
    """What makes the build unusable: sources newer than the build, extensions of
    modules no longer listed, or a partial build. Empty when nothing is built."""
    found = built_extensions()
    if not found:
        return []
    library = shared_library()
    if not library.exists():
        return [f"{library.name} is missing"]
    built_at = library.stat().st_mtime
    problems = [
        f"{module} changed since the build"
        for module in MODULES
        if not extension(module).exists() or source(module).stat().st_mtime > built_at
    ]
    expected = {extension(module) for module in MODULES} | {library}
    problems += [
        f"{path.relative_to(ROOT)} is not in the list" for path in found if path not in expected
    ]
    return problems
