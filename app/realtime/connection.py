"""One socket's outbound side: a bounded queue, a sender task and version ordering.

Patches must reach the client in version order with no gaps. Events from other
processes can arrive out of order, so a patch ahead of the next expected version
is held back briefly; if the gap does not fill in time the client gets a fresh
snapshot instead (the lila-ws "resync"). Versions never go backwards: a snapshot
taken before a patch that was already sent is dropped (:meth:`offer_snapshot`). A
``resync`` event (the relay came back after an outage) fetches a fresh snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Final

from app.realtime.hub import RoomEvent

GAP_WAIT_SECONDS: Final = 0.5


class Outbox:
    """A bounded FIFO with one consumer: a deque and, while the consumer waits, a future.

    ``asyncio.Queue`` allocates four deques and an Event per instance (about 2.5 KB):
    with one queue per connected socket that was a measurable part of the ~43 KB an idle
    socket costs the server (``bench/ws_idle.py``).
    """

    __slots__ = ("_items", "_waiter", "maxsize")

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._items: deque[object] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def qsize(self) -> int:
        return len(self._items)

    def put_nowait(self, item: object) -> None:
        if len(self._items) >= self.maxsize:
            raise asyncio.QueueFull
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> object:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()


class Connection:
    __slots__ = (
        "_close_socket", "_gap_task", "_held", "_inflight", "_queue", "_resync", "_resync_task",
        "_send", "_send_now", "_task", "audience", "overflowed", "room_id", "snapshots_dropped",
        "user_id", "version", "__weakref__",
    )  # fmt: skip

    def __init__(
        self,
        *,
        audience: str,
        send: Callable[[str], Awaitable[None]],
        resync: Callable[[], Awaitable[None]],
        queue_size: int = 256,
        user_id: str | None = None,
        room_id: str | None = None,
        close: Callable[[int, str], Coroutine[Any, Any, None]] | None = None,
        send_now: Callable[[str], bool] | None = None,
    ) -> None:
        self.audience = audience
        self.user_id = user_id
        self.room_id = room_id
        self._close_socket = close
        self.version = -1  # set by the first snapshot; patches wait until then
        self.overflowed = False
        self._send = send
        # The socket's synchronous lane (app.realtime.wire): used while nothing waits in
        # the queue, so a message costs no task switch; False means "queue it".
        self._send_now = send_now
        self._inflight = False  # the pump holds a message it has not written yet
        self._resync = resync
        self._queue = Outbox(queue_size)
        self._held: dict[int, str] = {}
        self._gap_task: asyncio.Task[None] | None = None
        self._resync_task: asyncio.Task[None] | None = None
        self.snapshots_dropped = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        # With a synchronous lane the pump starts only when a message has to wait (most
        # sockets never need it: a task and its frame per idle socket saved).
        if self._send_now is None:
            self._task = asyncio.create_task(self._pump())

    def disconnect(self, code: int, reason: str) -> None:
        """Close the socket from the server side (e.g. the user was banned)."""
        if self._close_socket is not None:
            asyncio.get_running_loop().create_task(self._close_socket(code, reason))

    async def close(self) -> None:
        for task in (self._gap_task, self._resync_task, self._task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    @property
    def done(self) -> asyncio.Task[None] | None:
        return self._task

    @property
    def backlogged(self) -> bool:
        """More than half the queue waits: :meth:`make_room` should be awaited."""
        return self._queue.qsize() > self._queue.maxsize // 2

    async def make_room(self, timeout: float = 2.0) -> None:
        """Backpressure on the client's own messages: wait while our replies to it pile up.

        Without it, a client that floods (say, pings) would overflow its own queue and be
        dropped as a slow consumer instead of getting its answers.
        """
        waited = 0.0
        while self.backlogged and waited < timeout:
            await asyncio.sleep(0.005)
            waited += 0.005

    def push(self, text: str) -> None:
        """Send or queue a message for the client; a client too slow to drain is dropped."""
        send_now = self._send_now
        if send_now is not None and not self._inflight and not self._queue.qsize():
            if send_now(text):
                return
        try:
            self._queue.put_nowait(text)
            if self._task is None and send_now is not None:
                self._task = asyncio.create_task(self._pump())
        except asyncio.QueueFull:
            self.overflowed = True
            if self._task is not None:
                self._task.cancel()

    def deliver(self, event: RoomEvent) -> None:
        if event.kind == "resync":
            if self._resync_task is None or self._resync_task.done():
                self._resync_task = asyncio.create_task(self._safe_resync())
            return
        text = event.text_for(self.audience)
        if text is None:
            return
        if event.kind != "patch" or event.version is None:
            self.push(text)
            return
        if self.version < 0 or event.version <= self.version:
            if self.version < 0:
                self._held[event.version] = text
            return
        self._held[event.version] = text
        self._flush()

    def offer_snapshot(self, text: str, version: int) -> bool:
        """Send a snapshot unless the client already holds a newer version.

        A snapshot is taken, then sent after some awaits; a patch newer than it may
        have been sent in between, and the client must never go back.
        """
        if version < self.version:
            self.snapshots_dropped += 1
            return False
        self.push(text)
        self.snapshot_sent(version)
        return True

    async def _safe_resync(self) -> None:
        try:
            await self._resync()
        except Exception:
            logging.getLogger(__name__).warning("resync failed", exc_info=True)

    def snapshot_sent(self, version: int) -> None:
        """The client now holds ``version``: drop older held patches, send newer ones."""
        self.version = version
        for held in [v for v in self._held if v <= version]:
            del self._held[held]
        self._flush()

    def _flush(self) -> None:
        while (self.version + 1) in self._held:
            self.version += 1
            self.push(self._held.pop(self.version))
        if self._held and (self._gap_task is None or self._gap_task.done()):
            self._gap_task = asyncio.create_task(self._wait_for_gap())

    async def _wait_for_gap(self) -> None:
        await asyncio.sleep(GAP_WAIT_SECONDS)
        if self._held:
            self._held.clear()
            await self._resync()

    async def _pump(self) -> None:
        while True:
            item = await self._queue.get()
            self._inflight = True
            try:
                await self._send(item)  # type: ignore[arg-type]
            finally:
                self._inflight = False
