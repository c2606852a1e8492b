"""Bot turns: when a bot seat is to act, it chooses a move and plays it like anyone else.

How a bot picks its move is :mod:`.bot_moves` (a search level in the worker pool, or the
seat-view random bot); its move goes through the same submit path as a player's (logged,
published, replayable). One task per room. Before a search the room is told the seat is
thinking (a ``{"type": "thinking", "seat": s}`` message; the next patch ends it).
"""

from __future__ import annotations

import asyncio
import logging

from app.errors import AgoraError
from app.realtime.hub import RoomEvent
from app.rooms.bot_moves import BotMoves
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, SubmitMove, dumps
from app.rooms.live import LiveRoom

log = logging.getLogger(__name__)


class BotTurns:
    def __init__(
        self, ctx: RoomContext, cache: RoomCache, submit: SubmitMove, brain: BotMoves
    ) -> None:
        self.ctx = ctx
        self.cache = cache
        self.submit = submit
        self.brain = brain

    def schedule(self, live: LiveRoom) -> None:
        """Start a bot turn if a bot seat is among the seats to act (and none is running)."""
        if live.status != "playing" or live.state is None:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        bots = {seat.position for seat in live.seats if seat.bot}
        if bots & live.game.to_act(live.state):
            live.bot_task = asyncio.create_task(self._turn(live.id), name=f"bot-{live.id}")

    async def _turn(self, room_id: str) -> None:
        await asyncio.sleep(self.ctx.settings.bot_delay_seconds)
        live = await self.cache.live(room_id)
        if live.state is None or live.status != "playing":
            return
        for seat in live.seats:
            if not seat.bot or seat.position not in live.game.to_act(live.state):
                continue
            version = live.version
            if self.brain.searches(seat.bot):
                thinking = dumps({"type": "thinking", "seat": seat.position})
                await self.ctx.hub.publish(RoomEvent(room_id=room_id, kind="bot", text=thinking))
            move = await self.brain.choose(live, seat.position, seat.bot)
            if move is None:
                continue
            if live.version != version or live.status != "playing":
                break  # the table moved on while the bot thought (undo, close, takeover)
            try:
                await self.submit(
                    room_id,
                    user_id=None,
                    move=move,
                    client_move_id=f"bot-{version}-{seat.position}",
                    base_version=version,
                    bot_seat=seat.position,
                )
            except AgoraError as error:
                log.info("bot move in %s refused: %s", room_id, error.message)
            break
        live.bot_task = None
        self.schedule(live)

    def cancel_all(self) -> None:
        for live in self.cache.all():
            if live.bot_task is not None:
                live.bot_task.cancel()
