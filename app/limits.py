"""Abuse limits: counted windows and exponential back-off, shared through Redis if any.

Two primitives, both keyed by a string such as ``"login:addr:1.2.3.4"``:

- :meth:`Limiter.hit` counts one action in a fixed window (``limit`` per ``window``
  seconds); past the limit it raises :class:`RateLimited` with ``retry_after``, the
  seconds until the window ends. Used for guests per address, registrations per
  address, rooms and chat lines per user.
- :meth:`Limiter.check_lock` / :meth:`Limiter.failure` / :meth:`Limiter.success`:
  exponential back-off after failures (logins per account and per address). The first
  ``free`` failures in ``window`` seconds cost nothing; each further one locks the key
  for ``base * 2**n`` seconds (capped), and a locked key is refused with 429 before the
  password is even checked. A success clears the key's failures.

:class:`MemoryStore` keeps the counters in the process (one process, or tests);
:class:`RedisStore` keeps them in Redis (``INCR`` + ``PEXPIRE``, ``SET PX``), so every
process counts together. A Redis error lets the request through (logged): a limit must
not take the site down with it.

On a Redis Cluster (``redis+cluster://``) each transaction touches one key, so the names
need no hash tag; :meth:`RedisStore.clear` deletes keys of several slots, which the
cluster client splits by slot.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from typing import Any, Protocol

from app.errors import RateLimited

log = logging.getLogger(__name__)
PREFIX = "agora:limit:"


class Store(Protocol):
    async def incr(self, key: str, window: float) -> tuple[int, float]:
        """Add one to ``key`` (created with a ``window``-second life); (count, seconds left)."""
        ...

    async def lock(self, key: str, seconds: float) -> None: ...

    async def locked_for(self, key: str) -> float:
        """Seconds the key stays locked (0 if it is not)."""
        ...

    async def clear(self, *keys: str) -> None: ...


class MemoryStore:
    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock  # replaceable: tests move time on instead of sleeping
        self._counts: dict[str, tuple[int, float]] = {}
        self._locks: dict[str, float] = {}

    def _sweep(self, now: float) -> None:
        if len(self._counts) + len(self._locks) < 10_000:
            return
        self._counts = {k: v for k, v in self._counts.items() if v[1] > now}
        self._locks = {k: v for k, v in self._locks.items() if v > now}

    async def incr(self, key: str, window: float) -> tuple[int, float]:
        now = self.clock()
        self._sweep(now)
        count, ends = self._counts.get(key, (0, 0.0))
        if ends <= now:
            count, ends = 0, now + window
        self._counts[key] = (count + 1, ends)
        return count + 1, ends - now

    async def lock(self, key: str, seconds: float) -> None:
        self._locks[key] = self.clock() + seconds

    async def locked_for(self, key: str) -> float:
        return max(0.0, self._locks.get(key, 0.0) - self.clock())

    async def clear(self, *keys: str) -> None:
        for key in keys:
            self._counts.pop(key, None)
            self._locks.pop(key, None)


class RedisStore:
    def __init__(self, url: str) -> None:
        from app.realtime.redis_client import connect

        self._redis = connect(url, socket_timeout=2, socket_connect_timeout=2)

    async def incr(self, key: str, window: float) -> tuple[int, float]:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.incr(PREFIX + key)
            pipe.pexpire(PREFIX + key, max(1, int(window * 1000)), nx=True)
            pipe.pttl(PREFIX + key)
            count, _, ttl = await pipe.execute()
        return int(count), max(0.0, int(ttl) / 1000)

    async def lock(self, key: str, seconds: float) -> None:
        await self._redis.set(PREFIX + "lock:" + key, 1, px=max(1, int(seconds * 1000)))

    async def locked_for(self, key: str) -> float:
        ttl = await self._redis.pttl(PREFIX + "lock:" + key)
        return max(0.0, int(ttl) / 1000)

    async def clear(self, *keys: str) -> None:
        names = [PREFIX + key for key in keys] + [PREFIX + "lock:" + key for key in keys]
        await self._redis.delete(*names)

    async def close(self) -> None:
        await self._redis.aclose()


def refuse(retry_after: float, what: str) -> RateLimited:
    seconds = max(1, math.ceil(retry_after))
    error = RateLimited(f"too many {what}: try again in {seconds} s")
    error.retry_after = seconds
    return error


class Limiter:
    def __init__(self, store: Store, *, enabled: bool = True) -> None:
        self.store = store
        self.enabled = enabled

    async def hit(self, key: str, *, limit: int, window: float, what: str) -> None:
        if not self.enabled:
            return
        try:
            count, left = await self.store.incr(key, window)
        except Exception:  # a limiter outage must not refuse everyone
            log.warning("rate limiter unavailable", exc_info=True)
            return
        if count > limit:
            raise refuse(left, what)

    async def check_lock(self, *keys: str, what: str) -> None:
        if not self.enabled:
            return
        try:
            left = max([await self.store.locked_for(key) for key in keys], default=0.0)
        except Exception:
            log.warning("rate limiter unavailable", exc_info=True)
            return
        if left > 0:
            raise refuse(left, what)

    async def failure(
        self, key: str, *, free: int, window: float, base: float, cap: float
    ) -> float:
        """Count a failure; past ``free`` of them, lock the key. Returns the lock (s)."""
        if not self.enabled:
            return 0.0
        try:
            count, _ = await self.store.incr(key, window)
            if count <= free:
                return 0.0
            seconds = min(cap, base * 2 ** (count - free - 1))
            await self.store.lock(key, seconds)
            return seconds
        except Exception:
            log.warning("rate limiter unavailable", exc_info=True)
            return 0.0

    async def success(self, *keys: str) -> None:
        if not self.enabled:
            return
        try:
            await self.store.clear(*keys)
        except Exception:
            log.warning("rate limiter unavailable", exc_info=True)

    async def close(self) -> None:
        closer = getattr(self.store, "close", None)
        if closer is not None:
            with contextlib.suppress(Exception):
                await closer()


def create_limiter(redis_url: str | None, *, enabled: bool = True) -> Limiter:
    store: Store = RedisStore(redis_url) if redis_url else MemoryStore()
    return Limiter(store, enabled=enabled)
