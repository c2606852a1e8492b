"""Helpers for the table tests (ratings, undo, rematch): accounts, rooms, moves."""

from __future__ import annotations

import secrets
from typing import Any

from tests.conftest import RoomSocket


async def account(players: Any, name: str) -> Any:
    """A player with an account (rated games need accounts), logged in."""
    player = await players(name, guest=False)
    username = f"{name.lower()}_{secrets.token_hex(3)}"
    response = await player.http.post(
        "/api/accounts", json={"username": username, "password": "long enough pw"}
    )
    assert response.status_code == 201, response.text
    player.user = response.json()
    return player


async def table(
    people: list[Any],
    *,
    game: str = "race",
    options: dict[str, Any] | None = None,
    bots: int = 0,
    bot: str = "random",
    private: bool = False,
) -> dict[str, Any]:
    """A started room: ``people`` seated in order (the first is host), then ``bots`` bots."""
    host = people[0]
    created = await host.http.post(
        "/api/rooms",
        json={"game": game, "seats": len(people) + bots, "options": options or {},
              "private": private},
    )  # fmt: skip
    assert created.status_code == 201, created.text
    room = created.json()
    for person in people[1:]:
        joined = await person.http.post(
            f"/api/rooms/{room['id']}/join", json={"invite_code": room["invite_code"]}
        )
        assert joined.status_code == 200, joined.text
    for _ in range(bots):
        added = await host.http.post(f"/api/rooms/{room['id']}/bots", json={"bot": bot})
        assert added.status_code == 200, added.text
    started = await host.http.post(f"/api/rooms/{room['id']}/start")
    assert started.status_code == 200, started.text
    return started.json()


async def sockets_for(people: list[Any], room_id: str) -> list[RoomSocket]:
    socks = [await person.socket(room_id) for person in people]
    for sock in socks:
        await sock.receive_until("snapshot")
    return socks


async def move(sock: RoomSocket, payload: dict[str, Any], ident: str) -> int:
    await sock.send({"type": "move", "id": ident, "move": payload, "version": sock.version})
    ack = await sock.receive_until("ack", id=ident)
    return int(ack["version"])


def race_target(winner: int, seats: int, rounds: int = 1) -> int:
    """The Race target that seat ``winner`` reaches when every seat adds 1 (seat 0 starts)."""
    return winner + 1 + rounds * seats


async def finish_race(socks: list[RoomSocket], seats: dict[int, RoomSocket]) -> None:
    """Every seat adds 1 until the end (bots, seats missing from ``seats``, play their own)."""
    observer = socks[0]
    number = 0
    while observer.view["result"] is None:
        acting = observer.view["to_act"][0]
        if acting not in seats:
            await observer.receive()
            continue
        number += 1
        version = await move(seats[acting], {"add": 1}, f"f{number}")
        for sock in socks:
            await sock.wait_version(version)
