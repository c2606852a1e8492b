"""Top-level functions the pool tests run in worker processes (importable by ``spawn``)."""

from __future__ import annotations

import os
import time


def sleep_then_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def fail(message: str) -> None:
    raise ValueError(message)
