"""200 deadlines falling due at once, two processes on PostgreSQL + Redis: each fires once.

Each Race room has a 10-minute turn deadline; the test moves all 200 to the same instant
in the database. Both processes poll (``FOR UPDATE SKIP LOCKED``) and fire what they
claimed; every room gets exactly one timeout move and the processes' counts of fired
deadlines add up to 200.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from tests.conftest import REDIS_URL, Player, flush_redis, need_service, port_open
from tests.rooms.procs import fired, fresh_postgres, make_due, spawn, versions

pytestmark = pytest.mark.slow
ROOMS = 200


async def start_room(host: Player, guest: Player) -> str:
    created = await host.http.post(
        "/api/rooms",
        json={"game": "race", "seats": 2, "options": {"target": 50, "turn_ms": 600_000}},
    )
    room_id = str(created.json()["id"])
    assert (await guest.http.post(f"/api/rooms/{room_id}/join", json={})).status_code == 200
    assert (await host.http.post(f"/api/rooms/{room_id}/start")).status_code == 200
    return room_id


async def test_200_due_deadlines_fire_exactly_once_across_two_processes() -> None:
    need_service("PostgreSQL", port_open("127.0.0.1", 5432))
    need_service("Redis", port_open("127.0.0.1", 6379))
    flush_redis()
    database = await fresh_postgres("deadlines")
    first = spawn(database, REDIS_URL=REDIS_URL)
    second = spawn(database, REDIS_URL=REDIS_URL)
    players: list[Player] = []
    try:
        for proc in (first, second):
            for name in ("Host", "Guest"):
                players.append(await Player(proc, name).as_guest())  # type: ignore[arg-type]
        room_ids: list[str] = []
        for start in range(0, ROOMS, 20):
            room_ids += await asyncio.gather(
                *(
                    start_room(*(players[0:2] if n % 2 else players[2:4]))
                    for n in range(start, start + 20)
                )
            )
        assert fired(first) + fired(second) == 0
        await make_due(database, room_ids, time.time() + 1.0)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            current = await versions(database, room_ids)
            if all(version >= 2 for version in current.values()):
                break
            await asyncio.sleep(0.5)
        await asyncio.sleep(1.0)  # a second firing would show now
        current = await versions(database, room_ids)
        assert set(current.values()) == {2}, current
        counts = fired(first), fired(second)
        print(f"deadlines fired per process: {counts}")
        assert sum(counts) == ROOMS
        async with httpx.AsyncClient(base_url=first.url) as client:
            log = (await client.get(f"/api/rooms/{room_ids[0]}/log")).json()["moves"]
        assert [entry["move"] for entry in log] == [{"add": 1}]

        # Either process serves the same deadline: it comes from the database, not from
        # the memory of the process that armed it (issue 18, item 5).
        room_id = await start_room(players[0], players[1])
        near, far = await players[0].socket(room_id), await players[2].socket(room_id)
        seen = [(await sock.receive_until("snapshot"))["view"]["deadline"] for sock in (near, far)]
        assert seen[0] == seen[1] and seen[0]["seats"] == [0]
    finally:
        for player in players:
            await player.close()
        for proc in (first, second):
            proc.process.terminate()
        for proc in (first, second):
            proc.process.wait(timeout=30)
