"""The admin dashboard: JSON endpoints (admin role only, every action audited), the
/admin page, and /metrics (admins, or a bearer token, or open when configured)."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import Field

from app.admin import service as admin_service
from app.api.deps import AdminUser, RoomsDep, SessionDep, SettingsDep, optional_user
from app.api.pages import render
from app.api.validation import RequestModel
from app.errors import Forbidden, NotAuthenticated

router = APIRouter(prefix="/api/admin", tags=["admin"])
pages = APIRouter()


class Reason(RequestModel):
    reason: str = Field(default="", max_length=500)


class MessageIn(RequestModel):
    text: str = Field(min_length=1, max_length=2000)


class AdminFlag(Reason):
    admin: bool


@router.get("/overview")
async def overview(
    request: Request, _admin: AdminUser, session: SessionDep, rooms: RoomsDep
) -> dict[str, Any]:
    """Live figures: sockets, rooms by status and game, moves/min, latency, errors."""
    metrics = request.app.state.metrics
    return {
        "sockets": len(request.app.state.sockets),
        "rooms": await admin_service.room_counts(session),
        "recent": metrics.recent.summary(),
        "moves_accepted": rooms.moves_accepted,
        "deadlines": await admin_service.deadlines(session),
        "processes": "this process" if not rooms.hub.distributed else "this process (of several)",
    }


@router.get("/rooms")
async def list_rooms(
    _admin: AdminUser,
    session: SessionDep,
    game: str | None = None,
    status: str | None = None,
    q: str | None = None,
) -> list[dict[str, Any]]:
    """Rooms filtered by game and status, searched by host, player or room id."""
    return await admin_service.search_rooms(session, game=game, status=status, query=q)


@router.get("/rooms/{room_id}")
async def inspect_room(room_id: str, _admin: AdminUser, rooms: RoomsDep) -> dict[str, Any]:
    """Seats, presence, version, move log, chat, and the state as each audience sees it."""
    return await admin_service.inspect_room(rooms, await rooms.live(room_id))


@router.post("/rooms/{room_id}/close")
async def close_room(
    room_id: str, body: Reason, admin: AdminUser, session: SessionDep, rooms: RoomsDep
) -> dict[str, Any]:
    live = await rooms.close_room(room_id)
    await admin_service.audit(
        session, admin=admin, action="close_room", target_type="room", target_id=room_id,
        reason=body.reason,
    )  # fmt: skip
    return live.summary()


@router.post("/rooms/{room_id}/seats/{position}/kick")
async def kick_seat(
    room_id: str, position: int, body: Reason, admin: AdminUser, session: SessionDep,
    rooms: RoomsDep,
) -> dict[str, Any]:  # fmt: skip
    """Remove a player: the seat is freed before the start, handed to a bot during play."""
    live = await rooms.live(room_id)
    kicked = live.seats[position].user_id if 0 <= position < len(live.seats) else None
    live = await rooms.replace_with_bot(room_id, position=position)
    await admin_service.audit(
        session, admin=admin, action="kick_seat", target_type="room", target_id=room_id,
        reason=body.reason, details={"seat": position, "user_id": kicked},
    )  # fmt: skip
    return live.summary()


@router.post("/rooms/{room_id}/seats/{position}/bot")
async def seat_to_bot(
    room_id: str, position: int, body: Reason, admin: AdminUser, session: SessionDep,
    rooms: RoomsDep,
) -> dict[str, Any]:  # fmt: skip
    """Replace a seat by a bot (the player keeps watching as a spectator)."""
    live = await rooms.replace_with_bot(room_id, position=position)
    await admin_service.audit(
        session, admin=admin, action="seat_to_bot", target_type="room", target_id=room_id,
        reason=body.reason, details={"seat": position},
    )  # fmt: skip
    return live.summary()


@router.post("/rooms/{room_id}/message")
async def system_message(
    room_id: str, body: MessageIn, admin: AdminUser, session: SessionDep, rooms: RoomsDep
) -> dict[str, bool]:
    await rooms.system_message(room_id, text=body.text)
    await admin_service.audit(
        session, admin=admin, action="system_message", target_type="room", target_id=room_id,
        details={"text": body.text},
    )  # fmt: skip
    return {"ok": True}


@router.get("/users")
async def list_users(
    _admin: AdminUser, session: SessionDep, q: str | None = None
) -> list[dict[str, Any]]:
    return await admin_service.search_users(session, query=q)


@router.get("/users/{user_id}")
async def user_history(user_id: str, _admin: AdminUser, session: SessionDep) -> dict[str, Any]:
    return await admin_service.user_history(session, user_id)


@router.post("/users/{user_id}/ban")
async def ban(
    user_id: str, body: Reason, admin: AdminUser, session: SessionDep, rooms: RoomsDep
) -> dict[str, Any]:
    """Ban: the user cannot log in or connect, and its open sockets close now."""
    user = await admin_service.set_banned(
        session, admin=admin, user_id=user_id, banned=True, reason=body.reason
    )
    await session.commit()
    await rooms.hub.publish_control(
        {"type": "disconnect_user", "user_id": user_id, "reason": "banned"}
    )
    return admin_service.user_json(user)


@router.post("/users/{user_id}/unban")
async def unban(
    user_id: str, body: Reason, admin: AdminUser, session: SessionDep
) -> dict[str, Any]:
    user = await admin_service.set_banned(
        session, admin=admin, user_id=user_id, banned=False, reason=body.reason
    )
    return admin_service.user_json(user)


@router.post("/users/{user_id}/admin")
async def promote(
    user_id: str, body: AdminFlag, admin: AdminUser, session: SessionDep
) -> dict[str, Any]:
    """Promote to admin (``admin: true``) or demote."""
    user = await admin_service.set_admin(
        session, admin=admin, user_id=user_id, is_admin=body.admin, reason=body.reason
    )
    return admin_service.user_json(user)


@router.get("/audit")
async def audit_log(_admin: AdminUser, session: SessionDep) -> list[dict[str, Any]]:
    """Every admin action: who, when, what, why."""
    return await admin_service.audit_log(session)


@pages.get("/admin", response_class=HTMLResponse, include_in_schema=False)
async def admin_page(request: Request, admin: AdminUser) -> HTMLResponse:
    return render(request, "admin.html", admin)


@pages.get("/metrics", include_in_schema=False)
async def metrics(request: Request, response: Response, settings: SettingsDep) -> Response:
    """Prometheus text format; admins, the bearer token, or anyone if metrics_public.

    The metrics token is judged first: read as an API token (the users' ``Authorization:
    Bearer``) it was refused with 401 before this route could compare it, so every
    bench's and scraper's read with it failed."""
    token = request.headers.get("authorization", "")
    expected = f"Bearer {settings.metrics_token}"
    allowed = settings.metrics_public or (
        bool(settings.metrics_token) and secrets.compare_digest(token, expected)
    )
    user = None
    if not allowed:
        user = await optional_user(request, response, request.app.state.signer)
        allowed = user is not None and user.is_admin and not user.banned
    if not allowed:
        if user is None and not token:
            raise NotAuthenticated("metrics need an admin session or the metrics token")
        raise Forbidden("metrics need an admin session or the metrics token")
    body = request.app.state.metrics.render()
    return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")
