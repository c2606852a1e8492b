"""Chat moderation over JSON (app.rooms.moderation); every action goes to the audit log
with the acting user (a reporter, the host or an admin) in its ``admin_*`` columns."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import Field

from app.admin.service import audit
from app.api.deps import AdminUser, CurrentUser, RoomsDep, SessionDep
from app.api.validation import RequestModel

router = APIRouter(prefix="/api", tags=["moderation"])
# Row ids are 32-bit integers in the database: a larger one is a 422, not a query error.
RowId = Annotated[int, Path(ge=1, le=2_147_483_647)]


class ReportIn(RequestModel):
    reason: str = Field(default="", max_length=500)


class MuteIn(RequestModel):
    user_id: str = Field(min_length=1, max_length=32)
    reason: str = Field(default="", max_length=500)


@router.post("/rooms/{room_id}/chat/{message_id}/report", status_code=201)
async def report_message(
    room_id: str, message_id: RowId, body: ReportIn, user: CurrentUser, rooms: RoomsDep,
    session: SessionDep, code: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Anyone who may watch the room reports a line to the admins."""
    live = await rooms.live(room_id)
    rooms.require_watch(live, user, code)
    report = await rooms.moderation.report(room_id, message_id, user=user, reason=body.reason)
    await audit(
        session, admin=user, action="report_message", target_type="message",
        target_id=str(message_id), reason=body.reason, details={"room": room_id},
    )  # fmt: skip
    return report


@router.post("/rooms/{room_id}/chat/{message_id}/delete")
async def delete_message(
    room_id: str, message_id: RowId, body: ReportIn, user: CurrentUser, rooms: RoomsDep,
    session: SessionDep,
) -> dict[str, bool]:  # fmt: skip
    """The host or an admin removes a line (its text is gone for everyone)."""
    removed = await rooms.moderation.delete_message(room_id, message_id, user=user)
    await audit(
        session, admin=user, action="delete_message", target_type="message",
        target_id=str(message_id), reason=body.reason,
        details={"room": room_id, "author": removed["user_id"], "text": removed["text"]},
    )  # fmt: skip
    return {"ok": True}


@router.get("/rooms/{room_id}/mutes")
async def list_mutes(room_id: str, user: CurrentUser, rooms: RoomsDep) -> list[str]:
    from app.rooms.moderation import require_moderator

    require_moderator(await rooms.live(room_id), user)
    return await rooms.moderation.muted(room_id)


@router.post("/rooms/{room_id}/mute")
async def mute(
    room_id: str, body: MuteIn, user: CurrentUser, rooms: RoomsDep, session: SessionDep
) -> dict[str, bool]:
    """The host or an admin silences a user in this room's chat."""
    await rooms.moderation.mute(room_id, body.user_id, user=user)
    await audit(
        session, admin=user, action="mute", target_type="user", target_id=body.user_id,
        reason=body.reason, details={"room": room_id},
    )  # fmt: skip
    return {"ok": True}


@router.post("/rooms/{room_id}/unmute")
async def unmute(
    room_id: str, body: MuteIn, user: CurrentUser, rooms: RoomsDep, session: SessionDep
) -> dict[str, bool]:
    await rooms.moderation.unmute(room_id, body.user_id, user=user)
    await audit(
        session, admin=user, action="unmute", target_type="user", target_id=body.user_id,
        reason=body.reason, details={"room": room_id},
    )  # fmt: skip
    return {"ok": True}


@router.get("/admin/reports")
async def reports(
    _admin: AdminUser, rooms: RoomsDep, status: str | None = "open"
) -> list[dict[str, Any]]:
    """Chat reports for the dashboard (``status=open`` by default, ``status=`` for all)."""
    return await rooms.moderation.reports(status=status or None)


@router.post("/admin/reports/{report_id}/resolve")
async def resolve_report(
    report_id: RowId, body: ReportIn, admin: AdminUser, rooms: RoomsDep, session: SessionDep
) -> dict[str, Any]:
    resolved = await rooms.moderation.resolve(report_id)
    await audit(
        session, admin=admin, action="resolve_report", target_type="report",
        target_id=str(report_id), reason=body.reason, details={"room": resolved["room"]},
    )  # fmt: skip
    return resolved
