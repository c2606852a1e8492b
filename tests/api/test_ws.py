"""Handshake refusals when the client is already gone (app/api/ws.py ``refuse``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from fastapi import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from app.api.ws import CLOSE_POLICY, refuse


class GoneSocket:
    """A socket whose client left: every send fails as Starlette or uvicorn report it."""

    def __init__(self, state: str, error: BaseException) -> None:
        self.client_state = SimpleNamespace(name=state)
        self.error = error
        self.calls: list[str] = []

    async def send_text(self, _text: str) -> None:
        self.calls.append("send_text")
        raise self.error

    async def close(self, **_kwargs: Any) -> None:
        self.calls.append("close")
        raise self.error


@pytest.mark.parametrize("state", ["CONNECTING", "CONNECTED"])
@pytest.mark.parametrize("error", [WebSocketDisconnect(1006), ClientDisconnected()])
async def test_refusing_a_departed_client_raises_nothing(state: str, error: BaseException) -> None:
    socket = GoneSocket(state, error)
    await refuse(socket, CLOSE_POLICY, "room_not_found", "no such room")  # type: ignore[arg-type]
    assert socket.calls == (["close"] if state == "CONNECTING" else ["send_text"])


class OpenSocket:
    def __init__(self) -> None:
        self.client_state = SimpleNamespace(name="CONNECTED")
        self.sent: list[str] = []
        self.closed: dict[str, Any] = {}

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, **kwargs: Any) -> None:
        self.closed = kwargs


async def test_refusing_an_accepted_client_says_why_then_closes() -> None:
    socket = OpenSocket()
    await refuse(socket, CLOSE_POLICY, "room_not_found", "no such room")  # type: ignore[arg-type]
    assert '"code":"room_not_found"' in socket.sent[0]
    assert socket.closed == {"code": CLOSE_POLICY, "reason": "room_not_found"}
