"""The move that finishes a game commits on its own, with the game's results and ratings.

A finishing move is rare (one per game), so it leaves the group-commit batch of
:mod:`.store`: one transaction holds the version-checked room update, its move-log row,
every seated player's result and, in a rated room, the rating updates
(:mod:`app.ratings.record`). Either all of it is stored or none of it is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import cast

from sqlalchemy import Table, insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.db.models import GameResult, MoveRecord
from app.db.raw_pg import CoreStatements, Statements, transaction
from app.games.interface import JsonDict
from app.ratings.record import record_finish, result_rows
from app.rooms.context import RoomContext
from app.rooms.seat_rows import SeatRows
from app.rooms.store import PendingMove

log = logging.getLogger(__name__)


# Built once (building a statement per call costs more than running it).
_INSERT_MOVE = insert(cast(Table, MoveRecord.__table__))
_INSERT_RESULTS = insert(cast(Table, GameResult.__table__))


class GameFinisher:
    def __init__(self, ctx: RoomContext) -> None:
        self.ctx = ctx
        # Called with the room's id once a game's end is stored (app.tournaments.runner):
        # in the process that stored it, so exactly one process hears of each end.
        self.finished: list[Callable[[str], None]] = []

    async def commit(self, pending: PendingMove, result: JsonDict) -> bool:
        """:meth:`store`, then the ``finished`` listeners hear of it."""
        stored = await self.store(pending, result)
        if stored:
            for listener in self.finished:
                listener(pending.room_id)
        return stored

    async def store(self, pending: PendingMove, result: JsonDict) -> bool:
        """Store the finishing move and its results; False if another process moved first.

        Core statements (:mod:`.seat_rows` for the locked room and its seats), on asyncpg
        itself on PostgreSQL (:mod:`app.db.raw_pg`); a rated room's rating rows go through
        the ORM, so its transaction is SQLAlchemy's throughout. Through the ORM it was 4 %
        of the server's samples in ``bench/ws_load.py --game akropolis`` (a game of 36
        moves ends there)."""
        now = datetime.now(UTC)
        try:
            if self.ctx.engine.dialect.name == "postgresql":
                try:
                    async with transaction(self.ctx.engine) as conn:
                        return await self._write(conn, None, pending, result, now)
                except _RatedRoom:
                    pass  # rolled back: written again below, with the ORM's session
            async with self.ctx.engine.begin() as sa_conn:
                return await self._write(CoreStatements(sa_conn), sa_conn, pending, result, now)
        except IntegrityError:
            # e.g. the client move id was stored by another process: re-check on reload.
            log.warning("finishing move for room %s refused by the database", pending.room_id)
            return False

    async def _write(
        self, conn: Statements, orm_conn: AsyncConnection | None, pending: PendingMove,
        result: JsonDict, now: datetime,
    ) -> bool:  # fmt: skip
        rows = await SeatRows.load(conn, pending.room_id)
        if (
            rows is None
            or rows.room.version != pending.old_version
            or (rows.room.seats_version or 0) != pending.seats_version
        ):
            return False
        room = rows.room
        if room.rated and orm_conn is None:
            raise _RatedRoom
        room.state, room.status = pending.state_json, pending.status
        room.timers, room.deadline_at = pending.timers_json, pending.deadline_at
        room.version = pending.old_version + 1
        room.updated_at = room.finished_at = now
        await conn.execute(
            _INSERT_MOVE,
            {
                "room_id": room.id,
                "seq": pending.seq,
                "seat": pending.seat,
                "client_move_id": pending.client_move_id,
                "move": pending.move_json,
                "created_at": now,
            },
        )
        await rows.write()
        if room.rated:
            assert orm_conn is not None
            async with AsyncSession(bind=orm_conn) as session:
                await record_finish(
                    session, room=room, seats=rows.seats, result=result, finished_at=now
                )
        else:
            results = result_rows(room, rows.seats, result, now)
            if results:
                await conn.execute(_INSERT_RESULTS, results)
        return True


class _RatedRoom(Exception):
    """The room turned out rated: its rating rows need the ORM's session."""
