"""Bot turns: when a bot seat is to act, it chooses a move and plays it like anyone else.

A bot sees only its seat's view and legal moves (:mod:`app.bots`); its move goes through
the same submit path as a player's (logged, published, replayable). One task per room.
"""

from __future__ import annotations

import asyncio
import logging

from app.bots import BOTS, bot_rng
from app.errors import AgoraError
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, SubmitMove
from app.rooms.live import LiveRoom

log = logging.getLogger(__name__)


class BotTurns:
    def __init__(self, ctx: RoomContext, cache: RoomCache, submit: SubmitMove) -> None:
        self.ctx = ctx
        self.cache = cache
        self.submit = submit

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
            view = live.game.view(live.state, seat.position)
            moves = list(live.game.legal_moves(live.state, seat.position))
            if not moves:
                continue
            move = BOTS[seat.bot].choose(view, moves, bot_rng)
            try:
                await self.submit(
                    room_id,
                    user_id=None,
                    move=move,
                    client_move_id=f"bot-{live.version}-{seat.position}",
                    base_version=live.version,
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
