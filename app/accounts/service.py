"""Guests, registration, login and the admin role."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.accounts import user_cache
from app.accounts.hashing import hash_async, verify_async
from app.db.models import User, detached, utcnow
from app.db.raw_pg import execute_alone
from app.errors import Banned, Conflict, InvalidRequest, NotAuthenticated
from app.ids import new_id
from app.text import USERNAME, clean_name, clean_username


def public_user(user: User) -> dict[str, Any]:
    """A user as the API shows it to that user."""
    return {
        "id": user.id,
        "name": user.display_name,
        "username": user.username,
        "guest": user.is_guest,
        "admin": user.is_admin,
        "bot": bool(getattr(user, "is_bot", False)),
    }


def clean_display_name(name: str) -> str:
    return clean_name(name)


_INSERT_USER = insert(cast(Table, User.__table__))


async def create_guest(engine: AsyncEngine, *, name: str) -> User:
    """A new guest: one INSERT on its own (PostgreSQL: autocommit, one round trip, on
    asyncpg itself: :mod:`app.db.raw_pg`), the row kept in :mod:`.user_cache` since the
    guest's next request is on its way. Through an ORM session (BEGIN, unit of work,
    flush, COMMIT) a guest cost 5.7 ms of server CPU per request in a slow window
    (``bench/http_load.py``)."""
    user_id = new_id()
    row: dict[str, Any] = {
        "id": user_id, "username": None, "display_name": clean_display_name(name),
        "password_hash": None, "is_guest": True, "is_admin": False, "banned": False,
        "language": None, "created_at": utcnow(), "session_version": 0,
        "deleted_at": None, "is_bot": False,
    }  # fmt: skip
    read_at = user_cache.generation()
    await execute_alone(engine, _INSERT_USER, row)
    user_cache.put(user_cache.database_of(engine), user_id, row, read_at)
    return detached(User, row)


async def register(
    session: AsyncSession,
    *,
    username: str,
    password: str,
    display_name: str | None = None,
    current: User | None = None,
    admin: bool = False,
) -> User:
    """Create an account; a guest who registers keeps its id, so its history stays its own."""
    if admin:  # an operator (app.cli) may call the admin account "admin"
        if not USERNAME.fullmatch(username):
            clean_username(username)  # raises invalid_username
    else:
        clean_username(username)
    if len(password) < 8:
        raise InvalidRequest("a password has at least 8 characters", code="weak_password")
    # Hashed before the first query: no database connection is held while hashing.
    password_hash = await hash_async(password)
    taken = await session.scalar(select(User.id).where(User.username == username))
    if taken:
        raise Conflict("that username is taken", code="username_taken")
    guest = await session.get(User, current.id) if current is not None else None
    if guest is not None and guest.is_guest:
        user = guest
    else:
        user = User(id=new_id(), display_name=clean_display_name(display_name or username))
        session.add(user)
    user.username = username
    user.password_hash = password_hash
    user.is_guest = False
    user.is_admin = user.is_admin or admin
    if display_name:
        user.display_name = clean_display_name(display_name)
    await session.flush()
    return user


async def authenticate(session: AsyncSession, *, username: str, password: str) -> User:
    return await check_login(await find_login(session, username), password)


async def find_login(session: AsyncSession, username: str) -> User | None:
    """The account named ``username`` (None if no such account can exist or does)."""
    if not USERNAME.fullmatch(username):  # no query is sent for an impossible name
        return None
    return await session.scalar(select(User).where(User.username == username))


async def check_login(user: User | None, password: str) -> User:
    """Check the password off the event loop; the same work whether the user exists or not.

    Call it with no database connection held: with SQLite (one connection) a login
    holding it while hashing would stall every game's commits.
    """
    known_hash = user.password_hash if user is not None else None
    if not await verify_async(known_hash, password) or user is None:
        raise NotAuthenticated("wrong username or password", code="bad_credentials")
    if user.banned:
        raise Banned("this account is banned")
    return user


async def get_user(session: AsyncSession, user_id: str) -> User | None:
    return await session.get(User, user_id)
