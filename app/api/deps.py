"""Dependencies as Annotated aliases: the app-wide objects live in app.state."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any
from weakref import WeakKeyDictionary

from fastapi import Depends, Request, Response
from sqlalchemy import bindparam, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.accounts import tokens, user_cache
from app.accounts.security import SESSION_COOKIE, SessionSigner
from app.api.security_headers import is_https
from app.config import Settings
from app.db.batched_reads import BatchedReads
from app.db.models import User, detached
from app.db.replica import PRIMARY_COOKIE, PRIMARY_WINDOW_SECONDS, ReplicaReads, primary_until
from app.db.session import reader
from app.errors import Banned, Forbidden, NotAuthenticated
from app.rooms.service import RoomService


async def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings  # type: ignore[no-any-return]


async def get_rooms(request: Request) -> RoomService:
    return request.app.state.rooms  # type: ignore[no-any-return]


async def get_signer(request: Request) -> SessionSigner:
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


# One Core statement, built once: the request's user read through an ORM session cost as
# much server CPU as creating a room (bench/http_load.py). The users asked for in one
# loop turn are read together (app.db.batched_reads: sockets coming back at once).
_USER_BY_ID = select(User.__table__).where(User.__table__.c.id == bindparam("id"))
_USERS_BY_ID = select(User.__table__).where(
    User.__table__.c.id.in_(bindparam("ids", expanding=True))
)
_user_readers: WeakKeyDictionary[Engine, BatchedReads[str, dict[str, Any]]] = WeakKeyDictionary()


def _user_reads(engine: AsyncEngine) -> BatchedReads[str, dict[str, Any]]:
    found = _user_readers.get(engine.sync_engine)
    if found is None:

        async def fetch(ids: list[str]) -> dict[str, dict[str, Any]]:
            read_at = user_cache.generation()
            async with reader(engine).connect() as conn:
                rows = (await conn.execute(_USERS_BY_ID, {"ids": ids})).mappings().all()
            database = user_cache.database_of(engine)
            users = {}
            for read in rows:
                row = users[read["id"]] = dict(read)
                user_cache.put(database, row["id"], row, read_at)
            return users

        found = _user_readers[engine.sync_engine] = BatchedReads(fetch)
    return found


async def user_from_cookie(
    cookie: str | None, signer: SessionSigner, engine: AsyncEngine
) -> User | None:
    """The cookie's user, if the cookie is valid and its session was not revoked (a
    password change, "log out everywhere" or a deleted account bump ``session_version``);
    the caller decides what a ban forbids.

    Read on a short connection of its own (a request never holds two at once: SQLite runs
    on a single one), or taken from :mod:`app.accounts.user_cache`. The user is a detached
    copy: a route that changes it reads it again in its own session."""
    found = signer.unsign_session(cookie) if cookie else None
    if found is None:
        return None
    database = user_cache.database_of(engine)
    row = user_cache.get(database, found[0])
    if row is None:
        row = await _user_reads(engine).get(found[0])
        if row is None:
            return None
    if row["session_version"] != found[1] or row["deleted_at"] is not None:
        return None
    return detached(User, row)


async def _lookup(request: Request, signer: SessionSigner) -> User | None:
    authorization = request.headers.get("authorization")
    if authorization is not None:
        return await _token_user(request, authorization)
    return await user_from_cookie(
        request.cookies.get(SESSION_COOKIE), signer, request.app.state.engine
    )


async def user_from_token(
    authorization: str, engine: AsyncEngine
) -> tuple[User, frozenset[str], str]:
    """The user and scopes of ``Authorization: Bearer <token>``; 401 for anything else
    (app.accounts.tokens: a token is judged alone, never topped up by a cookie); the
    third item is the token's id (its rate limits count by it)."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthenticated("expected Authorization: Bearer <token>", code="bad_token")
    async with reader(engine).connect() as conn:
        found = await tokens.lookup(conn, token.strip())
        if found is None:
            raise NotAuthenticated("unknown, revoked or expired token", code="bad_token")
        row = (await conn.execute(_USER_BY_ID, {"id": found[1]})).mappings().first()
    if row is None or row["deleted_at"] is not None:
        raise NotAuthenticated("unknown, revoked or expired token", code="bad_token")
    user = detached(User, dict(row))
    user.is_admin = False  # an admin's rights need a signed-in session
    return user, found[2], found[0]


async def _token_user(request: Request, authorization: str) -> User:
    user, scopes, token_id = await user_from_token(authorization, request.app.state.engine)
    settings = request.app.state.settings
    await request.app.state.limiter.hit(
        f"token:requests:{token_id}",
        limit=settings.token_requests_per_window,
        window=settings.token_window_seconds,
        what="API requests with this token",
    )
    needed = tokens.required_scope(request.method, request.url.path)
    if needed is None:
        raise Forbidden("a token cannot do this; sign in on the site", code="session_required")
    if not tokens.allows(scopes, needed):
        raise Forbidden(f"this token lacks the {needed!r} scope", code="token_scope")
    return user


def _note_write(request: Request, response: Response, user: User | None) -> None:
    """With a replica: a signed-in user's request that may write sends their reads to the
    primary for a while (read-your-writes, app.db.replica). The cookie is only a routing
    hint: a forged one reads the primary, as everyone does without a replica."""
    if user is None or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if getattr(request.app.state, "replica", None) is None:
        return
    response.set_cookie(
        PRIMARY_COOKIE, str(int(time.time() + PRIMARY_WINDOW_SECONDS) + 1),
        max_age=int(PRIMARY_WINDOW_SECONDS) + 1, httponly=True, samesite="lax",
        secure=is_https(request.url.scheme, request.app.state.settings),
    )  # fmt: skip


async def optional_user(request: Request, response: Response, signer: SignerDep) -> User | None:
    user = await _lookup(request, signer)
    user = None if user is None or user.banned else user
    _note_write(request, response, user)
    return user


async def current_user(request: Request, response: Response, signer: SignerDep) -> User:
    user = await _lookup(request, signer)
    _note_write(request, response, user)
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


#: the path parameter naming the player a page is about (``/u/{name}``): their own page
#: is read on the primary
SUBJECT_PARAM = "name"


def may_lag(request: Request, viewer: User | None) -> bool:
    """Whether this request may read data a few seconds old: a read, not right after the
    viewer's own write (the cookie), and not about the viewer (their profile)."""
    if request.method not in ("GET", "HEAD"):
        return False
    if primary_until(request.cookies.get(PRIMARY_COOKIE), time.time()):
        return False
    subject = request.path_params.get(SUBJECT_PARAM)
    return viewer is None or subject is None or subject not in (viewer.username, viewer.id)


@asynccontextmanager
async def read_session(request: Request, viewer: User | None) -> AsyncIterator[AsyncSession]:
    """A read's transaction: on the replica when there is one, it is up and near enough,
    and the request may lag (:func:`may_lag`); on the primary otherwise."""
    replica: ReplicaReads | None = getattr(request.app.state, "replica", None)
    session = None
    if replica is not None and may_lag(request, viewer) and await replica.usable():
        session = await replica.open()
    if session is None or replica is None:
        async with request.app.state.sessions() as primary, primary.begin():
            yield primary
        return
    try:
        async with session:  # its transaction began in open(); closing ends it
            yield session
    except (SQLAlchemyError, OSError):
        replica.mark_down()  # the next requests read the primary until the next probe
        raise


async def get_read_session(request: Request) -> AsyncIterator[AsyncSession]:
    async with read_session(request, None) as session:
        yield session


async def get_profile_read_session(
    request: Request, viewer: OptionalUser
) -> AsyncIterator[AsyncSession]:
    async with read_session(request, viewer) as session:
        yield session


# Like SessionDep, for the read-only routes that tolerate a little lag (docs/read-replica.md).
# ReadSessionDep looks up no user (a route not about a player: a leaderboard);
# ProfileReadSessionDep reads the primary when the path's {name} is the viewer (the user
# lookup is the route's own OptionalUser, solved once).
ReadSessionDep = Annotated[AsyncSession, Depends(get_read_session, scope="function")]
ProfileReadSessionDep = Annotated[AsyncSession, Depends(get_profile_read_session, scope="function")]
