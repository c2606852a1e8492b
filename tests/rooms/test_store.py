"""The group commit stores every value exactly as the move made it, on both databases
(the PostgreSQL batch travels as one JSON array: quotes, backslashes, non-ASCII text,
nulls and floats must come back unchanged)."""

from __future__ import annotations

import orjson
from sqlalchemy import text

from app.db.session import create_engine
from app.rooms.store import GroupCommitter, PendingMove, writers_for
from tests.conftest import RunningServer
from tests.rooms.batches import race_rooms

STATE = orjson.dumps({"name": 'Ath\u00e8nes "l\'antique" \\ \u03a9 \U0001f3db', "n": [1, 2.5]})


async def test_a_batch_stores_its_values_unchanged(server: RunningServer) -> None:
    engine = create_engine(server.settings)
    start = await race_rooms(server, engine, 3)
    ids = list(start)
    moves = [
        PendingMove(
            room_id=room_id,
            old_version=start[room_id],
            seat=number,
            client_move_id=None if number == 2 else f'u1:m"{number}\\',
            move_json=orjson.dumps({"say": f"\u00e9\u00e9 {number}"}).decode(),
            state_json=STATE.decode(),
            status="playing",
            timers_json=None if number else '{"reaction": {"seats": [1]}}',
            deadline_at=None if number else 4_102_444_800.123456,  # 2100: never due here
        )  # fmt: skip
        for number, room_id in enumerate(ids)
    ]
    committer = GroupCommitter(writers_for(engine, 1))
    committer.start()
    try:
        assert await committer._commit(committer._writers[0], moves) == (set(ids), {})
    finally:
        await committer.stop()
    async with engine.connect() as conn:
        rooms = {
            row.id: row
            for row in await conn.execute(
                text("SELECT id, version, state, status, timers, deadline_at FROM rooms")
            )
        }
        logged = {
            row.room_id: row
            for row in await conn.execute(
                text("SELECT room_id, seq, seat, client_move_id, move FROM moves")
            )
        }
    async with engine.begin() as conn:  # states no game can read: not left to later tests
        for room_id in ids:
            await conn.execute(text("DELETE FROM moves WHERE room_id = :r"), {"r": room_id})
            await conn.execute(text("DELETE FROM rooms WHERE id = :r"), {"r": room_id})
    await engine.dispose()
    for move in moves:
        room, row = rooms[move.room_id], logged[move.room_id]
        assert room.version == move.old_version + 1 and room.status == "playing"
        assert room.state == move.state_json and orjson.loads(room.state) == orjson.loads(STATE)
        assert room.timers == move.timers_json and room.deadline_at == move.deadline_at
        assert (row.seq, row.seat, row.client_move_id) == (move.seq, move.seat, move.client_move_id)
        assert row.move == move.move_json
