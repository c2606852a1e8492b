"""The ``legal_moves`` socket message (the list, or a game's compact product when asked),
and the same moves sent unasked to the seat to act with its view."""

from __future__ import annotations

from typing import Any

from app.games.compact import expand_compact as expand
from tests.api.tables import sockets_for, table


def canonical(moves: list[dict[str, Any]]) -> list[tuple[tuple[str, Any], ...]]:
    return [tuple(sorted(move.items())) for move in moves]


async def test_akropolis_answers_the_compact_form_equal_to_the_list(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    room = await table([ana, bob], game="akropolis")
    socks = await sockets_for([ana, bob], room["id"])
    mover = socks[socks[0].view["to_act"][0]]
    await mover.send({"type": "legal_moves"})
    listed = (await mover.receive_until("legal_moves"))["moves"]
    await mover.send({"type": "legal_moves", "compact": True})
    answer = await mover.receive_until("legal_moves")
    assert "moves" not in answer and answer["version"] == mover.version
    assert canonical(expand(answer["compact"])) == canonical(listed) and listed
    # A seat not to act gets an empty product, like the empty list.
    other = socks[1 - socks[0].view["to_act"][0]]
    await other.send({"type": "legal_moves", "compact": True})
    assert expand((await other.receive_until("legal_moves"))["compact"]) == []


async def test_a_game_without_the_hook_answers_the_list(players: Any) -> None:
    ana, bob = await players("Ana"), await players("Bob")
    room = await table([ana, bob], options={"target": 5})
    socks = await sockets_for([ana, bob], room["id"])
    await socks[0].send({"type": "legal_moves", "compact": True})
    answer = await socks[0].receive_until("legal_moves")
    assert "compact" not in answer and answer["moves"]


async def test_akropolis_sends_the_seat_to_act_its_moves_with_its_view(players: Any) -> None:
    """The snapshot and every patch that make a seat the one to act carry its compact
    moves for that version (equal to the asked ones); nobody else's message does."""
    ana, bob, eve = await players("Ana"), await players("Bob"), await players("Eve")
    room = await table([ana, bob], game="akropolis")
    socks = await sockets_for([ana, bob], room["id"])
    (watcher,) = await sockets_for([eve], room["id"])
    for sock in (*socks, watcher):
        snapshot = next(m for m in sock.messages if m["type"] == "snapshot")
        acting = sock in socks and socks.index(sock) in snapshot["view"]["to_act"]
        assert ("legal_moves" in snapshot) == acting
    for number in range(6):
        seat = socks[0].view["to_act"][0]
        mover = socks[seat]
        pushed = next(m for m in reversed(mover.messages) if m["type"] in ("snapshot", "patch"))[
            "legal_moves"
        ]
        assert pushed["version"] == mover.version
        await mover.send({"type": "legal_moves", "compact": True})
        asked = await mover.receive_until("legal_moves")
        assert pushed["compact"] == asked["compact"] and asked["version"] == pushed["version"]
        moves = expand(pushed["compact"])
        await mover.send({"type": "move", "id": f"m{number}", "move": moves[0]})
        version = (await mover.receive_until("ack", id=f"m{number}"))["version"]
        for sock in (*socks, watcher):
            await sock.wait_version(version)
            patch = next(
                m for m in reversed(sock.messages)
                if m["type"] == "patch" and m["version"] == version
            )  # fmt: skip
            acting = sock in socks and socks.index(sock) in sock.view["to_act"]
            assert ("legal_moves" in patch) == acting, (number, socks.index(sock))


async def test_other_games_send_the_seat_to_act_its_list_with_its_view(players: Any) -> None:
    """Without a compact form the pushed moves are the list, equal to the asked one."""
    ana, bob, eve = await players("Ana"), await players("Bob"), await players("Eve")
    room = await table([ana, bob], options={"target": 5})
    socks = await sockets_for([ana, bob], room["id"])
    (watcher,) = await sockets_for([eve], room["id"])
    for number in range(4):
        seat = socks[0].view["to_act"][0]
        mover, other = socks[seat], socks[1 - seat]
        latest = next(m for m in reversed(mover.messages) if m["type"] in ("snapshot", "patch"))
        pushed = latest["legal_moves"]
        await mover.send({"type": "legal_moves"})
        asked = await mover.receive_until("legal_moves")
        assert pushed == {"version": mover.version, "moves": asked["moves"]} and asked["moves"]
        await mover.send({"type": "move", "id": f"m{number}", "move": pushed["moves"][0]})
        version = (await mover.receive_until("ack", id=f"m{number}"))["version"]
        for sock in (other, watcher):
            await sock.wait_version(version)
    assert not any("legal_moves" in m for m in watcher.messages)
