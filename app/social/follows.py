"""Follows and who is online: an account follows others and sees which of them play now.

"Online" is what the room sockets already record (app.realtime.presence): a followed
player is online when a socket is connected to a room where they hold a seat, the room
waiting or playing; that room is "their table". The hub counts sockets per room and
seat, in memory with one process and in Redis across processes, where a dead process's
sockets stop counting within ``presence_ttl_seconds``. So nothing new is written
anywhere, and a player who closes the game's tab goes offline with the socket. A player
on a page with no room socket (the lobby, a profile) counts as offline: the hall has no
socket of its own yet.

Which table is shown: the caller sees a table's ``room_id`` only if they could open it
anyway: a public room, or one where the caller holds a seat; otherwise ``online`` is
true and ``room_id`` null. Among several tables, one the caller may see first, then a
game in play before one waiting, then the most recently active.

``POST /api/users/{name}/follow`` is idempotent (200 and the same body each time);
so is ``DELETE``. Only accounts follow and are followed, as for challenges; following
a player who blocked you, or whom you blocked, is refused (403 ``blocked``).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Final

from sqlalchemy import delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import Follow, Room, Seat, User, aware
from app.errors import Forbidden, InvalidRequest
from app.games.interface import JsonDict
from app.realtime.hub import Hub
from app.social.blocks import blocks, find_account, insert_pair, require_account

MAX_FOLLOWING: Final = 500
MAX_TABLES: Final = 200  # presence is read for at most this many tables per listing
LIVE: Final = ("playing", "waiting")


async def relation(session: AsyncSession, viewer: User, target: User) -> JsonDict:
    """``following`` and ``blocked`` from ``viewer`` to ``target`` (the profile's flags)."""
    following = await session.scalar(
        select(Follow.follower_id).where(
            Follow.follower_id == viewer.id, Follow.followed_id == target.id
        )
    )
    return {
        "following": following is not None,
        "blocked": await blocks(session, viewer.id, target.id),
    }


class Follows:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], hub: Hub) -> None:
        self.sessions = sessions
        self.hub = hub

    async def follow(self, user: User, name: str) -> JsonDict:
        require_account(user, "follow players")
        async with self.sessions() as session, session.begin():
            target = await find_account(session, name)
            if target.id == user.id:
                raise InvalidRequest("you cannot follow yourself", code="self_follow")
            if await blocks(session, target.id, user.id):
                raise Forbidden("this player blocked you", code="blocked")
            if await blocks(session, user.id, target.id):
                raise Forbidden("you blocked this player: unblock them first", code="blocked")
            count = await session.scalar(select(func.count()).where(Follow.follower_id == user.id))
            if (count or 0) >= MAX_FOLLOWING:
                already = await relation(session, user, target)
                if not already["following"]:
                    raise InvalidRequest(
                        f"at most {MAX_FOLLOWING} players followed", code="too_many_follows"
                    )
            await insert_pair(
                session, Follow, follower_id=user.id, followed_id=target.id,
                created_at=datetime.now(UTC),
            )  # fmt: skip
            return {"name": target.username, "following": True}

    async def unfollow(self, user: User, name: str) -> JsonDict:
        require_account(user, "follow players")
        async with self.sessions() as session, session.begin():
            target = await find_account(session, name)
            await session.execute(
                delete(Follow).where(Follow.follower_id == user.id, Follow.followed_id == target.id)
            )
            return {"name": target.username, "following": False}

    async def following(self, user: User) -> list[JsonDict]:
        """The accounts ``user`` follows: online ones first, then by name."""
        require_account(user, "follow players")
        async with self.sessions() as session:
            people = list(
                await session.scalars(
                    select(User)
                    .join(Follow, Follow.followed_id == User.id)
                    .where(
                        Follow.follower_id == user.id,
                        User.deleted_at.is_(None),
                        or_(User.banned.is_(False), User.banned.is_(None)),
                    )
                )
            )
            ids = [person.id for person in people]
            seated = (
                await session.execute(
                    select(
                        Seat.user_id,
                        Seat.position,
                        Room.id,
                        Room.private,
                        Room.status,
                        Room.updated_at,
                    )
                    .join(Room, Room.id == Seat.room_id)
                    .where(Seat.user_id.in_(ids), Room.status.in_(LIVE))
                    .order_by(Room.updated_at.desc())
                    .limit(MAX_TABLES)
                )  # fmt: skip
            ).all()
            rooms = sorted({row.id for row in seated})
            mine = set(
                await session.scalars(
                    select(Seat.room_id).where(Seat.user_id == user.id, Seat.room_id.in_(rooms))
                )
            )
        presence = dict(
            zip(rooms, await asyncio.gather(*(self.hub.presence(r) for r in rooms)), strict=True)
        )
        tables: dict[str, list[tuple[tuple[bool, bool, float], str | None]]] = {}
        for row in seated:
            if presence[row.id].get(str(row.position), 0) <= 0:
                continue  # seated, but no socket of that seat is open
            visible = not row.private or row.id in mine
            rank = (visible, row.status == "playing", aware(row.updated_at).timestamp())
            tables.setdefault(row.user_id, []).append((rank, row.id if visible else None))
        out = []
        for person in people:
            seen = max(tables.get(person.id, []), default=None, key=lambda table: table[0])
            out.append(
                {
                    "name": person.username,
                    "display_name": person.display_name,
                    "online": seen is not None,
                    "room_id": None if seen is None else seen[1],
                    "bot": bool(person.is_bot),
                }
            )
        out.sort(key=lambda entry: (not entry["online"], str(entry["name"]).lower()))
        return out
