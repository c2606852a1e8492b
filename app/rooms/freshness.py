"""The periodic version check: no room held here stays behind the database.

With several processes a room's events cross Redis, and an event can be lost (a relay
outage, a publish given up: :mod:`app.realtime.redis_relay`). A lost patch left a
process's cache and sockets a version behind for good in issue 38 (the player to act
never learned it was their turn). So every ``freshness_check_seconds`` each process
reads the versions of the rooms its sockets watch (one query) and compares them with
its cache and with each socket's version. A room found behind on two checks in a row
(the first may see a move committed but not yet published) is marked stale and its
sockets get a fresh snapshot. Cost: one indexed read of a few hundred ids a process
every two seconds; nothing runs with a single process, where no event crosses a relay.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy import bindparam, text

from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext

log = logging.getLogger(__name__)

_VERSIONS = text("SELECT id, version FROM rooms WHERE id IN :ids").bindparams(
    bindparam("ids", expanding=True)
)
CHUNK = 500


class FreshnessCheck:
    def __init__(self, ctx: RoomContext, cache: RoomCache) -> None:
        self.ctx = ctx
        self.cache = cache
        # Room -> the database's version when the room was first seen behind.
        self._suspects: dict[str, int] = {}
        self._task: asyncio.Task[None] | None = None
        self.resynced = 0  # rooms repaired (tests and the log read it)

    async def versions(self, room_ids: list[str]) -> dict[str, int]:
        found: dict[str, int] = {}
        async with self.ctx.engine.connect() as conn:
            for start in range(0, len(room_ids), CHUNK):
                rows = await conn.execute(_VERSIONS, {"ids": room_ids[start : start + CHUNK]})
                found.update((row[0], row[1]) for row in rows)
        return found

    def _behind(self, room_id: str, version: int) -> bool:
        # A cache marked stale is not behind: it reloads on its next use (moves played on
        # another process mark it so). One behind that does not know it is.
        live = self.cache.held(room_id)
        unaware = live is not None and not live.stale and live.version < version
        return unaware or self.ctx.hub.behind(room_id, version)

    async def check_once(self) -> list[str]:
        """Compare once; returns the rooms resynchronised."""
        hub = self.ctx.hub
        watched = hub.watched()
        if not watched:
            self._suspects.clear()
            return []
        database = await self.versions(watched)
        repaired: list[str] = []
        suspects: dict[str, int] = {}
        for room_id, version in database.items():
            earlier = self._suspects.get(room_id)
            if earlier is not None and self._behind(room_id, earlier):
                if len(repaired) < 3:  # what was behind, for the log: a cache or sockets
                    live = self.cache.held(room_id)
                    log.info(
                        "room %s behind: database %d (first seen %d), cache %s, sockets %s",
                        room_id, version, earlier,
                        None if live is None else (live.version, live.stale),
                        hub.versions(room_id),
                    )  # fmt: skip
                self.cache.invalidate(room_id)
                hub.resync(room_id)
                repaired.append(room_id)
            elif self._behind(room_id, version):
                suspects[room_id] = version
        self._suspects = suspects
        if repaired:
            self.resynced += len(repaired)
            log.warning("%d room(s) were behind the database; resynchronised", len(repaired))
        return repaired

    def start(self) -> None:
        every = self.ctx.settings.freshness_check_seconds
        if self._task is None and every > 0 and self.ctx.hub.distributed:
            self._task = asyncio.create_task(self._loop(every), name="freshness-check")

    async def _loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.check_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: next time
                log.warning("version check failed", exc_info=True)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
