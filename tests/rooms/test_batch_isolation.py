"""One client's bad data never fails another client's move (issue 18, item 4).

The group commit puts moves of many rooms into one statement. A value the database
refuses (a move id too long for its column, a NUL byte) used to fail the whole batch;
now the batch is retried move by move and only the faulty move is refused. The flood
test sends 100-character and NUL move ids while other rooms play: the edge refuses
them (``malformed_message``) and no legitimate move fails.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from sqlalchemy import text

from app.db.session import create_engine
from app.rooms.store import GroupCommitter, PendingMove, writers_for
from tests.conftest import Player, RunningServer
from tests.rooms.batches import race_rooms

log = logging.getLogger(__name__)


async def test_a_faulty_move_in_a_batch_fails_alone(server: RunningServer) -> None:
    if server.settings.is_sqlite:
        pytest.skip("SQLite enforces no column length (and one writer commits per move)")
    engine = create_engine(server.settings)
    start = await race_rooms(server, engine, 6)
    room_ids = list(start)
    committer = GroupCommitter(writers_for(engine, 1))
    bad_ids = {1: "x" * 100, 4: "nul\x00id"}

    def pending(number: int) -> PendingMove:
        return PendingMove(
            room_id=room_ids[number], old_version=start[room_ids[number]], seat=0,
            client_move_id=bad_ids.get(number, f"m{number}"),
            move_json='{"add": 1}', state_json="null", status="waiting",
        )  # fmt: skip

    committer.start()
    try:
        # Queued together before the writer runs: one batch of six.
        results = await asyncio.gather(
            *(committer.submit(pending(n)) for n in range(6)), return_exceptions=True
        )
    finally:
        await committer.stop()
    async with engine.connect() as conn:
        versions: dict[str, int] = dict(
            (await conn.execute(text("SELECT id, version FROM rooms"))).all()
        )
    await engine.dispose()
    for number, result in enumerate(results):
        room_id = room_ids[number]
        if number in bad_ids:
            assert isinstance(result, Exception), (number, result)
            assert versions[room_id] == start[room_id]
        else:
            assert result is True, (number, result)
            assert versions[room_id] == start[room_id] + 1


async def test_flood_of_bad_move_ids_fails_no_legitimate_move(server: RunningServer) -> None:
    rooms = []
    for number in range(3):
        alice = await Player(server, f"A{number}").as_guest()
        bob = await Player(server, f"B{number}").as_guest()
        room = (
            await alice.http.post(
                "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 1000}}
            )
        ).json()
        await bob.http.post(f"/api/rooms/{room['id']}/join", json={})
        await alice.http.post(f"/api/rooms/{room['id']}/start")
        rooms.append((alice, bob, room["id"]))
    attacker = await Player(server, "Mallory").as_guest()
    target = (
        await attacker.http.post(
            "/api/rooms", json={"game": "race", "seats": 2, "options": {"target": 1000}}
        )
    ).json()
    partner = await Player(server, "Trudy").as_guest()
    await partner.http.post(f"/api/rooms/{target['id']}/join", json={})
    await attacker.http.post(f"/api/rooms/{target['id']}/start")
    evil = await attacker.socket(target["id"])
    await evil.receive_until("snapshot")
    stop = asyncio.Event()
    flood_sent = 0

    async def flood() -> None:
        nonlocal flood_sent
        while not stop.is_set():
            for move_id in ("y" * 100, f"n\x00{flood_sent}"):
                await evil.send({"type": "move", "id": move_id, "move": {"add": 1}})
                flood_sent += 1
            await asyncio.sleep(0.005)

    async def play(alice: Player, bob: Player, room_id: str) -> tuple[int, int]:
        socks = {0: await alice.socket(room_id), 1: await bob.socket(room_id)}
        for sock in socks.values():
            await sock.receive_until("snapshot")
        accepted = failed = 0
        for number in range(30):
            mover = socks[number % 2]
            await mover.send(
                {"type": "move", "id": f"ok{number}", "move": {"add": 1}, "version": mover.version}
            )
            while True:
                message = await mover.receive()
                if message.get("id") == f"ok{number}" and message["type"] in ("ack", "error"):
                    break
            if message["type"] == "ack":
                accepted += 1
                for sock in socks.values():
                    await sock.wait_version(message["version"])
            else:
                failed += 1
                log.warning("legitimate move failed: %s", message)
        return accepted, failed

    flooding = asyncio.create_task(flood())
    outcomes = await asyncio.gather(*(play(*room) for room in rooms))
    stop.set()
    await flooding
    while True:  # read the attacker's answers
        try:
            await evil.receive(0.5)
        except TimeoutError:
            break
    refusals = [m for m in evil.messages if m["type"] == "error"]
    log.warning(
        "flood: %d bad move ids sent, %d refused so far; legitimate: %s",
        flood_sent, len(refusals), outcomes,
    )  # fmt: skip
    assert all(failed == 0 and accepted == 30 for accepted, failed in outcomes)
    assert {m["code"] for m in refusals} <= {"malformed_message", "rate_limited"}
    for alice, bob, _ in rooms:
        await alice.close()
        await bob.close()
    await attacker.close()
    await partner.close()
