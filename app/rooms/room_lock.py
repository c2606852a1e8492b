"""The lock a room's commands hold: :class:`asyncio.Lock`'s behaviour, compiled.

Every move takes its room's lock (``async with live.lock``). ``asyncio.Lock`` is written in
Python: ``__aenter__``, ``acquire``, ``__aexit__``, ``release`` and ``_wake_up_first`` are
five interpreted frames a move, even uncontended, from the compiled move path. This is the
same algorithm (CPython 3.11's ``asyncio.locks.Lock``: FIFO waiters, a cancelled waiter
passes the wake-up on), compiled with mypyc (:data:`app.native.MODULES`); an uncontended
``async with`` makes no future and no interpreted frame.
"""

from __future__ import annotations

import asyncio
from collections import deque
from types import TracebackType


class RoomLock:
    __slots__ = ("_locked", "_waiters")

    def __init__(self) -> None:
        self._locked = False
        self._waiters: deque[asyncio.Future[bool]] | None = None

    def locked(self) -> bool:
        return self._locked

    async def acquire(self) -> bool:
        waiters = self._waiters
        if not self._locked and (waiters is None or all(w.cancelled() for w in waiters)):
            self._locked = True
            return True
        if waiters is None:
            waiters = self._waiters = deque()
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        waiters.append(future)
        try:
            try:
                await future
            finally:
                waiters.remove(future)
        except asyncio.CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self) -> None:
        if not self._locked:
            raise RuntimeError("Lock is not acquired.")
        self._locked = False
        self._wake_up_first()

    def _wake_up_first(self) -> None:
        """Wake the first waiter that is not done (it takes the lock when it runs)."""
        waiters = self._waiters
        if not waiters:
            return
        first = waiters[0]
        if not first.done():
            first.set_result(True)

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()
