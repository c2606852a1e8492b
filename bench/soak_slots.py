"""The soak's tables: a :class:`Slot` keeps one room playing for the whole run.

A slot has a :class:`Plan` drawn from the seed (a game of the four, its seat count,
how many seats people take and which bot levels fill the others), its guests (made
once with ``POST /api/guests``) and, at any time, one room: created by the first guest,
joined by the others, bots seated by the host (``POST /api/rooms/{id}/bots``), started.
One :class:`soak_clients.SeatClient` per person plays it, plus a spectator where only
one person plays, so every room has sockets on both processes. When the game ends the
slot opens the next room with the same plan, so the load stays steady; during the
settle (``Context.freeze``) it does not.

The HTTP calls go to a process chosen at random and are retried, on the other one too,
while a fault makes them fail (connection refused, 503). A retried call that had in
fact succeeded is checked rather than trusted (a join answered 409, a start already
done), and a room left half made by a failure is abandoned for a new one.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from soak_clients import Context, Guest, SeatClient

GAMES: dict[str, tuple[int, int]] = {  # seat counts played (Agorapolis up to 4 of its 6)
    "akropolis": (1, 4), "agorapolis": (2, 4), "akrotiri": (2, 2), "attika": (2, 4),
}  # fmt: skip
LEVELS = ("random", "easy", "medium", "hard")


class SetupFailed(Exception):
    pass


class Api:
    """JSON calls to either process, retried through faults; cookies passed per call."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.http = httpx.AsyncClient(timeout=10, trust_env=False,
                                      limits=httpx.Limits(max_connections=64))  # fmt: skip

    async def call(self, method: str, path: str, cookie: str | None = None,
                   body: Any = None, patience: float = 120.0) -> httpx.Response:  # fmt: skip
        """The first answer under 500 from either process (retried with backoff until then)."""
        headers = {"Cookie": f"agora_session={cookie}"} if cookie else {}
        deadline = time.monotonic() + patience
        delay = 0.2
        while True:
            port = self.ctx.rng.choice(self.ctx.ports)
            try:
                answer = await self.http.request(method, f"http://127.0.0.1:{port}{path}",
                                                 json=body, headers=headers)  # fmt: skip
                self.http.cookies.clear()  # one jar for every guest: never reuse a cookie
                if answer.status_code < 500:
                    return answer
                self.ctx.counts[f"http:{answer.status_code}"] += 1  # 503 expected, 500 not
            except httpx.HTTPError:
                pass
            self.ctx.counts["http_retries"] += 1
            if time.monotonic() > deadline:
                raise SetupFailed(f"{method} {path}: no answer under 500 in {patience} s")
            await asyncio.sleep(delay * (0.5 + self.ctx.rng.random()))
            delay = min(2.0, delay * 2)

    async def guest(self, name: str) -> Guest:
        answer = await self.call("POST", "/api/guests", body={"name": name})
        if answer.status_code != 201:
            raise SetupFailed(f"guest {name}: {answer.status_code} {answer.text[:200]}")
        cookie = answer.cookies.get("agora_session")
        if cookie is None:
            raise SetupFailed(f"guest {name}: no session cookie")
        return Guest(answer.json()["id"], cookie, name)

    async def close(self) -> None:
        await self.http.aclose()


@dataclass(frozen=True)
class Plan:
    game: str
    seats: int
    humans: int
    bots: tuple[str, ...]  # the levels of the bot seats (after the people's)
    options: dict[str, Any] = field(default_factory=dict)


def make_plans(count: int, rng: random.Random, bot_share: float,
               level_weights: dict[str, float]) -> list[Plan]:  # fmt: skip
    """``count`` tables over the four games; ``bot_share`` of them seat bots (at least one
    person each), each bot's level drawn by ``level_weights``."""
    games = sorted(GAMES)
    levels = [level for level in LEVELS if level_weights.get(level, 0) > 0]
    weights = [level_weights[level] for level in levels]
    plans = []
    for index in range(count):
        game = games[index % len(games)]  # the four games equally
        low, high = GAMES[game]
        seats = rng.randint(low, high)
        humans = seats
        if seats > 1 and levels and rng.random() < bot_share:
            humans = rng.randint(1, seats - 1)
        bots = tuple(rng.choices(levels, weights)[0] for _ in range(seats - humans))
        options = {"renown_target": rng.choice([0, 8])} if game == "agorapolis" else {}
        plans.append(Plan(game, seats, humans, bots, options))
    return plans


class Slot:
    def __init__(self, ctx: Context, api: Api, index: int, plan: Plan,
                 on_room: Callable[[Slot, str | None, str], None]) -> None:  # fmt: skip
        self.ctx, self.api, self.index, self.plan = ctx, api, index, plan
        self.on_room = on_room  # (slot, previous room, new room): the monitor's registry
        self.guests: list[Guest] = []
        self.room_id: str | None = None
        self.clients: list[SeatClient] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.finished = asyncio.Event()
        self.thinking_since: tuple[str, int, float] | None = None  # room, version, t
        self.games = 0

    # -- what the clients tell the slot -------------------------------------------------
    def game_over(self, room_id: str) -> None:
        if room_id == self.room_id:
            self.finished.set()

    def thinking(self, room_id: str, version: int) -> None:
        if self.thinking_since is None or self.thinking_since[:2] != (room_id, version):
            self.thinking_since = (room_id, version, self.ctx.clock())

    def version_seen(self, room_id: str, version: int) -> None:
        since = self.thinking_since
        if since is not None and since[0] == room_id and version > since[1]:
            self.ctx.bot_turns.append(self.ctx.clock() - since[2])
            self.thinking_since = None

    def on_both_processes(self) -> bool:
        """Whether the room's open sockets are on more than one process right now."""
        return len({c.process for c in self.clients if c.process is not None}) > 1

    def client_for(self, seat: int) -> SeatClient | None:
        return next((c for c in self.clients if c.seat == seat), None)

    # -- the slot's life --------------------------------------------------------------
    async def run(self, setup: asyncio.Semaphore) -> None:
        people = self.plan.humans + (1 if self.plan.humans == 1 else 0)  # + a spectator
        while len(self.guests) < people:
            try:
                async with setup:
                    name = f"Soak {self.index}-{len(self.guests)}"
                    self.guests.append(await self.api.guest(name))
            except SetupFailed as error:
                self.ctx.note(f"slot {self.index}: {error}")
                await asyncio.sleep(2.0)
        while not self.ctx.freeze:
            try:
                async with setup:
                    room_id, seats = await self.open_room()
            except SetupFailed as error:
                self.ctx.counts["rooms_failed"] += 1
                self.ctx.note(f"slot {self.index}: {error}")
                await asyncio.sleep(2.0)
                continue
            previous, self.room_id = self.room_id, room_id
            self.finished.clear()
            self.games += 1
            self.ctx.counts["games_started"] += 1
            self.on_room(self, previous, room_id)
            first = self.ctx.rng.randrange(len(self.ctx.ports))
            self.clients = [
                SeatClient(self, room_id, seat, guest, (first + i) % len(self.ctx.ports))
                for i, (guest, seat) in enumerate(seats)
            ]
            self.tasks = [asyncio.create_task(client.run()) for client in self.clients]
            await self.finished.wait()
            self.ctx.counts["games_finished"] += 1
            if self.ctx.freeze:
                return  # its sockets stay open: the final check reads them
            await asyncio.sleep(1.0)  # the last patches reach every socket
            await self.stop_clients()
            await asyncio.sleep(self.ctx.rng.uniform(0.5, 2.0))

    async def stop_clients(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []

    async def open_room(self) -> tuple[str, list[tuple[Guest, int | None]]]:
        """Create, join, seat the bots, start; the guests with their seats (None: watcher)."""
        plan, api = self.plan, self.api
        host = self.guests[0]
        body = {"game": plan.game, "seats": plan.seats, "options": plan.options, "private": False}
        created = await api.call("POST", "/api/rooms", host.cookie, body)
        if created.status_code != 201:
            raise SetupFailed(f"create: {created.status_code} {created.text[:200]}")
        room_id: str = created.json()["id"]
        seats: list[tuple[Guest, int | None]] = [(host, 0)]
        for guest in self.guests[1 : plan.humans]:
            joined = await api.call("POST", f"/api/rooms/{room_id}/join", guest.cookie, {})
            seats.append((guest, await self.seat_of(room_id, guest, joined)))
        for level in plan.bots:
            added = await api.call("POST", f"/api/rooms/{room_id}/bots", host.cookie,
                                   {"bot": level})  # fmt: skip
            if added.status_code not in (200, 409):  # 409 room_full: a retry had added it
                raise SetupFailed(f"bot {level}: {added.status_code} {added.text[:200]}")
        started = await api.call("POST", f"/api/rooms/{room_id}/start", host.cookie)
        if started.status_code != 200:
            summary = await api.call("GET", f"/api/rooms/{room_id}", host.cookie)
            if summary.status_code != 200 or summary.json().get("status") != "playing":
                raise SetupFailed(f"start: {started.status_code} {started.text[:200]}")
        seats += [(guest, None) for guest in self.guests[plan.humans :]]  # the spectator
        return room_id, seats

    async def seat_of(self, room_id: str, guest: Guest, joined: httpx.Response) -> int:
        if joined.status_code == 200 and joined.json().get("your_seat") is not None:
            return int(joined.json()["your_seat"])
        # A join retried after its answer was lost: the room says whether it took.
        summary = await self.api.call("GET", f"/api/rooms/{room_id}", guest.cookie)
        seat = summary.json().get("your_seat") if summary.status_code == 200 else None
        if seat is None:
            raise SetupFailed(f"join: {joined.status_code} {joined.text[:200]}")
        return int(seat)
