"""The move that finishes a game commits on its own, with the game's results and ratings.

A finishing move is rare (one per game), so it leaves the group-commit batch of
:mod:`.store`: one transaction holds the version-checked room update, its move-log row,
every seated player's result and, in a rated room, the rating updates
(:mod:`app.ratings.record`). Either all of it is stored or none of it is.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError

from app.db.models import MoveRecord
from app.games.interface import JsonDict
from app.ratings.record import record_finish
from app.rooms import repository
from app.rooms.context import RoomContext
from app.rooms.store import PendingMove

log = logging.getLogger(__name__)


class GameFinisher:
    def __init__(self, ctx: RoomContext) -> None:
        self.ctx = ctx

    async def commit(self, pending: PendingMove, result: JsonDict) -> bool:
        """Store the finishing move and its results; False if another process moved first."""
        now = datetime.now(UTC)
        try:
            async with self.ctx.transaction() as session:
                room = await repository.get_room(session, pending.room_id, lock=True)
                if room is None or room.version != pending.old_version:
                    return False
                room.state, room.status = pending.state_json, pending.status
                room.timers, room.deadline_at = pending.timers_json, pending.deadline_at
                room.version = pending.old_version + 1
                room.updated_at = room.finished_at = now
                session.add(
                    MoveRecord(
                        room_id=room.id,
                        seq=pending.seq,
                        seat=pending.seat,
                        client_move_id=pending.client_move_id,
                        move=pending.move_json,
                        created_at=now,
                    )
                )
                await session.flush()
                seats = await repository.get_seats(session, room.id)
                await record_finish(session, room=room, seats=seats, result=result, finished_at=now)
        except IntegrityError:
            # e.g. the client move id was stored by another process: re-check on reload.
            log.warning("finishing move for room %s refused by the database", pending.room_id)
            return False
        return True
