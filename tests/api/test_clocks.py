"""Live clocks over the real server: a seat that runs out of time goes to a bot, comes back."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.conftest import Player, RoomSocket, RunningServer

SHORT = {"clock": "live", "clock_bank_seconds": 10, "clock_increment_seconds": 0}


async def start(host: Player, other: Player, options: dict[str, Any]) -> str:
    created = await host.http.post(
        "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 8, **options}}
    )
    assert created.status_code == 201, created.text
    room_id = str(created.json()["id"])
    assert (await other.http.post(f"/api/rooms/{room_id}/join", json={})).status_code == 200
    assert (await host.http.post(f"/api/rooms/{room_id}/start")).status_code == 200
    return room_id


async def play_seat_until(sock: RoomSocket, seat: int, done: Any, timeout: float = 30) -> None:
    """Seat ``seat`` adds 1 whenever it is to act, until ``done(view)``."""
    deadline = time.monotonic() + timeout
    number = 0
    while not done(sock.view):
        assert time.monotonic() < deadline, f"stuck at {sock.view}"
        clock = sock.view.get("clock")
        if clock is not None:
            assert all(entry["remaining"] >= 0 for entry in clock["seats"])
        if seat in sock.view["to_act"] and sock.view["result"] is None:
            number += 1
            move_id = f"s{seat}-{sock.version}-{number}"
            await sock.send({"type": "move", "id": move_id, "move": {"add": 1}})
            await sock.receive_until("ack", id=move_id)
        else:
            await sock.receive(timeout=max(0.1, deadline - time.monotonic()))


async def test_a_seat_out_of_time_goes_to_a_bot_and_is_reclaimed(server: RunningServer) -> None:
    alice, bob = await Player(server, "Alice").as_guest(), await Player(server, "Bob").as_guest()
    room_id = await start(alice, bob, {**SHORT, "clock_increment_seconds": 5, "on_timeout": "bot"})
    sock = await alice.socket(room_id)
    snapshot = await sock.receive_until("snapshot")
    assert snapshot["server_time"] > 0
    clock = snapshot["view"]["clock"]
    assert clock["mode"] == "live" and clock["seats"][0]["running"]
    assert clock["seats"][0]["expires_at"] > snapshot["server_time"]

    # Alice moves; Bob never does: his 10 s run out and a bot plays his seat.
    def bot_has_moved(view: dict[str, Any]) -> bool:
        return bool(view["game"]["counter"] >= 3 or view["result"] is not None)

    await play_seat_until(sock, 0, bot_has_moved)
    summary = (await bob.http.get(f"/api/rooms/{room_id}")).json()
    assert summary["seats"][1]["kind"] == "bot" and summary["seats"][1]["reclaimable"]
    assert summary["can_reclaim"] and summary["your_seat"] is None

    # Bob comes back and takes his seat again; the game goes on to the end.
    reclaimed = await bob.http.post(f"/api/rooms/{room_id}/reclaim")
    assert reclaimed.status_code == 200, reclaimed.text
    assert reclaimed.json()["your_seat"] == 1 and reclaimed.json()["seats"][1]["kind"] == "player"
    bob_sock = await bob.socket(room_id)
    await bob_sock.receive_until("snapshot")
    assert bob_sock.view["clock"]["seats"][1]["remaining"] > 0
    log_before = len((await alice.http.get(f"/api/rooms/{room_id}/log")).json()["moves"])
    deadline = time.monotonic() + 60
    while sock.view["result"] is None:
        assert time.monotonic() < deadline, f"stuck at {sock.view}"
        moved = False
        for seat, who in ((0, sock), (1, bob_sock)):
            if who.view["result"] is None and seat in who.view["to_act"]:
                await who.send({"type": "move", "id": f"e{who.version}", "move": {"add": 1}})
                ack = await who.receive_until("ack")
                await sock.wait_version(ack["version"])
                await bob_sock.wait_version(ack["version"])
                moved = True
        if not moved:  # a bot's turn (or a seat changing hands): wait for news
            await sock.receive(timeout=10)
    assert sock.view["result"] is not None and "clock" not in sock.view
    log = (await alice.http.get(f"/api/rooms/{room_id}/log")).json()["moves"]
    assert len(log) > log_before
    await alice.close()
    await bob.close()


async def test_on_timeout_out_cannot_be_reclaimed(server: RunningServer) -> None:
    alice, bob = await Player(server, "Alice").as_guest(), await Player(server, "Bob").as_guest()
    room_id = await start(alice, bob, {**SHORT, "on_timeout": "out"})
    sock = await alice.socket(room_id)
    await sock.receive_until("snapshot")
    await play_seat_until(sock, 0, lambda view: view["game"]["counter"] >= 3)
    summary = (await bob.http.get(f"/api/rooms/{room_id}")).json()
    assert summary["seats"][1]["kind"] == "bot" and not summary["seats"][1]["reclaimable"]
    assert (await bob.http.post(f"/api/rooms/{room_id}/reclaim")).status_code == 403
    await alice.close()
    await bob.close()


async def test_clock_options_are_validated(server: RunningServer) -> None:
    host = await Player(server, "Host").as_guest()
    for bad in ({"clock": "blitz"}, {"clock_bank_seconds": 5}, {"clock_turn_hours": 200}):
        response = await host.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": bad}
        )
        assert response.status_code == 422, (bad, response.text)
    games = (await host.http.get("/api/games")).json()
    names = {spec["name"] for spec in games[0]["options"]}
    assert {"clock", "clock_bank_seconds", "clock_increment_seconds", "clock_turn_hours"} <= names
    assert "on_timeout" in names
    await host.close()


async def test_turn_based_game_is_your_turn_in_my_games(server: RunningServer) -> None:
    alice, bob = await Player(server, "Alice").as_guest(), await Player(server, "Bob").as_guest()
    untimed = await start(alice, bob, {})
    room_id = await start(alice, bob, {"clock": "turn", "clock_turn_hours": 48})
    mine = (await alice.http.get("/api/my-games")).json()
    assert mine["your_turn"] == 2
    first = mine["games"][0]
    assert first["id"] == room_id and first["your_turn"] and first["clock"] == "turn"
    assert 47 * 3600 < first["expires_at"] - mine["server_time"] <= 48 * 3600
    assert {game["id"] for game in mine["games"]} == {room_id, untimed}
    theirs = (await bob.http.get("/api/my-games")).json()
    assert theirs["your_turn"] == 0 and theirs["games"][0]["to_act_names"] == ["Alice"]
    page = await alice.http.get("/my-games")
    assert page.status_code == 200 and 'data-testid="my-games"' in page.text
    await alice.close()
    await bob.close()


async def test_an_absent_player_is_handed_to_a_bot_after_the_grace(
    server: RunningServer,
) -> None:
    alice, bob = await Player(server, "Alice").as_guest(), await Player(server, "Bob").as_guest()
    room_id = await start(alice, bob, {"clock": "live", "clock_bank_seconds": 600})
    sock = await alice.socket(room_id)
    await sock.receive_until("snapshot")
    await sock.send({"type": "move", "id": "a1", "move": {"add": 1}})
    await sock.receive_until("ack", id="a1")
    hand = {"seat": 1}
    # Bob (no socket) is to act, but the grace period has not passed.
    early = await alice.http.post(f"/api/rooms/{room_id}/hand-to-bot", json=hand)
    assert early.status_code == 409 and early.json()["code"] == "not_away"
    refused = await bob.http.post(f"/api/rooms/{room_id}/hand-to-bot", json={"seat": 0})
    assert refused.status_code == 409  # Alice is connected (and it is not her turn)
    grace = server.settings.absence_grace_seconds
    server.settings.absence_grace_seconds = 0.2
    try:
        await sock.wait_version(2)
        await asyncio.sleep(0.3)
        handed = await alice.http.post(f"/api/rooms/{room_id}/hand-to-bot", json=hand)
    finally:
        server.settings.absence_grace_seconds = grace
    assert handed.status_code == 200, handed.text
    assert handed.json()["seats"][1]["kind"] == "bot" and handed.json()["seats"][1]["reclaimable"]
    await sock.wait_version(3)  # the bot played Bob's move
    assert (await bob.http.post(f"/api/rooms/{room_id}/reclaim")).status_code == 200
    await alice.close()
    await bob.close()


async def test_the_increment_is_applied_once_per_move(server: RunningServer) -> None:
    alice, bob = await Player(server, "Alice").as_guest(), await Player(server, "Bob").as_guest()
    options = {"clock": "live", "clock_bank_seconds": 60, "clock_increment_seconds": 7}
    room_id = await start(alice, bob, options)
    sock = await alice.socket(room_id)
    await sock.receive_until("snapshot")
    await sock.send({"type": "move", "id": "m1", "move": {"add": 1}, "version": 1})
    assert (await sock.receive_until("ack", id="m1"))["version"] == 2
    after = sock.view["clock"]["seats"][0]
    assert not after["running"] and 60 < after["remaining"] <= 67
    # The same move again (a retry) is answered from memory: no second increment.
    await sock.send({"type": "move", "id": "m1", "move": {"add": 1}, "version": 1})
    assert (await sock.receive_until("ack", id="m1"))["version"] == 2
    await sock.send({"type": "snapshot"})
    snapshot = await sock.receive_until("snapshot")
    assert snapshot["version"] == 2
    assert snapshot["view"]["clock"]["seats"][0]["remaining"] == after["remaining"]
    assert snapshot["view"]["clock"]["seats"][1]["running"]
    await alice.close()
    await bob.close()
