"""Blocks: an account blocks another; the blocked one can no longer reach them.

What a block does (issue 36, the friends part):

- the blocked player cannot challenge the blocker, nor the blocker them
  (``POST /api/challenges`` → 403 ``blocked``, :func:`refuse_challenge`);
- the blocked player cannot take a seat in a private room where the blocker is host
  or seated (``POST /api/rooms/{id}/join`` → 403 ``blocked``, :func:`refuse_at_table`,
  called by the seat command under the room's lock); public rooms stay open to all, as
  the lobby is;
- blocking removes the follows both ways and cancels the open challenges between the
  two (no notification from someone you blocked).

Chat is not filtered: the socket session and the live room are compiled modules
(app.native) and the chat fan-out sends one text to a whole room.

Only accounts block (a guest has no lasting identity to remember a block by); an
account is found by its username, as for challenges. Blocking twice is idempotent.
Admins are not exempt from being blocked, but their moderation rights (joining any
private room without its code) stay theirs: the seat check spares them, as the room
code check does.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import and_, bindparam, delete, func, insert, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import Block, Challenge, Follow, Room, Seat, User
from app.db.raw_pg import Statements
from app.errors import Forbidden, InvalidRequest, NotFound
from app.games.interface import JsonDict

MAX_BLOCKED: Final = 1000  # a list that long is moderation's business, not a player's


def require_account(user: User, doing: str) -> None:
    if user.is_guest:
        raise Forbidden(f"only accounts can {doing}", code="account_required")


async def find_account(session: AsyncSession, name: str) -> User:
    """The account named ``name``: not deleted, not banned (else 404, as for challenges)."""
    target = await session.scalar(
        select(User).where(User.username == name, User.deleted_at.is_(None))
    )
    if target is None or target.banned or target.is_guest:
        raise NotFound(f"no player {name!r}", code="user_not_found")
    return target


async def blocks(session: AsyncSession, blocker_id: str, blocked_id: str) -> bool:
    found = await session.scalar(
        select(Block.blocker_id).where(
            Block.blocker_id == blocker_id, Block.blocked_id == blocked_id
        )
    )
    return found is not None


async def refuse_challenge(session: AsyncSession, sender: User, target: User) -> None:
    """403 ``blocked`` when either has blocked the other."""
    if await blocks(session, target.id, sender.id):
        raise Forbidden("this player does not accept your challenges", code="blocked")
    if await blocks(session, sender.id, target.id):
        raise Forbidden("you blocked this player: unblock them first", code="blocked")


# Built once: one statement under the seat command's lock, on SQLite or asyncpg alike.
_AT_TABLE = select(Block.blocker_id).where(
    Block.blocked_id == bindparam("user_id"),
    or_(
        Block.blocker_id == bindparam("host_id"),
        Block.blocker_id.in_(
            select(Seat.user_id).where(
                Seat.room_id == bindparam("room_id"), Seat.user_id.is_not(None)
            )
        ),
    ),
)


async def refuse_at_table(conn: Statements, user: User, room: Room) -> None:
    """A private room whose host or a seated player blocked ``user``: 403 ``blocked``."""
    if not room.private or user.is_admin or user.is_guest:
        return  # guests cannot be blocked: they have no name to be found by
    found = await conn.fetch(
        _AT_TABLE, {"user_id": user.id, "host_id": room.host_id, "room_id": room.id}
    )
    if found:
        raise Forbidden("a player at this table blocked you", code="blocked")


async def insert_pair(session: AsyncSession, model: type[Block | Follow], **values: Any) -> None:
    """Insert a follow or block row, or nothing when it is there: two tabs racing to
    follow the same player both succeed (idempotent) instead of one hitting the key."""
    table: Any = model.__table__
    name = session.get_bind().dialect.name
    if name == "postgresql":
        statement: Any = postgresql.insert(table).on_conflict_do_nothing()
    elif name == "sqlite":
        statement = sqlite.insert(table).on_conflict_do_nothing()
    else:  # pragma: no cover - the two stores the app runs on
        statement = insert(table)
    await session.execute(statement.values(**values))


def entry(user: User) -> JsonDict:
    return {"name": user.username, "display_name": user.display_name, "bot": bool(user.is_bot)}


def blocked_entry(user: User) -> JsonDict:
    """An account one blocked: with its id, which a room's page uses to hide its chat."""
    return {**entry(user), "id": user.id}


class Blocks:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions

    async def block(self, user: User, name: str) -> JsonDict:
        require_account(user, "block players")
        async with self.sessions() as session, session.begin():
            target = await find_account(session, name)
            if target.id == user.id:
                raise InvalidRequest("you cannot block yourself", code="self_block")
            if not await blocks(session, user.id, target.id):
                count = await session.scalar(
                    select(func.count()).where(Block.blocker_id == user.id)
                )
                if (count or 0) >= MAX_BLOCKED:
                    raise InvalidRequest(
                        f"at most {MAX_BLOCKED} blocked players", code="too_many_blocks"
                    )
                await insert_pair(
                    session, Block, blocker_id=user.id, blocked_id=target.id,
                    created_at=datetime.now(UTC),
                )  # fmt: skip
            await self._sever(session, user.id, target.id)
            return {"name": target.username, "blocked": True}

    async def unblock(self, user: User, name: str) -> JsonDict:
        require_account(user, "block players")
        async with self.sessions() as session, session.begin():
            target = await find_account(session, name)
            await session.execute(
                delete(Block).where(Block.blocker_id == user.id, Block.blocked_id == target.id)
            )
            return {"name": target.username, "blocked": False}

    async def blocked(self, user: User) -> list[JsonDict]:
        """The accounts ``user`` blocked, by name."""
        require_account(user, "block players")
        async with self.sessions() as session:
            rows = await session.scalars(
                select(User)
                .join(Block, Block.blocked_id == User.id)
                .where(Block.blocker_id == user.id, User.deleted_at.is_(None))
                .order_by(User.username)
            )
            return [blocked_entry(row) for row in rows]

    @staticmethod
    async def _sever(session: AsyncSession, a: str, b: str) -> None:
        """No follow either way, no open challenge between them."""
        await session.execute(
            delete(Follow).where(
                or_(
                    and_(Follow.follower_id == a, Follow.followed_id == b),
                    and_(Follow.follower_id == b, Follow.followed_id == a),
                )
            )
        )
        await session.execute(
            update(Challenge)
            .where(
                or_(
                    and_(Challenge.from_user_id == a, Challenge.to_user_id == b),
                    and_(Challenge.from_user_id == b, Challenge.to_user_id == a),
                ),
                Challenge.status == "open",
            )
            .values(status="cancelled", answered_at=datetime.now(UTC))
        )
