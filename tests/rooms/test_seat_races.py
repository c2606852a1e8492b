"""Seat changes against moves in flight (app.rooms.seating, app.rooms.play).

A bot's move prepared for a seat whose player is reclaiming it: either the move commits
first and the reclaim sees it, or the reclaim lands first and the bot's move is refused.
Within a process the room's lock orders them (a reclaim that committed while the move
held the room let the move land afterwards, with timers planned for the old seats: CI saw
a reclaimed seat's clock at 0 s). Across processes the commit does: it checks the
seats' version (bumped by every seat change) with the room's version.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest

from app.db.models import User
from app.errors import Conflict
from tests.conftest import Player, RunningServer, base_settings, start_server

log = logging.getLogger(__name__)

T = TypeVar("T")
CLOCKED = {"target": 50, "clock": "live", "clock_bank_seconds": 60, "on_timeout": "bot"}


async def on_server(server: RunningServer, coro: Coroutine[Any, Any, T]) -> T:
    """The service lives on the server thread's loop: run ``coro`` there."""
    loop: asyncio.AbstractEventLoop = server.app.state.loop
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, loop))


async def bob_to_act(server: RunningServer) -> tuple[str, Player, Player]:
    """A clocked race between Alice and Bob, Alice has moved: Bob is to act (version 2)."""
    alice, bob = await Player(server, "Alice").as_guest(), await Player(server, "Bob").as_guest()
    created = await alice.http.post(
        "/api/rooms", json={"game": "race", "seats": 2, "options": CLOCKED}
    )
    room_id = str(created.json()["id"])
    assert (await bob.http.post(f"/api/rooms/{room_id}/join", json={})).status_code == 200
    assert (await alice.http.post(f"/api/rooms/{room_id}/start")).status_code == 200
    sock = await alice.socket(room_id)
    await sock.receive_until("snapshot")
    await sock.send({"type": "move", "id": "a1", "move": {"add": 1}, "version": 1})
    assert (await sock.receive_until("ack", id="a1"))["version"] == 2
    return room_id, alice, bob


async def test_a_reclaim_waits_for_the_move_in_flight_and_the_bot_is_refused(
    server: RunningServer,
) -> None:
    room_id, alice, bob = await bob_to_act(server)
    service = server.app.state.rooms

    async def scenario() -> tuple[bool, Any, Conflict | None]:
        settings = service.ctx.settings
        delay, settings.bot_delay_seconds = settings.bot_delay_seconds, 3600.0
        try:  # Bob's clock "ran out": a bot holds his seat (and would move in an hour)
            await service.seating.time_out(room_id, 1, 2)
        finally:
            settings.bot_delay_seconds = delay
        async with service.ctx.sessions() as session:
            user = await session.get(User, bob.user["id"])
        live = service.cache.held(room_id)
        async with live.lock:  # as the bot's move holds it while it commits
            reclaim = asyncio.create_task(service.reclaim(room_id, user=user))
            await asyncio.sleep(0.3)  # long enough to commit, were it not waiting
            stored = await service.cache.load(room_id)  # what the database says meanwhile
            committed_meanwhile = stored.seat_of(bob.user["id"]) is not None
        live = await reclaim
        refusal = None
        try:  # the bot's move, decided before the reclaim, arrives now
            await service.submit_move(
                room_id, user_id=None, move={"add": 1}, bot_seat=1, base_version=2, as_bot=True
            )
        except Conflict as error:
            refusal = error
        return committed_meanwhile, live, refusal

    committed_meanwhile, live, refusal = await on_server(server, scenario())
    assert not committed_meanwhile, "the reclaim committed while a move held the room"
    assert refusal is not None and refusal.code == "seat_changed"
    assert live.version == 2 and live.bot_seats() == set()
    assert live.seat_of(bob.user["id"]) == 1
    clock = live.timers["clock"]
    assert clock["remaining"][1] > 0 and clock["since"][1] is not None  # Bob's runs again
    summary = (await bob.http.get(f"/api/rooms/{room_id}")).json()
    assert summary["version"] == 2 and summary["seats"][1]["kind"] == "player"
    await alice.close()
    await bob.close()


async def test_a_bot_move_for_a_seat_reclaimed_on_another_process_is_refused(
    server: RunningServer,
) -> None:
    """Two processes on one database, no relay between them (the worst case: the seat
    change's event never arrives): the bot's move, decided on the first process before
    the reclaim committed on the second, is refused by its commit (the seats' version)."""
    if "postgresql" not in server.settings.database_url:
        pytest.skip("several processes share PostgreSQL")
    other = start_server(base_settings(database_url=server.settings.database_url))
    try:
        room_id, alice, bob = await bob_to_act(server)
        service = server.app.state.rooms

        async def time_out_bob() -> None:
            settings = service.ctx.settings
            delay, settings.bot_delay_seconds = settings.bot_delay_seconds, 3600.0
            try:  # Bob's clock "ran out" on the first process: a bot holds his seat
                await service.seating.time_out(room_id, 1, 2)
            finally:
                settings.bot_delay_seconds = delay

        await on_server(server, time_out_bob())
        other_rooms = other.app.state.rooms

        async def reclaim_there() -> int:
            async with other_rooms.ctx.sessions() as session:
                user = await session.get(User, bob.user["id"])
            live = await other_rooms.reclaim(room_id, user=user)
            return int(live.seats_version)

        seats_version = await on_server(other, reclaim_there())

        async def bot_move_here() -> tuple[int, Conflict | None]:
            live = service.cache.held(room_id)
            cached = live.seats_version  # the first process still has the bot in seat 1
            try:
                await service.submit_move(
                    room_id, user_id=None, move={"add": 1}, bot_seat=1, base_version=2,
                    client_move_id="bot-2-1", as_bot=True,
                )  # fmt: skip
            except Conflict as error:
                return cached, error
            return cached, None

        cached, refusal = await on_server(server, bot_move_here())
        log.warning(
            "seat race across processes: reclaim wrote seats_version %d, the bot's process "
            "held %d; its move was %s",
            seats_version, cached, f"refused ({refusal.code})" if refusal else "ACCEPTED",
        )  # fmt: skip
        assert cached < seats_version
        assert refusal is not None and refusal.code == "seat_changed"
        summary = (await bob.http.get(f"/api/rooms/{room_id}")).json()
        assert summary["version"] == 2 and summary["seats"][1]["kind"] == "player"
        moves = (await bob.http.get(f"/api/rooms/{room_id}/log")).json()["moves"]
        assert len(moves) == 1  # Alice's only: no bot move for the reclaimed seat
        await alice.close()
        await bob.close()
    finally:
        other.stop()
