"""How a bot seat picks its move: a search level in the worker pool, or the seat-view bot.

A level bot (easy, medium, hard: :mod:`app.bots.levels`) searches in one of the
:class:`app.bots.pool.BotPool` worker processes, so a thinking bot never holds up this
process's event loop or other rooms' moves. The pool starts with the first search and
is shared by every room of the process. The search gets a wall-clock limit a little above
its level's CPU budget; if it cannot answer in time (a loaded machine) or fails, the seat
plays a random legal move instead, so a table never waits on a bot. A table whose
players have all left plays on with random moves (no search). The search's seed
comes from the room, its version and the seat: replaying a room's log needs no seed
(bot moves are logged like any other), but a rerun of one position is reproducible.
A random choice (the random bot, a fallback) is drawn from the room's secret seed, the
version and the seat: no player can foresee it, and a test server's fixed seed
(``agora_test_seeds``) makes a game's random bots play the same moves every run.
"""

from __future__ import annotations

import hashlib
import logging

from app.bots import BOTS, seeded_rng
from app.bots.levels import get_level
from app.bots.pool import BotError, BotPool, BotTimeout
from app.games.interface import Move
from app.rooms.live import LiveRoom

log = logging.getLogger(__name__)


def search_seed(room_id: str, version: int, seat: int) -> int:
    digest = hashlib.sha256(f"{room_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class BotMoves:
    def __init__(self, pool_size: int | None = None) -> None:
        self._pool_size = pool_size
        self._pool: BotPool | None = None

    @property
    def pool(self) -> BotPool:
        if self._pool is None:
            self._pool = BotPool(self._pool_size)
        return self._pool

    @staticmethod
    def searches(bot: str) -> bool:
        """Whether this bot kind thinks (the room then shows it "thinking…")."""
        return getattr(BOTS.get(bot), "level", None) is not None

    async def choose(self, live: LiveRoom, seat: int, bot: str) -> Move | None:
        """The move of the bot in ``seat`` at the room's current state (None: no move)."""
        state = live.state
        if state is None:
            return None
        moves = list(live.game.legal_moves(state, seat))
        if not moves:
            return None
        kind = BOTS.get(bot) or BOTS["random"]
        level = getattr(kind, "level", None)
        choices = seeded_rng(f"bot:{live.seed}:{live.version}:{seat}")
        if all(seat_info.bot for seat_info in live.seats):
            # Every player left: nobody to play well against, so no search (a table of
            # bots must not hold the pool's workers that other rooms' bots wait for).
            kind, level = BOTS["random"], None
        if level is None or len(moves) == 1:
            return kind.choose(live.game.view(state, seat), moves, choices)
        limit = get_level(level, live.game_id).seconds * 1.25 + 0.5
        seed = search_seed(live.id, live.version, seat)
        try:
            return await self.pool.choose_move(
                live.game_id, state, seat, level, seed, time_limit=limit
            )
        except (BotTimeout, BotError) as error:
            log.warning("bot %s in %s fell back to a random move: %s", level, live.id, error)
            return choices.choice(moves)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
