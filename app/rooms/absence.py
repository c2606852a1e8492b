"""Absence: a player away on their turn in a live game may be replaced by a bot.

BGA's "expel a player who is out of time" vote, made kinder: in a live-clock room, once
a seat to act has had no socket connected and its clock has run for
``absence_grace_seconds``, any other seated player may hand it to a bot. The seat is
taken over exactly as when its clock runs out with ``on_timeout = bot``: no forfeit,
and its player may reclaim it (``POST /api/rooms/{id}/reclaim``).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from app.db.models import User
from app.errors import Conflict, InvalidRequest, NotAMember
from app.rooms.cache import RoomCache
from app.rooms.clock import clock_mode
from app.rooms.context import RoomContext
from app.rooms.live import LiveRoom

TakeOver = Callable[[str, int, int, str], Awaitable[None]]  # room, seat, version, outcome


class Absence:
    def __init__(self, ctx: RoomContext, cache: RoomCache, *, take_over: TakeOver) -> None:
        self.ctx = ctx
        self.cache = cache
        self.take_over = take_over

    async def away_for(self, live: LiveRoom, position: int) -> float:
        """How long the seat has been to act with nobody connected (0 if present or idle)."""
        clock = (live.timers or {}).get("clock") or {}
        since = (clock.get("since") or [None] * live.seat_count)[position]
        if since is None:
            return 0.0
        presence = await self.ctx.hub.presence(live.id)
        if presence.get(str(position), 0) > 0:
            return 0.0
        return max(0.0, time.time() - since)

    async def hand_to_bot(self, room_id: str, *, user: User, position: int) -> LiveRoom:
        live = await self.cache.live(room_id)
        mine = live.seat_of(user.id)
        if mine is None:
            raise NotAMember("only the players may hand a seat to a bot")
        if live.status != "playing" or clock_mode(live.options) != "live":
            raise Conflict("only in a running live-clock game", code="not_live")
        if not 0 <= position < live.seat_count or position == mine:
            raise InvalidRequest("choose another player's seat", code="bad_seat")
        seat = live.seats[position]
        if seat.bot or seat.user_id is None:
            raise InvalidRequest("that seat is not a player's", code="not_a_player")
        if await self.away_for(live, position) < self.ctx.settings.absence_grace_seconds:
            raise Conflict("that player is not away long enough", code="not_away")
        await self.take_over(room_id, position, live.version, "bot")
        return await self.cache.live(room_id)
