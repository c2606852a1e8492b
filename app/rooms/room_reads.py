"""The room cache's reads for many rooms at once (app.db.batched_reads).

A process taking over a dead one's sockets loads a few hundred rooms in a second: each
room's row, its seats and its last acknowledged move ids. Read room by room that was three
statements a room, then one more to check the row after its first socket subscribed
(``bench/reconnect_burst.py``); read for the rooms asked in one loop turn together, it is
three statements a batch, and one for the checks.

The recent move ids are the last :data:`app.rooms.live.RECENT_MOVE_IDS` of each room: on
PostgreSQL one ``LATERAL`` subquery a room, each an index scan of ``(room_id, seq)``
backwards; SQLite (one process, no bursts of this kind) reads them room by room.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, bindparam, select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from app.db.models import Room, Seat
from app.rooms import repository
from app.text import valid_room_id

RoomRows = tuple[Row[Any], list[Row[Any]], list[tuple[str, int, int]]]

_ROOMS = Room.__table__
_SEATS = Seat.__table__
_ROOMS_BY_ID = select(_ROOMS).where(_ROOMS.c.id.in_(bindparam("ids", expanding=True)))
_SEATS_OF = (
    select(_SEATS)
    .where(_SEATS.c.room_id.in_(bindparam("ids", expanding=True)))
    .order_by(_SEATS.c.room_id, _SEATS.c.position)
)
_RECENT_OF = text(
    "SELECT r.id, m.client_move_id, m.seq, m.seat"
    " FROM unnest(CAST(:ids AS varchar[])) AS r(id)"
    " CROSS JOIN LATERAL (SELECT client_move_id, seq, seat FROM moves"
    " WHERE moves.room_id = r.id AND client_move_id IS NOT NULL"
    " ORDER BY seq DESC LIMIT :limit) AS m"
)


async def room_rows(conn: AsyncConnection, room_ids: Sequence[str]) -> dict[str, Row[Any]]:
    """The rooms' rows (those that exist) by id."""
    ids = [room_id for room_id in room_ids if valid_room_id(room_id)]
    if not ids:
        return {}
    return {row.id: row for row in (await conn.execute(_ROOMS_BY_ID, {"ids": ids})).all()}


async def rooms_with_seats(
    conn: AsyncConnection, room_ids: Sequence[str], recent: int
) -> dict[str, RoomRows]:
    """Each existing room's row, its seats in order and its last ``recent`` move ids
    (``(client_move_id, seq, seat)``, oldest first)."""
    rooms = await room_rows(conn, room_ids)
    if not rooms:
        return {}
    ids = list(rooms)
    seats: dict[str, list[Row[Any]]] = {room_id: [] for room_id in ids}
    for seat in (await conn.execute(_SEATS_OF, {"ids": ids})).all():
        seats[seat.room_id].append(seat)
    moves: dict[str, list[tuple[str, int, int]]] = {room_id: [] for room_id in ids}
    if conn.dialect.name == "postgresql":
        rows = await conn.execute(_RECENT_OF, {"ids": ids, "limit": recent})
        for room_id, client_move_id, seq, seat in rows.all():
            moves[room_id].append((client_move_id, seq, seat))
        for found in moves.values():
            found.sort(key=lambda move: move[1])  # oldest first, as one room's read
    else:
        for room_id in ids:
            moves[room_id] = await repository.recent_move_ids(conn, room_id, recent)
    return {room_id: (rooms[room_id], seats[room_id], moves[room_id]) for room_id in ids}
