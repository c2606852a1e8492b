"""Follows, blocks and who is online (app.social.follows, app.social.blocks), on both stores.

The authorisation matrix: anonymous, guest, player, blocked (an account the target
blocked), admin, for every new endpoint and for the calls a block changes (challenge,
join a private room with its code).
"""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime
from typing import Any

import httpx

from app.cli import create_admin
from tests.api.tables import account
from tests.api.test_tokens import database_rows
from tests.conftest import Player, RunningServer


async def following(player: Any) -> list[dict[str, Any]]:
    answer = await player.http.get("/api/me/following")
    assert answer.status_code == 200, answer.text
    return list(answer.json())


async def online_entry(player: Any, name: str, *, online: bool) -> dict[str, Any]:
    """The entry for ``name`` once its online state is ``online`` (a socket's presence
    is counted just after its snapshot is sent)."""
    for _ in range(100):
        entry = next(e for e in await following(player) if e["name"] == name)
        if entry["online"] is online:
            return entry
        await asyncio.sleep(0.05)
    raise AssertionError(f"{name} never became online={online}: {entry}")


async def test_follow_unfollow_idempotent_and_shown_on_the_profile(players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    bob_name = bob.user["username"]
    for _ in range(2):  # following twice: the same answer, one row
        answer = await ana.http.post(f"/api/users/{bob_name}/follow")
        assert answer.status_code == 200 and answer.json() == {"name": bob_name, "following": True}
    assert await following(ana) == [
        {"name": bob_name, "display_name": bob_name, "online": False, "room_id": None,
         "bot": False},
    ]  # fmt: skip
    profile = (await ana.http.get(f"/api/users/{bob_name}")).json()
    assert profile["following"] is True and profile["blocked"] is False and profile["bot"] is False
    # Following is one way: Bob follows nobody, and his view of Ana says so.
    assert await following(bob) == []
    assert (await bob.http.get(f"/api/users/{ana.user['username']}")).json()["following"] is False
    async with httpx.AsyncClient(base_url=ana.server.url) as anonymous:
        public = (await anonymous.get(f"/api/users/{bob_name}")).json()
        assert "following" not in public and "blocked" not in public and "bot" in public
    for _ in range(2):
        answer = await ana.http.delete(f"/api/users/{bob_name}/follow")
        assert answer.status_code == 200 and answer.json() == {"name": bob_name, "following": False}
    assert await following(ana) == []
    # Yourself, nobody, a deleted account.
    myself = await ana.http.post(f"/api/users/{ana.user['username']}/follow")
    assert myself.status_code == 422 and myself.json()["code"] == "self_follow"
    myself = await ana.http.post(f"/api/users/{ana.user['username']}/block")
    assert myself.status_code == 422 and myself.json()["code"] == "self_block"
    for path in ("/api/users/no_such_one/follow", "/api/users/no_such_one/block"):
        missing = await ana.http.post(path)
        assert missing.status_code == 404 and missing.json()["code"] == "user_not_found"
    for hostile in ("%00bob", "x" * 2000, "%E2%80%AEbob", "bob%0A"):  # 4xx, never 5xx
        for method in ("POST", "DELETE"):
            for what in ("follow", "block"):
                answer = await ana.http.request(method, f"/api/users/{hostile}/{what}")
                assert 400 <= answer.status_code < 500, (hostile, answer.text)
    cleo = await account(players, "Cleo")
    await database_rows(
        ana.server, "UPDATE users SET deleted_at = :at WHERE id = :id",
        at=datetime.now(UTC), id=cleo.user["id"],
    )  # fmt: skip
    gone = await ana.http.post(f"/api/users/{cleo.user['username']}/follow")
    assert gone.status_code == 404 and gone.json()["code"] == "user_not_found"


async def test_online_at_a_table_and_which_tables_are_shown(players: Any) -> None:
    ana, bob, cleo = [await account(players, name) for name in ("Ana", "Bob", "Cleo")]
    for person in (bob, cleo):
        assert (await ana.http.post(f"/api/users/{person.user['username']}/follow")).is_success
    bob_name, cleo_name = bob.user["username"], cleo.user["username"]
    # Seated at a public table but not connected: offline.
    public = (await bob.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    assert (await online_entry(ana, bob_name, online=False))["room_id"] is None
    sock = await bob.socket(public["id"])
    await sock.receive_until("snapshot")
    seen = await online_entry(ana, bob_name, online=True)
    assert seen["room_id"] == public["id"]
    assert [e["name"] for e in await following(ana)] == [bob_name, cleo_name]  # online first
    await sock.close()
    await online_entry(ana, bob_name, online=False)
    # At a private table: online, but the table is shown only to its members.
    private = (
        await cleo.http.post("/api/rooms", json={"game": "race", "seats": 2, "private": True})
    ).json()
    cleo_sock = await cleo.socket(private["id"])
    await cleo_sock.receive_until("snapshot")
    assert (await online_entry(ana, cleo_name, online=True))["room_id"] is None
    joined = await ana.http.post(
        f"/api/rooms/{private['id']}/join", json={"invite_code": private["invite_code"]}
    )
    assert joined.status_code == 200
    assert (await online_entry(ana, cleo_name, online=True))["room_id"] == private["id"]
    # A bot account (a program plays it, app.accounts.bot_accounts) is followed as any.
    assert (await online_entry(ana, cleo_name, online=True))["bot"] is False
    await database_rows(
        ana.server, "UPDATE users SET is_bot = :yes WHERE id = :id", yes=True, id=cleo.user["id"]
    )
    assert (await online_entry(ana, cleo_name, online=True))["bot"] is True


async def test_a_block_refuses_challenges_private_seats_and_ends_follows(players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    ana_name, bob_name = ana.user["username"], bob.user["username"]
    assert (await ana.http.post(f"/api/users/{bob_name}/follow")).is_success
    assert (await bob.http.post(f"/api/users/{ana_name}/follow")).is_success
    waiting = (await ana.http.post("/api/challenges", json={"to": bob_name, "game": "race"})).json()
    for _ in range(2):
        answer = await bob.http.post(f"/api/users/{ana_name}/block")
        assert answer.status_code == 200 and answer.json() == {"name": ana_name, "blocked": True}
    blocked = (await bob.http.get("/api/me/blocked")).json()
    assert blocked == [
        {"name": ana_name, "display_name": ana_name, "bot": False, "id": ana.user["id"]}
    ]
    # Follows both ways are gone; the open challenge is cancelled.
    assert await following(ana) == [] and await following(bob) == []
    assert (await ana.http.get(f"/api/challenges/{waiting['id']}")).json()["status"] == "cancelled"
    assert (await bob.http.get(f"/api/users/{ana_name}")).json()["blocked"] is True
    # Neither may follow or challenge the other.
    for sender, to in ((ana, bob_name), (bob, ana_name)):
        again = await sender.http.post(f"/api/users/{to}/follow")
        assert again.status_code == 403 and again.json()["code"] == "blocked"
        refused = await sender.http.post("/api/challenges", json={"to": to, "game": "race"})
        assert refused.status_code == 403 and refused.json()["code"] == "blocked"
    # Ana cannot sit at Bob's private table, even with its code; his public one is open.
    private = (
        await bob.http.post("/api/rooms", json={"game": "race", "seats": 3, "private": True})
    ).json()
    join = await ana.http.post(
        f"/api/rooms/{private['id']}/join", json={"invite_code": private["invite_code"]}
    )
    assert join.status_code == 403 and join.json()["code"] == "blocked"
    public = (await bob.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    assert (await ana.http.post(f"/api/rooms/{public['id']}/join", json={})).status_code == 200
    # Unblocked, all is as before (the follows do not come back by themselves).
    answer = await bob.http.delete(f"/api/users/{ana_name}/block")
    assert answer.status_code == 200 and answer.json() == {"name": ana_name, "blocked": False}
    assert (await bob.http.get("/api/me/blocked")).json() == []
    made = await ana.http.post("/api/challenges", json={"to": bob_name, "game": "race"})
    assert made.status_code == 201
    join = await ana.http.post(
        f"/api/rooms/{private['id']}/join", json={"invite_code": private["invite_code"]}
    )
    assert join.status_code == 200


ROLES = ("anonymous", "guest", "player", "blocked", "admin")
# role -> expected status; the target is an account that blocked the "blocked" role.
# In this order: the block rows are made and removed last.
MATRIX: dict[str, dict[str, int]] = {
    "GET /api/users/{target}": dict.fromkeys(ROLES, 200),
    "POST /api/users/{target}/follow": {
        "anonymous": 401, "guest": 403, "player": 200, "blocked": 403, "admin": 200,
    },
    "GET /api/me/following": {
        "anonymous": 401, "guest": 403, "player": 200, "blocked": 200, "admin": 200,
    },
    "DELETE /api/users/{target}/follow": {
        "anonymous": 401, "guest": 403, "player": 200, "blocked": 200, "admin": 200,
    },
    "POST /api/challenges": {
        "anonymous": 401, "guest": 403, "player": 201, "blocked": 403, "admin": 201,
    },
    "POST /api/rooms/{private}/join": {
        "anonymous": 401, "guest": 200, "player": 200, "blocked": 403, "admin": 200,
    },
    "POST /api/users/{target}/block": {
        "anonymous": 401, "guest": 403, "player": 200, "blocked": 200, "admin": 200,
    },
    "GET /api/me/blocked": {
        "anonymous": 401, "guest": 403, "player": 200, "blocked": 200, "admin": 200,
    },
    "DELETE /api/users/{target}/block": {
        "anonymous": 401, "guest": 403, "player": 200, "blocked": 200, "admin": 200,
    },
}  # fmt: skip


async def cast(server: RunningServer, players: Any) -> dict[str, Player]:
    people: dict[str, Player] = {"anonymous": await players("Anonymous", guest=False)}
    people["guest"] = await players("Guest")
    people["player"] = await account(players, "Player")
    people["blocked"] = await account(players, "Blocked")
    suffix = secrets.token_hex(3)
    await create_admin(server.settings.database_url, f"admin_{suffix}", "admin password 1")
    admin = await players("Admin", guest=False)
    login = await admin.http.post(
        "/api/login", json={"username": f"admin_{suffix}", "password": "admin password 1"}
    )
    assert login.status_code == 200 and login.json()["admin"] is True
    people["admin"] = admin
    return people


async def test_authorisation_matrix(server: RunningServer, players: Any) -> None:
    people = await cast(server, players)
    target = await account(players, "Target")
    name = target.user["username"]
    assert (
        await target.http.post(f"/api/users/{people['blocked'].user['username']}/block")
    ).is_success
    got: dict[str, dict[str, int]] = {}
    for call in MATRIX:
        method, path = call.split(" ")
        got[call] = {}
        for role in ROLES:
            body: dict[str, Any] | None = None
            url = path.replace("{target}", name)
            if call == "POST /api/challenges":
                body = {"to": name, "game": "race"}
            if "{private}" in path:  # a table of the target's for each role
                room = (
                    await target.http.post(
                        "/api/rooms", json={"game": "race", "seats": 2, "private": True}
                    )
                ).json()
                url = path.replace("{private}", room["id"])
                body = {"invite_code": room["invite_code"]}
            answer = await people[role].http.request(method, url, json=body)
            got[call][role] = answer.status_code
            if answer.status_code == 403 and role == "blocked":
                assert answer.json()["code"] == "blocked", (call, answer.text)
            if answer.status_code == 403 and role == "guest":
                assert answer.json()["code"] == "account_required", (call, answer.text)
    assert got == MATRIX
