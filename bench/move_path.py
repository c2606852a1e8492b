"""The room service's move path in one process: ``.venv/bin/python bench/move_path.py``.

    python bench/move_path.py --rooms 500 --moves 200000 --repeat 3

R race rooms, two seats each with a room socket's
:class:`~app.api.socket_session.SocketSession` whose ``receive_loop`` reads the moves, play
closed loop as ``bench/ws_load.py``'s clients do (a seat sends its move when the patch that
makes it the one to act arrives): the message's checks, the move's rules, timers, group
commit, each audience's patch and the ack, with the same code as a real socket. The
socket's lane (:mod:`app.realtime.wire`) is a stand-in that hands over texts; the commit's
writer answers at once (no database); no HTTP, no kernel. What is left is the platform's
own Python, most of ``bench/ws_load.py``'s server CPU. Prints µs of CPU a move
(``time.process_time``), the best of ``--repeat`` runs: within a few per cent when the
machine is quiet, so two trees (run alternately) can be compared in minutes where
``bench/ws_load.py`` needs a window.

When even that moves too much (a busy shared machine), count instructions instead: they
do not depend on the machine's load. Under valgrind, two sizes, their difference a move::

    valgrind --tool=cachegrind --cache-sim=no python bench/move_path.py --rooms 100 \
        --moves 2000 --repeat 1        # then --moves 4000; (I refs 2 - I refs 1) / 2000
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import gc_tuning  # noqa: E402
from app.api.socket_session import SocketSession  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db.session import create_engine, create_sessionmaker  # noqa: E402
from app.games.registry import get_game  # noqa: E402
from app.realtime.hub import Hub  # noqa: E402
from app.realtime.wire import EXTENSION  # noqa: E402
from app.rooms.live import LiveRoom, SeatInfo  # noqa: E402
from app.rooms.service import RoomService  # noqa: E402
from app.rooms.store import GroupCommitter, PendingMove  # noqa: E402


class InstantWriter:
    """Commits every move of the batch at once (the database's cost is not measured)."""

    async def write(self, batch: list[PendingMove]) -> set[str]:
        return {pending.room_id for pending in batch}

    async def close(self) -> None:
        return None


class FakeWire:
    """The socket's lane (:class:`app.realtime.wire.AgoraWebSocketProtocol`'s methods the
    session uses) and its client: a seat sends its next move when a patch arrives and the
    room has made it the one to act, until the room has played its moves."""

    def __init__(self, live: LiveRoom, seat: int, moves: int) -> None:
        self.live, self.seat, self.moves = live, seat, moves
        self.sent = 0
        self.inbox: list[dict[str, Any]] = []
        self.waiter: asyncio.Future[None] | None = None
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def offer_move(self) -> None:
        assert self.live.state is not None
        if self.live.version - 1 >= self.moves:
            if not self.finished.done():
                self.finished.set_result(None)
            return
        self.sent += 1
        text = f'{{"type":"move","id":"m{self.sent}","move":{{"add":1}}}}'
        self.inbox.append({"type": "websocket.receive", "text": text})
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def receive(self) -> dict[str, Any]:
        while not self.inbox:
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return self.inbox.pop(0)

    def send_text_now(self, text: str) -> bool:
        if text.startswith('{"type":"patch"'):
            state = self.live.state
            if state is not None and state["turn"] == self.seat:
                self.offer_move()
            elif self.live.version - 1 >= self.moves and not self.finished.done():
                self.finished.set_result(None)
        return True


class FakeWebSocket:
    def __init__(self, wire: FakeWire) -> None:
        self.scope = {"extensions": {EXTENSION: wire}}

    async def send_text(self, text: str) -> None:
        raise AssertionError("the lane takes every message")


class FakeUser:
    def __init__(self, user_id: str) -> None:
        self.id = user_id


def room(index: int) -> LiveRoom:
    game = get_game("race", include_test_games=True)
    state = game.setup(2, {"target": 1_000_000_000}, index)
    seats = [SeatInfo(position=p, name=f"p{p}", user_id=f"u{index}-{p}") for p in range(2)]
    return LiveRoom(
        id=f"room{index:06d}", game_id="race", game=game, options={"target": 1_000_000_000},
        seat_count=2, private=False, host_id=seats[0].user_id or "", invite_code="CODE",
        status="playing", seats=seats, version=1, state=state, seed_hash=None, seed=None,
        rules_version=1,
    )  # fmt: skip


async def run(rooms: int, moves: int) -> float:
    # The engine is never connected: every command here is a move.
    path = Path(tempfile.gettempdir()) / "move_path_unused.db"
    settings = Settings(
        database_url=f"sqlite+aiosqlite:///{path}", agora_test_games=True,
        ws_rate_per_second=1e9, ws_rate_burst=1_000_000,
    )  # fmt: skip
    engine = create_engine(settings)
    committer = GroupCommitter([InstantWriter()])
    service = RoomService(
        settings=settings, engine=engine, sessions=create_sessionmaker(engine), hub=Hub(),
        committer=committer,
    )  # fmt: skip
    committer.start()
    sessions: list[SocketSession] = []
    for index in range(rooms):
        live = room(index)
        service.cache.rooms[live.id] = live
        for seat in range(2):
            wire = FakeWire(live, seat, moves // rooms)
            websocket = FakeWebSocket(wire)
            user = FakeUser(live.seats[seat].user_id or "")
            session = SocketSession(websocket, service, live.id, user, seat)  # type: ignore[arg-type]
            session.connection.snapshot_sent(1)
            await service.hub.subscribe(live.id, session.connection)
            sessions.append(session)
    wires = [session.receive.__self__ for session in sessions]  # type: ignore[union-attr]
    for wire in wires[::2]:  # seat 0 moves first in every room
        wire.offer_move()

    started = time.process_time()
    tasks = [asyncio.ensure_future(session.receive_loop()) for session in sessions]
    await asyncio.gather(*(wire.finished for wire in wires))
    spent = time.process_time() - started
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await committer.stop()
    await engine.dispose()
    played = sum(wire.sent for wire in wires)
    assert played == (moves // rooms) * rooms, played
    return spent / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=500)
    parser.add_argument("--moves", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import uvloop

    gc_tuning.tune()  # as ``python -m app`` does
    gc_tuning.settle()
    costs = [uvloop.run(run(args.rooms, args.moves)) for _ in range(args.repeat)]
    shown = " ".join(f"{1e6 * cost:.1f}" for cost in costs)
    print(f"move path, R = {args.rooms}: best {1e6 * min(costs):.1f} µs a move (runs: {shown})")


if __name__ == "__main__":
    main()
