"""Playing a move: the hot path, one straight line.

    socket → :meth:`MovePlayer.submit_move` → rules ``apply`` → group commit
    (:mod:`.store`) → publish each audience's patch (:mod:`.publish`)

The cached state is only changed after the commit succeeded; a commit refused because
another process moved first marks the cache stale and the move is re-checked against
the reloaded room (at most three times). What the room waits on next (clocks, the
game's reaction deadline, a bot's turn: :mod:`.clock`) is planned before the commit and
stored with it; after publishing, the facade's hook arms the deadline in this process.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Container
from typing import Final

import orjson

from app.db.models import User
from app.errors import AgoraError, Conflict, NotAMember, NotAuthenticated, StaleVersion
from app.games.hooks import hook_of, undoable
from app.games.interface import JsonDict, Move, RulesError
from app.games.strict import plain_move
from app.observability.move_counts import MoveCounts
from app.realtime.hub import SPECTATOR, RoomEvent
from app.rooms.cache import RoomCache
from app.rooms.context import FinishGame, MoveRefused, RoomContext, RoomHook
from app.rooms.json_text import dumps
from app.rooms.live import LiveRoom
from app.rooms.movelog import apply_for_log, mark_hinted
from app.rooms.publish import publish_versions, pushed_legal_moves
from app.rooms.store import PendingMove

log = logging.getLogger(__name__)


MAX_MOVE_BYTES: Final = 4096


def check_move_shape(move: Move, client_move_id: str | None) -> None:
    """The edge check shared by every game: plain JSON, small, with a storable id.

    A bad move is refused here, before it can reach (and fail) a shared commit batch.
    """
    try:
        plain_move(move)
    except RulesError as error:
        raise MoveRefused(error.reason, code=error.code) from None
    if len(orjson.dumps(move)) > MAX_MOVE_BYTES:
        raise MoveRefused(f"a move has at most {MAX_MOVE_BYTES} bytes", code="malformed_move")
    if client_move_id is not None and (
        len(client_move_id) > 64 or not client_move_id.isascii() or not client_move_id.isprintable()
    ):
        raise MoveRefused(
            "a move id is up to 64 printable ASCII characters", code="malformed_message"
        )


class MovePlayer:
    def __init__(
        self,
        ctx: RoomContext,
        cache: RoomCache,
        *,
        arm_timers: RoomHook,
        finish: FinishGame,
    ) -> None:
        self.ctx = ctx
        self.cache = cache
        self.finish = finish
        self.arm_timers = arm_timers
        # The rooms with a local deadline timer (the facade sets the scheduler's): the arm
        # hook is skipped for a playing room that has none and plans none (it would do
        # nothing, in three interpreted calls).
        self.timers_armed: Container[str] = frozenset()
        self.moves_accepted = 0
        self.move_counts: MoveCounts = ctx.metrics.move_counts

    async def submit_move(
        self,
        room_id: str,
        *,
        user_id: str | None,
        move: Move,
        client_move_id: str | None = None,
        base_version: int | None = None,
        bot_seat: int | None = None,
        as_bot: bool = False,
    ) -> int:
        """Apply, commit, publish; returns the new version (or the earlier one for a repeat).

        ``bot_seat``: the server plays for that seat (a bot, a reaction's default move);
        ``as_bot``: only while a bot holds it (its player may have reclaimed it meanwhile).
        """
        received = time.perf_counter()
        check_move_shape(move, client_move_id)
        # RoomCache.live's common case inline (a held, fresh room, one process): the
        # interpreted coroutine cost a frame and a coroutine object on every move.
        live = self.cache.rooms.get(room_id)
        if live is None or live.stale or self.ctx.hub.distributed:
            live = await self.cache.live(room_id)
        async with live.lock:
            # Single process: the cache is the truth. Several: a refusal decided on the
            # cache is only final once the cache was just reloaded from the database
            # (events relayed by other processes may have been lost).
            fresh = not self.ctx.hub.distributed
            hinted = False
            for _attempt in range(4):
                if live.stale:
                    await self.cache.reload(live)
                    fresh = True
                seat = bot_seat if bot_seat is not None else live.seat_of(user_id)
                if as_bot and seat not in live.bot_seats():
                    raise Conflict("a player holds that seat again", code="seat_changed")
                if client_move_id is not None and client_move_id in live.recent_moves:
                    return live.recent_moves[client_move_id][0]
                try:
                    new_state, move_json = self._check_and_apply(
                        live, seat, user_id, move, base_version
                    )
                except MoveRefused as refusal:
                    if fresh or refusal.code == "malformed_move":
                        raise
                    live.stale = True  # suspected stale cache: ask the database
                    continue
                assert seat is not None
                # The seat asked for a hint since its last move (app.rooms.hints): this
                # move is logged as hinted. A move the server plays for it is not.
                hinted = bot_seat is None and bool(live.hinted) and seat in live.hinted
                if hinted:
                    move_json = mark_hinted(move_json)
                result = live.game.result(new_state)
                status = "finished" if result is not None else "playing"
                # The room's own method, not RoomContext.plan_timers: compiled to compiled,
                # no interpreted frame and keyword dict on every move.
                settings = self.ctx.settings
                timers, deadline_at = live.plan_timers(
                    new_state,
                    status,
                    live.version + 1,
                    seat,
                    live.bot_seats(),
                    bot_delay=settings.bot_delay_seconds,
                    reaction_default=settings.reaction_seconds,
                )
                pending = PendingMove(
                    room_id=live.id,
                    old_version=live.version,
                    seat=seat,
                    client_move_id=client_move_id,
                    move_json=move_json,
                    state_json=dumps(new_state),
                    status=status,
                    timers_json=dumps(timers) if timers is not None else None,
                    deadline_at=deadline_at,
                    seats_version=live.seats_version,
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
            listening = self.ctx.hub.listening(live.id, live.audiences())
            previous = {audience: live.view_for(audience) for audience in listening}
            before = live.state
            live.set_state(new_state, live.version + 1, result=result)
            if bot_seat is None and before is not None:
                live.undoable_version = (
                    live.version if undoable(live.game, before, move, new_state) else -1
                )
            live.set_timers(timers, deadline_at)
            live.status = status
            live.remember_move(client_move_id, live.version, seat)
            self.moves_accepted += 1
            await publish_versions(
                self.ctx.hub, live, previous=previous, version=live.version, audiences=listening
            )
            if hinted:
                live.hinted.discard(seat)
                await self._announce_hint(live, seat)
        self.move_counts.accepted(live.game_id, time.perf_counter() - received)
        if log.isEnabledFor(logging.INFO):  # the extra dict costs even when not logged
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
        if live.deadline_at is not None or live.status != "playing" or live.id in self.timers_armed:
            self.arm_timers(live)
        return live.version

    async def _announce_hint(self, live: LiveRoom, seat: int) -> None:
        """Tell everyone in the room that the move just logged followed a hint (who and
        which move: the move itself each viewer sees in its own view, redacted)."""
        notice = {"type": "hinted", "seat": seat, "seq": live.version - 1}
        await self.ctx.hub.publish(
            RoomEvent(room_id=live.id, kind="hint", version=None, text=dumps(notice))
        )

    @staticmethod
    def _check_and_apply(
        live: LiveRoom,
        seat: int | None,
        user_id: str | None,
        move: Move,
        base_version: int | None,
    ) -> tuple[JsonDict, str]:
        """The new state and the log row's move JSON (:mod:`.movelog`), or a
        :class:`MoveRefused` (codes as before) decided on ``live``."""
        if seat is None:
            error: AgoraError = (
                NotAMember("spectators cannot move")
                if user_id
                else NotAuthenticated("log in or join as a guest to play")
            )
            raise MoveRefused(error.message, code=error.code, status=error.status)
        if live.status != "playing" or live.state is None:
            raise MoveRefused(f"the room is {live.status}", code="game_not_running", status=409)
        if base_version is not None and base_version != live.version:
            raise MoveRefused(
                f"your move was made on version {base_version}; the room is at {live.version}",
                code=StaleVersion.code,
                status=StaleVersion.status,
            )
        try:
            return apply_for_log(live.game, live.state, seat, move)
        except RulesError as error:
            raise MoveRefused(error.reason, code=error.code) from None

    async def legal_moves(self, room_id: str, *, user_id: str | None) -> tuple[int, list[Move]]:
        live = await self.cache.live(room_id)
        seat = live.seat_of(user_id)
        if seat is None or live.state is None or live.status != "playing":
            return live.version, []
        return live.version, list(live.game.legal_moves(live.state, seat))

    async def legal_moves_compact(
        self, room_id: str, *, user_id: str | None
    ) -> tuple[int, JsonDict | None]:
        """The game's compact form of the seat's legal moves (``None``: the game has none)."""
        live = await self.cache.live(room_id)
        hook = hook_of(live.game, "legal_moves_compact")
        if hook is None:
            return live.version, None
        seat = live.seat_of(user_id)
        if seat is None or live.state is None or live.status != "playing":
            return live.version, {"keys": [], "rows": [], "each": {}}
        return live.version, hook(live.state, seat)

    async def snapshot(self, room_id: str, *, user: User | None) -> JsonDict:
        live = await self.cache.live(room_id)
        seat = live.seat_of(user.id if user else None)
        audience = SPECTATOR if seat is None else str(seat)
        snapshot: JsonDict = {
            "type": "snapshot",
            "version": live.version,
            "seat": seat,
            "view": live.view_for(audience),
            "room": live.summary(),
            # Lets clients correct their clock for deadlines and clocks (…expires_at).
            "server_time": round(time.time(), 3),
        }
        legal = pushed_legal_moves(live, live.version, (audience,)).get(audience)
        if legal is not None:
            snapshot["legal_moves"] = legal
        return snapshot
