"""Playing a move: the hot path, one straight line.

    socket → :meth:`MovePlayer.submit_move` → rules ``apply`` → group commit
    (:mod:`.store`) → publish each audience's patch (:mod:`.publish`)

The cached state is only changed after the commit succeeded; a commit refused because
another process moved first marks the cache stale and the move is re-checked against
the reloaded room (at most three times). Around publishing, the facade's hooks look at
what the room waits on next: a game's reaction timer (before, as views show it) and a
bot turn (after).
"""

from __future__ import annotations

import logging
import time

from app.db.models import User
from app.errors import AgoraError, Conflict, NotAMember, NotAuthenticated, StaleVersion
from app.games.interface import JsonDict, Move, RulesError
from app.realtime.hub import SPECTATOR
from app.rooms.cache import RoomCache
from app.rooms.context import FinishGame, MoveRefused, RoomContext, RoomHook, dumps
from app.rooms.movelog import apply_for_log
from app.rooms.publish import publish_versions
from app.rooms.store import PendingMove

log = logging.getLogger(__name__)


class MovePlayer:
    def __init__(
        self,
        ctx: RoomContext,
        cache: RoomCache,
        *,
        arm_timers: RoomHook,
        schedule_bots: RoomHook,
        finish: FinishGame,
    ) -> None:
        self.ctx = ctx
        self.cache = cache
        self.finish = finish
        self.arm_timers = arm_timers
        self.schedule_bots = schedule_bots
        self.moves_accepted = 0

    async def submit_move(
        self,
        room_id: str,
        *,
        user_id: str | None,
        move: Move,
        client_move_id: str | None = None,
        base_version: int | None = None,
        bot_seat: int | None = None,
    ) -> int:
        """Apply, commit, publish; returns the new version (or the earlier one for a repeat)."""
        received = time.perf_counter()
        live = await self.cache.live(room_id)
        async with live.lock:
            for _attempt in range(3):
                if live.stale:
                    await self.cache.reload(live)
                seat = bot_seat if bot_seat is not None else live.seat_of(user_id)
                if seat is None:
                    raise (
                        NotAMember("spectators cannot move")
                        if user_id
                        else NotAuthenticated("log in or join as a guest to play")
                    )
                if client_move_id is not None and client_move_id in live.recent_moves:
                    return live.recent_moves[client_move_id][0]
                if live.status != "playing" or live.state is None:
                    raise Conflict(f"the room is {live.status}", code="game_not_running")
                if base_version is not None and base_version != live.version:
                    raise StaleVersion(
                        f"your move was made on version {base_version}; "
                        f"the room is at {live.version}"
                    )
                try:
                    new_state, move_json = apply_for_log(live.game, live.state, seat, move)
                except RulesError as error:
                    raise MoveRefused(error.reason, code=error.code) from None
                result = live.game.result(new_state)
                status = "finished" if result is not None else "playing"
                pending = PendingMove(
                    room_id=live.id,
                    old_version=live.version,
                    seat=seat,
                    client_move_id=client_move_id,
                    move_json=move_json,
                    state_json=dumps(new_state),
                    status=status,
                )
                try:
                    if result is not None:  # rare: commits alone, with results and ratings
                        committed = await self.finish(pending, result)
                    else:
                        committed = await self.ctx.committer.submit(pending)
                except Exception:
                    self.ctx.metrics.db_errors.inc()
                    raise AgoraError(
                        "the move could not be saved; try again", code="storage_error", status=503
                    ) from None
                if committed:
                    break
                live.stale = True  # another process moved first: reload and re-check
            else:
                raise Conflict("the room is busy; try again", code="conflict")
            previous = {audience: live.view_for(audience) for audience in live.audiences()}
            live.set_state(new_state, live.version + 1, result=result)
            live.status = status
            live.remember_move(client_move_id, live.version, seat)
            self.arm_timers(live)
            self.moves_accepted += 1
            await publish_versions(self.ctx.hub, live, previous=previous, version=live.version)
        self.ctx.metrics.move_accepted(live.game_id, time.perf_counter() - received)
        log.info(
            "move",
            extra={
                "room": live.id,
                "game": live.game_id,
                "seat": seat,
                "move_id": client_move_id,
                "version": live.version,
                "bot": bot_seat is not None,
            },
        )
        self.schedule_bots(live)
        return live.version

    async def legal_moves(self, room_id: str, *, user_id: str | None) -> tuple[int, list[Move]]:
        live = await self.cache.live(room_id)
        seat = live.seat_of(user_id)
        if seat is None or live.state is None or live.status != "playing":
            return live.version, []
        return live.version, list(live.game.legal_moves(live.state, seat))

    async def snapshot(self, room_id: str, *, user: User | None) -> JsonDict:
        live = await self.cache.live(room_id)
        seat = live.seat_of(user.id if user else None)
        audience = SPECTATOR if seat is None else str(seat)
        return {
            "type": "snapshot",
            "version": live.version,
            "seat": seat,
            "view": live.view_for(audience),
            "room": live.summary(),
            # Lets clients correct their clock for deadlines (deadline.expires_at).
            "server_time": round(time.time(), 3),
        }
