"""The ``legal_moves`` socket message: the list, or a game's compact product when asked."""

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
