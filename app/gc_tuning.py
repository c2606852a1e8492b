"""The server process's garbage-collector settings.

The move path makes no reference cycles (a ``gc.DEBUG_SAVEALL`` probe during
``bench/ws_load.py`` at R = 500 found no unreachable object in 3 s; the four games'
rules, views and caches are held to it by ``tests/games/test_no_cycles.py``, since an
Akrotiri board cycle froze the server 0.5-0.7 s every ~10 s), so every automatic
collection is a scan that frees nothing; with CPython's defaults (700, 10, 10) the
full collections, which walk every live room, cost a fifth of the server's time and
made the race's p99 (R = 500, PostgreSQL, same window): defaults 5,749 moves/s, p99
333 ms; (700, 10, 1000) 5,979, p99 126 ms; (50,000, 20, 100) 6,910, p99 116 ms; the
collector off 7,093, p99 101 ms. The collector stays on (a cycle made by a rare path,
an exception's traceback say, is still freed), just less often, and what the process
built while starting (modules, the app, the migrations) is frozen out of its scans.

Only ``python -m app`` tunes: the test suite keeps CPython's defaults.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)
_tuned = False


def tune() -> None:
    """Collect less often (called before the server starts)."""
    global _tuned
    gc.set_threshold(*THRESHOLDS)
    _tuned = True


def settle() -> None:
    """After startup: leave what startup built out of every later collection."""
    if _tuned:
        gc.collect()
        gc.freeze()
