"""Safe undo over HTTP and sockets: casual at once, rated by agreement, refusals, replay."""

from __future__ import annotations

from typing import Any

from tests.api.tables import account, finish_race, move, race_target, sockets_for, table


async def test_casual_undo_is_immediate_and_the_replay_shows_it(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    room = await table([ana, bob], options={"target": race_target(1, 2)})
    rid = room["id"]
    a, b = await sockets_for([ana, bob], rid)
    version = await move(a, {"add": 2}, "m1")
    await b.wait_version(version)
    assert (await bob.http.post(f"/api/rooms/{rid}/undo")).json()["code"] == "not_your_last_move"
    # A reloaded page learns whose move is in force (to offer the undo button again).
    requests = (await ana.http.get(f"/api/rooms/{rid}/requests")).json()
    assert requests["last_move"] == {"seat": 0, "version": version, "undoable": True}
    undone = await ana.http.post(f"/api/rooms/{rid}/undo")
    assert undone.status_code == 200, undone.text
    assert undone.json() == {"status": "done", "version": version + 1}
    for sock in (a, b):
        await sock.wait_version(version + 1)
        assert sock.view["game"]["counter"] == 0 and sock.view["to_act"] == [0]
    # Nothing left to take back: the undo itself cannot be undone.
    again = await ana.http.post(f"/api/rooms/{rid}/undo")
    assert again.status_code == 409 and again.json()["code"] == "not_your_last_move"
    assert (await ana.http.get(f"/api/rooms/{rid}/requests")).json()["last_move"] is None
    log = (await bob.http.get(f"/api/rooms/{rid}/log")).json()["moves"]
    assert [(e["kind"], e["move"], e.get("undone", False)) for e in log] == [
        ("move", {"add": 2}, True),
        ("undo", {"undo": 1}, False),
    ]
    await finish_race([a, b], {0: a, 1: b})
    verified = (await ana.http.get(f"/api/rooms/{rid}/verify")).json()
    assert verified["verified"] is True and verified["moves"] == len(log) + race_target(1, 2)
    replay = (await ana.http.get(f"/api/rooms/{rid}/replay")).json()
    assert len(replay["frames"]) == verified["moves"] + 1
    assert (
        replay["frames"][1]["game"]["counter"] == 2 and replay["frames"][2]["game"]["counter"] == 0
    )
    assert replay["log"][1]["kind"] == "undo"


async def test_rated_undo_needs_the_opponents_agreement(players: Any) -> None:
    ana, bob = await account(players, "Ana"), await account(players, "Bob")
    room = await table([ana, bob], options={"target": 20, "rated": True})
    rid = room["id"]
    a, b = await sockets_for([ana, bob], rid)
    version = await move(a, {"add": 1}, "m1")
    asked = (await ana.http.post(f"/api/rooms/{rid}/undo")).json()
    assert asked["status"] == "pending" and asked["request"]["seat"] == 0
    told = await b.receive_until("request")
    assert told["request"]["kind"] == "undo" and told["request"]["status"] == "open"
    own = await ana.http.post(f"/api/rooms/{rid}/undo/accept")
    assert own.status_code == 409 and own.json()["code"] == "own_request"
    declined = (await bob.http.post(f"/api/rooms/{rid}/undo/decline")).json()
    assert declined["status"] == "declined" and declined["votes"] == {"1": False}
    assert (await ana.http.get(f"/api/rooms/{rid}")).json()["version"] == version

    assert (await ana.http.post(f"/api/rooms/{rid}/undo")).json()["status"] == "pending"
    accepted = (await bob.http.post(f"/api/rooms/{rid}/undo/accept")).json()
    assert accepted["status"] == "accepted"
    for sock in (a, b):
        await sock.wait_version(version + 1)
    assert b.view["game"]["counter"] == 0

    # A move made while a request is open voids it.
    version = await move(a, {"add": 1}, "m2")
    assert (await ana.http.post(f"/api/rooms/{rid}/undo")).json()["status"] == "pending"
    await b.wait_version(version)
    await move(b, {"add": 1}, "m3")
    late = (await bob.http.post(f"/api/rooms/{rid}/undo/accept")).json()
    assert late["status"] == "expired"
    none = await bob.http.post(f"/api/rooms/{rid}/undo/accept")
    assert none.status_code == 409 and none.json()["code"] == "no_request"
    requests = (await ana.http.get(f"/api/rooms/{rid}/requests")).json()
    assert requests["undo"]["status"] == "expired" and requests["rematch"] is None


async def test_a_secret_bet_cannot_be_taken_back(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    room = await table([ana, bob], game="agorapolis")
    rid = room["id"]
    a, b = await sockets_for([ana, bob], rid)
    assert a.view["game"]["phase"] == "INVEST_BET"
    sector = a.view["game"]["sector"]
    await move(a, {"type": "bet", "sector": sector, "dice": 2}, "bet")
    refused = await ana.http.post(f"/api/rooms/{rid}/undo")
    assert refused.status_code == 409 and refused.json()["code"] == "not_undoable"


async def test_undo_needs_a_seat_and_a_running_game(players: Any) -> None:
    ana, bob, eve = await players("Ana"), await players("Bob"), await players("Eve")
    room = await table([ana, bob], options={"target": 3})
    rid = room["id"]
    assert (await ana.http.post(f"/api/rooms/{rid}/undo")).json()["code"] == "not_your_last_move"
    outsider = await eve.http.post(f"/api/rooms/{rid}/undo")
    assert outsider.status_code == 403 and outsider.json()["code"] == "not_a_member"
    a, b = await sockets_for([ana, bob], rid)
    await finish_race([a, b], {0: a, 1: b})
    over = await ana.http.post(f"/api/rooms/{rid}/undo")
    assert over.status_code == 409 and over.json()["code"] == "game_not_running"


async def test_the_ack_and_the_requests_say_whether_a_move_can_be_taken_back(
    players: Any,
) -> None:
    """The browser offers the take-back only when the move's ack (or, after a reload,
    ``last_move``) says so: for every move of an Akropolis game they agree with what the
    server answers to the undo (taking a tile that refills the site is not undoable)."""
    ana, bob = await players("Ana"), await players("Bob")
    room = await table([ana, bob], game="akropolis")
    rid = room["id"]
    a, b = await sockets_for([ana, bob], rid)
    socks, people = {0: a, 1: b}, {0: ana, 1: bob}
    seen = {True: 0, False: 0}

    async def play(sock: Any, ident: str) -> dict[str, Any]:
        await sock.send({"type": "legal_moves"})
        moves = (await sock.receive_until("legal_moves"))["moves"]
        await sock.send({"type": "move", "id": ident, "move": moves[0], "version": sock.version})
        ack: dict[str, Any] = await sock.receive_until("ack", id=ident)
        for other in (a, b):
            await other.wait_version(ack["version"])
        return ack

    for turn in range(10):
        seat = a.view["to_act"][0]
        ack = await play(socks[seat], f"m{turn}")
        requests = (await people[seat].http.get(f"/api/rooms/{rid}/requests")).json()
        assert requests["last_move"] == {
            "seat": seat, "version": ack["version"], "undoable": ack["undoable"]
        }  # fmt: skip
        answer = await people[seat].http.post(f"/api/rooms/{rid}/undo")
        seen[ack["undoable"]] += 1
        if not ack["undoable"]:
            assert answer.status_code == 409 and answer.json()["code"] == "not_undoable"
            continue
        assert answer.status_code == 200, answer.text
        for other in (a, b):
            await other.wait_version(ack["version"] + 1)
        await play(socks[seat], f"m{turn}-again")
    assert seen[True] and seen[False], seen
