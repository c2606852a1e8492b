"""The soak's people: one :class:`SeatClient` per seated guest (or spectator) socket.

A seat client behaves like the browser's ``static/js/socket.js`` with a person behind
it. It connects to an app process chosen at random (a room's first sockets alternate
between the processes, so every room is served by both); applies patches while their
versions follow and asks a snapshot when one does not; reconnects with backoff and
jitter (to either process) when the socket drops or the handshake is refused; takes its
legal moves from the patch that makes it act, or asks for them; thinks 0.2-2 s; sends a
random legal move with a client move id and keeps the ack. After a reconnect the
pending move is sent again under the same id (as the browser does), and after a
retryable refusal (``storage_error``, ``conflict``...) too, like a person clicking
again; any other refusal drops it (it was not played). Everything the verdicts need
goes into the shared :class:`Context` (acks, refusals, counts) or is read from the
clients at the end (their versions, their sockets).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson
from soak_accounting import RETRYABLE, Ack, Refusal, SocketEnd

from app.games.compact import compact_move

#: a retryable refusal is retried this many times before the move is given up
MAX_RETRIES = 40


@dataclass
class Context:
    """What every client and slot of a run shares: settings, switches and records."""

    ports: list[int]
    rng: random.Random
    think: tuple[float, float] = (0.2, 2.0)
    reload_every: float = 60.0  # mean seconds between a person's page reloads (0: never)
    t0: float = field(default_factory=time.monotonic)
    freeze: bool = False  # the settle: no new moves, no new games
    acks: list[Ack] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    gave_up: list[Refusal] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    bot_turns: list[float] = field(default_factory=list)  # "thinking" -> next version, s
    notes: list[str] = field(default_factory=list)  # odd answers, kept as evidence

    def clock(self) -> float:
        return time.monotonic() - self.t0

    def note(self, text: str) -> None:
        self.counts["notes"] += 1
        if len(self.notes) < 200:
            self.notes.append(f"{self.clock():7.1f}s {text}")


class SlotLike(Protocol):
    ctx: Context

    def game_over(self, room_id: str) -> None: ...

    def thinking(self, room_id: str, version: int) -> None: ...

    def version_seen(self, room_id: str, version: int) -> None: ...


@dataclass
class Guest:
    user_id: str
    cookie: str
    name: str
    moves: int = 0

    def next_move_id(self) -> str:
        self.moves += 1
        return f"m{self.moves}"


@dataclass
class Pending:
    move_id: str
    move: dict[str, Any]
    version: int
    retries: int = 0


def pick(legal: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A uniformly random move of a ``legal_moves`` payload (its list or compact form)."""
    if "moves" in legal:
        moves: list[dict[str, Any]] = legal["moves"]
        return rng.choice(moves) if moves else None
    compact = legal["compact"]
    if "groups" in compact:  # the table form: one row a move
        rows = compact["rows"]
        return compact_move(compact, rng.randrange(len(rows))) if rows else None
    ((_key, values),) = compact["each"].items()
    if not values or not compact["rows"]:
        return None
    return compact_move(compact, rng.randrange(len(compact["rows"])), rng.randrange(len(values)))


def apply_patch(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """RFC 6902 ``add``/``remove``/``replace`` (all the server sends) applied in place."""
    for op in ops:
        kind, path = op["op"], op["path"]
        if path == "":
            doc = None if kind == "remove" else op["value"]
            continue
        *parents, last = (t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/"))
        target = doc
        for token in parents:
            target = target[int(token)] if isinstance(target, list) else target[token]
        if isinstance(target, list):
            index = len(target) if last == "-" else int(last)
            if kind == "add":
                target.insert(index, op["value"])
            elif kind == "remove":
                del target[index]
            else:
                target[index] = op["value"]
        elif kind == "remove":
            del target[last]
        else:
            target[last] = op["value"]
    return doc


class SeatClient:
    def __init__(self, slot: SlotLike, room_id: str, seat: int | None, guest: Guest,
                 first_process: int) -> None:  # fmt: skip
        self.slot, self.ctx = slot, slot.ctx
        self.room_id, self.seat, self.guest = room_id, seat, guest
        self.next_process = first_process
        self.ws: Any = None
        self.process: int | None = None
        self.connected_since: float | None = None
        self.version = -1
        self.view: Any = None
        self.legal: dict[str, Any] | None = None
        self.asked = -1  # the version whose legal moves were asked for
        self.resync_asked = -1.0
        self.pending: Pending | None = None
        self.acked: dict[str, int] = {}
        self.refused: dict[str, str] = {}  # move id -> the code it was refused with
        self.reloading = False
        self.ready = False  # done thinking: plays as soon as it has this version's moves
        self.tasks: set[asyncio.Task[None]] = set()
        self.think_task: asyncio.Task[None] | None = None

    @property
    def label(self) -> str:
        return "spectator" if self.seat is None else f"seat {self.seat}"

    def able_to_act(self, now: float, grace: float) -> bool:
        """Its socket has been open ``grace`` seconds: long enough to have played."""
        return self.connected_since is not None and now - self.connected_since >= grace

    def end(self) -> SocketEnd:
        return SocketEnd(self.room_id, self.label, self.process, self.version,
                         self.connected_since is not None)  # fmt: skip

    def spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        attempt = 0
        ports = self.ctx.ports
        if self.ctx.reload_every > 0:
            self.spawn(self.reloads())
        try:
            while True:
                process = self.next_process
                self.next_process = self.ctx.rng.randrange(len(ports))  # reconnect anywhere
                url = f"ws://127.0.0.1:{ports[process]}/ws/rooms/{self.room_id}"
                try:
                    async with connect(
                        url, additional_headers={"Cookie": f"agora_session={self.guest.cookie}"},
                        open_timeout=4, close_timeout=1, max_size=None, compression=None,
                        proxy=None,
                    ) as ws:  # fmt: skip
                        self.ws, self.process, attempt = ws, process, 0
                        self.ctx.counts["connects"] += 1
                        async for raw in ws:
                            await self.handle(orjson.loads(raw))
                except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as error:
                    if self.ws is None:
                        self.ctx.counts["handshakes_refused"] += 1
                        status = getattr(getattr(error, "response", None), "status_code", None)
                        self.ctx.counts[f"handshake:{status or type(error).__name__}"] += 1
                reloading, self.reloading = self.reloading, False
                if self.ws is not None and not reloading:
                    self.ctx.counts["disconnects"] += 1
                self.ws, self.process, self.connected_since = None, None, None
                if reloading:  # a page reload: straight back, to either process
                    await asyncio.sleep(self.ctx.rng.uniform(0.1, 0.5))
                    continue
                # The browser's backoff (socket.js), capped at 5 s rather than 10.
                delay = min(5.0, 0.3 * 2**attempt) * (0.5 + self.ctx.rng.random() / 2)
                attempt += 1
                await asyncio.sleep(delay)
        finally:
            for task in list(self.tasks):
                task.cancel()

    async def reloads(self) -> None:
        """Now and then the person reloads the page between two moves: the socket closes
        and opens again on a process chosen at random. Without it, every kill would
        herd a room's sockets onto the surviving process for good."""
        while True:
            await asyncio.sleep(self.ctx.rng.expovariate(1 / self.ctx.reload_every))
            ws = self.ws
            if ws is not None and self.pending is None and not self.ctx.freeze:
                self.reloading = True
                self.ctx.counts["reloads"] += 1
                await ws.close()

    async def send(self, payload: dict[str, Any]) -> None:
        ws = self.ws
        if ws is None:
            return
        try:
            await ws.send(orjson.dumps(payload).decode())
        except Exception:  # closed meanwhile: the reconnect's snapshot resends what matters
            return

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "snapshot":
            if message["version"] < self.version:
                self.ctx.counts["snapshots_backwards"] += 1
                self.ctx.note(f"{self.room_id} {self.label}: snapshot v{message['version']} "
                              f"after v{self.version} (app-{self.process})")  # fmt: skip
            self.view, self.version = message["view"], message["version"]
            self.resync_asked = -1.0
            if self.connected_since is None:
                self.connected_since = self.ctx.clock()
            self.take_legal(message)
            self.slot.version_seen(self.room_id, self.version)
            if self.pending is not None:  # as socket.js: resend it, at its own version
                self.ctx.counts["moves_resent"] += 1
                await self.send({"type": "move", "id": self.pending.move_id,
                                 "move": self.pending.move,
                                 "version": self.pending.version})  # fmt: skip
        elif kind == "patch":
            await self.on_patch(message)
        elif kind == "legal_moves":
            if message.get("version") == self.version:
                self.legal = message
            else:  # answered for another version than the view's: ask again shortly
                self.spawn(self.ask_again())
        elif kind == "ack":
            self.on_ack(message)
        elif kind == "error":
            await self.on_error(message)
        elif kind == "thinking":
            self.slot.thinking(self.room_id, self.version)
        elif kind == "room" and (message.get("room") or {}).get("status") == "finished":
            self.slot.game_over(self.room_id)
        await self.maybe_act()

    def take_legal(self, message: dict[str, Any]) -> None:
        pushed = message.get("legal_moves")
        if pushed is not None and pushed.get("version") == self.version:
            self.legal = pushed

    async def on_patch(self, message: dict[str, Any]) -> None:
        version = message["version"]
        if self.version < 0 or version <= self.version:
            return
        if version != self.version + 1:
            now = self.ctx.clock()
            if now - self.resync_asked > 3.0:  # one question per gap (again if unanswered)
                self.resync_asked = now
                self.ctx.counts["resyncs"] += 1
                await self.send({"type": "snapshot"})
            return
        try:
            self.view = apply_patch(self.view, message["ops"])
        except (KeyError, IndexError, ValueError, TypeError):
            self.ctx.counts["patch_errors"] += 1
            self.ctx.note(f"{self.room_id} {self.label}: patch v{version} does not apply")
            self.resync_asked = self.ctx.clock()
            await self.send({"type": "snapshot"})
            return
        self.version = version
        self.ctx.counts["patches"] += 1
        self.take_legal(message)
        self.slot.version_seen(self.room_id, version)

    def on_ack(self, message: dict[str, Any]) -> None:
        move_id, version = message.get("id"), message.get("version")
        pending = self.pending
        if pending is not None and move_id == pending.move_id and isinstance(version, int):
            self.pending = None
            self.acked[pending.move_id] = version
            self.ctx.acks.append(Ack(self.room_id, self.guest.user_id, pending.move_id,
                                     version, self.ctx.clock()))  # fmt: skip
        elif isinstance(move_id, str) and move_id in self.acked:
            if self.acked[move_id] != version:  # a repeat must get the first answer
                self.ctx.counts["ack_conflicts"] += 1
                self.ctx.note(f"{self.room_id} {self.label}: {move_id} acked at "
                              f"v{self.acked[move_id]} then v{version}")  # fmt: skip
        elif isinstance(move_id, str) and move_id in self.refused and isinstance(version, int):
            # Refused, then played: the copy resent after a snapshot (without its version,
            # as socket.js does) was accepted after the original was refused as stale.
            self.acked[move_id] = version
            self.ctx.acks.append(Ack(self.room_id, self.guest.user_id, move_id, version,
                                     self.ctx.clock()))  # fmt: skip
            self.ctx.note(f"{self.room_id} {self.label}: {move_id} refused "
                          f"({self.refused[move_id]}), then acked at v{version}")  # fmt: skip
        else:
            self.ctx.counts["stray_acks"] += 1

    async def on_error(self, message: dict[str, Any]) -> None:
        code = str(message.get("code"))
        pending = self.pending
        if pending is None or message.get("id") != pending.move_id:
            self.ctx.counts[f"error:{code}"] += 1
            self.asked = -1  # e.g. legal_moves failed while the database was away
            self.spawn(self.ask_again())
            return
        if code in RETRYABLE:
            pending.retries += 1
            self.ctx.counts["move_retries"] += 1
            self.ctx.counts[f"retried:{code}"] += 1
            if pending.retries <= MAX_RETRIES:
                self.spawn(self.retry(pending))
                return
            self.ctx.gave_up.append(self.refusal(pending, code))
        else:
            self.ctx.refusals.append(self.refusal(pending, code))
            self.refused[pending.move_id] = code
        self.ctx.counts[f"refused:{code}"] += 1
        self.pending = None

    def refusal(self, pending: Pending, code: str) -> Refusal:
        return Refusal(self.room_id, self.guest.user_id, pending.move_id, code, self.ctx.clock())

    async def retry(self, pending: Pending) -> None:
        await asyncio.sleep(0.5 + self.ctx.rng.random())
        if self.pending is pending:
            await self.send({"type": "move", "id": pending.move_id, "move": pending.move,
                             "version": pending.version})  # fmt: skip

    async def ask_again(self) -> None:
        await asyncio.sleep(1.0)
        self.asked = -1
        await self.maybe_act()

    async def think(self) -> None:
        await asyncio.sleep(self.ctx.rng.uniform(*self.ctx.think))
        self.ready = True
        await self.maybe_act()

    async def maybe_act(self) -> None:
        view = self.view
        if view is None or self.ws is None:
            return
        if view.get("result") is not None:
            self.slot.game_over(self.room_id)
            return
        if self.seat is None or self.ctx.freeze or self.pending is not None:
            return
        if self.seat not in view.get("to_act", ()):
            self.ready = False
            return
        legal = self.legal if self.legal and self.legal.get("version") == self.version else None
        if legal is None and self.asked != self.version:
            self.asked = self.version
            self.ctx.counts["legal_asked"] += 1
            await self.send({"type": "legal_moves", "compact": True})
        if not self.ready:
            if self.think_task is None or self.think_task.done():
                self.think_task = self.spawn(self.think())
            return
        if legal is None:
            return
        self.ready = False
        move = pick(legal, self.ctx.rng)
        if move is None:
            self.ctx.counts["no_legal_moves"] += 1
            return
        self.pending = Pending(self.guest.next_move_id(), move, self.version)
        self.ctx.counts["moves_sent"] += 1
        await self.send({"type": "move", "id": self.pending.move_id, "move": move,
                         "version": self.version})  # fmt: skip
