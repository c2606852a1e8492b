"""The hub: local fan-out, bounded queues, and the Redis relay between two hubs."""

from __future__ import annotations

import asyncio

from app.realtime.hub import Hub, RoomEvent
from tests.conftest import REDIS_URL, flush_redis, need_service, port_open


class Inbox:
    def __init__(self, audience: str) -> None:
        self.audience = audience
        self.version = -1
        self.events: list[RoomEvent] = []

    def deliver(self, event: RoomEvent) -> None:
        self.events.append(event)


async def test_local_fan_out_picks_each_audience_text() -> None:
    hub = Hub()
    seat, watcher = Inbox("0"), Inbox("s")
    await hub.subscribe("r1", seat)
    await hub.subscribe("r1", watcher)
    await hub.publish(RoomEvent(room_id="r1", kind="patch", version=2, texts={"0": "a", "s": "b"}))
    await hub.publish(RoomEvent(room_id="r2", kind="patch", version=2, texts={"0": "x"}))
    assert [e.text_for("0") for e in seat.events] == ["a"]
    assert [e.text_for("s") for e in watcher.events] == ["b"]
    await hub.unsubscribe("r1", seat)
    await hub.publish(RoomEvent(room_id="r1", kind="chat", text="hi"))
    assert len(seat.events) == 1 and watcher.events[-1].text == "hi"


async def test_presence_counts_connections_per_audience() -> None:
    hub = Hub()
    assert await hub.presence_change("r", "0", 1) == {"0": 1}
    assert await hub.presence_change("r", "0", 1) == {"0": 2}
    assert await hub.presence_change("r", "s", 1) == {"0": 2, "s": 1}
    await hub.presence_change("r", "0", -1)
    assert await hub.presence_change("r", "0", -1) == {"s": 1}


async def test_redis_relay_carries_events_between_processes() -> None:
    need_service("Redis", port_open("127.0.0.1", 6379))
    from app.realtime.redis_relay import RedisRelay

    flush_redis()
    first, second = Hub(RedisRelay(REDIS_URL)), Hub(RedisRelay(REDIS_URL))
    await first.start()
    await second.start()
    try:
        here, there = Inbox("0"), Inbox("1")
        await first.subscribe("room", here)
        await second.subscribe("room", there)
        await asyncio.sleep(0.1)
        await first.publish(
            RoomEvent(room_id="room", kind="patch", version=3, texts={"1": "to-one"})
        )
        for _ in range(100):
            if there.events:
                break
            await asyncio.sleep(0.02)
        assert [e.text_for("1") for e in there.events] == ["to-one"]
        assert len(here.events) == 1  # delivered locally once, its own relay copy skipped
        assert await first.presence_change("room", "0", 1) == {"0": 1}
        assert await second.presence_change("room", "1", 1) == {"0": 1, "1": 1}
        assert await first.ping()
    finally:
        await first.stop()
        await second.stop()


async def test_patches_are_made_only_for_audiences_listening_here() -> None:
    hub = Hub()
    everyone = ["0", "1", "s"]
    assert hub.listening("r", everyone) == []
    await hub.subscribe("r", Inbox("1"))
    await hub.subscribe("r", Inbox("s"))
    await hub.subscribe("other", Inbox("0"))
    assert hub.listening("r", everyone) == ["1", "s"]
    relayed = Hub()
    relayed._relay = object()  # type: ignore[assignment]  # other processes may listen
    assert relayed.listening("r", everyone) == everyone
