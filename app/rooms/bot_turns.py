"""Bot turns: when a bot seat is to act, it chooses a move and plays it like anyone else.

A bot sees only its seat's view and legal moves (:mod:`app.bots`); its move goes through
the same submit path as a player's (logged, published, replayable). When a bot is to
act, the room's timers hold ``bot_at`` (``bot_delay_seconds`` after the version began),
a deadline like any other: the scheduler fires it, so a bot turn survives a restart.
"""

from __future__ import annotations

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

    async def play(self, live: LiveRoom) -> bool:
        """One bot seat to act plays its move; False if none could."""
        if live.state is None or live.status != "playing":
            return False
        for seat in live.seats:
            if not seat.bot or seat.position not in live.game.to_act(live.state):
                continue
            view = live.game.view(live.state, seat.position)
            moves = list(live.game.legal_moves(live.state, seat.position))
            if not moves:
                continue
            move = BOTS.get(seat.bot, BOTS["random"]).choose(view, moves, bot_rng)
            try:
                await self.submit(
                    live.id,
                    user_id=None,
                    move=move,
                    client_move_id=f"bot-{live.version}-{seat.position}",
                    base_version=live.version,
                    bot_seat=seat.position,
                )
            except AgoraError as error:
                log.info("bot move in %s refused: %s", live.id, error.message)
                return False
            return True
        return False
