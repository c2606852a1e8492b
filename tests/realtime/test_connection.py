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


async def test_the_synchronous_lane_keeps_order_when_the_socket_must_wait() -> None:
    """Messages go straight out while the socket takes them; once one has to wait, the
    ones after it queue behind it (and the pump task starts only then)."""
    from app.realtime.connection import Connection

    wire: list[str] = []
    writable = asyncio.Event()
    open_now = [True]

    def send_now(text: str) -> bool:
        if open_now[0]:
            wire.append(text)
        return open_now[0]

    async def send(text: str) -> None:
        await writable.wait()
        wire.append(text)

    async def resync() -> None:
        return None

    connection = Connection(audience="0", send=send, resync=resync, send_now=send_now)
    connection.start()
    connection.push("a")
    assert wire == ["a"] and connection.done is None  # no task for an idle socket
    open_now[0] = False
    connection.push("b")
    open_now[0] = True
    connection.push("c")  # the lane is open again, but "b" waits: "c" goes behind it
    await asyncio.sleep(0.01)
    assert wire == ["a"] and connection.done is not None
    writable.set()
    for _ in range(50):
        if len(wire) == 3:
            break
        await asyncio.sleep(0.01)
    connection.push("d")
    await asyncio.sleep(0.01)
    assert wire == ["a", "b", "c", "d"]
    await connection.close()
