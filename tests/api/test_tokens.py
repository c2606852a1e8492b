"""Personal API tokens: made with a session, used as Bearer, scoped, revoked, hashed at rest.

The authorisation matrix with tokens: a token acts as its account within its scopes, and
never with more: not an admin's rights, not a session's (account management), and a bad
token is refused even beside a valid cookie.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import websockets
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.cli import create_admin
from tests.api.tables import account
from tests.conftest import RoomSocket, RunningServer


async def make_token(person: Any, *scopes: str, **extra: Any) -> dict[str, Any]:
    response = await person.http.post(
        "/api/tokens", json={"name": "my bot", "scopes": list(scopes), **extra}
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def bearer(server: RunningServer, token: str) -> httpx.AsyncClient:
    """A program's client: the token and nothing else (no cookie)."""
    return httpx.AsyncClient(base_url=server.url, headers={"Authorization": f"Bearer {token}"})


async def database_rows(server: RunningServer, sql: str, **values: Any) -> list[Any]:
    engine = create_async_engine(server.settings.database_url)
    try:
        async with engine.begin() as conn:
            result = await conn.execute(text(sql), values)
            return list(result.all()) if result.returns_rows else []
    finally:
        await engine.dispose()


async def test_a_token_is_shown_once_stored_hashed_and_used_as_its_account(
    server: RunningServer, players: Any
) -> None:
    ana = await account(players, "Ana")
    made = await make_token(ana, "play")
    token = made["token"]
    assert token.startswith("agora_") and len(token) > 40 and made["scopes"] == ["play"]
    listed = (await ana.http.get("/api/tokens")).json()
    assert [row["id"] for row in listed] == [made["id"]] and "token" not in listed[0]
    stored = await database_rows(
        server, "SELECT token_hash FROM api_tokens WHERE id = :id", id=made["id"]
    )
    assert stored == [(hashlib.sha256(token.encode()).hexdigest(),)]
    assert token not in str(await database_rows(server, "SELECT * FROM api_tokens"))

    async with bearer(server, token) as program:
        created = await program.post("/api/rooms", json={"game": "race", "seats": 2})
        assert created.status_code == 201, created.text
        room = created.json()
        assert room["seats"][0]["user_id"] == ana.user["id"]
        mine = await program.get(f"/api/rooms/{room['id']}")
        assert mine.status_code == 200 and mine.json()["your_seat"] == 0


async def test_scopes_revocation_and_expiry(server: RunningServer, players: Any) -> None:
    ana = await account(players, "Ana")
    reader_token = (await make_token(ana, "read"))["token"]
    player_token = await make_token(ana, "play")
    soon = await make_token(ana, "play", expires_in_days=1)
    async with bearer(server, reader_token) as reader:
        assert (await reader.get("/api/rooms")).status_code == 200
        refused = await reader.post("/api/rooms", json={"game": "race", "seats": 2})
        assert refused.status_code == 403 and refused.json()["code"] == "token_scope"
    # Revoked: refused at once; revoking twice, or another's token, is a 404.
    assert (await ana.http.delete(f"/api/tokens/{player_token['id']}")).status_code == 204
    async with bearer(server, player_token["token"]) as revoked:
        answer = await revoked.get("/api/my-games")
        assert answer.status_code == 401 and answer.json()["code"] == "bad_token"
    assert (await ana.http.delete(f"/api/tokens/{player_token['id']}")).status_code == 404
    bob = await account(players, "Bob")
    assert (await bob.http.delete(f"/api/tokens/{soon['id']}")).status_code == 404
    # Expired: the clock moved past its day.
    async with bearer(server, soon["token"]) as program:
        assert (await program.get("/api/my-games")).status_code == 200
        past = datetime.now(UTC) - timedelta(minutes=1)
        await database_rows(
            server, "UPDATE api_tokens SET expires_at = :at WHERE id = :id", at=past, id=soon["id"]
        )
        assert (await program.get("/api/my-games")).status_code == 401
    # Scopes are checked when the token is made.
    wrong = await ana.http.post("/api/tokens", json={"name": "x", "scopes": ["root"]})
    assert wrong.status_code == 422 and wrong.json()["code"] == "bad_scope"


async def test_a_token_never_has_a_sessions_or_an_admins_rights(
    server: RunningServer, players: Any
) -> None:
    await create_admin(server.settings.database_url, "root_admin", "admin password 1")
    admin = await players("Admin", guest=False)
    login = await admin.http.post(
        "/api/login", json={"username": "root_admin", "password": "admin password 1"}
    )
    assert login.status_code == 200
    token = (await make_token(admin, "play", "read", "bot"))["token"]
    host = await account(players, "Host")
    private = (
        await host.http.post("/api/rooms", json={"game": "race", "seats": 2, "private": True})
    ).json()
    async with bearer(server, token) as program:
        for method, path, code in (
            ("GET", "/api/tokens", "session_required"),
            ("POST", "/api/account/password", "session_required"),
            ("POST", "/api/account/delete", "session_required"),
            ("POST", "/api/account/logout-all", "session_required"),
            ("GET", "/api/admin/overview", "session_required"),
        ):
            answer = await program.request(method, path, json={})
            assert answer.status_code == 403 and answer.json()["code"] == code, (path, answer.text)
        # The admin's session sees any private room; the admin's token does not.
        assert (await admin.http.get(f"/api/rooms/{private['id']}")).status_code == 200
        assert (await program.get(f"/api/rooms/{private['id']}")).status_code == 404
    # A bad token beside a good session cookie is refused: the header is judged alone.
    bad = await host.http.get("/api/my-games", headers={"Authorization": "Bearer agora_nope"})
    assert bad.status_code == 401 and bad.json()["code"] == "bad_token"
    basic = await host.http.get("/api/my-games", headers={"Authorization": "Basic eDp5"})
    assert basic.status_code == 401
    # Guests cannot make tokens; nobody can without a session.
    guest = await players("Guest")
    refused = await guest.http.post("/api/tokens", json={"name": "x", "scopes": ["play"]})
    assert refused.status_code == 403 and refused.json()["code"] == "account_required"
    async with httpx.AsyncClient(base_url=server.url) as anonymous:
        answer = await anonymous.post("/api/tokens", json={"name": "x", "scopes": ["play"]})
        assert answer.status_code == 401


async def test_the_room_socket_with_a_token(server: RunningServer, players: Any) -> None:
    ana = await account(players, "Ana")
    play = (await make_token(ana, "play"))["token"]
    read = (await make_token(ana, "read"))["token"]
    async with bearer(server, play) as program:
        room = (await program.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        await program.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
        assert (await program.post(f"/api/rooms/{room['id']}/start")).status_code == 200

    async def connect(token: str) -> RoomSocket:
        ws = await websockets.connect(
            f"{server.ws_url}/ws/rooms/{room['id']}",
            additional_headers={"Authorization": f"Bearer {token}"},
        )
        return RoomSocket(ws)

    player = await connect(play)
    watcher = await connect(read)
    bad = await connect("agora_not_a_token")
    try:
        assert (await player.receive_until("snapshot"))["seat"] == 0
        await player.send({"type": "move", "id": "t1", "move": {"add": 1}})
        assert (await player.receive_until("ack"))["version"] >= 1
        assert (await watcher.receive_until("snapshot"))["seat"] is None
        await watcher.send({"type": "move", "id": "t2", "move": {"add": 1}})
        assert (await watcher.receive_until("error"))["code"] == "not_authenticated"
        assert (await bad.receive_until("error"))["code"] == "bad_token"
    finally:
        for sock in (player, watcher, bad):
            await sock.close()
