"""Every game of a database checked by replay (``python -m app.cli verify``): after a
restore, before switching to a restored database, or on a live one.

A started room is checked as :meth:`app.rooms.history.History.verify` checks a finished
game (the same :func:`~app.rooms.history.replay_log` and
:func:`~app.rooms.history.verification`), whatever its status, since the operator may
see the seed of a game still running. Its log must also be whole: version 1 is the
initial state and log row n makes version n + 1, so the rows are exactly seqs
1 … version - 1. A torn copy (a room's update without its move row, or the other way)
fails there; a changed state or move fails the replay.

All rooms are read in ONE read transaction, so a live database is checked as of one
moment (PostgreSQL: repeatable read; SQLite: an explicit BEGIN, since its driver starts
a transaction only before a write). Rooms never started (no state) have nothing to
replay; rooms whose rules version differs from the code's are skipped (the rules they
were played with are not these).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.models import MoveRecord, Room
from app.games.registry import UnknownGame, get_game
from app.rooms.context import seed_commitment
from app.rooms.history import replay_log, verification
from app.rooms.timeline import LogRow

_ROOMS = select(
    Room.id, Room.game, Room.status, Room.seat_count, Room.options, Room.seed, Room.seed_hash,
    Room.state, Room.version, Room.rules_version,
).order_by(Room.created_at, Room.id)  # fmt: skip
_LOG = select(MoveRecord.seq, MoveRecord.seat, MoveRecord.kind, MoveRecord.move).order_by(
    MoveRecord.seq
)


@dataclass
class RoomCheck:
    room_id: str
    game: str
    status: str
    moves: int
    problem: str | None = None  # None: verified


@dataclass
class Report:
    checked: list[RoomCheck] = field(default_factory=list)
    not_started: int = 0
    skipped: list[RoomCheck] = field(default_factory=list)  # other rules versions

    @property
    def failures(self) -> list[RoomCheck]:
        return [check for check in self.checked if check.problem is not None]

    @property
    def moves(self) -> int:
        return sum(check.moves for check in self.checked)


async def verify_all(engine: AsyncEngine) -> Report:
    """Replay every started game of the database and compare with what is stored."""
    report = Report()
    async with _snapshot(engine) as conn:
        rooms = (await conn.execute(_ROOMS)).all()
        for room in rooms:
            if room.state is None:
                report.not_started += 1
                continue
            log = (await conn.execute(_LOG.where(MoveRecord.room_id == room.id))).all()
            check = check_room(room, log)
            if check is None:
                report.skipped.append(RoomCheck(room.id, room.game, room.status, len(log)))
            else:
                report.checked.append(check)
    return report


def check_room(room: Any, log: Sequence[LogRow]) -> RoomCheck | None:
    """One started room (a row of :data:`_ROOMS`) against its log; None when its rules
    version is not this code's."""
    check = RoomCheck(room.id, room.game, room.status, len(log))
    try:
        game = get_game(room.game, include_test_games=True)
    except UnknownGame:
        check.problem = f"unknown game {room.game!r}"
        return check
    if room.rules_version != game.INFO.version:
        return None
    seqs = [row.seq for row in log]
    if seqs != list(range(1, room.version)):
        expected = _spans(list(range(1, room.version)))
        check.problem = f"version {room.version} needs log seqs {expected}, found {_spans(seqs)}"
    elif room.seed is None:
        check.problem = "started without a seed"
    elif seed_commitment(room.seed) != room.seed_hash:  # before the replay: a clearer reason
        check.problem = "the seed does not match its published hash"
    else:
        try:
            states = replay_log(game, room.seat_count, orjson.loads(room.options), room.seed, log)
        except Exception as error:  # the rules refusing a logged move, a broken undo
            check.problem = f"replay failed: {type(error).__name__}: {error}"
        else:
            stored = orjson.loads(room.state)
            if not verification(room.id, room.seed, room.seed_hash, states, stored)["verified"]:
                check.problem = "the replayed state differs from the stored state"
    return check


def _spans(seqs: Sequence[int]) -> str:
    """``[1, 2, 3, 5, 6]`` as ``1-3, 5-6`` (the gaps of a torn log, short)."""
    if not seqs:
        return "none"
    spans, start = [], seqs[0]
    for before, after in zip(seqs, [*seqs[1:], None], strict=True):
        if after != before + 1:
            spans.append(str(start) if start == before else f"{start}-{before}")
            start = after if after is not None else start
    return ", ".join(spans)


@asynccontextmanager
async def _snapshot(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A connection in one read-only transaction: every read sees the same moment."""
    async with engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            snap = await conn.execution_options(
                isolation_level="REPEATABLE READ", postgresql_readonly=True
            )
            async with snap.begin():
                yield snap
        else:
            await conn.exec_driver_sql("BEGIN")
            try:
                yield conn
            finally:
                await conn.rollback()
