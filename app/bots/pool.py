"""Bots off the event loop: a small pool of worker processes, one search per job.

    pool = BotPool()                      # size: the machine's cores less one (>= 1)
    move = await pool.choose_move("akropolis", state, seat, "hard", seed, time_limit=3.0)
    await pool.close()

Each worker is a process of its own (``spawn``: nothing of the event loop's process is
inherited), so a thinking bot never holds up the loop. A job has a hard time limit: the
search is told to stop a little before it (``deadline``), and if the worker has not
answered by the limit it is killed and replaced, and :class:`BotTimeout` is raised.
Cancelling the awaiting task (a room that closes) kills that job's worker the same way.
Errors raised by the job come back as :class:`BotError`.

:meth:`BotPool.run` runs any picklable top-level function the same way (tests use it).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, cast

from app.bots.play import choose_move
from app.games.interface import Move, State

#: share of the time limit the search may use before it must answer
SOFT_SHARE = 0.8


class BotTimeout(Exception):
    """The worker did not answer within the job's hard time limit (it was replaced)."""


class BotError(Exception):
    """The job raised in the worker; the message carries the original exception."""


def default_size() -> int:
    """One worker per core, less one for the event loop (at least one)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def _serve(conn: Connection) -> None:
    """A worker's loop: run each job sent, send back ("ok", value) or ("error", text)."""
    while True:
        job = conn.recv()
        if job is None:
            return
        func, args, kwargs = job
        try:
            conn.send(("ok", func(*args, **kwargs)))
        except Exception as exc:  # reported to the caller, the worker goes on
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class _Worker:
    def __init__(self, context: Any) -> None:
        self.conn, child = cast(tuple[Connection, Connection], context.Pipe())
        self.process: BaseProcess = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=5)
        self.conn.close()


class BotPool:
    """A fixed number of bot worker processes shared by all rooms of this process."""

    def __init__(self, size: int | None = None, *, start_method: str = "spawn") -> None:
        self.size = size or default_size()
        self._context = multiprocessing.get_context(start_method)
        self._idle: asyncio.Queue[_Worker] | None = None
        self._workers: set[_Worker] = set()
        self._closed = False

    @property
    def pids(self) -> list[int]:
        """Process ids of the live workers (for tests and the admin page)."""
        return sorted(w.process.pid for w in self._workers if w.process.pid is not None)

    async def _ready(self) -> asyncio.Queue[_Worker]:
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._idle.put_nowait(self._spawn())
        return self._idle

    def _spawn(self) -> _Worker:
        worker = _Worker(self._context)
        self._workers.add(worker)
        return worker

    async def run(
        self,
        func: Callable[..., Any],
        *args: Any,
        time_limit: float | None = None,
        **kwargs: Any,
    ) -> Any:
        """``func(*args, **kwargs)`` in a worker, within ``time_limit`` seconds (wall)."""
        idle = await self._ready()
        worker = await idle.get()
        healthy = False
        try:
            worker.conn.send((func, args, kwargs))
            status, value = await asyncio.wait_for(self._answer(worker), time_limit)
            healthy = True
        except TimeoutError:
            raise BotTimeout(f"no answer within {time_limit} s") from None
        finally:
            if healthy:
                idle.put_nowait(worker)
            else:  # timed out, cancelled or broken: this worker may still be busy
                self._workers.discard(worker)
                worker.kill()
                if not self._closed:
                    idle.put_nowait(self._spawn())
        if status == "error":
            raise BotError(value)
        return value

    async def _answer(self, worker: _Worker) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()

        def on_readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, on_readable)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        return cast(tuple[str, Any], worker.conn.recv())

    async def choose_move(
        self,
        game_id: str,
        state: State,
        seat: int,
        level: str = "hard",
        seed: int = 0,
        *,
        time_limit: float = 5.0,
        iterations: int | None = None,
    ) -> Move:
        """:func:`app.bots.play.choose_move` in a worker; the search is asked to finish
        by ``SOFT_SHARE`` of ``time_limit`` and is killed at ``time_limit``."""
        deadline = time.monotonic() + time_limit * SOFT_SHARE
        move = await self.run(
            choose_move,
            game_id,
            state,
            seat,
            level,
            seed,
            deadline,
            iterations=iterations,
            time_limit=time_limit,
        )
        return cast(Move, move)

    async def close(self) -> None:
        self._closed = True
        workers, self._workers = list(self._workers), set()
        for worker in workers:
            await asyncio.to_thread(worker.stop)
