"""/ws/rooms/{id}: authenticate, subscribe, snapshot, then pump both ways.

Client messages: ``move``, ``snapshot``, ``legal_moves``, ``chat``, ``ping``. Every
refusal is an ``error`` message with a code; nothing a client sends can close the
room for anyone else. The socket subscribes to the room *before* taking its
snapshot, so a move committed in between is never lost.
"""

from __future__ import annotations

import logging
import time
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.accounts.security import SESSION_COOKIE
from app.api.deps import user_from_cookie
from app.db.models import User
from app.errors import AgoraError, RateLimited
from app.observability.metrics import Metrics
from app.realtime.connection import Connection
from app.realtime.hub import SPECTATOR, RoomEvent
from app.rooms.service import RoomService, dumps

router = APIRouter()
log = logging.getLogger(__name__)

KNOWN_TYPES = frozenset({"move", "snapshot", "legal_moves", "chat", "ping"})
CLOSE_POLICY = 1008
CLOSE_BANNED = 4003
CLOSE_TRY_AGAIN = 1013


class TokenBucket:
    """Allows ``rate`` messages a second with bursts up to ``burst``."""

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


def refuse(
    connection: Connection, metrics: Metrics, code: str, message: str, move_id: Any = None
) -> None:
    """Answer a refused message on the socket (which stays open) and count it."""
    metrics.refused(code)
    connection.push(error_message(code, message, move_id))


def error_message(code: str, message: str, move_id: Any = None) -> str:
    payload: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if move_id is not None:
        payload["id"] = move_id
    return dumps(payload)


@router.websocket("/ws/rooms/{room_id}")
async def room_socket(websocket: WebSocket, room_id: str) -> None:
    app = websocket.app
    rooms: RoomService = app.state.rooms
    settings = app.state.settings
    if not origin_allowed(websocket, settings.allowed_origins):
        await websocket.close(code=CLOSE_POLICY, reason="origin not allowed")
        return
    async with app.state.sessions() as session:
        user = await user_from_cookie(
            websocket.cookies.get(SESSION_COOKIE), app.state.signer, session
        )
    await websocket.accept()
    if user is not None and user.banned:
        await websocket.send_text(error_message("banned", "this account is banned"))
        await websocket.close(code=CLOSE_BANNED, reason="banned")
        return
    try:
        live = await rooms.live(room_id)
        rooms.require_watch(live, user, websocket.query_params.get("code"))
    except AgoraError as error:
        await websocket.send_text(error_message(error.code, error.message))
        await websocket.close(code=CLOSE_POLICY, reason=error.code)
        return
    seat = live.seat_of(user.id if user else None)
    audience = SPECTATOR if seat is None else str(seat)

    async def resync() -> None:
        await send_snapshot()

    async def close_socket(code: int, reason: str) -> None:
        await _close_quietly(websocket, code, reason)

    connection = Connection(
        audience=audience,
        send=websocket.send_text,
        resync=resync,
        queue_size=settings.ws_send_queue,
        user_id=user.id if user else None,
        room_id=room_id,
        close=close_socket,
    )

    async def send_snapshot() -> None:
        snapshot = await rooms.snapshot(room_id, user=user)
        snapshot["presence"] = await rooms.hub.presence(room_id)
        connection.push(dumps(snapshot))
        connection.snapshot_sent(snapshot["version"])

    app.state.sockets.add(connection)
    app.state.metrics.sockets.inc()
    connection.start()
    await rooms.hub.subscribe(room_id, connection)
    if rooms.hub.distributed:
        rooms.invalidate(room_id)  # events before the subscription were not received
    try:
        await send_snapshot()
        presence = await rooms.hub.presence_change(room_id, audience, +1)
        await _publish_presence(rooms, room_id, presence)
        for message in await rooms.chat_history(room_id):
            connection.push(dumps(message))
        await _receive_loop(websocket, rooms, room_id, user, connection, send_snapshot)
    except WebSocketDisconnect:
        pass
    finally:
        await rooms.hub.unsubscribe(room_id, connection)
        app.state.sockets.discard(connection)
        app.state.metrics.sockets.dec()
        await connection.close()
        try:
            presence = await rooms.hub.presence_change(room_id, audience, -1)
            await _publish_presence(rooms, room_id, presence)
        except Exception:
            log.exception("presence update failed")
        if connection.overflowed:
            await _close_quietly(websocket, CLOSE_TRY_AGAIN, "too slow: reconnect to resync")


async def _close_quietly(websocket: WebSocket, code: int, reason: str) -> None:
    try:
        await websocket.close(code=code, reason=reason)
    except Exception:
        return


async def _publish_presence(rooms: RoomService, room_id: str, counts: dict[str, int]) -> None:
    seats = sorted(int(key) for key in counts if key != SPECTATOR)
    payload = {"type": "presence", "seats": seats, "spectators": counts.get(SPECTATOR, 0)}
    await rooms.hub.publish(RoomEvent(room_id=room_id, kind="presence", text=dumps(payload)))


async def _receive_loop(
    websocket: WebSocket,
    rooms: RoomService,
    room_id: str,
    user: User | None,
    connection: Connection,
    send_snapshot: Any,
) -> None:
    settings = rooms.settings
    metrics = rooms.metrics
    bucket = TokenBucket(settings.ws_rate_per_second, settings.ws_rate_burst)
    while True:
        if connection.done is not None and connection.done.done():
            return  # the sender died (slow consumer or closed socket)
        await connection.make_room()
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text")
        if raw is None and message.get("bytes") is not None:
            raw = message["bytes"].decode("utf-8", "replace")
        if raw is None:
            continue
        if len(raw) > settings.ws_max_message_bytes:
            refuse(
                connection,
                metrics,
                "message_too_large",
                f"messages are limited to {settings.ws_max_message_bytes} bytes",
            )
            continue
        if not bucket.take():
            refuse(connection, metrics, RateLimited.code, "too many messages; slow down")
            continue
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:
            refuse(connection, metrics, "malformed_message", "messages are JSON objects")
            continue
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            refuse(connection, metrics, "malformed_message", 'a message needs a "type"')
            continue
        metrics.socket_messages.labels(
            data["type"] if data["type"] in KNOWN_TYPES else "other"
        ).inc()
        await _dispatch(data, rooms, room_id, user, connection, send_snapshot)


async def _dispatch(
    data: dict[str, Any],
    rooms: RoomService,
    room_id: str,
    user: User | None,
    connection: Connection,
    send_snapshot: Any,
) -> None:
    kind = data["type"]
    move_id = data.get("id")
    try:
        if kind == "move":
            move = data.get("move")
            if not isinstance(move, dict):
                raise AgoraError('a move message needs a "move" object', code="malformed_message")
            if move_id is not None and not isinstance(move_id, str | int):
                raise AgoraError("a move id is a string or a number", code="malformed_message")
            version = data.get("version")
            if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
                raise AgoraError("version is a whole number", code="malformed_message")
            new_version = await rooms.submit_move(
                room_id,
                user_id=user.id if user else None,
                move=move,
                client_move_id=None if move_id is None else f"{user.id if user else ''}:{move_id}",
                base_version=version,
            )
            connection.push(dumps({"type": "ack", "id": move_id, "version": new_version}))
        elif kind == "snapshot":
            await send_snapshot()
        elif kind == "legal_moves":
            version, moves = await rooms.legal_moves(room_id, user_id=user.id if user else None)
            connection.push(dumps({"type": "legal_moves", "version": version, "moves": moves}))
        elif kind == "chat":
            if user is None:
                raise AgoraError("log in or join as a guest to chat", code="not_authenticated")
            text = data.get("text")
            if not isinstance(text, str):
                raise AgoraError('a chat message needs "text"', code="malformed_message")
            await rooms.chat(room_id, user=user, text=text)
        elif kind == "ping":
            connection.push(dumps({"type": "pong", "t": data.get("t")}))
        else:
            raise AgoraError(f"unknown message type {kind!r}", code="unknown_type")
    except AgoraError as error:
        refuse(connection, rooms.metrics, error.code, error.message, move_id)
    except Exception:
        log.exception("socket message failed in room %s", room_id)
        refuse(connection, rooms.metrics, "internal_error", "something went wrong", move_id)
