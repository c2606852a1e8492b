"""Challenges: ask a named player; accept makes and starts the room; decline, cancel, races."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from tests.api.tables import account
from tests.api.test_tokens import database_rows
from tests.conftest import RunningServer


async def challenge(sender: Any, to: Any, **body: Any) -> dict[str, Any]:
    response = await sender.http.post(
        "/api/challenges",
        json={"to": to.user["username"], "game": "race", "options": {"target": 5}, **body},
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


async def test_accepting_makes_and_starts_the_room_for_both(players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    made = await challenge(ana, bob)
    assert made["status"] == "open" and made["room_id"] is None
    assert made["from"]["username"] == ana.user["username"] and made["to"]["id"] == bob.user["id"]
    # Both see it: Bob as incoming, Ana as outgoing.
    assert [c["id"] for c in (await bob.http.get("/api/challenges")).json()["incoming"]] == [
        made["id"]
    ]
    assert [c["id"] for c in (await ana.http.get("/api/challenges")).json()["outgoing"]] == [
        made["id"]
    ]
    # Only the one challenged accepts.
    refused = await ana.http.post(f"/api/challenges/{made['id']}/accept")
    assert refused.status_code == 403 and refused.json()["code"] == "not_challenged"
    accepted = (await bob.http.post(f"/api/challenges/{made['id']}/accept")).json()
    assert accepted["status"] == "accepted" and accepted["room_id"]
    seen = (await ana.http.get(f"/api/challenges/{made['id']}")).json()
    assert seen["room_id"] == accepted["room_id"]
    room = (await ana.http.get(f"/api/rooms/{accepted['room_id']}")).json()
    assert room["status"] == "playing" and room["private"] is True
    assert [seat["user_id"] for seat in room["seats"]] == [ana.user["id"], bob.user["id"]]
    assert room["options"]["target"] == 5
    # Answered: no second room, and it leaves the open lists.
    again = await bob.http.post(f"/api/challenges/{made['id']}/accept")
    assert again.status_code == 409 and again.json()["code"] == "challenge_answered"
    assert (await bob.http.get("/api/challenges")).json()["incoming"] == []


async def test_decline_cancel_and_what_others_learn(players: Any) -> None:
    ana, bob, cleo = [await account(players, name) for name in ("Ana", "Bob", "Cleo")]
    first = await challenge(ana, bob)
    declined = (await bob.http.post(f"/api/challenges/{first['id']}/decline")).json()
    assert declined["status"] == "declined" and declined["room_id"] is None
    second = await challenge(ana, bob)
    cancelled = (await ana.http.post(f"/api/challenges/{second['id']}/decline")).json()
    assert cancelled["status"] == "cancelled"
    # A third party cannot see, accept or decline it (and learns nothing: 404).
    for method, path in (
        ("GET", ""),
        ("POST", "/accept"),
        ("POST", "/decline"),
    ):
        answer = await cleo.http.request(method, f"/api/challenges/{second['id']}{path}")
        assert answer.status_code == 404 and answer.json()["code"] == "challenge_not_found"


async def test_who_and_what_can_be_challenged(server: RunningServer, players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    guest = await players("Guest")

    async def ask(sender: Any, **body: Any) -> Any:
        return await sender.http.post(
            "/api/challenges", json={"to": bob.user["username"], "game": "race", **body}
        )

    assert (await ask(guest)).json()["code"] == "account_required"
    nobody = await ana.http.post("/api/challenges", json={"to": "no_such_one", "game": "race"})
    assert nobody.status_code == 404 and nobody.json()["code"] == "user_not_found"
    myself = await bob.http.post(
        "/api/challenges", json={"to": bob.user["username"], "game": "race"}
    )
    assert myself.status_code == 422 and myself.json()["code"] == "self_challenge"
    assert (await ask(ana, game="chess")).json()["code"] == "unknown_game"
    assert (await ask(ana, options={"target": -3})).json()["code"] == "invalid_options"
    async with httpx.AsyncClient(base_url=server.url) as anonymous:
        answer = await anonymous.post("/api/challenges", json={"to": "x", "game": "race"})
        assert answer.status_code == 401


async def test_two_accepts_racing_make_one_room(server: RunningServer, players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    made = await challenge(ana, bob)
    answers = await asyncio.gather(
        *(bob.http.post(f"/api/challenges/{made['id']}/accept") for _ in range(4))
    )
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409]
    rooms = await database_rows(
        server, "SELECT count(*) FROM seats WHERE user_id = :bob", bob=bob.user["id"]
    )
    assert rooms == [(1,)]


async def test_an_expired_challenge_cannot_be_accepted(server: RunningServer, players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    made = await challenge(ana, bob)
    past = datetime.now(UTC) - timedelta(seconds=1)
    await database_rows(
        server, "UPDATE challenges SET expires_at = :at WHERE id = :id", at=past, id=made["id"]
    )
    assert (await bob.http.get(f"/api/challenges/{made['id']}")).json()["status"] == "expired"
    late = await bob.http.post(f"/api/challenges/{made['id']}/accept")
    assert late.status_code == 409 and late.json()["code"] == "challenge_answered"
    assert (await bob.http.get("/api/challenges")).json()["incoming"] == []
