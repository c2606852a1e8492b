"""Admin queries (overview, rooms, users, audit log) and audited actions on people.

Actions on rooms go through the RoomService (the only writer of rooms); this module
writes the audit entry for each of them, in the same request.
"""

from __future__ import annotations

import time
from typing import Any

import orjson
from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import public_user
from app.db.models import AuditEntry, Room, Seat, User
from app.errors import Conflict, InvalidRequest, NotFound
from app.realtime.hub import SPECTATOR
from app.rooms.live import LiveRoom
from app.rooms.service import RoomService


async def audit(
    session: AsyncSession,
    *,
    admin: User,
    action: str,
    target_type: str,
    target_id: str,
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEntry:
    entry = AuditEntry(
        admin_id=admin.id,
        admin_name=admin.display_name,
        action=action,
        target_type=target_type,
        target_id=target_id,
        reason=reason.strip()[:500],
        details=orjson.dumps(details or {}).decode(),
    )
    session.add(entry)
    await session.flush()
    return entry


def entry_json(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "at": entry.created_at.isoformat(),
        "admin": entry.admin_name,
        "admin_id": entry.admin_id,
        "action": entry.action,
        "target_type": entry.target_type,
        "target_id": entry.target_id,
        "reason": entry.reason,
        "details": orjson.loads(entry.details),
    }


async def audit_log(session: AsyncSession, *, limit: int = 200) -> list[dict[str, Any]]:
    rows = await session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit))
    return [entry_json(entry) for entry in rows]


async def room_counts(session: AsyncSession) -> list[dict[str, Any]]:
    rows = await session.execute(
        select(Room.game, Room.status, func.count()).group_by(Room.game, Room.status)
    )
    return [{"game": game, "status": status, "count": count} for game, status, count in rows]


async def deadlines(session: AsyncSession, *, overdue_after: float = 5.0) -> dict[str, Any]:
    """Rooms waiting on a clock or timer (``deadline_at``), and those overdue (should be none).

    A deadline is overdue when it passed more than ``overdue_after`` seconds ago and no
    process claimed it (a claim moves it a lease ahead: app.rooms.scheduler).
    """
    now = time.time()
    waiting = await session.scalar(
        select(func.count()).where(Room.status == "playing", Room.deadline_at.is_not(None))
    )
    overdue = (
        await session.execute(
            select(Room.id, Room.game, Room.deadline_at)
            .where(Room.status == "playing", Room.deadline_at < now - overdue_after)
            .order_by(Room.deadline_at)
            .limit(20)
        )
    ).all()
    return {
        "waiting": int(waiting or 0),
        "overdue": [
            {"id": room_id, "game": game, "late_seconds": round(now - (at or now), 1)}
            for room_id, game, at in overdue
        ],
    }


async def search_rooms(
    session: AsyncSession,
    *,
    game: str | None = None,
    status: str | None = None,
    query: str | None = None,
    limit: int = 100,
) -> list[dict[str, Any]]:
    statement = select(Room).order_by(Room.updated_at.desc()).limit(limit)
    if game:
        statement = statement.where(Room.game == game)
    if status:
        statement = statement.where(Room.status == status)
    if query:
        pattern = f"%{query.lower()}%"
        people = (
            select(Seat.room_id)
            .outerjoin(User, User.id == Seat.user_id)
            .where(
                or_(
                    func.lower(Seat.name).like(pattern),
                    func.lower(func.coalesce(User.username, "")).like(pattern),
                )
            )
        )
        hosts = select(User.id).where(
            or_(
                func.lower(User.display_name).like(pattern),
                func.lower(func.coalesce(User.username, "")).like(pattern),
            )
        )
        statement = statement.where(
            or_(Room.id.in_(people), Room.host_id.in_(hosts), Room.id == query)
        )
    rooms = list(await session.scalars(statement))
    seats = await session.scalars(
        select(Seat).where(Seat.room_id.in_([room.id for room in rooms])).order_by(Seat.position)
    )
    names: dict[str, list[str]] = {}
    for seat in seats:
        names.setdefault(seat.room_id, []).append(seat.name)
    return [
        {
            "id": room.id,
            "game": room.game,
            "status": room.status,
            "private": room.private,
            "version": room.version,
            "seats": names.get(room.id, []),
            "host_id": room.host_id,
            "updated_at": room.updated_at.isoformat(),
        }
        for room in rooms
    ]


async def inspect_room(rooms: RoomService, live: LiveRoom) -> dict[str, Any]:
    """Everything about one room, including the state as each seat and a spectator see it."""
    # Exactly what each audience's socket holds (cached per version).
    views = {audience: live.view_for(audience) for audience in live.audiences()}
    views = {audience: view for audience, view in views.items() if view is not None}
    return {
        "room": live.summary(),
        "presence": await rooms.hub.presence(live.id),
        "moves": await rooms.move_log(live.id, viewer=None, with_client_ids=True),
        "chat": await rooms.chat_history(live.id, limit=500),
        "views": views,
        "spectator": SPECTATOR,
    }


def user_json(user: User) -> dict[str, Any]:
    """The public user plus what admins see."""
    return {**public_user(user), "banned": user.banned, "created_at": user.created_at.isoformat()}


async def search_users(
    session: AsyncSession, *, query: str | None = None, limit: int = 100
) -> list[dict[str, Any]]:
    statement = select(User).order_by(User.created_at.desc()).limit(limit)
    if query:
        pattern = f"%{query.lower()}%"
        statement = statement.where(
            or_(
                func.lower(User.display_name).like(pattern),
                func.lower(func.coalesce(User.username, "")).like(pattern),
                User.id == query,
            )
        )
    return [user_json(user) for user in await session.scalars(statement)]


async def user_history(session: AsyncSession, user_id: str) -> dict[str, Any]:
    user = await session.get(User, user_id)
    if user is None:
        raise NotFound("no such user", code="user_not_found")
    rooms = await session.execute(
        select(Room, Seat.position)
        .join(Seat, Seat.room_id == Room.id)
        .where(Seat.user_id == user_id)
        .order_by(Room.updated_at.desc())
        .limit(100)
    )
    entries = await session.scalars(
        select(AuditEntry)
        .where(AuditEntry.target_id == user_id)
        .order_by(AuditEntry.id.desc())
        .limit(50)
    )
    return {
        "user": user_json(user),
        "rooms": [
            {"id": room.id, "game": room.game, "status": room.status, "seat": position}
            for room, position in rooms
        ],
        "audit": [entry_json(entry) for entry in entries],
    }


async def _locked_user(session: AsyncSession, user_id: str) -> User:
    user = await session.get(User, user_id, with_for_update=True)
    if user is None:
        raise NotFound("no such user", code="user_not_found")
    return user


async def _change_user(
    session: AsyncSession, *, admin: User, user: User, flag: str, value: bool, action: str,
    reason: str,
) -> User:  # fmt: skip
    """Set one boolean flag of a user and audit it; refuse a change that changes nothing."""
    if getattr(user, flag) == value:
        raise Conflict("nothing to change", code="unchanged")
    setattr(user, flag, value)
    await audit(
        session,
        admin=admin,
        action=action,
        target_type="user",
        target_id=user.id,
        reason=reason,
        details={"name": user.display_name},
    )
    return user


async def set_banned(
    session: AsyncSession, *, admin: User, user_id: str, banned: bool, reason: str
) -> User:
    user = await _locked_user(session, user_id)
    if user.id == admin.id:
        raise InvalidRequest("admins cannot ban themselves", code="cannot_ban_self")
    action = "ban" if banned else "unban"
    return await _change_user(
        session, admin=admin, user=user, flag="banned", value=banned, action=action,
        reason=reason,
    )  # fmt: skip


async def set_admin(
    session: AsyncSession, *, admin: User, user_id: str, is_admin: bool, reason: str
) -> User:
    user = await _locked_user(session, user_id)
    if user.id == admin.id and not is_admin:
        raise InvalidRequest("admins cannot demote themselves", code="cannot_demote_self")
    if user.is_guest and is_admin:
        raise InvalidRequest("guests cannot be admins", code="guest_cannot_be_admin")
    action = "promote" if is_admin else "demote"
    return await _change_user(
        session, admin=admin, user=user, flag="is_admin", value=is_admin, action=action,
        reason=reason,
    )  # fmt: skip
