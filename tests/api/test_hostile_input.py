"""Hostile input is answered 4xx (or a socket error code), never 5xx, on both databases.

Issue 18, item 7: NUL characters, non-ASCII invite codes, impersonating names, padded
and float moves, long or NUL move ids, open redirects.
"""

from __future__ import annotations

import secrets
from typing import Any

import pytest
import websockets

from tests.conftest import Player, RunningServer


async def test_names_are_normalised_and_refused(server: RunningServer) -> None:
    person = Player(server, "p")
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("/api/guests", {"name": "nul\x00name"}, "invalid_name"),
        ("/api/guests", {"name": "Agora"}, "reserved_name"),
        ("/api/guests", {"name": "  a d m i n "}, "reserved_name"),
        ("/api/guests", {"name": "ＳＹＳＴＥＭ"}, "reserved_name"),  # NFKC: SYSTEM
        ("/api/guests", {"name": "\u202eevil"}, "invalid_name"),
        ("/api/guests", {"name": "zero\u200bwidth"}, "invalid_name"),
        ("/api/accounts", {"username": f"u{secrets.token_hex(3)}\n", "password": "long pw 1"},
         "invalid_username"),
        ("/api/accounts", {"username": "nul\x00user", "password": "long pw 12"},
         "invalid_username"),
        ("/api/accounts", {"username": "Agora", "password": "long pw 12"}, "reserved_name"),
        ("/api/accounts", {"username": f"ok{secrets.token_hex(3)}", "password": "long pw 12",
                           "display_name": "Admin"}, "reserved_name"),
    ]  # fmt: skip
    for path, body, code in cases:
        response = await person.http.post(path, json=body)
        if any("\x00" in str(value) for value in body.values()):
            # NUL anywhere in a request is refused up front (app/api/request_guard.py).
            assert (response.status_code, response.json()["code"]) == (400, "invalid_characters")
            continue
        status = 409 if code == "reserved_name" else 422  # like a name that is taken
        assert (response.status_code, response.json()["code"]) == (status, code), body
    login = await person.http.post("/api/login", json={"username": "a\x00b", "password": "x"})
    assert login.status_code == 400
    fine = await person.http.post("/api/guests", json={"name": "  Zoé   Ｋ "})
    assert fine.status_code == 201 and fine.json()["name"] == "Zoé K"
    await person.close()


async def test_room_ids_and_invite_codes_never_fail(server: RunningServer) -> None:
    host = await Player(server, "Host").as_guest()
    other = await Player(server, "Other").as_guest()
    room = (
        await host.http.post("/api/rooms", json={"game": "race", "seats": 2, "private": True})
    ).json()
    room_id = room["id"]
    for path in (
        f"/api/rooms/{room_id}?code=%C3%A9",
        f"/api/rooms/{room_id}/log?code=%C3%A9",
        f"/api/rooms/{room_id}/chat?code=%00",
        f"/r/{room_id}?code=%C3%A9",
        "/api/rooms/ab%00cd",
        "/api/rooms/%C3%A9t%C3%A9/log",
        "/r/x%00y",
    ):
        response = await other.http.get(path)
        assert 400 <= response.status_code < 500, (path, response.status_code)
    for body in ({"invite_code": "é"}, {"invite_code": "\x00"}, {"invite_code": "x" * 64}):
        joined = await other.http.post(f"/api/rooms/{room_id}/join", json=body)
        assert joined.status_code == (400 if "\x00" in body["invite_code"] else 404), body
    assert (await other.http.post("/api/rooms/a%00b/join", json={})).status_code == 400
    right = await other.http.post(
        f"/api/rooms/{room_id}/join", json={"invite_code": room["invite_code"]}
    )
    assert right.status_code == 200
    # NUL in the path: the handshake itself is refused (app/api/request_guard.py).
    with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
        await other.socket("x\x00y".replace("\x00", "%00"))
    assert refused.value.response.status_code == 403
    sock = await other.socket("no-such-room")
    error = await sock.receive_until("error")
    assert error["code"] == "room_not_found"
    await host.close()
    await other.close()


async def test_hostile_moves_and_chat(server: RunningServer) -> None:
    alice = await Player(server, "Alice").as_guest()
    bob = await Player(server, "Bob").as_guest()
    room = (await alice.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    await bob.http.post(f"/api/rooms/{room['id']}/join", json={})
    await alice.http.post(f"/api/rooms/{room['id']}/start")
    sock = await alice.socket(room["id"])
    await sock.receive_until("snapshot")
    hostile: list[tuple[Any, dict[str, Any], str]] = [
        ("a1", {"add": 1, "pad": "x"}, "malformed_move"),
        ("a2", {"add": 1.0}, "malformed_move"),
        ("a3", {"add": True}, "malformed_move"),
        ("a4", {"add": 1, "zz": ["x" * 60] * 250}, "malformed_move"),
        ("x" * 100, {"add": 1}, "malformed_message"),
        ("nul\x00id", {"add": 1}, "malformed_message"),
        ("é", {"add": 1}, "malformed_message"),
        (True, {"add": 1}, "malformed_message"),
    ]
    for move_id, move, code in hostile:
        await sock.send({"type": "move", "id": move_id, "move": move})
        error = await sock.receive_until("error")
        assert error["code"] == code, (move_id, move, error)
    # A 64-character printable id is fine (stored hashed to fit the log's column).
    long_id = "m" * 64
    await sock.send({"type": "move", "id": long_id, "move": {"add": 1}})
    assert (await sock.receive_until("ack"))["id"] == long_id
    await sock.send({"type": "chat", "text": "hi\x00there \u202eevil"})
    said = await sock.receive_until("chat")
    assert said["text"] == "hi there evil"
    log = (await alice.http.get(f"/api/rooms/{room['id']}/log")).json()
    assert [entry["move"] for entry in log["moves"]] == [{"add": 1}]
    await alice.close()
    await bob.close()


async def test_language_switch_redirects_only_on_site(server: RunningServer) -> None:
    person = Player(server, "p")
    host = server.url.split("://", 1)[1]
    cases = {
        "https://evil.example/steal": "/",
        "//evil.example/x": "/",
        f"http://{host}/r/abc?code=1": "/r/abc?code=1",
        "javascript:alert(1)": "/",
        f"http://{host}//evil.example/": "/",
    }
    for referer, location in cases.items():
        response = await person.http.get("/lang/fr", headers={"Referer": referer})
        assert response.status_code == 303
        assert response.headers["location"] == location, referer
    await person.close()
