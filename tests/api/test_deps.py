"""The request transaction commits before the response leaves (FastAPI dependency scope)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
from fastapi import FastAPI
from starlette.types import Message

from app.api.deps import SessionDep


class RecordingSession:
    def __init__(self, events: list[str]) -> None:
        self.events = events

    async def __aenter__(self) -> RecordingSession:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    @contextlib.asynccontextmanager
    async def begin(self) -> AsyncIterator[None]:
        yield
        self.events.append("commit")


async def test_commit_happens_before_the_response_is_sent() -> None:
    events: list[str] = []
    app = FastAPI()
    app.state.sessions = lambda: RecordingSession(events)

    @app.post("/thing")
    async def make_thing(session: SessionDep) -> dict[str, bool]:
        events.append("route")
        return {"ok": True}

    async def recording_app(scope: Any, receive: Any, send: Any) -> None:
        async def tracked_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                events.append("response")
            await send(message)

        await app(scope, receive, tracked_send)

    transport = httpx.ASGITransport(app=recording_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        assert (await client.post("/thing")).json() == {"ok": True}
    assert events == ["route", "commit", "response"]
