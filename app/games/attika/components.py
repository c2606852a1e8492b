"""Attika components, loaded once from ``components.json`` (a copy of the shared data kept in
this package): buildings, groups, map pieces, start layouts and every number of the game.

Nothing here is hard-coded: costs, chains, piece symbols, start anchors, shrine spots, card
counts, start cards, amphorae and action counts all come from the data file. The hot paths
work on small integers: a *type code* 0..3 (the order of ``resource_types``), a *building
index* 0..29 (the order of ``buildings``) and a *piece index* 0..21.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads(Path(__file__).with_name("components.json").read_text("utf-8"))

#: resource / landscape types, in data order; a type code is an index into this tuple
TYPES: tuple[str, ...] = tuple(_DATA["resource_types"]["value"])
TYPE_CODE: dict[str, int] = {name: code for code, name in enumerate(TYPES)}
CARDS_PER_TYPE: int = int(_DATA["resource_cards"]["per_type"])
START_CARDS: tuple[int, ...] = tuple(int(n) for n in _DATA["start_cards_by_seat"]["value"])
AMPHORAE: int = int(_DATA["amphorae"]["total"])
CITY_STATES: tuple[str, ...] = tuple(_DATA["city_states"]["value"])

_ACTIONS = _DATA["actions"]
DRAWS_PER_TURN: int = int(_ACTIONS["draw_actions_per_turn"])
BUILDS_PER_TURN: int = int(_ACTIONS["build_actions_per_turn"])
CARDS_PER_UNUSED: int = int(_ACTIONS["cards_per_unused_action"])
CARDS_IF_NO_ACTION: int = int(_ACTIONS["cards_if_no_action"])
SURCHARGE_PER_COLONY: int = int(_ACTIONS["new_colony_surcharge_per_existing_colony"])

_STACKS = _DATA["stacks"]
MAIN_STACK_SIZE: int = int(_STACKS["main_stack_size"])
OTHER_STACKS: int = int(_STACKS["other_stacks"])
OTHER_STACK_SIZE: int = int(_STACKS["other_stack_size"])
STACKS: int = 1 + OTHER_STACKS


@dataclass(frozen=True)
class Building:
    """One of a player's 30 buildings (every player has the identical set)."""

    index: int
    id: str
    name: str
    group: str
    is_main: bool
    #: building index of the predecessor; None for main buildings and roads
    predecessor: int | None
    is_road: bool
    #: specific cost per type code
    cost: tuple[int, ...]
    cost_any: int


@dataclass(frozen=True)
class Group:
    index: int
    id: str
    name: str
    size: int
    main: str | None
    #: building indices of the group, data order
    members: tuple[int, ...]


def _buildings() -> tuple[Building, ...]:
    raw = _DATA["buildings"]
    ids = [str(b["id"]) for b in raw]
    out = []
    for index, b in enumerate(raw):
        pred = b["predecessor"]
        is_road = pred == "any_own_road"
        out.append(
            Building(
                index=index,
                id=str(b["id"]),
                name=str(b["name"]),
                group=str(b["group"]),
                is_main=bool(b["is_main"]),
                predecessor=None if pred is None or is_road else ids.index(str(pred)),
                is_road=is_road,
                cost=tuple(int(b["cost"][t]) for t in TYPES),
                cost_any=int(b["cost_any"]),
            )
        )
    return tuple(out)


BUILDINGS: tuple[Building, ...] = _buildings()
COUNT: int = len(BUILDINGS)
BUILDING_INDEX: dict[str, int] = {b.id: b.index for b in BUILDINGS}
MAIN_BUILDINGS: tuple[int, ...] = tuple(b.index for b in BUILDINGS if b.is_main)
OTHER_BUILDINGS: tuple[int, ...] = tuple(b.index for b in BUILDINGS if not b.is_main)
assert len(MAIN_BUILDINGS) == MAIN_STACK_SIZE
assert len(OTHER_BUILDINGS) == OTHER_STACKS * OTHER_STACK_SIZE

GROUPS: tuple[Group, ...] = tuple(
    Group(
        index=gi,
        id=str(g["id"]),
        name=str(g["name"]),
        size=int(g["size"]),
        main=g["main_building"],
        members=tuple(b.index for b in BUILDINGS if b.group == g["id"]),
    )
    for gi, g in enumerate(_DATA["groups"])
)
GROUP_OF: tuple[int, ...] = tuple(
    next(g.index for g in GROUPS if g.id == b.group) for b in BUILDINGS
)
assert all(len(g.members) == g.size for g in GROUPS)

#: bit mask (over building indices) of the buildings whose presence next to a hex makes
#: building ``b`` free there: its predecessor, or any road for a road; 0 for main buildings
FREE_MASK: tuple[int, ...] = tuple(
    sum(1 << r.index for r in BUILDINGS if r.is_road)
    if b.is_road
    else (1 << b.predecessor if b.predecessor is not None else 0)
    for b in BUILDINGS
)


def _canonical() -> tuple[int, ...]:
    """Identical buildings (the two Towers, the three Ships, the four Roads) play alike:
    each building's *canonical* index is the first building with the same name, group,
    predecessor and cost."""
    out = []
    for b in BUILDINGS:
        twin = next(
            o
            for o in BUILDINGS
            if (o.name, o.group, o.predecessor, o.is_road, o.cost, o.cost_any)
            == (b.name, b.group, b.predecessor, b.is_road, b.cost, b.cost_any)
        )
        out.append(twin.index)
    return tuple(out)


CANONICAL: tuple[int, ...] = _canonical()
#: per building, the first building with the same cost (specific, any, road or not): the
#: map part of a cost depends on nothing else
SAME_COST: tuple[int, ...] = tuple(
    next(
        o.index
        for o in BUILDINGS
        if (o.cost, o.cost_any, o.is_road) == (b.cost, b.cost_any, b.is_road)
    )
    for b in BUILDINGS
)


@dataclass(frozen=True)
class Piece:
    index: int
    id: str
    #: (local q, local r, type code or -1 for blank), in the data's fixed local order
    hexes: tuple[tuple[int, int, int], ...]


def _symbol_code(symbol: Any) -> int:
    return -1 if symbol is None else TYPE_CODE[str(symbol)]


PIECES: tuple[Piece, ...] = tuple(
    Piece(
        index=pi,
        id=str(p["id"]),
        hexes=tuple((int(h["q"]), int(h["r"]), _symbol_code(h["symbol"])) for h in p["hexes"]),
    )
    for pi, p in enumerate(_DATA["map_pieces"]["pieces"])
)
PIECE_INDEX: dict[str, int] = {p.id: p.index for p in PIECES}
NEIGHBOURS: tuple[tuple[int, int], ...] = tuple(
    (int(dq), int(dr)) for dq, dr in _DATA["coordinates"]["neighbour_offsets"]
)


@dataclass(frozen=True)
class Layout:
    """The start layout for one player count (spec §2.4)."""

    anchors: tuple[tuple[int, int], ...]
    #: (shrine id, q, r)
    shrines: tuple[tuple[str, int, int], ...]


LAYOUTS: dict[int, Layout] = {
    int(n): Layout(
        anchors=tuple((int(a[0]), int(a[1])) for a in layout["piece_anchors"]),
        shrines=tuple((str(s["id"]), int(s["q"]), int(s["r"])) for s in layout["shrines"]),
    )
    for n, layout in _DATA["setup_by_player_count"].items()
}


def catalog() -> dict[str, Any]:
    """The static building and group data as shown to the browser (view ``catalog``)."""
    return {
        "types": list(TYPES),
        "buildings": [
            {
                "id": b.id,
                "name": b.name,
                "group": b.group,
                "main": b.is_main,
                "road": b.is_road,
                "predecessor": None if b.predecessor is None else BUILDINGS[b.predecessor].id,
                "cost": dict(zip(TYPES, b.cost, strict=True)),
                "cost_any": b.cost_any,
            }
            for b in BUILDINGS
        ],
        "groups": [{"id": g.id, "name": g.name, "size": g.size, "main": g.main} for g in GROUPS],
        "city_states": list(CITY_STATES),
    }
