"""The soak's reading of the private database: room versions every second, the log at the end.

The database is the ground truth of progress, whatever the clients were told: every
``interval`` the monitor reads the version and status of the rooms being played and
feeds :class:`soak_accounting.StallTracker`. For a room whose version has not moved for
longer than the threshold, it reads the room's state and seats and asks the game's own
rules who is to act (``to_act(state)``), then whether that seat could act: a bot seat
always (the processes' scheduler owes it a move), a person's seat when its client's
socket has been open for ``grace`` seconds and the clients are still playing (not in
the settle). Anyone → a stall, with evidence: who, on which process, at which version
the client was, and how far ahead the room's ``deadline_at`` lies (a leased deadline
sits ``DEADLINE_LEASE_SECONDS`` ahead). The poll's own failures (the database is being
restarted) are counted and the next poll tries again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import asyncpg
import httpx
import orjson
from soak_accounting import Logged, StallTracker
from soak_clients import Context
from soak_slots import Slot

from app.games.registry import get_game


class Database:
    """One asyncpg connection to the private cluster, opened again after a restart."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self.conn: Any = None

    async def fetch(self, query: str, *args: Any) -> list[Any]:
        if self.conn is None or self.conn.is_closed():
            self.conn = await asyncpg.connect(self.dsn, timeout=3)
        try:
            return list(await self.conn.fetch(query, *args, timeout=10))
        except asyncio.CancelledError:
            # A query cut short leaves the connection busy: the next one needs its own.
            conn, self.conn = self.conn, None
            conn.terminate()
            raise
        except Exception:
            await self.close()
            raise

    async def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            try:
                await conn.close(timeout=2)
            except Exception:
                conn.terminate()

    async def versions(self, room_ids: list[str]) -> dict[str, int]:
        rows = await self.fetch("SELECT id, version FROM rooms WHERE id = ANY($1::varchar[])",
                                room_ids)  # fmt: skip
        return {row["id"]: row["version"] for row in rows}

    async def logged_moves(self, room_ids: list[str]) -> tuple[Logged, int, int]:
        """(client-id moves: (room, id) -> seq, every move row, the bots' move rows)."""
        rows = await self.fetch(
            "SELECT room_id, client_move_id, seq FROM moves WHERE room_id = ANY($1::varchar[])",
            room_ids,
        )
        logged = {(r["room_id"], r["client_move_id"]): r["seq"] for r in rows
                  if r["client_move_id"] is not None}  # fmt: skip
        bots = sum(1 for r in rows if (r["client_move_id"] or "").startswith("bot-"))
        return logged, len(rows), bots


class Probe:
    """Each app process's ``/healthz`` answered how fast (every 2 s): a process too
    loaded to answer in time stalls rooms without any fault, and its stalls say so."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.samples: list[tuple[float, int, float | None]] = []  # (t, app, s or None)

    async def run(self, interval: float = 2.0) -> None:
        async with httpx.AsyncClient(timeout=10, trust_env=False) as client:
            while True:
                await asyncio.gather(*(self.probe(client, i) for i in range(len(self.ctx.ports))))
                await asyncio.sleep(interval)

    async def probe(self, client: httpx.AsyncClient, index: int) -> None:
        started = time.monotonic()
        try:
            answer = await client.get(f"http://127.0.0.1:{self.ctx.ports[index]}/healthz")
            latency: float | None = time.monotonic() - started if answer.is_success else None
        except httpx.HTTPError:
            latency = None  # down (killed) or frozen (paused) past the timeout
        self.samples.append((self.ctx.clock(), index, latency))

    def worst(self, start: float, end: float) -> str:
        """The slowest answer of each process between two times (``down``: none)."""
        parts = []
        for index in range(len(self.ctx.ports)):
            window = [s for t, i, s in self.samples if i == index and start <= t <= end]
            if window:
                answered = [s for s in window if s is not None]
                worst = f"{max(answered):.2f} s" if answered else "none"
                failed = len(window) - len(answered)
                parts.append(f"app-{index} {worst}{f' ({failed} failed)' if failed else ''}")
        return "healthz slowest: " + ", ".join(parts)

    def latencies(self, index: int) -> list[float]:
        return sorted(s for _, i, s in self.samples if i == index and s is not None)


class Monitor:
    def __init__(self, db: Database, ctx: Context, tracker: StallTracker, grace: float,
                 say: Callable[[str], None]) -> None:  # fmt: skip
        self.db, self.ctx, self.tracker, self.grace, self.say = db, ctx, tracker, grace, say
        self.probe = Probe(ctx)
        self.rooms: dict[str, Slot] = {}  # the rooms being played, by id
        self.games: dict[str, str] = {}  # every room of the run: its game
        self.errors = 0
        self.polls = 0

    def register(self, slot: Slot, previous: str | None, room_id: str) -> None:
        """A slot's new room (its previous one, finished, is no longer watched)."""
        if previous is not None:
            self.rooms.pop(previous, None)
            self.tracker.forget(previous, self.ctx.clock())
        self.rooms[room_id] = slot
        self.games[room_id] = slot.plan.game

    async def run(self, interval: float = 1.0) -> None:
        probing = asyncio.create_task(self.probe.run())
        try:
            await self.poll(interval)
        finally:
            probing.cancel()

    async def poll(self, interval: float) -> None:
        while True:
            started = time.monotonic()
            try:
                await self.poll_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away (a restart): next time
                self.errors += 1
            await asyncio.sleep(max(0.05, interval - (time.monotonic() - started)))

    async def poll_once(self) -> None:
        rows = await self.db.fetch(
            "SELECT id, version, status FROM rooms WHERE id = ANY($1::varchar[])", list(self.rooms)
        )
        t = self.ctx.clock()
        for row in rows:
            self.tracker.observe(row["id"], t, row["version"], row["status"])
        self.polls += 1
        for room_id in self.tracker.suspects(t):
            if room_id not in self.rooms:
                continue
            who = await self.waiting_on(room_id, t)
            stall = self.tracker.waiting(room_id, t, who)
            if stall is not None:
                self.say(f"STALL {room_id} ({self.games[room_id]}) at v{stall.version} for "
                         f"{t - stall.since:.0f} s, waiting on {', '.join(who)}")  # fmt: skip

    async def waiting_on(self, room_id: str, t: float) -> list[str]:
        """Who could act in the room now (empty: nobody), with the evidence of each."""
        rows = await self.db.fetch(
            "SELECT game, state, version, status, deadline_at FROM rooms WHERE id = $1", room_id
        )
        seats = await self.db.fetch("SELECT position, bot FROM seats WHERE room_id = $1", room_id)
        if not rows or rows[0]["state"] is None:
            return []
        row = rows[0]
        self.tracker.observe(room_id, t, row["version"], row["status"])  # moved meanwhile?
        bots = {seat["position"]: seat["bot"] for seat in seats if seat["bot"]}
        slot = self.rooms[room_id]
        who = []
        for seat in sorted(get_game(row["game"]).to_act(orjson.loads(row["state"]))):
            if seat in bots:
                who.append(f"bot {bots[seat]} in seat {seat}")
                continue
            client = slot.client_for(seat)
            if client is not None and not self.ctx.freeze and client.able_to_act(t, self.grace):
                pending = client.pending is not None
                who.append(f"seat {seat} on app-{client.process} (its socket at "
                           f"v{client.version}, move pending: {pending})")  # fmt: skip
        if who and row["deadline_at"] is not None:
            who.append(f"deadline_at now{row['deadline_at'] - time.time():+.1f} s")
        if who:
            who.append(self.probe.worst(t - self.tracker.threshold - 2, t))
        return who
