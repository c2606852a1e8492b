"""RoomLock behaves as asyncio.Lock: exclusive, FIFO, a cancelled waiter passes its turn on."""

from __future__ import annotations

import asyncio

import pytest

from app.rooms.room_lock import RoomLock


async def test_holders_take_turns_in_arrival_order() -> None:
    lock = RoomLock()
    order: list[int] = []

    async def hold(number: int) -> None:
        async with lock:
            order.append(number)
            await asyncio.sleep(0)
            order.append(number)

    await asyncio.gather(*(hold(number) for number in range(4)))
    assert order == [0, 0, 1, 1, 2, 2, 3, 3]
    assert not lock.locked()


async def test_a_cancelled_waiter_passes_the_lock_on() -> None:
    lock = RoomLock()
    await lock.acquire()
    first = asyncio.ensure_future(lock.acquire())
    second = asyncio.ensure_future(lock.acquire())
    await asyncio.sleep(0)
    lock.release()  # wakes ``first``, which is cancelled before it runs
    first.cancel()
    await asyncio.sleep(0)
    assert await asyncio.wait_for(second, 1) is True
    assert lock.locked() and first.cancelled()
    lock.release()


async def test_the_lock_is_released_when_the_body_raises() -> None:
    lock = RoomLock()
    with pytest.raises(ValueError):
        async with lock:
            raise ValueError
    assert not lock.locked()
    with pytest.raises(RuntimeError):
        lock.release()
