"""The lobby (``GET /api/rooms``): current after every seating change, paginated, public
rooms only, never a room's state."""

from __future__ import annotations

from typing import Any

from tests.api.tables import finish_race, race_target, sockets_for, table


async def listed(player: Any, **params: int) -> list[dict[str, Any]]:
    answer = await player.http.get("/api/rooms", params=params)
    assert answer.status_code == 200, answer.text
    return list(answer.json())


async def test_the_lobby_follows_creation_seating_start_and_end(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    created = (await ana.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
    secret = (
        await ana.http.post("/api/rooms", json={"game": "race", "seats": 2, "private": True})
    ).json()
    rooms = {room["id"]: room for room in await listed(bob)}
    assert created["id"] in rooms and secret["id"] not in rooms
    entry = rooms[created["id"]]
    assert entry["status"] == "waiting" and entry["seat_count"] == 2 and "state" not in entry
    assert [seat["kind"] for seat in entry["seats"]] == ["player"]

    joined = await bob.http.post(f"/api/rooms/{created['id']}/join", json={})
    assert joined.status_code == 200
    rooms = {room["id"]: room for room in await listed(ana)}
    assert len(rooms[created["id"]]["seats"]) == 2
    await ana.http.post(f"/api/rooms/{created['id']}/start")
    assert {r["id"]: r for r in await listed(ana)}[created["id"]]["status"] == "playing"

    game = await table([ana, bob], options={"target": race_target(0, 2)})
    socks = await sockets_for([ana, bob], game["id"])
    assert game["id"] in {r["id"] for r in await listed(ana)}
    await finish_race(socks, {0: socks[0], 1: socks[1]})
    assert game["id"] not in {r["id"] for r in await listed(ana)}


async def test_the_lobby_pages(players: Any) -> None:
    hosts = [await players(f"H{i}") for i in range(5)]
    for host in hosts:
        assert (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).is_success
    everything = await listed(hosts[0], limit=500)
    first, second = await listed(hosts[0], limit=3), await listed(hosts[0], offset=3, limit=3)
    assert [r["id"] for r in first + second] == [r["id"] for r in everything[:6]]
    bad = await hosts[0].http.get("/api/rooms", params={"limit": 0})
    assert bad.status_code == 422
