"""Hints on request (issue 39): a seat to act asks, the bot's move for it comes back.

Only in unrated games: a rated room refuses (``hints_forbidden``); so do a spectator
(``not_a_member``), a seat not to act (``not_your_turn``) and a game not running
(``game_not_running``). The move is :func:`app.bots.hint.suggest`'s at the medium level,
from the seat's information only, searched in the bot worker pool like a bot seat's turn
(so it never holds up the event loop), with a seed from the room, version and seat: the
same position gives the same hint. One search per seat at a time (``hint_pending``); an
answer is kept for its version, so asking again costs nothing.

Giving a hint marks the seat (:attr:`LiveRoom.hinted`): the seat's next move is logged
with ``"_log": {"hint": true}`` (:mod:`.play`), which the move log shows every viewer.
The mark lives in this process's copy of the room, where the seat's socket sends its
moves; a room dropped from memory (a restart) forgets a hint not yet followed by a move.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Final

from app.bots.hint import suggest
from app.bots.pool import SOFT_SHARE, BotError, BotTimeout
from app.errors import AgoraError, Conflict, NotAMember, NotAuthenticated
from app.games.interface import JsonDict
from app.rooms.bot_moves import BotMoves
from app.rooms.cache import RoomCache

log = logging.getLogger(__name__)

LEVEL: Final = "medium"
#: wall-clock limit of one job. The search stops at the medium level's budget (0.6 s of
#: CPU); the margin is for a worker that starts first (spawning it imports the app) or a
#: loaded machine: a late hint is better than none.
TIME_LIMIT: Final = 10.0
#: answers kept, by (room, version, seat)
KEPT: Final = 512


def hint_seed(room_id: str, version: int, seat: int) -> int:
    digest = hashlib.sha256(f"hint:{room_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Hints:
    def __init__(self, cache: RoomCache, brain: BotMoves) -> None:
        self.cache = cache
        self.brain = brain
        self._answers: OrderedDict[tuple[str, int, int], JsonDict] = OrderedDict()
        # The searches under way, by (room, seat): one per seat at a time.
        self._running: dict[tuple[str, int], asyncio.Task[JsonDict]] = {}
        # Who else forbids hints in a room, asked with its id: a tournament's tables
        # (app.tournaments registers it; the rooms know nothing of tournaments).
        self.forbidders: list[Callable[[str], Awaitable[bool]]] = []

    async def hint(self, room_id: str, *, user_id: str | None) -> JsonDict:
        """``{"type": "hint", "version", "move", "description"}`` for the caller's seat."""
        live = await self.cache.live(room_id)
        seat = live.seat_of(user_id)
        if seat is None:
            if user_id is None:
                raise NotAuthenticated("log in or join as a guest to play")
            raise NotAMember("spectators cannot ask for hints")
        if live.rated:
            raise AgoraError("rated games allow no hints", code="hints_forbidden", status=403)
        for forbids in self.forbidders:
            if await forbids(room_id):
                raise AgoraError(
                    "tournament games allow no hints", code="hints_forbidden", status=403
                )
        state = live.state
        if live.status != "playing" or state is None:
            raise Conflict(f"the room is {live.status}", code="game_not_running")
        if seat not in live.game.to_act(state):
            raise Conflict("hints are for the seat to act", code="not_your_turn")
        version = live.version
        key = (room_id, version, seat)
        found = self._answers.get(key)
        if found is None:
            if (room_id, seat) in self._running:
                raise AgoraError("a hint is already on its way", code="hint_pending", status=429)
            # Its own task, shielded: a socket that closes meanwhile does not kill the
            # worker's search (the pool would replace the process); the answer is kept.
            task = asyncio.create_task(self._search(live.game_id, state, seat, key))
            self._running[(room_id, seat)] = task
            task.add_done_callback(lambda _: self._running.pop((room_id, seat), None))
            found = await asyncio.shield(task)
        if live.version != version or live.status != "playing":
            raise Conflict("the table moved on; ask again", code="hint_stale")
        live.hinted.add(seat)  # before the answer leaves: the next move is marked
        return {"type": "hint", "version": version, "seat": seat, **found}

    async def _search(
        self, game_id: str, state: JsonDict, seat: int, key: tuple[str, int, int]
    ) -> JsonDict:
        room_id, version, _ = key
        try:
            found: JsonDict = await self.brain.pool.run(
                suggest, game_id, state, seat, LEVEL, hint_seed(room_id, version, seat),
                time.monotonic() + TIME_LIMIT * SOFT_SHARE, time_limit=TIME_LIMIT,
            )  # fmt: skip
        except (BotTimeout, BotError, OSError, EOFError) as error:
            log.warning("hint in %s at version %s failed: %s", room_id, version, error)
            raise AgoraError(
                "no hint could be found; try again", code="hint_unavailable", status=503
            ) from None
        self._answers[key] = found
        while len(self._answers) > KEPT:
            self._answers.popitem(last=False)
        return found
