"""The relay, presence and rate limits on a Redis Cluster (issue 42).

A local three-primary cluster (:mod:`tests.realtime.cluster`) stands in for production's.
The key cases of the single-Redis tests, on it: two processes' relays exchanging events
of rooms whose channels live on every shard, the relay and presence after a node
restart, the relay after a slot moved (resharding), presence summed across processes
(and a killed process fading), rate limits counted together, and two app processes
playing a game through it. Waits are for a state, with generous "did not hang" limits.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable

import pytest

from app.errors import RateLimited
from app.limits import Limiter, RedisStore
from app.realtime.hub import Hub, RoomEvent
from app.realtime.presence import RedisPresence, process_key, room_key
from app.realtime.redis_client import cluster_settings, connect_cluster, is_cluster
from app.realtime.redis_relay import RedisRelay, channel
from tests.conftest import (
    POSTGRES_URL,
    Player,
    RunningServer,
    base_settings,
    free_port,
    need_service,
    play_race_to_the_end,
    port_open,
)
from tests.realtime.cluster import LocalCluster, redis_cluster
from tests.realtime.test_hub import Inbox
from tests.realtime.test_presence import CHILD

pytestmark = pytest.mark.redis
__all__ = ["redis_cluster"]  # the session's cluster (a fixture)


def test_cluster_urls_name_startup_nodes_and_shared_settings() -> None:
    assert not is_cluster("redis://127.0.0.1:6379/0")
    assert is_cluster("redis+cluster://a:7000") and is_cluster("rediss+cluster://a:7000")
    nodes, settings = cluster_settings("redis+cluster://app:s%40cret@a:7000, b:7001,[::1]:7002/0")
    assert nodes == [("a", 7000), ("b", 7001), ("::1", 7002)]
    assert settings["username"] == "app" and settings["password"] == "s@cret"
    assert "ssl" not in settings
    _, secure = cluster_settings("rediss+cluster://a:7000?ssl_cert_reqs=none")
    assert secure["ssl"] is True and secure["ssl_cert_reqs"] == "none"
    for wrong in ("redis+cluster://a:7000/3", "redis+cluster://a", "redis://a:7000"):
        with pytest.raises(ValueError):
            cluster_settings(wrong)


async def wait_until(
    check: Callable[[], bool | Awaitable[bool]], what: str, timeout: float = 30
) -> None:
    deadline = time.monotonic() + timeout
    while True:
        done = check()
        if done if not inspect.isawaitable(done) else await done:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.02)


PROBE = "probe"


async def relayed(sender: Hub, inbox: Inbox, room: str) -> None:
    """Publish probes until one reaches ``inbox``: the subscription is then in place.
    (More may follow: :func:`received` leaves them out.)"""
    probe = RoomEvent(room_id=room, kind="chat", text=PROBE)

    async def arrived() -> bool:
        await sender.publish(probe)
        await asyncio.sleep(0.02)
        return any(event.text == PROBE for event in inbox.events)

    await wait_until(arrived, f"a probe of {room} relayed")


def received(inbox: Inbox) -> list[RoomEvent]:
    return [event for event in inbox.events if event.text != PROBE]


def kinds(inbox: Inbox) -> set[str]:
    return {event.kind for event in received(inbox)}


def subscribers(cluster: LocalCluster, room: str) -> int:
    """How many connections subscribe to the room's channel (on its node)."""
    name = channel(room)
    answer = cluster.cli(cluster.node_of(name), "PUBSUB", "SHARDNUMSUB", name)
    return int(answer.split()[-1])


def rooms_on_every_node(cluster: LocalCluster, count: int) -> list[str]:
    """Room ids whose channels live on all the cluster's nodes, ``count`` in all."""
    rooms: list[str] = []
    nodes: set[int] = set()
    while len(rooms) < count or len(nodes) < len(cluster.ports):
        room = f"room-{secrets.token_hex(4)}"
        rooms.append(room)
        nodes.add(cluster.node_of(channel(room)))
    return rooms


async def test_relays_exchange_room_events_across_shards(redis_cluster: LocalCluster) -> None:
    relay = RedisRelay(redis_cluster.url)
    first, second = Hub(RedisRelay(redis_cluster.url)), Hub(relay)
    await first.start()
    await second.start()
    try:
        rooms = rooms_on_every_node(redis_cluster, 9)
        inboxes = {room: Inbox("1") for room in rooms}
        for room, inbox in inboxes.items():
            await second.subscribe(room, inbox)
        for room, inbox in inboxes.items():
            await relayed(first, inbox, room)
        for version, room in enumerate(rooms, start=2):
            event = RoomEvent(room_id=room, kind="patch", version=version, texts={"1": room})
            await first.publish(event)
        await wait_until(lambda: all(map(received, inboxes.values())), "every room's patch")
        for version, (room, inbox) in enumerate(inboxes.items(), start=2):
            assert [(e.version, e.text_for("1")) for e in received(inbox)] == [(version, room)]
        # A room left is unsubscribed on its node (and the node's answer is not taken for
        # a dropped subscription); the control channel reaches every process.
        await second.unsubscribe(rooms[0], inboxes[rooms[0]])
        await wait_until(lambda: subscribers(redis_cluster, rooms[0]) == 0, "unsubscribed")
        assert subscribers(redis_cluster, rooms[1]) == 1
        # Left and joined again at once: the late answer to the leave is no outage.
        again = inboxes[rooms[2]]
        await second.unsubscribe(rooms[2], again)
        await second.subscribe(rooms[2], again)
        again.events.clear()
        await relayed(first, again, rooms[2])
        commands: list[dict[str, object]] = []
        second.add_control_listener(commands.append)
        await first.publish_control({"type": "hello"})
        await wait_until(lambda: bool(commands), "a control command relayed")
        assert commands == [{"type": "hello"}]
        assert relay.reconnects == 0
        assert await first.ping() and await second.ping()
    finally:
        await first.stop()
        await second.stop()


async def test_presence_sums_processes_and_forgets_a_stopped_one(
    redis_cluster: LocalCluster,
) -> None:
    room = f"room-{secrets.token_hex(4)}"
    first, second = Hub(), Hub()
    first.use_presence(RedisPresence(redis_cluster.url, first.origin, ttl_seconds=30))
    second.use_presence(RedisPresence(redis_cluster.url, second.origin, ttl_seconds=30))
    await first.start()
    await second.start()
    try:
        assert await first.presence_change(room, "0", 1) == {"0": 1}
        assert await second.presence_change(room, "0", 1) == {"0": 2}
        assert await second.presence_change(room, "1", 1) == {"0": 2, "1": 1}
        await first.stop()
        assert await second.presence(room) == {"0": 1, "1": 1}
        assert await second.presence_change(room, "0", -1) == {"1": 1}
    finally:
        await second.stop()
    # The room's keys share one slot (the hash tag), which the MULTI above needed.
    client = connect_cluster(redis_cluster.url)
    try:
        assert client.keyslot(room_key(room)) == client.keyslot(process_key(room, "x"))
    finally:
        await client.aclose()


async def test_a_killed_process_stops_counting_on_the_cluster(
    redis_cluster: LocalCluster,
) -> None:
    ttl = 0.9
    room = f"room-{secrets.token_hex(4)}"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, redis_cluster.url, room, str(ttl)],
        stdout=subprocess.PIPE,
        text=True,
    )
    mine = RedisPresence(redis_cluster.url, "parent", ttl_seconds=ttl)
    await mine.start()
    try:
        assert child.stdout is not None
        assert await asyncio.to_thread(child.stdout.readline) == "ready\n"
        assert await mine.change(room, "1", 1) == {"0": 1, "1": 1, "s": 1}
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
        await wait_until(
            lambda: _equal(mine.read(room), {"1": 1}), "the killed child's counts expired"
        )
    finally:
        if child.poll() is None:
            child.kill()
        await mine.stop()


async def _equal(value: Awaitable[dict[str, int]], expected: dict[str, int]) -> bool:
    return await value == expected


async def test_rate_limits_count_across_processes_on_the_cluster(
    redis_cluster: LocalCluster,
) -> None:
    window = 0.6
    first, second = RedisStore(redis_cluster.url), RedisStore(redis_cluster.url)
    key = f"test:{secrets.token_hex(4)}"
    try:
        a, b = Limiter(first), Limiter(second)
        await a.hit(key, limit=2, window=window, what="tries")
        await b.hit(key, limit=2, window=window, what="tries")
        with pytest.raises(RateLimited):
            await a.hit(key, limit=2, window=window, what="tries")
        await a.failure(key + ":f", free=0, window=10, base=30, cap=60)
        with pytest.raises(RateLimited):
            await b.check_lock(key + ":f", what="tries")
        # Clearing deletes keys of several slots (the cluster client splits the DEL).
        await first.clear(key, key + ":f")
        assert await second.locked_for(key + ":f") == 0.0
        assert (await second.incr(key, window))[0] == 1
    finally:
        await first.close()
        await second.close()


def room_on(cluster: LocalCluster, node: int, name: Callable[[str], str]) -> str:
    """A room id whose key or channel ``name(room)`` lives on ``node``. (Not one room
    for both the channel and the presence: CRC16 is affine, so the slots of
    ``agora:room:X`` and of ``X`` differ by a constant for ids of one length, and may
    never share a node.)"""
    while True:
        room = f"room-{secrets.token_hex(4)}"
        if cluster.node_of(name(room)) == node:
            return room


async def test_a_node_restart_resubscribes_and_rewrites_presence(
    redis_cluster: LocalCluster,
) -> None:
    """A node restarts (its keys are lost): the relay subscribes again to the room whose
    channel it serves, tells the room's sockets to resync, writes this process's
    presence back (of a room whose keys it served), and events flow again. Meanwhile
    the relay's ping (the readiness check) says no."""
    node = redis_cluster.ports[0]
    room, counted = room_on(redis_cluster, node, channel), room_on(redis_cluster, node, room_key)
    relay = RedisRelay(redis_cluster.url, timeout=1.0)
    first, second = Hub(RedisRelay(redis_cluster.url, timeout=1.0)), Hub(relay)
    second.use_presence(RedisPresence(redis_cluster.url, second.origin, ttl_seconds=60))
    await first.start()
    await second.start()
    try:
        inbox = Inbox("0")
        await second.subscribe(room, inbox)
        await relayed(first, inbox, room)
        assert await second.presence_change(counted, "0", 1) == {"0": 1}
        redis_cluster.kill_node(node)
        assert not await first.ping()  # not ready while a primary is away (/readyz)
        redis_cluster.start_node(node)
        await wait_until(lambda: relay.reconnects >= 1, "the relay reconnected")
        await wait_until(lambda: kinds(inbox) == {"resync"}, "a resync")
        await wait_until(lambda: _equal(second.presence(counted), {"0": 1}), "presence back")
        await relayed(first, inbox, room)
        await first.publish(RoomEvent(room_id=room, kind="patch", version=9, texts={"0": "x"}))
        await wait_until(lambda: "patch" in kinds(inbox), "a patch after the restart")
        assert [e.version for e in received(inbox) if e.kind == "patch"] == [9]
        assert await first.ping()
    finally:
        await first.stop()
        await second.stop()


async def test_a_moved_slot_moves_the_subscription(redis_cluster: LocalCluster) -> None:
    """Resharding gives a room channel's slot to another node, which drops the channel's
    subscribers: the relay subscribes again where the slot now lives, and resyncs."""
    room = f"room-{secrets.token_hex(4)}"
    relay = RedisRelay(redis_cluster.url, timeout=1.0)
    first, second = Hub(RedisRelay(redis_cluster.url, timeout=1.0)), Hub(relay)
    await first.start()
    await second.start()
    try:
        inbox = Inbox("0")
        await second.subscribe(room, inbox)
        await relayed(first, inbox, room)
        source = redis_cluster.node_of(channel(room))
        target = next(port for port in redis_cluster.ports if port != source)
        redis_cluster.move_slot(channel(room), target)
        assert redis_cluster.node_of(channel(room)) == target
        await wait_until(lambda: relay.reconnects >= 1, "the relay reconnected")
        await wait_until(lambda: kinds(inbox) == {"resync"}, "a resync")
        await relayed(first, inbox, room)
        await first.publish(RoomEvent(room_id=room, kind="patch", version=5, texts={"0": "x"}))
        await wait_until(lambda: "patch" in kinds(inbox), "a patch after the move")
        assert [e.version for e in received(inbox) if e.kind == "patch"] == [5]
    finally:
        await first.stop()
        await second.stop()


@pytest.mark.slow
async def test_two_app_processes_play_through_the_cluster(redis_cluster: LocalCluster) -> None:
    """The whole app on the cluster: a game across two processes, presence counted
    across them, the rate limits' counters in the cluster."""
    from app.db.migrate import upgrade
    from tests.realtime.test_scale_out import spawn, start_race, wait_ready

    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    await asyncio.to_thread(upgrade, POSTGRES_URL)
    secret = "cluster-secret-for-both-processes"
    ports = [free_port(), free_port()]
    processes = [
        spawn(port, secret, REDIS_URL=redis_cluster.url, RATE_LIMITS="true") for port in ports
    ]
    people: list[Player] = []
    try:
        servers = []
        for port, process in zip(ports, processes, strict=True):
            url = f"http://127.0.0.1:{port}"
            await asyncio.to_thread(wait_ready, url, process)
            servers.append(RunningServer(url, base_settings(secret_key=secret), None, None, None))  # type: ignore[arg-type]
        alice = await Player(servers[0], "Alice").as_guest()
        bob = await Player(servers[1], "Bob").as_guest()
        watcher = await Player(servers[0], "Watcher").as_guest()
        people += [alice, bob, watcher]
        room_id = await start_race(alice, bob, target=12)
        sockets = [await alice.socket(room_id), await bob.socket(room_id)]
        for sock in sockets:
            await sock.receive_until("snapshot")
        # Bob's socket is on the other process: counted here through the cluster. A socket
        # counts itself once its snapshot is sent, so a watcher may come just before.
        deadline = asyncio.get_running_loop().time() + 10
        while True:
            watching = await watcher.socket(room_id)
            seen = await watching.receive_until("snapshot")
            if seen["presence"].get("0") == 1 and seen["presence"].get("1") == 1:
                break
            assert asyncio.get_running_loop().time() < deadline, seen["presence"]
            await watching.close()
            await asyncio.sleep(0.1)
        assert await play_race_to_the_end(dict(enumerate(sockets))) == 12
        assert [sock.version for sock in sockets] == [13, 13]
        assert sockets[1].seen_versions == list(range(2, 14))
        limits = connect_cluster(redis_cluster.url)
        try:
            counted = [key async for key in limits.scan_iter(match="agora:limit:*")]
        finally:
            await limits.aclose()
        assert counted, "the guests' rate-limit counters are in the cluster"
    finally:
        for person in people:
            await person.close()
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=20)
