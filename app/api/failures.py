"""HTTP answers for failures that are not bugs: bad values and unavailable dependencies.

- A value the database refused (NUL byte, too long, bad encoding): 422 ``invalid_request``.
- The database or Redis unreachable, or slower than its timeout: 503
  ``service_unavailable`` with ``Retry-After`` (seconds). Nothing is cached about the
  outage: the next request tries again, so the app recovers without a restart.
- Anything else stays a 500 (a bug), logged by the server.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

import orjson
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from redis.exceptions import RedisClusterException, RedisError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.db.errors import client_error, unavailable

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5


def service_unavailable(what: str, retry_after: int = RETRY_AFTER_SECONDS) -> JSONResponse:
    return JSONResponse(
        {"code": "service_unavailable", "message": f"{what} is unavailable; try again shortly"},
        status_code=503,
        headers={"Retry-After": str(retry_after)},
    )


def install_failure_handlers(app: FastAPI) -> None:
    async def database_error(request: Request, error: Exception) -> JSONResponse:
        if client_error(error):
            return JSONResponse(
                {"code": "invalid_request", "message": "a value in the request is not accepted"},
                status_code=422,
            )
        if unavailable(error):
            log.warning(
                "database unavailable on %s %s: %s",
                request.method,
                request.url.path,
                type(error).__name__,
            )
            return service_unavailable("the database")
        raise error

    async def timed_out(request: Request, error: Exception) -> JSONResponse:
        log.warning("dependency timeout on %s %s", request.method, request.url.path)
        return service_unavailable("a service")

    async def redis_error(request: Request, error: Exception) -> JSONResponse:
        log.warning("redis unavailable on %s %s: %s", request.method, request.url.path, error)
        return service_unavailable("the message relay")

    app.add_exception_handler(DBAPIError, database_error)
    app.add_exception_handler(PoolTimeout, timed_out)
    app.add_exception_handler(asyncio.TimeoutError, timed_out)
    app.add_exception_handler(ConnectionError, timed_out)
    app.add_exception_handler(RedisError, redis_error)
    # A cluster's own failures (a slot not covered while a node is down) are not RedisErrors.
    app.add_exception_handler(RedisClusterException, redis_error)


# HTTP responses that stream for as long as the client listens (app.social.events).
LONG_LIVED = ("/api/stream/",)


class RequestTimeout:
    """ASGI middleware: an HTTP request that outlives ``seconds`` is answered 503.

    The last line of defence when a dependency hangs in a way no driver timeout
    catches; the work is cancelled (which also returns its database connection).
    """

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Sockets pass straight through, with no frame of ours held for their whole life
        # (bench/ws_idle.py: memory per idle socket).
        if scope["type"] != "http" or self.seconds <= 0:
            return self.app(scope, receive, send)
        if scope["path"].startswith(LONG_LIVED):  # a stream is meant to outlive any timeout
            return self.app(scope, receive, send)
        return self._http(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            async with asyncio.timeout(self.seconds):
                await self.app(scope, receive, tracking_send)
        except TimeoutError:
            log.warning("request timed out: %s %s", scope["method"], scope["path"])
            if started:
                return
            body = orjson.dumps(
                {"code": "service_unavailable", "message": "the server is busy; try again shortly"}
            )
            await send(
                {
                    "type": "http.response.start",
                    "status": 503,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
