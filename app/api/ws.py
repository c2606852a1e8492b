"""/ws/rooms/{id}: authenticate, subscribe, snapshot, then pump both ways.

Client messages: ``move``, ``snapshot``, ``legal_moves``, ``chat``, ``ping``. Every
refusal is an ``error`` message with a code; nothing a client sends can close the
room for anyone else. The socket subscribes to the room *before* taking its
snapshot, so a move committed in between is never lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from app.accounts.security import SESSION_COOKIE
from app.api import abuse
from app.api.deps import user_from_cookie
from app.api.failures import service_unavailable
from app.db.errors import unavailable
from app.db.models import User
from app.errors import AgoraError, RateLimited
from app.realtime.connection import Connection
from app.realtime.hub import SPECTATOR, RoomEvent
from app.realtime.wire import EXTENSION
from app.rooms.context import dumps
from app.rooms.service import RoomService
from app.text import clean_move_id

router = APIRouter()
log = logging.getLogger(__name__)

KNOWN_TYPES = frozenset({"move", "snapshot", "legal_moves", "chat", "ping"})
CLOSE_POLICY = 1008
CLOSE_BANNED = 4003
CLOSE_TRY_AGAIN = 1013
#: the ASGI extension that lets a handshake be answered with an HTTP response
DENIAL = "websocket.http.response"
RETRY_AFTER_SECONDS = 1


class TokenBucket:
    """Allows ``rate`` messages a second with bursts up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def origin_allowed(websocket: WebSocket, allowed: list[str]) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: no cross-site cookie riding possible
    if "*" in allowed or origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


def dependency_down(error: BaseException) -> bool:
    """The database (or a network call) is unavailable: the client should retry later."""
    return isinstance(error, TimeoutError | OSError) or unavailable(error)


def scoped_move_id(user_id: str | None, move_id: str) -> str:
    """``user:id``, hashed to fit the move log's 64 characters when longer."""
    scoped = f"{user_id or ''}:{move_id}"
    if len(scoped) <= 64:
        return scoped
    return f"{user_id or ''}:#{hashlib.sha256(move_id.encode()).hexdigest()[:40]}"


def error_message(code: str, message: str, move_id: Any = None) -> str:
    payload: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if move_id is not None:
        payload["id"] = move_id
    return dumps(payload)


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
            user = await user_from_cookie(
                websocket.cookies.get(SESSION_COOKIE), app.state.signer, app.state.engine
            )
            await websocket.accept()
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
    seat = live.seat_of(user.id if user else None)
    await SocketSession(websocket, rooms, room_id, user, seat).run()


class SocketSession:
    """One client's socket in one room: subscribe, snapshot, then read its messages."""

    # Slots: one of these per connected socket (bench/ws_idle.py measures what a socket costs).
    __slots__ = (
        "audience", "connection", "metrics", "receive", "room_id", "rooms", "settings", "user",
        "user_id", "websocket",
    )  # fmt: skip

    def __init__(
        self,
        websocket: WebSocket,
        rooms: RoomService,
        room_id: str,
        user: User | None,
        seat: int | None,
    ) -> None:
        self.websocket = websocket
        self.rooms = rooms
        self.room_id = room_id
        self.user = user
        self.user_id = user.id if user else None  # an ORM attribute read costs, per message
        self.audience = SPECTATOR if seat is None else str(seat)
        self.settings = rooms.settings
        self.metrics = rooms.metrics
        # Under our uvicorn protocol the socket has a lane without ASGI's per-message layers.
        wire = websocket.scope.get("extensions", {}).get(EXTENSION)
        self.receive = websocket.receive if wire is None else wire.receive
        self.connection = Connection(
            audience=self.audience,
            send=websocket.send_text,
            resync=self.send_snapshot,
            queue_size=self.settings.ws_send_queue,
            user_id=self.user_id,
            room_id=room_id,
            close=self.close,
            send_now=None if wire is None else wire.send_text_now,
        )

    async def run(self) -> None:
        sockets = self.websocket.app.state.sockets
        sockets.add(self.connection)
        self.metrics.sockets.inc()
        try:  # everything inside: a failure anywhere leaves no ghost connection behind
            self.connection.start()
            await self.rooms.hub.subscribe(self.room_id, self.connection)
            if self.rooms.hub.distributed:
                self.rooms.invalidate(self.room_id)  # events before the subscription were missed
            await self.send_snapshot()
            await self.change_presence(+1)  # best effort: never raises for a Redis outage
            for message in await self.rooms.chat_history(self.room_id):
                self.connection.push(dumps(message))
            # Its own task: resuming a coroutine passes through every frame awaiting it,
            # and this one sits under the ~9 ASGI layers that called us. The loop resumes
            # twice per move (its message, then the commit): about 4 % of the server's CPU
            # at R = 500 (bench/ws_load.py). Cancelling us cancels the awaited task.
            await asyncio.get_running_loop().create_task(self.receive_loop())
        except WebSocketDisconnect:
            pass
        except Exception as error:
            if not dependency_down(error):
                raise
            log.warning("socket in room %s: dependency down (%s)", self.room_id, error)
            with contextlib.suppress(Exception):
                await self.websocket.send_text(
                    error_message("service_unavailable", "the server is unavailable; reconnect")
                )
            await self.close(CLOSE_TRY_AGAIN, "service_unavailable")
        finally:
            await self.rooms.hub.unsubscribe(self.room_id, self.connection)
            sockets.discard(self.connection)
            self.metrics.sockets.dec()
            await self.connection.close()
            try:
                await self.change_presence(-1)
            except Exception:
                log.warning("presence update failed in room %s", self.room_id)
            if self.connection.overflowed:
                await self.close(CLOSE_TRY_AGAIN, "too slow: reconnect to resync")

    async def close(self, code: int, reason: str) -> None:
        try:
            await self.websocket.close(code=code, reason=reason)
        except Exception:
            return

    async def send_legal_moves(self, user_id: str | None, *, compact: bool) -> None:
        """The seat's legal moves: the list, or the game's compact product when asked."""
        if compact:
            version, product = await self.rooms.legal_moves_compact(self.room_id, user_id=user_id)
            if product is not None:
                payload = {"type": "legal_moves", "version": version, "compact": product}
                self.connection.push(dumps(payload))
                return
        version, moves = await self.rooms.legal_moves(self.room_id, user_id=user_id)
        self.connection.push(dumps({"type": "legal_moves", "version": version, "moves": moves}))

    async def send_snapshot(self) -> None:
        snapshot = await self.rooms.snapshot(self.room_id, user=self.user)
        snapshot["presence"] = await self.rooms.hub.presence(self.room_id)
        self.connection.offer_snapshot(dumps(snapshot), snapshot["version"])

    async def change_presence(self, delta: int) -> None:
        counts = await self.rooms.hub.presence_change(self.room_id, self.audience, delta)
        seats = sorted(int(key) for key in counts if key != SPECTATOR)
        payload = {"type": "presence", "seats": seats, "spectators": counts.get(SPECTATOR, 0)}
        await self.rooms.hub.publish(
            RoomEvent(room_id=self.room_id, kind="presence", text=dumps(payload))
        )

    def refuse(self, code: str, message: str, move_id: Any = None) -> None:
        """Answer a refused message on the socket (which stays open) and count it."""
        self.metrics.refused(code)
        self.connection.push(error_message(code, message, move_id))

    async def receive_loop(self) -> None:
        bucket = TokenBucket(self.settings.ws_rate_per_second, self.settings.ws_rate_burst)
        limit = self.settings.ws_max_message_bytes
        while True:
            done = self.connection.done
            if done is not None and done.done():
                return  # the sender died (slow consumer or closed socket)
            if self.connection.backlogged:  # rare: no coroutine per message otherwise
                await self.connection.make_room()
            message = await self.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            raw = message.get("text")
            if raw is None and message.get("bytes") is not None:
                raw = message["bytes"].decode("utf-8", "replace")
            if raw is None:
                continue
            if len(raw) > limit:
                self.refuse("message_too_large", f"messages are limited to {limit} bytes")
                continue
            if not bucket.take():
                self.refuse(RateLimited.code, "too many messages; slow down")
                continue
            try:
                data = orjson.loads(raw)
            except orjson.JSONDecodeError:
                self.refuse("malformed_message", "messages are JSON objects")
                continue
            if not isinstance(data, dict) or not isinstance(data.get("type"), str):
                self.refuse("malformed_message", 'a message needs a "type"')
                continue
            kind = data["type"] if data["type"] in KNOWN_TYPES else "other"
            self.metrics.socket_message(kind)
            await self.dispatch(data)

    async def dispatch(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        move_id = data.get("id")
        user_id = self.user_id
        try:
            if kind == "move":
                await self.move(data, move_id, user_id)
            elif kind == "snapshot":
                await self.send_snapshot()
            elif kind == "legal_moves":
                await self.send_legal_moves(user_id, compact=data.get("compact") is True)
            elif kind == "chat":
                if self.user is None:
                    raise AgoraError("log in or join as a guest to chat", code="not_authenticated")
                text = data.get("text")
                if not isinstance(text, str):
                    raise AgoraError('a chat message needs "text"', code="malformed_message")
                limiter = self.websocket.app.state.limiter
                await abuse.chat_line(limiter, self.settings, self.user.id)
                await self.rooms.chat(self.room_id, user=self.user, text=text)
            elif kind == "ping":
                self.connection.push(dumps({"type": "pong", "t": data.get("t")}))
            else:
                raise AgoraError(f"unknown message type {kind!r}", code="unknown_type")
        except AgoraError as error:
            self.refuse(error.code, error.message, move_id)
        except Exception:
            log.exception("socket message failed in room %s", self.room_id)
            self.refuse("internal_error", "something went wrong", move_id)

    async def move(self, data: dict[str, Any], move_id: Any, user_id: str | None) -> None:
        move = data.get("move")
        if not isinstance(move, dict):
            raise AgoraError('a move message needs a "move" object', code="malformed_message")
        clean_id = clean_move_id(move_id)
        version = data.get("version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise AgoraError("version is a whole number", code="malformed_message")
        new_version = await self.rooms.submit_move(
            self.room_id,
            user_id=user_id,
            move=move,
            # Ids are scoped per user: two players' "m1" are different moves.
            client_move_id=None if clean_id is None else scoped_move_id(user_id, clean_id),
            base_version=version,
        )
        self.connection.push(dumps({"type": "ack", "id": move_id, "version": new_version}))
