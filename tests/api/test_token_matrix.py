"""The authorisation matrix with tokens (issue 37): a program is its account, no more.

Every call of the cookie matrix (tests/api/test_authorization.py) is made again by the
non-member, the player and the host, each through a Bearer token instead of a session:

- a token with ``play`` gets exactly the answer the session gets;
- a ``read`` token gets the session's answer on reads, 403 ``token_scope`` on changes;
- a revoked token gets 401 ``bad_token`` everywhere a user is looked at, never a
  session's rights (the request carries the session's cookie too);
- the admin's token has an account's rights, not an admin's.
"""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest

from app.cli import create_admin
from tests.api.test_authorization import BODIES, MATRIX
from tests.api.test_tokens import bearer, make_token
from tests.conftest import Player, RunningServer

PEOPLE = ("non_member", "player", "host", "admin")
NO_USER = ("GET /api/games", "GET /api/rooms")  # public lists: no user is looked at


async def accounts(server: RunningServer) -> dict[str, Player]:
    """Four signed-in accounts; the admin's is made an admin."""
    suffix = secrets.token_hex(3)
    people = {role: Player(server, role) for role in PEOPLE}
    for role, person in people.items():
        if role == "admin":
            await create_admin(server.settings.database_url, f"adm_{suffix}", "admin password 1")
            login = {"username": f"adm_{suffix}", "password": "admin password 1"}
            assert (await person.http.post("/api/login", json=login)).status_code == 200
            continue
        made = await person.http.post(
            "/api/accounts", json={"username": f"{role}_{suffix}", "password": "long enough pw"}
        )
        assert made.status_code == 201, made.text
    return people


async def room_for(people: dict[str, Player], call: str, role: str) -> dict[str, Any]:
    """A fresh private room of the host with the player seated, set up as the cookie
    matrix sets it up for ``role``."""
    host, player = people["host"], people["player"]
    room = (
        await host.http.post("/api/rooms", json={"game": "race", "seats": 3, "private": True})
    ).json()
    code = {"invite_code": room["invite_code"]}
    assert (await player.http.post(f"/api/rooms/{room['id']}/join", json=code)).status_code == 200
    if call.endswith("/start") and role in ("host", "admin"):
        await host.http.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
    if call.endswith("/leave") and role == "admin":
        await people["admin"].http.post(f"/api/rooms/{room['id']}/join", json=code)
    return room


# Who may do what does not depend on the database (the cookie matrix runs on both).
@pytest.mark.parametrize("server", ["sqlite"], indirect=True)
async def test_tokens_get_their_accounts_answers_and_no_more(server: RunningServer) -> None:
    people = await accounts(server)
    tokens = {role: await make_token(people[role], "read", "play") for role in PEOPLE}
    readers = {role: await make_token(people[role], "read") for role in ("player", "host")}
    revoked = await make_token(people["host"], "read", "play")
    assert (await people["host"].http.delete(f"/api/tokens/{revoked['id']}")).status_code == 204
    clients = {role: bearer(server, made["token"]) for role, made in tokens.items()}
    read_clients = {role: bearer(server, made["token"]) for role, made in readers.items()}
    # The revoked token travels with the host's own session cookie: still refused.
    dead = httpx.AsyncClient(
        base_url=server.url,
        headers={"Authorization": f"Bearer {revoked['token']}", **people["host"].cookie_header()},
    )
    checked = 0
    try:
        for call, expected in MATRIX.items():
            method, path = call.split(" ")
            for role in ("non_member", "player", "host"):
                room = await room_for(people, call, role)
                url = path.replace("{id}", room["id"])
                want = expected[role]
                if call.endswith("/join") and role in ("player", "host"):
                    want = 200  # already seated
                if call == "POST /api/rooms" and role == "non_member":
                    want = 201
                answer = await clients[role].request(method, url, json=BODIES.get(call))
                assert answer.status_code == want, (role, call, answer.text)
                checked += 1
                if role in read_clients:
                    # The same room: a read changes nothing, a change is refused first.
                    answer = await read_clients[role].request(method, url, json=BODIES.get(call))
                    if method == "GET":
                        assert answer.status_code == want, (role, call, "read", answer.text)
                    else:
                        assert (answer.status_code, answer.json()["code"]) == (
                            403, "token_scope"
                        ), (role, call)  # fmt: skip
                    checked += 1
            # The admin's token: an account's rights (a non-member of the private room).
            room = await room_for(people, call, "admin")
            url = path.replace("{id}", room["id"])
            answer = await clients["admin"].request(method, url, json=BODIES.get(call))
            want = 200 if call.endswith("/leave") else expected["non_member"]  # seated to leave
            if call == "POST /api/rooms":
                want = 201
            assert answer.status_code == want, (call, "admin token", answer.text)
            answer = await dead.request(method, url, json=BODIES.get(call))
            if call in NO_USER:
                assert answer.status_code == 200  # no user looked at
            else:
                assert (answer.status_code, answer.json()["code"]) == (401, "bad_token"), call
            checked += 2
        admin_only = await clients["admin"].get("/api/admin/overview")
        assert (admin_only.status_code, admin_only.json()["code"]) == (403, "session_required")
    finally:
        for client in [*clients.values(), *read_clients.values(), dead]:
            await client.aclose()
        for person in people.values():
            await person.close()
    assert checked >= 4 * len(MATRIX)
