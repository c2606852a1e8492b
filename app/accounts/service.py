"""Guests, registration, login and the admin role."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.security import hash_password, verify_password
from app.db.models import User
from app.errors import Banned, Conflict, InvalidRequest, NotAuthenticated
from app.ids import new_id

USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,30}$")


def public_user(user: User) -> dict[str, Any]:
    """A user as the API shows it to that user."""
    return {
        "id": user.id,
        "name": user.display_name,
        "username": user.username,
        "guest": user.is_guest,
        "admin": user.is_admin,
    }


def clean_display_name(name: str) -> str:
    name = " ".join(name.split())
    if not 1 <= len(name) <= 30:
        raise InvalidRequest("a display name has 1 to 30 characters", code="invalid_name")
    return name


async def create_guest(session: AsyncSession, *, name: str) -> User:
    user = User(id=new_id(), display_name=clean_display_name(name), is_guest=True)
    session.add(user)
    await session.flush()
    return user


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
    if not USERNAME.match(username):
        raise InvalidRequest(
            "a username has 3 to 30 letters, digits, '.', '_' or '-'", code="invalid_username"
        )
    if len(password) < 8:
        raise InvalidRequest("a password has at least 8 characters", code="weak_password")
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
    user.password_hash = hash_password(password)
    user.is_guest = False
    user.is_admin = user.is_admin or admin
    if display_name:
        user.display_name = clean_display_name(display_name)
    await session.flush()
    return user


async def authenticate(session: AsyncSession, *, username: str, password: str) -> User:
    user = await session.scalar(select(User).where(User.username == username))
    if user is None or not user.password_hash or not verify_password(user.password_hash, password):
        raise NotAuthenticated("wrong username or password", code="bad_credentials")
    if user.banned:
        raise Banned("this account is banned")
    return user


async def get_user(session: AsyncSession, user_id: str) -> User | None:
    return await session.get(User, user_id)
