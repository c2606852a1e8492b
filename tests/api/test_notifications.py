"""Notifications in one place (app.social.notifications), on both stores.

Items follow the state: each kind appears while it is true and goes when it stops; a
kind switched off leaves the list; guests get "your turn" only; the authorisation
matrix covers anonymous, guest, account and admin.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from app.cli import create_admin
from tests.api.tables import account
from tests.api.test_challenges import challenge
from tests.conftest import RunningServer

DEFAULTS = {"your_turn": True, "challenge": True, "tournament_round": True, "friend_online": False}


async def items(player: Any) -> list[dict[str, Any]]:
    answer = await player.http.get("/api/me/notifications")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["items"])


async def kinds(player: Any) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in await items(player):
        out.setdefault(item["kind"], []).append(item["id"])
    return out


async def until(player: Any, check: Any) -> list[dict[str, Any]]:
    """The items once ``check(items)`` holds (socket presence is counted a moment late)."""
    for _ in range(100):
        seen = await items(player)
        if check(seen):
            return seen
        await asyncio.sleep(0.05)
    raise AssertionError(f"never came true: {seen}")


async def save(player: Any, **changes: bool) -> Any:
    return await player.http.put("/api/me/notification-settings", json={**DEFAULTS, **changes})


async def test_each_kind_comes_and_goes_with_the_state(players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    first = await ana.http.get("/api/me/notifications")
    assert first.json() == {"items": [], "settings": DEFAULTS}
    # A challenge to Bob: his item (not Ana's, who sent it); declined, it goes.
    made = await challenge(ana, bob)
    [item] = await items(bob)
    assert item["id"] == f"challenge:{made['id']}" and item["kind"] == "challenge"
    assert item["url"] == "/my-games#challenges" and item["from"] == ana.user["name"]
    assert item["game"] == "race" and item["at"]
    assert await items(ana) == []
    assert (await bob.http.post(f"/api/challenges/{made['id']}/decline")).is_success
    assert await items(bob) == []
    # Accepted: the challenge goes, the game starts with Ana (seat 0) to move.
    made = await challenge(ana, bob)
    room_id = (await bob.http.post(f"/api/challenges/{made['id']}/accept")).json()["room_id"]
    assert await kinds(bob) == {}
    [turn] = await items(ana)
    assert turn["id"] == f"your_turn:{room_id}" and turn["url"] == f"/r/{room_id}"
    assert turn["room_id"] == room_id and turn["game"] == "race"
    # Ana moves: the turn passes to Bob.
    sock = await ana.socket(room_id)
    await sock.receive_until("snapshot")
    await sock.send({"type": "move", "id": 1, "move": {"add": 1}, "version": sock.version})
    await sock.receive_until("ack", id=1)
    assert await kinds(ana) == {}
    assert await kinds(bob) == {"your_turn": [f"your_turn:{room_id}"]}
    # Switched off, it leaves the list (and comes back when switched on).
    saved = await save(bob, your_turn=False)
    assert saved.status_code == 200 and saved.json() == {**DEFAULTS, "your_turn": False}
    answer = (await bob.http.get("/api/me/notifications")).json()
    assert answer == {"items": [], "settings": {**DEFAULTS, "your_turn": False}}
    assert (await bob.http.get("/api/me/notification-settings")).json()["your_turn"] is False
    assert (await save(bob)).status_code == 200
    assert await kinds(bob) == {"your_turn": [f"your_turn:{room_id}"]}
    # A friend at a table: off by default; on, Bob sees Ana while her socket is open.
    assert (await bob.http.post(f"/api/users/{ana.user['username']}/follow")).is_success
    assert "friend_online" not in await kinds(bob)
    assert (await save(bob, friend_online=True, your_turn=False)).status_code == 200
    [online] = await until(bob, lambda seen: len(seen) == 1)
    assert online["id"] == f"friend_online:{ana.user['username']}:{room_id}"
    assert online["kind"] == "friend_online" and online["url"] == f"/r/{room_id}"
    await sock.close()
    await until(bob, lambda seen: seen == [])
    # The challenge switch hides challenges.
    assert (await save(bob, challenge=False, your_turn=False)).status_code == 200
    await challenge(ana, bob)
    assert await kinds(bob) == {}
    assert (await save(bob)).status_code == 200
    assert set(await kinds(bob)) == {"your_turn", "challenge"}


async def test_guests_get_their_turns_only(players: Any) -> None:
    guest = await players("Gus")
    room = (await guest.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    bots = await guest.http.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
    assert bots.is_success
    assert (await guest.http.post(f"/api/rooms/{room['id']}/start")).is_success
    answer = (await guest.http.get("/api/me/notifications")).json()
    assert [item["id"] for item in answer["items"]] == [f"your_turn:{room['id']}"]
    assert answer["settings"] == DEFAULTS


ROLES = ("anonymous", "guest", "account", "admin")
MATRIX: dict[str, dict[str, int]] = {
    "GET /api/me/notifications": {"anonymous": 401, "guest": 200, "account": 200, "admin": 200},
    "GET /api/me/notification-settings": {
        "anonymous": 401, "guest": 200, "account": 200, "admin": 200,
    },
    "PUT /api/me/notification-settings": {
        "anonymous": 401, "guest": 403, "account": 200, "admin": 200,
    },
}  # fmt: skip


async def test_authorisation_matrix_and_bad_bodies(server: RunningServer, players: Any) -> None:
    people = {"anonymous": await players("Anonymous", guest=False), "guest": await players("Guest")}
    people["account"] = await account(players, "Player")
    suffix = secrets.token_hex(3)
    await create_admin(server.settings.database_url, f"admin_{suffix}", "admin password 1")
    admin = await players("Admin", guest=False)
    login = await admin.http.post(
        "/api/login", json={"username": f"admin_{suffix}", "password": "admin password 1"}
    )
    assert login.status_code == 200
    people["admin"] = admin
    for call, expected in MATRIX.items():
        method, path = call.split()
        for role in ROLES:
            body = DEFAULTS if method == "PUT" else None
            answer = await people[role].http.request(method, path, json=body)
            assert answer.status_code == expected[role], (call, role, answer.text)
            if answer.status_code == 403:
                assert answer.json()["code"] == "account_required"
    # Settings are per account: the admin's change is not the player's.
    assert (await save(admin, challenge=False)).json()["challenge"] is False
    player = people["account"]
    assert (await player.http.get("/api/me/notification-settings")).json() == DEFAULTS
    for bad in (
        {},  # all four are needed
        {**DEFAULTS, "extra": True},
        {**DEFAULTS, "challenge": "yes"},
        {**DEFAULTS, "challenge": 1},
        {**DEFAULTS, "your_turn": None},
    ):
        answer = await player.http.put("/api/me/notification-settings", json=bad)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid_request", bad
    not_json = await player.http.put(
        "/api/me/notification-settings", content=b"{", headers={"Content-Type": "application/json"}
    )
    assert not_json.status_code == 422


async def test_a_tournament_round_with_your_table_is_an_item(players: Any) -> None:
    host, ana = await account(players, "Host"), await account(players, "Ana")
    made = await host.http.post(
        "/api/tournaments",
        json={"game": "race", "seats": 2, "format": "swiss", "rounds": 1,
              "options": {"target": 30}},
    )  # fmt: skip
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    assert (await ana.http.post(f"/api/tournaments/{tournament}/join", json={})).is_success
    assert not [item for item in await items(ana) if item["kind"] == "tournament_round"]
    await host.http.post(f"/api/tournaments/{tournament}/bots", json={"level": "random"})
    assert (await host.http.post(f"/api/tournaments/{tournament}/start")).is_success
    seen = await until(ana, lambda seen: any(i["kind"] == "tournament_round" for i in seen))
    (item,) = [item for item in seen if item["kind"] == "tournament_round"]
    assert item["id"] == f"tournament_round:{tournament}:1" and item["round"] == 1
    assert item["url"] == f"/r/{item['room_id']}"
    assert not [i for i in await items(host) if i["kind"] == "tournament_round"]  # not his
    assert (await save(ana, tournament_round=False)).status_code == 200
    assert not [i for i in await items(ana) if i["kind"] == "tournament_round"]
