"""Bot turns: when a bot seat is to act, it chooses a move and plays it like anyone else.

How a bot picks its move is :mod:`.bot_moves` (a search level in the worker pool, or the
seat-view random bot); its move goes through the same submit path as a player's (logged,
published, replayable). When a bot is to act, the room's timers hold ``bot_at``
(``bot_delay_seconds`` after the version began), a deadline like any other: the scheduler
fires it, so a bot turn survives a restart. Before a search the room is told the seat is
thinking (a ``{"type": "thinking", "seat": s}`` message; the next patch ends it).
"""

from __future__ import annotations

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

    async def play(self, live: LiveRoom) -> bool:
        """One bot seat to act plays its move; False if none could."""
        if live.state is None or live.status != "playing":
            return False
        for seat in live.seats:
            if not seat.bot or seat.position not in live.game.to_act(live.state):
                continue
            version = live.version
            if self.brain.searches(seat.bot):
                thinking = dumps({"type": "thinking", "seat": seat.position})
                await self.ctx.hub.publish(RoomEvent(room_id=live.id, kind="bot", text=thinking))
            move = await self.brain.choose(live, seat.position, seat.bot)
            if move is None:
                continue
            now = next((s for s in live.seats if s.position == seat.position), None)
            if live.version != version or live.status != "playing" or now is None or not now.bot:
                return False  # the table moved on while the bot thought (undo, reclaim)
            try:
                await self.submit(
                    live.id,
                    user_id=None,
                    move=move,
                    client_move_id=f"bot-{version}-{seat.position}",
                    base_version=version,
                    bot_seat=seat.position,
                    as_bot=True,
                )
            except AgoraError as error:
                log.info("bot move in %s refused: %s", live.id, error.message)
                return False
            return True
        return False
