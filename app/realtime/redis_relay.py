"""Redis pub/sub relay: one channel per room, joined while a local socket watches it.

Outages are expected, not exceptional. Every command has a timeout. The listener owns
its pub/sub connection: when it breaks (Redis restarted, network blip) the listener
reconnects with a short backoff, subscribes again to every room this process holds,
and then calls ``on_reconnect`` so the hub can resynchronise them (events published
during the outage are lost for good: the rooms' caches are marked stale and their
sockets get fresh snapshots). ``join`` during an outage only records the room; the
reconnection subscribes it, so a room first opened during an outage works after it.

``send`` only queues the event (bounded); one sender task publishes in order. A slow or
frozen Redis therefore never holds a room's lock (moves publish under it): events wait
in the queue. A publish that fails is tried again (a first command on a pooled
connection that Redis dropped fails even though Redis is back: issue 38 saw one 26 ms
after both processes had resynchronised, and the other process stayed a version behind
for good). An event is given up only once it is ``SEND_RETRY_SECONDS`` old (or the queue
is full); its room is then remembered, and once a publish goes through again every such
room is told to resynchronise on every process (a ``resync`` event). The rooms'
periodic version check (:mod:`app.rooms.freshness`) is the backstop for anything else.

On a Redis Cluster (``redis+cluster://``: :mod:`.redis_client`) room channels are
sharded (SPUBLISH, SSUBSCRIBE on the primary of the channel's slot, so a room's events
load one node, not all: :mod:`.sharded_pubsub`); the outage behaviour is the same, a
node's outage or a slot moved counting as one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping

from redis.asyncio import Redis, RedisCluster

from app.realtime.hub import RoomEvent, cancel_quietly
from app.realtime.redis_client import Client, connect, connect_single, is_cluster
from app.realtime.sharded_pubsub import Channels, PlainChannels, ShardedChannels

log = logging.getLogger(__name__)

PRESENCE_TTL_SECONDS = 3600
SEND_QUEUE = 10_000
SEND_RETRY_SECONDS = 5.0
SEND_BATCH = 256  # queued events published in one round trip


def channel(room_id: str) -> str:
    return f"agora:room:{room_id}"


class RedisRelay:
    def __init__(self, url: str, timeout: float = 2.0) -> None:
        # Commands: bounded by timeouts. The listener: its own client, whose reads wait
        # for messages (a socket timeout there would break an idle subscription); on a
        # cluster, its node connections are made for each subscription.
        self._url = url
        self._timeout = timeout
        self._sharded = is_cluster(url)
        self._redis: Client = connect(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self._listener_client: Redis | None = None
        if not self._sharded:
            self._listener_client = connect_single(
                url, socket_connect_timeout=timeout, socket_keepalive=True
            )
        self._pubsub: Channels | None = None
        self._task: asyncio.Task[None] | None = None
        self._on_event: Callable[[RoomEvent], None] | None = None
        self._on_reconnect: Callable[[], None] | None = None
        self._joined: set[str] = set()
        self._origin = "p"
        self.connected = asyncio.Event()
        self.reconnects = 0
        self._outbox: asyncio.Queue[tuple[RoomEvent, float]] = asyncio.Queue(SEND_QUEUE)
        self._sender: asyncio.Task[None] | None = None
        self.send_failures = 0
        # Rooms with an event given up: a resync event goes to them once Redis answers.
        self._lost: set[str] = set()
        self.events_lost = 0

    async def start(
        self,
        on_event: Callable[[RoomEvent], None],
        on_reconnect: Callable[[], None] | None = None,
        origin: str = "",
    ) -> None:
        self._origin = origin or "p"
        self._on_event = on_event
        self._on_reconnect = on_reconnect
        self._task = asyncio.create_task(self._listen(), name="redis-relay")
        self._sender = asyncio.create_task(self._send_loop(), name="redis-relay-send")
        # Wait a little for the first connection; a Redis down at start is an outage
        # like any other (the listener keeps trying).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), 5)

    async def stop(self) -> None:
        await cancel_quietly(self._task)
        await cancel_quietly(self._sender)
        await self._close_pubsub()
        for client in (self._redis, self._listener_client):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def _close_pubsub(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def _listen(self) -> None:
        backoff = 0.1
        first = True
        while True:
            try:
                pubsub = await self._open()
                self._pubsub = pubsub
                self.connected.set()
                backoff = 0.1
                if not first:
                    self.reconnects += 1
                    log.warning("redis relay reconnected; resynchronising held rooms")
                    if self._on_reconnect is not None:
                        self._on_reconnect()
                first = False
                while True:
                    data = await pubsub.next(timeout=1.0)
                    if data is None or self._on_event is None:
                        continue
                    try:
                        self._on_event(RoomEvent.decode(data))
                    except Exception:
                        log.exception("bad relay message")
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if self.connected.is_set():
                    log.warning("redis relay lost (%s); reconnecting", type(error).__name__)
                self.connected.clear()
                await self._close_pubsub()
                await asyncio.sleep(backoff)
                backoff = min(1.0, backoff * 2)

    async def _open(self) -> Channels:
        """A subscription to every joined room (on one Redis, also to ``HELLO``)."""
        pubsub: PlainChannels | ShardedChannels
        if self._listener_client is None:
            pubsub = ShardedChannels(self._url, self._timeout)
        else:
            pubsub = PlainChannels(self._listener_client)
        rooms = set(self._joined)
        try:
            await pubsub.open([channel(room) for room in rooms])
            # Rooms joined or left meanwhile: join and leave saw no subscription.
            while missing := self._joined - rooms:
                rooms |= missing
                await pubsub.subscribe(*(channel(room) for room in missing))
            for room in rooms - self._joined:
                await pubsub.unsubscribe(channel(room))
        except BaseException:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            raise
        return pubsub

    async def join(self, room_id: str) -> None:
        if room_id in self._joined:
            return
        self._joined.add(room_id)
        pubsub = self._pubsub
        if pubsub is not None and self.connected.is_set():
            try:
                await pubsub.subscribe(channel(room_id))
            except Exception:  # the listener reconnects and subscribes every joined room
                log.warning("redis subscribe failed for room %s; will retry", room_id)

    async def leave(self, room_id: str) -> None:
        if room_id not in self._joined:
            return
        self._joined.discard(room_id)
        pubsub = self._pubsub
        if pubsub is not None and self.connected.is_set():
            with contextlib.suppress(Exception):
                await pubsub.unsubscribe(channel(room_id))

    async def send(self, event: RoomEvent) -> None:
        """Queue ``event`` for the other processes (raises ``QueueFull`` when backed up)."""
        try:
            self._outbox.put_nowait((event, time.monotonic()))
        except asyncio.QueueFull:
            self._give_up(event)
            raise

    def _give_up(self, event: RoomEvent) -> None:
        self.events_lost += 1
        self._lost.add(event.room_id)

    async def _send_loop(self) -> None:
        backoff = 0.05
        failing = False
        while True:
            # What is queued goes in one round trip (a pipeline): one publish per round
            # trip kept up with ~7,000 events/s at most, and the queue overflowed under
            # bench/cluster.py's load (docs/scaling.md).
            batch = [await self._outbox.get()]
            while len(batch) < SEND_BATCH and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            while batch:
                if failing:  # Redis is away: no attempt for what is too old (each may time out)
                    batch = self._drop_old(batch)
                    if not batch:
                        break
                try:
                    await self._publish_batch(batch)
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    self.send_failures += 1
                    if self.send_failures % 100 == 1:
                        log.warning(
                            "redis publish failed (%d so far): %s",
                            self.send_failures,
                            type(error).__name__,
                        )
                    failing = True
                    batch = self._drop_old(batch)  # their rooms resync once Redis answers
                    if not batch:
                        break
                    await asyncio.sleep(backoff)
                    backoff = min(1.0, backoff * 2)
                    continue
                backoff, failing = 0.05, False
                if self._lost:
                    await self._announce_lost()
                break

    def _drop_old(self, batch: list[tuple[RoomEvent, float]]) -> list[tuple[RoomEvent, float]]:
        """Give up the events queued ``SEND_RETRY_SECONDS`` ago or more; keep the rest."""
        now = time.monotonic()
        kept = []
        for event, queued_at in batch:
            if now - queued_at >= SEND_RETRY_SECONDS:
                self._give_up(event)
            else:
                kept.append((event, queued_at))
        return kept

    async def _publish_batch(self, batch: list[tuple[RoomEvent, float]]) -> None:
        """Publish ``batch`` in order; what was sent leaves it (a retry sends the rest)."""
        if self._sharded or len(batch) == 1:
            # A cluster's sharded channels live on several nodes: one at a time.
            while batch:
                await self._publish(batch[0][0])
                batch.pop(0)
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for event, _ in batch:
                pipe.publish(channel(event.room_id), event.encode())
            await pipe.execute()
        batch.clear()

    async def _publish(self, event: RoomEvent) -> None:
        if self._sharded:
            await self._redis.spublish(channel(event.room_id), event.encode())
        else:
            await self._redis.publish(channel(event.room_id), event.encode())

    async def _announce_lost(self) -> None:
        """Tell every process to resynchronise the rooms whose events were given up."""
        for room_id in sorted(self._lost):
            event = RoomEvent(room_id=room_id, kind="resync", origin=self._origin)
            try:
                await self._publish(event)
            except Exception:
                return  # still down: tried again after the next publish that goes through
            self._lost.discard(room_id)
        log.warning("redis relay: events were given up; their rooms were told to resync")

    # Presence: one hash per room, one field per (process, audience): "<origin>|<key>".
    # A process rewrites its own fields after an outage (presence_reset); reads sum them.

    async def presence_change(self, room_id: str, key: str, delta: int) -> dict[str, int]:
        name = _presence_key(room_id)
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hincrby(name, f"{self._origin}|{key}", delta)
            pipe.expire(name, PRESENCE_TTL_SECONDS)
            pipe.hgetall(name)
            results = await pipe.execute()
        return _counts(results[-1])

    async def presence(self, room_id: str) -> dict[str, int]:
        return _counts(await self._redis.hgetall(_presence_key(room_id)))

    async def presence_reset(self, room_id: str, counts: dict[str, int]) -> None:
        """Make this process's fields of the room's presence exactly ``counts``."""
        name = _presence_key(room_id)
        prefix = f"{self._origin}|"
        mine = [
            _text(field) for field in await self._redis.hkeys(name)
            if _text(field).startswith(prefix)
        ]  # fmt: skip
        async with self._redis.pipeline(transaction=True) as pipe:
            if mine:
                pipe.hdel(name, *mine)
            if counts:
                pipe.hset(name, mapping={f"{prefix}{key}": n for key, n in counts.items()})
                pipe.expire(name, PRESENCE_TTL_SECONDS)
            await pipe.execute()

    async def ping(self) -> bool:
        try:
            if isinstance(self._redis, RedisCluster):  # every slot served (not replicas)
                return bool(await self._redis.ping(target_nodes=RedisCluster.PRIMARIES))
            return bool(await self._redis.ping())
        except Exception:
            return False


def _presence_key(room_id: str) -> str:
    return f"agora:presence:{room_id}"


def _counts(raw: Mapping[bytes | str, bytes | str]) -> dict[str, int]:
    """Sum the per-process fields ("<origin>|<key>") by key."""
    counts: dict[str, int] = {}
    for field, value in raw.items():
        key = _text(field).rpartition("|")[2]
        counts[key] = counts.get(key, 0) + int(value)
    return {key: value for key, value in counts.items() if value > 0}


def _text(key: bytes | str) -> str:
    return key.decode() if isinstance(key, bytes) else key
