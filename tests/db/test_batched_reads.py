"""Reads of one loop turn run as one (app.db.batched_reads)."""

from __future__ import annotations

import asyncio

import pytest

from app.db.batched_reads import BatchedReads


def reads_of(calls: list[list[str]], fail: bool = False) -> BatchedReads[str, str]:
    async def fetch(keys: list[str]) -> dict[str, str]:
        calls.append(sorted(keys))
        await asyncio.sleep(0.01)  # the database's round trip
        if fail:
            raise ConnectionError("database away")
        return {key: key.upper() for key in keys if key != "missing"}

    return BatchedReads(fetch)


async def test_keys_asked_in_one_turn_are_read_together() -> None:
    calls: list[list[str]] = []
    reads = reads_of(calls)
    found = await asyncio.gather(*(reads.get(key) for key in ("a", "b", "a", "missing")))
    assert found == ["A", "B", "A", None]
    assert calls == [["a", "b", "missing"]]  # one read, each key once
    assert await reads.get("c") == "C"  # a later turn: a read of its own
    assert calls[-1] == ["c"]


async def test_a_failed_read_fails_each_waiter_and_the_next_turn_reads_again() -> None:
    calls: list[list[str]] = []
    reads = reads_of(calls, fail=True)
    results = await asyncio.gather(reads.get("a"), reads.get("b"), return_exceptions=True)
    assert all(isinstance(result, ConnectionError) for result in results)
    assert len(calls) == 1


async def test_a_waiter_going_away_cancels_neither_the_read_nor_the_others() -> None:
    calls: list[list[str]] = []
    reads = reads_of(calls)
    leaving = asyncio.ensure_future(reads.get("a"))
    staying = asyncio.ensure_future(reads.get("a"))
    await asyncio.sleep(0)  # the read starts
    leaving.cancel()
    assert await staying == "A"
    with pytest.raises(asyncio.CancelledError):
        await leaving


def test_each_loop_starts_afresh() -> None:
    calls: list[list[str]] = []
    reads = reads_of(calls)
    assert asyncio.run(reads.get("a")) == "A"
    assert asyncio.run(reads.get("b")) == "B"  # a second loop: nothing left of the first
    assert calls == [["a"], ["b"]]
