"""The complete move log: bare-form Akropolis moves are logged with the level and stones
the rules applied and a description; the log reloaded from the database (a new process)
equals the live one; the solo Architect's turns are entries and replay frames of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Player, RoomSocket, RunningServer, base_settings, start_server

BARE = ("tile", "q", "r", "rot")


@pytest.fixture
def db_url(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite+aiosqlite:///{tmp_path / 'agora.db'}"


async def play_bare(sockets: dict[int, RoomSocket], *, limit: int) -> int:
    """Each seat to act plays its first legal move in the bare form; returns moves sent."""
    observer = next(iter(sockets.values()))
    sent = 0
    while observer.view["result"] is None and sent < limit:
        seat = observer.view["to_act"][0]
        sock = sockets[seat]
        await sock.send({"type": "legal_moves"})
        legal = await sock.receive_until("legal_moves")
        move = {key: legal["moves"][0][key] for key in BARE}
        sent += 1
        await sock.send({"type": "move", "id": sent, "move": move, "version": sock.version})
        ack = await sock.receive_until("ack", id=sent)
        for other in sockets.values():
            await other.wait_version(ack["version"])
    return sent


def assert_complete(entry: dict[str, Any]) -> None:
    assert set(entry["move"]) == {*BARE, "level", "stones"}, entry
    assert entry["description"]["en"].startswith("Tile ") and entry["description"]["fr"]


async def test_reloaded_log_equals_the_live_one(db_url: str) -> None:
    server = start_server(base_settings(database_url=db_url))
    try:
        lina, omar = Player(server, "Lina"), Player(server, "Omar")
        await lina.as_guest()
        await omar.as_guest()
        room = (await lina.http.post("/api/rooms", json={"game": "akropolis", "seats": 2})).json()
        assert (await omar.http.post(f"/api/rooms/{room['id']}/join", json={})).status_code == 200
        assert (await lina.http.post(f"/api/rooms/{room['id']}/start")).status_code == 200
        socks = {0: await lina.socket(room["id"]), 1: await omar.socket(room["id"])}
        for sock in socks.values():
            await sock.receive_until("snapshot")
        sent = await play_bare(socks, limit=8)
        live_log = (await lina.http.get(f"/api/rooms/{room['id']}/log")).json()
        assert len(live_log["moves"]) == sent
        for entry in live_log["moves"]:
            assert_complete(entry)
        for sock in socks.values():
            await sock.close()
        cookies = {"lina": dict(lina.http.cookies)}
        await lina.close()
        await omar.close()
    finally:
        server.stop()
    again: RunningServer = start_server(base_settings(database_url=db_url))
    try:
        reader = Player(again, "Lina")
        reader.http.cookies.update(cookies["lina"])
        reloaded = (await reader.http.get(f"/api/rooms/{room['id']}/log")).json()
        assert reloaded == live_log
        await reader.close()
    finally:
        again.stop()


async def test_solo_replay_shows_the_architect(server: RunningServer, players: Any) -> None:
    solo = await players("Solo")
    room = (await solo.http.post("/api/rooms", json={"game": "akropolis", "seats": 1})).json()
    assert (await solo.http.post(f"/api/rooms/{room['id']}/start")).status_code == 200
    sock = await solo.socket(room["id"])
    await sock.receive_until("snapshot")
    sent = await play_bare({0: sock}, limit=200)
    assert sock.view["result"] is not None
    log = (await solo.http.get(f"/api/rooms/{room['id']}/log")).json()["moves"]
    mine = [e for e in log if e["kind"] == "move"]
    architect = [e for e in log if e["kind"] == "auto"]
    assert len(mine) == sent and len(architect) == sent  # one Architect turn after each
    for entry in mine:
        assert_complete(entry)
    for entry in architect:
        assert entry["seat"] == 1 and set(entry["move"]["architect"]) == {"tile", "tile_id", "cost"}
        assert entry["description"]["en"].startswith("The Architect takes tile")
    # Each Architect entry follows the move it answered, under the same seq.
    assert [e["kind"] for e in log[:4]] == ["move", "auto", "move", "auto"]
    assert log[1]["seq"] == log[0]["seq"] and log[1]["step"] == 1

    replay = (await solo.http.get(f"/api/rooms/{room['id']}/replay")).json()
    assert len(replay["frames"]) == len(log) + 1 and replay["log"] == log
    frames = replay["frames"]
    # The frame after the player's move still has the tile the Architect then takes.
    took = log[1]["move"]["architect"]["tile_id"]
    assert frames[2] != frames[1]
    site_before, site_after = frames[1]["game"]["site"], frames[2]["game"]["site"]
    assert str(took) in str(site_before) and site_before != site_after
    assert frames[1]["to_act"] == [1] and frames[2]["to_act"] == [0]  # the Architect's turn
    verify = (await solo.http.get(f"/api/rooms/{room['id']}/verify")).json()
    assert verify["verified"] and verify["seed_matches_hash"]
    await sock.close()
