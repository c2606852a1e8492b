"""Game review over HTTP: pending with progress, then per move the preferred move and the
points lost; only finished games; stored once complete."""

from __future__ import annotations

import asyncio
from typing import Any

from app.games.compact import compact_move
from tests.api.tables import finish_race, race_target, sockets_for, table


async def wait_ready(player: Any, room_id: str) -> dict[str, Any]:
    for _ in range(1200):
        answer = (await player.http.get(f"/api/rooms/{room_id}/review")).json()
        assert answer["status"] in ("pending", "ready"), answer
        assert 0 <= answer["done"] <= answer["total"]
        if answer["status"] == "ready":
            return answer
        await asyncio.sleep(0.1)
    raise AssertionError("the review never finished")


async def test_a_finished_game_is_reviewed_move_by_move(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    room = await table([ana, bob], options={"target": race_target(1, 2, rounds=2)})
    rid = room["id"]
    early = await ana.http.get(f"/api/rooms/{rid}/review")
    assert early.status_code == 409 and early.json()["code"] == "game_not_finished"
    socks = await sockets_for([ana, bob], rid)
    await finish_race(socks, {0: socks[0], 1: socks[1]})

    first = (await ana.http.get(f"/api/rooms/{rid}/review")).json()
    assert first["level"] == "hard" and first["total"] == race_target(1, 2, rounds=2)
    review = await wait_ready(bob, rid)
    moves = review["moves"]
    log = (await ana.http.get(f"/api/rooms/{rid}/log")).json()["moves"]
    assert [m["seq"] for m in moves] == [e["seq"] for e in log]
    assert [m["seat"] for m in moves] == [e["seat"] for e in log]
    for entry, logged in zip(moves, log, strict=True):
        assert entry["played"] == logged["move"] and entry["loss"] >= 0
        assert entry["frame"] >= 1 and "best" in entry
    # Race moves add 1 or 2: the search sees the difference, so some entries are reviewed.
    assert any(m["reviewed"] for m in moves)
    for seq, frame in review["better_frames"].items():
        assert int(seq) in {m["seq"] for m in moves if m["loss"] > 0}
        assert "game" in frame and "to_act" in frame
    # Stored: a second request answers the same, at once.
    assert (await ana.http.get(f"/api/rooms/{rid}/review")).json() == review


async def test_an_akropolis_game_against_a_bot_is_reviewed_with_better_boards(
    players: Any,
) -> None:
    ana = await players("Ana")
    room = await table([ana], game="akropolis", bots=1)
    rid = room["id"]
    (sock,) = await sockets_for([ana], rid)
    number = 0
    while sock.view["result"] is None:
        if sock.view["to_act"] != [0]:
            await sock.receive(30)
            continue
        await sock.send({"type": "legal_moves", "compact": True})
        legal = await sock.receive_until("legal_moves")
        if legal["version"] != sock.version:
            continue
        compact = legal["compact"]
        number += 1
        first = compact_move(compact, -1, 0)
        message = {"type": "move", "id": f"m{number}", "move": first, "version": sock.version}
        await sock.send(message)
        await sock.receive_until("ack", id=f"m{number}")
    review = await wait_ready(ana, rid)
    assert {m["seat"] for m in review["moves"]} == {0} and len(review["moves"]) == number
    assert any(m["loss"] > 0 for m in review["moves"])
    assert review["better_frames"]
    for frame in review["better_frames"].values():
        assert frame["game"]["game"] == "akropolis"
