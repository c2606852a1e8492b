"""The soak's faults: one at a time, every 20-60 s (seeded), each logged with its time.

- ``kill``: kill -9 of an app process, restarted on the same port at once. It aims at a
  process whose bot worker is searching (its children's CPU time grows) when one is
  within a few seconds, so the fault lands while a bot thinks: the bot's deadline was
  claimed by the dead process (a lease of ``DEADLINE_LEASE_SECONDS``).
- ``redis``: the private Redis stopped, down ~2 s, started again (events published
  meanwhile are lost; every process must resynchronise its sockets).
- ``postgres``: ``pg_ctl restart -m fast`` of the private cluster (every connection
  drops; moves in flight are refused with ``storage_error`` and retried).
- ``pause``: SIGSTOP of an app process for 2-6 s, then SIGCONT (a network partition as
  its peers and clients see it: sockets open, nothing answered, its leases held).

The schedule's times and kinds come from the seed alone; where a kill lands depends on
the run. A fault never overlaps another, and :meth:`Faults.run` returns only once the
last one is repaired, so the settle starts from a whole cluster.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Sequence

from soak_accounting import Fault
from soak_cluster import AppProcess, Cluster

KINDS = ("kill", "redis", "postgres", "pause")


class Faults:
    def __init__(
        self, cluster: Cluster, rng: random.Random, kinds: Sequence[str],
        every: tuple[float, float], clock: Callable[[], float], say: Callable[[str], None],
    ) -> None:  # fmt: skip
        self.cluster = cluster
        self.rng = rng
        self.kinds = list(kinds)
        self.every = every
        self.clock = clock  # seconds since the load started
        self.say = say
        self.log: list[Fault] = []
        self.errors: list[str] = []
        self.crashes: list[str] = []  # app processes that exited with no fault aimed at them

    async def supervise(self) -> None:
        """Restart an app process that died by itself (as a supervisor would), and say so:
        a crash is a failure of the run. Without this a crashed process stayed down and
        its clients' reconnects kept failing, which the checks reported as stalls."""
        while True:
            await asyncio.sleep(1.0)
            for app in self.cluster.apps:
                process = app.process
                if process is None or process.poll() is None:
                    continue
                what = f"{app.name} pid {process.pid} exited with {process.returncode}"
                self.crashes.append(f"{self.clock():.1f}s {what}")
                app.spawn()
                ready = await app.wait_ready()
                self.say(f"CRASH {what} (see its log); restarted, ready in {ready:.1f} s")

    async def run(self, stop_at: float) -> None:
        """Inject faults until ``stop_at`` (on ``clock``); the last one starts before it.

        The gaps and kinds are drawn first, from their own generator, so the schedule is
        the seed's whatever the faults' own draws (victims, pauses) were."""
        plan = random.Random(self.rng.random())
        while True:
            wait = plan.uniform(*self.every)
            kind = plan.choice(self.kinds)
            if self.clock() + wait >= stop_at:
                return
            await asyncio.sleep(wait)
            try:
                await self.inject(kind)
            except Exception as error:  # a repair failed: the run is void, say so loudly
                self.errors.append(f"{kind}: {type(error).__name__}: {error}")
                self.say(f"fault {kind} FAILED: {error}")
                raise

    async def inject(self, kind: str) -> Fault:
        at = self.clock()
        if kind == "kill":
            fault = await self.kill(at)
        elif kind == "redis":
            fault = await self.redis_blip(at)
        elif kind == "postgres":
            fault = await self.postgres_restart(at)
        elif kind == "pause":
            fault = await self.pause(at)
        else:
            raise ValueError(f"unknown fault {kind!r}")
        self.log.append(fault)
        self.say(f"fault {fault.kind:<8} {fault.target:<8} {fault.seconds:5.1f} s  {fault.detail}")
        return fault

    async def _thinking_app(self, within: float = 5.0) -> AppProcess | None:
        """An app process whose bot worker is searching now (children's CPU grows)."""
        apps = self.cluster.apps
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            before = [app.bot_cpu_seconds() for app in apps]
            await asyncio.sleep(0.25)
            busy = [
                app for app, cpu in zip(apps, before, strict=True)
                if app.bot_cpu_seconds() - cpu > 0.1
            ]  # fmt: skip
            if busy:
                return self.rng.choice(busy)
        return None

    async def kill(self, at: float) -> Fault:
        victim = await self._thinking_app()
        aimed = victim is not None
        if victim is None:
            victim = self.rng.choice(self.cluster.apps)
        at = self.clock()
        pid = victim.pid
        victim.kill()
        started = time.monotonic()
        victim.spawn()
        ready = await victim.wait_ready()
        return Fault(
            at, "kill", victim.name, time.monotonic() - started,
            f"kill -9 pid {pid}{' while its bot worker searched' if aimed else ''}; "
            f"restarted, ready in {ready:.1f} s",
        )  # fmt: skip

    async def redis_blip(self, at: float) -> Fault:
        started = time.monotonic()
        redis = self.cluster.redis
        await asyncio.to_thread(redis.stop)
        await asyncio.sleep(2.0)
        await asyncio.to_thread(redis.start)
        down = time.monotonic() - started
        return Fault(at, "redis", "redis", down, "stopped, ~2 s down, started")

    async def postgres_restart(self, at: float) -> Fault:
        started = time.monotonic()
        await asyncio.to_thread(self.cluster.postgres.restart_fast)
        return Fault(
            at, "postgres", "postgres", time.monotonic() - started, "pg_ctl restart -m fast"
        )

    async def pause(self, at: float) -> Fault:
        victim = self.rng.choice(self.cluster.apps)
        seconds = self.rng.uniform(2.0, 6.0)
        victim.pause()
        try:
            await asyncio.sleep(seconds)
        finally:
            victim.resume()
        return Fault(at, "pause", victim.name, seconds, "SIGSTOP, then SIGCONT")
