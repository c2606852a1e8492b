"""/ws/rooms/{id}: the handshake (origin, session, ban, room, watch rights), then the
socket's session (:mod:`.socket_session`: subscribe, snapshot, messages).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from app.accounts import tokens
from app.accounts.security import SESSION_COOKIE
from app.api.deps import user_from_cookie, user_from_token
from app.api.failures import service_unavailable
from app.api.socket_session import (
    CLOSE_TRY_AGAIN,
    SocketSession,
    dependency_down,
    error_message,
)
from app.db.models import User
from app.errors import AgoraError, NotAuthenticated
from app.rooms.service import RoomService

router = APIRouter()
log = logging.getLogger(__name__)

CLOSE_POLICY = 1008
CLOSE_BANNED = 4003
#: the ASGI extension that lets a handshake be answered with an HTTP response
DENIAL = "websocket.http.response"
RETRY_AFTER_SECONDS = 1


def origin_allowed(websocket: WebSocket, allowed: list[str]) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: no cross-site cookie riding possible
    if "*" in allowed or origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


async def refuse(websocket: WebSocket, close_code: int, code: str, message: str) -> None:
    """Say why (once accepted) and close; a client already gone is owed neither.

    Under load a handshake can time out after the client gave up: answering it then
    raised out of the handler and logged an application error for a normal departure.
    A handshake refused before its accept because the server is overloaded or its
    database is down gets ``503`` with ``Retry-After`` (the server supports the ASGI
    denial-response extension), not the ``403`` a bare close makes: 1,000 sockets
    reconnecting at once (``bench/ws_load.py`` at R = 500 in a slow window) waited
    longer than the database pool allows, and a 403 says "forbidden, do not retry".
    """
    with contextlib.suppress(WebSocketDisconnect, ClientDisconnected):
        if websocket.client_state.name == "CONNECTING":
            if close_code == CLOSE_TRY_AGAIN and DENIAL in websocket.scope.get("extensions", {}):
                # The HTTP API's 503, with a shorter wait: clients add their own jitter.
                await websocket.send_denial_response(
                    service_unavailable("the server", retry_after=RETRY_AFTER_SECONDS)
                )
                return
            await websocket.close(code=close_code)
            return
        await websocket.send_text(error_message(code, message))
        await websocket.close(code=close_code, reason=code)


async def socket_user(websocket: WebSocket) -> tuple[User | None, bool]:
    """The handshake's user, from ``Authorization: Bearer`` (a program) or the session
    cookie (a browser), and whether it may play its seat (a read-only token may not)."""
    app = websocket.app
    authorization = websocket.headers.get("authorization")
    if authorization is not None:
        user, scopes, token_id = await user_from_token(authorization, app.state.engine)
        websocket.scope["agora.token"] = token_id  # its moves count against its limit
        return user, tokens.allows(scopes, "play")
    cookie = websocket.cookies.get(SESSION_COOKIE)
    return await user_from_cookie(cookie, app.state.signer, app.state.engine), True


@router.websocket("/ws/rooms/{room_id}")
async def room_socket(websocket: WebSocket, room_id: str) -> None:
    app = websocket.app
    rooms: RoomService = app.state.rooms
    settings = app.state.settings
    if not origin_allowed(websocket, settings.allowed_origins):
        await websocket.close(code=CLOSE_POLICY, reason="origin not allowed")
        return
    try:  # the handshake's database work is bounded: a frozen database must not hang it
        async with asyncio.timeout(settings.request_timeout):
            refused: NotAuthenticated | None = None
            try:
                user, plays = await socket_user(websocket)
            except NotAuthenticated as error:  # a bad token: said on the socket, below
                user, plays, refused = None, False, error
            await websocket.accept()
            if refused is not None:
                raise refused
            if user is not None and user.banned:
                await refuse(websocket, CLOSE_BANNED, "banned", "this account is banned")
                return
            live = await rooms.live(room_id)
            rooms.require_watch(live, user, websocket.query_params.get("code"))
    except AgoraError as error:
        await refuse(websocket, CLOSE_POLICY, error.code, error.message)
        return
    except (WebSocketDisconnect, ClientDisconnected):
        return  # the client left during its own handshake: nobody to answer
    except Exception as error:  # unavailable (timeout, connection): the client retries
        if not dependency_down(error):
            raise
        log.warning("socket handshake for room %s failed: %s", room_id, type(error).__name__)
        await refuse(
            websocket, CLOSE_TRY_AGAIN, "service_unavailable",
            "the server is unavailable; reconnect",
        )  # fmt: skip
        return
    if not plays:
        user = None  # a read-only token watches as a spectator: moves need the play scope
    seat = live.seat_of(user.id if user else None)
    await SocketSession(websocket, rooms, room_id, user, seat).run()
