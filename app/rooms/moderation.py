"""Chat moderation: players report a message; the host and admins delete messages and
mute a user in a room; admins list and resolve reports.

A deleted message keeps its row (reports point at it) with its text emptied and
``deleted`` set, and every socket of the room is told (``{"type": "chat_deleted",
"id"}``). A muted user's chat lines are refused with ``muted`` (app.rooms.chat) until
unmuted. Auditing is the caller's (app.api.moderation): every action is logged there.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, exists, select

from app.db.models import ChatMessage, ChatReport, RoomMute, User
from app.errors import Forbidden, NotFound
from app.games.interface import JsonDict
from app.realtime.hub import RoomEvent
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, dumps
from app.rooms.live import LiveRoom


def require_moderator(live: LiveRoom, user: User) -> None:
    if live.host_id != user.id and not user.is_admin:
        raise Forbidden("only the host or an admin can moderate this chat", code="not_host")


class Moderation:
    def __init__(self, ctx: RoomContext, cache: RoomCache) -> None:
        self.ctx = ctx
        self.cache = cache

    async def _message(self, session: Any, room_id: str, message_id: int) -> ChatMessage:
        message = await session.get(ChatMessage, message_id)
        if message is None or message.room_id != room_id:
            raise NotFound("no such message in this room", code="message_not_found")
        return message

    async def report(self, room_id: str, message_id: int, *, user: User, reason: str) -> JsonDict:
        async with self.ctx.transaction() as session:
            message = await self._message(session, room_id, message_id)
            report = ChatReport(
                message_id=message.id, room_id=room_id, reporter_id=user.id, reason=reason
            )
            session.add(report)
            await session.flush()
            return {"id": report.id, "message": message.id, "status": report.status}

    async def delete_message(self, room_id: str, message_id: int, *, user: User) -> JsonDict:
        live = await self.cache.live(room_id)
        require_moderator(live, user)
        async with self.ctx.transaction() as session:
            message = await self._message(session, room_id, message_id)
            removed = {"id": message.id, "user_id": message.user_id, "text": message.text}
            message.text = ""
            message.deleted = True
        payload = {"type": "chat_deleted", "id": message_id}
        await self.ctx.hub.publish(RoomEvent(room_id=room_id, kind="chat", text=dumps(payload)))
        return removed

    async def mute(self, room_id: str, user_id: str, *, user: User) -> None:
        live = await self.cache.live(room_id)
        require_moderator(live, user)
        if user_id == live.host_id:
            raise Forbidden("the host cannot be muted", code="cannot_mute_host")
        async with self.ctx.transaction() as session:
            if await session.get(User, user_id) is None:
                raise NotFound("no such user", code="user_not_found")
            if await session.get(RoomMute, (room_id, user_id)) is None:
                session.add(RoomMute(room_id=room_id, user_id=user_id, muted_by=user.id))

    async def unmute(self, room_id: str, user_id: str, *, user: User) -> None:
        live = await self.cache.live(room_id)
        require_moderator(live, user)
        async with self.ctx.transaction() as session:
            await session.execute(
                delete(RoomMute).where(RoomMute.room_id == room_id, RoomMute.user_id == user_id)
            )

    async def muted(self, room_id: str) -> list[str]:
        async with self.ctx.sessions() as session:
            rows = await session.scalars(
                select(RoomMute.user_id).where(RoomMute.room_id == room_id)
            )
            return list(rows.all())

    async def is_muted(self, room_id: str, user_id: str) -> bool:
        async with self.ctx.sessions() as session:
            found = await session.scalar(
                select(exists().where(RoomMute.room_id == room_id, RoomMute.user_id == user_id))
            )
            return bool(found)

    async def reports(self, *, status: str | None = "open", limit: int = 200) -> list[JsonDict]:
        """Reports, newest first, with the message, its author and the reporter."""
        async with self.ctx.sessions() as session:
            statement = (
                select(ChatReport, ChatMessage)
                .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
                .order_by(ChatReport.id.desc())
                .limit(limit)
            )
            if status:
                statement = statement.where(ChatReport.status == status)
            rows = (await session.execute(statement)).all()
            people = {
                u.id: u.display_name
                for u in await session.scalars(
                    select(User).where(User.id.in_({r.reporter_id for r, _ in rows}))
                )
            }
        return [
            {
                "id": report.id,
                "room": report.room_id,
                "message": message.id,
                "text": message.text,
                "deleted": message.deleted,
                "author": message.name,
                "author_id": message.user_id,
                "reporter": people.get(report.reporter_id, "?"),
                "reason": report.reason,
                "status": report.status,
                "at": report.created_at.isoformat(),
            }
            for report, message in rows
        ]

    async def resolve(self, report_id: int) -> JsonDict:
        async with self.ctx.transaction() as session:
            report = await session.get(ChatReport, report_id)
            if report is None:
                raise NotFound("no such report", code="report_not_found")
            report.status = "resolved"
            return {"id": report.id, "room": report.room_id, "status": report.status}
