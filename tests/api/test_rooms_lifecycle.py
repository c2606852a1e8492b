"""Room life: options, kick, leave, rate limits and expiry."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from app.db.models import Room
from tests.conftest import (
    Player,
    RunningServer,
    base_settings,
    play_race_to_the_end,
    start_server,
)


async def test_host_sets_options_and_kicks_before_start(server: RunningServer) -> None:
    host, other = await Player(server, "H").as_guest(), await Player(server, "O").as_guest()
    room = (await host.http.post("/api/rooms", json={"game": "race", "seats": 3})).json()
    await other.http.post(f"/api/rooms/{room['id']}/join", json={})
    changed = await host.http.post(
        f"/api/rooms/{room['id']}/options", json={"seats": 2, "options": {"target": 50}}
    )
    assert changed.status_code == 200 and changed.json()["seat_count"] == 2
    clock_defaults = {
        "clock": "none", "clock_bank_seconds": 300, "clock_increment_seconds": 10,
        "clock_turn_hours": 24, "on_timeout": "bot",
    }  # fmt: skip
    assert changed.json()["options"] == {
        "target": 50, "turn_ms": 0, "rated": False, **clock_defaults
    }  # fmt: skip
    bad = await host.http.post(f"/api/rooms/{room['id']}/options", json={"options": {"target": 1}})
    assert (bad.status_code, bad.json()["code"]) == (409, "invalid_options")  # not this game
    unknown = await host.http.post(
        f"/api/rooms/{room['id']}/options", json={"options": {"speed": 3}}
    )
    assert unknown.json()["code"] == "invalid_options" and "speed" in unknown.json()["message"]
    kicked = await host.http.post(f"/api/rooms/{room['id']}/kick", json={"seat": 1})
    assert kicked.json()["seats"][1]["kind"] == "open"
    start = await host.http.post(f"/api/rooms/{room['id']}/start")
    assert (start.status_code, start.json()["code"]) == (409, "seats_open")
    await host.close()
    await other.close()


async def test_leaving_a_running_game_hands_the_seat_to_a_bot(server: RunningServer) -> None:
    host, other = await Player(server, "H").as_guest(), await Player(server, "O").as_guest()
    room = (
        await host.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 6}}
        )
    ).json()
    await other.http.post(f"/api/rooms/{room['id']}/join", json={})
    await host.http.post(f"/api/rooms/{room['id']}/start")
    left = await other.http.post(f"/api/rooms/{room['id']}/leave")
    assert left.json()["seats"][1]["kind"] == "bot"
    sock = await host.socket(room["id"])
    await sock.receive_until("snapshot")
    await play_race_to_the_end({0: sock})
    assert sock.view["game"]["counter"] == 6
    await host.close()
    await other.close()


async def test_socket_rate_limit_answers_without_closing(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # A server of its own with a tight limit: 5 messages at once, then 1 a second.
    path = tmp_path_factory.mktemp("rate") / "agora.db"
    strict = start_server(
        base_settings(
            database_url=f"sqlite+aiosqlite:///{path}", ws_rate_per_second=1.0, ws_rate_burst=5
        )
    )
    try:
        host = await Player(strict, "Fast").as_guest()
        room = (await host.http.post("/api/rooms", json={"game": "race", "seats": 2})).json()
        sock = await host.socket(room["id"])
        await sock.receive_until("snapshot")
        for _ in range(12):
            await sock.send({"type": "ping"})
        codes: list[str] = []
        while len(codes) < 12:
            message = await sock.receive()
            if message["type"] in ("pong", "error"):
                codes.append(message.get("code", "pong"))
        assert codes.count("pong") in (5, 6) and codes.count("rate_limited") >= 6
        await asyncio.sleep(1.1)
        await sock.send({"type": "ping"})
        assert (await sock.receive_until("pong"))["type"] == "pong"
        await host.close()
    finally:
        strict.stop()


async def test_untouched_rooms_expire(server: RunningServer) -> None:
    host = await Player(server, "Idle").as_guest()
    created = await host.http.post("/api/rooms", json={"game": "race", "seats": 2})
    assert created.status_code == 201, created.text
    room = created.json()
    service = server.app.state.rooms
    long_ago = datetime.now(UTC) - timedelta(days=30)

    async def age_and_sweep() -> list[str]:
        async with service.transaction() as session:
            await session.execute(
                update(Room).where(Room.id == room["id"]).values(updated_at=long_ago)
            )
        return list(await service.expire_idle_rooms())

    # The service lives on the server thread's loop: run the sweep there.
    expired = await asyncio.wrap_future(
        asyncio.run_coroutine_threadsafe(age_and_sweep(), server_loop(server))
    )
    assert room["id"] in expired
    assert (await host.http.get(f"/api/rooms/{room['id']}")).json()["status"] == "abandoned"
    await host.close()


async def test_a_created_room_is_held_as_the_database_has_it(server: RunningServer) -> None:
    """Creation builds the room in memory from what it wrote (no reload): it must equal
    the room loaded back from the database, options normalised and host seated."""
    host = await Player(server, "Maker").as_guest()
    created = await host.http.post(
        "/api/rooms", json={"game": "race", "seats": 3, "private": True, "options": {}}
    )
    assert created.status_code == 201, created.text
    room_id = created.json()["id"]
    service = server.app.state.rooms
    held = service.cache.held(room_id)
    loaded = await asyncio.wrap_future(
        asyncio.run_coroutine_threadsafe(service.cache.load(room_id), server_loop(server))
    )
    fields = (
        "id", "game_id", "options", "seat_count", "private", "host_id", "invite_code",
        "status", "seats", "version", "state", "seed_hash", "seed", "rules_version",
        "rated", "timers", "deadline_at",
    )  # fmt: skip
    assert held is not None
    assert {f: getattr(held, f) for f in fields} == {f: getattr(loaded, f) for f in fields}
    assert held.seats[0].user_id is not None and held.seats[1].user_id is None
    await host.close()


def server_loop(server: RunningServer) -> asyncio.AbstractEventLoop:
    return server.app.state.loop  # type: ignore[no-any-return]


async def test_reaction_deadline_plays_the_default_move(server: RunningServer) -> None:
    host, other = await Player(server, "H").as_guest(), await Player(server, "O").as_guest()
    created = await host.http.post(
        "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 4, "turn_ms": 150}}
    )
    room = created.json()
    await other.http.post(f"/api/rooms/{room['id']}/join", json={})
    await host.http.post(f"/api/rooms/{room['id']}/start")
    sock = await other.socket(room["id"])
    snapshot = await sock.receive_until("snapshot")
    deadline = snapshot["view"]["deadline"]
    assert deadline["seats"] == [0] and deadline["kind"] == "turn" and deadline["seconds"] == 0.15
    # Nobody moves: every turn times out and the default move {"add": 1} is played.
    await sock.wait_version(5, timeout=15)
    assert sock.view["result"] is not None and sock.view["game"]["counter"] == 4
    assert "deadline" not in sock.view
    log = (await host.http.get(f"/api/rooms/{room['id']}/log")).json()
    assert [entry["move"] for entry in log["moves"]] == [{"add": 1}] * 4
    await host.close()
    await other.close()
