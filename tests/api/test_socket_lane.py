"""The room-socket lane (app/api/socket_lane.py): which scopes it takes, which it passes on."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, cast

from starlette.types import Message, Receive, Scope, Send

from app.api.socket_lane import RoomSocketLane


def _run(lane: RoomSocketLane, scope: dict[str, Any]) -> None:
    async def receive() -> dict[str, Any]:
        return {}

    async def send(_message: Message) -> None:
        return None

    # The lane returns the handler's or the inner app's coroutine.
    asyncio.run(cast("Coroutine[Any, Any, Any]", lane(scope, receive, send)))


def _lane() -> tuple[RoomSocketLane, list[tuple[str, Any]]]:
    seen: list[tuple[str, Any]] = []

    async def inner(scope: Scope, _receive: Receive, _send: Send) -> None:
        seen.append(("app", scope["path"]))

    async def handler(websocket: Any, room_id: str) -> None:
        seen.append(("socket", room_id))

    return RoomSocketLane(inner, handler), seen


def test_room_sockets_go_to_the_handler_with_their_room() -> None:
    lane, seen = _lane()
    _run(lane, {"type": "websocket", "path": "/ws/rooms/r_abc", "headers": []})
    _run(
        lane,
        {"type": "websocket", "path": "/agora/ws/rooms/r2", "root_path": "/agora", "headers": []},
    )
    assert seen == [("socket", "r_abc"), ("socket", "r2")]


def test_everything_else_goes_through_the_app() -> None:
    lane, seen = _lane()
    for scope in (
        {"type": "http", "path": "/ws/rooms/r1"},
        {"type": "websocket", "path": "/ws/rooms/"},
        {"type": "websocket", "path": "/ws/rooms/r1/extra"},
        {"type": "websocket", "path": "/ws/other"},
        {"type": "lifespan", "path": ""},
    ):
        _run(lane, scope)
    assert [path for _, path in seen] == [
        "/ws/rooms/r1", "/ws/rooms/", "/ws/rooms/r1/extra", "/ws/other", "",
    ]  # fmt: skip
