"""Planning at startup (app.rooms.timers.Timers.plan_unplanned): a room whose stored
state the rules cannot read is logged and left alone; the server still starts. And a
firing that fails because the database is away gives its lease back."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import httpx
from sqlalchemy import text

from tests.conftest import Player, base_settings, start_server
from tests.rooms.test_seat_races import on_server


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


async def test_a_firing_that_fails_for_the_database_gives_its_lease_back(tmp_path: Path) -> None:
    """A PostgreSQL restart while a bot's turn was claimed: the move cannot be saved and
    putting the deadline back fails too. The soak saw such rooms wait out the 30 s lease;
    the lease is now given back as soon as the database answers again."""
    settings = base_settings(
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'agora.db'}",
        bot_delay_seconds=3600.0,
        scheduler_poll_seconds=0,
    )
    server = start_server(settings)
    try:
        alice = await Player(server, "Alice").as_guest()
        room = (await alice.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        await alice.http.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
        assert (await alice.http.post(f"/api/rooms/{room['id']}/start")).is_success
        sock = await alice.socket(room["id"])
        await sock.receive_until("snapshot")
        await sock.send({"type": "move", "id": "a1", "move": {"add": 1}, "version": 1})
        assert (await sock.receive_until("ack", id="a1"))["version"] == 2
        scheduler = server.app.state.rooms.timers.scheduler

        async def claim_and_fail() -> float:
            async def down(room_id: str, version: int) -> None:
                raise ConnectionRefusedError("the database system is shutting down")

            engine = scheduler.ctx.engine
            async with engine.begin() as conn:  # the bot's turn is due: claim it
                await conn.execute(
                    text("UPDATE rooms SET deadline_at = :at WHERE id = :id"),
                    {"at": time.time() - 1, "id": room["id"]},
                )
            assert await scheduler.claim_due() == [(room["id"], 2)]
            fire, scheduler.fire = scheduler.fire, down
            try:
                await scheduler._fire(room["id"], 2)
            finally:
                scheduler.fire = fire
            async with engine.connect() as conn:
                return float(
                    (await conn.execute(text("SELECT deadline_at FROM rooms WHERE id = :id"),
                                        {"id": room["id"]})).scalar_one()
                )  # fmt: skip

        deadline_at = await on_server(server, claim_and_fail())
        assert deadline_at <= time.time()  # due again, not leased for 30 s
        await alice.close()
    finally:
        server.stop()
