"""What people do with their own account: change the password, end every session,
delete the account.

Sessions are revocable on the server: the cookie carries the user's
``session_version`` (app.accounts.security) and a cookie whose version is not the
user's current one is refused (app.api.deps). Changing the password or "log out
everywhere" bumps the version; the caller re-issues a cookie for the session that
asked, if it should stay signed in.

Deleting an account keeps its games (seats, results, ratings, the move log) but
anonymises them: the name becomes :data:`DELETED_NAME` everywhere it was copied (the
user, seats, chat lines), the chat text is removed, the username and password are
dropped, so the name can be registered again, and every session ends.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.hashing import hash_async, verify_async
from app.db.models import ChatMessage, Room, Seat, User
from app.errors import InvalidRequest, NotAuthenticated

DELETED_NAME = "deleted player"
MIN_PASSWORD = 8


async def revoke_sessions(session: AsyncSession, user: User) -> User:
    stored = await session.get(User, user.id)
    assert stored is not None
    stored.session_version = (stored.session_version or 0) + 1
    await session.flush()
    return stored


async def change_password(session: AsyncSession, user: User, *, current: str, new: str) -> User:
    """Check the current password, store the new one and end every other session.

    The hashing (hundreds of milliseconds) runs before ``session`` touches the database:
    a session holds its connection from its first query, and SQLite has only one.
    ``user`` was read by the request's authentication; a change in between is refused.
    """
    known = user.password_hash
    if not known:
        raise InvalidRequest("a guest has no password: register first", code="no_password")
    if not await verify_async(known, current):
        raise NotAuthenticated("the current password is wrong", code="bad_credentials")
    if len(new) < MIN_PASSWORD:
        raise InvalidRequest("a password has at least 8 characters", code="weak_password")
    new_hash = await hash_async(new)
    stored = await session.get(User, user.id)
    if stored is None or stored.password_hash != known:  # changed by another request
        raise NotAuthenticated("the current password is wrong", code="bad_credentials")
    stored.password_hash = new_hash
    return await revoke_sessions(session, stored)


async def delete_account(session: AsyncSession, user: User, *, password: str | None) -> None:
    """Anonymise the account (an account confirms with its password; a guest has none).

    The password is checked before ``session`` touches the database (see
    :func:`change_password`)."""
    known = user.password_hash
    if known and not await verify_async(known, password or ""):
        raise NotAuthenticated("the password is wrong", code="bad_credentials")
    stored = await session.get(User, user.id)
    if stored is None or stored.password_hash != known:  # changed by another request
        raise NotAuthenticated("the password is wrong", code="bad_credentials")
    renamed = or_(Seat.user_id == stored.id, Seat.player_id == stored.id)
    await session.execute(update(Seat).where(renamed).values(name=DELETED_NAME))
    # Seats changed: a process holding one of these rooms reads its seats again on its
    # next reload (app.rooms.cache reads them only when this version moved).
    await session.execute(
        update(Room)
        .where(Room.id.in_(select(Seat.room_id).where(renamed)))
        .values(seats_version=func.coalesce(Room.seats_version, 0) + 1)
    )
    await session.execute(
        update(ChatMessage)
        .where(ChatMessage.user_id == stored.id)
        .values(text="", name=DELETED_NAME, deleted=True)
    )
    stored.display_name = DELETED_NAME
    stored.username = None
    stored.password_hash = None
    stored.is_admin = False
    stored.language = None
    stored.deleted_at = datetime.now(UTC)
    stored.session_version = (stored.session_version or 0) + 1
    await session.flush()
