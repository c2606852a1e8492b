"""Reads asked for in one turn of the event loop, run together as one statement.

When a process dies, its sockets come back to the others all at once, each reading its
user, its room and the room's chat: hundreds of one-row statements, each costing
~0.3-0.5 ms of the process's CPU in SQLAlchemy and the driver for a few microseconds of
PostgreSQL's. Keys asked for while the loop runs one turn (the handshakes it reads in
that turn) wait for the next turn and are read with one ``IN (...)`` statement instead
(``bench/reconnect_burst.py``). A lone read waits one loop turn more, nothing else.

A reader is bound to the loop that uses it; a new loop (a CLI run after another, a test
server on its own thread) starts afresh.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: keys read by one statement at most (a longer burst runs several)
MAX_BATCH = 500


class BatchedReads(Generic[K, V]):
    """``await reads.get(key)``: the value ``fetch`` found for ``key``, or None.

    ``fetch(keys)`` returns what it found as ``{key: value}``; an exception it raises is
    every waiting caller's."""

    def __init__(self, fetch: Callable[[list[K]], Awaitable[dict[K, V]]]) -> None:
        self._fetch = fetch
        self._waiting: dict[K, asyncio.Future[V | None]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def get(self, key: K) -> V | None:
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # futures of another loop can never be answered here
            self._loop, self._waiting = loop, {}
        future = self._waiting.get(key)
        if future is None:
            if not self._waiting:
                loop.call_soon(self._flush, loop)
            future = self._waiting[key] = loop.create_future()
        # Shielded: a caller going away (its socket closed) cancels neither the read
        # nor the others waiting for it.
        return await asyncio.shield(future)

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        if loop is not self._loop:
            return
        waiting, self._waiting = self._waiting, {}
        keys = list(waiting)
        for start in range(0, len(keys), MAX_BATCH):
            batch = {key: waiting[key] for key in keys[start : start + MAX_BATCH]}
            task = loop.create_task(self._run(batch))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, batch: dict[K, asyncio.Future[V | None]]) -> None:
        failure: BaseException | None = None
        found: dict[K, V] = {}
        try:
            found = await self._fetch(list(batch))
        except BaseException as error:  # answered below, outside the handler
            failure = error
        for key, future in batch.items():
            if future.done():
                continue
            if isinstance(failure, asyncio.CancelledError):
                future.cancel()
            elif failure is not None:
                future.set_exception(failure)
            else:
                future.set_result(found.get(key))
        for future in batch.values():  # retrieved: every waiter may have gone
            if future.done() and not future.cancelled():
                future.exception()
        if isinstance(failure, asyncio.CancelledError):
            raise failure
