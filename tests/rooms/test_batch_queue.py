"""BatchQueue: the group committer's queue (FIFO, batches, cancellation as asyncio.Queue)."""

from __future__ import annotations

import asyncio

import pytest

from app.rooms.batch_queue import BatchQueue


async def test_take_returns_what_was_put_in_order_up_to_the_limit() -> None:
    queue: BatchQueue[int] = BatchQueue()
    for item in range(5):
        queue.put(item)
    assert await queue.take(3) == [0, 1, 2]
    assert len(queue) == 2
    assert await queue.take(10) == [3, 4]
    assert len(queue) == 0


async def test_a_waiting_taker_wakes_on_put() -> None:
    queue: BatchQueue[str] = BatchQueue()
    taker = asyncio.ensure_future(queue.take(10))
    await asyncio.sleep(0)
    assert not taker.done()
    queue.put("a")
    queue.put("b")
    assert await taker == ["a", "b"]


async def test_takers_are_served_in_order_and_a_full_batch_wakes_the_next() -> None:
    queue: BatchQueue[int] = BatchQueue()
    first = asyncio.ensure_future(queue.take(2))
    second = asyncio.ensure_future(queue.take(2))
    await asyncio.sleep(0)
    for item in range(3):
        queue.put(item)
    assert await first == [0, 1]
    assert await second == [2]


async def test_a_woken_taker_cancelled_passes_the_wake_up_on() -> None:
    queue: BatchQueue[int] = BatchQueue()
    first = asyncio.ensure_future(queue.take(10))
    second = asyncio.ensure_future(queue.take(10))
    await asyncio.sleep(0)
    queue.put(1)  # wakes the first taker only
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    assert await asyncio.wait_for(second, 1) == [1]


async def test_a_cancelled_waiting_taker_leaves_no_trace() -> None:
    queue: BatchQueue[int] = BatchQueue()
    taker = asyncio.ensure_future(queue.take(10))
    await asyncio.sleep(0)
    taker.cancel()
    with pytest.raises(asyncio.CancelledError):
        await taker
    queue.put(7)
    assert await queue.take(10) == [7]
