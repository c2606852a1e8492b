"""Handshake refusals (app/api/ws.py ``refuse``): a departed client, an overloaded server."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import orjson
import pytest
import websockets
from fastapi import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from app.api import ws as ws_module
from app.api.ws import CLOSE_POLICY, CLOSE_TRY_AGAIN, refuse
from app.realtime.wire import SERVER_OPTIONS
from tests.conftest import RunningServer


class GoneSocket:
    """A socket whose client left: every send fails as Starlette or uvicorn report it."""

    def __init__(self, state: str, error: BaseException) -> None:
        self.client_state = SimpleNamespace(name=state)
        self.scope: dict[str, Any] = {"extensions": {"websocket.http.response": {}}}
        self.error = error
        self.calls: list[str] = []

    async def send_text(self, _text: str) -> None:
        self.calls.append("send_text")
        raise self.error

    async def close(self, **_kwargs: Any) -> None:
        self.calls.append("close")
        raise self.error

    async def send_denial_response(self, _response: Any) -> None:
        self.calls.append("denial")
        raise self.error


@pytest.mark.parametrize("state", ["CONNECTING", "CONNECTED"])
@pytest.mark.parametrize("error", [WebSocketDisconnect(1006), ClientDisconnected()])
async def test_refusing_a_departed_client_raises_nothing(state: str, error: BaseException) -> None:
    socket = GoneSocket(state, error)
    await refuse(socket, CLOSE_POLICY, "room_not_found", "no such room")  # type: ignore[arg-type]
    assert socket.calls == (["close"] if state == "CONNECTING" else ["send_text"])
    socket.calls.clear()
    await refuse(socket, CLOSE_TRY_AGAIN, "service_unavailable", "reconnect")  # type: ignore[arg-type]
    assert socket.calls == (["denial"] if state == "CONNECTING" else ["send_text"])


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


async def test_a_handshake_the_server_cannot_serve_now_is_told_503_and_when_to_retry(
    server: RunningServer,
    players: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Before its accept a refusal is an HTTP answer: a bare close would make it a 403,
    "forbidden", to a client that only has to come back (a reconnect storm, a pool
    exhausted, a database restarting)."""
    host = await players("Hana")
    room_id = (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()["id"]

    async def pool_exhausted(*_args: Any) -> None:
        raise TimeoutError("QueuePool limit reached")

    monkeypatch.setattr(ws_module, "user_from_cookie", pool_exhausted)
    with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
        await host.socket(room_id)
    response = refused.value.response
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert orjson.loads(response.body)["code"] == "service_unavailable"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.records
    monkeypatch.undo()
    sock = await host.socket(room_id)  # and the next attempt is served
    assert (await sock.receive_until("snapshot"))["type"] == "snapshot"


async def test_a_client_offering_compression_is_served_without_it(
    server: RunningServer, players: Any
) -> None:
    """Browsers offer permessage-deflate (as this client does); the server declines it
    (app.realtime.wire.SERVER_OPTIONS), so their messages take the fast lane both ways
    and no socket holds a zlib state."""
    host = await players("Iris")
    room_id = (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()["id"]
    sock = await host.socket(room_id)
    assert "permessage-deflate" in sock.ws.request.headers["Sec-WebSocket-Extensions"]
    assert "Sec-WebSocket-Extensions" not in sock.ws.response.headers
    assert sock.ws.protocol.extensions == []
    assert (await sock.receive_until("snapshot"))["type"] == "snapshot"
    await sock.send({"type": "ping", "t": 1})
    assert (await sock.receive_until("pong"))["t"] == 1


def test_the_server_runs_with_the_shared_socket_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m app`` serves with the options the tests' servers use."""
    import app.__main__ as entry

    seen: dict[str, Any] = {}
    monkeypatch.setattr(entry.uvicorn, "run", lambda *_a, **kwargs: seen.update(kwargs))
    monkeypatch.setattr(entry, "configure", lambda *_a: None)
    monkeypatch.setattr(entry.gc_tuning, "tune", lambda: None)
    entry.main()
    assert {key: seen[key] for key in SERVER_OPTIONS} == SERVER_OPTIONS
    assert seen["ws_per_message_deflate"] is False and seen["ws_max_size"] == 1 << 20
