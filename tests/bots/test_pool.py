"""The bot process pool: answers, its hard time limit, cancellation, errors.

Times here are generous bounds on how long the test waits, never assertions on speed.
"""

from __future__ import annotations

import asyncio

import pytest

from app.bots.pool import BotError, BotPool, BotTimeout, default_size
from app.games.registry import get_game
from tests.bots.jobs import fail, sleep_then_pid


@pytest.fixture
async def pool():  # type: ignore[no-untyped-def]
    bots = BotPool(1)
    yield bots
    await bots.close()


def test_default_size_leaves_a_core_for_the_event_loop() -> None:
    assert default_size() >= 1


async def test_choose_move_in_a_worker(pool: BotPool) -> None:
    game = get_game("race")
    state = game.setup(2, {}, 3)
    move = await pool.choose_move("race", state, 0, "hard", 1, time_limit=60, iterations=4)
    assert move in game.legal_moves(state, 0)
    # the same worker serves the next job
    pids = pool.pids
    await pool.choose_move("race", state, 0, "easy", 2, time_limit=60)
    assert pool.pids == pids


async def test_time_limit_kills_and_replaces_the_worker(pool: BotPool) -> None:
    await pool.run(sleep_then_pid, 0, time_limit=60)  # the worker is up
    before = pool.pids
    with pytest.raises(BotTimeout):
        await pool.run(sleep_then_pid, 30, time_limit=0.5)
    after = pool.pids
    assert after and after != before
    assert await pool.run(sleep_then_pid, 0, time_limit=60) == after[0]


async def test_cancelling_the_job_kills_its_worker(pool: BotPool) -> None:
    await pool.run(sleep_then_pid, 0, time_limit=60)
    before = pool.pids
    task = asyncio.create_task(pool.run(sleep_then_pid, 30, time_limit=60))
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert pool.pids != before
    assert await pool.run(sleep_then_pid, 0, time_limit=60) in pool.pids


async def test_errors_come_back_and_the_worker_survives(pool: BotPool) -> None:
    await pool.run(sleep_then_pid, 0, time_limit=60)
    before = pool.pids
    with pytest.raises(BotError, match="ValueError: nope"):
        await pool.run(fail, "nope", time_limit=60)
    assert pool.pids == before


async def test_a_closed_pool_refuses_jobs() -> None:
    bots = BotPool(1)
    await bots.close()
    with pytest.raises(RuntimeError):
        await bots.run(sleep_then_pid, 0, time_limit=5)
