"""Dependencies as Annotated aliases: the app-wide objects live in app.state."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.security import SESSION_COOKIE, SessionSigner
from app.accounts.service import get_user
from app.config import Settings
from app.db.models import User
from app.errors import Banned, Forbidden, NotAuthenticated
from app.rooms.service import RoomService


def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings  # type: ignore[no-any-return]


def get_rooms(request: Request) -> RoomService:
    return request.app.state.rooms  # type: ignore[no-any-return]


def get_signer(request: Request) -> SessionSigner:
    return request.app.state.signer  # type: ignore[no-any-return]


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One transaction per request: committed on success, rolled back on error."""
    async with request.app.state.sessions() as session, session.begin():
        yield session


SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
RoomsDep = Annotated[RoomService, Depends(get_rooms)]
SignerDep = Annotated[SessionSigner, Depends(get_signer)]
# scope="function": the transaction commits when the route returns, BEFORE the response
# is sent. With the default ("request") a client could act on a reply (say, open a
# socket as the guest just created) before the commit and find nothing.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]


async def user_from_cookie(
    cookie: str | None, signer: SessionSigner, session: AsyncSession
) -> User | None:
    if not cookie:
        return None
    user_id = signer.unsign(cookie)
    if user_id is None:
        return None
    return await get_user(session, user_id)  # the caller decides what a ban forbids


async def _lookup(request: Request, user_id: str) -> User | None:
    # A short session of its own: a request never holds two connections at once
    # (SQLite runs on a single one).
    async with request.app.state.sessions() as session:
        return await get_user(session, user_id)


async def optional_user(request: Request, signer: SignerDep) -> User | None:
    cookie = request.cookies.get(SESSION_COOKIE)
    user_id = signer.unsign(cookie) if cookie else None
    user = await _lookup(request, user_id) if user_id else None
    return None if user is None or user.banned else user


async def current_user(request: Request, signer: SignerDep) -> User:
    cookie = request.cookies.get(SESSION_COOKIE)
    if cookie and (user_id := signer.unsign(cookie)):
        user = await _lookup(request, user_id)
        if user is not None and user.banned:
            raise Banned("this account is banned")
        if user is not None:
            return user
    raise NotAuthenticated("log in or join as a guest first")


async def admin_user(user: Annotated[User, Depends(current_user)]) -> User:
    if not user.is_admin:
        raise Forbidden("admins only")
    return user


OptionalUser = Annotated[User | None, Depends(optional_user)]
CurrentUser = Annotated[User, Depends(current_user)]
AdminUser = Annotated[User, Depends(admin_user)]
