"""Rooms to hand-build group-commit batches for (tests/rooms/test_store.py,
test_batch_isolation.py): made through the API, their versions read from the database."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import Player, RunningServer


async def race_rooms(server: RunningServer, engine: AsyncEngine, count: int) -> dict[str, int]:
    """``count`` new race rooms: id -> stored version, in creation order."""
    host = await Player(server, "Host").as_guest()
    ids = []
    for _ in range(count):
        room = (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        ids.append(room["id"])
    await host.close()
    async with engine.connect() as conn:
        versions: dict[str, int] = dict(
            (await conn.execute(text("SELECT id, version FROM rooms"))).all()
        )
    return {room_id: versions[room_id] for room_id in ids}
