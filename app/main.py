"""The app factory: the lifespan builds engine, hub and services into app.state."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.templating import Jinja2Templates

from app import gc_tuning
from app.accounts import user_cache
from app.accounts.security import SessionSigner
from app.api import (
    account,
    admin,
    auth,
    challenges,
    follows,
    game_pages,
    health,
    moderation,
    notifications,
    pages,
    profiles,
    quickplay,
    rooms,
    strings,
    table,
    tokens,
    tournaments,
    ws,
)
from app.api.assets import PREFIX as ASSETS
from app.api.assets import AssetFiles, snapshot
from app.api.failures import RequestTimeout, install_failure_handlers
from app.api.http_errors import install_http_errors
from app.api.openapi import install_openapi
from app.api.origin import OriginCheck
from app.api.request_guard import RequestGuard
from app.api.request_metrics import RequestMetrics
from app.api.security_headers import install_security
from app.api.socket_lane import RoomSocketLane
from app.api.validation import invalid_request
from app.config import ROOT, Settings, get_settings
from app.db.migrate import upgrade_async
from app.db.pool_budget import check_pool_budget
from app.db.replica import create_replica
from app.db.session import create_engine, create_sessionmaker
from app.errors import AgoraError
from app.limits import create_limiter
from app.observability.metrics import Metrics
from app.realtime.hub import Hub
from app.rooms.service import RoomService
from app.rooms.store import GroupCommitter, writers_for

log = logging.getLogger(__name__)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.auto_migrate:
            await upgrade_async(settings.database_url)
        engine = create_engine(settings)
        # Reads that tolerate a little lag (app.db.replica); None: all on the primary.
        app.state.replica = replica = create_replica(settings)
        relay = None
        if settings.redis_url:
            from app.realtime.redis_relay import RedisRelay

            relay = RedisRelay(settings.redis_url, timeout=settings.redis_timeout)
        hub = Hub(relay, on_relay_error=metrics.redis_errors.inc)
        if settings.redis_url:
            from app.realtime.presence import RedisPresence

            hub.use_presence(
                RedisPresence(settings.redis_url, hub.origin, settings.presence_ttl_seconds)
            )
        await hub.start()
        sessions = create_sessionmaker(engine)
        committer = GroupCommitter(
            writers_for(engine, settings.commit_writers), settings.commit_batch_max
        )
        metrics.watch_commits(committer)
        service = RoomService(
            settings=settings,
            engine=engine,
            sessions=sessions,
            hub=hub,
            metrics=metrics,
            committer=committer,
        )
        await service.start()  # its heartbeat is in the database from here
        with contextlib.suppress(Exception):  # advice only: a database away is seen elsewhere
            await check_pool_budget(engine, settings)
        app.state.engine = engine
        app.state.sessions = sessions
        app.state.hub = hub
        app.state.rooms = service
        app.state.sockets = set()

        database = user_cache.database_of(engine)
        relays: set[asyncio.Task[None]] = set()

        def relay_forgotten(changed: str, user_ids: list[str]) -> None:
            """Users changed by a commit here: other processes forget them too. Called
            in the committing thread (the tests run servers in threads)."""
            if changed != database or not hub.distributed:
                return
            command = {"type": "forget_users", "user_ids": user_ids}

            def send() -> None:
                task = loop.create_task(hub.publish_control(command))
                relays.add(task)
                task.add_done_callback(relays.discard)

            loop.call_soon_threadsafe(send)

        def on_control(command: dict[str, Any]) -> None:
            kind = command.get("type")
            if kind == "forget_users":
                user_cache.forget(database, command.get("user_ids") or [])
                return
            for connection in list(app.state.sockets):
                if connection.user_id != command.get("user_id"):
                    continue
                if kind == "disconnect_user":
                    connection.disconnect(4003, command.get("reason", "disconnected"))
                elif kind == "disconnect_room_user" and connection.room_id == command.get("room"):
                    # Kicked from a seat: reconnecting makes the socket a spectator's.
                    connection.disconnect(4000, "seat removed")

        hub.add_control_listener(on_control)
        loop = app.state.loop = asyncio.get_running_loop()
        stop_relay = user_cache.on_forget(relay_forgotten)
        gc_tuning.settle()
        try:
            yield
        finally:
            stop_relay()
            await service.stop()
            await hub.stop()
            await app.state.limiter.close()
            await engine.dispose()
            if replica is not None:
                await replica.dispose()

    app = FastAPI(
        title="Agora",
        version="0.1.0",
        description="Greek city-building board games online. Protocol: docs/protocol.md.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    metrics = Metrics()
    app.state.metrics = metrics
    app.state.limiter = create_limiter(settings.redis_url, enabled=settings.rate_limits)
    app.state.signer = SessionSigner(settings.secret_key, settings.session_max_age_days * 86400)
    app.state.templates = Jinja2Templates(directory=str(ROOT / "templates"))

    @app.exception_handler(AgoraError)
    async def agora_error(_request: Request, error: AgoraError) -> JSONResponse:
        retry_after = getattr(error, "retry_after", None)
        headers = {"Retry-After": str(retry_after)} if retry_after else None
        return JSONResponse(error.to_json(), status_code=error.status, headers=headers)

    # First added, so innermost of ours: a room socket skips only the routing layers.
    app.add_middleware(RoomSocketLane, handler=ws.room_socket)
    install_failure_handlers(app)
    app.add_middleware(RequestTimeout, seconds=settings.request_timeout)
    app.add_middleware(
        OriginCheck, allowed=settings.allowed_origins, public_base_url=settings.public_base_url
    )
    app.add_exception_handler(RequestValidationError, invalid_request)
    install_http_errors(app)

    app.add_middleware(RequestMetrics, counter=metrics.http_requests)

    # Busiest first: FastAPI tries the routes in order, each try 2-5 µs and twice per
    # request (the scan was 0.2-0.4 ms of a page's or a room's creation), and no two
    # routes match one method and path (tests/test_main.py): the order changes nothing else.
    app.include_router(auth.router)
    app.include_router(pages.router)
    app.include_router(rooms.router)
    app.include_router(table.router)
    app.include_router(quickplay.router)
    app.include_router(game_pages.router)
    app.include_router(profiles.api)
    app.include_router(profiles.pages)
    app.include_router(moderation.router)
    app.include_router(account.router)
    app.include_router(tokens.router)
    app.include_router(challenges.router)
    app.include_router(challenges.stream)
    app.include_router(tournaments.router)
    app.include_router(follows.router)
    app.include_router(notifications.router)
    app.include_router(account.pages)
    app.include_router(admin.router)
    app.include_router(admin.pages)
    app.include_router(health.router)
    app.include_router(strings.router)
    app.include_router(ws.router)
    install_openapi(app, settings)
    app.add_middleware(RequestGuard, max_bytes=settings.http_max_body_bytes)
    install_security(app, settings)
    # Pages name their files under the release (app/api/assets.py); /static revalidates.
    files = snapshot(ROOT / "static")
    app.state.assets = f"{ASSETS}/{files.release}"
    app.mount(ASSETS + "/{release}", AssetFiles(files, versioned=True), name="assets")
    app.mount("/static", AssetFiles(files, versioned=False), name="static")
    return app
