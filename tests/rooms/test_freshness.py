"""The periodic version check (app.rooms.freshness): a room left behind is repaired.

Two servers share one PostgreSQL with no relay between them, so no event of one ever
reaches the other: the worst a lost event can do. A move on the second leaves the
first's cache and its socket a version behind; two checks later both have caught up.
"""

from __future__ import annotations

import logging

import pytest

from tests.conftest import Player, RunningServer, base_settings, start_server
from tests.rooms.test_seat_races import on_server

log = logging.getLogger(__name__)


async def test_a_room_behind_the_database_is_resynchronised(server: RunningServer) -> None:
    if "postgresql" not in server.settings.database_url:
        pytest.skip("several processes share PostgreSQL")
    other = start_server(base_settings(database_url=server.settings.database_url))
    try:
        alice = await Player(server, "Alice").as_guest()
        bob = await Player(server, "Bob").as_guest()
        created = await alice.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 50}}
        )
        room_id = created.json()["id"]
        assert (await bob.http.post(f"/api/rooms/{room_id}/join", json={})).status_code == 200
        assert (await alice.http.post(f"/api/rooms/{room_id}/start")).status_code == 200
        here = await bob.socket(room_id)  # Bob waits on the first server
        await here.receive_until("snapshot")
        alice_there = Player(other, "Alice")
        alice_there.http.cookies = alice.http.cookies
        there = await alice_there.socket(room_id)
        await there.receive_until("snapshot")
        await there.send({"type": "move", "id": "a1", "move": {"add": 1}, "version": 1})
        assert (await there.receive_until("ack", id="a1"))["version"] == 2
        check = server.app.state.rooms.freshness
        first = await on_server(server, check.check_once())  # seen behind: a suspect
        assert first == [] and here.version == 1
        second = await on_server(server, check.check_once())  # still behind: repaired
        assert second == [room_id]
        await here.wait_version(2)
        log.warning(
            "version check: room behind by one version repaired on the second check; "
            "the waiting socket got version %d",
            here.version,
        )
        assert here.view["to_act"] == [1]  # Bob learns it is his turn
        assert await on_server(server, check.check_once()) == []  # nothing left behind
        for player in (alice, bob, alice_there):
            await player.close()
    finally:
        other.stop()
