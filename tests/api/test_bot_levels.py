"""Search bots in rooms: a level bot seat thinks in the worker pool, says so, and plays a
normal move; another room's moves keep flowing meanwhile."""

from __future__ import annotations

import asyncio
import logging
import statistics
import time
from typing import Any

from app.games.compact import compact_move
from tests.api.tables import move, race_target, sockets_for, table

log = logging.getLogger(__name__)


async def test_a_hard_bot_thinks_then_plays_while_another_room_plays(players: Any) -> None:
    ana = await players("Ana")
    room = await table([ana], game="akropolis", bots=1, bot="hard")
    assert [seat["bot"] for seat in room["seats"]] == [None, "hard"]
    (sock,) = await sockets_for([ana], room["id"])

    # A second room of two players, moving as fast as they can while the bot thinks.
    cy, dan = await players("Cy"), await players("Dan")
    race = await table([cy, dan], options={"target": race_target(0, 2, rounds=400)})
    a, b = await sockets_for([cy, dan], race["id"])
    latencies: list[float] = []
    stop = asyncio.Event()

    async def race_loop() -> None:
        number = 0
        while not stop.is_set() and a.view["result"] is None:
            mover = a if a.view["to_act"] == [0] else b
            number += 1
            started = time.perf_counter()
            version = await move(mover, {"add": 1}, f"r{number}")
            await a.wait_version(version)
            await b.wait_version(version)
            latencies.append(time.perf_counter() - started)

    racing = asyncio.create_task(race_loop())
    while sock.view["to_act"] != [0]:  # the bot may open the game
        await sock.receive(30)
    await sock.send({"type": "legal_moves", "compact": True})
    legal = (await sock.receive_until("legal_moves"))["compact"]
    first = compact_move(legal, 0, 0)
    version = await move(sock, first, "a1")
    turns = sock.view["game"]["cities"][1]["turns_played"]
    await sock.wait_version(version + 1, timeout=30)  # the bot's answer
    stop.set()
    await racing
    assert {"type": "thinking", "seat": 1} in sock.messages
    assert sock.view["to_act"] == [0]
    assert sock.view["game"]["cities"][1]["turns_played"] == turns + 1
    log_ = (await ana.http.get(f"/api/rooms/{room['id']}/log")).json()["moves"]
    assert log_[-1]["seat"] == 1 and log_[-1]["kind"] == "move"
    assert latencies, "the other room made no move while the bot thought"
    log.warning(
        "other room while a hard bot thought: %d moves, latency median %.1f ms, max %.1f ms",
        len(latencies), 1000 * statistics.median(latencies), 1000 * max(latencies),
    )  # fmt: skip
