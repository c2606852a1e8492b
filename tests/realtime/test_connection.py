"""The outbound queue of a socket (``Outbox``): FIFO, bounded, one waiting consumer."""

from __future__ import annotations

import asyncio

import pytest

from app.realtime.connection import Outbox


async def test_items_come_out_in_order_and_the_bound_holds() -> None:
    box = Outbox(2)
    box.put_nowait("a")
    box.put_nowait("b")
    with pytest.raises(asyncio.QueueFull):
        box.put_nowait("c")
    assert box.qsize() == 2
    assert [await box.get(), await box.get()] == ["a", "b"]
    assert box.qsize() == 0


async def test_a_waiting_consumer_wakes_on_put_and_can_be_cancelled() -> None:
    box = Outbox(4)
    getter = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    assert not getter.done()
    box.put_nowait("x")
    assert await asyncio.wait_for(getter, 1) == "x"

    waiting = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    box.put_nowait("y")  # no stale waiter left behind
    assert await asyncio.wait_for(box.get(), 1) == "y"
