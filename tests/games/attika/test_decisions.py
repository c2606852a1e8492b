"""Spec decisions not covered elsewhere: D8 (shrines never join colonies), D9 (a group's own
buildings must touch each other), D17/D24 (no hand or reserve limit), D19 (building far from
one's own buildings is allowed)."""

from __future__ import annotations

import copy

from app.games import attika
from app.games.attika.components import BUILDING_INDEX, GROUP_OF
from app.games.attika.costs import build_cost
from app.games.attika.geometry import neighbours, topology
from tests.games.attika.helpers import (
    bld,
    empty_cells,
    land,
    moves_of,
    new_state,
    put,
    seat_to_act,
    set_hand,
    to_reserve,
)


def test_d8_a_shrine_between_two_buildings_does_not_join_them() -> None:
    board = [h for h in land() if (h["q"], h["r"]) != (0, 0)]  # (0, 0) is a shrine
    around = [bld(1, 0, 0, "well"), bld(-1, 0, 0, "quarry")]
    assert build_cost(board, around, 0, "agora", {"q": 3, "r": -3})["due_any"] == 2


def test_d9_a_group_joined_only_through_another_building_earns_nothing() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat, water=5, forest=5, hill=5, mountain=5)
    topo = topology(state["pieces"], state["shrines"])
    free = set(empty_cells(state))
    # three empty hexes in a line a - b - c with a and c not adjacent
    line = None
    for a in free:
        for b in neighbours(*a):
            c = (2 * b[0] - a[0], 2 * b[1] - a[1])
            if b in free and c in free:
                line = (a, b, c)
                break
        if line:
            break
    assert line is not None and line[2] not in neighbours(*line[0])
    a, b, c = line
    state = put(state, seat, "vineyard", a)
    state = put(state, seat, "road_1", b)
    state = to_reserve(state, seat, "vintner")
    move = next(
        m for m in moves_of(state, "build") if m["building"] == "vintner" and (m["q"], m["r"]) == c
    )
    after = attika.apply(state, seat, move)
    assert after["players"][seat]["amphorae"] == 0
    assert GROUP_OF[BUILDING_INDEX["vintner"]] not in after["players"][seat]["earned"]
    assert topo.index[a] != topo.index[c]


def test_d17_no_hand_limit() -> None:
    state = new_state()
    for _ in range(12):  # everybody ends at once: 3 cards a turn, never discarded
        state = attika.apply(state, seat_to_act(state), {"type": "end_actions"})
    hands = [sum(p["hand"]) for p in state["players"]]
    assert max(hands) >= 20 and sum(hands) + len(state["deck"]) + sum(state["discard"]) == 60


def test_d24_no_reserve_limit() -> None:
    state = new_state()
    seat = seat_to_act(state)
    for _ in range(8):
        while seat_to_act(state) != seat:
            state = attika.apply(state, seat_to_act(state), {"type": "end_actions"})
        for _ in range(2):
            stack = next(i for i, s in enumerate(state["players"][seat]["stacks"]) if s)
            state = attika.apply(state, seat, {"type": "draw", "stack": stack})
            state = attika.apply(state, seat, {"type": "reserve_pending"})
            if state["turn"]["piece"] is not None:
                place = moves_of(state, "place_piece")[0]
                state = attika.apply(state, seat, place)
    assert len(state["players"][seat]["reserve"]) == 4 + 16


def test_d19_building_far_away_is_allowed() -> None:
    state = new_state()
    seat = seat_to_act(state)
    state = set_hand(state, seat, water=6, forest=6, hill=6, mountain=6)
    cell = empty_cells(state)[0]
    state = put(state, seat, "well", cell)
    far = [
        m
        for m in moves_of(state, "build")
        if max(abs(m["q"] - cell[0]), abs(m["r"] - cell[1]), abs(m["q"] + m["r"] - sum(cell))) > 1
    ]
    assert far and all(m["cost"]["founds_new_colony"] for m in far)
    assert all(m["cost"]["due_any"] >= 1 for m in far if not m["cost"]["free"])
    before = copy.deepcopy(state)
    attika.apply(state, seat, far[0])
    assert state == before
