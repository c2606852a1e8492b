"""A seat change's unit of work in Core statements: the locked room row and its seats
read into plain (transient) model objects, changed by the command, written back as
the columns that changed.

Every seat command (join, start, leave, kick, bots, options, close, time-outs) went
through an ORM session: identity map, autoflush, flush ordering and attribute history
for two rows. ``bench/ws_load.py --game akropolis`` restarts each finished game with
a join and a start, and those two requests cost 3.8 ms of server CPU each
(``bench/http_load.py``), most of it in that machinery. Here the objects are the same
``Room`` and ``Seat`` classes, never attached to a session, so the commands' code reads
and writes them as before; what they added or deleted is told to :class:`SeatRows`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, insert, select, update

from app.db.models import Room, Seat, detached
from app.db.raw_pg import Statements
from app.text import valid_room_id

_ROOMS = cast(Table, Room.__table__)
_SEATS = cast(Table, Seat.__table__)
ROOM_COLUMNS = tuple(column.name for column in _ROOMS.columns)
SEAT_COLUMNS = tuple(column.name for column in _SEATS.columns)
# Built once (building a statement per call costs more than running it). The room and
# its seats in one round trip: a row per seat (one with null seat columns if none).
_SELECT = (
    select(_ROOMS, *(column.label(f"seat_{column.name}") for column in _SEATS.columns))
    .select_from(_ROOMS.outerjoin(_SEATS, _SEATS.c.room_id == _ROOMS.c.id))
    .where(_ROOMS.c.id == bindparam("room_id"))
    .order_by(_SEATS.c.position)
)
_SELECT_LOCKED = _SELECT.with_for_update(of=_ROOMS)
_INSERT_SEAT = insert(_SEATS)
_DELETE_SEAT = delete(_SEATS).where(_SEATS.c.id == bindparam("row_id_"))
# The SET list is the parameters' other keys (compiled once per set of columns).
_UPDATE_SEAT = update(_SEATS).where(_SEATS.c.id == bindparam("row_id_"))
_UPDATE_ROOM = update(_ROOMS).where(_ROOMS.c.id == bindparam("row_id_"))


def _values(obj: Any, columns: Sequence[str]) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in columns}


class SeatRows:
    """One locked room and its seats, and what a command did to them."""

    def __init__(self, conn: Statements, room: Room, seats: list[Seat]) -> None:
        self.conn = conn
        self.room = room
        self.seats = seats
        self.added: list[Seat] = []
        self.deleted: list[Seat] = []
        self._room_before = _values(room, ROOM_COLUMNS)
        self._seats_before = {id(seat): _values(seat, SEAT_COLUMNS) for seat in seats}

    @classmethod
    async def load(cls, conn: Statements, room_id: str) -> SeatRows | None:
        """The room locked (PostgreSQL: ``FOR UPDATE``; SQLite serialises writers) and
        its seats by position, or None when there is no such room."""
        if not valid_room_id(room_id):  # no such id can exist: don't ask the database
            return None
        lock = conn.dialect_name == "postgresql"
        statement = _SELECT_LOCKED if lock else _SELECT
        rows = await conn.fetch(statement, {"room_id": room_id})
        if not rows:
            return None
        room = detached(Room, dict(zip(ROOM_COLUMNS, rows[0], strict=False)))
        width = len(ROOM_COLUMNS)
        seats = [
            detached(Seat, dict(zip(SEAT_COLUMNS, row[width:], strict=True)))
            for row in rows
            if row[width] is not None  # the seat's id: null when the room has no seat
        ]
        return cls(conn, room, seats)

    def add(self, seat: Seat) -> None:
        self.added.append(seat)

    def delete(self, seat: Seat) -> None:
        self.deleted.append(seat)

    def written(self) -> list[Seat]:
        """The seats as they will be once :meth:`write` ran, by position."""
        gone = {id(seat) for seat in self.deleted}
        kept = [seat for seat in (*self.seats, *self.added) if id(seat) not in gone]
        return sorted(kept, key=_position)

    async def write(self) -> None:
        """Deletes first (a freed position may be taken again in the same command), then
        changed seats, new seats and the room's changed columns."""
        conn = self.conn
        gone = {id(seat) for seat in self.deleted}
        for seat in self.deleted:
            if id(seat) in self._seats_before:
                await conn.execute(_DELETE_SEAT, {"row_id_": seat.id})
        # Seats changed alike (a start sets every seat's player) in one executemany.
        updates: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        for seat in self.seats:
            if id(seat) in gone:
                continue
            changed = _changes(seat, self._seats_before[id(seat)], SEAT_COLUMNS)
            if changed:
                updates.setdefault(tuple(changed), []).append({"row_id_": seat.id, **changed})
        for params in updates.values():
            await conn.execute(_UPDATE_SEAT, params)
        added = [seat for seat in self.added if id(seat) not in gone]
        for seat in added:
            values = {
                name: value
                for name, value in _values(seat, SEAT_COLUMNS).items()
                if value is not None  # the columns' defaults fill the rest
            }
            await conn.execute(_INSERT_SEAT, values)
        if self.deleted or updates or added:
            # A move prepared before this change (a bot's, on another process) must not
            # commit: its commit checks the seats' version with the room's (app.rooms.store).
            self.room.seats_version = (self.room.seats_version or 0) + 1
        changed = _changes(self.room, self._room_before, ROOM_COLUMNS)
        if changed:
            await conn.execute(_UPDATE_ROOM, {"row_id_": self.room.id, **changed})


def _changes(obj: Any, before: dict[str, Any], columns: Sequence[str]) -> dict[str, Any]:
    return {name: value for name in columns if (value := getattr(obj, name)) != before[name]}


def _position(seat: Seat) -> int:
    return seat.position
