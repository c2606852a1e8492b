"""The room cache's reads when sockets arrive together (app.rooms.cache)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from app.rooms.cache import RoomCache


class FakeHub:
    distributed = True

    def __init__(self) -> None:
        self.watched: set[str] = set()

    def add_listener(self, _listener: Any) -> None: ...

    def add_reconnect_listener(self, _listener: Any) -> None: ...

    def watching(self, room_id: str) -> bool:
        return room_id in self.watched


def cache_with_reads() -> tuple[RoomCache, FakeHub, list[str]]:
    hub = FakeHub()
    cache = RoomCache(SimpleNamespace(hub=hub))  # type: ignore[arg-type]
    reads: list[str] = []

    async def load(room_id: str) -> Any:
        reads.append("load")
        await asyncio.sleep(0.01)  # the database's round trip: others arrive meanwhile
        return SimpleNamespace(id=room_id, stale=False, lock=asyncio.Lock())

    async def reload(live: Any) -> None:
        reads.append("reload")
        live.stale = False

    cache.load = load  # type: ignore[method-assign]
    cache.reload = reload  # type: ignore[method-assign]
    return cache, hub, reads


async def test_sockets_arriving_together_read_the_room_once() -> None:
    cache, _hub, reads = cache_with_reads()
    rooms = await asyncio.gather(*(cache.live("0123456789abcdef") for _ in range(3)))
    assert reads == ["load"]
    assert rooms[0] is rooms[1] is rooms[2]


async def test_a_subscription_reloads_only_a_copy_read_while_unwatched() -> None:
    cache, hub, reads = cache_with_reads()
    room_id = "0123456789abcdef"
    await cache.live(room_id)  # read before any local socket watched the room
    hub.watched.add(room_id)  # the first socket subscribes
    cache.watch_started(room_id)
    await cache.live(room_id)
    assert reads == ["load", "reload"]  # events before the subscription may be missing
    cache.watch_started(room_id)  # a second socket: the copy was read while watched
    await cache.live(room_id)
    assert reads == ["load", "reload"]
    hub.watched.clear()  # every socket left: events no longer arrive
    await cache.live(room_id)  # a read while unwatched (reloads, as before)
    hub.watched.add(room_id)
    cache.watch_started(room_id)
    await cache.live(room_id)
    assert reads == ["load", "reload", "reload", "reload"]
