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

Changes and reads are batched: every socket opened or closed in one turn of the event
loop is written, and every room asked about is read, in one pipeline of a few round trips
(:meth:`RedisPresence._flush`). One transaction and two reads per socket made a process
that took 700 sockets back after another process died (``bench/process_loss.py``) open a
Redis connection per socket in flight, and a burst of closes failed with timeouts
(2,373 "presence change failed" warnings in one run).

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
        # The batch (``_flush``): rooms whose counts changed since they were written, the
        # keys that fell to zero meanwhile, and the callers waiting for a room's total.
        self._dirty: set[str] = set()
        self._dropped: dict[str, set[str]] = {}
        self._waiting: dict[str, list[asyncio.Future[dict[str, int]]]] = {}
        self._flusher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._heartbeat(), name="presence-heartbeat")

    async def stop(self, *, goodbye: bool = True) -> None:
        """Stop the heartbeat; with ``goodbye``, remove this process's counts at once."""
        if self._flusher is not None:
            self._flusher.cancel()
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
            self._dropped.setdefault(room_id, set()).add(key)
        self._dirty.add(room_id)
        return await self._request(room_id)

    async def rewrite_all(self) -> None:
        """Write this process's counts of every room again (Redis came back)."""
        for room_id in list(self._counts):
            await self._write(room_id)
            if not self._counts.get(room_id):
                self._counts.pop(room_id, None)

    async def read(self, room_id: str) -> dict[str, int]:
        return await self._request(room_id)

    # -- the batch: every change and read of one loop tick in a few round trips ----------
    def _request(self, room_id: str) -> asyncio.Future[dict[str, int]]:
        future: asyncio.Future[dict[str, int]] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(room_id, []).append(future)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="presence-flush")
        return future

    async def _flush(self) -> None:
        while self._waiting:
            await asyncio.sleep(0)  # the changes and reads of this tick join the batch
            dirty, self._dirty = self._dirty, set()
            waiting, self._waiting = self._waiting, {}
            try:
                if dirty:
                    await self._write_rooms(dirty)
                totals = await self._read_rooms(list(waiting))
            except Exception as error:  # Redis away: every waiter's call fails, as before
                for futures in waiting.values():
                    for future in futures:
                        if not future.done():
                            future.set_exception(error)
                            future.exception()  # retrieved here: a cancelled caller is fine
                continue
            for room_id, futures in waiting.items():
                for future in futures:
                    if not future.done():
                        future.set_result(dict(totals[room_id]))

    async def _write_rooms(self, rooms: set[str]) -> None:
        """This process's counts of ``rooms``: HSET what is counted and HDEL what fell to
        zero (no DELETE first, so no reader sees the hash missing meanwhile and no MULTI
        is needed: each command is atomic, and the heartbeat rewrites whole hashes)."""
        emptied = []
        async with self._redis.pipeline(transaction=False) as pipe:
            for room_id in rooms:
                counts = self._counts.get(room_id, {})
                name = process_key(room_id, self.origin)
                dropped = self._dropped.pop(room_id, set()) - counts.keys()
                if not counts:
                    pipe.delete(name)
                    emptied.append(room_id)
                    continue
                pipe.hset(name, mapping={key: str(value) for key, value in counts.items()})
                if dropped:
                    pipe.hdel(name, *dropped)
                pipe.pexpire(name, self.ttl_ms)
                pipe.sadd(room_key(room_id), self.origin)
                pipe.expire(room_key(room_id), PROCESS_SET_TTL)
            await pipe.execute()
        for room_id in emptied:
            if not self._counts.get(room_id):  # nobody came back meanwhile
                self._counts.pop(room_id, None)

    async def _read_rooms(self, rooms: list[str]) -> dict[str, dict[str, int]]:
        """Each room's counts summed over the processes still alive, in two round trips
        (three when a process's hash has expired: its name leaves the room's set)."""
        async with self._redis.pipeline(transaction=False) as pipe:
            for room_id in rooms:
                pipe.smembers(room_key(room_id))
            members: list[set[Any]] = await pipe.execute()
        origins = {
            room: [_text(o) for o in found] for room, found in zip(rooms, members, strict=True)
        }
        pairs = [(room, origin) for room in rooms for origin in origins[room]]
        hashes: list[Mapping[Any, Any]] = []
        if pairs:
            async with self._redis.pipeline(transaction=False) as pipe:
                for room_id, origin in pairs:
                    pipe.hgetall(process_key(room_id, origin))
                hashes = await pipe.execute()
        totals: dict[str, dict[str, int]] = {room: {} for room in rooms}
        gone: dict[str, list[str]] = {}
        for (room_id, origin), counts in zip(pairs, hashes, strict=True):
            if not counts:
                gone.setdefault(room_id, []).append(origin)
            total = totals[room_id]
            for key, value in counts.items():
                total[_text(key)] = total.get(_text(key), 0) + int(value)
        if gone:
            async with self._redis.pipeline(transaction=False) as pipe:
                for room_id, names in gone.items():
                    pipe.srem(room_key(room_id), *names)
                await pipe.execute()
        return {room: {k: v for k, v in total.items() if v > 0} for room, total in totals.items()}

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
