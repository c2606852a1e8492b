"""Attika invariants, checked on every state of the fuzzed games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.games.attika.components import (
    AMPHORAE,
    BUILDS_PER_TURN,
    CARDS_PER_TYPE,
    COUNT,
    DRAWS_PER_TURN,
    GROUP_OF,
    GROUPS,
    PIECES,
    TYPES,
)
from app.games.attika.geometry import Topology, piece_cells, topology
from app.games.attika.links import group_outcome
from app.games.attika.position import BUILDING_BITS, SEAT_SHIFT


def check_invariants(state: dict[str, Any]) -> None:
    seats = state["seats"]
    players = state["players"]
    turn = state["turn"]
    # Cards: hands + deck + discard are the 60 cards, never negative.
    total = [0] * len(TYPES)
    for player in players:
        assert all(n >= 0 for n in player["hand"])
        total = [t + n for t, n in zip(total, player["hand"], strict=True)]
    for code in state["deck"]:
        total[code] += 1
    assert all(n >= 0 for n in state["discard"])
    total = [t + n for t, n in zip(total, state["discard"], strict=True)]
    assert total == [CARDS_PER_TYPE] * len(TYPES), total
    # Pieces: placed + deck + the one being placed are the 22, each once; no overlap.
    placed = [p[0] for p in state["pieces"]]
    owed = [turn["piece"]] if turn["piece"] is not None else []
    assert sorted(placed + state["piece_deck"] + owed) == list(range(len(PIECES)))
    cells = [
        (q, r) for p, pq, pr, rot in state["pieces"] for q, r, _ in piece_cells(p, pq, pr, rot)
    ]
    assert len(set(cells)) == len(cells)
    shrines = {(q, r) for q, r in state["shrines"]}
    assert not shrines & set(cells)
    assert len(state["occ"]) == len(cells)
    # Buildings: each player's 30 are in exactly one of stacks / reserve / pending / map.
    topo = topology(state["pieces"], state["shrines"])
    for seat, player in enumerate(players):
        where: Counter[int] = Counter()
        for stack in player["stacks"]:
            where.update(stack)
        where.update(player["reserve"])
        if turn["pending"] is not None and turn["seat"] == seat:
            where[turn["pending"]] += 1
        on_map = [c & BUILDING_BITS for c in state["occ"] if c >= 0 and c >> SEAT_SHIFT == seat]
        where.update(on_map)
        assert sorted(where.elements()) == list(range(COUNT)), (seat, where)
        assert player["amphorae"] >= 0
        assert len(set(player["earned"])) == len(player["earned"])
        for group in player["earned"]:
            assert group_outcome(topo, state["occ"], seat, group) is True
        for group in range(len(GROUPS)):
            if group_outcome(topo, state["occ"], seat, group) and group not in player["earned"]:
                raise AssertionError(f"seat {seat} completed group {group} without its amphora")
        if len(on_map) == COUNT:
            assert state["winner"] == seat
    # Amphorae: supply + held = 15.
    assert state["amphorae"] + sum(p["amphorae"] for p in players) == AMPHORAE
    assert 0 <= state["amphorae"] <= AMPHORAE
    # The turn.
    if turn["phase"] == "over":
        assert state["victory"] in ("all_built", "shrines", "stalemate")
        assert (state["winner"] is None) == (state["victory"] == "stalemate")
    else:
        assert state["winner"] is None and state["victory"] is None
        assert 0 <= turn["seat"] < seats
        assert turn["phase"] in ("actions", "amphora")
        assert not (turn["pending"] is not None and turn["piece"] is not None)
        if turn["phase"] == "actions":
            if turn["option"] is None:
                assert turn["used"] == 0
            else:
                limit = DRAWS_PER_TURN if turn["option"] == "draw" else BUILDS_PER_TURN
                assert 1 <= turn["used"] <= limit
                resolving = turn["pending"] is not None or turn["piece"] is not None
                assert turn["used"] < limit or resolving
        else:
            assert turn["option"] is None and turn["used"] == 0
            busy_left = turn["pending"] is not None or turn["piece"] is not None
            assert players[turn["seat"]]["amphorae"] > 0 or busy_left
        assert 0 <= state["idle"] < seats
    # No colony links two shrines unless its owner has won.
    seen: set[int] = set()
    for land, code in enumerate(state["occ"]):
        if code >= 0 and land not in seen and (code >> SEAT_SHIFT) != state["winner"]:
            seat = code >> SEAT_SHIFT
            colony = own_colony(topo, state["occ"], seat, land)
            seen |= colony
            touched = 0
            for i in colony:
                touched |= topo.shrine_bits[i]
            assert touched.bit_count() < 2
    assert all(0 <= GROUP_OF[c & BUILDING_BITS] < len(GROUPS) for c in state["occ"] if c >= 0)


def own_colony(topo: Topology, occ: list[int], seat: int, start: int) -> set[int]:
    colony = {start}
    frontier = [start]
    while frontier:
        for n in topo.nbr[frontier.pop()]:
            if n not in colony and occ[n] >= 0 and occ[n] >> SEAT_SHIFT == seat:
                colony.add(n)
                frontier.append(n)
    return colony
