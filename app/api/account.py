"""A person's own account: change password, log out everywhere, delete, export (JSON),
and the /account settings page. Every call needs a session (guest or account)."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import Field
from sqlalchemy import select

from app.accounts import bot_accounts, manage
from app.accounts.hashing import verify_async
from app.accounts.security import SESSION_COOKIE
from app.accounts.service import public_user
from app.api import abuse
from app.api.abuse import LimiterDep
from app.api.auth import set_session
from app.api.deps import CurrentUser, OptionalUser, RoomsDep, SessionDep, SettingsDep, SignerDep
from app.api.pages import render
from app.api.validation import RequestModel
from app.db.models import GameResult, Room, Seat, User
from app.errors import AgoraError, Forbidden, NotAuthenticated

router = APIRouter(prefix="/api/account", tags=["account"])
pages = APIRouter()


class PasswordChange(RequestModel):
    current_password: str = Field(min_length=1, max_length=200)
    new_password: str = Field(min_length=8, max_length=200)


class DeleteIn(RequestModel):
    # Accounts confirm with their password; guests have none.
    password: str | None = Field(default=None, max_length=200)


@router.post("/password")
async def change_password(
    body: PasswordChange, request: Request, response: Response, user: CurrentUser,
    session: SessionDep, signer: SignerDep, settings: SettingsDep, limiter: LimiterDep,
) -> dict[str, Any]:  # fmt: skip
    """Every other session ends; this one gets a new cookie and stays signed in."""
    name = user.username or user.id
    await abuse.before_login(limiter, request, name)
    try:
        stored = await manage.change_password(
            session, user, current=body.current_password, new=body.new_password
        )
    except NotAuthenticated:
        await abuse.login_failed(limiter, settings, request, name)
        raise
    set_session(request, response, stored, signer, settings)
    return public_user(stored)


@router.post(
    "/bot",
    responses={
        401: {"description": "No valid token"},
        403: {"description": "Not a token with the bot scope, or a guest"},
        409: {"description": "The account has played games"},
    },
)
async def become_bot(request: Request, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """Turn this account into a bot account, for good (app.accounts.bot_accounts). Needs
    ``Authorization: Bearer`` with a token that has the ``bot`` scope."""
    if request.headers.get("authorization") is None:
        raise Forbidden("send a token with the bot scope", code="token_required")
    stored = await bot_accounts.become_bot(session, user)
    return {**public_user(stored), "bot": stored.is_bot}


@router.post("/logout-all")
async def logout_everywhere(
    response: Response, user: CurrentUser, session: SessionDep
) -> dict[str, bool]:
    """End every session of this user, on every device (this one included)."""
    await manage.revoke_sessions(session, user)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"ok": True}


@router.post("/delete")
async def delete_account(
    body: DeleteIn, request: Request, response: Response, user: CurrentUser, rooms: RoomsDep
) -> dict[str, bool]:
    """Games stay, under the name "deleted player"; chat text is removed; sessions end."""
    # Short sessions, one at a time: SQLite runs on a single connection, and leaving a
    # room opens its own transaction.
    sessions = request.app.state.sessions
    async with sessions() as session:
        stored = await session.get(User, user.id)
        password_hash = stored.password_hash if stored is not None else None
    # Hashed with no connection held (app.accounts.hashing).
    if password_hash and not await verify_async(password_hash, body.password or ""):
        raise NotAuthenticated("the password is wrong", code="bad_credentials")
    async with sessions() as session:
        seated = await session.execute(
            select(Room.id, Room.status)
            .join(Seat, Seat.room_id == Room.id)
            .where(Seat.user_id == user.id)
        )
        room_ids = [(room_id, status) for room_id, status in seated.all()]
    for room_id, status in room_ids:
        if status == "waiting":  # free the seat of a game that has not started
            with contextlib.suppress(AgoraError):
                await rooms.leave(room_id, user=user)
    async with sessions() as session, session.begin():
        await manage.delete_account(session, user, password=body.password)
    for room_id, _ in room_ids:
        rooms.invalidate(room_id)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"ok": True}


@router.get("/export")
async def export(request: Request, user: CurrentUser, rooms: RoomsDep) -> JSONResponse:
    """Every game this user sat in: room, seat, result and the move log as they may see it."""
    async with request.app.state.sessions() as session:
        rows = await session.execute(
            select(Room, Seat.position)
            .join(Seat, Seat.room_id == Room.id)
            .where((Seat.user_id == user.id) | (Seat.player_id == user.id))
            .order_by(Room.created_at)
        )
        seated = rows.all()
        results = {
            (r.room_id, r.position): r
            for r in await session.scalars(select(GameResult).where(GameResult.user_id == user.id))
        }
    games = []
    for room, seat in seated:
        result = results.get((room.id, seat))
        try:
            moves = await rooms.move_log(room.id, viewer=seat)
        except AgoraError:
            moves = []
        games.append(
            {
                "room": room.id,
                "game": room.game,
                "status": room.status,
                "seat": seat,
                "seats": room.seat_count,
                "rated": room.rated,
                "created_at": room.created_at.isoformat(),
                "started_at": room.started_at.isoformat() if room.started_at else None,
                "finished_at": room.finished_at.isoformat() if room.finished_at else None,
                "result": None
                if result is None
                else {"place": result.place, "score": result.score, "won": result.won},
                "moves": moves,
            }
        )
    data = {
        "user": public_user(user),
        "exported_at": datetime.now(UTC).isoformat(),
        "games": games,
    }
    filename = f"agora-{user.username or user.id}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@pages.get("/account", response_class=HTMLResponse, include_in_schema=False)
async def account_page(request: Request, user: OptionalUser) -> Response:
    if user is None:
        return render(request, "login.html", None)
    return render(request, "account.html", user)
