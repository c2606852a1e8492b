"""Guests, accounts, login and logout (JSON)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import Field

from app.accounts import service as accounts
from app.accounts.security import SESSION_COOKIE
from app.accounts.service import public_user
from app.api import abuse
from app.api.abuse import LimiterDep
from app.api.deps import OptionalUser, SessionDep, SettingsDep, SignerDep
from app.api.security_headers import is_https
from app.api.validation import RequestModel
from app.db.models import User
from app.errors import NotAuthenticated

router = APIRouter(prefix="/api", tags=["accounts"])


# The schema states what the service accepts (app.accounts.service): a display name has
# 1 to 30 characters, not all blank; a username 3 to 30 of [A-Za-z0-9_.-]; a password 8+.
NAME = Field(min_length=1, max_length=30, pattern=r"\S")


class GuestIn(RequestModel):
    name: str = NAME


class AccountIn(RequestModel):
    username: str = Field(min_length=3, max_length=30, pattern=r"^[A-Za-z0-9_.-]{3,30}$")
    password: str = Field(min_length=8, max_length=200)
    display_name: str | None = Field(default=None, min_length=1, max_length=30, pattern=r"\S")


class LoginIn(RequestModel):
    username: str = Field(min_length=1, max_length=60)
    password: str = Field(min_length=1, max_length=200)


def set_session(
    request: Request, response: Response, user: User, signer: SignerDep, settings: SettingsDep
) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        signer.sign(user.id, user.session_version or 0),
        max_age=signer.max_age_seconds,
        httponly=True,
        samesite="lax",
        secure=is_https(request.url.scheme, settings),
        path="/",
    )


@router.post("/guests", status_code=201)
async def create_guest(
    body: GuestIn,
    request: Request,
    response: Response,
    signer: SignerDep,
    settings: SettingsDep,
    limiter: LimiterDep,
) -> dict[str, Any]:
    """Start a guest session (no account needed); the cookie identifies the guest."""
    await abuse.guest_created(limiter, settings, request)
    user = await accounts.create_guest(request.app.state.engine, name=body.name)
    set_session(request, response, user, signer, settings)
    return public_user(user)


@router.post("/accounts", status_code=201)
async def create_account(
    body: AccountIn,
    request: Request,
    response: Response,
    session: SessionDep,
    signer: SignerDep,
    settings: SettingsDep,
    current: OptionalUser,
    limiter: LimiterDep,
) -> dict[str, Any]:
    """Register; a guest who registers keeps its id and its history."""
    await abuse.registration(limiter, settings, request)
    user = await accounts.register(
        session,
        username=body.username,
        password=body.password,
        display_name=body.display_name,
        current=current,
    )
    set_session(request, response, user, signer, settings)
    return public_user(user)


@router.post("/login")
async def login(
    body: LoginIn,
    request: Request,
    response: Response,
    signer: SignerDep,
    settings: SettingsDep,
    limiter: LimiterDep,
) -> dict[str, Any]:
    """Failed logins back off exponentially, per account and per address (429)."""
    await abuse.before_login(limiter, request, body.username)
    # A short session for the lookup: no connection is held while the password hashes.
    async with request.app.state.sessions() as session:
        found = await accounts.find_login(session, body.username)
    try:
        user = await accounts.check_login(found, body.password)
    except NotAuthenticated:
        await abuse.login_failed(limiter, settings, request, body.username)
        raise
    await abuse.login_succeeded(limiter, request, body.username)
    set_session(request, response, user, signer, settings)
    return public_user(user)


@router.post("/logout")
async def logout(response: Response) -> dict[str, bool]:
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"ok": True}


@router.get("/me")
async def me(user: OptionalUser) -> dict[str, Any]:
    return {"user": public_user(user) if user else None}
