"""Proposals to the table (a rated game's undo, a rematch): stored rows, votes, events.

A request is a row of ``room_requests``; it is read and changed with the room row locked
(so processes agree), and every change is announced to the room as
``{"type": "request", "request": {...}}``. The seats that vote are the other seats
held by a person (bots have no say).
"""

from __future__ import annotations

from datetime import UTC, datetime

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import MoveRecord, RoomRequest
from app.games.interface import JsonDict
from app.realtime.hub import Hub, RoomEvent
from app.rooms import repository
from app.rooms.context import RoomContext, dumps
from app.rooms.live import LiveRoom

KINDS = ("undo", "rematch")


def voters(live: LiveRoom, asker: int) -> set[int]:
    """Seats whose agreement is needed: every other seat a person holds."""
    return {seat.position for seat in live.seats if seat.user_id and seat.position != asker}


def votes_of(row: RoomRequest) -> dict[int, bool]:
    return {int(seat): bool(vote) for seat, vote in orjson.loads(row.votes or "{}").items()}


def vote(row: RoomRequest, seat: int, accept: bool, needed: set[int]) -> None:
    """Record one seat's answer; decide the request when it is a no or the last yes."""
    votes = votes_of(row)
    votes[seat] = accept
    row.votes = dumps({str(s): v for s, v in sorted(votes.items())})
    if not accept:
        decide(row, "declined")
    elif needed <= {s for s, v in votes.items() if v}:
        decide(row, "accepted")


def decide(row: RoomRequest, status: str) -> None:
    row.status = status
    row.decided_at = datetime.now(UTC)


def request_json(row: RoomRequest | None) -> JsonDict | None:
    if row is None:
        return None
    return {
        "id": row.id,
        "kind": row.kind,
        "seat": row.seat,
        "version": row.version,
        "status": row.status,
        "votes": {str(seat): vote for seat, vote in votes_of(row).items()},
        "new_room": row.new_room_id,
    }


async def latest(session: AsyncSession, room_id: str, kind: str) -> RoomRequest | None:
    return await session.scalar(
        select(RoomRequest)
        .where(RoomRequest.room_id == room_id, RoomRequest.kind == kind)
        .order_by(RoomRequest.id.desc())
        .limit(1)
    )


async def locked_room_request(session: AsyncSession, room_id: str, kind: str) -> RoomRequest | None:
    """The room row locked (proposals serialise on it), then its latest request of ``kind``."""
    await repository.get_room(session, room_id, lock=True)
    return await latest(session, room_id, kind)


async def announce_request(hub: Hub, room_id: str, data: JsonDict | None) -> None:
    payload = {"type": "request", "request": data}
    await hub.publish(RoomEvent(room_id=room_id, kind="request", text=dumps(payload)))


async def current(ctx: RoomContext, room_id: str) -> JsonDict:
    """The latest request of each kind (``GET /api/rooms/{id}/requests``), and the last move in
    force (``{"seat", "version"}``, or ``null`` after an undo) so a reloaded page knows
    whether to offer its player the undo button."""
    async with ctx.sessions() as session:
        out = {kind: request_json(await latest(session, room_id, kind)) for kind in KINDS}
        last = await session.scalar(
            select(MoveRecord)
            .where(MoveRecord.room_id == room_id)
            .order_by(MoveRecord.seq.desc())
            .limit(1)
        )
    in_force = last is not None and last.kind == "move" and last.seat is not None
    out["last_move"] = {"seat": last.seat, "version": last.seq + 1} if last and in_force else None
    return out
