"""Idle rooms become *abandoned*: a periodic sweep over rooms nobody touched for long.

Waiting rooms expire after ``WAITING_ROOM_TTL_MINUTES``, running games after
``PLAYING_ROOM_TTL_HOURS`` without a move (unless a deadline is pending: a timed game
moves on by itself); rooms held in memory are told at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta

from app.rooms import repository
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext
from app.rooms.publish import announce

log = logging.getLogger(__name__)


class Expiry:
    def __init__(self, ctx: RoomContext, cache: RoomCache) -> None:
        self.ctx = ctx
        self.cache = cache
        self._sweeper: asyncio.Task[None] | None = None

    async def expire_idle_rooms(self) -> list[str]:
        settings = self.ctx.settings
        now = datetime.now(UTC)
        async with self.ctx.transaction() as session:
            expired = await repository.expire_rooms(
                session,
                waiting_before=now - timedelta(minutes=settings.waiting_room_ttl_minutes),
                playing_before=now - timedelta(hours=settings.playing_room_ttl_hours),
            )
        for room_id in expired:
            live = self.cache.held(room_id)
            if live is not None:
                live.status = "abandoned"
                await announce(self.ctx.hub, live)
        return expired

    def start(self) -> None:
        if self.ctx.settings.expiry_sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="room-expiry")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ctx.settings.expiry_sweep_seconds)
            try:
                await self.expire_idle_rooms()
            except Exception:
                log.exception("room expiry sweep failed")
