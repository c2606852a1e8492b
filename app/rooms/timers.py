"""What a room does when its deadline comes: the handler the scheduler fires.

At most one thing happens per firing, checked against the time and the room's version
(a deadline of an older version is void: the move that replaced it set its own):

1. a seat's clock ran out → the host's ``on_timeout`` (a bot takes the seat, the player
   may reclaim it; or the player is out) — :meth:`Seating.time_out`;
2. the game's reaction deadline passed → every listed seat still to act plays the
   game's ``timeout_move`` (e.g. Agorapolis's resist prompt, §16), so one absent
   player cannot freeze a table;
3. a bot seat is to act → its move (:mod:`.bot_turns`).

Each of these commits a new version with its own deadline. When nothing is due (a
local timer fired early, a move was refused), the deadline is put back. On start,
rooms still playing without timers (stored before clocks existed) are planned once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from sqlalchemy import select

from app.db.models import Room
from app.errors import AgoraError
from app.games.registry import hook_of
from app.rooms.cache import RoomCache
from app.rooms.clock import expired_seats
from app.rooms.context import RoomContext, SubmitMove, dumps
from app.rooms.live import LiveRoom
from app.rooms.scheduler import Scheduler

log = logging.getLogger(__name__)

TimeOut = Callable[..., Awaitable[None]]  # (room id, seat, version): Seating.time_out
BotMove = Callable[[LiveRoom], Awaitable[bool]]


class Timers:
    def __init__(
        self,
        ctx: RoomContext,
        cache: RoomCache,
        submit: SubmitMove,
        *,
        time_out: TimeOut,
        bot_move: BotMove,
    ) -> None:
        self.ctx = ctx
        self.cache = cache
        self.submit = submit
        self.time_out = time_out
        self.bot_move = bot_move
        self.scheduler = Scheduler(ctx, self.fire)

    def arm(self, live: LiveRoom) -> None:
        """Watch the room's stored deadline from this process too (a local timer)."""
        if live.status == "playing":
            self.scheduler.arm(live.id, live.version, live.deadline_at)
        else:
            self.scheduler.arm(live.id, live.version, None)

    async def fire(self, room_id: str, version: int) -> None:
        live = await self.cache.live(room_id)
        if live.version < version:  # this process missed a version (a relayed event lost)
            self.cache.invalidate(room_id)
            live = await self.cache.live(room_id)
        if live.version != version or live.status != "playing" or live.state is None:
            return  # a newer version carries its own deadline
        now = time.time()
        expired = [s for s in expired_seats(live.timers, now) if s not in live.bot_seats()]
        if expired:
            await self.time_out(room_id, expired[0], version)
            return
        reaction = live.deadline
        if reaction is not None and reaction["expires_at"] <= now:
            await self._reaction_timeout(live, reaction["seats"])
            return
        bot_at = (live.timers or {}).get("bot_at")
        if bot_at is not None and bot_at <= now and await self.bot_move(live):
            return
        if live.version == version:
            await self.scheduler.restore(room_id, version, live.deadline_at)

    async def _reaction_timeout(self, live: LiveRoom, seats: list[int]) -> None:
        default = hook_of(live.game, "timeout_move")
        if default is None:
            return
        for seat in seats:
            if live.state is None or seat not in live.game.to_act(live.state):
                continue
            try:
                await self.submit(
                    live.id,
                    user_id=None,
                    move=default(live.state, seat),
                    client_move_id=f"timeout-{live.version}-{seat}",
                    base_version=live.version,  # the seat's own answer may land first
                    bot_seat=seat,
                )
            except AgoraError as error:
                log.warning("timeout move in %s refused: %s", live.id, error.message)

    async def plan_unplanned(self) -> int:
        """Rooms playing with no timers (stored before clocks existed): plan them once."""
        async with self.ctx.sessions() as session:
            ids = list(
                await session.scalars(
                    select(Room.id).where(Room.status == "playing", Room.timers.is_(None))
                )
            )
        for room_id in ids:
            try:
                await self._plan_once(room_id)
            except Exception:
                # One room the rules cannot read (say a state written by hand) must not
                # stop the server from starting: it stays unplanned, and says so.
                log.exception("room %s could not be planned at startup", room_id)
        return len(ids)

    async def _plan_once(self, room_id: str) -> None:
        live = await self.cache.live(room_id)
        async with live.lock:
            timers, at = self.ctx.plan_timers(live)
            async with self.ctx.transaction() as session:
                room = await session.get(Room, room_id, with_for_update=True)
                if room is None or room.version != live.version or room.timers is not None:
                    return
                room.timers, room.deadline_at = dumps(timers), at
            live.set_timers(timers, at)
        self.arm(live)

    async def start(self) -> None:
        await self.scheduler.start()

    async def stop(self) -> None:
        await self.scheduler.stop()
