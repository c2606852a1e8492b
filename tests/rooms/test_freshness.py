"""The periodic version check (app.rooms.freshness): a room left behind is repaired.

Two servers share one PostgreSQL with no relay between them, so no event of one ever
reaches the other: the worst a lost event can do. A move on the second leaves the
first's cache and its socket a version behind; two checks later both have caught up.
"""

from __future__ import annotations

import logging
import time

import orjson
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.conftest import Player, RoomSocket, RunningServer, base_settings, start_server
from tests.rooms.test_seat_races import on_server

log = logging.getLogger(__name__)


async def first_move_there(
    other: RunningServer, alice: Player, room_id: str
) -> tuple[Player, RoomSocket]:
    """Alice's first move, played on the other server (the first never hears of it)."""
    alice_there = Player(other, "Alice")
    alice_there.http.cookies = alice.http.cookies
    there = await alice_there.socket(room_id)
    await there.receive_until("snapshot")
    await there.send({"type": "move", "id": "a1", "move": {"add": 1}, "version": 1})
    assert (await there.receive_until("ack", id="a1"))["version"] == 2
    return alice_there, there


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
        alice_there, there = await first_move_there(other, alice, room_id)
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


async def test_a_deadline_claimed_by_a_process_behind_the_database_still_fires(
    server: RunningServer,
) -> None:
    """The first server holds the room a version behind (the move was played on the other,
    its event never came) and claims the bot's turn of the newer version: it reloads and
    the bot moves, instead of ignoring its claim and leaving the lease to run out (30 s:
    the soak's stalls with no fault near them)."""
    if "postgresql" not in server.settings.database_url:
        pytest.skip("several processes share PostgreSQL")
    other = start_server(
        base_settings(
            database_url=server.settings.database_url,
            bot_delay_seconds=3600.0,  # the bot's turn waits; the test makes it due
            scheduler_poll_seconds=0,  # only the first server looks for due deadlines
        )
    )
    try:
        alice = await Player(server, "Alice").as_guest()
        created = await alice.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 50}}
        )
        room_id = created.json()["id"]
        await alice.http.post(f"/api/rooms/{room_id}/bots", json={"bot": "random"})
        assert (await alice.http.post(f"/api/rooms/{room_id}/start")).status_code == 200
        here = await alice.socket(room_id)  # the first server holds the room
        await here.receive_until("snapshot")
        alice_there, there = await first_move_there(other, alice, room_id)
        engine = create_async_engine(server.settings.database_url)
        try:  # the bot's turn falls due now
            async with engine.begin() as conn:
                timers = orjson.loads(
                    (await conn.execute(text("SELECT timers FROM rooms WHERE id = :id"),
                                        {"id": room_id})).scalar_one()
                )  # fmt: skip
                timers["bot_at"] = time.time() - 1
                await conn.execute(
                    text("UPDATE rooms SET timers = :t, deadline_at = :at WHERE id = :id"),
                    {"t": orjson.dumps(timers).decode(), "at": time.time() - 1, "id": room_id},
                )
        finally:
            await engine.dispose()
        started = time.monotonic()
        await here.wait_version(3, timeout=15)  # the bot moved (the first server fired)
        log.warning(
            "a claim of version 2 by a process holding version 1: the bot moved %.2f s after "
            "its turn fell due",
            time.monotonic() - started,
        )
        for player in (alice, alice_there):
            await player.close()
    finally:
        other.stop()
