"""The public lobby (``GET /api/rooms``), served from memory and paginated.

The list (public rooms waiting or playing, most recently active first, at most ``LIMIT``)
is read from the database with only the columns it shows (never a room's state), kept
in memory, and each page is kept encoded. It is recomputed on the first request after
a seating change, a new room or an ended game on this process (the facade calls
:meth:`Lobby.invalidate`), a room event relayed from another process, or ``TTL`` seconds
(versions of running rooms move on every move: they may be that much behind).
Before: one ORM query loading every listed room's state, then one for the seats, on
every request (``bench/http_load.py``).
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict

import orjson
from sqlalchemy import select

from app.db.models import Room, Seat
from app.games.interface import JsonDict
from app.realtime.hub import RoomEvent
from app.rooms.context import RoomContext
from app.rooms.live import SeatInfo

#: rooms listed at most (pages are slices of this list)
LIMIT = 2000
#: seconds a computed list may be served without a change seen
TTL = 1.0


class Lobby:
    def __init__(self, ctx: RoomContext) -> None:
        self.ctx = ctx
        self._rows: list[JsonDict] | None = None
        self._at = 0.0
        self._pages: dict[tuple[int, int], bytes] = {}
        self._lock = asyncio.Lock()
        ctx.hub.add_listener(self._on_remote_event)

    def _on_remote_event(self, event: RoomEvent) -> None:
        if event.kind == "room":
            self.invalidate()

    def invalidate(self) -> None:
        self._rows = None
        self._pages = {}

    async def page(self, offset: int = 0, limit: int = 100) -> bytes:
        """The encoded JSON list of lobby rooms ``offset`` .. ``offset + limit``."""
        rows = await self._current()
        key = (offset, limit)
        encoded = self._pages.get(key)
        if encoded is None:
            encoded = self._pages[key] = orjson.dumps(rows[offset : offset + limit])
        return encoded

    async def rows(self) -> list[JsonDict]:
        """Every listed room (``id, game, status, seat_count, seats, version``), most
        recently active first. The list is shared: callers must not change it."""
        return await self._current()

    async def _current(self) -> list[JsonDict]:
        if self._rows is not None and time.monotonic() - self._at < TTL:
            return self._rows
        async with self._lock:
            if self._rows is not None and time.monotonic() - self._at < TTL:
                return self._rows
            at = time.monotonic()
            rows = await self._load()
            self._rows, self._at, self._pages = rows, at, {}
            return rows

    async def _load(self) -> list[JsonDict]:
        async with self.ctx.sessions() as session:
            rooms = (
                await session.execute(
                    select(Room.id, Room.game, Room.status, Room.seat_count, Room.version)
                    .where(Room.private.is_(False), Room.status.in_(("waiting", "playing")))
                    .order_by(Room.updated_at.desc())
                    .limit(LIMIT)
                )
            ).all()
            ids = [room.id for room in rooms]
            seats: dict[str, list[JsonDict]] = defaultdict(list)
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                found = await session.execute(
                    select(
                        Seat.room_id,
                        Seat.position,
                        Seat.name,
                        Seat.user_id,
                        Seat.bot,
                        Seat.colour,
                        Seat.bot_account,
                    )
                    .where(Seat.room_id.in_(chunk))
                    .order_by(Seat.position)
                )
                for s in found:
                    seats[s.room_id].append(
                        SeatInfo(
                            s.position,
                            s.name,
                            s.user_id,
                            s.bot,
                            colour=s.colour,
                            bot_account=s.bot_account,
                        ).to_json()
                    )
        return [
            {"id": r.id, "game": r.game, "status": r.status, "seat_count": r.seat_count,
             "seats": seats[r.id], "version": r.version}
            for r in rooms
        ]  # fmt: skip
