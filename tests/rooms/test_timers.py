"""Planning at startup (app.rooms.timers.Timers.plan_unplanned): a room whose stored
state the rules cannot read is logged and left alone; the server still starts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx

from tests.conftest import Player, base_settings, start_server


async def test_an_unreadable_room_does_not_stop_the_server_starting(tmp_path: Path) -> None:
    path = tmp_path / "agora.db"
    settings = base_settings(database_url=f"sqlite+aiosqlite:///{path}")
    first = start_server(settings)
    try:
        host = await Player(first, "Host").as_guest()
        guest = await Player(first, "Guest").as_guest()
        room = (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        assert (await guest.http.post(f"/api/rooms/{room['id']}/join", json={})).is_success
        assert (await host.http.post(f"/api/rooms/{room['id']}/start")).is_success
        await host.close()
        await guest.close()
    finally:
        first.stop()
    with sqlite3.connect(path) as db:  # a state written by hand, never planned
        db.execute(
            'UPDATE rooms SET state = \'{"name": "not a race"}\', timers = NULL WHERE id = ?',
            (room["id"],),
        )
    second = start_server(settings)
    try:
        async with httpx.AsyncClient(base_url=second.url) as client:
            assert (await client.get("/api/rooms")).status_code == 200
    finally:
        second.stop()
