"""The relay's subscriptions: plain pub/sub on one Redis, sharded pub/sub on a cluster.

On a Redis Cluster a plain PUBLISH goes to every node, so each room event would cost
every node of the cluster. Sharded pub/sub (Redis 7: SPUBLISH, SSUBSCRIBE) keeps a
channel on the primary of its slot, so room channels spread over the cluster by room id.

:class:`ShardedChannels` holds one connection per primary that serves a joined channel
and one reader task each; every node's messages come out of one queue. Any error ends
the subscription as a whole: a node gone, a MOVED reply (the slots moved since the
cluster was read), or a SUNSUBSCRIBE the server sent by itself (it gave the channel's
slot away). The relay then opens a new one from a fresh view of the cluster and
resynchronises its rooms, as after a single Redis's outage (:mod:`.redis_relay`). The
node connections never reconnect by themselves (no retries): a silent reconnect would
hide the outage, and the events lost in it, from the relay.

redis-py's own ``ClusterPubSub`` polls its nodes one after another, each for the whole
timeout, which delays a message by up to a timeout per node; hence this module.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter, defaultdict
from typing import Any, Protocol

from redis.asyncio import Redis, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from app.realtime.redis_client import connect_cluster, connect_node

HELLO = "agora:hello"


class ShardMoved(ConnectionError):
    """A channel's slot is no longer (or not yet) served where the slot map said."""


class Channels(Protocol):
    """What the relay's listener needs of a subscription."""

    async def subscribe(self, *channels: str) -> None: ...
    async def unsubscribe(self, channel: str) -> None: ...
    async def next(self, timeout: float) -> bytes | None:
        """The next message's data, None after ``timeout`` seconds; raises when broken."""
        ...

    async def aclose(self) -> None: ...


class PlainChannels:
    """One Redis: one connection, SUBSCRIBE. It always holds :data:`HELLO`, so it
    connects (and an outage shows) before any room is joined."""

    def __init__(self, client: Redis) -> None:
        self._pubsub: Any = client.pubsub(ignore_subscribe_messages=True)

    async def subscribe(self, *channels: str) -> None:
        await self._pubsub.subscribe(*channels)

    async def open(self, channels: list[str]) -> None:
        await self.subscribe(HELLO, *channels)

    async def unsubscribe(self, channel: str) -> None:
        await self._pubsub.unsubscribe(channel)

    async def next(self, timeout: float) -> bytes | None:
        message = await self._pubsub.get_message(timeout=timeout)
        if message is None or message.get("type") != "message":
            return None
        data: bytes = message["data"]
        return data

    async def aclose(self) -> None:
        await self._pubsub.aclose()


class ShardedChannels:
    """A Redis Cluster: each channel SSUBSCRIBEd on the primary serving its slot."""

    def __init__(self, url: str, timeout: float) -> None:
        self._url = url
        self._timeout = timeout
        # A client of its own, to read the slot map afresh on each (re)connection.
        self._cluster: RedisCluster = connect_cluster(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self._nodes: dict[str, tuple[Redis, Any]] = {}  # node name -> (client, pubsub)
        self._readers: dict[str, asyncio.Task[None]] = {}
        self._inbox: asyncio.Queue[bytes | BaseException] = asyncio.Queue()
        self._wanted: set[str] = set()
        self._leaving: Counter[str] = Counter()  # SUNSUBSCRIBEs sent, not yet answered
        # Joins may run at once: two first SSUBSCRIBEs to a node would open two connections.
        self._lock = asyncio.Lock()

    async def open(self, channels: list[str]) -> None:
        await self._cluster.initialize()  # the slot map; fails while the cluster is down
        await self.subscribe(*channels)

    async def subscribe(self, *channels: str) -> None:
        # One SSUBSCRIBE per slot: its channels must all hash to one slot (CROSSSLOT).
        by_slot: dict[tuple[str, int], list[str]] = defaultdict(list)
        for name in channels:
            by_slot[(self._node_of(name), self._cluster.keyslot(name))].append(name)
            self._wanted.add(name)
        try:
            async with self._lock:
                for (node_name, _slot), names in by_slot.items():
                    pubsub = self._pubsub_for(node_name)
                    await pubsub.ssubscribe(*names)
                    if node_name not in self._readers:  # reads once it has a connection
                        self._readers[node_name] = asyncio.create_task(
                            self._read(pubsub), name=f"redis-shard-{node_name}"
                        )
        except Exception as error:  # no reader may see it (a node not yet read from)
            self._inbox.put_nowait(error)
            raise

    def _node_of(self, name: str) -> str:
        node = self._cluster.get_node_from_key(name)
        if node is None:  # the slot map has a hole: read it again
            raise ShardMoved(f"no cluster node serves channel {name}")
        return str(node.name)

    def _pubsub_for(self, node_name: str) -> Any:
        held = self._nodes.get(node_name)
        if held is not None:
            return held[1]
        host, _, port = node_name.rpartition(":")
        client = connect_node(
            self._url,
            host,
            int(port),
            socket_connect_timeout=self._timeout,
            socket_keepalive=True,
            retry=Retry(NoBackoff(), 0),
        )
        pubsub = client.pubsub()
        self._nodes[node_name] = (client, pubsub)
        return pubsub

    async def unsubscribe(self, channel: str) -> None:
        if channel not in self._wanted:
            return
        self._wanted.discard(channel)
        held = self._nodes.get(self._node_of(channel))
        if held is not None:
            self._leaving[channel] += 1
            async with self._lock:
                await held[1].sunsubscribe(channel)

    async def _read(self, pubsub: Any) -> None:
        try:
            while True:
                message = await pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                kind, channel = message["type"], _text(message.get("channel"))
                if kind == "smessage":
                    self._inbox.put_nowait(message["data"])
                elif kind == "sunsubscribe":
                    if self._leaving[channel] > 0:
                        self._leaving[channel] -= 1
                    elif channel in self._wanted:  # the server moved the slot away
                        raise ShardMoved(f"the server dropped shard channel {channel}")
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._inbox.put_nowait(error)

    async def next(self, timeout: float) -> bytes | None:
        try:
            item = await asyncio.wait_for(self._inbox.get(), timeout)
        except TimeoutError:
            return None
        if isinstance(item, BaseException):
            raise item
        return item

    async def aclose(self) -> None:
        readers = list(self._readers.values())
        self._readers.clear()
        for reader in readers:
            reader.cancel()
        for reader in readers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
        for client, pubsub in self._nodes.values():
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            with contextlib.suppress(Exception):
                await client.aclose()
        self._nodes.clear()
        with contextlib.suppress(Exception):
            await self._cluster.aclose()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
