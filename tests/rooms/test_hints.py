"""Hints on request over the socket (issue 39): only the seat to act of an unrated game
gets one, only on its own socket; its next move is marked in the log for everyone, and
the game still replays and verifies."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.errors import AgoraError
from app.rooms.hints import Hints
from tests.api.tables import account, race_target, sockets_for, table
from tests.conftest import RoomSocket


async def ask(sock: RoomSocket, ident: str) -> dict[str, Any]:
    """A hint, or the error that refused it (both carry the request's id)."""
    await sock.send({"type": "hint", "id": ident})
    while True:
        message = await sock.receive()
        if message["type"] in ("hint", "error") and message.get("id") == ident:
            return message


async def still_open(sock: RoomSocket) -> None:
    await sock.send({"type": "ping", "t": 1})
    await sock.receive_until("pong")


async def test_a_hint_reaches_only_its_seat_and_marks_the_move_played_after_it(
    players: Any,
) -> None:
    ana, bob, cid = await players("Ana"), await players("Bob"), await players("Cid")
    room = await table([ana, bob], options={"target": race_target(0, 2, rounds=2)})
    rid = room["id"]
    assert room["rated"] is False
    a, b = await sockets_for([ana, bob], rid)
    (c,) = await sockets_for([cid], rid)  # a spectator

    hint = await ask(a, "h1")
    assert hint["type"] == "hint" and hint["version"] == a.version and hint["seat"] == 0
    assert hint["move"] in ({"add": 1}, {"add": 2}) and hint["description"] is None
    again = await ask(a, "h2")  # the same position: the same answer, kept
    assert again["move"] == hint["move"] and again["version"] == hint["version"]

    await a.send({"type": "move", "id": "m1", "move": hint["move"], "version": a.version})
    await a.receive_until("ack", id="m1")
    for sock in (a, b, c):  # everyone hears that the move followed a hint
        seen = [m for m in sock.messages if m["type"] == "hinted"]
        notice = seen[0] if seen else await sock.receive_until("hinted")
        assert notice["seat"] == 0 and notice["seq"] == hint["version"]

    # Then the game plays on without hints: no other move is marked.
    number = 1
    while a.view["result"] is None:
        mover = {0: a, 1: b}[a.view["to_act"][0]]
        number += 1
        await mover.send(
            {"type": "move", "id": f"m{number}", "move": {"add": 1}, "version": mover.version}
        )
        ack = await mover.receive_until("ack", id=f"m{number}")
        for sock in (a, b, c):
            await sock.wait_version(ack["version"])
    for sock in (a, b, c):
        await still_open(sock)
    for sock in (b, c):
        assert not [m for m in sock.messages if m["type"] == "hint"]
        assert "add" not in str([m for m in sock.messages if m["type"] == "hinted"])

    log = (await cid.http.get(f"/api/rooms/{rid}/log")).json()["moves"]
    assert [entry.get("hint", False) for entry in log] == [True] + [False] * (len(log) - 1)
    assert log[0]["move"] == hint["move"]  # the annotation is not part of the move
    verify = (await cid.http.get(f"/api/rooms/{rid}/verify")).json()
    assert verify["verified"] and verify["seed_matches_hash"]
    replay = (await bob.http.get(f"/api/rooms/{rid}/replay")).json()
    assert replay["log"][0]["hint"] is True and len(replay["frames"]) == len(log) + 1


async def test_hints_are_refused_to_spectators_waiting_seats_and_finished_games(
    players: Any,
) -> None:
    ana, bob, cid = await players("Ana"), await players("Bob"), await players("Cid")
    room = await table([ana, bob], options={"target": 3})
    rid = room["id"]
    a, b = await sockets_for([ana, bob], rid)
    (c,) = await sockets_for([cid], rid)
    assert (await ask(b, "h1"))["code"] == "not_your_turn"
    assert (await ask(c, "h2"))["code"] == "not_a_member"
    for number, (sock, add) in enumerate([(a, 1), (b, 2)]):  # Bob reaches 3 and wins
        await sock.wait_version(number + 1)
        await sock.send({"type": "move", "id": f"m{number}", "move": {"add": add},
                         "version": sock.version})  # fmt: skip
        ack = await sock.receive_until("ack", id=f"m{number}")
        await a.wait_version(ack["version"])
    assert a.view["result"] is not None
    refused = await ask(a, "h3")
    assert refused["code"] == "game_not_running" and refused["message"]
    for sock in (a, b, c):
        await still_open(sock)
    log = (await ana.http.get(f"/api/rooms/{rid}/log")).json()["moves"]
    assert not any(entry.get("hint") for entry in log)


async def test_a_rated_game_refuses_hints(players: Any) -> None:
    ana, ben = await account(players, "Ana"), await account(players, "Ben")
    room = await table([ana, ben], options={"target": race_target(1, 2), "rated": True})
    assert room["rated"] is True
    a, _ = await sockets_for([ana, ben], room["id"])
    refused = await ask(a, "h1")
    assert refused["code"] == "hints_forbidden" and "rated" in refused["message"]
    await still_open(a)


class _Pool:
    """Stands in for the bot worker pool: each search waits until the test lets it go."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.calls = 0

    async def run(self, func: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self.calls += 1
        await self.go.wait()
        return {"move": {"add": 1}, "description": None}


class _Brain:
    def __init__(self) -> None:
        self.pool = _Pool()


class _Live:
    def __init__(self) -> None:
        from app.games.registry import get_game

        self.game = get_game("race")
        self.game_id = "race"
        self.state = self.game.setup(2, {}, 1)
        self.status, self.version, self.rated = "playing", 3, False
        self.hinted: set[int] = set()

    def seat_of(self, user_id: str | None) -> int | None:
        return {"ana": 0, "bob": 1}.get(user_id or "")


class _Cache:
    def __init__(self, live: _Live) -> None:
        self.room = live

    async def live(self, room_id: str) -> _Live:
        return self.room


async def test_one_search_per_seat_at_a_time() -> None:
    live, brain = _Live(), _Brain()
    hints = Hints(_Cache(live), brain)  # type: ignore[arg-type]
    first = asyncio.create_task(hints.hint("r", user_id="ana"))
    while brain.pool.calls == 0:
        await asyncio.sleep(0)
    with pytest.raises(AgoraError) as refused:
        await hints.hint("r", user_id="ana")
    assert refused.value.code == "hint_pending" and live.hinted == set()
    brain.pool.go.set()
    answer = await first
    assert answer["move"] == {"add": 1} and live.hinted == {0}
    assert (await hints.hint("r", user_id="ana"))["move"] == {"add": 1}  # kept: no search
    assert brain.pool.calls == 1
    live.version = 4  # the table moved on during a search: the answer is not given
    brain.pool.go.clear()
    late = asyncio.create_task(hints.hint("r", user_id="ana"))
    while brain.pool.calls == 1:
        await asyncio.sleep(0)
    live.version, live.hinted = 5, set()
    brain.pool.go.set()
    with pytest.raises(AgoraError) as stale:
        await late
    assert stale.value.code == "hint_stale" and live.hinted == set()
