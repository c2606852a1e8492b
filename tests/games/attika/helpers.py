"""Builders shared by the Attika tests: hand-built boards for the public cost functions,
and small surgeries on real states (placing buildings, dealing cards) that keep every
card and building accounted for."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from app.games import attika
from app.games.attika.components import BUILDING_INDEX, TYPE_CODE, TYPES
from app.games.attika.geometry import neighbours, topology
from app.games.attika.position import SEAT_SHIFT

State = dict[str, Any]


def disc(radius: int, centre: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    cq, cr = centre
    return [
        (cq + q, cr + r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


def land(
    symbols: Mapping[tuple[int, int], str | None] | None = None, radius: int = 4
) -> list[dict[str, Any]]:
    """A blank disc of land with the given symbols."""
    symbols = symbols or {}
    cells = set(disc(radius)) | set(symbols)
    return [{"q": q, "r": r, "symbol": symbols.get((q, r))} for q, r in sorted(cells)]


def bld(q: int, r: int, player: int, building: str) -> dict[str, Any]:
    return {"q": q, "r": r, "player": player, "building": building}


# ---- real states ----------------------------------------------------------------------


def new_state(seats: int = 2, seed: int = 0) -> State:
    return attika.setup(seats, {}, seed)


def cells_of(state: State) -> list[tuple[int, int]]:
    return list(topology(state["pieces"], state["shrines"]).cells)


def symbol_at(state: State, cell: tuple[int, int]) -> str | None:
    topo = topology(state["pieces"], state["shrines"])
    code = topo.sym[topo.index[cell]]
    return None if code < 0 else TYPES[code]


def empty_cells(state: State) -> list[tuple[int, int]]:
    topo = topology(state["pieces"], state["shrines"])
    return [cell for cell, c in zip(topo.cells, state["occ"], strict=True) if c < 0]


def quiet_cells(state: State) -> list[tuple[int, int]]:
    """Empty land hexes with no symbol on them or on any land neighbour."""
    topo = topology(state["pieces"], state["shrines"])
    out = []
    for cell in empty_cells(state):
        around = [cell, *neighbours(*cell)]
        if all(n not in topo.index or topo.sym[topo.index[n]] < 0 for n in around):
            out.append(cell)
    return out


def put(state: State, seat: int, building: str, cell: tuple[int, int]) -> State:
    """A copy with ``seat``'s ``building`` taken from wherever it is (stack or reserve)
    and standing on ``cell``."""
    new = copy.deepcopy(state)
    index = BUILDING_INDEX[building]
    player = new["players"][seat]
    if index in player["reserve"]:
        player["reserve"].remove(index)
    else:
        stack = next(s for s in player["stacks"] if index in s)
        stack.remove(index)
    topo = topology(new["pieces"], new["shrines"])
    land = topo.index[cell]
    assert new["occ"][land] < 0, f"{cell} is occupied"
    new["occ"][land] = seat << SEAT_SHIFT | index
    return new


def to_reserve(state: State, seat: int, building: str) -> State:
    """A copy with ``building`` moved from its stack into the reserve (if not there)."""
    new = copy.deepcopy(state)
    index = BUILDING_INDEX[building]
    player = new["players"][seat]
    if index not in player["reserve"]:
        stack = next(s for s in player["stacks"] if index in s)
        stack.remove(index)
        player["reserve"].append(index)
    return new


def set_hand(state: State, seat: int, **cards: int) -> State:
    """A copy where ``seat`` holds exactly ``cards``; the difference goes to / comes from
    the deck (then the discard pile), so every card stays accounted for."""
    new = copy.deepcopy(state)
    hand = new["players"][seat]["hand"]
    for name in TYPES:
        code = TYPE_CODE[name]
        want = cards.get(name, 0)
        while hand[code] > want:
            hand[code] -= 1
            new["deck"].insert(0, code)
        while hand[code] < want:
            if code in new["deck"]:
                new["deck"].remove(code)
            elif new["discard"][code]:
                new["discard"][code] -= 1
            else:
                other = next(
                    s for s, p in enumerate(new["players"]) if s != seat and p["hand"][code]
                )
                new["players"][other]["hand"][code] -= 1
            hand[code] += 1
    return new


def with_turn(state: State, **fields: Any) -> State:
    new = copy.deepcopy(state)
    new["turn"].update(fields)
    return new


def seat_to_act(state: State) -> int:
    (seat,) = attika.to_act(state)
    return seat


def moves_of(state: State, kind: str) -> list[dict[str, Any]]:
    return [m for m in attika.legal_moves(state, seat_to_act(state)) if m["type"] == kind]
