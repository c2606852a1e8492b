"""The authorisation matrix: anonymous, guest, non-member, player, host, admin.

Every endpoint and socket action of a private room is tried by every role; the
expected status (or socket answer) is written out in full for each.
"""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from app.cli import create_admin
from tests.conftest import Player, RunningServer

ROLES = ("anonymous", "guest", "non_member", "player", "host", "admin")


async def cast(server: RunningServer) -> dict[str, Player]:
    people = {role: Player(server, role.title()) for role in ROLES}
    for role in ("guest", "player", "host"):
        await people[role].as_guest()
    suffix = secrets.token_hex(3)
    registered = await people["non_member"].http.post(
        "/api/accounts", json={"username": f"member_{suffix}", "password": "long enough pw"}
    )
    assert registered.status_code == 201
    people["non_member"].user = registered.json()
    await create_admin(server.settings.database_url, f"admin_{suffix}", "admin password 1")
    login = await people["admin"].http.post(
        "/api/login", json={"username": f"admin_{suffix}", "password": "admin password 1"}
    )
    assert login.status_code == 200 and login.json()["admin"] is True
    return people


async def private_room(people: dict[str, Player], seats: int = 3) -> dict[str, Any]:
    room = (
        await people["host"].http.post(
            "/api/rooms", json={"game": "race", "seats": seats, "private": True}
        )
    ).json()
    joined = await people["player"].http.post(
        f"/api/rooms/{room['id']}/join", json={"invite_code": room["invite_code"]}
    )
    assert joined.status_code == 200
    return room


# role -> expected HTTP status, per call on a private room (no invite code presented).
MATRIX: dict[str, dict[str, int]] = {
    "GET /api/games": dict.fromkeys(ROLES, 200),
    "GET /api/rooms": dict.fromkeys(ROLES, 200),
    "POST /api/rooms": {"anonymous": 401, **dict.fromkeys(ROLES[1:], 201)},
    "GET /api/rooms/{id}": {
        "anonymous": 404, "guest": 404, "non_member": 404, "player": 200, "host": 200, "admin": 200,
    },
    "GET /api/rooms/{id}/log": {
        "anonymous": 404, "guest": 404, "non_member": 404, "player": 200, "host": 200, "admin": 200,
    },
    "GET /api/rooms/{id}/chat": {
        "anonymous": 404, "guest": 404, "non_member": 404, "player": 200, "host": 200, "admin": 200,
    },
    "GET /api/rooms/{id}/verify": {
        "anonymous": 404, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 409,
    },
    # Clocks: reclaiming needs a seat a bot took over, handing to a bot a running live game.
    "POST /api/rooms/{id}/reclaim": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 409,
    },
    "POST /api/rooms/{id}/hand-to-bot": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
    "GET /api/rooms/{id}/review": {
        "anonymous": 404, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 409,
    },
    "POST /api/rooms/{id}/join": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 200, "host": 200, "admin": 200,
    },
    "POST /api/rooms/{id}/options": {
        "anonymous": 401, "guest": 403, "non_member": 403, "player": 403, "host": 200, "admin": 200,
    },
    "POST /api/rooms/{id}/bots": {
        "anonymous": 401, "guest": 403, "non_member": 403, "player": 403, "host": 200, "admin": 200,
    },
    "POST /api/rooms/{id}/kick": {
        "anonymous": 401, "guest": 403, "non_member": 403, "player": 403, "host": 200, "admin": 200,
    },
    "POST /api/rooms/{id}/start": {
        "anonymous": 401, "guest": 403, "non_member": 403, "player": 403, "host": 200, "admin": 200,
    },
    "POST /api/rooms/{id}/leave": {
        "anonymous": 401, "guest": 403, "non_member": 403, "player": 200, "host": 200, "admin": 200,
    },
    # Undo and rematch: outsiders of a private room learn nothing; the admin has no seat;
    # members are refused by the room's state (waiting: no move to take back, no end yet).
    "GET /api/rooms/{id}/requests": {
        "anonymous": 404, "guest": 404, "non_member": 404, "player": 200, "host": 200, "admin": 200,
    },
    "POST /api/rooms/{id}/undo": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
    "POST /api/rooms/{id}/undo/accept": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
    "POST /api/rooms/{id}/undo/decline": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
    "POST /api/rooms/{id}/rematch": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
    "POST /api/rooms/{id}/rematch/accept": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
    "POST /api/rooms/{id}/rematch/decline": {
        "anonymous": 401, "guest": 404, "non_member": 404, "player": 409, "host": 409, "admin": 403,
    },
}  # fmt: skip

# Profiles and leaderboards are public (no room involved); a guest has a page but no JSON
# profile.
PUBLIC: dict[str, dict[str, int]] = {
    "GET /api/users/{member}": dict.fromkeys(ROLES, 200),
    "GET /api/users/{guest}": dict.fromkeys(ROLES, 404),
    "GET /api/leaderboard/race": dict.fromkeys(ROLES, 200),
    "GET /u/{member}": dict.fromkeys(ROLES, 200),
    "GET /u/{guest}": dict.fromkeys(ROLES, 200),
    "GET /leaderboard/race": dict.fromkeys(ROLES, 200),
}

BODIES: dict[str, Any] = {
    "POST /api/rooms": {"game": "race", "seats": 2},
    "POST /api/rooms/{id}/join": {},
    "POST /api/rooms/{id}/options": {"options": {"target": 30}},
    "POST /api/rooms/{id}/bots": {"bot": "random"},
    "POST /api/rooms/{id}/kick": {"seat": 1},
    "POST /api/rooms/{id}/hand-to-bot": {"seat": 1},
}


@pytest.mark.parametrize("call", list(MATRIX))
async def test_http_matrix(server: RunningServer, call: str) -> None:
    people = await cast(server)
    try:
        for role in ROLES:
            # A fresh room per role, so one role's action cannot change the next one's case.
            room = await private_room(people)
            if call.endswith("/kick") and role == "admin":
                pass  # the admin kicks the seated player, as the host would
            if call.endswith("/leave") and role in ("host", "admin"):
                # Host leaving hands the room over; admin has no seat: give it one to leave.
                if role == "admin":
                    await people["admin"].http.post(
                        f"/api/rooms/{room['id']}/join", json={"invite_code": room["invite_code"]}
                    )
            if call.endswith("/start") and role in ("host", "admin"):
                await people["host"].http.post(
                    f"/api/rooms/{room['id']}/bots", json={"bot": "random"}
                )
            method, path = call.split(" ")
            url = path.replace("{id}", room["id"])
            response = await people[role].http.request(method, url, json=BODIES.get(call))
            expected = MATRIX[call][role]
            if call.endswith("/join") and role in ("player", "host"):
                expected = 200  # already seated: joining again is a no-op
            assert response.status_code == expected, (role, call, response.text)
            if response.status_code >= 400:
                body = response.json()
                assert body["code"] and body["message"], body
    finally:
        for person in people.values():
            await person.close()


async def test_public_pages_matrix(server: RunningServer) -> None:
    people = await cast(server)
    try:
        for call, expected in PUBLIC.items():
            method, path = call.split(" ")
            url = path.replace("{guest}", people["host"].user["id"])
            url = url.replace("{member}", people["non_member"].user["username"])
            for role in ROLES:
                response = await people[role].http.request(method, url)
                assert response.status_code == expected[role], (role, call, response.text)
    finally:
        for person in people.values():
            await person.close()


# Socket matrix on a private room that has started: what each role gets.
SOCKET_CONNECT = {
    "anonymous": "room_not_found", "guest": "room_not_found", "non_member": "room_not_found",
    "player": "snapshot", "host": "snapshot", "admin": "snapshot",
}  # fmt: skip
SOCKET_MOVE = {"player": "not_your_turn", "host": "ack", "admin": "not_a_member"}
SOCKET_CHAT = {"player": "chat", "host": "chat", "admin": "chat"}


async def test_socket_matrix(server: RunningServer) -> None:
    people = await cast(server)
    try:
        room = await private_room(people, seats=2)
        assert (await people["host"].http.post(f"/api/rooms/{room['id']}/start")).status_code == 200
        for role in ROLES:
            sock = await people[role].socket(room["id"])
            first = await sock.receive()
            if SOCKET_CONNECT[role] == "snapshot":
                assert first["type"] == "snapshot", (role, first)
            else:
                assert first["type"] == "error" and first["code"] == SOCKET_CONNECT[role], role
                continue
            await sock.send({"type": "move", "id": role, "move": {"add": 1}})
            answer = await sock.receive_until("ack" if SOCKET_MOVE[role] == "ack" else "error")
            assert answer.get("code", "ack") == SOCKET_MOVE[role], (role, answer)
            await sock.send({"type": "chat", "text": f"hello from {role}"})
            said = await sock.receive_until("chat", text=f"hello from {role}")
            assert said["name"] == people[role].user.get("name", said["name"])
        # With the invite code outsiders may watch, but never move, nor chat anonymously.
        outsider = await people["anonymous"].socket(room["id"], code=room["invite_code"])
        snapshot = await outsider.receive_until("snapshot")
        assert snapshot["seat"] is None
        await outsider.send({"type": "move", "id": 1, "move": {"add": 1}})
        assert (await outsider.receive_until("error"))["code"] == "not_authenticated"
        await outsider.send({"type": "chat", "text": "hi"})
        assert (await outsider.receive_until("error"))["code"] == "not_authenticated"
        guest = await people["guest"].socket(room["id"], code=room["invite_code"])
        await guest.receive_until("snapshot")
        await guest.send({"type": "move", "id": 1, "move": {"add": 1}})
        assert (await guest.receive_until("error"))["code"] == "not_a_member"
    finally:
        for person in people.values():
            await person.close()


async def test_websocket_refuses_a_foreign_origin(server: RunningServer) -> None:
    import websockets

    with pytest.raises(websockets.exceptions.InvalidStatus):
        async with websockets.connect(
            f"{server.ws_url}/ws/rooms/x", additional_headers={"Origin": "https://evil.example"}
        ) as ws:
            await ws.recv()


# A person's own account: every call needs a session and acts on the caller only (no id
# in the path, so no one reaches another's account); a guest has no password to change.
PASSWORDS = {"non_member": "long enough pw", "admin": "admin password 1"}
ACCOUNT: dict[str, dict[str, int]] = {
    "GET /api/account/export": {"anonymous": 401, **dict.fromkeys(ROLES[1:], 200)},
    "POST /api/account/password": {
        "anonymous": 401, "guest": 422, "non_member": 200, "player": 422, "host": 422,
        "admin": 200,
    },
    "POST /api/account/logout-all": {"anonymous": 401, **dict.fromkeys(ROLES[1:], 200)},
    "POST /api/account/delete": {"anonymous": 401, **dict.fromkeys(ROLES[1:], 200)},
    "GET /account": dict.fromkeys(ROLES, 200),
    "GET /api/my-games": {"anonymous": 401, **dict.fromkeys(ROLES[1:], 200)},
}  # fmt: skip


@pytest.mark.parametrize("call", list(ACCOUNT))
async def test_account_matrix(server: RunningServer, call: str) -> None:
    people = await cast(server)
    try:
        await private_room(people)  # the host and the player have a seat to lose
        for role in ROLES:
            method, path = call.split(" ")
            password = PASSWORDS.get(role, "")
            body = {
                "POST /api/account/password": {
                    "current_password": password or "none", "new_password": "another password",
                },
                "POST /api/account/delete": {"password": password or None},
            }.get(call)  # fmt: skip
            response = await people[role].http.request(method, path, json=body)
            assert response.status_code == ACCOUNT[call][role], (role, call, response.text)
            if response.status_code >= 400:
                assert response.json()["code"], response.text
    finally:
        for person in people.values():
            await person.close()
