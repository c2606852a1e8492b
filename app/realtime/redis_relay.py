"""Redis pub/sub relay: one channel per room, joined while a local socket watches it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping

from redis.asyncio import Redis

from app.realtime.hub import RoomEvent, cancel_quietly

log = logging.getLogger(__name__)

PRESENCE_TTL_SECONDS = 3600


def channel(room_id: str) -> str:
    return f"agora:room:{room_id}"


class RedisRelay:
    def __init__(self, url: str) -> None:
        self._redis: Redis = Redis.from_url(url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        self._task: asyncio.Task[None] | None = None
        self._on_event: Callable[[RoomEvent], None] | None = None
        self._joined: set[str] = set()

    async def start(self, on_event: Callable[[RoomEvent], None]) -> None:
        self._on_event = on_event
        # A placeholder subscription keeps the pub/sub connection in listening mode.
        await self._pubsub.subscribe("agora:hello")
        self._task = asyncio.create_task(self._listen(), name="redis-relay")

    async def stop(self) -> None:
        await cancel_quietly(self._task)
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._redis.aclose()

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") != "message" or self._on_event is None:
                        continue
                    try:
                        self._on_event(RoomEvent.decode(message["data"]))
                    except Exception:
                        log.exception("bad relay message")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis relay listener failed; retrying")
                await asyncio.sleep(0.5)

    async def join(self, room_id: str) -> None:
        if room_id not in self._joined:
            self._joined.add(room_id)
            await self._pubsub.subscribe(channel(room_id))

    async def leave(self, room_id: str) -> None:
        if room_id in self._joined:
            self._joined.discard(room_id)
            await self._pubsub.unsubscribe(channel(room_id))

    async def send(self, event: RoomEvent) -> None:
        await self._redis.publish(channel(event.room_id), event.encode())

    async def presence_change(self, room_id: str, key: str, delta: int) -> dict[str, int]:
        name = f"agora:presence:{room_id}"
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hincrby(name, key, delta)
            pipe.expire(name, PRESENCE_TTL_SECONDS)
            pipe.hgetall(name)
            results = await pipe.execute()
        return _counts(results[-1])

    async def presence(self, room_id: str) -> dict[str, int]:
        return _counts(await self._redis.hgetall(f"agora:presence:{room_id}"))

    async def ping(self) -> bool:
        try:
            return bool(await self._redis.ping())
        except Exception:
            return False


def _counts(raw: Mapping[bytes | str, bytes | str]) -> dict[str, int]:
    counts = {_text(key): int(value) for key, value in raw.items()}
    return {key: value for key, value in counts.items() if value > 0}


def _text(key: bytes | str) -> str:
    return key.decode() if isinstance(key, bytes) else key
