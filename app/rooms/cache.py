"""The rooms this process holds in memory, loaded from the database and kept fresh.

A :class:`~app.rooms.live.LiveRoom` is a cache of the database row. With several
processes, a cache is only trusted while this process receives the room's events
(a local socket watches it); a relayed event newer than the cache marks it stale, and
the next command reloads it first.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from typing import Any

import orjson
from sqlalchemy import Row

from app.db.batched_reads import BatchedReads
from app.db.models import Room, Seat, User
from app.db.session import reader
from app.errors import RoomNotFound
from app.realtime.hub import RoomEvent
from app.rooms import room_reads
from app.rooms.context import RoomContext
from app.rooms.live import RECENT_MOVE_IDS, LiveRoom, SeatInfo
from app.rooms.room_reads import RoomRows
from app.text import valid_invite_code, valid_room_id


class RoomCache:
    def __init__(self, ctx: RoomContext) -> None:
        self.ctx = ctx
        self.rooms: dict[str, LiveRoom] = {}
        # Rooms whose copy was last (re)loaded while this process watched them (a local
        # socket, so the relay's events kept it current): a new socket needs no reload.
        self._watched_loads: set[str] = set()
        self._loading: dict[str, asyncio.Future[LiveRoom]] = {}
        self._loads: BatchedReads[str, RoomRows] = BatchedReads(self._read_rooms)
        self._rows: BatchedReads[str, Row[Any]] = BatchedReads(self._read_rows)
        ctx.hub.add_listener(self._on_remote_event)
        ctx.hub.add_reconnect_listener(self._on_relay_reconnect)

    async def _read_rooms(self, room_ids: list[str]) -> dict[str, RoomRows]:
        async with reader(self.ctx.engine).connect() as conn:
            return await room_reads.rooms_with_seats(conn, room_ids, RECENT_MOVE_IDS)

    async def _read_rows(self, room_ids: list[str]) -> dict[str, Row[Any]]:
        async with reader(self.ctx.engine).connect() as conn:
            return await room_reads.room_rows(conn, room_ids)

    def _on_relay_reconnect(self) -> None:
        """Events may have been lost during the outage: every held room reloads."""
        for live in self.rooms.values():
            live.stale = True
        self._watched_loads.clear()

    def _on_remote_event(self, event: RoomEvent) -> None:
        live = self.rooms.get(event.room_id)
        if live is None:
            return
        if event.kind in ("room", "resync") or (
            event.version is not None and event.version > live.version
        ):
            live.stale = True

    def invalidate(self, room_id: str) -> None:
        """Another process may have changed the room: reload it before the next use."""
        live = self.rooms.get(room_id)
        if live is not None:
            live.stale = True

    def watch_started(self, room_id: str) -> None:
        """A socket of the room just subscribed here. A copy loaded before this process
        watched the room may have missed events in between: reload it before its next
        use. A copy loaded while watched is current (a process that took 700 sockets
        back after another one died reloaded each room once per socket:
        ``bench/process_loss.py``)."""
        if room_id not in self._watched_loads:
            self.invalidate(room_id)

    def held(self, room_id: str) -> LiveRoom | None:
        """The room if this process holds it (no loading)."""
        return self.rooms.get(room_id)

    async def live(self, room_id: str) -> LiveRoom:
        live = self.rooms.get(room_id)  # only valid ids are ever cached
        if live is None:
            if not valid_room_id(room_id):  # never sent to the database
                raise RoomNotFound(f"no room {room_id[:40]!r}")
            # One read for the sockets that arrive together (a room's players coming
            # back at once after their process died): the others wait for it.
            loading = self._loading.get(room_id)
            if loading is None:
                loading = self._loading[room_id] = asyncio.ensure_future(self._first_load(room_id))
                loading.add_done_callback(self._loaded_once)
            live = await asyncio.shield(loading)
        elif live.stale or (self.ctx.hub.distributed and not self.ctx.hub.watching(room_id)):
            # With several processes, a cache is only kept fresh while this process
            # receives the room's events, i.e. while a local socket watches it.
            live.stale = True
            async with live.lock:
                if live.stale:
                    watched = self._watched(room_id)
                    await self.reload(live)
                    self._loaded(room_id, watched)
        return live

    def _loaded_once(self, loading: asyncio.Future[LiveRoom]) -> None:
        for room_id, future in list(self._loading.items()):
            if future is loading:
                del self._loading[room_id]
        if not loading.cancelled():
            loading.exception()  # retrieved: every waiter may have gone (a closed socket)

    async def _first_load(self, room_id: str) -> LiveRoom:
        watched = self._watched(room_id)
        live = await self.load(room_id)
        if room_id not in self.rooms:
            self._loaded(room_id, watched)
        return self.rooms.setdefault(room_id, live)

    def _watched(self, room_id: str) -> bool:
        return self.ctx.hub.distributed and self.ctx.hub.watching(room_id)

    def _loaded(self, room_id: str, watched_before: bool) -> None:
        """Remember whether the room was watched from before its read to after it."""
        if watched_before and self._watched(room_id):
            self._watched_loads.add(room_id)
        else:
            self._watched_loads.discard(room_id)

    async def load(self, room_id: str) -> LiveRoom:
        # The rooms asked for in one loop turn are read together, as plain rows on one
        # connection in autocommit (app.rooms.room_reads): a process taking over a dead
        # one's sockets loads hundreds of rooms at once (bench/reconnect_burst.py).
        found = await self._loads.get(room_id)
        if found is None:
            raise RoomNotFound(f"no room {room_id}")
        room, seats, recent = found
        live = LiveRoom(
            id=room.id,
            game_id=room.game,
            game=self.ctx.game(room.game),
            options=orjson.loads(room.options),
            seat_count=room.seat_count,
            private=room.private,
            host_id=room.host_id,
            invite_code=room.invite_code,
            status=room.status,
            seats=seat_infos(room.seat_count, seats),
            version=room.version,
            state=orjson.loads(room.state) if room.state else None,
            seed_hash=room.seed_hash,
            seed=room.seed,
            rules_version=room.rules_version,
            rated=room.rated,
            timers=orjson.loads(room.timers) if room.timers else None,
            deadline_at=room.deadline_at,
            seats_version=room.seats_version or 0,
        )
        for client_move_id, seq, seat in recent:
            live.remember_move(client_move_id, seq + 1, seat)
        return live

    def refresh(self, live: LiveRoom, room: Room, seats: Sequence[Seat]) -> None:
        """Bring ``live`` to a room row and its seats just committed by this process
        (a seat change or a start: no move, so its recent move ids stay as they are)."""
        live.options = orjson.loads(room.options)
        live.seat_count = room.seat_count
        live.private = room.private
        live.host_id = room.host_id
        live.status = room.status
        live.seats = seat_infos(room.seat_count, seats)
        live.seed_hash = room.seed_hash
        live.seed = room.seed
        live.rated = room.rated
        live.seats_version = room.seats_version or 0
        live.set_state(orjson.loads(room.state) if room.state else None, room.version)
        live.set_timers(orjson.loads(room.timers) if room.timers else None, room.deadline_at)

    async def reload(self, live: LiveRoom) -> None:
        """Read the room's row again; its seats and recent moves only if they changed (a
        seat change bumps ``seats_version``, a move ``version``, and neither goes back):
        the usual reload, a socket's room after it subscribed, is then one statement."""
        room = await self._rows.get(live.id)
        if room is None:
            raise RoomNotFound(f"no room {live.id}")
        unchanged = (
            room.version == live.version
            and (room.seats_version or 0) == live.seats_version
            and room.seat_count == live.seat_count
        )
        if not unchanged:
            fresh = await self.load(live.id)
            for name in (
                "options", "seat_count", "private", "host_id", "status", "seats",
                "seed_hash", "seed", "recent_moves", "rated", "seats_version",
            ):  # fmt: skip
                setattr(live, name, getattr(fresh, name))
            live.set_state(fresh.state, fresh.version)
            live.set_timers(fresh.timers, fresh.deadline_at)
        else:  # the same state, seats and moves: the rest of the row as it is now
            live.options = orjson.loads(room.options)
            live.private = room.private
            live.host_id = room.host_id
            live.status = room.status
            live.seed_hash = room.seed_hash
            live.seed = room.seed
            live.rated = room.rated
            live.set_timers(orjson.loads(room.timers) if room.timers else None, room.deadline_at)
        live.stale = False

    def all(self) -> list[LiveRoom]:
        return list(self.rooms.values())


def can_watch(live: LiveRoom, user: User | None, invite_code: str | None) -> bool:
    """Public rooms are open to all; a private one to its members, admins and the code."""
    if not live.private:
        return True
    if user is not None and (user.is_admin or live.seat_of(user.id) is not None):
        return True
    if user is not None and any(seat.away_player == user.id for seat in live.seats):
        return True  # a player whose seat a bot holds for them (they may reclaim it)
    return valid_invite_code(invite_code) and secrets.compare_digest(
        str(invite_code), live.invite_code
    )


def require_watch(live: LiveRoom, user: User | None, invite_code: str | None) -> None:
    if not can_watch(live, user, invite_code):
        # A private room's existence is not revealed to outsiders.
        raise RoomNotFound(f"no room {live.id}")


def seat_infos(seat_count: int, seats: Any) -> list[SeatInfo]:
    by_position = {seat.position: seat for seat in seats}
    infos = []
    for position in range(seat_count):
        seat = by_position.get(position)
        if seat is None:
            infos.append(SeatInfo(position=position, name=""))
        else:
            away = getattr(seat, "player_id", None)
            reclaimable = bool(seat.bot and away and not getattr(seat, "forfeit", True))
            infos.append(
                SeatInfo(
                    position=position,
                    name=seat.name,
                    user_id=seat.user_id,
                    bot=seat.bot,
                    away_player=away if reclaimable else None,
                    colour=getattr(seat, "colour", None),
                    bot_account=bool(getattr(seat, "bot_account", False)),
                )
            )
    return infos
