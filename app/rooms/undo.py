"""Safe undo: a player takes back their last move.

Allowed while the room is playing, the seat's move is the last one in force (so no
other seat acted since), and the game's ``undoable(state_before, move, state_after)``
hook says the move drew and revealed nothing. In a casual room the undo is immediate;
in a rated room it is a request the other players accept or decline (any move made in
the meantime voids it).

An undo is a row of the move log (``kind: "undo"``, move ``{"undo": seq}``) and a new
version whose state is the one before the move taken back: clients get an ordinary
patch, the log shows it, and a replay goes back with it (:mod:`.timeline`). The state
before the move comes from replaying the log from the seed: undo is rare, and the
replay is exact whatever process served the move.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import MoveRecord, RoomRequest, User
from app.errors import Conflict, NotAMember
from app.games.interface import JsonDict
from app.games.registry import get_game, undoable
from app.rooms import repository
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, RoomHook, dumps
from app.rooms.live import LiveRoom
from app.rooms.publish import publish_versions
from app.rooms.requests import (
    announce_request,
    decide,
    locked_room_request,
    request_json,
    vote,
    voters,
)
from app.rooms.room_options import rules_options
from app.rooms.timeline import Step, replay

Plan = tuple[JsonDict | None, float | None]  # a room's timers and deadline (app.rooms.clock)


class Undo:
    def __init__(self, ctx: RoomContext, cache: RoomCache, *, arm_timers: RoomHook) -> None:
        self.ctx = ctx
        self.cache = cache
        self.arm_timers = arm_timers

    async def request(self, room_id: str, *, user: User) -> JsonDict:
        """Take back the caller's last move (casual), or ask the table (rated)."""
        live = await self.cache.live(room_id)
        async with live.lock:
            if live.stale:
                await self.cache.reload(live)
            seat = seat_of(live, user)
            needed = voters(live, seat)
            async with self.ctx.transaction() as session:
                row = await locked_room_request(session, room_id, "undo")
                step = await self.last_step(session, live, seat)
                if not live.rated or not needed:
                    planned = await self._commit(session, live, seat, step)
                    data = None
                else:
                    if row is not None and row.status == "open":
                        if row.version == live.version:
                            raise Conflict("an undo is already asked", code="request_pending")
                        decide(row, "expired")
                    row = RoomRequest(
                        room_id=room_id, kind="undo", seat=seat, user_id=user.id,
                        version=live.version, votes="{}", status="open",
                    )  # fmt: skip
                    session.add(row)
                    await session.flush()
                    data = request_json(row)
            if data is None:
                await self._published(live, step, planned)
                return {"status": "done", "version": live.version}
        await announce_request(self.ctx.hub, room_id, data)
        return {"status": "pending", "version": live.version, "request": data}

    async def answer(self, room_id: str, *, user: User, accept: bool) -> JsonDict:
        """Accept or decline the open undo request (its asker may decline: withdraw it)."""
        live = await self.cache.live(room_id)
        async with live.lock:
            if live.stale:
                await self.cache.reload(live)
            seat = seat_of(live, user)
            step: Step | None = None
            planned: Plan = (None, None)
            async with self.ctx.transaction() as session:
                row = await locked_room_request(session, room_id, "undo")
                if row is None or row.status != "open":
                    raise Conflict("no undo is asked", code="no_request")
                if row.version != live.version or live.status != "playing":
                    decide(row, "expired")  # a move was made since: the request is void
                elif seat == row.seat:
                    if accept:
                        raise Conflict("the others answer your request", code="own_request")
                    decide(row, "cancelled")
                else:
                    needed = voters(live, row.seat)
                    if seat not in needed:
                        raise NotAMember("only the other players answer")
                    vote(row, seat, accept, needed)
                    if row.status == "accepted":
                        step = await self.last_step(session, live, row.seat)
                        planned = await self._commit(session, live, row.seat, step)
                data = request_json(row)
            if step is not None:
                await self._published(live, step, planned)
        await announce_request(self.ctx.hub, room_id, data)
        assert data is not None
        return data

    async def can_take_back(self, room_id: str, seat: int) -> bool:
        """Whether ``seat``'s last move may be taken back now (a reloaded page asks)."""
        live = await self.cache.live(room_id)
        if live.status != "playing":
            return False
        if live.undoable_version == live.version:  # this process applied it: known
            return True
        async with self.ctx.sessions() as session:
            try:
                await self.last_step(session, live, seat)
            except Conflict:
                return False
        return True

    async def last_step(self, session: AsyncSession, live: LiveRoom, seat: int) -> Step:
        """The seat's last move in force, if the rules let it be taken back (else Conflict)."""
        if live.status != "playing" or live.state is None or live.seed is None:
            raise Conflict(f"the room is {live.status}", code="game_not_running")
        game = get_game(live.game_id)
        rows = await repository.move_log(session, live.id)
        initial = game.setup(
            live.seat_count, rules_options(game.INFO, live.options), int(live.seed)
        )
        steps = replay(game, initial, rows).steps
        if not steps or steps[-1].seat != seat:
            raise Conflict("only your last move can be taken back", code="not_your_last_move")
        step = steps[-1]
        if not undoable(game, step.before, step.move, step.after):
            raise Conflict(
                "this move drew or revealed something: it cannot be taken back",
                code="not_undoable",
            )
        return step

    async def _commit(self, session: AsyncSession, live: LiveRoom, seat: int, step: Step) -> Plan:
        """The undo row and the room back at the state before the move (room row locked)."""
        room = await repository.get_room(session, live.id, lock=True)
        if room is None or room.version != live.version:
            raise Conflict("the room moved on; try again", code="conflict")
        if room.seats_version != live.seats_version:  # seats changed on another process
            live.stale = True
            raise Conflict("the seats changed; try again", code="conflict")
        now = datetime.now(UTC)
        room.state, room.version, room.updated_at = dumps(step.before), live.version + 1, now
        timers, room.deadline_at = planned = self.ctx.plan_timers(
            live, state=step.before, version=live.version + 1, mover=seat
        )
        room.timers = dumps(timers) if timers is not None else None
        session.add(
            MoveRecord(
                room_id=live.id, seq=live.version, seat=seat, client_move_id=None,
                move=dumps({"undo": step.seq}), kind="undo", created_at=now,
            )
        )  # fmt: skip
        return planned

    async def _published(self, live: LiveRoom, step: Step, planned: Plan) -> None:
        """After the commit: the cache takes the state back, every audience gets its patch."""
        listening = self.ctx.hub.listening(live.id, live.audiences())
        previous = {audience: live.view_for(audience) for audience in listening}
        version = live.version + 1
        live.set_state(step.before, version)
        live.set_timers(*planned)
        await publish_versions(
            self.ctx.hub, live, previous=previous, version=live.version, audiences=listening
        )
        self.arm_timers(live)


def seat_of(live: LiveRoom, user: User) -> int:
    seat = live.seat_of(user.id)
    if seat is None:
        raise NotAMember("you have no seat in this room")
    return seat
