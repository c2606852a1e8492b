"""A seat change's Core unit of work (app.rooms.seat_rows), on both databases (on asyncpg
itself on PostgreSQL, app.db.raw_pg): only the changed columns are written, a position
freed and taken again in one command works, and the seats it reports are the ones stored."""

from __future__ import annotations

from sqlalchemy import text

from app.db.models import Seat
from app.db.raw_pg import transaction
from app.db.session import create_engine
from app.rooms.seat_rows import SeatRows
from tests.conftest import RunningServer
from tests.rooms.batches import race_rooms


async def test_writes_changes_and_reports_the_stored_seats(server: RunningServer) -> None:
    engine = create_engine(server.settings)
    try:
        (room_id,) = await race_rooms(server, engine, 1)
        async with transaction(engine) as conn:
            rows = await SeatRows.load(conn, room_id)
            assert rows is not None
            (host,) = rows.seats
            rows.room.options = '{"changed": true}'
            rows.add(Seat(room_id=room_id, position=1, bot="random", name="Bot 2"))
            host.name = "Renamed"
            await rows.write()
            reported = [(s.position, s.name, s.bot) for s in rows.written()]
        async with transaction(engine) as conn:
            rows = await SeatRows.load(conn, room_id)
            assert rows is not None
            stored = [(s.position, s.name, s.bot) for s in rows.seats]
            assert stored == reported == [(0, "Renamed", None), (1, "Bot 2", "random")]
            assert rows.room.options == '{"changed": true}'
            assert rows.room.status == "waiting" and rows.seats[1].forfeit is False
            # The bot's position freed and taken again in the same command.
            rows.delete(rows.seats[1])
            rows.add(Seat(room_id=room_id, position=1, bot="medium", name="Bot 2b"))
            await rows.write()
        async with transaction(engine) as conn:  # seats changed alike: one executemany
            rows = await SeatRows.load(conn, room_id)
            assert rows is not None
            for seat in rows.seats:
                seat.forfeit = True
            await rows.write()
        async with engine.connect() as conn:
            seats = (
                await conn.execute(
                    text(
                        "SELECT position, bot, forfeit FROM seats WHERE room_id = :r "
                        "ORDER BY position"
                    ),
                    {"r": room_id},
                )
            ).all()
        assert [tuple(seat) for seat in seats] == [(0, None, True), (1, "medium", True)]
    finally:
        await engine.dispose()


async def test_an_unknown_or_invalid_room_is_none(server: RunningServer) -> None:
    engine = create_engine(server.settings)
    try:
        async with transaction(engine) as conn:
            assert await SeatRows.load(conn, "0" * 16) is None
            assert await SeatRows.load(conn, "not a room id!") is None
    finally:
        await engine.dispose()
