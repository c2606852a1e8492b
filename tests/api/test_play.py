"""A full game over real sockets, on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import play_race_to_the_end


async def make_room(
    host: Any, *, seats: int = 2, private: bool = False, target: int = 10
) -> dict[str, Any]:
    response = await host.http.post(
        "/api/rooms",
        json={"game": "race", "seats": seats, "options": {"target": target}, "private": private},
    )
    assert response.status_code == 201, response.text
    return response.json()


async def started_room(players: Any, **kwargs: Any) -> tuple[Any, Any, dict[str, Any]]:
    alice, bob = await players("Alice"), await players("Bob")
    room = await make_room(alice, **kwargs)
    joined = await bob.http.post(
        f"/api/rooms/{room['id']}/join", json={"invite_code": room["invite_code"]}
    )
    assert joined.status_code == 200, joined.text
    started = await alice.http.post(f"/api/rooms/{room['id']}/start")
    assert started.status_code == 200, started.text
    return alice, bob, started.json()


async def test_full_game_over_sockets_then_verify(players: Any) -> None:
    alice, bob, room = await started_room(players, target=7)
    assert room["status"] == "playing" and len(room["seed_hash"]) == 64 and room["seed"] is None
    sockets = [await alice.socket(room["id"]), await bob.socket(room["id"])]
    for sock in sockets:
        await sock.receive_until("snapshot")
    watcher = await (await players("Carol")).socket(room["id"])
    await watcher.receive_until("snapshot")
    assert "my_token" not in watcher.view["game"]

    move_number = 0
    while sockets[0].view["result"] is None:
        seat = sockets[0].view["to_act"][0]
        mover = sockets[seat]
        await mover.send({"type": "legal_moves"})
        legal = await mover.receive_until("legal_moves")
        move_number += 1
        await mover.send(
            {
                "type": "move",
                "id": f"m{move_number}",
                "move": legal["moves"][0],
                "version": mover.version,
            }
        )
        ack = await mover.receive_until("ack", id=f"m{move_number}")
        for sock in (*sockets, watcher):
            await sock.wait_version(ack["version"])
    final_version = sockets[0].version
    for sock in (*sockets, watcher):
        assert sock.seen_versions == list(range(2, final_version + 1))
    assert sockets[0].view["result"]["ranking"][0] in ([0], [1])
    assert watcher.view["game"]["tokens"]  # revealed at the end

    summary = (await alice.http.get(f"/api/rooms/{room['id']}")).json()
    assert summary["status"] == "finished" and summary["seed"]
    verified = (await alice.http.get(f"/api/rooms/{room['id']}/verify")).json()
    assert verified == {
        "room": room["id"],
        "seed": summary["seed"],
        "seed_hash": room["seed_hash"],
        "seed_matches_hash": True,
        "moves": final_version - 1,
        "verified": True,
    }
    log = (await bob.http.get(f"/api/rooms/{room['id']}/log")).json()
    assert [entry["seq"] for entry in log["moves"]] == list(range(1, final_version))
    replay = (await bob.http.get(f"/api/rooms/{room['id']}/replay")).json()
    assert len(replay["frames"]) == final_version
    assert replay["frames"][-1]["result"] == sockets[0].view["result"]


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", "malformed_message"),
        ('["a list"]', "malformed_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "move"}', "malformed_message"),
        ('{"type": "move", "id": "x", "move": {"add": 5}}', "malformed_move"),
        ('{"type": "move", "id": "y", "move": {"add": 1}, "version": 99}', "stale_version"),
    ],
)
async def test_bad_messages_get_a_code_and_the_game_goes_on(
    players: Any, message: str, code: str
) -> None:
    alice, bob, room = await started_room(players)
    sock = await alice.socket(room["id"])
    other = await bob.socket(room["id"])
    await sock.receive_until("snapshot")
    await other.receive_until("snapshot")
    await sock.ws.send(message)
    error = await sock.receive_until("error")
    assert error["code"] == code and error["message"]
    await sock.send({"type": "move", "id": "ok", "move": {"add": 1}})
    assert (await sock.receive_until("ack", id="ok"))["version"] == 2
    await other.wait_version(2)


async def test_wrong_turn_and_oversized_and_spectator_moves_are_refused(players: Any) -> None:
    alice, bob, room = await started_room(players)
    bob_sock = await bob.socket(room["id"])
    await bob_sock.receive_until("snapshot")
    await bob_sock.send({"type": "move", "id": 1, "move": {"add": 1}})
    assert (await bob_sock.receive_until("error"))["code"] == "not_your_turn"
    await bob_sock.ws.send('{"type":"chat","text":"' + "x" * 20_000 + '"}')
    assert (await bob_sock.receive_until("error"))["code"] == "message_too_large"
    carol = await players("Carol")
    watcher = await carol.socket(room["id"])
    await watcher.receive_until("snapshot")
    await watcher.send({"type": "move", "id": 1, "move": {"add": 1}})
    assert (await watcher.receive_until("error"))["code"] == "not_a_member"


async def test_repeated_move_id_returns_the_first_answer(players: Any) -> None:
    alice, _bob, room = await started_room(players)
    sock = await alice.socket(room["id"])
    await sock.receive_until("snapshot")
    await sock.send({"type": "move", "id": "same", "move": {"add": 1}})
    first = await sock.receive_until("ack", id="same")
    await sock.send({"type": "move", "id": "same", "move": {"add": 1}})
    again = await sock.receive_until("ack", id="same")
    assert first["version"] == again["version"] == 2
    log = (await alice.http.get(f"/api/rooms/{room['id']}/log")).json()
    assert len(log["moves"]) == 1


async def test_reconnect_gets_a_snapshot_with_the_moves_missed(players: Any) -> None:
    alice, bob, room = await started_room(players)
    alice_sock = await alice.socket(room["id"])
    await alice_sock.receive_until("snapshot")
    bob_sock = await bob.socket(room["id"])
    await bob_sock.receive_until("snapshot")
    await bob_sock.close()
    await alice_sock.send({"type": "move", "id": 1, "move": {"add": 2}})
    await alice_sock.receive_until("ack")
    bob_again = await bob.socket(room["id"])
    snapshot = await bob_again.receive_until("snapshot")
    assert snapshot["version"] == 2 and snapshot["view"]["game"]["counter"] == 2
    assert snapshot["seat"] == 1


async def test_chat_is_stored_and_broadcast(players: Any) -> None:
    alice, bob, room = await started_room(players)
    a, b = await alice.socket(room["id"]), await bob.socket(room["id"])
    await a.receive_until("snapshot")
    await b.receive_until("snapshot")
    await a.send({"type": "chat", "text": "  hello   there "})
    assert (await b.receive_until("chat"))["text"] == "hello there"
    history = (await bob.http.get(f"/api/rooms/{room['id']}/chat")).json()
    assert history[-1]["text"] == "hello there" and history[-1]["name"] == "Alice"
    await a.send({"type": "chat", "text": "y" * 501})
    assert (await a.receive_until("error"))["code"] == "message_too_long"


async def test_a_new_socket_gets_the_chat_so_far_oldest_first(players: Any) -> None:
    alice, bob, room = await started_room(players)
    a = await alice.socket(room["id"])
    await a.receive_until("snapshot")
    for text in ("one", "two", "three"):
        await a.send({"type": "chat", "text": text})
        await a.receive_until("chat", text=text)
    late = await bob.socket(room["id"])
    await late.receive_until("snapshot")
    replayed = [await late.receive_until("chat") for _ in range(3)]
    assert [m["text"] for m in replayed] == ["one", "two", "three"]
    assert replayed[0]["id"] < replayed[1]["id"] < replayed[2]["id"]
    first = replayed[0]
    assert (first["name"], first["user_id"], first["system"], first["deleted"]) == (
        "Alice", alice.user["id"], False, False,
    )  # fmt: skip
    assert first["at"][:4].isdigit()  # an ISO timestamp


async def test_bot_seat_plays_its_turns(players: Any) -> None:
    alice = await players("Alice")
    room = await make_room(alice, target=12)
    bot = await alice.http.post(f"/api/rooms/{room['id']}/bots", json={"bot": "random"})
    assert bot.status_code == 200 and bot.json()["seats"][1]["kind"] == "bot"
    await alice.http.post(f"/api/rooms/{room['id']}/start")
    sock = await alice.socket(room["id"])
    await sock.receive_until("snapshot")
    await play_race_to_the_end({0: sock})
    assert sock.view["game"]["counter"] == 12


async def test_a_spectator_arriving_mid_game_gets_patches_that_fit(players: Any) -> None:
    """No spectator view is made while nobody watches; one who arrives still gets
    patches that apply to its snapshot."""
    alice, bob, room = await started_room(players, target=20)
    sockets = [await alice.socket(room["id"]), await bob.socket(room["id"])]
    for sock in sockets:
        await sock.receive_until("snapshot")

    async def play(number: int) -> int:
        mover = sockets[sockets[0].view["to_act"][0]]
        await mover.send({"type": "move", "id": f"m{number}", "move": {"add": 1}})
        version = int((await mover.receive_until("ack", id=f"m{number}"))["version"])
        for sock in sockets:
            await sock.wait_version(version)
        return version

    for number in range(3):
        await play(number)
    carol = await players("Carol")
    watcher = await carol.socket(room["id"])
    await watcher.receive_until("snapshot")
    for number in range(3, 6):
        version = await play(number)
        await watcher.wait_version(version)
    fresh = await carol.socket(room["id"])
    await fresh.receive_until("snapshot")
    assert fresh.version == watcher.version and fresh.view == watcher.view
