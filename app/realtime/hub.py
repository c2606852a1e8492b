"""Room event fan-out: local sockets, optionally relayed through Redis pub/sub.

A :class:`RoomEvent` carries one pre-serialised text per audience (``"0"``, ``"1"``, …
for seats, ``"s"`` for spectators) or one text for everyone. Publishing delivers to
local subscribers at once and, with Redis, relays the event to the other processes,
which deliver it to theirs and skip their own (python-socketio's ``host_id``).

Delivery is at most once and never blocks the publisher: each subscriber owns a
bounded queue and a subscriber that falls behind is told it overflowed (the socket
then closes and the client resyncs from a snapshot). Correctness comes from versions
and resync, never from the hub.

After a relay outage (events lost) the hub tells its listeners (the room cache marks
every room stale) and sends every local subscriber a ``resync`` event (the socket
takes a fresh snapshot). Presence is best effort: while Redis is down it reads empty.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Final, Protocol

import orjson

from app.realtime.presence import RedisPresence

log = logging.getLogger(__name__)

SPECTATOR: Final = "s"
# A pseudo-room every process listens to: commands for all processes (e.g. close the
# sockets of a banned user).
CONTROL: Final = "__control__"


class RoomEvent:
    """One event of a room; never changed once made (:meth:`with_origin` copies).

    A plain class with its own ``__init__``, not a dataclass: mypyc compiles this one,
    a dataclass's generated ``__init__`` stays interpreted (one event per move: 2 % of
    the server's CPU at R = 500, bench/ws_load.py).
    """

    __slots__ = ("kind", "meta", "origin", "room_id", "text", "texts", "version")

    def __init__(
        self,
        room_id: str,
        kind: str,  # "patch" | "room" | "chat" | "presence" | "system"
        version: int | None = None,
        texts: dict[str, str] | None = None,
        text: str | None = None,
        origin: str = "",
        # Small facts other processes need besides the texts (e.g. a patch's deadline).
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.room_id = room_id
        self.kind = kind
        self.version = version
        self.texts: dict[str, str] = {} if texts is None else texts
        self.text = text
        self.origin = origin
        self.meta: dict[str, Any] = {} if meta is None else meta

    def with_origin(self, origin: str) -> RoomEvent:
        return RoomEvent(
            self.room_id, self.kind, self.version, self.texts, self.text, origin, self.meta
        )

    def __repr__(self) -> str:
        return f"RoomEvent({self.room_id!r}, {self.kind!r}, version={self.version!r})"

    def text_for(self, audience: str) -> str | None:
        return self.texts.get(audience, self.text)

    def encode(self) -> bytes:
        return orjson.dumps(
            {
                "room": self.room_id,
                "kind": self.kind,
                "version": self.version,
                "texts": self.texts,
                "text": self.text,
                "origin": self.origin,
                "meta": self.meta,
            }
        )

    @classmethod
    def decode(cls, data: bytes) -> RoomEvent:
        raw: dict[str, Any] = orjson.loads(data)
        return cls(
            room_id=raw["room"],
            kind=raw["kind"],
            version=raw.get("version"),
            texts=raw.get("texts") or {},
            text=raw.get("text"),
            origin=raw.get("origin", ""),
            meta=raw.get("meta") or {},
        )


class Subscriber(Protocol):
    audience: str
    version: int  # the last version the client holds (-1: none yet)

    def deliver(self, event: RoomEvent) -> None:
        """Hand the event over without blocking (queue it, or drop and flag overflow)."""


class Relay(Protocol):
    """A cross-process transport (Redis)."""

    async def start(
        self,
        on_event: Callable[[RoomEvent], None],
        on_reconnect: Callable[[], None] | None = None,
        origin: str = "",
    ) -> None: ...
    async def stop(self) -> None: ...
    async def join(self, room_id: str) -> None: ...
    async def leave(self, room_id: str) -> None: ...
    async def send(self, event: RoomEvent) -> None: ...
    async def presence_change(self, room_id: str, key: str, delta: int) -> dict[str, int]: ...
    async def presence(self, room_id: str) -> dict[str, int]: ...
    async def presence_reset(self, room_id: str, counts: dict[str, int]) -> None: ...
    async def ping(self) -> bool: ...


class Hub:
    """Local subscribers per room plus an optional relay to other processes."""

    def __init__(
        self, relay: Relay | None = None, on_relay_error: Callable[[], None] | None = None
    ) -> None:
        self.origin = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._relay = relay
        self._on_relay_error = on_relay_error
        self._rooms: dict[str, set[Subscriber]] = defaultdict(set)
        # Per room, made on the first move after a (un)subscription: its subscribers as a
        # tuple (delivery iterates a copy) and the audiences they are. Saves a set and a
        # tuple built on every move.
        self._snapshots: dict[str, tuple[tuple[Subscriber, ...], frozenset[str]]] = {}
        self._presence: dict[str, dict[str, int]] = defaultdict(dict)
        self._listeners: list[Callable[[RoomEvent], None]] = []
        self._control: list[Callable[[dict[str, Any]], None]] = []
        self._reconnect_listeners: list[Callable[[], None]] = []
        self._relay_presence_rooms: set[str] = set()
        self._background: set[asyncio.Task[Any]] = set()
        self._presence_store: RedisPresence | None = None

    def use_presence(self, store: RedisPresence) -> None:
        """Count presence in ``store`` (shared, with a heartbeat) instead of the relay."""
        self._presence_store = store

    @property
    def distributed(self) -> bool:
        return self._relay is not None

    async def start(self) -> None:
        if self._presence_store is not None:
            await self._presence_store.start()
        if self._relay is not None:
            await self._relay.start(self._on_remote, self._on_reconnect, self.origin)
            await self._relay.join(CONTROL)

    async def stop(self) -> None:
        if self._presence_store is not None:
            await self._presence_store.stop()
        if self._relay is not None:
            await self._relay.stop()

    def add_listener(self, listener: Callable[[RoomEvent], None]) -> None:
        """Called for every event from another process (cache invalidation)."""
        self._listeners.append(listener)

    def add_reconnect_listener(self, listener: Callable[[], None]) -> None:
        """Called after a relay outage: events may have been lost meanwhile."""
        self._reconnect_listeners.append(listener)

    def _on_reconnect(self) -> None:
        for listener in self._reconnect_listeners:
            try:
                listener()
            except Exception:
                log.exception("reconnect listener failed")
        task = asyncio.get_running_loop().create_task(self._after_reconnect())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _after_reconnect(self) -> None:
        """Presence counts written again first, so the resynced snapshots carry them."""
        await self._restore_presence()
        for room_id in list(self._rooms):
            self.resync(room_id)

    def add_control_listener(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self._control.append(listener)

    async def publish_control(self, command: dict[str, Any]) -> None:
        """Run ``command`` on every process (this one at once, others through the relay)."""
        event = RoomEvent(room_id=CONTROL, kind="control", text=orjson.dumps(command).decode())
        await self.publish(event)

    def watching(self, room_id: str) -> bool:
        return bool(self._rooms.get(room_id))

    def watch_token(self, room_id: str) -> object | None:
        """An opaque token of the room's current watch, from its first local subscriber to
        its last one leaving (None: not watched). The same token at two moments means
        every relayed event of the room between them reached this process's listeners,
        unless the relay reconnected meanwhile (its reconnect listeners hear of that)."""
        return self._rooms.get(room_id) or None

    def watched(self) -> list[str]:
        """The rooms with a local subscriber."""
        return [room_id for room_id, subs in self._rooms.items() if subs and room_id != CONTROL]

    def behind(self, room_id: str, version: int) -> bool:
        """Whether a local subscriber of the room holds a version older than ``version``."""
        return any(0 <= sub.version < version for sub in self._rooms.get(room_id, ()))

    def versions(self, room_id: str) -> list[int]:
        """The versions the room's local subscribers hold (-1: no snapshot yet)."""
        return [sub.version for sub in self._rooms.get(room_id, ())]

    def resync(self, room_id: str) -> None:
        """Every local subscriber of the room takes a fresh snapshot."""
        event = RoomEvent(room_id=room_id, kind="resync", origin=self.origin)
        for subscriber in tuple(self._rooms.get(room_id, ())):
            subscriber.deliver(event)

    def listening(self, room_id: str, audiences: list[str]) -> list[str]:
        """The ``audiences`` a patch of the room must be made for.

        With one process, only those with a socket here (nobody watching: no spectator
        view composed and diffed on every move); with a relay, every one, since other
        processes' sockets are not known here.
        """
        if self._relay is not None:
            return audiences
        present = self._snapshot(room_id)[1]
        return [audience for audience in audiences if audience in present]

    def _snapshot(self, room_id: str) -> tuple[tuple[Subscriber, ...], frozenset[str]]:
        snapshot = self._snapshots.get(room_id)
        if snapshot is None:
            subscribers = tuple(self._rooms.get(room_id, ()))
            audiences = frozenset(subscriber.audience for subscriber in subscribers)
            snapshot = (subscribers, audiences)
            if subscribers:
                self._snapshots[room_id] = snapshot
        return snapshot

    async def subscribe(self, room_id: str, subscriber: Subscriber) -> None:
        first = not self._rooms.get(room_id)
        self._rooms[room_id].add(subscriber)
        self._snapshots.pop(room_id, None)
        if first and self._relay is not None:
            try:
                await self._relay.join(room_id)
            except Exception:  # the relay subscribes joined rooms when it reconnects
                log.warning("relay join failed for room %s", room_id)

    async def unsubscribe(self, room_id: str, subscriber: Subscriber) -> None:
        subs = self._rooms.get(room_id)
        if not subs or subscriber not in subs:
            return
        subs.discard(subscriber)
        self._snapshots.pop(room_id, None)
        if not subs:
            del self._rooms[room_id]
            if self._relay is not None:
                with contextlib.suppress(Exception):
                    await self._relay.leave(room_id)

    async def publish(self, event: RoomEvent) -> None:
        """Deliver locally now; relay to other processes if distributed."""
        if not event.origin:
            event = event.with_origin(self.origin)
        self._deliver(event)
        if self._relay is not None:
            try:
                await self._relay.send(event)
            except Exception:  # a relay outage must not lose the local delivery
                log.exception("relay publish failed for room %s", event.room_id)
                if self._on_relay_error is not None:
                    self._on_relay_error()

    def _on_remote(self, event: RoomEvent) -> None:
        if event.origin == self.origin:
            return
        if event.room_id == CONTROL:
            self._run_control(event)
            return
        for listener in self._listeners:
            listener(event)
        self._deliver(event)

    def _run_control(self, event: RoomEvent) -> None:
        command = orjson.loads(event.text or "{}")
        for listener in self._control:
            listener(command)

    def _deliver(self, event: RoomEvent) -> None:
        if event.room_id == CONTROL:
            self._run_control(event)
            return
        for subscriber in self._snapshot(event.room_id)[0]:
            subscriber.deliver(event)

    async def presence_change(self, room_id: str, key: str, delta: int) -> dict[str, int]:
        """Count one more (or one fewer) connection for ``key`` (a seat or "s").

        This process's own counts are kept here too. With a presence store (Redis, with a
        heartbeat: :mod:`.presence`) each process owns its counts there and rewrites them
        every beat, so neither a change lost in an outage nor a killed process leaves a
        ghost connection counted; while the store is unreachable the local counts answer.
        """
        counts = self._presence[room_id]
        counts[key] = counts.get(key, 0) + delta
        if counts[key] <= 0:
            del counts[key]
        local = dict(counts)
        if not counts:
            del self._presence[room_id]
        if self._presence_store is not None:
            try:
                return await self._presence_store.change(room_id, key, delta)
            except Exception:  # best effort: the heartbeat writes this process's counts
                log.warning("presence change failed for room %s", room_id)
                if self._on_relay_error is not None:
                    self._on_relay_error()
                return local
        if self._relay is not None:
            self._relay_presence_rooms.add(room_id)
            try:
                return await self._relay.presence_change(room_id, key, delta)
            except Exception:  # best effort: rewritten when the relay returns
                log.warning("presence change failed for room %s", room_id)
                if self._on_relay_error is not None:
                    self._on_relay_error()
                return local
        return local

    async def presence(self, room_id: str) -> dict[str, int]:
        if self._presence_store is not None:
            try:
                return await self._presence_store.read(room_id)
            except Exception:
                log.warning("presence read failed for room %s", room_id)
                return dict(self._presence.get(room_id, {}))
        if self._relay is not None:
            try:
                return await self._relay.presence(room_id)
            except Exception:
                log.warning("presence read failed for room %s", room_id)
                return dict(self._presence.get(room_id, {}))
        return dict(self._presence.get(room_id, {}))

    async def _restore_presence(self) -> None:
        if self._presence_store is not None:
            try:
                await self._presence_store.rewrite_all()
            except Exception:
                log.warning("presence restore failed")
            return
        if self._relay is None:
            return
        rooms = set(self._presence) | set(self._relay_presence_rooms)
        for room_id in rooms:
            try:
                await self._relay.presence_reset(room_id, dict(self._presence.get(room_id, {})))
            except Exception:
                log.warning("presence restore failed for room %s", room_id)
                return
        self._relay_presence_rooms = set(self._presence)

    async def ping(self) -> bool:
        return True if self._relay is None else await self._relay.ping()


async def cancel_quietly(task: asyncio.Task[Any] | None) -> None:
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
