"""ASGI middleware: room sockets go straight to their handler, past the routing layers.

A room socket lives for the whole game, and every coroutine between uvicorn and
:func:`app.api.ws.room_socket` keeps a suspended frame for that long: Starlette's
exception middleware and router, FastAPI's exit-stack middleware, its WebSocket route
and the dependency machinery with its exit stacks (six ``AsyncExitStack`` deques per
socket). ``tracemalloc`` over 1,000 idle sockets put those at about 7 KB a socket;
``bench/ws_idle.py`` measures the whole socket (41.2 KB before this lane).

Added as the innermost of the app's own middlewares, so everything outside it still
runs for sockets (the server-error handler, the request guard, the security checks).
Only a WebSocket scope whose path is ``/ws/rooms/{room_id}`` is taken; the route stays
registered (the same handler) for everything that reads the routing table.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

#: the route's own pattern: Starlette's ``{room_id}`` is ``[^/]+``
ROOM_SOCKET = re.compile(r"/ws/rooms/(?P<room_id>[^/]+)")

Handler = Callable[[WebSocket, str], Awaitable[None]]


class RoomSocketLane:
    def __init__(self, app: ASGIApp, handler: Handler) -> None:
        self.app = app
        self.handler = handler

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[Any]:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            root = scope.get("root_path", "")
            if root and path.startswith(root):
                path = path[len(root) :]
            match = ROOM_SOCKET.fullmatch(path)
            if match is not None:
                room_id = match["room_id"]
                scope["path_params"] = {"room_id": room_id}
                return self.handler(WebSocket(scope, receive, send), room_id)
        return self.app(scope, receive, send)
