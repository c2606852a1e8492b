"""The component data is read from the package copy of components.json, never hard-coded."""

from __future__ import annotations

import json
from pathlib import Path

from app.games.attika import components as c
from app.games.attika.geometry import distance, neighbours, piece_cells

DATA = json.loads((Path(c.__file__).with_name("components.json")).read_text("utf-8"))
SHARED = Path("/work/shared/data/attika/components.json")


def test_package_copy_is_the_shared_data_when_available() -> None:
    if SHARED.exists():
        assert json.loads(SHARED.read_text("utf-8")) == DATA


def test_buildings_and_groups_follow_the_data() -> None:
    assert len(c.BUILDINGS) == 30 == len(DATA["buildings"])
    for b, raw in zip(c.BUILDINGS, DATA["buildings"], strict=True):
        assert b.id == raw["id"] and b.group == raw["group"] and b.is_main == raw["is_main"]
        assert b.cost == tuple(raw["cost"][t] for t in c.TYPES)
        assert b.cost_any == raw["cost_any"]
        pred = raw["predecessor"]
        if pred is None:
            assert b.predecessor is None and not b.is_road
        elif pred == "any_own_road":
            assert b.is_road and b.predecessor is None
        else:
            assert b.predecessor is not None
            assert c.BUILDINGS[b.predecessor].id == pred
    assert [g.id for g in c.GROUPS] == [g["id"] for g in DATA["groups"]]
    assert sum(g.size for g in c.GROUPS) == 30
    assert len(c.MAIN_BUILDINGS) == 6 and len(c.OTHER_BUILDINGS) == 24


def test_twins_are_the_towers_ships_and_roads() -> None:
    twins = {b.id for b in c.BUILDINGS if c.CANONICAL[b.index] != b.index}
    assert twins == {"tower_2", "ship_2", "ship_3", "road_2", "road_3", "road_4"}


def test_numbers_come_from_the_data() -> None:
    assert c.TYPES == tuple(DATA["resource_types"]["value"])
    assert c.CARDS_PER_TYPE == DATA["resource_cards"]["per_type"]
    assert c.START_CARDS == tuple(DATA["start_cards_by_seat"]["value"])
    assert c.AMPHORAE == DATA["amphorae"]["total"]
    assert (c.DRAWS_PER_TURN, c.BUILDS_PER_TURN) == (
        DATA["actions"]["draw_actions_per_turn"],
        DATA["actions"]["build_actions_per_turn"],
    )
    assert len(c.PIECES) == DATA["map_pieces"]["count"] == 22


def test_start_layouts_are_sound() -> None:
    """2n non-overlapping pieces forming one land mass; n shrines off the land, each on the
    rim touching land, far apart (D2)."""
    for seats, layout in c.LAYOUTS.items():
        assert len(layout.anchors) == 2 * seats and len(layout.shrines) == seats
        cells = [(q, r) for aq, ar in layout.anchors for q, r, _ in piece_cells(0, aq, ar, 0)]
        assert len(set(cells)) == len(cells)
        land = set(cells)
        todo, seen = [cells[0]], {cells[0]}
        while todo:
            for n in neighbours(*todo.pop()):
                if n in land and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == land
        spots = [(q, r) for _, q, r in layout.shrines]
        for spot in spots:
            assert spot not in land
            assert sum(n in land for n in neighbours(*spot)) >= 1
        assert min(distance(a, b) for a in spots for b in spots if a != b) >= 8
