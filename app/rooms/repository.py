"""SQL for rooms, seats, the move log and chat (cold paths; the hot path is store.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Row, Select, bindparam, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.db.models import ChatMessage, MoveRecord, Room, Seat, User
from app.text import valid_room_id


def _for_update(statement: Select, session: AsyncSession) -> Select:  # type: ignore[type-arg]
    # SQLite serialises writers already; PostgreSQL needs the row lock.
    if session.bind is not None and session.bind.dialect.name == "postgresql":
        return statement.with_for_update()
    return statement


async def get_room(session: AsyncSession, room_id: str, *, lock: bool = False) -> Room | None:
    if not valid_room_id(room_id):  # no such id can exist: don't send it to the database
        return None
    statement = select(Room).where(Room.id == room_id)
    if lock:
        statement = _for_update(statement, session)
    return await session.scalar(statement)


async def get_seats(session: AsyncSession, room_id: str) -> Sequence[Seat]:
    rows = await session.scalars(
        select(Seat).where(Seat.room_id == room_id).order_by(Seat.position)
    )
    return rows.all()


async def recent_move_ids(
    session: AsyncSession | AsyncConnection, room_id: str, limit: int
) -> list[tuple[str, int, int]]:
    rows = await session.execute(
        select(MoveRecord.client_move_id, MoveRecord.seq, MoveRecord.seat)
        .where(MoveRecord.room_id == room_id, MoveRecord.client_move_id.is_not(None))
        .order_by(MoveRecord.seq.desc())
        .limit(limit)
    )
    return [(cid, seq, seat) for cid, seq, seat in rows.all() if cid is not None][::-1]


async def room_version(session: AsyncSession, room_id: str) -> tuple[str, int] | None:
    """The room's status and version as ``session`` sees them (a replica may lag)."""
    row = (await session.execute(
        select(Room.status, Room.version).where(Room.id == room_id)
    )).first()  # fmt: skip
    return None if row is None else (row[0], row[1])


async def move_log(session: AsyncSession, room_id: str) -> Sequence[MoveRecord]:
    rows = await session.scalars(
        select(MoveRecord).where(MoveRecord.room_id == room_id).order_by(MoveRecord.seq)
    )
    return rows.all()


# Built once; columns on a plain connection: the lobby page asks on every visit, and
# through an ORM session (BEGIN, Room instances, COMMIT) it was 12 % of the page's CPU.
_ROOMS_OF_USER = (
    select(Room.id, Room.game, Room.status)
    .join(Seat, Seat.room_id == Room.id)
    .where(Seat.user_id == bindparam("user_id"))
    .order_by(Room.updated_at.desc())
    .limit(bindparam("limit"))
)


async def rooms_of_user(
    conn: AsyncConnection, user_id: str, *, limit: int = 50
) -> list[Row[str, str, str]]:
    """The rooms the user has a seat in (``id``, ``game``, ``status``), latest first."""
    result = await conn.execute(_ROOMS_OF_USER, {"user_id": user_id, "limit": limit})
    return list(result.all())


# Columns, not ORM objects, on a plain connection: every room socket asks for the chat
# on connect (with a session and one instance per message, the ORM cost more than the
# query; 1,000 sockets reconnecting at once wait on the database pool for it).
_CHAT_HISTORY = (
    select(
        ChatMessage.id, ChatMessage.name, ChatMessage.user_id, ChatMessage.text,
        ChatMessage.deleted, ChatMessage.created_at, User.is_bot,
    )
    .outerjoin(User, User.id == ChatMessage.user_id)  # BOT beside a bot account's lines
    .where(ChatMessage.room_id == bindparam("room_id"))
    .order_by(ChatMessage.id.desc())
    .limit(bindparam("limit"))
)  # fmt: skip


async def chat_history(
    conn: AsyncConnection, room_id: str, *, limit: int = 50
) -> list[Row[int, str, str | None, str, bool, datetime, bool]]:
    """The room's last ``limit`` messages, oldest first."""
    result = await conn.execute(_CHAT_HISTORY, {"room_id": room_id, "limit": limit})
    return list(result.all())[::-1]


_CHAT_HISTORIES = text(
    "SELECT r.id AS room_id, c.id, c.name, c.user_id, c.text, c.deleted, c.created_at,"
    " c.is_bot FROM unnest(CAST(:ids AS varchar[])) AS r(id)"
    " CROSS JOIN LATERAL (SELECT chat_messages.id, chat_messages.name,"
    " chat_messages.user_id, chat_messages.text, chat_messages.deleted,"
    " chat_messages.created_at, users.is_bot FROM chat_messages"
    " LEFT JOIN users ON users.id = chat_messages.user_id"
    " WHERE chat_messages.room_id = r.id ORDER BY chat_messages.id DESC LIMIT :limit) AS c"
)


async def chat_histories(
    conn: AsyncConnection, room_ids: Sequence[str], *, limit: int
) -> dict[str, list[Row[Any]]]:
    """:func:`chat_history` of several rooms: on PostgreSQL one statement (a ``LATERAL``
    subquery a room), on SQLite room by room. Rooms without a message are left out."""
    found: dict[str, list[Row[Any]]] = {}
    if conn.dialect.name != "postgresql":
        for room_id in room_ids:
            history = cast(list[Row[Any]], await chat_history(conn, room_id, limit=limit))
            if history:
                found[room_id] = history
        return found
    rows = await conn.execute(_CHAT_HISTORIES, {"ids": list(room_ids), "limit": limit})
    for row in rows.all():
        found.setdefault(row.room_id, []).append(row)
    for messages in found.values():
        messages.sort(key=lambda message: message.id)  # oldest first
    return found


async def expire_rooms(
    session: AsyncSession, *, waiting_before: datetime, playing_before: datetime
) -> list[str]:
    rows = await session.execute(
        update(Room)
        .where(
            ((Room.status == "waiting") & (Room.updated_at < waiting_before))
            # A game with a deadline pending (a clock, a bot) is not idle: it moves on.
            | (
                (Room.status == "playing")
                & (Room.updated_at < playing_before)
                & Room.deadline_at.is_(None)
            )
        )
        .values(status="abandoned")
        .returning(Room.id)
    )
    return [row[0] for row in rows.all()]
