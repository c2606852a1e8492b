"""A cached room read again (app.rooms.cache.RoomCache.reload): the row always, its seats
and recent moves only when the row says they changed. A socket subscribing to a room read
before it was watched reloads it; after a process died, hundreds do at once
(bench/reconnect_burst.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, text

from tests.conftest import Player, RunningServer
from tests.rooms.test_seat_races import bob_to_act, on_server


def room_reads(engine: Any) -> tuple[list[str], Any]:
    """The statements on rooms, seats and moves run from now on (and the listener)."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        for table in ("rooms", "seats", "moves"):
            if f"FROM {table}" in statement:
                seen.append(table)

    event.listen(engine.sync_engine, "before_cursor_execute", note)
    return seen, note


async def test_a_reload_reads_the_row_and_only_what_changed(server: RunningServer) -> None:
    room_id, alice, bob = await bob_to_act(server)  # a race at version 2
    service = server.app.state.rooms
    engine = service.ctx.engine

    async def scenario() -> dict[str, Any]:
        live = await service.cache.live(room_id)
        seen, note = room_reads(engine)
        try:
            await service.cache.reload(live)  # nothing changed
            quiet = list(seen)
            async with engine.begin() as conn:  # another process: the row's options
                await conn.execute(
                    text("UPDATE rooms SET options = :o WHERE id = :id"),
                    {"o": '{"target": 7}', "id": room_id},
                )
            seen.clear()
            await service.cache.reload(live)
            options = (list(seen), dict(live.options))
            async with engine.begin() as conn:  # another process: a seat renamed
                await conn.execute(
                    text("UPDATE seats SET name = 'Zed' WHERE room_id = :id AND position = 1"),
                    {"id": room_id},
                )
                await conn.execute(
                    text("UPDATE rooms SET seats_version = seats_version + 1 WHERE id = :id"),
                    {"id": room_id},
                )
            seen.clear()
            await service.cache.reload(live)
            return {
                "quiet": quiet, "options": options, "seats": list(seen),
                "name": live.seats[1].name, "version": live.version,
                "recent": dict(live.recent_moves),
            }  # fmt: skip
        finally:
            event.remove(engine.sync_engine, "before_cursor_execute", note)

    found = await on_server(server, scenario())
    assert found["quiet"] == ["rooms"]  # one statement: the row
    assert found["options"] == (["rooms"], {"target": 7})
    assert found["seats"] == ["rooms", "rooms", "seats", "moves"]  # the row, then a load
    assert found["name"] == "Zed"
    assert found["version"] == 2 and list(found["recent"].values()) == [(2, 0)]
    await alice.close()
    await bob.close()


async def test_a_reloaded_room_still_plays(server: RunningServer) -> None:
    """The plain rows build the same room as before: a move after a reload is accepted,
    and the move id already acknowledged is still known (a resent move is not applied
    twice)."""
    room_id, alice, bob = await bob_to_act(server)
    service = server.app.state.rooms

    async def reload() -> None:
        live = await service.cache.live(room_id)
        live.stale = True
        await service.cache.live(room_id)

    await on_server(server, reload())
    sock = await alice.socket(room_id)
    await sock.receive_until("snapshot")
    await sock.send({"type": "move", "id": "a1", "move": {"add": 1}, "version": 1})
    resent = await sock.receive_until("ack", id="a1")
    assert resent["version"] == 2  # known: acknowledged again, not applied twice
    bob_sock = await Player.socket(bob, room_id)
    await bob_sock.receive_until("snapshot")
    await bob_sock.send({"type": "move", "id": "b1", "move": {"add": 1}, "version": 2})
    assert (await bob_sock.receive_until("ack", id="b1"))["version"] == 3
    await alice.close()
    await bob.close()
