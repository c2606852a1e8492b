"""One room socket after its handshake: subscribe, snapshot, then read its messages.

Client messages: ``move``, ``snapshot``, ``legal_moves``, ``chat``, ``hint``, ``ping``. Every
refusal is an ``error`` message with a code; nothing a client sends can close the
room for anyone else. The socket subscribes to the room *before* taking its
snapshot, so a move committed in between is never lost.

Apart from the route (:mod:`.ws`) so that mypyc compiles it (:data:`app.native.MODULES`):
a move's message is read, checked and answered here, around the room service's compiled
move path, and each commit resumes this loop. Measured with ``bench/move_path.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from typing import Any, Final

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from app.api import abuse
from app.db.errors import unavailable
from app.db.models import User
from app.errors import AgoraError, RateLimited
from app.observability.move_counts import Tally
from app.realtime.connection import Connection
from app.realtime.hub import SPECTATOR, RoomEvent
from app.realtime.wire import EXTENSION
from app.rooms.json_text import dumps
from app.rooms.service import RoomService
from app.text import clean_move_id

log = logging.getLogger(__name__)

KNOWN_TYPES: Final = frozenset({"move", "snapshot", "legal_moves", "chat", "hint", "ping"})
CLOSE_TRY_AGAIN: Final = 1013


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


class SocketSession:
    """One client's socket in one room: subscribe, snapshot, then read its messages."""

    # Slots: one of these per connected socket (bench/ws_idle.py measures what a socket costs).
    __slots__ = (
        "audience", "connection", "hint_task", "message_counts", "metrics", "receive", "room_id",
        "rooms", "settings", "token_id", "user", "user_id", "websocket",
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
        # A program's API token, when it connected with one: its moves are rate limited.
        self.token_id: str | None = websocket.scope.get("agora.token")
        self.audience = SPECTATOR if seat is None else str(seat)
        # A hint being searched for (app.rooms.hints): answered when found, the socket
        # reading on meanwhile.
        self.hint_task: asyncio.Task[None] | None = None
        self.settings = rooms.settings
        self.metrics = rooms.metrics
        self.message_counts: Tally = rooms.metrics.message_counts
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
        # Everything inside: a failure anywhere leaves no ghost connection behind. The
        # answers and the cleanup run after the except blocks, not in them nor in a
        # finally: compiled code must not suspend while it handles an exception
        # (tests/test_native.py says why).
        failure: BaseException | None = None
        try:
            await self.serve()
        except WebSocketDisconnect:
            pass
        except BaseException as error:
            failure = error
        if isinstance(failure, Exception) and dependency_down(failure):
            log.warning("socket in room %s: dependency down (%s)", self.room_id, failure)
            failure = None
            with contextlib.suppress(Exception):
                await self.websocket.send_text(
                    error_message("service_unavailable", "the server is unavailable; reconnect")
                )
            await self.close(CLOSE_TRY_AGAIN, "service_unavailable")
        if self.hint_task is not None:
            self.hint_task.cancel()  # the search itself goes on (its answer is kept)
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
        if failure is not None:
            raise failure

    async def serve(self) -> None:
        self.connection.start()
        await self.rooms.hub.subscribe(self.room_id, self.connection)
        if self.rooms.hub.distributed:  # events before the subscription may have been missed
            self.rooms.watch_started(self.room_id)
        await self.send_snapshot()
        await self.change_presence(+1)  # best effort: never raises for a Redis outage
        for message in await self.rooms.chat_history(self.room_id):
            self.connection.push(dumps(message))
        # Its own task: resuming a coroutine passes through every frame awaiting it,
        # and this one sits under the ~9 ASGI layers that called us. The loop resumes
        # twice per move (its message, then the commit): about 4 % of the server's CPU
        # at R = 500 (bench/ws_load.py). Cancelling us cancels the awaited task.
        await asyncio.get_running_loop().create_task(self.receive_loop())

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
            self.message_counts.inc(kind)
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
            elif kind == "hint":
                self.ask_hint(move_id)
            elif kind == "ping":
                self.connection.push(dumps({"type": "pong", "t": data.get("t")}))
            else:
                raise AgoraError(f"unknown message type {kind!r}", code="unknown_type")
        except AgoraError as error:
            self.refuse(error.code, error.message, move_id)
        except Exception as error:
            # The database away (reloading the room, say) is the "try again" the client
            # retries on, not an internal error (the soak's PostgreSQL restarts found it).
            if dependency_down(error):
                log.warning("socket message in room %s: dependency down (%s)", self.room_id, error)
                self.metrics.db_errors.inc()
                self.refuse("storage_error", "the server is unavailable; try again", move_id)
            else:
                log.exception("socket message failed in room %s", self.room_id)
                self.refuse("internal_error", "something went wrong", move_id)

    def ask_hint(self, hint_id: Any) -> None:
        """Start the search for a hint; the answer (or its refusal) comes when it is found."""
        if self.hint_task is not None and not self.hint_task.done():
            raise AgoraError("a hint is already on its way", code="hint_pending")
        self.hint_task = asyncio.get_running_loop().create_task(self.send_hint(hint_id))

    async def send_hint(self, hint_id: Any) -> None:
        """The hint to this socket only; a refusal as an ``error`` (nothing is raised)."""
        try:
            answer = await self.rooms.hint(self.room_id, user_id=self.user_id)
        except AgoraError as error:
            self.refuse(error.code, error.message, hint_id)
            return
        except Exception as error:
            if dependency_down(error):
                self.refuse("storage_error", "the server is unavailable; try again", hint_id)
            else:
                log.exception("hint failed in room %s", self.room_id)
                self.refuse("internal_error", "something went wrong", hint_id)
            return
        if hint_id is not None:
            answer["id"] = hint_id
        self.connection.push(dumps(answer))

    async def move(self, data: dict[str, Any], move_id: Any, user_id: str | None) -> None:
        move = data.get("move")
        if not isinstance(move, dict):
            raise AgoraError('a move message needs a "move" object', code="malformed_message")
        if self.token_id is not None:
            await abuse.token_move(self.websocket.app.state.limiter, self.settings, self.token_id)
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
        # Whether the rules let this move be taken back: the browser offers it only then.
        live = self.rooms.cache.held(self.room_id)
        undoable = live is not None and live.undoable_version == new_version
        ack = {"type": "ack", "id": move_id, "version": new_version, "undoable": undoable}
        self.connection.push(dumps(ack))
