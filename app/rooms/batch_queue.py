"""The group committer's queue: moves in, batches out to the writer tasks.

``asyncio.Queue`` did the job at ten interpreted calls a move (``put_nowait`` with its
``full``/``_put``/``_wakeup_next``/``Event.clear``, then ``get``, ``empty``, ``get_nowait``,
``_get``… for each move a writer drains), paid even from compiled code. This is the part
the committer uses, compiled (:mod:`app.native`): a deque of items, writers waiting in
FIFO order, one woken per item put, and a batch taken in one call. Cancellation follows
``asyncio.Queue.get``: a writer cancelled after its wake-up passes the wake-up on.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class BatchQueue(Generic[T]):
    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._getters: deque[asyncio.Future[None]] = deque()

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: T) -> None:
        self._items.append(item)
        self._wake_next()

    async def take(self, limit: int) -> list[T]:
        """Wait for an item, then take up to ``limit`` of them (the oldest first)."""
        while not self._items:
            getter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()  # a no-op when it was woken already
                try:
                    self._getters.remove(getter)
                except ValueError:
                    pass
                if self._items and not getter.cancelled():
                    self._wake_next()  # woken, then cancelled: another writer takes it
                raise
        items = self._items
        batch = [items.popleft()]
        while items and len(batch) < limit:
            batch.append(items.popleft())
        if items:
            self._wake_next()  # more than one batch's worth: the next writer starts too
        return batch

    def _wake_next(self) -> None:
        getters = self._getters
        while getters:
            getter = getters.popleft()
            if not getter.done():
                getter.set_result(None)
                return
