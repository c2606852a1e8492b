"""Reaction deadlines: the countdowns a game asks for (its ``deadline(state)`` hook).

When one runs out with the room still at the same version, every listed seat that still
owes a move plays the game's ``timeout_move`` (e.g. Agorapolis's resist prompt, §16), so
one absent player cannot freeze a table. The countdown is shown to every audience in the
view (``deadline.expires_at``, epoch seconds). Timers live in this process's memory.
"""

from __future__ import annotations

import asyncio
import logging
import time

from app.errors import AgoraError
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, SubmitMove
from app.rooms.live import LiveRoom

log = logging.getLogger(__name__)


class Timers:
    def __init__(self, ctx: RoomContext, cache: RoomCache, submit: SubmitMove) -> None:
        self.ctx = ctx
        self.cache = cache
        self.submit = submit

    def arm(self, live: LiveRoom) -> None:
        """Start the countdown the game asks for at the room's current version, if any."""
        task = live.deadline_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        live.deadline, live.deadline_task = None, None
        hook = getattr(live.game, "deadline", None)
        if hook is None or live.state is None or live.status != "playing":
            return
        info = hook(live.state)
        if not info:
            return
        seconds = float(info.get("seconds", self.ctx.settings.reaction_seconds))
        live.deadline = {
            "seats": sorted(info["seats"]),
            "kind": info.get("kind", "reaction"),
            "seconds": seconds,
            "expires_at": round(time.time() + seconds, 3),
            "version": live.version,
        }
        live.clear_views()  # views now carry the deadline
        live.deadline_task = asyncio.create_task(
            self._expire(live.id, live.version, seconds), name=f"deadline-{live.id}"
        )

    async def _expire(self, room_id: str, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        live = await self.cache.live(room_id)
        if live.version != version or live.deadline is None or live.state is None:
            return
        default = getattr(live.game, "timeout_move", None)
        if default is None:
            return
        for seat in live.deadline["seats"]:
            if live.state is None or seat not in live.game.to_act(live.state):
                continue
            try:
                await self.submit(
                    room_id,
                    user_id=None,
                    move=default(live.state, seat),
                    client_move_id=f"timeout-{live.version}-{seat}",
                    bot_seat=seat,
                )
            except AgoraError as error:
                log.warning("timeout move in %s refused: %s", room_id, error.message)

    def cancel_all(self) -> None:
        for live in self.cache.all():
            if live.deadline_task is not None:
                live.deadline_task.cancel()
