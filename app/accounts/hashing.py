"""Password hashing off the event loop, bounded, and with no timing tell.

argon2id costs tens of milliseconds of CPU by design; run on the event loop it stalls
every game the process serves (issue 18: four login guessers cut move throughput by
89 %). Here each hash runs in a small thread pool (argon2's C code releases the GIL);
at most ``MAX_PENDING`` hashes wait or run at once, beyond which a login is refused at
once with 429 ``busy`` and ``Retry-After`` instead of queueing without bound.

Unknown usernames are checked against a dummy hash, so answering "no such user" costs
the same time as a wrong password (no username probing by timing).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache

from app.accounts.security import hash_password, verify_password
from app.errors import AgoraError

WORKERS = 2
MAX_PENDING = 16


class HashingBusy(AgoraError):
    code, status = "busy", 429


_executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="argon2")
_lock = threading.Lock()
_pending = 0


@cache
def _dummy_hash() -> str:
    return hash_password("not the password of anyone")


async def _run(function: object, *args: str) -> object:
    global _pending
    with _lock:
        if _pending >= MAX_PENDING:
            raise HashingBusy("too many logins at once; try again in a moment")
        _pending += 1
    try:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(_executor, function, *args)  # type: ignore[arg-type]
    finally:
        with _lock:
            _pending -= 1


async def hash_async(password: str) -> str:
    return str(await _run(hash_password, password))


async def verify_async(password_hash: str | None, password: str) -> bool:
    """Check ``password``; with no hash (unknown user) check a dummy and answer False."""
    if not password_hash:
        await _run(verify_password, await _dummy_hash_async(), password)
        return False
    return bool(await _run(verify_password, password_hash, password))


async def _dummy_hash_async() -> str:
    if _dummy_hash.cache_info().currsize:
        return _dummy_hash()
    return str(await _run(_dummy_hash))
