"""Who is connected to a room, across processes, with a heartbeat so a dead process fades.

Each process writes only its own counts: the hash ``agora:presence:{<room>}:p:<origin>``
(audience -> open sockets), which lives ``ttl`` seconds and is rewritten by a heartbeat
every ``ttl / 3`` while the process has sockets in the room. The set
``agora:presence:{<room>}:procs`` names the processes that wrote. A room's presence is the
sum over the hashes still alive; a process killed without a goodbye stops refreshing its
hash, which expires within ``ttl`` seconds (the ``presence_ttl_seconds`` setting, well
under a minute), and its sockets stop counting. Names of expired hashes are dropped
from the set when read.

Without Redis the hub counts in memory (one process: nothing to expire).

The braces are a hash tag: on a Redis Cluster a key's slot is that of the text between
them, so a room's hashes and its set share a slot and one MULTI writes them together
(a transaction over keys of several slots is refused). The names had no braces before
(issue 42): during a rolling deploy old and new processes count in different keys, so
each side sees only its own sockets until the old processes are gone (their hashes
expire within the TTL).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from typing import Any

from app.realtime.redis_client import connect

log = logging.getLogger(__name__)
PROCESS_SET_TTL = 3600


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def room_key(room_id: str) -> str:
    return f"agora:presence:{{{room_id}}}:procs"


def process_key(room_id: str, origin: str) -> str:
    return f"agora:presence:{{{room_id}}}:p:{origin}"


class RedisPresence:
    def __init__(self, url: str, origin: str, ttl_seconds: float = 30.0) -> None:
        self._redis = connect(url, socket_timeout=2, socket_connect_timeout=2)
        self.origin = origin
        self.ttl_ms = max(100, int(ttl_seconds * 1000))
        self._counts: dict[str, dict[str, int]] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._heartbeat(), name="presence-heartbeat")

    async def stop(self, *, goodbye: bool = True) -> None:
        """Stop the heartbeat; with ``goodbye``, remove this process's counts at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if goodbye:
            with contextlib.suppress(Exception):
                names = [process_key(room, self.origin) for room in self._counts]
                if names:
                    await self._redis.delete(*names)
        await self._redis.aclose()

    async def change(self, room_id: str, key: str, delta: int) -> dict[str, int]:
        counts = self._counts.setdefault(room_id, {})
        counts[key] = counts.get(key, 0) + delta
        if counts[key] <= 0:
            del counts[key]
        await self._write(room_id)
        if not counts:
            del self._counts[room_id]
        return await self.read(room_id)

    async def rewrite_all(self) -> None:
        """Write this process's counts of every room again (Redis came back)."""
        for room_id in list(self._counts):
            await self._write(room_id)
            if not self._counts.get(room_id):
                self._counts.pop(room_id, None)

    async def read(self, room_id: str) -> dict[str, int]:
        origins = [_text(o) for o in await self._redis.smembers(room_key(room_id))]
        if not origins:
            return {}
        async with self._redis.pipeline(transaction=False) as pipe:
            for origin in origins:
                pipe.hgetall(process_key(room_id, origin))
            hashes: list[Mapping[Any, Any]] = await pipe.execute()
        total: dict[str, int] = {}
        gone = []
        for origin, counts in zip(origins, hashes, strict=True):
            if not counts:
                gone.append(origin)
            for key, value in counts.items():
                total[_text(key)] = total.get(_text(key), 0) + int(value)
        if gone:
            await self._redis.srem(room_key(room_id), *gone)
        return {key: value for key, value in total.items() if value > 0}

    async def _write(self, room_id: str) -> None:
        counts = self._counts.get(room_id, {})
        name = process_key(room_id, self.origin)
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(name)
            if counts:
                pipe.hset(name, mapping={key: str(value) for key, value in counts.items()})
                pipe.pexpire(name, self.ttl_ms)
                pipe.sadd(room_key(room_id), self.origin)
                pipe.expire(room_key(room_id), PROCESS_SET_TTL)
            await pipe.execute()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_ms / 3000)
            for room_id in list(self._counts):
                try:
                    await self._write(room_id)
                except Exception:  # Redis away: the next beat writes again
                    log.warning("presence heartbeat failed for room %s", room_id, exc_info=True)
