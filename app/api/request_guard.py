"""Refuse, before any route sees them, requests no endpoint could handle.

A pure ASGI middleware in front of the app:

- a body over ``http_max_body_bytes`` -> 413 ``body_too_large`` (a declared
  ``Content-Length`` is refused at once; a chunked body as soon as it passes the limit);
- a NUL character in the path, the query or the body (raw, or JSON's ``\\u0000``)
  -> 400 ``invalid_characters``: PostgreSQL text cannot hold one, so it would fail deep
  in a query; no name, id, chat line or option ever needs one.

Accepted bodies are read whole (they are small) and replayed to the app unchanged.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any
from urllib.parse import unquote_to_bytes

import orjson

Scope = dict[str, Any]
Message = dict[str, Any]
NUL_MARKS = (b"\x00", b"\\u0000")


class RequestGuard:
    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def __call__(self, scope: Scope, receive: Any, send: Any) -> Awaitable[None]:
        if scope["type"] not in ("http", "websocket"):
            return self.app(scope, receive, send)  # type: ignore[no-any-return]
        raw_path = scope.get("raw_path") or scope.get("path", "").encode()
        query = scope.get("query_string", b"")
        if b"\x00" in unquote_to_bytes(raw_path) or b"\x00" in unquote_to_bytes(query):
            if scope["type"] == "websocket":
                return send({"type": "websocket.close", "code": 1008})  # type: ignore[no-any-return]
            return refuse(send, 400, "invalid_characters", "no NUL character is allowed")
        if scope["type"] == "websocket":
            # Sockets pass straight through, with no frame of ours held for their whole
            # life (bench/ws_idle.py: memory per idle socket).
            return self.app(scope, receive, send)  # type: ignore[no-any-return]
        return self._http(scope, receive, send)

    async def _http(self, scope: Scope, receive: Any, send: Any) -> None:
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                await refuse(send, 400, "bad_request", "invalid Content-Length")
                return
            if length > self.max_bytes:
                await refuse(send, 413, "body_too_large", self._too_large())
                return
        elif scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await refuse(send, 413, "body_too_large", self._too_large())
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if any(mark in body for mark in NUL_MARKS):
            await refuse(send, 400, "invalid_characters", "no NUL character is allowed")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: only http.disconnect

        await self.app(scope, replay, send)

    def _too_large(self) -> str:
        return f"a request body has at most {self.max_bytes} bytes"


async def refuse(send: Any, status: int, code: str, message: str) -> None:
    payload = orjson.dumps({"code": code, "message": message})
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(payload))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
